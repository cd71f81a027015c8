import '../auth/auth.css';
import './procurations.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { frenchDateTimeShort } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { procurationMessages as pm } from '../../../domain/messages-procurations';
import {
  formatProcurationCode,
  PROCURATION_DUREE_MAX_HEURES,
  TACHES_PROCURATION,
  type TacheProcuration,
} from '../../../domain/procurations';
import type { ProcurationCreated, ProcurationRow } from '../../../domain/schemas/procurations';
import { Code } from '../../components/Code';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorId, FormField } from '../../components/FormField';
import { RowAction } from '../../components/list/RowAction';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { ApiError, errorMessage } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { fill, frenchDateTimeLong } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { useMyRent } from '../rent/api';
import { depositDraft, fetchDraft, giveProcuration, procurationKeys, revokeProcuration } from './api';

const when = (iso: string | null) => (iso ? frenchDateTimeShort(new Date(iso)) : '');
const taskLabel = (t: TacheProcuration) => pm[`tache${t}`];

const COLUMNS: ListColumn<ProcurationRow>[] = [
  { key: 'idProcuration', header: 'N°', cell: (r) => <Code>{String(r.idProcuration)}</Code> },
  { key: 'tache', header: pm.colTache, cell: (r) => taskLabel(r.tache), filter: false },
  {
    key: 'etat',
    header: pm.colEtat,
    filter: false,
    cell: (r) => (
      <span className={`procuration-etat etat-${r.etat.toLowerCase()}`}>{pm[`etat${r.etat}`]}</span>
    ),
  },
  { key: 'creeeA', header: pm.colCreee, cell: (r) => when(r.creeeA) },
  { key: 'expireA', header: pm.colFin, cell: (r) => when(r.expireA) },
  {
    key: 'adresseUtilisation',
    header: pm.colUtilisee,
    sortable: false,
    cell: (r) =>
      !r.utiliseeA
        ? r.etat === 'ACTIVE'
          ? pm.pasEncoreUtilisee
          : pm.jamaisUtilisee
        : r.adresseUtilisation
          ? fill(pm.utiliseeDepuis, { date: when(r.utiliseeA), adresse: r.adresseUtilisation })
          : fill(pm.utiliseeLe, { date: when(r.utiliseeA) }),
  },
];

/**
 * /procurations (the student's menu; docs/procurations.md): give a one-task procuration (its code
 * shown this once, with how to pass it on), the list of its procurations (the server's pages) with
 * their state and revocation, and the draft a helper saved, with « Déposer ».
 */
export default function ProcurationsPage() {
  useDocumentTitle(messages.menuProcurations);
  const user = useUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tache, setTache] = useState<TacheProcuration | null>(null);
  const [heures, setHeures] = useState('2');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ProcurationCreated | null>(null);
  const [revoking, setRevoking] = useState<ProcurationRow | null>(null);
  const list = useServerList({
    key: procurationKeys.liste(),
    path: '/campus/procuration',
    pageSize: 10,
    staleTime: 0,
  });
  const draft = useQuery({
    queryKey: procurationKeys.brouillon,
    queryFn: ({ signal }) => fetchDraft(signal),
  });
  // « Payer mon loyer » is offered only when the server says some rent may be paid (`payable`: a
  // live bed, or one a departure ended, with a balance due); the server refuses it otherwise.
  const rent = useMyRent();
  const rentToPay = (rent.data ?? []).some((r) => r.payable);
  const taches = TACHES_PROCURATION.filter((x) => x !== 'PAIEMENT' || rentToPay);
  // Until the student picks one, the task proposed is the one its state calls for: its rent when
  // some is to be paid (a housed student), its deposit otherwise.
  const chosen = tache && taches.includes(tache) ? tache : rentToPay ? 'PAIEMENT' : 'DEPOT';

  async function give(e: FormEvent) {
    e.preventDefault();
    const n = Number(heures);
    if (!Number.isInteger(n) || n < 1 || n > PROCURATION_DUREE_MAX_HEURES) {
      setError(pm.dureeAide);
      document.getElementById('dureeHeures')?.focus();
      return;
    }
    setBusy(true);
    try {
      setCreated(await giveProcuration({ tache: chosen, dureeHeures: n }));
      setError(undefined);
      list.refetch();
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors().dureeHeures : undefined;
      if (field) setError(field);
      else toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      const answer = await revokeProcuration(revoking.idProcuration);
      toast.success(answer.message);
      setRevoking(null);
      list.refetch();
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function deposit() {
    setBusy(true);
    try {
      const saved = await depositDraft();
      toast.success(
        fill(pm.brouillonDepose, { reference: saved.referenceDossier }),
        undefined,
        WORKFLOW_LIFE,
      );
      await queryClient.invalidateQueries({ queryKey: procurationKeys.all });
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const d = draft.data;
  const criteres = d ? d.brouillon.listeDossierCritere.filter((x) => x.idCritere != null).length : 0;
  const pieces = d ? d.brouillon.listeDossierCritere.filter((x) => x.televersement).length : 0;
  const aideUrl = typeof window !== 'undefined' ? `${window.location.origin}${paths.aide}` : paths.aide;

  return (
    <section className="card procurations-page">
      <h1>{messages.menuProcurations}</h1>
      <p className="lead">{pm.procurationsIntro}</p>

      <section className="procuration-brouillon" aria-labelledby="titre-brouillon" data-testid="brouillon">
        <h2 id="titre-brouillon">{pm.brouillonTitre}</h2>
        {d ? (
          <>
            <p>
              {fill(pm.brouillonDe, {
                date: when(d.modifieA),
                qui: d.idProcuration
                  ? fill(pm.brouillonQui, { id: d.idProcuration, adresse: d.adresse ?? '?' })
                  : '',
              })}{' '}
              {fill(pm.brouillonCriteres, { n: criteres, p: pieces })}
            </p>
            <p className="field-hint">{pm.brouillonDeposer}</p>
            <button
              type="button"
              className="p-button p-component"
              onClick={() => void deposit()}
              disabled={busy}
            >
              <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-upload'} aria-hidden="true" />
              <span>{messages.deposer}</span>
            </button>
          </>
        ) : (
          <p className="field-hint">{draft.isPending ? messages.chargement : pm.brouillonAucun}</p>
        )}
      </section>

      <form className="procuration-form" onSubmit={give} noValidate aria-labelledby="titre-nouvelle">
        <h2 id="titre-nouvelle">{pm.procurationNouvelle}</h2>
        <FormField
          id="tache"
          label={pm.champTache}
          required
          hint={rent.isSuccess && !rentToPay ? pm.paiementSansLoyer : undefined}
        >
          <select
            id="tache"
            className="p-inputtext p-component"
            value={chosen}
            onChange={(e) => setTache(e.target.value as TacheProcuration)}
            aria-describedby={rent.isSuccess && !rentToPay ? 'tache-aide' : undefined}
          >
            {taches.map((t) => (
              <option key={t} value={t}>
                {taskLabel(t)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="dureeHeures" label={pm.champDuree} required error={error} hint={pm.dureeAide}>
          <input
            id="dureeHeures"
            type="number"
            min={1}
            max={PROCURATION_DUREE_MAX_HEURES}
            inputMode="numeric"
            className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
            value={heures}
            onChange={(e) => setHeures(e.target.value)}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? errorId('dureeHeures') : 'dureeHeures-aide'}
          />
        </FormField>
        <button type="submit" className="p-button p-component" disabled={busy}>
          <i className="pi pi-key" aria-hidden="true" />
          <span>{pm.donner}</span>
        </button>
      </form>

      {created && (
        <div className="notice notice-info procuration-code" role="status" data-testid="code-procuration">
          <h2>{pm.codeTitre}</h2>
          <p className="procuration-code-valeur">
            <Code>{formatProcurationCode(created.code)}</Code>
          </p>
          <p>
            <strong>{pm.codeUneFois}</strong>
          </p>
          <p>
            {fill(pm.codeComment, {
              ine: user?.username ?? '',
              adresse: aideUrl,
              fin: frenchDateTimeLong(new Date(created.expireA)),
            })}
          </p>
          <button
            type="button"
            className="p-button p-component p-button-outlined"
            onClick={() => setCreated(null)}
          >
            <span>{pm.codeFermer}</span>
          </button>
        </div>
      )}

      <h2>{pm.listeTitre}</h2>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idProcuration"
        label={pm.listeTitre}
        search={false}
        rowActions={(r) =>
          r.etat === 'ACTIVE' || r.etat === 'UTILISEE' ? (
            <RowAction
              label={fill(pm.revoquerDe, { id: r.idProcuration })}
              icon="pi pi-ban"
              severity="danger"
              onClick={() => setRevoking(r)}
            />
          ) : null
        }
      />
      {revoking && (
        <ConfirmDialog
          title={pm.revoquerTitre}
          testId="revoquer-procuration"
          cancelLabel={pm.annuler}
          confirmLabel={pm.revoquer}
          danger
          pending={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke()}
        >
          <p>{pm.revoquerTexte}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
