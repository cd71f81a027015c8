import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { lit } from '../../../domain/resources/definitions';
import { downloadFile, errorMessage, pageQuery } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { ResourceScreen } from './ResourceScreen';

/** Columns of 'Liste des données des cités', as in the CSV the server writes. */
export const EXPORT_COLUMNS = [
  'nomVille',
  'nomCite',
  'libelleBatiment',
  'libelleNiveau',
  'libelleCouloir',
  'libelleChambre',
  'libelleCategorieChambre',
  'libelleLit',
];

/**
 * Export (administration specification §2): the beds with their place in the housing stock,
 * 10 rows per page, and 'Exporter' downloading the same list (same search and filters) as CSV.
 */
export default function ExportPage() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <ResourceScreen
      def={lit}
      title={messages.exportTitre}
      columns={EXPORT_COLUMNS}
      pageSize={10}
      readOnly
      toolbar={({ params }) => (
        <button
          type="button"
          className="p-button p-component p-button-help"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              const query = pageQuery({ q: params.q, filtres: params.filtres, sort: params.sort });
              await downloadFile(paths.api.liste(lit.name), { ...query, format: 'csv' }, 'lits.csv');
              toast.success(messages.exportReussi);
            } catch (err) {
              toast.failure(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
          <span>{messages.exporter}</span>
        </button>
      )}
    />
  );
}
