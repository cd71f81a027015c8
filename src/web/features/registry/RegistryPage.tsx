import '../../lib/prime';
import './registry.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SEXES } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { can, scopeOf } from '../../../domain/permissions';
import { fieldLabel } from '../../../domain/resources/labels';
import type { FieldType } from '../../../domain/resources/types';
import type { RegistryListRow } from '../../../domain/schemas/registry';
import { ExportButton } from '../../components/list/ExportButton';
import { filterOptions, formatCell } from '../../components/list/cells';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { listKey, useServerList } from '../../components/list/useServerList';
import { roleOf, useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { ImportDialog } from './ImportDialog';
import { Code } from '../../components/Code';

/** The registry's columns: the API's field, its type (French cells and filters). */
const FIELDS: [name: keyof RegistryListRow, type: FieldType, values?: readonly string[]][] = [
  ['ine', 'text'],
  ['nomEtudiant', 'text'],
  ['prenomEtudiant', 'text'],
  ['sexeEtudiant', 'enum', SEXES],
  ['dateNaissance', 'date'],
  ['villeOrientation', 'text'],
  ['universite', 'text'],
  ['anneesHebergement', 'integer'],
  ['compte', 'boolean'],
];

const COLUMNS: ListColumn<RegistryListRow>[] = FIELDS.map(([name, type, values]) => ({
  key: name,
  header: fieldLabel(name),
  // The years counted are a count per row: shown, neither sorted nor filtered (decision 141).
  ...(name === 'anneesHebergement'
    ? { sortable: false, filter: false }
    : { options: filterOptions(type, values, name) }),
  cell:
    name === 'ine'
      ? (row) => <Code>{formatCell(type, row[name], name)}</Code>
      : (row) => formatCell(type, row[name], name),
}));

/**
 * 'Registre des étudiants' (docs/roles.md, docs/accounts.md): staff read the registry in a server-paginated table
 * (10 rows, search ignoring case and accents, column filters, sorting) and export what they see as
 * CSV; the admin imports a file. A regional manager sees only its direction's students: the server
 * restricts the list, the screen says so.
 */
export default function RegistryPage() {
  useDocumentTitle(messages.registreTitre);
  const queryClient = useQueryClient();
  const user = useUser();
  const role = roleOf(user);
  const mayImport = can(role, 'registry.import');
  const ownDirection = scopeOf(role, 'registry.read') === 'direction';
  const [importing, setImporting] = useState(false);
  const list = useServerList({
    key: listKey.registry(),
    path: '/campus/registre-etudiant',
    pageSize: 10,
  });

  return (
    <section className="resource-screen">
      <h1>{messages.registreTitre}</h1>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idEtudiant"
        label={messages.registreTitre}
        toolbar={
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
            <ExportButton list={list} fileName="registre_etudiant.csv" />
          </>
        }
        above={
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
          onImported={() => queryClient.invalidateQueries({ queryKey: listKey.registry() })}
        />
      )}
    </section>
  );
}
