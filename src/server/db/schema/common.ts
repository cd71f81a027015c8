/** What the tables of the schema share: the time stamps, the live-rows condition, the bytes type. */
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};
export const live = sql`deleted_at IS NULL`;

/**
 * `normalisePhone` (src/domain/phone.ts) of `tel_etudiant`, in SQL (immutable, for a generated
 * column): `+226` and 8 digits for a number of Burkina Faso written with or without its code,
 * `+` and the digits for another country's number written with its code, else null. A unit test
 * compares both on the same numbers (tests/api/sms-answers.test.ts).
 */
const phoneSql = (column: string) => {
  const t = `btrim(${column}, E' \\t\\r\\n')`;
  const d = `regexp_replace(${t}, '[^0-9]', '', 'g')`;
  const dd = `(CASE WHEN ${t} LIKE '00%' THEN substr(${d}, 3) ELSE ${d} END)`;
  return `CASE
    WHEN ${column} IS NULL OR ${t} !~ '^[-+0-9 \\t().\\/]+$' THEN NULL
    WHEN ${t} ~ '^(\\+|00)' THEN
      CASE WHEN ${dd} LIKE '226%' THEN CASE WHEN length(${dd}) = 11 THEN '+' || ${dd} END
           WHEN length(${dd}) BETWEEN 8 AND 15 AND ${dd} !~ '^0' THEN '+' || ${dd} END
    WHEN length(${d}) = 8 THEN '+226' || ${d}
    WHEN length(${d}) = 11 AND ${d} LIKE '226%' THEN '+' || ${d}
  END`;
};
export const PHONE_NORMALISED_SQL = sql.raw(phoneSql('tel_etudiant'));

/** Raw bytes (`bytea`): node-postgres reads a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
