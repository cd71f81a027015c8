import '../../lib/prime';
import '../staff/staff.css';
import './availability.css';
import { COMPOSANTS } from '../../../domain/availability';
import { frenchDateTimeShort } from '../../../domain/format';
import { fill, messages } from '../../../domain/messages';
import { enumLabels } from '../../../domain/messages-labels';
import { NATURES_REPORT, type DelaiReporteRow } from '../../../domain/schemas/availability';
import { ExportButtons } from '../../components/list/ExportButton';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { LIST, useServerList } from '../../components/list/useServerList';
import { frenchDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';

/** The public status page (served by the server, outside the client's routes). */
const STATUS_PAGE = '/etat-du-service';

/** An instalment's due day (`YYYY-MM-DD`) as a date; an offer's deadline (a moment) with its time. */
const when = (value: string) =>
  value.length === 10 ? frenchDate(value) : frenchDateTimeShort(new Date(value));

const options = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const COLUMNS: ListColumn<DelaiReporteRow>[] = [
  {
    key: 'nomEtudiant',
    header: messages.colonneEtudiantReport,
    cell: (r) => (
      <span className="moved-student">
        <strong>
          {r.nomEtudiant} {r.prenomEtudiant}
        </strong>
        <span className="moved-ine">{r.ine}</span>
      </span>
    ),
  },
  {
    key: 'natureReport',
    header: messages.colonneNatureReport,
    options: options(NATURES_REPORT, enumLabels.natureReport),
    cell: (r) =>
      r.natureReport === 'ECHEANCE' && r.numeroEcheance !== null
        ? fill(messages.reportEcheanceNumero, { numero: r.numeroEcheance })
        : enumLabels.natureReport[r.natureReport],
  },
  { key: 'lieu', header: messages.colonneLieuReport, cell: (r) => r.lieu ?? '' },
  {
    key: 'ancienneDate',
    header: messages.colonneAncienneDate,
    placeholder: messages.filtreDatePlaceholder,
    className: 'moved-date',
    cell: (r) => when(r.ancienneDate),
  },
  {
    key: 'nouvelleDate',
    header: messages.colonneNouvelleDate,
    placeholder: messages.filtreDatePlaceholder,
    className: 'moved-date',
    cell: (r) => <strong>{when(r.nouvelleDate)}</strong>,
  },
  {
    key: 'composant',
    header: messages.colonnePanne,
    options: options(COMPOSANTS, enumLabels.composant),
    cell: (r) =>
      fill(messages.reportPanneDuAu, {
        composant: enumLabels.composant[r.composant],
        debut: frenchDateTimeShort(new Date(r.debutPanne)),
        fin: frenchDateTimeShort(new Date(r.finPanne)),
      }),
  },
  {
    key: 'deplaceLe',
    header: messages.colonneReporteLe,
    placeholder: messages.filtreDatePlaceholder,
    className: 'moved-date',
    cell: (r) => frenchDateTimeShort(new Date(r.deplaceLe)),
  },
];

/**
 * /delais-reportes (docs/availability.md#the-deadlines-moved-staff): every offer's answer deadline
 * and instalment of rent an outage moved, one row per move, with the outage that caused it; the
 * regional manager its direction's, the central manager and the admin all. The shared
 * server-paginated table and its files.
 */
export default function DelaisReportesPage() {
  useDocumentTitle(messages.delaisReportesTitre);
  const list = useServerList({
    key: [LIST, 'delais-reportes'],
    path: '/campus/delai-reporte',
    pageSize: 20,
    staleTime: 0,
  });
  return (
    <section className="resource-screen moved-screen">
      <h1>{messages.delaisReportesTitre}</h1>
      <p className="staff-intro">{messages.delaisReportesIntro}</p>
      <p>
        <a href={STATUS_PAGE}>{messages.delaisReportesEtatService}</a>
        {messages.delaisReportesEtatServicePortee}
      </p>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="cle"
        label={messages.delaisReportesTitre}
        className="moved-table"
        empty={messages.delaisReportesVide}
        toolbar={<ExportButtons list={list} name="delais-reportes" formats={['csv', 'xlsx', 'pdf']} />}
      />
    </section>
  );
}
