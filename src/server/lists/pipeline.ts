import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/limits';
import { messages } from '../../domain/messages';
import { buildQuery, preparedRows, rows, runBuilt, statementName, type Db } from '../db/client';
import { AppError, fieldError } from '../errors';
import { sendPdf, type PdfColumn } from '../exports/pdf';
import { listExportFormatOf, sendExport, type ExportColumn, type ExportTotals } from '../exports/writers';

/**
 * The one list pipeline of the server (docs/api.md#lists, docs/api.md#exports). A list is a *source*: its
 * FROM clause, each column with its SQL, type and filter mode, a default sort ending on a unique
 * key, and the conditions that always apply (live rows, the access scope). The same source serves
 * a page (`page`, `size` ≤ 200, `q`, `sort`, `filtre.*`, the total in `X-Total-Count`) and the
 * CSV/XLSX exports of every matching row, walked by key (keyset) so that memory stays flat and a
 * row added or deleted during an export neither shifts nor repeats the others.
 */

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

const sortable = (c: ListColumn | undefined) => c !== undefined && c.sortable !== false;
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

/** `%text%` with LIKE's wildcards escaped; NUL, which PostgreSQL text cannot hold, is dropped. */
export function likePattern(text: string): string {
  return `%${text.replace(/\0/g, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `fold(expr::text) LIKE fold('%text%')`: contains, ignoring case and accents. */
export function containsSql(expr: SQL, text: string): SQL {
  return sql`fold(${expr}::text) LIKE fold(${likePattern(text)}) ESCAPE '\\'`;
}

const filterExpr = (c: ListColumn) => c.filterSql ?? c.sql;

function filterSql(c: ListColumn, text: string): SQL {
  const expr = filterExpr(c);
  switch (filterModeOf(c)) {
    case 'equals':
      return sql`${expr}::text = ${text.replace(/\0/g, '')}`;
    case 'date':
      // As shown (DD/MM/YYYY, so `10/2025` finds October 2025) or as the API writes it (ISO).
      return c.filterSql
        ? containsSql(expr, text)
        : containsSql(sql`(to_char(${expr}, 'DD/MM/YYYY') || ' ' || ${expr}::text)`, text);
    default:
      return containsSql(expr, text);
  }
}

/** The WHERE conditions of `q` and `filtre.*`. */
export function searchConditions(source: ListSource<unknown>, lq: ListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (lq.q) {
    if (source.search) conditions.push(...source.search(lq.q));
    else {
      const ors = Object.values(source.columns)
        .filter((c) => c.search ?? (c.type !== 'id' && c.type !== 'boolean'))
        .map((c) => containsSql(filterExpr(c), lq.q!));
      if (ors.length) conditions.push(sql`(${sql.join(ors, sql` OR `)})`);
    }
  }
  for (const [column, text] of Object.entries(lq.filtres)) {
    conditions.push(filterSql(source.columns[column], text));
  }
  return conditions;
}

interface OrderKey {
  expr: SQL;
  desc: boolean;
  notNull: boolean;
}

function orderKeys(source: ListSource<unknown>, sort: SortKey[]): OrderKey[] {
  const keys = [...sort, ...(source.thenBy?.(sort) ?? [])].map((s) => {
    const c = source.columns[s.column];
    return { expr: c.sortSql ?? c.sql, desc: s.desc, notNull: c.notNull === true };
  });
  keys.push({ expr: source.key, desc: source.keyDesc?.(sort) ?? false, notNull: true });
  return keys;
}

/**
 * NULLs last in either direction. A never-NULL key is written plain (`DESC`, `ASC`): the same
 * order, but one a B-tree index matches (`DESC NULLS LAST` is not the backward scan of an
 * ascending index, which gives `DESC NULLS FIRST`, so the database would sort every row).
 */
function direction(k: { desc: boolean; notNull: boolean }): SQL {
  if (k.notNull) return sql.raw(k.desc ? 'DESC' : 'ASC');
  return sql.raw(k.desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
}

function orderBy(keys: OrderKey[], exprs?: SQL[]): SQL {
  return sql.join(
    keys.map((k, i) => sql`${exprs?.[i] ?? k.expr} ${direction(k)}`),
    sql`, `,
  );
}

function whereSql(conditions: SQL[]): SQL {
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

function selectList(source: ListSource<unknown>): SQL {
  return sql.join(
    Object.entries(source.columns)
      .filter(([, c]) => !c.hidden)
      .map(([name, c]) => sql`${c.sql} AS ${sql.identifier(name)}`),
    sql`, `,
  );
}

function mapRow<Row>(source: ListSource<Row>, row: Record<string, unknown>): Row {
  return source.map ? source.map(row) : (row as Row);
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/**
 * How a list's statements run. Without `q` nor `filtre.*`, as named (prepared) statements: their
 * text depends only on the list, its scope and its order, so each connection plans it once and
 * PostgreSQL keeps a generic plan when it is no worse (the bed list: 1 to 5 ms of planning a page
 * saved). With a search or a filter, unnamed as before: a generic plan cannot see the pattern
 * (`'%a%'` has no trigram, and a trigram index scan for it reads the whole index), so those are
 * planned for their values on each call.
 */
function runnerFor(searched: SQL[]): typeof rows {
  return searched.length ? rows : preparedRows;
}

/**
 * A page: its keys first, then its columns (a "deferred join"; exports too, see `iterateList`).
 * The inner query selects only the order and the key, so the database drops every LEFT JOIN to a
 * unique key that neither the WHERE nor the order needs, walks an index of the order when there is
 * one, and sorts narrow rows when there is none: the columns (sub-selects, joins, `to_char`, …)
 * are computed for the rows kept only, not for every row before the sort and the limit. OFFSET
 * then skips index entries, not joined rows. Each key reads its own row through a LATERAL subquery
 * kept apart by `OFFSET 0`, so that the planner joins from the key (index look-ups) instead of
 * joining the whole table first (with more than eight joins, `join_collapse_limit` made it follow
 * the text's order: the bed list hashed every bed and its seven parents to keep 50 of them). A
 * page's limit is written in the text (a validated integer): with `LIMIT $1` the generic plan of
 * the prepared statement is costed for 10 % of the rows and never chosen, so the statement was
 * planned on every call.
 */
function keysThenRows(source: ListSource<unknown>, keys: OrderKey[], where: SQL, limit: SQL): SQL {
  if (source.grouped)
    return sql`SELECT ${selectList(source)} FROM ${source.from} ${where} ORDER BY ${orderBy(keys)} ${limit}`;
  const orderCols = keys.map((_, i) => sql.identifier(`__o${i}`));
  const inner = sql`SELECT ${source.key} AS "__key", ${sql.join(
    keys.map((k, i) => sql`${k.expr} AS ${orderCols[i]}`),
    sql`, `,
  )} FROM ${source.from} ${where} ORDER BY ${orderBy(keys)} ${limit}`;
  return sql`SELECT "__row".* FROM (${inner}) AS "__page"
      CROSS JOIN LATERAL ${rowOfKey(source)} AS "__row"
      ORDER BY ${orderBy(
        keys,
        orderCols.map((c) => sql`"__page".${c}`),
      )}`;
}

/** The columns of the row whose key is `"__page"."__key"`, read apart (`OFFSET 0`): see `keysThenRows`. */
function rowOfKey(source: ListSource<unknown>): SQL {
  return sql`(SELECT ${selectList(source)} FROM ${source.from}
              WHERE ${source.key} = "__page"."__key" OFFSET 0)`;
}

/** A page statement's text and name, kept by `keptPage`; `null`: built on every call. */
type KeptStatement = { text: string; name: string | undefined } | null;
const pageStatements = new WeakMap<ListSource<unknown>, Map<string, KeptStatement>>();
/** Shapes kept per source (orders × page sizes × scopes): past it, the source's are forgotten. */
const MAX_PAGE_SHAPES = 64;

/**
 * A page without search, its statement's text built once per shape (decision 017). Building the
 * bed list's statement (eight joins, the LATERAL row, the order twice) from Drizzle's SQL objects,
 * then hashing its text for the prepared statement's name, cost a tenth of the server's CPU a
 * page. The text depends only on the source, the order, the page size, whether an OFFSET follows,
 * and the text of the conditions (the access scope's placeholders, not its values), so only the
 * conditions are built each call, and the whole text is kept per source under those. Its parameters
 * are the conditions' then the offset's: a statement whose parameters come otherwise (an order
 * expression with a value of its own) is checked once and then built on every call, as before.
 * This relies on a source object never changing (its FROM, columns, key, `thenBy` and `keyDesc`):
 * every source is a module constant, or cached per resource definition.
 */
async function keptPage(
  db: Db,
  source: ListSource<unknown>,
  lq: ListQuery,
  where: SQL,
  statement: () => SQL,
): Promise<Record<string, unknown>[]> {
  const conditions = buildQuery(where);
  const params = lq.page === 0 ? conditions.params : [...conditions.params, lq.page * lq.size];
  const order = lq.sort.map((k) => `${k.column} ${k.desc ? 'desc' : 'asc'}`).join(',');
  const shape = `${order}|${lq.size}|${lq.page === 0 ? 'first' : 'offset'}|${conditions.sql}`;
  let shapes = pageStatements.get(source);
  if (!shapes) pageStatements.set(source, (shapes = new Map()));
  const kept = shapes.get(shape);
  if (kept) return runBuilt(db, { sql: kept.text, params }, kept.name);
  if (kept === null) return preparedRows(db, statement());
  const built = buildQuery(statement());
  const name = statementName(built.sql);
  const same = built.params.length === params.length && built.params.every((p, i) => Object.is(p, params[i]));
  if (shapes.size >= MAX_PAGE_SHAPES) shapes.clear();
  shapes.set(shape, same ? { text: built.sql, name } : null);
  return runBuilt(db, built, name);
}

/** The shapes kept for a source: true when its text is reused, false when built every call (tests). */
export function keptShapesOf(source: ListSource<unknown>): boolean[] {
  return [...(pageStatements.get(source)?.values() ?? [])].map((kept) => kept !== null);
}

/** One page of the list (or every row when the caller asked for no page), with the total. */
export async function listPage<Row>(
  db: Db,
  source: ListSource<Row>,
  lq: ListQuery,
  extra: SQL[] = [],
): Promise<ListPage<Row>> {
  const searched = searchConditions(source, lq);
  const where = whereSql([...(source.where ?? []), ...extra, ...searched]);
  const keys = orderKeys(source, lq.sort);
  const run = runnerFor(searched);
  let data: Record<string, unknown>[];
  if (!lq.paged) {
    data = await run<Record<string, unknown>>(
      db,
      sql`SELECT ${selectList(source)} FROM ${source.from} ${where} ORDER BY ${orderBy(keys)}`,
    );
  } else {
    // The first page, by far the most asked for, has no OFFSET at all: an `OFFSET $n` is costed
    // at 10 % of the rows in a generic plan, so the prepared statement never kept one and was
    // planned again on every call (2.7 ms of planning for the bed list's eight joins, against
    // 0.9 ms to run it). Without the parameter, the first page's statement is planned once per
    // connection.
    const offset = lq.page === 0 ? sql`` : sql`OFFSET ${lq.page * lq.size}`;
    const statement = () =>
      keysThenRows(source, keys, where, sql`LIMIT ${sql.raw(String(lq.size))} ${offset}`);
    data = searched.length
      ? await run<Record<string, unknown>>(db, statement())
      : await keptPage(db, source, lq, where, statement);
  }
  const mapped = data.map((r) => mapRow(source, r));
  if (!lq.paged) return { rows: mapped, total: mapped.length };
  // The total is counted only when the page does not already tell it.
  if (data.length < lq.size && (data.length > 0 || lq.page === 0))
    return { rows: mapped, total: lq.page * lq.size + data.length };
  const [count] =
    source.counter && extra.length === 0 && searched.length === 0
      ? await preparedRows<{ n: number }>(
          db,
          sql`SELECT nb AS n FROM compteur_lignes WHERE nom_table = ${source.counter}`,
        )
      : await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${source.from} ${where}`);
  return { rows: mapped, total: count?.n ?? 0 };
}

/** The rows strictly after `values` in the order of `keys` (NULLs last in either direction). */
function afterSql(keys: OrderKey[], values: (string | null)[]): SQL {
  const ors: SQL[] = [];
  const equal: SQL[] = [];
  keys.forEach((k, i) => {
    const v = values[i];
    if (v !== null) {
      const beyond = k.desc ? sql`${k.expr} < ${v}` : sql`${k.expr} > ${v}`;
      const after = k.notNull ? beyond : sql`(${beyond} OR ${k.expr} IS NULL)`;
      ors.push(equal.length ? sql`(${sql.join([...equal, after], sql` AND `)})` : after);
    }
    equal.push(v === null ? sql`${k.expr} IS NULL` : sql`${k.expr} = ${v}`);
  });
  const first = keys[0];
  // A bound the database can use as an index range when the first key is never NULL.
  const bound =
    first.notNull && values[0] !== null
      ? first.desc
        ? sql`${first.expr} <= ${values[0]} AND `
        : sql`${first.expr} >= ${values[0]} AND `
      : sql``;
  return ors.length ? sql`${bound}(${sql.join(ors, sql` OR `)})` : sql`FALSE`;
}

/**
 * Every matching row in the list's order, read by key (keyset, never OFFSET): each batch of keys
 * starts strictly after the last key of the one before, so memory stays flat whatever the size,
 * and rows added or deleted meanwhile shift nothing.
 *
 * The keys come first, alone (the order's values and the unique key, `batch` of them a query), then
 * the rows by slices of `EXPORT_SLICE` keys, each key's row read by one LATERAL look-up as for a
 * page. The key query is where the order is paid: a list whose order no index gives (the admitted
 * students, by average, with many ties) is read and sorted again for each batch of keys, 30–40 ms
 * at 100,000 rows whatever the batch, but with narrow rows (its columns, computed for every row
 * before the sort, cost 300 ms a batch of 1,000), and with 5,000 keys a query it is paid 20 times
 * per 100,000 rows instead of 100. The rows come in small slices because a slice is written before
 * V8 moves it to its old generation: 1,000 rows of 25 columns lived through several young
 * collections while being turned into XLSX, and the old generation, collected late, grew the
 * server by 60–80 MB over 100,000 rows; 250: about 20 MB. The next slice is read while this one is
 * written (the database and the writer each on its core): at most two slices in memory.
 *
 * Keys are integers (every source's key is a serial id).
 */
export async function* iterateList<Row>(
  db: Db,
  source: ListSource<Row>,
  lq: ListQuery,
  extra: SQL[] = [],
  batch = EXPORT_KEYS,
): AsyncGenerator<Row> {
  const keys = orderKeys(source, lq.sort);
  const searched = searchConditions(source, lq);
  const base = [...(source.where ?? []), ...extra, ...searched];
  const run = runnerFor(searched);
  // Each key's value as text, so that it comes back exactly (timestamps keep their microseconds).
  const keyList = sql.join(
    keys.map((k, i) => sql`(${k.expr})::text AS ${sql.identifier(`__k${i}`)}`),
    sql`, `,
  );
  // Batches of `batch` rows in the list's order, each starting strictly after the last one's keys.
  async function* batches(select: SQL): AsyncGenerator<Record<string, unknown>[]> {
    let last: (string | null)[] | null = null;
    for (;;) {
      const conditions: SQL[] = last ? [...base, afterSql(keys, last)] : base;
      const chunk: Record<string, unknown>[] = await run<Record<string, unknown>>(
        db,
        sql`SELECT ${select}, ${keyList} FROM ${source.from} ${whereSql(conditions)}
            ORDER BY ${orderBy(keys)} LIMIT ${batch}`,
      );
      yield chunk;
      if (chunk.length < batch) return;
      const tail = chunk[chunk.length - 1];
      last = keys.map((_, i): string | null => (tail[`__k${i}`] ?? null) as string | null);
    }
  }
  if (source.grouped) {
    // The rows come with their keys, one grouped query a batch (see `ListSource.grouped`).
    for await (const chunk of batches(selectList(source)))
      for (const row of chunk)
        yield mapRow(source, Object.fromEntries(Object.entries(row).filter(([k]) => !/^__k\d+$/.test(k))));
    return;
  }
  const slice = Math.min(EXPORT_SLICE, batch);
  async function* slices(): AsyncGenerator<number[]> {
    for await (const chunk of batches(sql`${source.key} AS "__key"`))
      for (let i = 0; i < chunk.length; i += slice) {
        yield chunk.slice(i, i + slice).map((r) => Number(r.__key));
      }
  }
  const ids = slices();
  const read = async (): Promise<Record<string, unknown>[] | null> => {
    const next = await ids.next();
    if (next.done) return null;
    return preparedRows<Record<string, unknown>>(
      db,
      sql`SELECT "__row".* FROM unnest(${`{${next.value.join(',')}}`}::int8[]) WITH ORDINALITY AS "__page"("__key", "__n")
          CROSS JOIN LATERAL ${rowOfKey(source)} AS "__row"
          ORDER BY "__page"."__n"`,
    );
  };
  const ahead = () => {
    const next = read();
    // Awaited below; if the reader stops first (a download cut short), its failure is not unhandled.
    next.catch(() => undefined);
    return next;
  };
  let pending = ahead();
  for (;;) {
    const chunk = await pending;
    if (chunk === null) return;
    pending = ahead();
    for (const row of chunk) yield mapRow(source, row);
  }
}

/** Keys read by one query of an export, and rows by one slice (`iterateList`). */
const EXPORT_KEYS = 5000;
const EXPORT_SLICE = 250;

export interface ListExport {
  /** File name prefix: `<prefix>_<YYYYMMDD_HHmmss>.<ext>`. */
  prefix: string;
  sheet: string;
  columns: ExportColumn[];
  /** Lists that are printed also answer `format=pdf` (landscape, page numbers, this title). */
  pdf?: { title: string; columns: PdfColumn[] };
  /**
   * What the rows cover (a period, a direction, a cité…): the PDF's line under its title (joined
   * by ' · '), the XLSX's lines under its title above the table; the CSV has none.
   */
  scope?: string[];
  /** A last row summing these columns, in the XLSX and the PDF. */
  totals?: ExportTotals;
}

/**
 * Serves a list call: with `format=csv|xlsx` the download of every matching row (same search,
 * filters and order, no page), otherwise the page with `X-Total-Count` when paged.
 */
export async function sendList<Row>(
  reply: FastifyReply,
  db: Db,
  source: ListSource<Row>,
  opts: { query: Record<string, unknown>; lq?: ListQuery; extra?: SQL[]; export?: ListExport },
): Promise<unknown> {
  const lq = opts.lq ?? parseListQuery(opts.query, source);
  const format = listExportFormatOf(opts.query, opts.export?.pdf !== undefined);
  if (format === 'pdf' && opts.export?.pdf) {
    // The page count is printed on every page: the rows are counted first, then walked by key.
    const searched = searchConditions(source, lq);
    const where = whereSql([...(source.where ?? []), ...(opts.extra ?? []), ...searched]);
    const [count] = await runnerFor(searched)<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${source.from} ${where}`,
    );
    return sendPdf(reply, {
      title: opts.export.pdf.title,
      prefix: opts.export.prefix,
      columns: opts.export.pdf.columns,
      total: count?.n ?? 0,
      ...(opts.export.scope?.length ? { subtitle: opts.export.scope.join(' · ') } : {}),
      ...(opts.export.totals ? { totals: opts.export.totals } : {}),
      rows: iterateList(db, source, lq, opts.extra) as AsyncIterable<Record<string, unknown>>,
    });
  }
  if (format) {
    if (!opts.export || format === 'pdf') throw fieldError('format', 'choixInvalide');
    return sendExport(reply, {
      format,
      prefix: opts.export.prefix,
      sheet: opts.export.sheet,
      columns: opts.export.columns,
      ...(opts.export.scope?.length
        ? { heading: [opts.export.pdf?.title ?? opts.export.sheet, ...opts.export.scope] }
        : {}),
      ...(opts.export.totals ? { totals: opts.export.totals } : {}),
      rows: iterateList(db, source, lq, opts.extra) as AsyncIterable<Record<string, unknown>>,
    });
  }
  const { rows: data, total } = await listPage(db, source, lq, opts.extra);
  if (lq.paged) reply.header('X-Total-Count', String(total));
  return data;
}
