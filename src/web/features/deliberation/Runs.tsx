import '../../lib/prime';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { PDF_LISTS } from '../../../domain/schemas/deliberation';
import { LoadFailure } from '../../components/LoadFailure';
import { STACKED } from '../../components/lazyTable';
import { fill } from '../../lib/format';
import type { DeliberationRun, PdfList } from '../../../domain/schemas/deliberation';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { telechargerListePublieePdf, useRuns } from './api';
import { Code } from '../../components/Code';

/** A list's name as titles show it ('Pupilles de la Nation', 'Liste d'attente'). */
export const listeTitre = (liste: PdfList) =>
  liste === 'ATTENTE' ? messages.listeAttenteTitre : enumLabel('listeDeliberation', liste);

/** A list's short name on a run's PDF buttons. */
const LISTE_COURTE: Record<PdfList, string> = {
  READMISSIONS: messages.listeCourteReadmissions,
  PUPILLES: messages.listeCourtePupilles,
  ETRANGERS: messages.listeCourteEtrangers,
  NATIONAUX: messages.listeCourteNationaux,
  ATTENTE: messages.listeCourteAttente,
};

/** A published run's four lists, each a button that downloads its PDF (as published). */
function RunPdfs({ run }: { run: DeliberationRun }) {
  const toast = useToast();
  const [busy, setBusy] = useState<PdfList | null>(null);
  async function download(liste: PdfList) {
    setBusy(liste);
    try {
      await telechargerListePublieePdf(run.idDeliberation, liste);
      toast.success(messages.exportReussi);
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="delib-run-pdfs">
      {PDF_LISTS.filter((liste) => liste !== 'READMISSIONS' || hasReadmissions(run)).map((liste) => (
        <button
          key={liste}
          type="button"
          className="p-button p-component p-button-sm p-button-outlined"
          onClick={() => void download(liste)}
          disabled={busy !== null}
          aria-label={fill(messages.telechargerListePubliee, {
            liste: listeTitre(liste),
            date: runDate(run),
          })}
        >
          <i className={busy === liste ? 'pi pi-spin pi-spinner' : 'pi pi-file-pdf'} aria-hidden="true" />
          <span>{LISTE_COURTE[liste]}</span>
        </button>
      ))}
    </div>
  );
}

const dateHeure = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** '23/11/2026 18:04': when a run was published. */
export function runDate(run: DeliberationRun): string {
  const value = run.datePublication;
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateHeure.format(d);
}

/** A run that gave re-admission places (docs/agency-rules.md): its READMISSIONS list is shown. */
export const hasReadmissions = (run: DeliberationRun) => run.placesReadmission > 0 || run.nbReadmissions > 0;

const COUNT_OF = {
  READMISSIONS: 'nbReadmissions',
  PUPILLES: 'nbPupilles',
  ETRANGERS: 'nbEtrangers',
  NATIONAUX: 'nbNationaux',
  ATTENTE: 'nbAttente',
} as const satisfies Record<PdfList, keyof DeliberationRun>;

/** A run's count of one list, with its women and men when the run stored them ('3 (2 F, 1 H)'). */
function runCount(run: DeliberationRun, liste: PdfList): string {
  const n = String(run[COUNT_OF[liste]]);
  const e = liste === 'ATTENTE' ? null : run.effectifs?.[liste];
  // The counts kept on one line ('(2 F, 1 H)' never broken inside; a narrow cell breaks before it).
  const counts = fill(messages.effectifsCourts, { femmes: e?.F ?? 0, hommes: e?.M ?? 0 }).replace(
    / /g,
    '\u00a0',
  );
  return e ? `${n} (${counts})` : n;
}

/**
 * The publications of a session, the newest first: date, author, seed, counts; with `verify`, a
 * 'Vérifier' button on each (the admin's recomputation from the run's stored inputs).
 */
export function RunsTable(props: {
  idSessionCenou: number;
  idDirection: number;
  verify?: { busy: number | null; onVerify: (run: DeliberationRun) => void };
}) {
  const runs = useRuns(props.idSessionCenou, props.idDirection);
  const rows = [...(runs.data ?? [])].sort((a, b) => b.idDeliberation - a.idDeliberation);
  if (runs.isError) return <LoadFailure error={runs.error} onRetry={() => void runs.refetch()} />;
  const { verify } = props;
  return (
    <DataTable
      value={rows}
      dataKey="idDeliberation"
      {...STACKED}
      size="small"
      stripedRows
      loading={runs.isFetching}
      emptyMessage={messages.aucunePublication}
      className="resource-table"
      pt={{ table: { 'aria-label': messages.publicationsTitre } }}
    >
      <Column header={messages.colonneDatePublication} body={(r: DeliberationRun) => runDate(r)} />
      <Column header={messages.colonneAuteur} body={(r: DeliberationRun) => r.nomAuteur ?? r.auteur ?? ''} />
      <Column
        field="seed"
        header={messages.colonneTirage}
        body={(r: DeliberationRun) => <Code>{r.seed}</Code>}
      />
      {rows.some(hasReadmissions) && (
        <Column
          header={messages.colonneAdmisReadmissions}
          body={(r: DeliberationRun) => runCount(r, 'READMISSIONS')}
        />
      )}
      <Column header={messages.colonneAdmisPupilles} body={(r: DeliberationRun) => runCount(r, 'PUPILLES')} />
      <Column
        header={messages.colonneAdmisEtrangers}
        body={(r: DeliberationRun) => runCount(r, 'ETRANGERS')}
      />
      <Column
        header={messages.colonneAdmisNationaux}
        body={(r: DeliberationRun) => runCount(r, 'NATIONAUX')}
      />
      <Column header={messages.colonneEnAttente} body={(r: DeliberationRun) => runCount(r, 'ATTENTE')} />
      <Column header={messages.colonneListesPdf} body={(r: DeliberationRun) => <RunPdfs run={r} />} />
      {verify && (
        <Column
          header={messages.colonneActions}
          body={(r: DeliberationRun) => (
            <button
              type="button"
              className="p-button p-component p-button-sm p-button-outlined"
              onClick={() => verify.onVerify(r)}
              disabled={verify.busy !== null}
              aria-label={fill(messages.verifierPublication, { date: runDate(r) })}
            >
              <i
                className={verify.busy === r.idDeliberation ? 'pi pi-spin pi-spinner' : 'pi pi-check-square'}
                aria-hidden="true"
              />
              <span>{messages.verifier}</span>
            </button>
          )}
        />
      )}
    </DataTable>
  );
}
