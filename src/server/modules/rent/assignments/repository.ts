/**
 * Assignments as rent sees them (docs/rent.md): what their instalments are made of (the session's
 * settings, the bed's category, the assignment's day), whose they are and where, the student's that
 * rent concerns, the sessions /loyers opens on, and those the backfill must give instalments to.
 * Reads only (the assignments are written by the assignment's repository).
 */
import { and, desc, eq, isNotNull, isNull, notExists, or, exists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { scopeCondition } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import { builtOnce, type Db } from '../../../db/client';
import { among } from '../../../db/bulk';
import { withPlace } from '../../assignment/place/repository';
import {
  affectation as a,
  categorieChambre,
  chambre,
  cite,
  dossier,
  journalLigne as l,
  journalTransaction as t,
  lit,
  remboursement,
  sessionCenou,
} from '../../../db/schema';

/** The first instalment's day of a session: its setting, else 5 November of its first year. */
const FIRST_DAY = sql<string>`to_char(coalesce(${sessionCenou.premiereEcheance},
  make_date(${sessionCenou.anneeDebut}, 11, 5)), 'YYYY-MM-DD')`;

/**
 * An assignment's day (its `created_at`, in UTC): what it owes of its session's schedule starts from
 * it (`owedInstalments`, docs/rent.md#the-rule-of-the-months-lived). The bulk posting joins on the
 * same expression, so the day a schedule was computed for is the day its assignments are matched on.
 */
const ASSIGNMENT_DAY = sql<string>`to_char(timezone('UTC', ${a.createdAt}), 'YYYY-MM-DD')`;

/** What an assignment's instalments are made of: its session's settings, its bed's category and cité. */
export function rentBases(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      idAffectation: a.idAffectation,
      idSessionCenou: a.idSessionCenou,
      idCite: a.idCite,
      idCategorieChambre: categorieChambre.idCategorieChambre,
      montantChambre: categorieChambre.montantChambre,
      moisLoyer: sessionCenou.moisLoyer,
      premiereEcheance: FIRST_DAY,
      /** The assignment's day, in UTC: the rule of the months lived starts from it. */
      jour: ASSIGNMENT_DAY,
    })
    .from(a)
    .innerJoin(chambre, eq(chambre.idChambre, a.idChambre))
    .innerJoin(categorieChambre, eq(categorieChambre.idCategorieChambre, chambre.idCategorieChambre))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, a.idSessionCenou))
    .where(among(a.idAffectation, ids))
    .orderBy(a.idAffectation);
}

export type RentBasis = Awaited<ReturnType<typeof rentBases>>[number];

/**
 * The sessions of assignments and the days they were made on, with the sessions' rent settings:
 * one row per session and day (what each owed schedule is made from; a fill is one day).
 */
export function instalmentSessions(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectDistinct({
      idSessionCenou: sessionCenou.idSessionCenou,
      jour: ASSIGNMENT_DAY,
      moisLoyer: sessionCenou.moisLoyer,
      premiereEcheance: FIRST_DAY,
    })
    .from(a)
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, a.idSessionCenou))
    .where(among(a.idAffectation, ids));
}

/** Whether instalments were made from a session's rent settings. */
export async function sessionHasInstalments(db: Db, idSessionCenou: number): Promise<boolean> {
  const [found] = await db
    .select({ id: t.idTransaction })
    .from(t)
    .innerJoin(a, eq(a.idAffectation, t.idAffectation))
    .where(and(eq(a.idSessionCenou, idSessionCenou), eq(t.nature, 'ECHEANCE')))
    .limit(1);
  return found !== undefined;
}

/** Assignments with no instalment at all (made before rent existed): the backfill's work. */
export function assignmentsWithoutInstalments(db: Db) {
  return db
    .select({ id: a.idAffectation })
    .from(a)
    .where(
      and(
        isNull(a.deletedAt),
        notExists(
          db
            .select({ x: sql`1` })
            .from(t)
            .where(and(eq(t.idAffectation, a.idAffectation), eq(t.nature, 'ECHEANCE'))),
        ),
      ),
    )
    .orderBy(a.idAffectation);
}

/**
 * An assignment ended without a departure: a cancellation proper (« Affectation annulée »); a
 * departure is ended too, but says its day instead. The one rule the screens and the files read.
 */
export const cancellation = (x: { deletedAt: AnyPgColumn; dateDepart: AnyPgColumn }) =>
  sql<boolean>`(${x.deletedAt} IS NOT NULL AND ${x.dateDepart} IS NULL)`;

/** An assignment with whose it is and where it is (live or cancelled), locked when asked (a payment). */
export async function rentAssignment(db: Db, idAffectation: number, lock: boolean) {
  const query = db
    .select({
      idAffectation: a.idAffectation,
      idDossier: a.idDossier,
      idSessionCenou: a.idSessionCenou,
      idCite: a.idCite,
      idDirection: dossier.idDirection,
      idUser: dossier.idUser,
      annulee: sql<boolean>`${a.deletedAt} IS NOT NULL`,
    })
    .from(a)
    .innerJoin(dossier, eq(dossier.idDossier, a.idDossier))
    .where(eq(a.idAffectation, idAffectation));
  const [row] = await (lock ? query.for('no key update', { of: a }) : query);
  return row;
}

export type RentAssignment = NonNullable<Awaited<ReturnType<typeof rentAssignment>>>;

/**
 * The student's assignments that rent concerns: live ones, and cancelled ones still owing or owed,
 * or refunded (the student sees where its money went);
 * or one assignment by its id (staff, whatever its state).
 */
export async function studentRentAssignments(db: Db, who: { idUser: number } | { idAffectation: number }) {
  return 'idAffectation' in who
    ? rentAssignmentsWhere(db, eq(a.idAffectation, who.idAffectation))
    : ownRentAssignments(db).execute({ idUser: who.idUser });
}

/**
 * A student's own (`studentRentAssignments` by account): built once and prepared by name, as the
 * USSD rent screen and `GET campus/loyer/etudiant` read it at each call; PostgreSQL plans it once
 * per connection (docs/decisions/105-ussd-session-unlogged-hot.md).
 */
const ownRentAssignments = builtOnce((db) =>
  rentAssignmentsWhere(
    db,
    and(
      eq(dossier.idUser, sql.placeholder('idUser')),
      or(
        isNull(a.deletedAt),
        // A departure stays on the page, settled or not (docs/life-in-the-cite.md#departure).
        isNotNull(a.dateDepart),
        sql`EXISTS (SELECT 1 FROM ${l} WHERE ${l.idAffectation} = ${a.idAffectation}
                    HAVING sum(${l.debit} - ${l.credit}) <> 0)`,
        exists(
          db
            .select({ x: sql`1` })
            .from(remboursement)
            .where(eq(remboursement.idAffectation, a.idAffectation)),
        ),
      ),
    ),
  ).prepare('loyer_affectations_etudiant'),
);

function rentAssignmentsWhere(db: Db, where: SQL | undefined) {
  const query = db
    .select({
      idAffectation: a.idAffectation,
      idSessionCenou: a.idSessionCenou,
      anneeAcademique: sql<string>`${sessionCenou.anneeDebut} || '-' || (${sessionCenou.anneeDebut} + 1)`,
      nomCite: cite.nomCite,
      libelleChambre: chambre.libelleChambre,
      libelleLit: lit.libelleLit,
      montantChambre: categorieChambre.montantChambre,
      annulee: sql<boolean>`${a.deletedAt} IS NOT NULL`,
      dateDepart: a.dateDepart,
      annulation: cancellation(a),
    })
    .from(a)
    .innerJoin(dossier, eq(dossier.idDossier, a.idDossier))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, a.idSessionCenou))
    .$dynamic();
  return withPlace(query)
    .innerJoin(categorieChambre, eq(categorieChambre.idCategorieChambre, chambre.idCategorieChambre))
    .where(where)
    .orderBy(desc(sessionCenou.anneeDebut), desc(a.idAffectation));
}

/**
 * The sessions with assignments in the actor's scope (any state: a cancelled one may still owe or be
 * owed), with how many, newest first: where /loyers opens (docs/rent.md#screens).
 */
export function rentSessions(db: Db, actor: Actor | null) {
  return db
    .select({
      idSessionCenou: a.idSessionCenou,
      idDirection: dossier.idDirection,
      affectations: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(a)
    .innerJoin(dossier, eq(dossier.idDossier, a.idDossier))
    .where(scopeCondition(actor, 'rent.manage', { direction: sql`${dossier.idDirection}` }))
    .groupBy(a.idSessionCenou, dossier.idDirection)
    .orderBy(desc(a.idSessionCenou));
}
