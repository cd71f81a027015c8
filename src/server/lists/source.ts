/**
 * What a list is: a source (its FROM, columns, sort and conditions) and a parsed query
 * (docs/api.md#lists).
 */
import type { SQL } from 'drizzle-orm';

export type ColumnType = 'text' | 'integer' | 'number' | 'date' | 'timestamp' | 'boolean' | 'enum' | 'id';

/**
 * How `filtre.<column>` matches: `contains` ignoring case and accents; `equals` for ids,
 * enumerations and booleans (`1` must not find `11`, `M` not `MIXTE`); `date` as shown on screen
 * (`03/10/2025`, `10/2025`, or the ISO form); `none`: not filterable.
 */
export type FilterMode = 'contains' | 'equals' | 'date' | 'none';

export interface ListColumn {
  /** The value's expression: selected, sorted, filtered (unless overridden below). */
  sql: SQL;
  type: ColumnType;
  filter?: FilterMode;
  /** What `filtre.*` and `q` look at, when not the value (a date as shown, a code and its label). */
  filterSql?: SQL;
  /** What `sort` orders by, when not the value (a timestamp shown as text). */
  sortSql?: SQL;
  /** Part of the default `q` (default: every column but ids and booleans). */
  search?: boolean;
  /** Accepted by `sort` (default true). */
  sortable?: boolean;
  /** Not selected in the rows (filter, search or sort only). */
  hidden?: boolean;
  /** Never NULL: lets an export bound its key scan (an index range). */
  notNull?: boolean;
  /** An enumeration's values, from the schema's column (`col`, ./columns.ts). */
  values?: readonly string[];
}

export interface SortKey {
  column: string;
  desc: boolean;
}

export interface ListSource<Row = Record<string, unknown>> {
  /** Name, for messages and logs. */
  name: string;
  from: SQL;
  columns: Record<string, ListColumn>;
  /** Conditions always applied (live rows). */
  where?: SQL[];
  /** `field,asc;field2,desc`. */
  defaultSort: string;
  /** A unique, never-NULL key ending every order: the tie-breaker, and the keyset's last key. */
  key: SQL;
  /** Keys ordered after the requested ones, before the unique key (the journal: newest first). */
  thenBy?: (sort: SortKey[]) => SortKey[];
  /** Direction of the unique key (default ascending). */
  keyDesc?: (sort: SortKey[]) => boolean;
  /** A `q` of the source's own (the registry's word search); default: contains over searchable columns. */
  search?: (q: string) => SQL[];
  /** Completes a row read from the database. */
  map?: (row: Record<string, unknown>) => Row;
  /** Lists that grow large are always paged: DEFAULT_PAGE_SIZE rows when the caller gives no size. */
  alwaysPaged?: boolean;
  /**
   * The table whose live rows are this list when nothing but `where` applies, counted by the
   * database (`compteur_lignes`, migration 0016): such a page reads its total there.
   */
  counter?: string;
  /**
   * Its FROM groups rows (a sum per day and account): a page and an export read their rows with
   * their keys, in one grouped query, instead of reading each key's row again through the FROM,
   * which would group the whole source once per row.
   */
  grouped?: boolean;
  /**
   * Its row costs about what its keys cost (one table and parents joined by their unique key, no
   * sub-select, an index for its default order): an export reads each batch's rows with their
   * keys, one statement a batch, instead of the keys first and then each key's row again
   * (`iterateList`; the repair requests, docs/decisions/107-repairs-export-rows-with-keys.md).
   */
  rowsWithKeys?: boolean;
}

export interface ListQuery {
  /** Whether the caller asked for a page (or the source is always paged). */
  paged: boolean;
  page: number;
  size: number;
  q?: string;
  sort: SortKey[];
  filtres: Record<string, string>;
}
