/**
 * The statements of the agency's statistics (docs/statistics.md): reads only, one statement per
 * family of figures over every direction or cité and year asked, never one per cité. What the
 * figures are computed from is returned grouped (spans of the same days counted once, delays by
 * value); the medians and the months' occupancy are computed by src/domain/statistics.ts.
 */
import {
  aliasedTable,
  and,
  between,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { STATISTICS_OPEN_FRESHNESS_MINUTES } from '../../../domain/statistics';
import type { Db } from '../../db/client';
import {
  admissibleCharge,
  affectation,
  categorieChambre,
  chambre,
  cite,
  direction,
  dossier,
  intervention,
  journalLigne,
  lit,
  loyerCompte,
  registreEtudiant,
  sessionCenou,
  statistiqueSession,
  ville,
  type StoredDossierCounts,
  type StoredRent,
} from '../../db/schema';
import { movedNotYetDue, TODAY } from '../rent/repository';

/** Which years and which direction (undefined: every direction). */
export interface StatisticsScope {
  anneeDebut: number;
  anneeFin: number;
  idDirection: number | undefined;
}

const sessionYears = (scope: StatisticsScope): SQL =>
  between(sessionCenou.anneeDebut, scope.anneeDebut, scope.anneeFin);
const inDirection = (
  column: typeof dossier.idDirection | typeof sessionCenou.idDirection,
  scope: StatisticsScope,
) => (scope.idDirection === undefined ? undefined : eq(column, scope.idDirection));

/** The live directions in scope, by name. */
export function directionsOf(db: Db, idDirection: number | undefined) {
  return db
    .select({ idDirection: direction.idDirection, libelleDirection: direction.libelleDirection })
    .from(direction)
    .where(
      and(
        isNull(direction.deletedAt),
        idDirection === undefined ? undefined : eq(direction.idDirection, idDirection),
      ),
    )
    .orderBy(direction.libelleDirection, direction.idDirection);
}

/** The live cités in scope (their direction is their ville's), with their live beds. */
export function citesOf(db: Db, idDirection: number | undefined) {
  const beds = db
    .select({
      idCite: categorieChambre.idCite,
      lits: sql<number>`count(*)::int`.as('lits'),
    })
    .from(lit)
    .innerJoin(chambre, eq(chambre.idChambre, lit.idChambre))
    .innerJoin(categorieChambre, eq(categorieChambre.idCategorieChambre, chambre.idCategorieChambre))
    .where(and(isNull(lit.deletedAt), isNull(chambre.deletedAt)))
    .groupBy(categorieChambre.idCite)
    .as('beds');
  return db
    .select({
      idCite: cite.idCite,
      nomCite: cite.nomCite,
      idDirection: ville.idDirection,
      lits: sql<number>`coalesce(${beds.lits}, 0)::int`,
    })
    .from(cite)
    .innerJoin(ville, eq(ville.idVille, cite.idVille))
    .leftJoin(beds, eq(beds.idCite, cite.idCite))
    .where(
      and(isNull(cite.deletedAt), idDirection === undefined ? undefined : eq(ville.idDirection, idDirection)),
    )
    .orderBy(cite.nomCite, cite.idCite);
}

/** The statuses counted: all, admitted by a publication (ADMIS, or DESISTE: an admission that ended), ended. */
const dossierFigures = {
  demandes: sql<number>`count(*)::int`,
  admis: sql<number>`(count(*) FILTER (WHERE ${dossier.statutDossier} IN ('ADMIS', 'DESISTE')))::int`,
  renonciations: sql<number>`(count(*) FILTER (WHERE ${dossier.statutDossier} = 'DESISTE'))::int`,
};

/**
 * The dossiers of each direction and session: deposited, admitted by a publication (ADMIS, or
 * DESISTE: an admission that ended), and those whose admission ended; over the sessions named only
 * (those whose figures are not stored), one row per session and direction (the caller sums them by
 * year). Counted session by session (a lateral subquery): each session's dossiers are read through
 * the index `dossier_session_moyenne`, its pages only, where a statement over several sessions at
 * once was planned as a parallel scan of the whole table, every year's dossiers read (docs/statistics.md#speed).
 */
export async function dossierCounts(db: Db, scope: StatisticsScope, sessions: number[]) {
  if (sessions.length === 0) return [];
  const perSession = db
    .select({
      idDirection: dossier.idDirection,
      demandes: dossierFigures.demandes.as('demandes'),
      admis: dossierFigures.admis.as('admis'),
      renonciations: dossierFigures.renonciations.as('renonciations'),
    })
    .from(dossier)
    .where(
      and(
        eq(dossier.idSessionCenou, sessionCenou.idSessionCenou),
        isNull(dossier.deletedAt),
        inDirection(dossier.idDirection, scope),
      ),
    )
    .groupBy(dossier.idDirection)
    .as('c');
  return db
    .select({
      idDirection: perSession.idDirection,
      anneeDebut: sessionCenou.anneeDebut,
      demandes: perSession.demandes,
      admis: perSession.admis,
      renonciations: perSession.renonciations,
    })
    .from(sessionCenou)
    .innerJoinLateral(perSession, sql`TRUE`)
    .where(
      and(
        isNull(sessionCenou.deletedAt),
        sessionYears(scope),
        inArray(sessionCenou.idSessionCenou, sessions),
      ),
    );
}

/**
 * The students admitted by a loaded list of each direction and year, but those whose INE is already
 * admitted by the session's publication (counted once, as the admitted list lists them).
 */
export function loadedCounts(db: Db, scope: StatisticsScope) {
  const r2 = aliasedTable(registreEtudiant, 'r2');
  const d2 = aliasedTable(dossier, 'd2');
  return db
    .select({
      idDirection: admissibleCharge.idDirection,
      anneeDebut: sessionCenou.anneeDebut,
      admis: sql<number>`count(*)::int`,
    })
    .from(admissibleCharge)
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, admissibleCharge.idSessionCenou))
    .where(
      and(
        isNull(sessionCenou.deletedAt),
        sessionYears(scope),
        inDirection(sessionCenou.idDirection, scope),
        notExists(
          db
            .select({ one: sql`1` })
            .from(r2)
            .innerJoin(
              d2,
              and(
                eq(d2.idEtudiant, r2.idEtudiant),
                eq(d2.idSessionCenou, admissibleCharge.idSessionCenou),
                inArray(d2.statutDossier, ['ADMIS', 'DESISTE']),
                isNull(d2.deletedAt),
              ),
            )
            .where(and(eq(sql`upper(${r2.ine})`, admissibleCharge.ine), isNull(r2.deletedAt))),
        ),
      ),
    )
    .groupBy(admissibleCharge.idDirection, sessionCenou.anneeDebut);
}

/**
 * A moment's UTC day, as its number of days from 1970-01-01: an integer, cheaper to group by and to
 * read than the day's text (the spans of five years are about 2,000 rows).
 */
const dayOf = (column: SQL | typeof affectation.createdAt) =>
  sql`((${column} AT TIME ZONE 'UTC')::date - DATE '1970-01-01')`;

/**
 * The assignments' spans by cité and year: from the day the bed was given to the day it was freed
 * (a cancellation; null: held to the year's end), identical spans counted once with their number.
 */
export function assignmentSpans(db: Db, scope: StatisticsScope) {
  const debut = sql<number>`${dayOf(affectation.createdAt)}`;
  const fin = sql<number | null>`${dayOf(sql`${affectation.deletedAt}`)}`;
  return db
    .select({
      idCite: affectation.idCite,
      anneeDebut: sessionCenou.anneeDebut,
      debut,
      fin,
      n: sql<number>`count(*)::int`,
    })
    .from(affectation)
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(and(sessionYears(scope), inDirection(sessionCenou.idDirection, scope)))
    .groupBy(affectation.idCite, sessionCenou.anneeDebut, debut, fin);
}

/**
 * The days each freed bed waited for its next student, by cité and year, counted by value: from
 * an assignment's cancellation to the next assignment of the same bed given before the academic
 * year's end (1 October of the next year), another assignment than the one freed (an assignment
 * made and ended on the same moment, one transaction's `now()`, is no delay of 0 days). A bed not
 * given again within the year has a null delay: the caller counts those apart (still waiting).
 */
export function refillDelays(db: Db, scope: StatisticsScope) {
  const b = aliasedTable(affectation, 'b');
  const next = db
    .select({ debut: sql`min(${b.createdAt})` })
    .from(b)
    .where(
      and(
        eq(b.idLit, affectation.idLit),
        ne(b.idAffectation, affectation.idAffectation),
        sql`${b.createdAt} >= ${affectation.deletedAt}`,
        sql`${b.createdAt} < make_date(${sessionCenou.anneeDebut} + 1, 10, 1)`,
      ),
    );
  const delai = sql<
    number | null
  >`((${next}) AT TIME ZONE 'UTC')::date - (${affectation.deletedAt} AT TIME ZONE 'UTC')::date`;
  return db
    .select({
      idCite: affectation.idCite,
      anneeDebut: sessionCenou.anneeDebut,
      delai,
      n: sql<number>`count(*)::int`,
    })
    .from(affectation)
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(
      and(
        isNotNull(affectation.deletedAt),
        sessionYears(scope),
        inDirection(sessionCenou.idDirection, scope),
      ),
    )
    .groupBy(affectation.idCite, sessionCenou.anneeDebut, delai);
}

/**
 * The rent's own lines: the instalments (`ECHEANCE`, reversals included), not the damage charged
 * at a departure (`DEGRADATION`), which is no rent (docs/statistics.md#the-figures).
 */
const rentInstalment = eq(journalLigne.nature, 'ECHEANCE');

/**
 * Each assignment's rent: what fell due by today, the live instalments of value date ≤ today, one
 * small range of the index `journal_ligne_affectation` (nature, then value date) read alone, less
 * an instalment whose due date an outage of the payment provider moved past today (not in arrears,
 * as the student's account says: docs/rent.md#a-due-date-moved-by-an-outage).
 */
function assignmentDue(db: Db) {
  return db
    .select({
      du: sql<number>`coalesce(sum(${journalLigne.debit} - ${journalLigne.credit}), 0)::bigint - ${movedNotYetDue(affectation.idAffectation)}`.as(
        'du',
      ),
    })
    .from(journalLigne)
    .where(
      and(
        eq(journalLigne.idAffectation, affectation.idAffectation),
        rentInstalment,
        sql`${journalLigne.dateValeur} <= ${TODAY}`,
      ),
    )
    .as('e');
}

/**
 * The same, and whether an instalment is yet to fall due (what fell due would still grow), a moved
 * one included: every instalment of the assignment read, for a session whose figures are to be stored.
 */
function assignmentDueAndPending(db: Db) {
  const moved = movedNotYetDue(affectation.idAffectation);
  return db
    .select({
      du: sql<number>`coalesce(sum(${journalLigne.debit} - ${journalLigne.credit}) FILTER (WHERE ${journalLigne.dateValeur} <= ${TODAY}), 0)::bigint - ${moved}`.as(
        'du',
      ),
      aVenir:
        sql<boolean>`coalesce(bool_or(${journalLigne.dateValeur} > ${TODAY}), false) OR ${moved} > 0`.as(
          'a_venir',
        ),
    })
    .from(journalLigne)
    .where(and(eq(journalLigne.idAffectation, affectation.idAffectation), rentInstalment))
    .as('e');
}

/**
 * Summed over a group of assignments: the rent that fell due, and the rent in arrears (each
 * max(0, rent due − paid): what a student paid goes to the rent first, a damage charge after).
 */
function rentFigures(due: { du: SQL.Aliased<number> }) {
  return {
    duADate: sql<number>`coalesce(sum(${due.du}), 0)::float8`,
    arriere: sql<number>`coalesce(sum(greatest(${due.du} - coalesce(${loyerCompte.paye}, 0), 0)), 0)::float8`,
  };
}

/**
 * Rent by cité and year: the instalments that fell due by today and the arrears of rent, each
 * assignment's max(0, instalments due by today − paid), over every assignment of the
 * year, cancelled ones included (their instalments not yet due are cancelled with them); over the
 * sessions named only (those whose rent is not stored).
 */
export async function rentByCite(db: Db, scope: StatisticsScope, sessions: number[]) {
  if (sessions.length === 0) return [];
  const due = assignmentDue(db);
  return db
    .select({ idCite: affectation.idCite, anneeDebut: sessionCenou.anneeDebut, ...rentFigures(due) })
    .from(affectation)
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .leftJoin(loyerCompte, eq(loyerCompte.idAffectation, affectation.idAffectation))
    .leftJoinLateral(due, sql`TRUE`)
    .where(
      and(
        sessionYears(scope),
        inDirection(sessionCenou.idDirection, scope),
        inArray(affectation.idSessionCenou, sessions),
      ),
    )
    .groupBy(affectation.idCite, sessionCenou.anneeDebut);
}

/**
 * The sessions of the years asked (every direction: a dossier is counted under its own direction),
 * whether closed, and their stored figures (null: none stored): when computed, and whether still
 * fresh for a session still open (computed today, UTC, within the last few minutes).
 */
export function yearSessions(db: Db, scope: StatisticsScope) {
  return db
    .select({
      idSessionCenou: sessionCenou.idSessionCenou,
      idDirection: sessionCenou.idDirection,
      anneeDebut: sessionCenou.anneeDebut,
      live: sql<boolean>`${sessionCenou.deletedAt} IS NULL`,
      ferme: sql<boolean>`${sessionCenou.statutSession} = 'FERME'`,
      stored: statistiqueSession.idSessionCenou,
      dossiers: statistiqueSession.dossiers,
      loyer: statistiqueSession.loyer,
      calculeLe: statistiqueSession.calculeLe,
      frais: sql<boolean>`coalesce(${statistiqueSession.calculeLe} > now() - make_interval(mins => ${STATISTICS_OPEN_FRESHNESS_MINUTES}) AND ${statistiqueSession.calculeLe} >= ${TODAY}::timestamp AT TIME ZONE 'UTC', false)`,
    })
    .from(sessionCenou)
    .leftJoin(statistiqueSession, eq(statistiqueSession.idSessionCenou, sessionCenou.idSessionCenou))
    .where(sessionYears(scope));
}

/** The key of the advisory lock under which a session's figures are stored (migration statistics_closed_years). */
const STORE_LOCK = 7242095;

/**
 * Computes and stores the figures of the sessions named, in one transaction (`tx`), and returns
 * what it stored. A closed session's rent is stored once every instalment has fallen due (null
 * before); a session named in `open` (still open) has its rent stored as it stands today, each cité
 * with an instalment still to fall due marked (`aVenir`): those figures hold for the day only. A session whose lock is held by a writer of its dossiers, assignments or
 * journal lines (their triggers hold it shared until they commit) is left out: its figures are read
 * live this time. Taken before the figures are read, the lock makes each statement below see every
 * write to those sessions committed, and a writer still to come delete the row after this commit.
 */
export async function storeSessionFigures(tx: Db, sessions: number[], open: ReadonlySet<number>) {
  if (sessions.length === 0) return [];
  // Not waiting: a store is never worth delaying a call.
  // The lock tried on the ids named only: in a filter over `session_cenou`, the planner may try
  // the (cheap) lock before the id's test and so lock every session it scans.
  const named = sql.join(
    sessions.map((id) => sql`${id}`),
    sql`, `,
  );
  const free = await tx
    .select({ id: sql<number>`s` })
    .from(sql`unnest(ARRAY[${named}]::int[]) AS s`)
    .where(sql`pg_try_advisory_xact_lock(${STORE_LOCK}, s)`);
  const ids = free.map((f) => f.id);
  if (ids.length === 0) return [];
  const counts = await tx
    .select({ idSessionCenou: dossier.idSessionCenou, idDirection: dossier.idDirection, ...dossierFigures })
    .from(dossier)
    .where(and(isNull(dossier.deletedAt), inArray(dossier.idSessionCenou, ids)))
    .groupBy(dossier.idSessionCenou, dossier.idDirection);
  const due = assignmentDueAndPending(tx);
  const rent = await tx
    .select({
      idSessionCenou: affectation.idSessionCenou,
      idCite: affectation.idCite,
      ...rentFigures(due),
      aVenir: sql<boolean>`coalesce(bool_or(${due.aVenir}), false)`,
    })
    .from(affectation)
    .leftJoin(loyerCompte, eq(loyerCompte.idAffectation, affectation.idAffectation))
    .leftJoinLateral(due, sql`TRUE`)
    .where(inArray(affectation.idSessionCenou, ids))
    .groupBy(affectation.idSessionCenou, affectation.idCite);
  const rows = ids.map((idSessionCenou) => {
    const dossiers: StoredDossierCounts[] = counts
      .filter((c) => c.idSessionCenou === idSessionCenou)
      .map(({ idDirection, demandes, admis, renonciations }) => ({
        idDirection,
        demandes,
        admis,
        renonciations,
      }));
    const cites = rent.filter((r) => r.idSessionCenou === idSessionCenou);
    const rentOf = (r: (typeof cites)[number]): StoredRent => ({
      idCite: r.idCite,
      duADate: Number(r.duADate),
      arriere: Number(r.arriere),
      ...(r.aVenir ? { aVenir: true as const } : {}),
    });
    const loyer: StoredRent[] | null = open.has(idSessionCenou)
      ? cites.map(rentOf)
      : cites.some((r) => r.aVenir)
        ? null
        : cites.map(rentOf);
    return { idSessionCenou, dossiers, loyer };
  });
  // A session stored while its rent was still falling due (`loyer` null) is stored again whole.
  return tx
    .insert(statistiqueSession)
    .values(rows)
    .onConflictDoUpdate({
      target: statistiqueSession.idSessionCenou,
      set: { dossiers: sql`excluded.dossiers`, loyer: sql`excluded.loyer`, calculeLe: sql`now()` },
    })
    .returning({
      idSessionCenou: statistiqueSession.idSessionCenou,
      dossiers: statistiqueSession.dossiers,
      loyer: statistiqueSession.loyer,
      calculeLe: statistiqueSession.calculeLe,
    });
}

/**
 * The median hours from a repair request to its (last) resolution, by cité and academic year (the
 * year the request was made in, October to September), among the requests resolved or closed:
 * the repairs' own figure per cité (docs/life-in-the-cite.md#repairs), over years.
 */
export function repairMedianHours(db: Db, scope: StatisticsScope) {
  // The academic year of a time: its calendar year from October, the year before until September.
  const annee = sql<number>`extract(year FROM (${intervention.createdAt} AT TIME ZONE 'Africa/Ouagadougou') - interval '9 months')::int`;
  return db
    .select({
      idCite: intervention.idCite,
      anneeDebut: annee,
      heures: sql<
        number | null
      >`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${intervention.resolueLe} - ${intervention.createdAt}) / 3600)::float8`,
    })
    .from(intervention)
    .innerJoin(cite, eq(cite.idCite, intervention.idCite))
    .innerJoin(ville, eq(ville.idVille, cite.idVille))
    .where(
      and(
        isNotNull(intervention.resolueLe),
        inArray(intervention.statut, ['RESOLUE', 'CLOTUREE']),
        sql`${annee} BETWEEN ${scope.anneeDebut} AND ${scope.anneeFin}`,
        scope.idDirection === undefined ? undefined : eq(ville.idDirection, scope.idDirection),
      ),
    )
    .groupBy(intervention.idCite, annee);
}
