/**
 * The one list pipeline of the server (docs/api.md#lists, docs/api.md#exports). A list is a *source*: its
 * FROM clause, each column with its SQL, type and filter mode, a default sort ending on a unique
 * key, and the conditions that always apply (live rows, the access scope). The same source serves
 * a page (`page`, `size` ≤ 200, `q`, `sort`, `filtre.*`, the total in `X-Total-Count`) and the
 * CSV/XLSX exports of every matching row, walked by key (keyset) so that memory stays flat and a
 * row added or deleted during an export neither shifts nor repeats the others.
 *
 * Its parts: `source.ts` (what a list is), `parse.ts` (the call's query read), `sql.ts` (the
 * statements built), `page.ts` (the rows read), `reply.ts` (the answer or the download).
 */
export type { ColumnType, FilterMode, ListColumn, ListQuery, ListSource, SortKey } from './source';
export {
  filterModeOf,
  MAX_PAGE,
  parseListQuery,
  parseSort,
  queryId,
  requiredQueryId,
  SEARCH_MAX_WORDS,
  searchWords,
} from './parse';
export { computed, listColumns, literal, typeOfColumn, type ColumnExtra } from './columns';
export { containsSql, likePattern, searchConditions } from './sql';
export { iterateList, keptShapesOf, listPage, type ListPage } from './page';
export { fileTypeOf, sendList, type ListExport } from './reply';
