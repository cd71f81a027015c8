import '../../lib/prime';
import '../staff/staff.css';
import './deliberation.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { fieldLabel } from '../../../domain/resources/labels';
import { sessionAllows, type SessionState } from '../../../domain/workflow';
import { FormField } from '../../components/FormField';
import { Loading } from '../../components/Loading';
import type { DeliberationLists, ListItem, PdfList } from '../../../domain/schemas/deliberation';
import { errorMessage } from '../../lib/api';
import { fill, frenchInteger } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { useStaffScope } from '../staff/api';
import {
  anneeAcademique,
  openSessionOf,
  sessionNoticeText,
  useSessionList,
  type Session,
} from '../staff/sessions';
import {
  delibKeys,
  fetchApercu,
  formatMoyenne,
  publier,
  telechargerListePdf,
  telechargerListePublieePdf,
  useRuns,
} from './api';
import { listeTitre, runDate, RunsTable } from './Runs';
import { PrimeDialog } from '../../components/PrimeDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { localTableProps } from '../../components/lazyTable';
import { Code, fillNodes } from '../../components/Code';

/** The lists, in the order they fill, with the `liste` of their PDF (READMISSIONS only when the session gives places). */
const LISTS = [
  { key: 'listeAdmisReadmissions', liste: 'READMISSIONS' },
  { key: 'listeAdmisPupilles', liste: 'PUPILLES' },
  { key: 'listeAdmisEtrangers', liste: 'ETRANGERS' },
  { key: 'listeAdmisNationaux', liste: 'NATIONAUX' },
  { key: 'listeAttente', liste: 'ATTENTE' },
] as const satisfies readonly { key: keyof DeliberationLists; liste: PdfList }[];

/**
 * One ranked list: its PDF export and its table (rang, INE, nom, prénom, moyenne to 2 decimals).
 * The PDF is the preview's (marked provisional) until the lists are published, then the run's.
 */
function ListeTable(props: {
  liste: PdfList;
  rows: ListItem[];
  session: Session;
  seed: string;
  idDeliberation: number | null;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const titre = listeTitre(props.liste);

  async function exportPdf() {
    setBusy(true);
    try {
      if (props.idDeliberation !== null) await telechargerListePublieePdf(props.idDeliberation, props.liste);
      else
        await telechargerListePdf(
          props.session.idSessionCenou,
          props.session.idDirection,
          props.seed,
          props.liste,
        );
      toast.success(messages.exportReussi);
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="toolbar">
        <div className="toolbar-buttons">
          <button
            type="button"
            className="p-button p-component p-button-help"
            disabled={busy}
            onClick={exportPdf}
            aria-label={`${messages.exporterPdf}\u00a0: ${titre}`}
          >
            <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-file-pdf'} aria-hidden="true" />
            <span>{messages.exporterPdf}</span>
          </button>
        </div>
      </div>
      <p className="delib-effectifs" data-testid="effectifs">
        {fill(messages.effectifsListe, {
          femmes: props.rows.filter((r) => r.sexeEtudiant === 'F').length,
          hommes: props.rows.filter((r) => r.sexeEtudiant !== 'F').length,
        })}
      </p>
      <DataTable
        value={props.rows}
        dataKey="idDossier"
        {...localTableProps(props.rows.length)}
        emptyMessage={messages.aucunEtudiant}
        className="resource-table"
        pt={{ table: { 'aria-label': titre } }}
      >
        <Column field="rang" header={messages.colonneRang} className="numeric" />
        <Column field="ine" header={fieldLabel('ine')} body={(r: ListItem) => <Code>{r.ine}</Code>} />
        <Column field="nomEtudiant" header={fieldLabel('nomEtudiant')} />
        <Column field="prenomEtudiant" header={fieldLabel('prenomEtudiant')} />
        <Column
          field="sexeEtudiant"
          header={fieldLabel('sexeEtudiant')}
          body={(r: ListItem) => enumLabel('sexeEtudiant', r.sexeEtudiant)}
        />
        <Column
          field="moyenne"
          header={messages.colonneMoyenne}
          className="numeric"
          body={(r: ListItem) => formatMoyenne(r.moyenne)}
        />
      </DataTable>
    </>
  );
}

/**
 * Where every dossier of the session goes (docs/deliberation.md#preview-and-publication): admitted
 * per list, the waiting list, and those not ranked with their reason; the rows add up to the total
 * of the title, which is the session's dossiers.
 */
function Repartition({ lists, withReadmissions }: { lists: DeliberationLists; withReadmissions: boolean }) {
  const reasons = lists.nonCandidatsParRaison;
  const rows: { label: string; n: number; testid: string }[] = [
    ...LISTS.filter(({ liste }) => liste !== 'ATTENTE' && (liste !== 'READMISSIONS' || withReadmissions)).map(
      ({ key, liste }) => ({
        label: fill(messages.repartitionAdmis, { liste: listeTitre(liste) }),
        n: lists[key].length,
        testid: liste,
      }),
    ),
    { label: messages.repartitionAttente, n: lists.listeAttente.length, testid: 'ATTENTE' },
    { label: messages.repartitionNonAnalyse, n: reasons.NON_ANALYSE, testid: 'NON_ANALYSE' },
    {
      label: messages.repartitionCritere,
      n: reasons.CRITERE_OBLIGATOIRE_NON_VALIDE,
      testid: 'CRITERE_OBLIGATOIRE_NON_VALIDE',
    },
    { label: messages.repartitionDuree, n: reasons.DUREE_MAXIMALE, testid: 'DUREE_MAXIMALE' },
  ];
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const titre = fill(messages.repartitionTitre, { n: frenchInteger(total) });
  return (
    <section className="delib-repartition" data-testid="repartition">
      <h3>{titre}</h3>
      <table aria-label={titre}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{messages.colonneListe}</span>
            </th>
            <th scope="col" className="numeric">
              {messages.repartitionColonne}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.testid} data-testid={`repartition-${r.testid}`}>
              <th scope="row">{r.label}</th>
              <td className="numeric">{frenchInteger(r.n)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="repartition-total">
            <th scope="row">{messages.colonneTotal}</th>
            <td className="numeric">{frenchInteger(total)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** The four lists in tabs, the seed they were drawn with (`idDeliberation`: the run that published them). */
function Apercu({
  lists,
  session,
  idDeliberation,
}: {
  lists: DeliberationLists;
  session: Session;
  idDeliberation: number | null;
}) {
  const withReadmissions = lists.placesReadmission > 0 || lists.listeAdmisReadmissions.length > 0;
  return (
    <div className="delib-apercu">
      <p className="delib-seed" data-testid="tirage">
        <i className="pi pi-key" aria-hidden="true" />{' '}
        {fillNodes(messages.tirageAffiche, { seed: <Code>{lists.seed}</Code> })}
      </p>
      <p className="delib-regles" data-testid="regles">
        {fill(messages.partFemmesRegle, { part: lists.partFemmes })}
        {lists.placesReadmission > 0 &&
          ` — ${fill(messages.placesReadmissionRegle, { places: lists.placesReadmission })}`}
      </p>
      <Repartition lists={lists} withReadmissions={withReadmissions} />
      <TabView>
        {LISTS.filter(({ liste }) => liste !== 'READMISSIONS' || withReadmissions).map(({ key, liste }) => (
          <TabPanel
            key={liste}
            header={fill(messages.ongletListe, { liste: listeTitre(liste), n: lists[key]?.length ?? 0 })}
          >
            <ListeTable
              liste={liste}
              rows={lists[key] ?? []}
              session={session}
              seed={lists.seed}
              idDeliberation={idDeliberation}
            />
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
}

/**
 * The heading of the lists shown: a preview (nothing stored), or the run that published them, its
 * number in the session and its date, marked 'Publiée'.
 */
function ListsHeading({ session, idDeliberation }: { session: Session; idDeliberation: number | null }) {
  const runs = useRuns(session.idSessionCenou, session.idDirection);
  if (idDeliberation === null) return <h2>{messages.apercuTitre}</h2>;
  const ordered = [...(runs.data ?? [])].sort((a, b) => a.idDeliberation - b.idDeliberation);
  const at = ordered.findIndex((r) => r.idDeliberation === idDeliberation);
  return (
    <div className="delib-published" data-testid="delib-publiee">
      <h2>
        {at < 0
          ? messages.publicationAfficheeSansDate
          : fill(messages.publicationAffichee, { n: at + 1, date: runDate(ordered[at]) })}
      </h2>
      <span className="delib-published-tag">
        <i className="pi pi-check-circle" aria-hidden="true" /> {messages.publieeEtiquette}
      </span>
    </div>
  );
}

/** The publications of the session: date, author, seed, counts. */
function Runs({ session }: { session: Session }) {
  return (
    <section className="delib-runs">
      <h2>{messages.publicationsTitre}</h2>
      <RunsTable idSessionCenou={session.idSessionCenou} idDirection={session.idDirection} />
    </section>
  );
}

/** The confirmation before a publication: what it does, what it allows afterwards. */
function PublishDialog(props: { seed: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const footer = (
    <div className="dialog-footer">
      <button type="button" className="p-button p-component p-button-text" onClick={props.onCancel}>
        <i className="pi pi-times" aria-hidden="true" />
        <span>{messages.annuler}</span>
      </button>
      <button type="button" className="p-button p-component" onClick={props.onConfirm} disabled={props.busy}>
        <i className={props.busy ? 'pi pi-spin pi-spinner' : 'pi pi-send'} aria-hidden="true" />
        <span>{messages.publier}</span>
      </button>
    </div>
  );
  return (
    <PrimeDialog
      header={messages.publierTitre}
      footer={footer}
      onHide={props.onCancel}
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '96vw' }}
    >
      <p>{fillNodes(messages.publierConfirmation, { seed: <Code>{props.seed}</Code> })}</p>
      <p>{messages.publierRepublication}</p>
    </PrimeDialog>
  );
}

function Deliberation({ session }: { session: Session }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [seed, setSeed] = useState('');
  const [lists, setLists] = useState<DeliberationLists | null>(null);
  /** The run that published the lists shown (null: a preview, nothing stored). */
  const [published, setPublished] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const apercu = useMutation({
    mutationFn: (s: string) => fetchApercu(session.idSessionCenou, session.idDirection, s),
    onSuccess: (data) => {
      setLists(data);
      setPublished(null);
      setSeed(data.seed);
    },
    onError: (err) => toast.failure(errorMessage(err)),
  });
  const publication = useMutation({
    mutationFn: (s: string) => publier(session.idSessionCenou, session.idDirection, s),
    onSuccess: (data) => {
      setConfirming(false);
      setLists(data);
      setPublished(data.idDeliberation);
      toast.success(fill(messages.deliberationPubliee, { seed: data.seed }), undefined, 10_000);
      void queryClient.invalidateQueries({ queryKey: delibKeys.runs(session.idSessionCenou) });
      void queryClient.invalidateQueries({ queryKey: ['list'] });
    },
    onError: (err) => {
      setConfirming(false);
      toast.failure(errorMessage(err));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    apercu.mutate(seed);
  }

  return (
    <>
      <form className="staff-filters" onSubmit={submit} noValidate>
        <FormField id="delib-tirage" label={messages.champTirage} hint={messages.tirageAide}>
          <InputText
            id="delib-tirage"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <button type="submit" className="p-button p-component" disabled={apercu.isPending}>
          <i
            className={apercu.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-sort-amount-down'}
            aria-hidden="true"
          />
          <span>{messages.lancerDeliberation}</span>
        </button>
      </form>
      {lists && (
        <>
          <ListsHeading session={session} idDeliberation={published} />
          <Apercu lists={lists} session={session} idDeliberation={published} />
          {published === null && (
            <div className="delib-actions">
              <button
                type="button"
                className="p-button p-component p-button-success"
                onClick={() => setConfirming(true)}
                disabled={publication.isPending}
              >
                <i className="pi pi-send" aria-hidden="true" />
                <span>{messages.publier}</span>
              </button>
            </div>
          )}
        </>
      )}
      {confirming && lists && published === null && (
        <PublishDialog
          seed={lists.seed}
          busy={publication.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => publication.mutate(lists.seed)}
        />
      )}
      <Runs session={session} />
    </>
  );
}

/**
 * /deliberation (docs/deliberation.md#preview-and-publication): for regional managers only (the admin
 * calls the API), on their direction's open session in DELIBERATION. 'Délibération' computes the
 * preview (nothing is stored) of the three lists and the waiting list, with the seed of the draw,
 * which the field takes back to reproduce a preview; each list exports its PDF. 'Publier', after
 * a confirmation, publishes exactly the previewed seed; the runs of the session follow.
 */
export default function DeliberationPage() {
  useDocumentTitle(messages.deliberationTitre);
  const scope = useStaffScope('deliberation');
  // Another role reads that the screen is the regional directions': no session is asked.
  const sessions = useSessionList(scope.regional);
  const session = openSessionOf(sessions.sessions, scope.idDirection);
  // The domain's rule (a suspended session says so; another phase or none: closed).
  const verdict = sessionAllows(session as SessionState | null, 'deliberation');

  let body;
  if (!scope.regional) body = <p className="delib-closed">{messages.deliberationReservee}</p>;
  else if (sessions.isPending) body = <Loading />;
  else if (sessions.isError)
    body = <LoadFailure error={sessions.error} onRetry={() => void sessions.refetch()} />;
  else if (!verdict.ok || !session)
    body = (
      <p className="delib-closed" data-testid="delib-closed">
        {sessionNoticeText(session, 'deliberation', messages.sessionDeliberationClose)}
      </p>
    );
  else
    body = (
      <>
        <p className="staff-direction" data-testid="delib-session">
          {fill(messages.deliberationSession, {
            annee: anneeAcademique(session),
            direction: scope.libelleDirection ?? '',
          })}
        </p>
        <p className="staff-intro">{messages.deliberationIntro}</p>
        <Deliberation session={session} />
      </>
    );

  return (
    <section className="resource-screen">
      <h1>{messages.deliberationTitre}</h1>
      {body}
    </section>
  );
}
