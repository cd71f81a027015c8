/**
 * Bulk inserts (the demo data, the rent's schedules): a whole array of rows travels as one jsonb
 * parameter and is read back as a table, `x`, with the given column definitions plus `ord`, the
 * row's position (to keep the order: `ORDER BY x.ord`, so that serial ids follow the data). Column
 * definitions are code, never input.
 */
import { sql, type SQL } from 'drizzle-orm';

export function recordset(data: readonly object[], columns: string): SQL {
  if (!columns.split(',').every((c) => /^[a-z_]+ [a-z ]+$/.test(c.trim())))
    throw new Error(`Invalid column definitions: ${columns}`);
  const payload = JSON.stringify(data.map((row, ord) => ({ ...row, ord })));
  return sql`jsonb_to_recordset(${payload}::jsonb) AS x(${sql.raw(columns)}, ord int)`;
}
