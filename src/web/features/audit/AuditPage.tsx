import '../../lib/prime';
import './audit.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState } from 'react';
import { auditActionLabels, enumLabel, messages } from '../../../domain/messages';
import { api, downloadFile, errorMessage, pageQuery, type PageRequest } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { useDebounced } from '../../lib/useDebounced';
import { lazyTableProps, sortParam, type TableSort } from '../../components/lazyTable';
import { ColumnFilterInput } from '../../components/ColumnFilterInput';

/** One entry of `GET campus/audit`. */
interface AuditRow {
  id: number;
  at: string;
  dateHeure: string;
  userName: string | null;
  action: string;
  resource: string;
  libelleRessource: string;
  resourceId: string | null;
  resume: string;
}

/**
 * The journal's columns: `key` is the API's name for sorting and filtering, `show` what a cell
 * reads (the server gives the date and time in Burkina Faso's time as DD/MM/YYYY HH:MM:SS, the
 * resource's French name and the detail in French).
 */
const COLUMNS: {
  key: string;
  header: string;
  sortable: boolean;
  show: (row: AuditRow) => string;
  className?: string;
  placeholder?: string;
}[] = [
  {
    key: 'at',
    header: messages.colonneDateHeure,
    sortable: true,
    show: (r) => r.dateHeure,
    className: 'audit-date',
    placeholder: 'JJ/MM/AAAA',
  },
  { key: 'userName', header: messages.colonneUtilisateur, sortable: true, show: (r) => r.userName ?? '' },
  { key: 'action', header: messages.colonneAction, sortable: true, show: (r) => enumLabel(r.action) },
  { key: 'resource', header: messages.colonneRessource, sortable: true, show: (r) => r.libelleRessource },
  {
    key: 'resourceId',
    header: messages.colonneIdentifiant,
    sortable: false,
    show: (r) => r.resourceId ?? '',
  },
  {
    key: 'detail',
    header: messages.colonneDetail,
    sortable: false,
    show: (r) => r.resume,
    className: 'audit-detail',
  },
];

const ACTION_OPTIONS = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));
const PAGE_SIZE = 20;

/**
 * 'Journal des opérations' (CONTRACT §3: ADMIN only): who created, changed or deleted what in the
 * settings, reset or changed a password, imported the registry. A server-paginated table, newest
 * first, with the global search, column filters, sorting on date, user, action and resource, and
 * the CSV export of what is shown. Read-only: the journal is written by the server alone.
 */
export default function AuditPage() {
  useDocumentTitle(messages.journalTitre);
  const toast = useToast();
  const [first, setFirst] = useState(0);
  const [sort, setSort] = useState<TableSort>({ field: 'at', order: -1 });
  const [search, setSearch] = useState('');
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>({});
  const [exporting, setExporting] = useState(false);

  const q = useDebounced(search);
  const filtres = useDebounced(filterInputs);
  useEffect(() => setFirst(0), [q, filtres]);

  const params: PageRequest = useMemo(
    () => ({
      page: Math.floor(first / PAGE_SIZE),
      size: PAGE_SIZE,
      sort: sortParam(sort),
      q: q.trim() || undefined,
      filtres: Object.fromEntries(Object.entries(filtres).filter(([, v]) => v.trim() !== '')),
    }),
    [first, sort, q, filtres],
  );

  // Every visit reads the journal again: it changes with each write made elsewhere.
  const query = useQuery({
    queryKey: ['audit', params],
    queryFn: ({ signal }) => api.page<AuditRow>(paths.api.journal, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;

  // A failed load always tells the user (CONTRACT §10).
  const lastError = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && query.error !== lastError.current) toast.failure(errorMessage(query.error));
    lastError.current = query.error;
  }, [query.error, toast]);

  async function exportCsv() {
    setExporting(true);
    try {
      const { q: text, filtres: filters, sort } = params;
      await downloadFile(
        paths.api.journal,
        { ...pageQuery({ q: text, filtres: filters, sort }), format: 'csv' },
        'journal_operations.csv',
      );
      toast.success(messages.exportReussi);
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setExporting(false);
    }
  }

  const filterElement = (key: string, header: string, placeholder?: string) => (
    <ColumnFilterInput
      header={header}
      value={filterInputs[key] ?? ''}
      onChange={(v) => setFilterInputs((f) => ({ ...f, [key]: v }))}
      options={key === 'action' ? ACTION_OPTIONS : undefined}
      placeholder={placeholder}
    />
  );

  const filters: DataTableFilterMeta = Object.fromEntries(
    COLUMNS.map((c) => [c.key, { value: filterInputs[c.key] || null, matchMode: 'contains' }]),
  );

  return (
    <section className="resource-screen audit-screen">
      <h1>{messages.journalTitre}</h1>
      <p className="lead">{messages.journalIntro}</p>
      <div className="toolbar">
        <div className="toolbar-buttons">
          <button
            type="button"
            className="p-button p-component p-button-outlined"
            onClick={() => query.refetch()}
          >
            <i className={query.isFetching ? 'pi pi-spin pi-refresh' : 'pi pi-refresh'} aria-hidden="true" />
            <span>{messages.rafraichir}</span>
          </button>
          <button
            type="button"
            className="p-button p-component p-button-help"
            disabled={exporting}
            onClick={exportCsv}
          >
            <i className={exporting ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
            <span>{messages.exporterCsv}</span>
          </button>
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
      <DataTable
        value={rows}
        dataKey="id"
        {...lazyTableProps({
          pageSize: PAGE_SIZE,
          first,
          total,
          setFirst,
          sort,
          setSort,
          query,
        })}
        filters={filters}
        className="resource-table audit-table"
        aria-label={messages.journalTitre}
      >
        {COLUMNS.map((c) => (
          <Column
            key={c.key}
            field={c.key}
            header={c.header}
            sortable={c.sortable}
            filter
            showFilterMenu={false}
            showClearButton={false}
            filterElement={filterElement(c.key, c.header, c.placeholder)}
            headerClassName={c.className}
            bodyClassName={c.className}
            body={(row: AuditRow) => c.show(row)}
          />
        ))}
      </DataTable>
    </section>
  );
}
