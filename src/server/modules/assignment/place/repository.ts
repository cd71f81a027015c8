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
import { affectation, batiment, chambre, cite, couloir, lit, niveau } from '../../../db/schema';

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
 *
 * `bed`: the place of another bed of the assignment than its own today (a receipt names the bed a
 * payment was made in, which a move may have left since): that bed, its room, and its cité through
 * the room's corridor, level and building (the schema's tables, unaliased).
 */
export function withPlace<Q extends PgSelect>(q: Q, x: PlaceTables = TABLES, bed?: SQL<number>) {
  if (bed === undefined)
    return q
      .innerJoin(x.c, eq(x.c.idCite, x.a.idCite))
      .innerJoin(x.ch, eq(x.ch.idChambre, x.a.idChambre))
      .innerJoin(x.l, eq(x.l.idLit, x.a.idLit));
  return q
    .innerJoin(lit, eq(lit.idLit, bed))
    .innerJoin(chambre, eq(chambre.idChambre, lit.idChambre))
    .innerJoin(couloir, eq(couloir.idCouloir, chambre.idCouloir))
    .innerJoin(niveau, eq(niveau.idNiveau, couloir.idNiveau))
    .innerJoin(batiment, eq(batiment.idBatiment, niveau.idBatiment))
    .innerJoin(cite, eq(cite.idCite, batiment.idCite));
}

/**
 * The building's name of a room, by the room's corridor (a column of the statement): one look-up
 * through the corridor and the level, where a statement joins the room but not its building.
 */
export const buildingOfRoom = (idCouloir: AnyPgColumn) =>
  sql<string>`(SELECT ${batiment.libelleBatiment} FROM ${couloir}
    JOIN ${niveau} ON ${niveau.idNiveau} = ${couloir.idNiveau}
    JOIN ${batiment} ON ${batiment.idBatiment} = ${niveau.idBatiment}
    WHERE ${couloir.idCouloir} = ${idCouloir})`;

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
