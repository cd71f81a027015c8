/**
 * A list's columns declared from the schema (docs/decisions/120-list-columns-from-the-schema.md): a
 * column read as it is stored is `col(d.statutDossier)`, its SQL, its type (and an enumeration's
 * values) and whether it can be NULL taken from the Drizzle column; a computed one is
 * `computed(sql\`round(${d.moyenne}::numeric, 2)::float8\`, 'number')`, its inputs named from the
 * schema too. A column renamed or removed in `src/server/db/schema` then fails `tsc` in the file of
 * the list, and an enumeration's value named in its SQL (`literal`) when that value is removed.
 */
import { getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { ColumnType, ListColumn } from './source';

/** What a column's declaration may add to what the schema says (never its SQL, type or nullability). */
export type ColumnExtra = Omit<Partial<ListColumn>, 'sql' | 'type' | 'notNull' | 'values'>;

/**
 * The list type of a stored column: a text with an enumeration is `enum`, an integer named `id_…`
 * (a key, its own or a parent's) is `id`, a `timestamp` a `timestamp`, a `date` a `date`, a float or
 * a numeric a `number`. A kind the lists do not know (json, bytea, arrays) throws when the list's
 * module is loaded: such a column is shown through a `computed` expression.
 */
export function typeOfColumn(column: Column): ColumnType {
  switch (column.columnType) {
    case 'PgText':
    case 'PgVarchar':
    case 'PgChar':
      return column.enumValues?.length ? 'enum' : 'text';
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgSerial':
    case 'PgSmallSerial':
    case 'PgBigInt53':
    case 'PgBigSerial53':
      return column.name.startsWith('id_') ? 'id' : 'integer';
    case 'PgDoublePrecision':
    case 'PgReal':
    case 'PgNumeric':
    case 'PgNumericNumber':
      return 'number';
    case 'PgBoolean':
      return 'boolean';
    case 'PgDate':
    case 'PgDateString':
      return 'date';
    case 'PgTimestamp':
    case 'PgTimestampString':
      return 'timestamp';
    default:
      throw new Error(
        `Column ${column.name} (${column.columnType}): a kind the lists do not know; declare it with computed().`,
      );
  }
}

/**
 * The column declarations of a list whose FROM starts at `own` (under the alias its SQL names), its
 * other tables joined by LEFT JOIN: a column of `own` is never NULL when the schema says so; a
 * column of a joined table may be NULL in the list (no parent row), whatever the schema says.
 */
export function listColumns(own: Table) {
  const ownName = getTableName(own);
  /** A column read as stored: `col(d.statutDossier)`, `col(r.ine, { search: false })`. */
  const col = (column: Column, extra: ColumnExtra = {}): ListColumn => ({
    sql: sql`${column}`,
    type: typeOfColumn(column),
    ...(column.enumValues?.length ? { values: column.enumValues } : {}),
    ...(column.notNull && getTableName(column.table) === ownName ? { notNull: true } : {}),
    ...extra,
  });
  return { col, computed };
}

/**
 * A computed column: an expression whose inputs are schema columns, its list type given
 * (`notNull` in `extra` when the expression is never NULL).
 */
export function computed(
  expr: SQL,
  type: ColumnType,
  extra: Omit<Partial<ListColumn>, 'sql' | 'type'> = {},
): ListColumn {
  return { sql: expr, type, ...extra };
}

/** The lists name an enumeration's values as the other statements do (src/server/db/bulk.ts). */
export { literal } from '../db/bulk';
