import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { messages } from '../../domain/messages';
import { errorMessage } from '../lib/api';

export type SortOrder = 1 | 0 | -1 | null | undefined;

/** The sort of a server-paginated table (PrimeReact's field and order). */
export interface TableSort {
  field: string | undefined;
  order: SortOrder;
}

/** The API's `sort` parameter (`field,desc`) for a table sort, or nothing when unsorted. */
export function sortParam(sort: TableSort): string | undefined {
  return sort.field && sort.order ? `${sort.field},${sort.order === -1 ? 'desc' : 'asc'}` : undefined;
}

/**
 * The French paginator every table shows (on a phone, styles.css keeps it on one line: first,
 * previous, the report, next, last).
 */
const PAGINATOR = {
  paginatorTemplate: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
  currentPageReportTemplate: messages.rapportPagination,
};

/** The same paginator for a list that is not a table (`<Paginator>` of primereact/paginator). */
export const PAGINATOR_PROPS = {
  template: PAGINATOR.paginatorTemplate,
  currentPageReportTemplate: PAGINATOR.currentPageReportTemplate,
  className: 'list-paginator',
};

/** On phones, one card per row, each value after its column's title (styles.css, `.resource-table`). */
export const STACKED = { responsiveLayout: 'stack' as const, breakpoint: '720px' };

/**
 * A short list held whole by the client (a file's bad rows, a preview's list): small striped rows,
 * pages of 10 once it holds more. Spread into `<DataTable>`.
 */
export function localTableProps(count: number) {
  return {
    ...PAGINATOR,
    ...STACKED,
    paginator: count > 10,
    rows: 10,
    size: 'small' as const,
    stripedRows: true,
  };
}

/**
 * The props every server-paginated table shares (settings screens, registry, journal): lazy
 * paging and sorting driven by the caller's state, French paginator, loading state, the server's
 * error as the empty message, a stacked layout on phones. Spread into `<DataTable>`.
 */
export function lazyTableProps(o: {
  pageSize: number;
  first: number;
  total: number;
  setFirst(first: number): void;
  sort: TableSort;
  setSort(sort: TableSort): void;
  query: { isFetching: boolean; isError: boolean; error: unknown; isPending?: boolean };
}) {
  return {
    lazy: true,
    // No pages to turn when nothing matches: the body says « Aucun résultat », not « 0 à 0 sur 0 ».
    paginator: o.total > 0,
    rows: o.pageSize,
    first: o.first,
    totalRecords: o.total,
    onPage: (e: DataTablePageEvent) => o.setFirst(e.first),
    sortField: o.sort.field,
    sortOrder: o.sort.order,
    onSort: (e: DataTableSortEvent) => o.setSort({ field: e.sortField, order: e.sortOrder }),
    removableSort: true,
    filterDisplay: 'row' as const,
    loading: o.query.isFetching,
    // Before the first answer, « Chargement… »: « Aucun résultat » read as an empty list for an instant.
    emptyMessage: o.query.isError
      ? errorMessage(o.query.error)
      : o.query.isPending
        ? messages.chargement
        : messages.aucunResultat,
    ...PAGINATOR,
    ...STACKED,
    scrollable: true,
    size: 'small' as const,
    stripedRows: true,
  };
}
