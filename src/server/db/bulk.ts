/**
 * Bulk inserts (the demo data, the rent's schedules): a whole array of rows travels as one jsonb
 * parameter and is read back as a table, `x`, with the given column definitions plus `ord`, the
 * row's position (to keep the order: `ORDER BY x.ord`, so that serial ids follow the data). Column
 * definitions are code, never input.
 */
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { RowOf } from './rows';

/**
 * One of an enumeration's values written in a statement's text (`CASE … WHEN 'ADMIS'`), checked
 * against the column's values: removing the value from the schema fails `tsc` here.
 */
export function literal<C extends Column>(column: C, value: NonNullable<C['_']['data']> & string): SQL {
  void column;
  return sql.raw(`'${value.replace(/'/g, "''")}'`);
}

export function recordset(data: readonly object[], columns: string): SQL {
  if (!columns.split(',').every((c) => /^[a-z_]+ [a-z ]+$/.test(c.trim())))
    throw new Error(`Invalid column definitions: ${columns}`);
  const payload = JSON.stringify(data.map((row, ord) => ({ ...row, ord })));
  return sql`jsonb_to_recordset(${payload}::jsonb) AS x(${sql.raw(columns)}, ord int)`;
}

/**
 * A set of ids travelling as one parameter (a JSON array) and read back as a sub-select of
 * integers (`int`, or `bigint` for the journal's ids): thousands of ids stay under the driver's limit
 * of parameters, and the statement's text is the same for any number of them (on both drivers).
 */
export function idSet(ids: readonly number[], type: 'int' | 'bigint' = 'int'): SQL {
  return sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::${sql.raw(type)})`;
}

/** `column IN (ids)`, the ids as one parameter (`idSet`). */
export function among(
  column: AnyPgColumn | SQL,
  ids: readonly number[],
  type: 'int' | 'bigint' = 'int',
): SQL {
  return sql`${column} IN ${idSet(ids, type)}`;
}

/**
 * A column's bare name, from the schema (an `INSERT`'s column list, a CTE's or an alias's columns):
 * raw statements name their columns so, and a column renamed in the schema fails to compile there.
 */
export function columnName(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/**
 * `INSERT INTO table (columns)`, named from the schema (the head of a bulk `INSERT … SELECT` kept as
 * SQL): a column renamed there fails to compile here. A column of another table is refused.
 */
export function insertInto(table: PgTable, columns: readonly AnyPgColumn[]): SQL {
  for (const c of columns)
    if (c.table !== table) throw new Error(`Column ${c.name} is not of the table inserted into`);
  return sql`INSERT INTO ${table} (${sql.join(columns.map(columnName), sql`, `)})`;
}

/** The row a record of schema columns reads: each column's type, `null` where the column allows it. */
export type ColumnsRow<R extends Record<string, AnyPgColumn>> = {
  [K in keyof R]: R[K]['_']['notNull'] extends true ? R[K]['_']['data'] : R[K]['_']['data'] | null;
};

/**
 * `INSERT INTO table (columns) <select> RETURNING …` in one statement (a bulk insert from a
 * `recordset`), its table, columns and returned columns named from the schema: a column renamed
 * there fails to compile here. The rows returned are read through a typed CTE, each value decoded
 * as its column's, in the order of the insert (`ORDER BY x.ord` in `select`).
 */
export async function insertReturning<R extends Record<string, AnyPgColumn>>(
  db: Db,
  table: PgTable,
  columns: readonly AnyPgColumn[],
  select: SQL,
  returning: R,
): Promise<ColumnsRow<R>[]> {
  for (const c of [...columns, ...Object.values(returning)])
    if (c.table !== table) throw new Error(`Column ${c.name} is not of the table inserted into`);
  const fields = Object.fromEntries(
    Object.entries(returning).map(([key, column]) => [
      key,
      sql`${sql.identifier(key)}`.mapWith(column).as(key),
    ]),
  );
  const ins = db.$with('ins', fields).as(
    sql`INSERT INTO ${table} (${sql.join(columns.map(columnName), sql`, `)}) ${select}
        RETURNING ${sql.join(
          Object.entries(returning).map(
            ([key, column]) => sql`${columnName(column)} AS ${sql.identifier(key)}`,
          ),
          sql`, `,
        )}`,
  );
  // The fields were built from `returning`'s columns, each decoded as its column: their row is `ColumnsRow<R>`.
  return (await db.with(ins).select().from(ins)) as ColumnsRow<R>[];
}

/**
 * The rows of a raw statement (a read over several joins, a bulk insert's count), typed and decoded
 * from the schema. `fields` says what each row holds: a schema column is the statement's output
 * column of the same name (`AS "idDossier"`), decoded as the builders decode that column (`null`
 * where it allows it); an expression (`count()`, `sql<number>\`n\``) is selected over the
 * statement's rows as it is. `ctes` are WITH clauses kept at the statement's top level, where a
 * data-modifying one (`INSERT … RETURNING`) must be: `WITH <ctes>, q AS (<statement>) SELECT
 * <fields> FROM q`. A column renamed in the schema fails to compile where it is named.
 */
export async function selectRows<R extends Record<string, AnyPgColumn | SQL>>(
  db: Db,
  fields: R,
  statement: SQL,
  ctes: Readonly<Record<string, SQL>> = {},
): Promise<RowOf<R>[]> {
  // The statement's columns are read by name from `q`, the only table of the outer select.
  const selection = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      (is(field, Column) ? sql`${sql.identifier(key)}`.mapWith(field) : field).as(key),
    ]),
  );
  const withs = Object.entries(ctes).map(([alias, query]) => db.$with(alias, {}).as(query));
  // `q`'s own fields are the statement's columns the row reads (the expressions are selected over them).
  const columns = Object.fromEntries(Object.entries(selection).filter(([key]) => is(fields[key], Column)));
  const q = db.$with('q', columns).as(statement);
  // Each field was selected as its column decodes it, or as its expression: the row is `RowOf<R>`.
  return (await db
    .with(...withs, q)
    .select(selection)
    .from(q)) as RowOf<R>[];
}
