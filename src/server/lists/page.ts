/**
 * A list's rows read: one page with its total (its statement's text kept per shape), or every row
 * by key for an export.
 */
import { sql, type SQL } from 'drizzle-orm';
import { buildQuery, preparedRows, rows, runBuilt, statementName, type Db } from '../db/client';
import type { ListQuery, ListSource } from './source';
import {
  afterSql,
  keysThenRows,
  orderBy,
  orderKeys,
  rowOfKey,
  searchConditions,
  selectList,
  whereSql,
} from './sql';

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
export function runnerFor(searched: SQL[]): typeof rows {
  return searched.length ? rows : preparedRows;
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

/**
 * Every matching row in the list's order, read by key (keyset, never OFFSET): each batch of keys
 * starts strictly after the last key of the one before, so memory stays flat whatever the size,
 * and rows added or deleted meanwhile shift nothing. Each batch's query is sent as soon as the
 * previous batch's last keys are known, so the database reads it while that one is written.
 *
 * A grouped source, or one whose row costs what its keys cost (`ListSource.rowsWithKeys`), reads
 * its rows with their keys in the same query, a batch at a time. For the others, the keys come
 * first, alone (the order's values and the unique key, `batch` of them a query), then
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
  // Batches of `size` rows in the list's order, each starting strictly after the last one's keys;
  // the next batch is asked for as soon as this one's last keys are known, so that the database
  // reads it while this one is written (at most two batches in memory). The limit is written in the
  // text (a validated integer): with `LIMIT $n`, a generic plan is costed for a tenth of the rows.
  async function* batches<T>(
    select: SQL,
    size: number,
    shape: (rows: Record<string, unknown>[]) => T,
  ): AsyncGenerator<T> {
    const query = (last: (string | null)[] | null) => {
      const conditions: SQL[] = last ? [...base, afterSql(keys, last)] : base;
      const next = run<Record<string, unknown>>(
        db,
        sql`SELECT ${select}, ${keyList} FROM ${source.from} ${whereSql(conditions)}
            ORDER BY ${orderBy(keys)} LIMIT ${sql.raw(String(size))}`,
      );
      // Awaited below; if the reader stops first (a download cut short), its failure is not unhandled.
      next.catch(() => undefined);
      return next;
    };
    let pending = query(null);
    for (;;) {
      let chunk: Record<string, unknown>[] | null = await pending;
      const more = chunk.length === size;
      if (more) {
        const tail = chunk[chunk.length - 1];
        pending = query(keys.map((_, i): string | null => (tail[`__k${i}`] ?? null) as string | null));
      }
      // What the reader needs of the batch, the rows themselves let go before it is read: a batch of
      // keys is read slice by slice over many young collections, and its 5,000 row objects, kept
      // that long, were copied to the old generation (about 10 MB over 90,000 rows).
      const shaped = shape(chunk);
      chunk = null;
      yield shaped;
      if (!more) return;
    }
  }
  if (source.grouped || source.rowsWithKeys) {
    // The rows come with their keys, one query a batch: a grouped source (`ListSource.grouped`,
    // its keys taken off before its `map`), or one whose row costs what its keys cost
    // (`ListSource.rowsWithKeys`, `EXPORT_ROWS` a statement; its `__k` values stay on the row,
    // unread: a file's writer reads its columns by name).
    const size = source.grouped ? batch : Math.min(EXPORT_ROWS, batch);
    for await (const chunk of batches(selectList(source), size, (rows) => rows))
      for (const row of chunk)
        yield mapRow(
          source,
          source.grouped ? Object.fromEntries(Object.entries(row).filter(([k]) => !/^__k\d+$/.test(k))) : row,
        );
    return;
  }
  const slice = Math.min(EXPORT_SLICE, batch);
  const keysOf = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.__key));
  async function* slices(): AsyncGenerator<number[]> {
    for await (const ids of batches(sql`${source.key} AS "__key"`, batch, keysOf))
      for (let i = 0; i < ids.length; i += slice) yield ids.slice(i, i + slice);
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

/**
 * Keys read by one query of an export, and rows by one slice (`iterateList`); rows read with their
 * keys by one query (`ListSource.rowsWithKeys`): 1,000 rows of a dozen columns are about 1 MB.
 */
const EXPORT_KEYS = 5000;
const EXPORT_SLICE = 250;
const EXPORT_ROWS = 1000;
