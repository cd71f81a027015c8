/**
 * The SQL of a list: its search and filter conditions, its order, its select list, the page's keys
 * and rows, the keyset bound.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListColumn, ListQuery, ListSource, SortKey } from './source';
import { filterModeOf } from './parse';

/** `%text%` with LIKE's wildcards escaped; NUL, which PostgreSQL text cannot hold, is dropped. */
export function likePattern(text: string): string {
  return `%${text.replace(/\0/g, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `fold(expr::text) LIKE fold('%text%')`: contains, ignoring case and accents. */
export function containsSql(expr: SQL, text: string): SQL {
  return sql`fold(${expr}::text) LIKE fold(${likePattern(text)}) ESCAPE '\\'`;
}

const filterExpr = (c: ListColumn) => c.filterSql ?? c.sql;

export function filterSql(c: ListColumn, text: string): SQL {
  const expr = filterExpr(c);
  switch (filterModeOf(c)) {
    case 'equals':
      // A boolean compared as a boolean: `(expr) = TRUE` is the condition itself to the planner,
      // costed as half the rows (or from the column's statistics), where `expr::text = 'true'` is
      // costed as an equality on an unknown text (0.5 %): with that estimate the late plumbing
      // repairs were sorted whole instead of read in an index's order (decision 093). Only the two
      // words a boolean writes; any other text finds nothing, as before.
      if (c.type === 'boolean' && (text === 'true' || text === 'false'))
        return sql`(${expr}) = ${sql.raw(text === 'true' ? 'TRUE' : 'FALSE')}`;
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

export function orderKeys(source: ListSource<unknown>, sort: SortKey[]): OrderKey[] {
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

export function orderBy(keys: OrderKey[], exprs?: SQL[]): SQL {
  return sql.join(
    keys.map((k, i) => sql`${exprs?.[i] ?? k.expr} ${direction(k)}`),
    sql`, `,
  );
}

export function whereSql(conditions: SQL[]): SQL {
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

export function selectList(source: ListSource<unknown>): SQL {
  return sql.join(
    Object.entries(source.columns)
      .filter(([, c]) => !c.hidden)
      .map(([name, c]) => sql`${c.sql} AS ${sql.identifier(name)}`),
    sql`, `,
  );
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
export function keysThenRows(source: ListSource<unknown>, keys: OrderKey[], where: SQL, limit: SQL): SQL {
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
export function rowOfKey(source: ListSource<unknown>): SQL {
  return sql`(SELECT ${selectList(source)} FROM ${source.from}
              WHERE ${source.key} = "__page"."__key" OFFSET 0)`;
}

/** The rows strictly after `values` in the order of `keys` (NULLs last in either direction). */
export function afterSql(keys: OrderKey[], values: (string | null)[]): SQL {
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
