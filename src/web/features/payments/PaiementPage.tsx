import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { mobileMoneyPhone } from '../../../domain/payments';
import { Code } from '../../components/Code';
import { errorId, FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { assignmentKeys, fetchMonAffectation } from '../assignment/api';
import { useMyRent } from '../rent/api';
import { nothingToPay } from '../rent/due';
import { fetchOperateurs, payer, paymentKeys } from './api';
import './payments.css';

type Field = 'idOperateur' | 'telephone' | 'montant';

/** The form's own checks, with the server's messages (it checks again). */
export function checkPaymentForm(v: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!v.idOperateur) errors.idOperateur = messages.champObligatoire;
  if (!v.telephone.trim()) errors.telephone = messages.champObligatoire;
  else if (!mobileMoneyPhone(v.telephone)) errors.telephone = messages.paiementTelephoneInvalide;
  const montant = Number(v.montant);
  if (!v.montant.trim()) errors.montant = messages.champObligatoire;
  else if (!/^\d+$/.test(v.montant.trim())) errors.montant = messages.valeurEntiere;
  else if (montant <= 0) errors.montant = messages.valeurStrictementPositive;
  return errors;
}

/**
 * /paiement (docs/payments.md#paying): the student pays its rent from its phone — its housing,
 * the operator (a native select: the list comes from `campus/paiement/operateurs`), the number to
 * debit, the amount (the `montant` Mon loyer proposes, else one month's rent). Sent, it opens the
 * follow page.
 */
export default function PaiementPage() {
  useDocumentTitle(messages.paiementTitre);
  const user = useUser();
  const ine = user?.username ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  // The amount Mon loyer proposes (what is late, or one month); else one month's rent.
  const proposed = useSearchParams()[0].get('montant');
  const mine = useQuery({
    queryKey: assignmentKeys.moi(ine),
    queryFn: ({ signal }) => fetchMonAffectation(signal),
    enabled: ine !== '',
    staleTime: 0,
  });
  const operators = useQuery({
    queryKey: paymentKeys.operateurs,
    queryFn: ({ signal }) => fetchOperateurs(signal),
  });
  const [values, setValues] = useState<Record<Field, string>>({
    idOperateur: '',
    telephone: '',
    montant: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const a = mine.data ?? null;
  // Nothing left to pay (paid in full, or overpaid): the reason instead of the form.
  const rent = useMyRent();
  const rentOfBed = a ? rent.data?.find((r) => r.idAffectation === a.idAffectation) : undefined;
  const noPayment = rentOfBed ? nothingToPay(rentOfBed) : null;

  useEffect(() => {
    if (a && !values.montant)
      setValues((v) => ({
        ...v,
        montant: proposed && /^\d+$/.test(proposed) ? proposed : String(a.montantChambre),
      }));
  }, [a, values.montant, proposed]);

  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkPaymentForm(values);
    setErrors(found);
    if (!a || Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      const answer = await payer({
        idAffectation: a.idAffectation,
        idOperateur: Number(values.idOperateur),
        telephone: values.telephone.trim(),
        montant: Number(values.montant),
      });
      navigate(paths.paiement.suiviDe(answer.referencePaiement));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors() as Partial<Record<Field, string>>);
      toast.failure(errorMessage(err));
      setBusy(false);
    }
  }

  if (mine.isError) return <LoadFailure error={mine.error} onRetry={() => void mine.refetch()} />;
  if (operators.isError)
    return <LoadFailure error={operators.error} onRetry={() => void operators.refetch()} />;
  if (rent.isError) return <LoadFailure error={rent.error} onRetry={() => void rent.refetch()} />;
  if (mine.isPending || operators.isPending || rent.isPending) return <Loading />;

  return (
    <section className="card narrow" data-testid="paiement">
      <h1>{messages.paiementTitre}</h1>
      {!a ? (
        <p>{messages.paiementAucuneAffectation}</p>
      ) : noPayment !== null ? (
        <>
          <p data-testid="rien-a-payer">{noPayment}</p>
          <Link className="p-button p-component p-button-outlined" to={paths.monLoyer}>
            <i className="pi pi-wallet" aria-hidden="true" />
            <span>{messages.monLoyerTitre}</span>
          </Link>
        </>
      ) : (
        <>
          <p>{messages.paiementIntro}</p>
          {operators.data.simulation && (
            <p className="payment-demo" data-testid="paiement-simulation">
              {messages.paiementSimulation}
            </p>
          )}
          <dl className="identity-card">
            <div>
              <dt>{messages.paiementLogement}</dt>
              <dd className="payment-detail">
                {a.nomCite}, <Code>{a.libelleChambre}</Code>, <Code>{a.libelleLit}</Code> (
                <Code>{a.anneeAcademique}</Code>)
              </dd>
            </div>
          </dl>
          <form onSubmit={submit} noValidate>
            <FormField
              id="idOperateur"
              label={messages.paiementOperateur}
              required
              error={errors.idOperateur}
            >
              <select
                id="idOperateur"
                className="p-inputtext p-component native-select"
                value={values.idOperateur}
                onChange={set('idOperateur')}
                aria-invalid={errors.idOperateur ? true : undefined}
                aria-describedby={errors.idOperateur ? errorId('idOperateur') : undefined}
              >
                <option value="">{messages.choisir}</option>
                {operators.data.operateurs.map((o) => (
                  <option key={o.idOperateur} value={o.idOperateur}>
                    {o.libelleOperateur}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              id="telephone"
              label={messages.paiementTelephone}
              required
              error={errors.telephone}
              hint={messages.paiementTelephoneAide}
            >
              <input
                id="telephone"
                className="p-inputtext p-component"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                value={values.telephone}
                onChange={set('telephone')}
                aria-invalid={errors.telephone ? true : undefined}
                aria-describedby={errors.telephone ? errorId('telephone') : 'telephone-aide'}
              />
            </FormField>
            <FormField id="montant" label={messages.paiementMontant} required error={errors.montant}>
              <input
                id="montant"
                className="p-inputtext p-component"
                inputMode="numeric"
                value={values.montant}
                onChange={set('montant')}
                aria-invalid={errors.montant ? true : undefined}
                aria-describedby={errors.montant ? errorId('montant') : undefined}
              />
            </FormField>
            <button type="submit" className="p-button p-component btn-block" disabled={busy}>
              <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-mobile'} aria-hidden="true" />
              <span>{busy ? messages.paiementEnvoi : messages.paiementPayer}</span>
            </button>
          </form>
        </>
      )}
    </section>
  );
}
