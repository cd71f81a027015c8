/**
 * A list call's query read: `page`, `size`, `q`, `sort`, `filtre.*` and the ids a list is scoped
 * by (400 naming the parameter).
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/limits';
import { messages } from '../../domain/messages';
import { AppError, fieldError } from '../errors';
import type { FilterMode, ListColumn, ListQuery, ListSource, SortKey } from './source';

function asInt(value: unknown, champ: string, min: number, max: number): number {
  // A number: already read by the route's schema (`listQuerySchema`).
  const n = Number(value);
  if (
    !(typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) ||
    n < min ||
    n > max
  ) {
    throw fieldError(champ, 'valeurInvalide');
  }
  return n;
}

export const sortable = (c: ListColumn | undefined) => c !== undefined && c.sortable !== false;
/** How `filtre.<column>` matches for this column (its own mode, else by its type). */
export const filterModeOf = (c: ListColumn): FilterMode =>
  c.filter ??
  (c.type === 'id' || c.type === 'enum' || c.type === 'boolean'
    ? 'equals'
    : c.type === 'date' || c.type === 'timestamp'
      ? 'date'
      : 'contains');

export function parseSort(text: string, columns: Record<string, ListColumn>): SortKey[] {
  return text
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const [column, dir] = part.split(',').map((s) => s.trim());
      if (!column || !sortable(columns[column]) || (dir && !['asc', 'desc'].includes(dir.toLowerCase()))) {
        throw new AppError('VALIDATION', 'triInvalide', [{ champ: 'sort', message: messages.triInvalide }]);
      }
      return { column, desc: dir?.toLowerCase() === 'desc' };
    });
}

/**
 * A list's own id parameter in the query string (`idDirection=3`), beside `page,size,q,sort,filtre.*`:
 * absent or empty → undefined; anything but 1 to 9 digits → 400 naming the parameter.
 */
export function queryId(query: Record<string, unknown>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  // Already read by the route's schema (`optionalIdParam`).
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw fieldError(name, 'valeurInvalide');
  return Number(value);
}

/** Like `queryId`, for a parameter the call cannot do without (400 'Ce champ est obligatoire.'). */
export function requiredQueryId(query: Record<string, unknown>, name: string): number {
  const id = queryId(query, name);
  if (id === undefined) throw fieldError(name);
  return id;
}

/** The last page a list may be asked for. */
export const MAX_PAGE = 10_000_000;

/** Reads `page`, `size`, `q`, `sort` and `filtre.*` (400 naming the parameter when malformed). */
export function parseListQuery(query: Record<string, unknown>, source: ListSource<unknown>): ListQuery {
  const asked = query.page !== undefined || query.size !== undefined;
  const page = query.page === undefined ? 0 : asInt(query.page, 'page', 0, MAX_PAGE);
  const size = query.size === undefined ? DEFAULT_PAGE_SIZE : asInt(query.size, 'size', 1, MAX_PAGE_SIZE);
  const q = typeof query.q === 'string' && query.q.trim() !== '' ? query.q.trim() : undefined;
  const sortText =
    typeof query.sort === 'string' && query.sort.trim() !== '' ? query.sort : source.defaultSort;
  const sort = parseSort(sortText, source.columns);
  const filtres: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('filtre.')) continue;
    const column = source.columns[key.slice('filtre.'.length)];
    if (!column || filterModeOf(column) === 'none') throw fieldError(key, 'valeurInvalide');
    if (typeof value === 'string' && value.trim() !== '') filtres[key.slice('filtre.'.length)] = value.trim();
  }
  return { paged: asked || source.alwaysPaged === true, page, size, q, sort, filtres };
}

/** A word search (the registry's, the dossiers') reads at most this many words of `q`. */
export const SEARCH_MAX_WORDS = 8;

/** The words of a search text, at most SEARCH_MAX_WORDS; NUL (PostgreSQL text cannot hold it) dropped. */
export function searchWords(q: string): string[] {
  return q.replace(/\0/g, '').split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
}
