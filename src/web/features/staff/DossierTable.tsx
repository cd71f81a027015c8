import './staff.css';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { ExportButton } from '../../components/list/ExportButton';
import { ServerTable } from '../../components/list/ServerTable';
import { listKey, useServerList } from '../../components/list/useServerList';
import type { ListExtra } from '../../lib/client';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { dossierColumns } from './columns';
import { nomComplet } from './api';

/** Rows per page of the staff lists (src/web/README.md#lists-server-paginated-screens). */
export const PAGE_SIZE = 10;

/**
 * The columns a manager works with, in the order it reads a row, fitting a 1366 px screen without
 * a sideways scroll (docs/sessions-and-dossiers.md#the-deposit-lists): the birth date and the phone are
 * on the dossier's page and in the Excel export. The ville, for a list of one direction; the
 * direction (whose name holds its city), for a list of several. /depot-general shows one academic
 * year, named by its chooser above the table: no column repeats it (the Excel export keeps it).
 */
const columns = (withDirection: boolean) =>
  dossierColumns([
    'referenceDossier',
    'ine',
    'nomEtudiant',
    'prenomEtudiant',
    // The direction's name is long (its city in it): a list of several directions leaves the sex
    // to the export and the dossier's page, so that its columns still fit 1366 px.
    ...(withDirection ? (['libelleDirection'] as const) : (['sexeEtudiant', 'nomVille'] as const)),
    'typeDossier',
    'statutDossier',
    'moyenne',
    'dateDepot',
  ]);
const COLUMNS = columns(false);
const COLUMNS_DIRECTIONS = columns(true);

/**
 * The deposits in the shared server-paginated table (10 rows, global search, column filters,
 * sorting, the total), an optional Excel export and a view action to the consultation page.
 */
export function DossierTable(props: {
  scope: string;
  label: string;
  extra?: ListExtra<'/campus/dossier'>;
  /** The table's columns (the deposit list's usual ones when absent). */
  columns?: ReturnType<typeof dossierColumns>;
  /** Excel export file name (no export when absent). */
  exportName?: string;
  /** The list holds several directions (the admin's and the central manager's /depot-general). */
  directions?: boolean;
}) {
  const list = useServerList({
    key: listKey.dossiers(props.scope),
    path: '/campus/dossier',
    pageSize: PAGE_SIZE,
    extra: props.extra,
  });
  return (
    <ServerTable
      list={list}
      columns={props.columns ?? (props.directions ? COLUMNS_DIRECTIONS : COLUMNS)}
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
