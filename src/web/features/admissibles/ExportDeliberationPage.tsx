import '../staff/staff.css';
import { messages } from '../../../domain/messages';
import { ExportButton } from '../../components/list/ExportButton';
import { ServerTable } from '../../components/list/ServerTable';
import { LIST, useServerList } from '../../components/list/useServerList';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { delibPaths } from '../deliberation/data';
import { admisColumns, type AdmisRow } from './columns';
import { useSessionChooser, type ChosenSession } from './SessionChooser';

const PAGE_SIZE = 10;

const COLUMNS = admisColumns(['ine', 'nomEtudiant', 'prenomEtudiant', 'telEtudiant', 'nomVille', 'moyenne']);

function ExportTable({ chosen }: { chosen: ChosenSession }) {
  const list = useServerList<AdmisRow>({
    key: [LIST, 'export-deliberation'],
    path: delibPaths.api.exportDeliberation,
    pageSize: PAGE_SIZE,
    extra: { idSessionCenou: chosen.idSessionCenou, idDirection: chosen.idDirection },
  });
  return (
    <ServerTable
      list={list}
      columns={COLUMNS}
      dataKey="ine"
      label={messages.exportDeliberationTitre}
      toolbar={
        <ExportButton
          list={list}
          fileName="export_deliberation.csv"
          format="csv"
          label={messages.exporterCsv}
        />
      }
      above={
        <p className="count" aria-live="polite" data-testid="nombre-admis">
          {list.loading && list.rows.length === 0
            ? messages.chargement
            : fill(messages.admisTrouves, { n: list.total })}
        </p>
      }
    />
  );
}

/**
 * /export-deliberation (workflow specification §2; CONTRACT §8, §10): the admitted students of a
 * session with their phone, in the shared table, and their CSV export with a real success message.
 */
export default function ExportDeliberationPage() {
  useDocumentTitle(messages.exportDeliberationTitre);
  const { chosen, fields } = useSessionChooser('deliberation.export', 'export');
  return (
    <section className="resource-screen">
      <h1>{messages.exportDeliberationTitre}</h1>
      <p className="staff-intro">{messages.exportDeliberationIntro}</p>
      {fields}
      {chosen && <ExportTable chosen={chosen} />}
    </section>
  );
}
