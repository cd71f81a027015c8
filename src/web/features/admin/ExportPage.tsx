import { messages } from '../../../domain/messages';
import { lit } from '../../../domain/resources/definitions';
import { ExportButton } from '../../components/list/ExportButton';
import { ResourceScreen } from './ResourceScreen';

/** Columns of 'Liste des données des cités', as in the CSV the server writes (the definition's). */
export const EXPORT_COLUMNS = lit.exportColumns!;

/**
 * Export (settings, 'Paramètres cité' group): the beds with their place in the housing stock,
 * 10 rows per page, and 'Exporter' downloading the same list (same search and filters) as CSV.
 */
export default function ExportPage() {
  return (
    <ResourceScreen
      def={lit}
      title={messages.exportTitre}
      columns={EXPORT_COLUMNS}
      pageSize={10}
      readOnly
      toolbar={(list) => <ExportButton list={list} fileName="lits.csv" />}
    />
  );
}
