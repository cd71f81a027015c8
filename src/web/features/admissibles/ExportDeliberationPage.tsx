import '../staff/staff.css';
import { messages } from '../../../domain/messages';
import { ExportButton } from '../../components/list/ExportButton';
import { ServerTable } from '../../components/list/ServerTable';
import { useDocumentTitle } from '../../lib/title';
import { AdmisCount } from './admisList';
import { useAdmisList } from './api';
import { admisColumns } from './columns';
import { useSessionChooser, type ChosenSession } from '../staff/SessionChooser';

const COLUMNS = admisColumns(['ine', 'nomEtudiant', 'prenomEtudiant', 'telEtudiant', 'nomVille', 'moyenne']);

function ExportTable({ chosen }: { chosen: ChosenSession }) {
  const list = useAdmisList('export-deliberation', '/campus/export-deliberation', chosen);
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
      above={<AdmisCount list={list} />}
    />
  );
}

/**
 * /export-deliberation (docs/api.md#exports, src/web/README.md#rules-every-screen-follows): the admitted students of a
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
