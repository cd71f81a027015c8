/**
 * Where an assignment is: its cité, room and bed (docs/assignment.md), joined the one way every
 * module reads them. Reads only: `affectation` is written by ../repository.ts, the housing's tables
 * by the reference module.
 *
 * Two forms of the same joins, each by a NOT NULL key of the assignment (one row per assignment):
 * `withPlace` for a statement of Drizzle's builders, `placeJoins` for the raw `FROM` of a list of
 * the shared pipeline (whose columns name the tables by short aliases).
 */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { affectation, chambre, cite, lit } from '../../../db/schema';

/** The four tables of a place, or aliases of them (`alias(cite, 'c')`). */
export interface PlaceTables {
  a: PgTable & { idCite: AnyPgColumn; idChambre: AnyPgColumn; idLit: AnyPgColumn };
  c: PgTable & { idCite: AnyPgColumn };
  ch: PgTable & { idChambre: AnyPgColumn };
  l: PgTable & { idLit: AnyPgColumn };
}

const TABLES: PlaceTables = { a: affectation, c: cite, ch: chambre, l: lit };

/**
 * A builder's statement from `affectation` (or `x.a`) with its cité, room and bed joined (inner
 * joins); the statement must be `$dynamic()`.
 */
export function withPlace<Q extends PgSelect>(q: Q, x: PlaceTables = TABLES) {
  return q
    .innerJoin(x.c, eq(x.c.idCite, x.a.idCite))
    .innerJoin(x.ch, eq(x.ch.idChambre, x.a.idChambre))
    .innerJoin(x.l, eq(x.l.idLit, x.a.idLit));
}

/**
 * The same joins as a `FROM`'s fragment after the assignment's alias, each table under the name of
 * its alias (`cite c`). `LEFT JOIN` where the database may drop a join a query does not use (a count,
 * a page's keys): the same rows, the keys being NOT NULL.
 */
export function placeJoins(kind: 'JOIN' | 'LEFT JOIN', x: PlaceTables): SQL {
  const join = (table: PgTable, as: PgTable, on: SQL) =>
    sql`${sql.raw(kind)} ${table} ${sql.identifier(getTableName(as))} ON ${on}`;
  return sql.join(
    [
      join(cite, x.c, sql`${x.c.idCite} = ${x.a.idCite}`),
      join(chambre, x.ch, sql`${x.ch.idChambre} = ${x.a.idChambre}`),
      join(lit, x.l, sql`${x.l.idLit} = ${x.a.idLit}`),
    ],
    sql`\n  `,
  );
}
