import './staff.css';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { ExportButton } from '../../components/list/ExportButton';
import { ServerTable } from '../../components/list/ServerTable';
import { listKey, useServerList } from '../../components/list/useServerList';
import type { Query } from '../../lib/api';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { dossierColumns } from './columns';
import { nomComplet } from './api';
import type { DossierListRow } from '../../../domain/schemas/staff';

/** Rows per page of the staff lists (workflow specification §9). */
export const PAGE_SIZE = 10;

const NAMES: (keyof DossierListRow)[] = [
  'referenceDossier',
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'sexeEtudiant',
  'dateNaissance',
  'telEtudiant',
  'nomVille',
  'libelleDirection',
  'typeDossier',
  'statutDossier',
  'moyenne',
  'dateDepot',
];
const COLUMNS = dossierColumns(NAMES);
/** /depot-general's: the session's academic year after the reference (its list spans several). */
export const GENERAL_COLUMNS = dossierColumns([NAMES[0], 'anneeAcademique', ...NAMES.slice(1)]);

/**
 * The deposits in the shared server-paginated table (10 rows, global search, column filters,
 * sorting, the total), an optional Excel export and a view action to the consultation page.
 */
export function DossierTable(props: {
  scope: string;
  label: string;
  extra?: Query;
  /** The table's columns (the deposit list's usual ones when absent). */
  columns?: ReturnType<typeof dossierColumns>;
  /** Excel export file name (no export when absent). */
  exportName?: string;
}) {
  const list = useServerList<DossierListRow>({
    key: listKey.dossiers(props.scope),
    path: paths.api.dossiers,
    pageSize: PAGE_SIZE,
    extra: props.extra,
  });
  return (
    <ServerTable
      list={list}
      columns={props.columns ?? COLUMNS}
      dataKey="idDossier"
      label={props.label}
      toolbar={
        props.exportName ? <ExportButton list={list} fileName={props.exportName} format="xlsx" /> : undefined
      }
      above={
        <p className="count" aria-live="polite" data-testid="nombre-dossiers">
          {list.loading && list.rows.length === 0
            ? messages.chargement
            : fill(messages.dossiersTrouves, { n: list.total })}
        </p>
      }
      rowActions={(row) => (
        <Link
          to={paths.staff.consulter(row.idDossier, row.ine)}
          className="p-button p-component p-button-icon-only p-button-rounded p-button-text"
          aria-label={fill(messages.voirDossierDe, { nom: nomComplet(row) || row.ine })}
          title={fill(messages.voirDossierDe, { nom: nomComplet(row) || row.ine })}
        >
          <i className="pi pi-eye" aria-hidden="true" />
        </Link>
      )}
    />
  );
}
