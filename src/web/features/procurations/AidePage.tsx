import '../auth/auth.css';
import './procurations.css';
import '../dossier/dossier.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { frenchDateTimeShort } from '../../../domain/format';
import { formatFcfa } from '../../../domain/money';
import { PAYMENT_POLL_MS } from '../../../domain/payments';
import { fieldLabel } from '../../../domain/resources/labels';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { procurationMessages as pm } from '../../../domain/messages-procurations';
import type { DraftAnswer, HelperSigninAnswer } from '../../../domain/schemas/procurations';
import type { DepositForm } from '../../../domain/schemas/dossier';
import { Code } from '../../components/Code';
import { errorId, FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage, setHelperToken } from '../../lib/api';
import { answerOf, apiClient } from '../../lib/client';
import { fill, frenchDateTimeLong } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useDepotForm } from '../dossier/api';
import { DossierForm } from '../dossier/DossierForm';
import { fetchOperateurs, fetchPaiement, payer } from '../payments/api';
import { suggestedAmount } from '../rent/due';
import {
  checkPaymentForm,
  MobileMoneyFields,
  type PaymentErrors,
  type PaymentValues,
} from '../payments/MobileMoneyFields';
import { fetchDraft, helperSignin, saveDraft } from './api';

type SigninField = 'ine' | 'code';

/**
 * /aide (public, made for a phone; docs/procurations.md): the helper signs in with the student's
 * INE and the code of its procuration, then does that one task: the deposit form saved as the
 * student's draft (proofs and photos made into PDFs, as on /depot), or the payment of its rent by
 * mobile money from the helper's phone. The session lives in this tab only (its token in memory).
 */
export default function AidePage() {
  useDocumentTitle(messages.aideTitre);
  const [session, setSession] = useState<(HelperSigninAnswer & { ine: string }) | null>(null);
  useEffect(() => () => setHelperToken(null), []);

  function end() {
    setHelperToken(null);
    setSession(null);
  }

  return (
    <section className="card narrow aide-page" data-testid="aide">
      <h1>{messages.aideTitre}</h1>
      {session ? (
        <>
          <p className="notice notice-info" role="status" data-testid="aide-session">
            {fill(pm.aidePour, {
              prenom: session.prenom,
              nom: session.nom,
              fin: frenchDateTimeLong(new Date(session.expireA)),
            })}
          </p>
          {session.tache === 'DEPOT' ? (
            <HelperDeposit ine={session.ine} prenom={session.prenom} nom={session.nom} />
          ) : (
            <HelperPayment />
          )}
          <button type="button" className="p-button p-component p-button-outlined" onClick={end}>
            <i className="pi pi-sign-out" aria-hidden="true" />
            <span>{pm.aideTerminer}</span>
          </button>
        </>
      ) : (
        <HelperSignin
          onSignedIn={(answer, ine) => {
            setHelperToken(answer.accessToken);
            setSession({ ...answer, ine });
          }}
        />
      )}
    </section>
  );
}

function HelperSignin({ onSignedIn }: { onSignedIn: (a: HelperSigninAnswer, ine: string) => void }) {
  const [values, setValues] = useState<Record<SigninField, string>>({ ine: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<SigninField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: SigninField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<SigninField, string>> = {};
    if (!values.ine.trim()) found.ine = messages.champObligatoire;
    if (!values.code.trim()) found.code = messages.champObligatoire;
    setErrors(found);
    const first = (['ine', 'code'] as SigninField[]).find((f) => found[f]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      const ine = values.ine.trim().toUpperCase();
      onSignedIn(await helperSignin({ ine, code: values.code.trim() }), ine);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (Object.keys(fields).length) setErrors(fields);
      setFailure(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="lead">{pm.aideIntro}</p>
      <FormField id="ine" label={pm.champIne} required error={errors.ine}>
        <input
          id="ine"
          className={`p-inputtext p-component${errors.ine ? ' p-invalid' : ''}`}
          autoComplete="off"
          autoCapitalize="characters"
          value={values.ine}
          onChange={set('ine')}
          aria-invalid={Boolean(errors.ine) || undefined}
          aria-describedby={errors.ine ? errorId('ine') : undefined}
        />
      </FormField>
      <FormField id="code" label={pm.champCode} required error={errors.code} hint={pm.codeAide}>
        <input
          id="code"
          className={`p-inputtext p-component${errors.code ? ' p-invalid' : ''}`}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          value={values.code}
          onChange={set('code')}
          aria-invalid={Boolean(errors.code) || undefined}
          aria-describedby={errors.code ? errorId('code') : 'code-aide'}
        />
      </FormField>
      <button type="submit" className="p-button p-component btn-block" disabled={busy}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-sign-in'} aria-hidden="true" />
        <span>{pm.aideConnexion}</span>
      </button>
      {failure && (
        <p className="error-text" role="alert" data-testid="erreur-aide">
          {failure}
        </p>
      )}
    </form>
  );
}

/**
 * The deposit form of the student's session, saved as its draft (never deposited). A draft already
 * saved is shown first, read-only, with the way to prepare a new one that replaces it.
 */
function HelperDeposit({ ine, prenom, nom }: { ine: string; prenom: string; nom: string }) {
  const form = useDepotForm(ine);
  const queryClient = useQueryClient();
  const draftKey = ['aide', 'brouillon', ine];
  const draft = useQuery({ queryKey: draftKey, queryFn: ({ signal }) => fetchDraft(signal) });
  const [replacing, setReplacing] = useState(false);
  if (form.isPending || draft.isPending) return <Loading />;
  if (form.isError) return <LoadFailure error={form.error} onRetry={() => void form.refetch()} />;
  if (draft.isError) return <LoadFailure error={draft.error} onRetry={() => void draft.refetch()} />;
  if (draft.data && !replacing)
    return (
      <>
        <DraftView draft={draft.data} form={form.data} />
        <p className="field-hint">{pm.aideBrouillonRemplaceAide}</p>
        <button
          type="button"
          className="p-button p-component p-button-outlined aide-remplacer"
          onClick={() => setReplacing(true)}
        >
          <i className="pi pi-pencil" aria-hidden="true" />
          <span>{pm.aideBrouillonRemplacer}</span>
        </button>
      </>
    );
  const saved = async () => {
    await queryClient.invalidateQueries({ queryKey: draftKey });
    setReplacing(false);
  };
  return (
    <>
      <p className="lead">{pm.aideDepotIntro}</p>
      <DossierForm
        form={form.data}
        onSaved={() => void saved()}
        saveDraft={(dossier) => saveDraft(dossier)}
        onDraftSaved={() => void saved()}
        identity={{ title: fill(pm.aideIdentiteTitre, { prenom, nom }), hint: pm.aideIdentiteAide }}
      />
    </>
  );
}

/** The saved draft as it stands on the server: each criterion chosen, with its proof's name. */
function DraftView({ draft, form }: { draft: DraftAnswer; form: DepositForm }) {
  const rows = draft.brouillon.listeDossierCritere.flatMap((entry) => {
    const type = form.listeDossierCritere.find((x) => x.idTypeCritere === entry.idTypeCritere);
    const critere = type?.listeCritere.find((c) => c.idCritere === entry.idCritere);
    return type && critere ? [{ entry, type, critere }] : [];
  });
  return (
    <section
      className="aide-brouillon"
      aria-labelledby="aide-brouillon-titre"
      data-testid="brouillon-enregistre"
    >
      <h2 id="aide-brouillon-titre">{pm.aideBrouillonTitre}</h2>
      <p role="status">{pm.aideBrouillonEnregistre}</p>
      <p className="field-hint">
        {fill(pm.aideBrouillonDe, { date: frenchDateTimeShort(new Date(draft.modifieA)) })}
      </p>
      {rows.length === 0 ? (
        <p>{pm.aideBrouillonAucunCritere}</p>
      ) : (
        <dl className="identity-card" data-testid="brouillon-criteres">
          {rows.map(({ entry, type, critere }) => (
            <div key={entry.idTypeCritere}>
              <dt>{type.libelleTypeCritere}</dt>
              <dd>
                {critere.libelleCritere}
                {entry.nomFichier && (
                  <>
                    {' — '}
                    {fill(pm.aideBrouillonJustificatif, { nom: entry.nomFichier })}
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The student's rent paid by mobile money from the helper's phone, then followed. */
function HelperPayment() {
  const rent = useQuery({
    queryKey: ['aide', 'loyer'],
    queryFn: ({ signal }) => answerOf(apiClient.GET('/campus/loyer/etudiant', { signal })),
  });
  const operators = useQuery({
    queryKey: ['aide', 'operateurs'],
    queryFn: ({ signal }) => fetchOperateurs(signal),
  });
  const [values, setValues] = useState<PaymentValues>({
    idOperateur: '',
    telephone: '',
    montant: '',
  });
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const status = useQuery({
    queryKey: ['aide', 'paiement', reference],
    queryFn: ({ signal }) => fetchPaiement(reference!, signal),
    enabled: reference !== null,
    // Asked again while the operator has not answered, as the student's follow page does: the
    // helper sees the outcome without pressing « Actualiser ».
    refetchInterval: (q) =>
      q.state.data?.statut === 'EN_ATTENTE' || !q.state.data ? PAYMENT_POLL_MS : false,
    staleTime: 0,
  });
  const owed = (rent.data ?? []).find((r) => r.payable);
  useEffect(() => {
    if (owed && !values.montant) setValues((v) => ({ ...v, montant: String(suggestedAmount(owed)) }));
  }, [owed, values.montant]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkPaymentForm(values);
    setErrors(found);
    if (Object.keys(found).length || !owed || busy) return;
    setBusy(true);
    try {
      const answer = await payer({
        idAffectation: owed.idAffectation,
        idOperateur: Number(values.idOperateur),
        telephone: values.telephone.trim(),
        montant: Number(values.montant),
      });
      setReference(answer.referencePaiement);
      setFailure(null);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors() as PaymentErrors);
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (rent.isError) return <LoadFailure error={rent.error} onRetry={() => void rent.refetch()} />;
  if (operators.isError)
    return <LoadFailure error={operators.error} onRetry={() => void operators.refetch()} />;
  if (rent.isPending || operators.isPending) return <Loading />;
  if (reference) {
    const statut = status.data?.statut ?? 'EN_ATTENTE';
    // Once the operator has answered, the page says the outcome (never « validez-le » any more).
    const said =
      statut === 'REUSSI'
        ? fill(pm.aidePaiementReussi, {
            reference,
            montant: formatFcfa(status.data!.montant, { unit: true }),
          })
        : statut === 'ECHOUE'
          ? fill(pm.aidePaiementEchoue, { reference })
          : fill(pm.aidePaiementLance, { reference });
    return (
      <div className="notice notice-info" role="status" data-testid="aide-paiement" data-statut={statut}>
        <p>{said}</p>
        <p>
          {fill(pm.aidePaiementEtat, {
            statut: status.data ? enumLabel('statutPaiement', status.data.statut) : messages.chargement,
          })}
        </p>
        {statut === 'EN_ATTENTE' && (
          <button
            type="button"
            className="p-button p-component p-button-outlined"
            onClick={() => void status.refetch()}
          >
            <i className="pi pi-refresh" aria-hidden="true" />
            <span>{pm.aideActualiser}</span>
          </button>
        )}
        {statut === 'ECHOUE' && (
          <button
            type="button"
            className="p-button p-component p-button-outlined"
            onClick={() => {
              setReference(null);
              void rent.refetch();
            }}
          >
            <i className="pi pi-replay" aria-hidden="true" />
            <span>{messages.paiementReessayer}</span>
          </button>
        )}
      </div>
    );
  }
  if (!owed) return <p data-testid="rien-a-payer">{pm.aideRienAPayer}</p>;
  return (
    <form onSubmit={submit} noValidate>
      <p className="lead">{pm.aidePaiementIntro}</p>
      <dl className="identity-card">
        <div>
          <dt>{messages.paiementLogement}</dt>
          <dd className="payment-detail">
            {owed.nomCite}, <Code>{owed.libelleChambre}</Code>, <Code>{owed.libelleLit}</Code>
          </dd>
        </div>
        <div>
          <dt>{fieldLabel('duADate')}</dt>
          <dd data-champ="duADate">{formatFcfa(owed.duADate, { unit: true })}</dd>
        </div>
        <div>
          <dt>{fieldLabel('solde')}</dt>
          <dd data-champ="solde">{formatFcfa(owed.solde, { unit: true })}</dd>
        </div>
      </dl>
      <MobileMoneyFields
        operateurs={operators.data.operateurs}
        values={values}
        errors={errors}
        busy={busy}
        onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
      />
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
