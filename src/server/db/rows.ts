/**
 * Row types derived from the schema (docs/decisions/043-typed-queries.md): the row a record of
 * selected columns gives, so that a type written beside a statement is never needed.
 */
import type { Column, SQL } from 'drizzle-orm';

/**
 * The value a column's type gives a row, as the builders read it: a column of the schema (null
 * unless NOT NULL), or an `sql<T>` expression, whose `T` is taken from the schema's types.
 */
export type ValueOf<C> = C extends Column
  ? C['_']['notNull'] extends true
    ? C['_']['data']
    : C['_']['data'] | null
  : C extends SQL<infer T>
    ? T
    : never;

/** A row of a record of columns (a selection, or `asNamed` read back whole through `json_agg`). */
export type RowOf<M> = { [K in keyof M]: ValueOf<M[K]> };
