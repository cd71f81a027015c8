/**
 * An assignment's account as rent reads it from the journal (docs/rent.md#sums): its live charges
 * (the instalments, the damage charged at departure), its sums (what is owed, due by today, paid,
 * the balance), what an outage moved past today, and the check of the whole journal against the
 * kept sums (`loyer_compte`). Reads only: the journal is written by ../journal/repository.ts.
 */
import { and, count, eq, isNotNull, isNull, lt, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { among } from '../../../db/bulk';
import {
  echeanceReportee as m,
  journalLigne as l,
  journalTransaction as t,
  loyerCompte,
} from '../../../db/schema';
import { fallsDue, notReversed, TODAY } from '../journal/repository';

// The moves under way today (old date reached, new one not) with their instalment's live lines, the
// instalment's headers and lines under aliases of their own (the caller may read the same tables).
// (A single table's select names its columns unqualified: the sub-select names its own by alias.)
const MOVES_UNDER_WAY = sql`FROM ${m} mr
    JOIN ${t} mh ON mh.id_affectation = mr.id_affectation AND mh.numero_echeance = mr.numero_echeance
    JOIN ${l} ml ON ml.id_transaction = mh.id_transaction AND ml.id_affectation IS NOT NULL AND ml.nature = 'ECHEANCE'
    WHERE mr.ancienne_date <= ${TODAY} AND mr.nouvelle_date > ${TODAY}`;

/**
 * What the journal counts due by today for an assignment (`idAffectation`, a column or a value) but
 * an outage moved past today (docs/rent.md#a-due-date-moved-by-an-outage): each move under way today
 * (its old date reached, its new one not) takes its instalment's live amount (the lines of its number,
 * reversals and a reissue at another price included) off what is due. Moves chain (each starts from
 * the date the previous one gave), so at most one per instalment is under way on a day. Reads the
 * moves' few rows only: most assignments have none.
 */
export function movedNotYetDue(idAffectation: AnyPgColumn | SQL) {
  return sql<number>`(SELECT coalesce(sum(ml.debit - ml.credit), 0)::bigint ${MOVES_UNDER_WAY}
    AND mr.id_affectation = ${idAffectation})`;
}

/**
 * `movedNotYetDue` for every assignment at once: a table (`id_affectation`, `du`) of the
 * assignments with a move under way today, to LEFT JOIN by assignment (`coalesce(x.du, 0)`). A list
 * of thousands of assignments reads the moves once this way, where a sub-select per row cost the
 * arrears list sorted by arrears 30 ms more on 6,000 assignments (decision 148).
 */
export const movedNotYetDueByAssignment = sql`(SELECT mr.id_affectation, sum(ml.debit - ml.credit)::bigint AS du
    ${MOVES_UNDER_WAY} GROUP BY mr.id_affectation)`;

/**
 * The live charges of one nature of assignments, by assignment, date, then number: ECHEANCE
 * transactions (the instalments) or DEGRADATION ones (the damage charged at departure, which the
 * student's page lists beside the instalments so that its lines add up to the balance:
 * docs/rent.md#a-departure). Not reversed, each with its amount (the student's line's debit).
 */
function selectLiveCharges(db: Db, nature: 'ECHEANCE' | 'DEGRADATION', ids: readonly number[]) {
  return db
    .select({
      idTransaction: t.idTransaction,
      // Read by assignment: never null here (`among`).
      idAffectation: sql<number>`${t.idAffectation}`,
      numero: t.numeroEcheance,
      /** The instalment's due date; a damage's day. */
      dateEcheance: t.dateValeur,
      /** The due date an outage moved an instalment to (the latest move), or null: the journal's holds. */
      dateReportee: sql<string | null>`(SELECT max(mr.nouvelle_date)::text FROM ${m} mr
        WHERE mr.id_affectation = ${t.idAffectation} AND mr.numero_echeance = ${t.numeroEcheance})`,
      reference: sql<string>`coalesce(${t.referencePaiement}, '')`,
      libelle: t.libelle,
      montant: l.debit,
    })
    .from(t)
    .innerJoin(l, and(eq(l.idTransaction, t.idTransaction), isNotNull(l.idAffectation)))
    .where(and(among(t.idAffectation, ids), eq(t.nature, nature), notReversed(db, t.idTransaction)))
    .orderBy(t.idAffectation, t.dateValeur, t.numeroEcheance, t.idTransaction);
}

export type LiveCharge = Awaited<ReturnType<typeof selectLiveCharges>>[number];
/** A live instalment: an ECHEANCE transaction always has its number (the schedule's place). */
export type LiveInstalment = LiveCharge & { numero: NonNullable<LiveCharge['numero']> };

export function liveCharges(db: Db, nature: 'ECHEANCE', ids: readonly number[]): Promise<LiveInstalment[]>;
export function liveCharges(db: Db, nature: 'DEGRADATION', ids: readonly number[]): Promise<LiveCharge[]>;
export async function liveCharges(
  db: Db,
  nature: 'ECHEANCE' | 'DEGRADATION',
  ids: readonly number[],
): Promise<LiveCharge[]> {
  if (!ids.length) return [];
  return selectLiveCharges(db, nature, ids);
}

/**
 * The sums of one assignment's account, from its lines (one range of `journal_ligne_affectation`):
 * every live instalment, those due by today, payments net of refunds, and the balance. A line's
 * `nature` is that of the event (a reversal's lines carry the nature of what they reverse).
 */
/** The sums of `journal_ligne` lines (alias `l`), as SUMS lists them, each a number. */
const sums = {
  totalDu:
    sql<number>`coalesce(sum(${l.debit} - ${l.credit}) FILTER (WHERE ${l.nature} = 'ECHEANCE'), 0)::bigint`
      .mapWith(Number)
      .as('totalDu'),
  duADate:
    sql<number>`coalesce(sum(${l.debit} - ${l.credit}) FILTER (WHERE ${fallsDue(l.nature)} AND ${l.dateValeur} <= ${TODAY}), 0)::bigint`
      .mapWith(Number)
      .as('duADate'),
  paye: sql<number>`coalesce(sum(${l.credit} - ${l.debit}) FILTER (WHERE ${l.nature} IN ('PAIEMENT', 'REMBOURSEMENT')), 0)::bigint`
    .mapWith(Number)
    .as('paye'),
  solde: sql<number>`coalesce(sum(${l.debit} - ${l.credit}), 0)::bigint`.mapWith(Number).as('solde'),
};

export type AccountSums = { [K in keyof typeof sums]: number };

/** Per assignment, the damage charged at departure (DEGRADATION lines, net of reversals). */
export async function damageTotals(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({
      idAffectation: sql<number>`${l.idAffectation}`,
      total: sql<number>`coalesce(sum(${l.debit} - ${l.credit}), 0)::bigint`.mapWith(Number),
    })
    .from(l)
    .where(and(among(l.idAffectation, ids), eq(l.nature, 'DEGRADATION')))
    .groupBy(l.idAffectation);
  return new Map(found.map((f) => [Number(f.idAffectation), Number(f.total)]));
}

export async function accountSums(db: Db, idAffectation: number): Promise<AccountSums> {
  const [row] = await db
    .select({ ...sums, reporte: movedNotYetDue(sql`${idAffectation}::int`).mapWith(Number) })
    .from(l)
    .where(eq(l.idAffectation, idAffectation));
  return {
    totalDu: Number(row?.totalDu ?? 0),
    // Less the instalments an outage moved past today (not late until their new date).
    duADate: Number(row?.duADate ?? 0) - Number(row?.reporte ?? 0),
    paye: Number(row?.paye ?? 0),
    solde: Number(row?.solde ?? 0),
  };
}

/**
 * Debits minus credits over the whole journal, per transaction the ones that do not balance, and
 * the assignments whose kept sums (`loyer_compte`) differ from their lines' (tests, checks).
 */
export async function journalCheck(db: Db) {
  const [totals] = await db
    .select({
      ecart: sql<number>`coalesce(sum(${l.debit}) - sum(${l.credit}), 0)::bigint`.mapWith(Number),
      lignes: count(),
    })
    .from(l);
  const unbalanced = db
    .select({ idTransaction: l.idTransaction })
    .from(l)
    .groupBy(l.idTransaction)
    .having(or(ne(sum(l.debit), sum(l.credit)), lt(count(), 2)))
    .as('d');
  const [{ desequilibrees }] = await db.select({ desequilibrees: count() }).from(unbalanced);
  // A sub-select's computed columns are named by their alias alone: names no other table has.
  const x = db
    .select({
      id: sql<number>`${l.idAffectation}`.as('x_id'),
      totalDu: sql<number>`${sums.totalDu.sql}`.as('x_total_du'),
      paye: sql<number>`${sums.paye.sql}`.as('x_paye'),
      solde: sql<number>`${sums.solde.sql}`.as('x_solde'),
    })
    .from(l)
    .where(isNotNull(l.idAffectation))
    .groupBy(l.idAffectation)
    .as('x');
  const k = loyerCompte;
  const [{ comptesFaux }] = await db
    .select({ comptesFaux: count() })
    .from(x)
    .fullJoin(k, eq(k.idAffectation, x.id))
    .where(
      or(
        isNull(x.id),
        isNull(k.idAffectation),
        ne(k.totalDu, x.totalDu),
        ne(k.paye, x.paye),
        ne(k.solde, x.solde),
      ),
    );
  return { ecart: totals.ecart, desequilibrees, lignes: totals.lignes, comptesFaux };
}
