/**
 * Many rows of a Drizzle select, mapped without Drizzle's per-cell work (decision 130).
 *
 * Drizzle maps each cell of each row through its `mapResultRow`: a `reduce` over the selection,
 * an `is()` walk of the field's prototype chain to find its decoder, and the path of the key, for
 * every cell. For a read of a few rows it does not matter; for the fill of a cité (6,000 students,
 * 6,000 beds, 6,000 rows read back with 20 columns each) it was about a quarter of the server's
 * processor time. Here the decoders are found once per statement and each row is an object built
 * by one loop over them: the same values (each cell through the same decoder, NULL kept NULL), the
 * same keys in the same order, the same statement text and parameters.
 *
 * Only for a flat selection (`select({ a: col, b: sql`…` })`, no nested object): Drizzle's own
 * mapping differs only for nested objects of a left join, which a flat selection has not.
 */
import { Column, is, SQL, type Query } from 'drizzle-orm';
import type { Db } from './client';

/** A select builder (its text and parameters, its selection) whose rows are `T`. */
export interface FlatSelect<T> {
  toSQL(): Query;
  readonly _: { readonly selectedFields: object; readonly result: T[] };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

function decoderOf(key: string, field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An expression's decoder (its `mapWith`) is Drizzle's internal field, read as Drizzle reads it.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  throw new Error(`flatRows: the selection's "${key}" is not a column nor an expression (a nested object?)`);
}

/** The rows of `query`, as awaiting it gives them, mapped once per row (see above). */
export async function flatRows<T>(db: Db, query: FlatSelect<T>): Promise<T[]> {
  const selection = Object.entries(query._.selectedFields);
  const keys = selection.map(([key]) => key);
  const decoders = selection.map(([key, field]) => decoderOf(key, field));
  // Drizzle orders a flat selection's fields as its keys (`orderSelectedFields`): the statement's
  // columns come in that order, and array rows are read by position.
  const fields = selection.map(([key, field]) => ({ path: [key], field }));
  const map = (rows: unknown[][]) => {
    const out = new Array<T>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const o: Record<string, unknown> = {};
      for (let j = 0; j < keys.length; j++) {
        const v = row[j];
        o[keys[j]] = v === null ? null : decoders[j].mapFromDriverValue(v);
      }
      out[i] = o as T;
    }
    return out;
  };
  // `db._.session.prepareQuery` is what the builder's own `execute` runs (in array mode, with the
  // fields), here with the mapping above in place of Drizzle's.
  const prepared = db._.session.prepareQuery<{ execute: T[]; all: unknown; values: unknown }>(
    query.toSQL(),
    fields as never,
    undefined,
    true,
    map as never,
  );
  return prepared.execute();
}
