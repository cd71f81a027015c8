/**
 * Bulk inserts (the demo data, the rent's schedules): a whole array of rows travels as one jsonb
 * parameter and is read back as a table, `x`, with the given column definitions plus `ord`, the
 * row's position (to keep the order: `ORDER BY x.ord`, so that serial ids follow the data). Column
 * definitions are code, never input.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
