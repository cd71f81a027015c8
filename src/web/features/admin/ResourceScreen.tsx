import '../../lib/prime';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { enumLabel, messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import type { FieldDef, ResourceDef, ResourceRow } from '../../../domain/resources/types';
import { api, errorMessage, type PageRequest, type Query } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { useDebounced } from '../../lib/useDebounced';
import { cellText, columnField, columnType } from './columns';
import type { EnumFilter } from './form';
import { ResourceDialog } from './ResourceDialog';
import { lazyTableProps, sortParam, type TableSort } from '../../components/lazyTable';
import { ColumnFilterInput } from '../../components/ColumnFilterInput';

export interface ScreenContext {
  /** The list parameters in use (page aside): for an export of what is shown. */
  params: PageRequest;
  total: number;
  loading: boolean;
}

export interface ResourceScreenProps {
  def: ResourceDef;
  /** Title of the screen (default: the definition's). */
  title?: string;
  /** Columns (default: the definition's). */
  columns?: string[];
  /** Rows per page (default: the definition's, else 5). */
  pageSize?: number;
  /** A list without add, edit and delete (the export screen). */
  readOnly?: boolean;
  /** Further list parameters (`username=…` on the users screen). */
  extraParams?: Query;
  /** Buttons added to the toolbar, after Ajouter and Rafraîchir. */
  toolbar?: (ctx: ScreenContext) => ReactNode;
  /** Content between the toolbar and the table. */
  aboveTable?: (ctx: ScreenContext) => ReactNode;
  /** Row actions added after edit and delete. */
  rowActions?: (row: ResourceRow) => ReactNode;
  /** Enumeration values offered in the dialog. */
  enumFilter?: EnumFilter;
}

/** Rows of a page and the total, from the server (lazy DataTable: paging, sorting, filters). */
function usePage(def: ResourceDef, request: PageRequest) {
  return useQuery({
    queryKey: ['resource', def.name, 'page', request],
    queryFn: ({ signal }) => api.page<ResourceRow>(paths.api.liste(def.name), request, signal),
    placeholderData: keepPreviousData,
  });
}

/** Column filter inputs: text 'contains', or a list of French labels for enumerations and booleans. */
function ColumnFilter(props: {
  def: ResourceDef;
  name: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { def, name, value, onChange } = props;
  const type = columnType(def, name);
  const field: FieldDef | undefined = columnField(def, name);
  const options =
    type === 'boolean'
      ? [
          { label: messages.vrai, value: 'true' },
          { label: messages.faux, value: 'false' },
        ]
      : type === 'enum'
        ? (field?.values ?? []).map((v) => ({ label: enumLabel(v), value: v }))
        : undefined;
  return <ColumnFilterInput header={fieldLabel(name)} value={value} onChange={onChange} options={options} />;
}

/**
 * The one list screen of the settings area, drawn from a resource definition (administration
 * specification §2): Ajouter and Rafraîchir, the global search, a lazy DataTable (server paging,
 * sorting and 'contains' filters), edit and delete per row, the 'Informations …' dialog and the
 * delete confirmation. Every save and delete waits for the server and says how it went.
 */
export function ResourceScreen(props: ResourceScreenProps) {
  const { def, readOnly = false } = props;
  const title = props.title ?? def.title;
  useDocumentTitle(title);
  const columns = props.columns ?? def.columns;
  const pageSize = props.pageSize ?? def.pageSize ?? 5;
  const toast = useToast();
  const queryClient = useQueryClient();

  const [first, setFirst] = useState(0);
  const [sort, setSort] = useState<TableSort>({ field: undefined, order: null });
  const [search, setSearch] = useState('');
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<{ mode: 'create' | 'edit'; row?: ResourceRow; key: number } | null>(
    null,
  );
  const dialogKey = useRef(0);

  const q = useDebounced(search);
  const filtres = useDebounced(filterInputs);
  const extraKey = JSON.stringify(props.extraParams ?? {});

  // A new search, filter or parameter starts again at the first page.
  useEffect(() => setFirst(0), [q, filtres, extraKey]);

  const params: PageRequest = useMemo(
    () => ({
      page: Math.floor(first / pageSize),
      size: pageSize,
      sort: sortParam(sort),
      q: q.trim() || undefined,
      filtres: Object.fromEntries(Object.entries(filtres).filter(([, v]) => v.trim() !== '')),
      extra: JSON.parse(extraKey) as Query,
    }),
    [first, pageSize, sort, q, filtres, extraKey],
  );

  const query = usePage(def, params);
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;

  // A failed load always tells the user (CONTRACT §10).
  const lastError = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && query.error !== lastError.current) toast.failure(errorMessage(query.error));
    lastError.current = query.error;
  }, [query.error, toast]);

  // After deleting the last row of the last page, show the page before.
  useEffect(() => {
    if (query.data && query.data.rows.length === 0 && first > 0 && query.data.total > 0) {
      setFirst(Math.max(0, (Math.ceil(query.data.total / pageSize) - 1) * pageSize));
    }
  }, [query.data, first, pageSize]);

  // A change may rename or remove an option of another screen's dropdowns (and the display
  // fields of other lists): drop the cached options, reload the lists.
  const refreshAll = async () => {
    queryClient.removeQueries({ queryKey: ['options'] });
    await queryClient.invalidateQueries({ queryKey: ['resource'] });
  };

  function askDelete(row: ResourceRow) {
    confirmDialog({
      header: messages.confirmerTitre,
      message: messages.confirmerSuppression,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: messages.oui,
      rejectLabel: messages.non,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          await api.patch(paths.api.element(def.name, String(row[def.idField])));
          toast.success();
          await refreshAll();
        } catch (err) {
          toast.failure(errorMessage(err));
        }
      },
    });
  }

  const openDialog = (mode: 'create' | 'edit', row?: ResourceRow) => {
    dialogKey.current += 1;
    setDialog({ mode, row, key: dialogKey.current });
  };

  const filters: DataTableFilterMeta = Object.fromEntries(
    columns.map((c) => [c, { value: filterInputs[c] || null, matchMode: 'contains' }]),
  );
  const ctx: ScreenContext = { params: { ...params, page: 0 }, total, loading: query.isFetching };

  return (
    <section className="resource-screen">
      <h1>{title}</h1>
      <div className="toolbar">
        <div className="toolbar-buttons">
          {!readOnly && (
            <button
              type="button"
              className="p-button p-component p-button-success"
              onClick={() => openDialog('create')}
            >
              <i className="pi pi-plus" aria-hidden="true" />
              <span>{messages.ajouter}</span>
            </button>
          )}
          <button
            type="button"
            className="p-button p-component p-button-outlined"
            onClick={() => query.refetch()}
          >
            <i className={query.isFetching ? 'pi pi-spin pi-refresh' : 'pi pi-refresh'} aria-hidden="true" />
            <span>{messages.rafraichir}</span>
          </button>
          {props.toolbar?.(ctx)}
        </div>
        <span className="search">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={messages.rechercheGlobale}
            aria-label={messages.rechercheGlobale}
          />
        </span>
      </div>
      {props.aboveTable?.(ctx)}
      <DataTable
        value={rows}
        dataKey={def.idField}
        {...lazyTableProps({
          pageSize: pageSize,
          first,
          total,
          setFirst,
          sort,
          setSort,
          query,
        })}
        filters={filters}
        className="resource-table"
        aria-label={title}
      >
        {columns.map((c) => (
          <Column
            key={c}
            field={c}
            header={fieldLabel(c)}
            sortable
            filter
            showFilterMenu={false}
            showClearButton={false}
            filterElement={
              <ColumnFilter
                def={def}
                name={c}
                value={filterInputs[c] ?? ''}
                onChange={(v) => setFilterInputs((f) => ({ ...f, [c]: v }))}
              />
            }
            body={(row: ResourceRow) => cellText(def, row, c)}
          />
        ))}
        {(!readOnly || props.rowActions) && (
          <Column
            header={messages.colonneActions}
            frozen
            alignFrozen="right"
            headerClassName="actions-column"
            bodyClassName="actions-column"
            body={(row: ResourceRow) => (
              <span className="row-actions">
                {!readOnly && (
                  <>
                    <button
                      type="button"
                      className="p-button p-component p-button-icon-only p-button-rounded p-button-text"
                      aria-label={messages.modifier}
                      title={messages.modifier}
                      onClick={() => openDialog('edit', row)}
                    >
                      <i className="pi pi-pencil" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="p-button p-component p-button-icon-only p-button-rounded p-button-text p-button-danger"
                      aria-label={messages.supprimer}
                      title={messages.supprimer}
                      onClick={() => askDelete(row)}
                    >
                      <i className="pi pi-trash" aria-hidden="true" />
                    </button>
                  </>
                )}
                {props.rowActions?.(row)}
              </span>
            )}
          />
        )}
      </DataTable>
      <ConfirmDialog />
      {dialog && (
        <ResourceDialog
          key={dialog.key}
          def={def}
          mode={dialog.mode}
          row={dialog.row}
          enumFilter={props.enumFilter}
          onClose={() => setDialog(null)}
          onSaved={async () => {
            setDialog(null);
            await refreshAll();
          }}
        />
      )}
    </section>
  );
}
