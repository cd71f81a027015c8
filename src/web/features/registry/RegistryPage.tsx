import './registry.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { can, scopeOf } from '../../../domain/permissions';
import { ResourceScreen } from '../admin/ResourceScreen';
import { downloadFile, errorMessage, pageQuery } from '../../lib/api';
import { roleOf, useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { registryView } from './definition';
import { ImportDialog } from './ImportDialog';

/**
 * 'Registre des étudiants' (CONTRACT §3, §4): staff read the registry in a server-paginated table
 * (10 rows, search ignoring case and accents, column filters, sorting) and export what they see as
 * CSV; the admin imports a file. A regional manager sees only its direction's students: the server
 * restricts the list, the screen says so.
 */
export default function RegistryPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useUser();
  const role = roleOf(user);
  const mayImport = can(role, 'registry.import');
  const ownDirection = scopeOf(role, 'registry.read') === 'direction';
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  return (
    <>
      <ResourceScreen
        def={registryView}
        readOnly
        pageSize={10}
        toolbar={({ params }) => (
          <>
            {mayImport && (
              <button
                type="button"
                className="p-button p-component p-button-success"
                onClick={() => setImporting(true)}
              >
                <i className="pi pi-upload" aria-hidden="true" />
                <span>{messages.importer}</span>
              </button>
            )}
            <button
              type="button"
              className="p-button p-component p-button-help"
              disabled={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  const query = pageQuery({ q: params.q, filtres: params.filtres, sort: params.sort });
                  await downloadFile(
                    paths.api.registre,
                    { ...query, format: 'csv' },
                    'registre_etudiant.csv',
                  );
                  toast.success(messages.exportReussi);
                } catch (err) {
                  toast.failure(errorMessage(err));
                } finally {
                  setExporting(false);
                }
              }}
            >
              <i className={exporting ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
              <span>{messages.exporter}</span>
            </button>
          </>
        )}
        aboveTable={() =>
          ownDirection && user?.libelleDirection ? (
            <p className="registry-scope" data-testid="registre-direction">
              <i className="pi pi-sitemap" aria-hidden="true" />{' '}
              {fill(messages.registreDirection, { direction: user.libelleDirection })}
            </p>
          ) : null
        }
      />
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={() => queryClient.invalidateQueries({ queryKey: ['resource', registryView.name] })}
        />
      )}
    </>
  );
}
