/**
 * The double-entry journal of rent (docs/rent.md#the-journal, docs/decisions/031-rent-journal.md):
 * its accounts, and every write of its two tables, `journal_transaction` and `journal_ligne` (this
 * file is their one writer): transactions posted one by one or in bulk (the instalments of a whole
 * fill, the demo's past payments at the counters), and reversed, never updated. The database checks
 * at commit that every transaction balances (migration rent_journal_triggers). What a charge still
 * standing is (`notReversed`).
 */
import { randomInt } from 'node:crypto';
import { aliasedTable, and, count, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NatureTransaction } from '../../../../domain/enums';
import { NATURES_EXIGIBLES } from '../../../../domain/rent';
import { messages } from '../../../../domain/messages';
import type { Db } from '../../../db/client';
import { columnName as name, idSet, recordset } from '../../../db/bulk';
import {
  affectation as a,
  categorieChambre,
  chambre,
  journalLigne as l,
  journalTransaction as t,
} from '../../../db/schema';

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

/** One backfill at a time across instances (transaction-scoped advisory lock). */
export async function lockInstalmentBackfill(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7242026)`);
}

/** A new payment reference: prefix, date, 8 random signs without look-alikes (`ESP-20261105-K7M2Q9TX`). */
export function newPaymentReference(prefix: string, now = new Date()): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)];
  return `${prefix}-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${code}`;
}
