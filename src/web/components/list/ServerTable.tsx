import '../../lib/prime';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { messages } from '../../../domain/messages';
import { fill } from '../../lib/format';
import { ColumnFilterInput } from '../ColumnFilterInput';
import { lazyTableProps } from '../lazyTable';
import type { FilterOption } from './cells';
import type { ServerList } from './useServerList';

/** One column of a server-paginated table. */
export interface ListColumn<T> {
  /** The API's name, for sorting (`sort=key,asc`) and filtering (`filtre.key=…`). */
  key: string;
  /** French header, also the filter's accessible label ('Filtrer : …'). */
  header: string;
  /** Sortable on the server (default true). */
  sortable?: boolean;
  /** A column filter (default true). */
  filter?: boolean;
  /** A list of French labels instead of a text box (enumerations, booleans): exact match. */
  options?: FilterOption[];
  /** The text filter's placeholder (default 'Filtrer'; the journal's date: 'JJ/MM/AAAA'). */
  placeholder?: string;
  /** What a cell shows. */
  cell: (row: T) => ReactNode;
  /** Class of the header and body cells. */
  className?: string;
}

export interface ServerTableProps<T> {
  /** The list (`useServerList`). */
  list: ServerList<T>;
  columns: ListColumn<T>[];
  /** The rows' id field. */
  dataKey: string;
  /** The table's accessible name (the screen's title). */
  label: string;
  /** Classes added to `resource-table`. */
  className?: string;
  /** Toolbar buttons before Rafraîchir (Ajouter). */
  before?: ReactNode;
  /** Toolbar buttons after Rafraîchir (Importer, ExportButton). */
  toolbar?: ReactNode;
  /** Content between the toolbar and the table. */
  above?: ReactNode;
  /** A last, frozen 'Actions' column with these buttons per row. */
  rowActions?: (row: T) => ReactNode;
  /** The global search box (default true); false when the page's own box sets `list.setSearch`. */
  search?: boolean;
  /**
   * What an empty list says when nothing narrows it (no search, no filter): why it is empty
   * (default: « Aucun résultat », which a search or a filter still says).
   */
  empty?: string;
}

/**
 * The one server-paginated table: the toolbar (buttons, Rafraîchir, the global search), then
 * PrimeReact's lazy DataTable with a filter per column, server paging and sorting, and the row
 * actions. Its state is the caller's `useServerList`. On a phone, where the header row and its
 * filters give way to one card per row, the same filters sit in a panel opened by a button above
 * the table (`PhoneFilters`).
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { list, columns } = props;
  const frame = useRef<HTMLDivElement>(null);
  const overflowing = useOverflow(frame, Boolean(props.rowActions));
  const filters: DataTableFilterMeta = Object.fromEntries(
    columns.map((c) => [c.key, { value: list.filterInputs[c.key] || null, matchMode: 'contains' }]),
  );
  return (
    <>
      <div className="toolbar">
        <div className="toolbar-buttons">
          {props.before}
          <button type="button" className="p-button p-component p-button-outlined" onClick={list.refetch}>
            <i className={list.loading ? 'pi pi-spin pi-refresh' : 'pi pi-refresh'} aria-hidden="true" />
            <span>{messages.rafraichir}</span>
          </button>
          {props.toolbar}
        </div>
        {props.search !== false && (
          <span className="search">
            <i className="pi pi-search" aria-hidden="true" />
            <InputText
              type="search"
              value={list.search}
              onChange={(e) => list.setSearch(e.target.value)}
              // Enter sends the search at once (otherwise it goes once the typing pauses).
              onKeyDown={(e) => {
                if (e.key === 'Enter') list.submitSearch();
              }}
              placeholder={messages.rechercheGlobale}
              aria-label={messages.rechercheGlobale}
            />
          </span>
        )}
      </div>
      {props.above}
      <PhoneFilters list={list} columns={columns} />
      <div ref={frame} className="server-table-frame">
        <DataTable
          value={list.rows as object[]}
          dataKey={props.dataKey}
          {...lazyTableProps({
            pageSize: list.pageSize,
            first: list.first,
            total: list.total,
            setFirst: list.setFirst,
            sort: list.sort,
            setSort: list.setSort,
            query: list.query,
          })}
          filters={filters}
          {...(props.empty &&
          !list.query.isError &&
          !list.query.isPending &&
          !list.search.trim() &&
          !Object.values(list.filterInputs).some(Boolean)
            ? { emptyMessage: props.empty }
            : {})}
          // No filter row at all when no column filters (an empty band under the headers otherwise).
          {...(columns.some((c) => c.filter ?? true) ? {} : { filterDisplay: undefined })}
          className={props.className ? `resource-table ${props.className}` : 'resource-table'}
          aria-label={props.label}
        >
          {columns.map((c) => (
            <Column
              key={c.key}
              field={c.key}
              header={c.header}
              sortable={c.sortable ?? true}
              filter={c.filter ?? true}
              showFilterMenu={false}
              showClearButton={false}
              filterElement={
                <ColumnFilterInput
                  header={c.header}
                  value={list.filterInputs[c.key] ?? ''}
                  onChange={(v) => list.setFilter(c.key, v)}
                  options={c.options}
                  placeholder={c.placeholder}
                />
              }
              headerClassName={c.className}
              bodyClassName={c.className}
              body={(row: T) => c.cell(row)}
            />
          ))}
          {props.rowActions && (
            <Column
              header={messages.colonneActions}
              frozen={overflowing}
              alignFrozen="right"
              headerClassName="actions-column"
              bodyClassName="actions-column"
              body={(row: T) => <span className="row-actions">{props.rowActions!(row)}</span>}
            />
          )}
        </DataTable>
      </div>
    </>
  );
}

/**
 * The column filters on a phone (below 720 px, styles.css shows it there only): a button naming
 * how many are set opens a panel with one labelled control per filterable column, the same
 * control and the same state (`list.filterInputs`) as the header's filter row of a wider screen,
 * so that a filter set on one is the filter of the other; « Effacer les filtres » clears them all.
 */
function PhoneFilters<T>({ list, columns }: { list: ServerList<T>; columns: ListColumn<T>[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const filtered = columns.filter((c) => c.filter ?? true);
  if (filtered.length === 0) return null;
  const active = filtered.filter((c) => (list.filterInputs[c.key] ?? '').trim() !== '').length;
  return (
    <div className="phone-filters">
      <button
        type="button"
        className="p-button p-component p-button-outlined"
        aria-expanded={open}
        aria-controls={open ? `${id}-panneau` : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="filtres-telephone"
      >
        <i className="pi pi-filter" aria-hidden="true" />
        <span>
          {active > 0 ? fill(messages.filtresTableauActifs, { n: active }) : messages.filtresTableau}
        </span>
      </button>
      {/* Drawn only while open: closed, its controls would double the header's (one label, two fields). */}
      {open && (
        <div id={`${id}-panneau`} className="phone-filters-panel">
          {filtered.map((c) => (
            <div key={c.key} className="field">
              <label htmlFor={`${id}-${c.key}`}>{c.header}</label>
              <ColumnFilterInput
                id={`${id}-${c.key}`}
                header={c.header}
                value={list.filterInputs[c.key] ?? ''}
                onChange={(v) => list.setFilter(c.key, v)}
                options={c.options}
                placeholder={c.placeholder}
              />
            </div>
          ))}
          {active > 0 && (
            <button
              type="button"
              className="p-button p-component p-button-text"
              onClick={() => {
                for (const c of filtered) if (list.filterInputs[c.key]) list.setFilter(c.key, '');
              }}
            >
              <i className="pi pi-filter-slash" aria-hidden="true" />
              <span>{messages.effacerFiltres}</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Whether the table is wider than its frame (a sideways scroll), watched as the frame, the table
 * and the rows change. Only then is the Actions column frozen at the right: over the columns that
 * scroll beneath it, with its shadow; a table that fits has a plain last column, which lies over
 * nothing and casts no shadow on its neighbour (docs/decisions/040-staff-tables-and-roles.md).
 */
function useOverflow(frame: RefObject<HTMLDivElement | null>, enabled: boolean): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const root = frame.current;
    if (!enabled || !root || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const wrapper = root.querySelector<HTMLElement>('.p-datatable-wrapper');
      setOverflowing(Boolean(wrapper && wrapper.scrollWidth > wrapper.clientWidth + 1));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    const table = root.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [frame, enabled]);
  return overflowing;
}
