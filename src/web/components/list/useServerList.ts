import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import {
  fetchPage,
  type ListExtra,
  type ListPath,
  type ListRequest,
  type ListRow,
  type Page,
} from '../../lib/client';
import { useToast } from '../../lib/toast';
import { useDebounced, useFlushableDebounced } from '../../lib/useDebounced';
import { sortParam, type TableSort } from '../lazyTable';

/** The first element of every list's query key: `['list', …feature]` (see `listKey`). */
export const LIST = 'list';

/**
 * Query keys of the server-paginated lists, one per feature: a save invalidates exactly the
 * lists it changed (`['list', 'resource', 'lit']`), never the others.
 */
export const listKey = {
  resource: (name: string) => [LIST, 'resource', name] as const,
  registry: () => [LIST, 'registry'] as const,
  audit: () => [LIST, 'audit'] as const,
  /** The dossiers of the staff screens (deposits, analysis): an analysis reloads them all. */
  dossiers: (...scope: string[]) => [LIST, 'dossiers', ...scope] as const,
};

export interface ServerListOptions<P extends ListPath> {
  /** The feature's query key (`listKey.…`); the page parameters are appended to it. */
  key: readonly unknown[];
  /** The API path of the list, as the description writes it (`'/campus/lit'`): its rows' type. */
  path: P;
  /** Rows per page. */
  pageSize: number;
  /** The sort before the user picks one (the journal: newest first). */
  initialSort?: TableSort;
  /** Further parameters (equality filters, `username=…`); a change goes back to the first page. */
  extra?: ListExtra<P>;
  /** The path's own parameters (`{ idCampagne }`), part of the list's identity. */
  pathParams?: Record<string, string | number>;
  /** How long a page stays fresh (the journal: 0, read again at every visit). */
  staleTime?: number;
  /** The search box's text at first (a page's address `?q=`, sent at once). */
  initialSearch?: string;
}

/** The state of one server-paginated list, as `ServerTable` and `ExportButton` read it. */
export interface ServerList<T, P extends ListPath = ListPath> {
  path: P;
  pageSize: number;
  rows: T[];
  total: number;
  /** A page is being read. */
  loading: boolean;
  query: UseQueryResult<Page<T>>;
  /** Index of the first row shown (PrimeReact's `first`). */
  first: number;
  setFirst(first: number): void;
  sort: TableSort;
  setSort(sort: TableSort): void;
  /** The global search box's text (sent debounced). */
  search: string;
  setSearch(text: string): void;
  /** Sends the search box's text now (Enter), without waiting for the typing to pause. */
  submitSearch(): void;
  /** The column filters' texts (sent debounced), by column key. */
  filterInputs: Record<string, string>;
  setFilter(column: string, value: string): void;
  /** The parameters of the page shown. */
  params: ListRequest<ListExtra<P>>;
  /** The same list without paging, for an export of what is shown: q, filtre.*, sort, extra. */
  exportParams: ListRequest<ListExtra<P>>;
  refetch(): void;
}

/**
 * One server-paginated list (docs/api.md: `?page&size&sort&q&filtre.*`, total in `X-Total-Count`):
 * paging, sorting, the debounced global search and column filters, extra parameters. A new search,
 * filter or parameter starts again at the first page; a page left empty by a delete steps back to
 * the last one; a failed load is told once with a toast (src/web/README.md#rules-every-screen-follows).
 */
export function useServerList<P extends ListPath>(options: ServerListOptions<P>): ServerList<ListRow<P>, P> {
  const { path, pageSize } = options;
  const toast = useToast();
  const [first, setFirst] = useState(0);
  const [sort, setSort] = useState<TableSort>(options.initialSort ?? { field: undefined, order: null });
  const [search, setSearch] = useState(options.initialSearch ?? '');
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>({});

  const [q, submitSearch] = useFlushableDebounced(search);
  const filtres = useDebounced(filterInputs);
  const extraKey = JSON.stringify(options.extra ?? {});
  const pathKey = JSON.stringify(options.pathParams ?? null);

  // A new search, filter or parameter starts again at the first page.
  useEffect(() => setFirst(0), [q, filtres, extraKey]);

  const params: ListRequest<ListExtra<P>> = useMemo(
    () => ({
      page: Math.floor(first / pageSize),
      size: pageSize,
      sort: sortParam(sort),
      q: q.trim() || undefined,
      filtres: Object.fromEntries(Object.entries(filtres).filter(([, v]) => v.trim() !== '')),
      extra: JSON.parse(extraKey) as ListExtra<P>,
      pathParams: (JSON.parse(pathKey) as Record<string, string | number> | null) ?? undefined,
    }),
    [first, pageSize, sort, q, filtres, extraKey, pathKey],
  );

  const query = useQuery({
    queryKey: [...options.key, params],
    queryFn: ({ signal }) => fetchPage(path, params, signal),
    placeholderData: keepPreviousData,
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
  });
  const total = query.data?.total ?? 0;

  // A failed load always tells the user (src/web/README.md#rules-every-screen-follows), once per failure.
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

  const setFilter = useCallback(
    (column: string, value: string) => setFilterInputs((f) => ({ ...f, [column]: value })),
    [],
  );
  const exportParams = useMemo(
    () => ({
      q: params.q,
      filtres: params.filtres,
      sort: params.sort,
      extra: params.extra,
      pathParams: params.pathParams,
    }),
    [params],
  );
  const { refetch: refetchQuery } = query;
  const refetch = useCallback(() => void refetchQuery(), [refetchQuery]);

  return {
    path,
    pageSize,
    rows: query.data?.rows ?? [],
    total,
    loading: query.isFetching,
    query,
    first,
    setFirst,
    sort,
    setSort,
    search,
    setSearch,
    submitSearch,
    filterInputs,
    setFilter,
    params,
    exportParams,
    refetch,
  };
}
