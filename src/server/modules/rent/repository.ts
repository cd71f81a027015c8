/**
 * SQL of rent (docs/rent.md): the double-entry journal (transactions and lines, posted and
 * reversed, never updated), the instalments as the journal holds them, the sums of an assignment,
 * the assignments and operators as rent reads them. The staff lists (arrears, reconciliation) are
 * in lists/repository.ts, a receipt's facts in receipts/repository.ts. The database checks at
 * commit that every transaction balances (migration rent_journal_triggers); this module only ever
 * inserts.
 */
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notExists,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NatureTransaction } from '../../../domain/enums';
import { NATURES_EXIGIBLES } from '../../../domain/rent';
import { messages } from '../../../domain/messages';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import { builtOnce, type Db } from '../../db/client';
import { among, columnName as name, idSet, recordset } from '../../db/bulk';
import { withPlace } from '../assignment/place/repository';
import {
  affectation as a,
  categorieChambre,
  chambre,
  cite,
  dossier,
  echeanceReportee as m,
  journalLigne as l,
  journalTransaction as t,
  lit,
  loyerCompte,
  operateur,
  remboursement,
  sessionCenou,
  typePaiement,
} from '../../db/schema';

/** A journal transaction's row, as the schema types it. */
type Transaction = typeof t.$inferSelect;

/** A nature of the journal as a literal of a raw statement, checked against the schema's values. */
const nature = (value: Transaction['nature']) => sql.raw(`'${value}'`);

// ---------------------------------------------------------------- accounts

/**
 * The journal's accounts (docs/decisions/031-rent-journal.md): what a student owes for one
 * assignment, the rent earned by a cité, the cash at a cité's counter, what an operator holds for
 * the CENOU until it pays it over.
 */
export const accounts = {
  etudiant: (idAffectation: number) => `ETUDIANT:${idAffectation}`,
  loyerCite: (idCite: number) => `LOYER:CITE:${idCite}`,
  caisseCite: (idCite: number) => `CAISSE:CITE:${idCite}`,
  operateur: (idOperateur: number) => `OPERATEUR:${idOperateur}`,
  /** What a cité is owed for damage to its rooms, charged at departure. */
  degradationCite: (idCite: number) => `DEGRADATION:CITE:${idCite}`,
};

/** Today in UTC (Burkina Faso's time): what "due by today" means, the same in SQL and in code. */
export const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * `nature IN ('ECHEANCE', 'DEGRADATION')` for a line's nature column (`NATURES_EXIGIBLES`): what
 * falls due on its value date, summed into what is due by today and the arrears (docs/rent.md#sums)
 * by the student's page, the arrears list and the statistics alike.
 */
export const fallsDue = (nature: AnyPgColumn | SQL) =>
  sql`${nature} IN (${sql.join(
    NATURES_EXIGIBLES.map((n) => sql`${n}`),
    sql`, `,
  )})`;

/**
 * What the journal counts due by today for an assignment (`idAffectation`, a column or a value) but
 * an outage moved past today (docs/rent.md#a-due-date-moved-by-an-outage): each move under way today
 * (its old date reached, its new one not) takes its instalment's live amount (the lines of its number,
 * reversals and a reissue at another price included) off what is due. Moves chain (each starts from
 * the date the previous one gave), so at most one per instalment is under way on a day. Reads the
 * moves' few rows only: most assignments have none.
 */
export function movedNotYetDue(idAffectation: AnyPgColumn | SQL) {
  // The instalment's headers and lines under aliases of their own (the caller may read the same tables).
  // (A single table's select names its columns unqualified: the sub-select names its own by alias.)
  return sql<number>`(SELECT coalesce(sum(ml.debit - ml.credit), 0)::bigint FROM ${m} mr
    JOIN ${t} mh ON mh.id_affectation = mr.id_affectation AND mh.numero_echeance = mr.numero_echeance
    JOIN ${l} ml ON ml.id_transaction = mh.id_transaction AND ml.id_affectation IS NOT NULL AND ml.nature = 'ECHEANCE'
    WHERE mr.id_affectation = ${idAffectation} AND mr.ancienne_date <= ${TODAY} AND mr.nouvelle_date > ${TODAY})`;
}

// ---------------------------------------------------------------- posting

export interface JournalLine {
  compte: string;
  debit?: number;
  credit?: number;
}

export interface JournalEntry {
  nature: Exclude<NatureTransaction, 'CONTREPASSATION'>;
  libelle: string;
  dateValeur: string;
  idAffectation: number | null;
  numeroEcheance?: number | null;
  referencePaiement?: string | null;
  idAuteur: number | null;
  lines: JournalLine[];
}

/**
 * Posts transactions, set-based: one statement for the headers, one for the lines, whatever their
 * number (a whole cité assigned at once). Returns the new ids in the order of `entries`.
 */
export async function postTransactions(tx: Db, entries: readonly JournalEntry[]): Promise<number[]> {
  if (!entries.length) return [];
  const ins = tx
    .$with('ins', { id: sql<Transaction['idTransaction']>`id_transaction`.as('id_transaction') })
    .as(
      sql`INSERT INTO ${t} (${name(t.nature)}, ${name(t.libelle)}, ${name(t.dateValeur)}, ${name(t.idAffectation)},
            ${name(t.numeroEcheance)}, ${name(t.referencePaiement)}, ${name(t.idAuteur)})
          SELECT x.nature, x.libelle, x.date_valeur, x.id_affectation, x.numero, x.reference, x.id_auteur
          FROM ${recordset(
            entries.map((e) => ({
              nature: e.nature,
              libelle: e.libelle,
              date_valeur: e.dateValeur,
              id_affectation: e.idAffectation,
              numero: e.numeroEcheance ?? null,
              reference: e.referencePaiement ?? null,
              id_auteur: e.idAuteur,
            })),
            'nature text, libelle text, date_valeur date, id_affectation int, numero int, reference text, id_auteur int',
          )}
          ORDER BY x.ord
          RETURNING ${name(t.idTransaction)}`,
    );
  const made = await tx.with(ins).select({ id: ins.id }).from(ins);
  // Serial ids follow the insert's order (ORDER BY x.ord): the nth id is the nth entry's.
  const ids = made.map((m) => Number(m.id)).sort((x, y) => x - y);
  await tx.execute(
    sql`INSERT INTO ${l} (${name(l.idTransaction)}, ${name(l.compte)}, ${name(l.debit)}, ${name(l.credit)})
        SELECT x.id_transaction, x.compte, x.debit, x.credit
        FROM ${recordset(
          entries.flatMap((e, i) =>
            e.lines.map((line) => ({
              id_transaction: ids[i],
              compte: line.compte,
              debit: line.debit ?? 0,
              credit: line.credit ?? 0,
            })),
          ),
          'id_transaction bigint, compte text, debit bigint, credit bigint',
        )}
        ORDER BY x.ord`,
  );
  return ids;
}

/** Who pays at the counter in `postCounterPaymentsInBulk`: an assignment, its last instalment paid, the cashier. */
export interface CounterPayer {
  idAffectation: number;
  /** The last instalment paid (by number); null: every one. */
  jusqua: number | null;
  /** Who recorded the payments (the direction's regional manager), or null. */
  idAuteur: number | null;
}

/**
 * Past rent paid at the cités' counters, in bulk (the demo's earlier years): each live instalment of
 * the given assignments up to its `jusqua`, paid in cash on its due day for its amount, one PAIEMENT
 * transaction each (its reference `ESP-<day>-E<instalment's transaction>`, its receipt's number
 * `Q<year>-E<…>` in its label) debiting the cité's counter and crediting the student: one statement
 * for every header and line. The payments' rows are the payments' repository's
 * (`insertCounterPaymentsOfJournal`). Returns how many were posted.
 */
export async function postCounterPaymentsInBulk(tx: Db, payers: readonly CounterPayer[]): Promise<number> {
  if (!payers.length) return 0;
  // Counted before and after through the schema: the statement's own rows are not read.
  const paid = async () => {
    const [c] = await tx
      .select({ n: count() })
      .from(t)
      .where(
        and(
          eq(t.nature, 'PAIEMENT'),
          inArray(
            t.idAffectation,
            payers.map((p) => p.idAffectation),
          ),
        ),
      );
    return c?.n ?? 0;
  };
  const before = await paid();
  await tx.execute(
    sql`WITH x AS (
          SELECT * FROM ${recordset(
            payers.map((p) => ({ id_affectation: p.idAffectation, jusqua: p.jusqua, id_auteur: p.idAuteur })),
            'id_affectation int, jusqua int, id_auteur int',
          )}
        ), due AS (
          SELECT e.${name(t.idTransaction)} AS id_echeance, e.${name(t.idAffectation)} AS id_affectation,
            e.${name(t.dateValeur)} AS jour, x.id_auteur, af.${name(a.idCite)} AS id_cite, el.${name(l.debit)} AS montant,
            'ESP-' || to_char(e.${name(t.dateValeur)}, 'YYYYMMDD') || '-E' || lpad(e.${name(t.idTransaction)}::text, 7, '0') AS reference,
            'Q' || to_char(e.${name(t.dateValeur)}, 'YYYY') || '-E' || lpad(e.${name(t.idTransaction)}::text, 7, '0') AS recu
          FROM x
          JOIN ${t} e ON e.${name(t.idAffectation)} = x.id_affectation AND e.${name(t.nature)} = ${nature('ECHEANCE')}
            AND (x.jusqua IS NULL OR e.${name(t.numeroEcheance)} <= x.jusqua)
          JOIN ${l} el ON el.${name(l.idTransaction)} = e.${name(t.idTransaction)}
            AND el.${name(l.compte)} = 'ETUDIANT:' || x.id_affectation AND el.${name(l.debit)} > 0
          JOIN ${a} af ON af.${name(a.idAffectation)} = x.id_affectation
          WHERE NOT EXISTS (SELECT 1 FROM ${t} r WHERE r.${name(t.idTransactionAnnulee)} = e.${name(t.idTransaction)})
        ), h AS (
          INSERT INTO ${t} (${name(t.nature)}, ${name(t.libelle)}, ${name(t.dateValeur)}, ${name(t.idAffectation)},
            ${name(t.referencePaiement)}, ${name(t.idAuteur)})
          SELECT ${nature('PAIEMENT')}, replace(${messages.loyerJournalEspeces}, '{numero}', due.recu), due.jour,
            due.id_affectation, due.reference, due.id_auteur
          FROM due ORDER BY due.jour, due.id_echeance
          RETURNING ${name(t.idTransaction)} AS id_transaction, ${name(t.referencePaiement)} AS reference
        ), lines AS (
          INSERT INTO ${l} (${name(l.idTransaction)}, ${name(l.compte)}, ${name(l.debit)}, ${name(l.credit)})
          SELECT h.id_transaction, v.compte, v.debit, v.credit
          FROM h JOIN due ON due.reference = h.reference
          CROSS JOIN LATERAL (VALUES ('CAISSE:CITE:' || due.id_cite, due.montant, 0::bigint, 1),
                                     ('ETUDIANT:' || due.id_affectation, 0::bigint, due.montant, 2)) AS v(compte, debit, credit, k)
          ORDER BY h.id_transaction, v.k
          RETURNING 1)
        SELECT (SELECT count(*) FROM h)::int AS n, (SELECT count(*) FROM lines)::int AS lignes`,
  );
  return (await paid()) - before;
}

/**
 * Reverses transactions line by line (CONTREPASSATION): same accounts, debit and credit swapped,
 * same value date (a reversed instalment counts nowhere, whatever the day), each at most once
 * (unique index). Returns how many were reversed.
 */
export async function reverseTransactions(
  tx: Db,
  ids: readonly number[],
  libelle: string,
  idAuteur: number | null,
): Promise<number> {
  if (!ids.length) return 0;
  const list = idSet(ids, 'bigint');
  const o = aliasedTable(t, 'o');
  const ins = tx
    .$with('ins', { id: sql<Transaction['idTransaction']>`id_transaction`.as('id_transaction') })
    .as(
      sql`INSERT INTO ${t} (${name(t.nature)}, ${name(t.libelle)}, ${name(t.dateValeur)}, ${name(t.idAffectation)},
            ${name(t.numeroEcheance)}, ${name(t.idTransactionAnnulee)}, ${name(t.idAuteur)})
          SELECT ${nature('CONTREPASSATION')}, ${libelle}, ${o.dateValeur}, ${o.idAffectation},
            ${o.numeroEcheance}, ${o.idTransaction}, ${idAuteur}::int
          FROM ${t} o WHERE ${o.idTransaction} IN ${list}
          ORDER BY ${o.idTransaction}
          RETURNING ${name(t.idTransaction)}`,
    );
  const made = await tx.with(ins).select({ id: ins.id }).from(ins);
  await tx.execute(
    sql`INSERT INTO ${l} (${name(l.idTransaction)}, ${name(l.compte)}, ${name(l.debit)}, ${name(l.credit)})
        SELECT r.${name(t.idTransaction)}, ol.${name(l.compte)}, ol.${name(l.credit)}, ol.${name(l.debit)}
        FROM ${t} r JOIN ${l} ol ON ol.${name(l.idTransaction)} = r.${name(t.idTransactionAnnulee)}
        WHERE r.${name(t.idTransactionAnnulee)} IN ${list}
        ORDER BY r.${name(t.idTransaction)}, ol.${name(l.idLigne)}`,
  );
  return made.length;
}

// ---------------------------------------------------------------- instalments and sums

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
 * What the assignments of one session made on one day owe (`owedInstalments` of the session's
 * `instalmentSchedule`, src/domain/rent.ts): each number's due day and label.
 */
export interface ScheduledInstalment {
  idSessionCenou: number;
  /** The assignments' day (`created_at` in UTC, `YYYY-MM-DD`). */
  jour: string;
  numero: number;
  dateEcheance: string;
  libelle: string;
}

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

/**
 * Posts the instalments of assignments in one statement, whatever their number (the automatic fill
 * of a whole cité: 6,000 assignments, 60,000 instalments, 120,000 lines): each assignment × the
 * `schedule` owed by its session's assignments of its day (joined on the session and the day of
 * `created_at` in UTC, docs/rent.md#the-rule-of-the-months-lived), at its bed's category's `montantChambre` (none for a free room), an
 * ECHEANCE header and its two lines (debit `ETUDIANT:<id>`, credit `LOYER:CITE:<idCite>`), the
 * lines given whole (value date, nature, assignment), which the journal's statement trigger checks
 * against their headers at once (docs/decisions/031-rent-journal.md). Balanced at commit like any
 * other. Returns how many instalments were posted.
 */
export async function postInstalments(
  tx: Db,
  ids: readonly number[],
  schedule: readonly ScheduledInstalment[],
  idAuteur: number | null,
): Promise<number> {
  if (!ids.length || !schedule.length) return 0;
  // Raw SQL over the schema's names, for the speed of the fill (one statement, hash joins, lines
  // given whole); its answer is read through a typed CTE. The data-modifying CTEs `h` and `ln` are
  // at the top of the statement, as PostgreSQL asks; `src` is read twice, so it is materialised.
  const e = tx.$with('e', {}).as(
    sql`SELECT * FROM ${recordset(
      schedule.map((i) => ({
        id_session: i.idSessionCenou,
        jour: i.jour,
        numero: i.numero,
        date_valeur: i.dateEcheance,
        libelle: i.libelle,
      })),
      'id_session int, jour text, numero int, date_valeur date, libelle text',
    )}`,
  );
  const src = tx.$with('src', {}).as(
    sql`SELECT a.${name(a.idAffectation)}, a.${name(a.idSessionCenou)}, a.${name(a.idCite)},
          cat.${name(categorieChambre.montantChambre)}::bigint AS montant,
          to_char(timezone('UTC', a.${name(a.createdAt)}), 'YYYY-MM-DD') AS jour
        FROM ${a} a
        JOIN ${chambre} ch ON ch.${name(chambre.idChambre)} = a.${name(a.idChambre)}
        JOIN ${categorieChambre} cat ON cat.${name(categorieChambre.idCategorieChambre)} = ch.${name(chambre.idCategorieChambre)}
        WHERE a.${name(a.idAffectation)} IN ${idSet(ids)}
          AND cat.${name(categorieChambre.montantChambre)} > 0`,
  );
  const h = tx.$with('h', { id: sql<Transaction['idTransaction']>`id_transaction`.as('id_transaction') }).as(
    sql`INSERT INTO ${t} (${name(t.nature)}, ${name(t.libelle)}, ${name(t.dateValeur)}, ${name(t.idAffectation)},
            ${name(t.numeroEcheance)}, ${name(t.idAuteur)})
          SELECT ${nature('ECHEANCE')}, e.libelle, e.date_valeur, src.${name(a.idAffectation)},
            e.numero, ${idAuteur}::int
          FROM src JOIN e ON e.id_session = src.${name(a.idSessionCenou)} AND e.jour = src.jour
          RETURNING ${name(t.idTransaction)}, ${name(t.idAffectation)}, ${name(t.dateValeur)}`,
  );
  // Each header's two lines, its amount and cité found by assignment (a hash of the assignments,
  // not a sort of the instalments).
  const ln = tx.$with('ln', {}).as(
    sql`INSERT INTO ${l} (${name(l.idTransaction)}, ${name(l.compte)}, ${name(l.debit)}, ${name(l.credit)},
          ${name(l.nature)}, ${name(l.dateValeur)}, ${name(l.idAffectation)})
        SELECT h.${name(t.idTransaction)}, x.compte, x.debit, x.credit, ${nature('ECHEANCE')},
          h.${name(t.dateValeur)}, x.id_affectation
        FROM h JOIN src ON src.${name(a.idAffectation)} = h.${name(t.idAffectation)}
        CROSS JOIN LATERAL (VALUES ('ETUDIANT:' || src.${name(a.idAffectation)}, src.montant, 0::bigint, src.${name(a.idAffectation)}),
                                   ('LOYER:CITE:' || src.${name(a.idCite)}, 0::bigint, src.montant, NULL::int))
          AS x(compte, debit, credit, id_affectation)`,
  );
  const [made] = await tx.with(e, src, h, ln).select({ n: count() }).from(h);
  return made?.n ?? 0;
}

/**
 * A journal transaction stands: no reversal names it (docs/rent.md#the-journal). The one rule of what
 * a live charge is, for the student's page and the public check of a damage notice alike.
 */
export function notReversed(db: Db, idTransaction: AnyPgColumn): SQL {
  const r = aliasedTable(t, 'r');
  return notExists(
    db
      .select({ x: sql`1` })
      .from(r)
      .where(eq(r.idTransactionAnnulee, idTransaction)),
  );
}

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

/** One backfill at a time across instances (transaction-scoped advisory lock). */
export async function lockInstalmentBackfill(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7242026)`);
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

// ---------------------------------------------------------------- assignments as rent sees them

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

// ---------------------------------------------------------------- payments

/** An operator with the code of its payment type; `actif`: usable (it and its type live and active). */
function selectOperator(db: Db) {
  return db
    .select({
      idOperateur: operateur.idOperateur,
      libelleOperateur: operateur.libelleOperateur,
      codeOperateur: operateur.codeOperateur,
      codeTypePaiement: typePaiement.codeTypePaiement,
      actif: sql<boolean>`(${operateur.actif} AND ${typePaiement.actif} AND ${operateur.deletedAt} IS NULL
        AND ${typePaiement.deletedAt} IS NULL)`,
    })
    .from(operateur)
    .innerJoin(typePaiement, eq(typePaiement.idTypePaiement, operateur.idTypePaiement));
}

export type OperatorRow = NonNullable<Awaited<ReturnType<typeof operatorById>>>;

export async function operatorById(db: Db, idOperateur: number) {
  const [row] = await selectOperator(db).where(eq(operateur.idOperateur, idOperateur));
  return row;
}

/** The cash operator the counters use: the first live, active operator of an ESPECES type. */
export async function cashOperator(db: Db) {
  const [row] = await selectOperator(db)
    .where(
      and(
        eq(typePaiement.codeTypePaiement, 'ESPECES'),
        isNull(operateur.deletedAt),
        isNull(typePaiement.deletedAt),
        eq(operateur.actif, true),
        eq(typePaiement.actif, true),
      ),
    )
    .orderBy(operateur.idOperateur)
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- due dates moved by an outage

/**
 * The live instalments of live assignments not yet paid (what was paid goes to the oldest first)
 * whose due date — the latest move's, else the journal's — is between `fromDay` and `toDay`
 * (inclusive, ISO days): those an outage of the payment provider may move. With the dossier and
 * account of each (its event, its SMS). An outage is rare: this reads the instalments' headers
 * whole, once.
 */
export function unpaidInstalmentsDueBetween(db: Db, fromDay: string, toDay: string) {
  const due = sql<string>`coalesce((SELECT max(mr.nouvelle_date) FROM ${m} mr
    WHERE mr.id_affectation = ${t.idAffectation} AND mr.numero_echeance = ${t.numeroEcheance}), ${t.dateValeur})`;
  return db
    .select({
      idAffectation: sql<number>`${t.idAffectation}`,
      numero: sql<number>`${t.numeroEcheance}`,
      dateEcheance: sql<string>`(${due})::text`,
      montant: l.debit,
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
    })
    .from(t)
    .innerJoin(l, and(eq(l.idTransaction, t.idTransaction), isNotNull(l.idAffectation)))
    .innerJoin(a, and(eq(a.idAffectation, t.idAffectation), isNull(a.deletedAt)))
    .innerJoin(dossier, eq(dossier.idDossier, a.idDossier))
    .leftJoin(loyerCompte, eq(loyerCompte.idAffectation, t.idAffectation))
    .where(
      and(
        eq(t.nature, 'ECHEANCE'),
        notReversed(db, t.idTransaction),
        sql`${due} BETWEEN ${fromDay}::date AND ${toDay}::date`,
        // Not paid: what was paid does not cover the live instalments up to this one's.
        sql`coalesce(${loyerCompte.paye}, 0) < (SELECT sum(c.debit - c.credit) FROM ${l} c
          WHERE c.id_affectation = ${t.idAffectation} AND c.nature = 'ECHEANCE' AND c.date_valeur <= ${t.dateValeur})`,
      ),
    )
    .orderBy(t.idAffectation, t.numeroEcheance);
}

/**
 * Records instalments' due dates moved by an outage (`idPanne`), once per instalment and outage →
 * those recorded now (a move already there is left out).
 */
export async function recordMovedInstalments(
  tx: Db,
  idPanne: number,
  moves: readonly { idAffectation: number; numero: number; ancienne: string; nouvelle: string }[],
) {
  if (!moves.length) return [];
  return tx
    .insert(m)
    .values(
      moves.map((x) => ({
        idAffectation: x.idAffectation,
        numeroEcheance: x.numero,
        ancienneDate: x.ancienne,
        nouvelleDate: x.nouvelle,
        idPanne,
      })),
    )
    .onConflictDoNothing({ target: [m.idAffectation, m.numeroEcheance, m.idPanne] })
    .returning({ idAffectation: m.idAffectation, numero: m.numeroEcheance });
}

/** The last due day before `before` (ISO day) of the instalments of closed sessions (the demo's outages). */
export async function lastClosedSessionInstalmentDay(db: Db, before: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${t.dateValeur})::text` })
    .from(t)
    .innerJoin(a, eq(a.idAffectation, t.idAffectation))
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, a.idSessionCenou))
    .where(and(eq(t.nature, 'ECHEANCE'), eq(sessionCenou.statutSession, 'FERME'), lt(t.dateValeur, before)));
  return row?.day ?? null;
}
