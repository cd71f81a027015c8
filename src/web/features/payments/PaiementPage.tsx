import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { Code } from '../../components/Code';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { assignmentKeys, fetchMonAffectation } from '../assignment/api';
import { useMyRent } from '../rent/api';
import { nothingToPay, payAhead, suggestedAmount } from '../rent/due';
import { fetchOperateurs, payer, paymentKeys } from './api';
import {
  checkPaymentForm,
  MobileMoneyFields,
  type PaymentErrors,
  type PaymentValues,
} from './MobileMoneyFields';
import './payments.css';

/**
 * /paiement (docs/payments.md#paying): the student pays its rent from its phone — its housing (or
 * the one it left, while it still owes),
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
  // The amount Mon loyer proposes; else the one the server proposes (what is late, or one month).
  const [params] = useSearchParams();
  const proposed = params.get('montant');
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
  const [values, setValues] = useState<PaymentValues>({
    idOperateur: '',
    telephone: '',
    montant: '',
  });
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [busy, setBusy] = useState(false);
  // The assignment paid: the one Mon loyer names (`affectation`), else the live bed, else one a
  // departure ended with something left to pay (docs/rent.md#screens).
  const rent = useMyRent();
  const named = Number(params.get('affectation'));
  const live = mine.data ?? null;
  const a =
    rent.data?.find((r) => r.idAffectation === named) ??
    (live ? rent.data?.find((r) => r.idAffectation === live.idAffectation) : undefined) ??
    rent.data?.find((r) => r.payable) ??
    null;
  // Nothing left to pay (paid in full, or overpaid): the reason instead of the form.
  const noPayment = a ? nothingToPay(a) : null;
  // Nothing late: the form says it pays the next instalment ahead.
  const ahead = a ? payAhead(a) : null;

  useEffect(() => {
    if (a && !values.montant)
      setValues((v) => ({
        ...v,
        montant: proposed && /^\d+$/.test(proposed) ? proposed : String(suggestedAmount(a)),
      }));
  }, [a, values.montant, proposed]);

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
      if (err instanceof ApiError) setErrors(err.fieldErrors() as PaymentErrors);
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
            {ahead !== null && (
              <p className="field-hint" data-testid="paiement-avance">
                {ahead}
              </p>
            )}
            <MobileMoneyFields
              operateurs={operators.data.operateurs}
              values={values}
              errors={errors}
              busy={busy}
              onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
            />
          </form>
        </>
      )}
    </section>
  );
}
