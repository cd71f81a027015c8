/**
 * SQL of rent (docs/rent.md): the double-entry journal (transactions and lines, posted and
 * reversed, never updated), the instalments as the journal holds them, the sums of an assignment,
 * the assignments and operators as rent reads them. The staff lists (arrears, reconciliation) are
 * in lists/repository.ts, a receipt's facts in receipts/repository.ts. The database checks at
 * commit that every transaction balances (migration rent_journal_triggers); this module only ever
 * inserts.
 */
import { sql } from 'drizzle-orm';
import type { NatureTransaction } from '../../../domain/enums';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import { one, rows, type Db } from '../../db/client';
import { recordset } from '../../db/bulk';

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
};

/** Today in UTC (Burkina Faso's time): what "due by today" means, the same in SQL and in code. */
export const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

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
  const made = await rows<{ id: number; ord: number }>(
    tx,
    sql`WITH x AS (SELECT * FROM ${recordset(
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
    )}), ins AS (
          INSERT INTO journal_transaction (nature, libelle, date_valeur, id_affectation, numero_echeance,
            reference_paiement, id_auteur)
          SELECT x.nature, x.libelle, x.date_valeur, x.id_affectation, x.numero, x.reference, x.id_auteur
          FROM x ORDER BY x.ord
          RETURNING id_transaction)
        SELECT id_transaction AS id, (row_number() OVER (ORDER BY id_transaction) - 1)::int AS ord FROM ins`,
  );
  // Serial ids follow the insert's order (ORDER BY x.ord): the nth id is the nth entry's.
  const ids = made.sort((a, b) => a.ord - b.ord).map((m) => Number(m.id));
  await tx.execute(
    sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
        SELECT x.id_transaction, x.compte, x.debit, x.credit
        FROM ${recordset(
          entries.flatMap((e, i) =>
            e.lines.map((l) => ({
              id_transaction: ids[i],
              compte: l.compte,
              debit: l.debit ?? 0,
              credit: l.credit ?? 0,
            })),
          ),
          'id_transaction bigint, compte text, debit bigint, credit bigint',
        )}
        ORDER BY x.ord`,
  );
  return ids;
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
  const list = sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`;
  const made = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO journal_transaction (nature, libelle, date_valeur, id_affectation, numero_echeance,
          id_transaction_annulee, id_auteur)
        SELECT 'CONTREPASSATION', ${libelle}, o.date_valeur, o.id_affectation, o.numero_echeance, o.id_transaction, ${idAuteur}
        FROM journal_transaction o WHERE o.id_transaction IN ${list}
        ORDER BY o.id_transaction
        RETURNING id_transaction AS id`,
  );
  await tx.execute(
    sql`INSERT INTO journal_ligne (id_transaction, compte, debit, credit)
        SELECT r.id_transaction, l.compte, l.credit, l.debit
        FROM journal_transaction r JOIN journal_ligne l ON l.id_transaction = r.id_transaction_annulee
        WHERE r.id_transaction_annulee IN ${list}
        ORDER BY r.id_transaction, l.id_ligne`,
  );
  return made.length;
}

// ---------------------------------------------------------------- instalments and sums

/** What an assignment's instalments are made of: its session's settings, its bed's category and cité. */
export interface RentBasis {
  idAffectation: number;
  idSessionCenou: number;
  idCite: number;
  idCategorieChambre: number;
  montantChambre: number;
  moisLoyer: number;
  premiereEcheance: string;
}

export function rentBases(db: Db, ids: readonly number[]): Promise<RentBasis[]> {
  if (!ids.length) return Promise.resolve([]);
  return rows<RentBasis>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", a.id_session_cenou AS "idSessionCenou", a.id_cite AS "idCite",
          cat.id_categorie_chambre AS "idCategorieChambre", cat.montant_chambre AS "montantChambre",
          s.mois_loyer AS "moisLoyer",
          to_char(coalesce(s.premiere_echeance, make_date(s.annee_debut, 11, 5)), 'YYYY-MM-DD') AS "premiereEcheance"
        FROM affectation a
        JOIN chambre ch ON ch.id_chambre = a.id_chambre
        JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre
        JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        WHERE a.id_affectation IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)
        ORDER BY a.id_affectation`,
  );
}

/** A session's instalment schedule (`instalmentSchedule`, src/domain/rent.ts): each number's day and label. */
export interface ScheduledInstalment {
  idSessionCenou: number;
  numero: number;
  dateEcheance: string;
  libelle: string;
}

/** The sessions of assignments, with their rent settings (what their schedules are made from). */
export function instalmentSessions(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return rows<{ idSessionCenou: number; moisLoyer: number; premiereEcheance: string }>(
    db,
    sql`SELECT DISTINCT s.id_session_cenou AS "idSessionCenou", s.mois_loyer AS "moisLoyer",
          to_char(coalesce(s.premiere_echeance, make_date(s.annee_debut, 11, 5)), 'YYYY-MM-DD') AS "premiereEcheance"
        FROM affectation a JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        WHERE a.id_affectation IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`,
  );
}

/**
 * Posts the instalments of assignments in one statement, whatever their number (the automatic fill
 * of a whole cité: 6,000 assignments, 60,000 instalments, 120,000 lines): each assignment × its
 * session's `schedule`, at its bed's category's `montantChambre` (none for a free room), an
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
  const [made] = await rows<{ n: number }>(
    tx,
    sql`WITH e AS (SELECT * FROM ${recordset(
      schedule.map((i) => ({
        id_session: i.idSessionCenou,
        numero: i.numero,
        date_valeur: i.dateEcheance,
        libelle: i.libelle,
      })),
      'id_session int, numero int, date_valeur date, libelle text',
    )}), a AS MATERIALIZED (
          SELECT a.id_affectation, a.id_session_cenou, a.id_cite, cat.montant_chambre::bigint AS montant
          FROM affectation a
          JOIN chambre ch ON ch.id_chambre = a.id_chambre
          JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre
          WHERE a.id_affectation IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)
            AND cat.montant_chambre > 0
        ), h AS (
          INSERT INTO journal_transaction (nature, libelle, date_valeur, id_affectation, numero_echeance, id_auteur)
          SELECT 'ECHEANCE', e.libelle, e.date_valeur, a.id_affectation, e.numero, ${idAuteur}::int
          FROM a JOIN e ON e.id_session = a.id_session_cenou
          RETURNING id_transaction, id_affectation, date_valeur
        ), l AS (
          -- Each header's two lines, its amount and cité found by assignment (a hash of the
          -- assignments, not a sort of the instalments).
          INSERT INTO journal_ligne (id_transaction, compte, debit, credit, nature, date_valeur, id_affectation)
          SELECT h.id_transaction, x.compte, x.debit, x.credit, 'ECHEANCE', h.date_valeur, x.id_affectation
          FROM h JOIN a ON a.id_affectation = h.id_affectation
          CROSS JOIN LATERAL (VALUES ('ETUDIANT:' || a.id_affectation, a.montant, 0::bigint, a.id_affectation),
                                     ('LOYER:CITE:' || a.id_cite, 0::bigint, a.montant, NULL::int))
            AS x(compte, debit, credit, id_affectation)
        )
        SELECT count(*)::int AS n FROM h`,
  );
  return made?.n ?? 0;
}

/** A live instalment: an ECHEANCE transaction not reversed, with its amount. */
export interface LiveInstalment {
  idTransaction: number;
  idAffectation: number;
  numero: number;
  dateEcheance: string;
  montant: number;
}

/** The live instalments of assignments, by date then number. */
export function liveInstalments(db: Db, ids: readonly number[]): Promise<LiveInstalment[]> {
  if (!ids.length) return Promise.resolve([]);
  return rows<LiveInstalment>(
    db,
    sql`SELECT t.id_transaction::int AS "idTransaction", t.id_affectation AS "idAffectation",
          t.numero_echeance::int AS numero, to_char(t.date_valeur, 'YYYY-MM-DD') AS "dateEcheance",
          l.debit::int AS montant
        FROM journal_transaction t
        JOIN journal_ligne l ON l.id_transaction = t.id_transaction AND l.id_affectation IS NOT NULL
        WHERE t.id_affectation IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)
          AND t.nature = 'ECHEANCE'
          AND NOT EXISTS (SELECT 1 FROM journal_transaction r WHERE r.id_transaction_annulee = t.id_transaction)
        ORDER BY t.id_affectation, t.date_valeur, t.numero_echeance`,
  );
}

/** Whether instalments were made from a session's rent settings. */
export async function sessionHasInstalments(db: Db, idSessionCenou: number): Promise<boolean> {
  return Boolean(
    await one(
      db,
      sql`SELECT 1 FROM journal_transaction t JOIN affectation a ON a.id_affectation = t.id_affectation
          WHERE a.id_session_cenou = ${idSessionCenou} AND t.nature = 'ECHEANCE' LIMIT 1`,
    ),
  );
}

/** One backfill at a time across instances (transaction-scoped advisory lock). */
export async function lockInstalmentBackfill(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7242026)`);
}

/** Assignments with no instalment at all (made before rent existed): the backfill's work. */
export function assignmentsWithoutInstalments(db: Db): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    db,
    sql`SELECT a.id_affectation AS id FROM affectation a
        WHERE a.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM journal_transaction t WHERE t.id_affectation = a.id_affectation AND t.nature = 'ECHEANCE')
        ORDER BY a.id_affectation`,
  );
}

/**
 * The sums of one assignment's account, from its lines (one range of `journal_ligne_affectation`):
 * every live instalment, those due by today, payments net of refunds, and the balance. A line's
 * `nature` is that of the event (a reversal's lines carry the nature of what they reverse).
 */
const SUMS = sql`coalesce(sum(l.debit - l.credit) FILTER (WHERE l.nature = 'ECHEANCE'), 0)::bigint AS "totalDu",
  coalesce(sum(l.debit - l.credit) FILTER (WHERE l.nature = 'ECHEANCE' AND l.date_valeur <= ${TODAY}), 0)::bigint AS "duADate",
  coalesce(sum(l.credit - l.debit) FILTER (WHERE l.nature IN ('PAIEMENT', 'REMBOURSEMENT')), 0)::bigint AS paye,
  coalesce(sum(l.debit - l.credit), 0)::bigint AS solde`;

export interface AccountSums {
  totalDu: number;
  duADate: number;
  paye: number;
  solde: number;
}

export async function accountSums(db: Db, idAffectation: number): Promise<AccountSums> {
  const row = await one<AccountSums>(
    db,
    sql`SELECT ${SUMS} FROM journal_ligne l WHERE l.id_affectation = ${idAffectation}`,
  );
  return {
    totalDu: Number(row?.totalDu ?? 0),
    duADate: Number(row?.duADate ?? 0),
    paye: Number(row?.paye ?? 0),
    solde: Number(row?.solde ?? 0),
  };
}

/**
 * Debits minus credits over the whole journal, per transaction the ones that do not balance, and
 * the assignments whose kept sums (`loyer_compte`) differ from their lines' (tests, checks).
 */
export async function journalCheck(
  db: Db,
): Promise<{ ecart: number; desequilibrees: number; lignes: number; comptesFaux: number }> {
  const row = await one<{ ecart: number; desequilibrees: number; lignes: number; comptesFaux: number }>(
    db,
    sql`SELECT (SELECT coalesce(sum(debit) - sum(credit), 0) FROM journal_ligne)::bigint AS ecart,
          (SELECT count(*) FROM (SELECT 1 FROM journal_ligne GROUP BY id_transaction
                                 HAVING sum(debit) <> sum(credit) OR count(*) < 2) x)::int AS desequilibrees,
          (SELECT count(*) FROM journal_ligne)::int AS lignes,
          (SELECT count(*) FROM (
             SELECT l.id_affectation, ${SUMS} FROM journal_ligne l WHERE l.id_affectation IS NOT NULL
             GROUP BY l.id_affectation) x
           FULL JOIN loyer_compte k ON k.id_affectation = x.id_affectation
           WHERE x.id_affectation IS NULL OR k.id_affectation IS NULL OR k.total_du <> x."totalDu"
              OR k.paye <> x.paye OR k.solde <> x.solde)::int AS "comptesFaux"`,
  );
  return {
    ecart: Number(row!.ecart),
    desequilibrees: row!.desequilibrees,
    lignes: row!.lignes,
    comptesFaux: row!.comptesFaux,
  };
}

// ---------------------------------------------------------------- assignments as rent sees them

/** An assignment with whose it is and where it is (live or cancelled), locked when asked (a payment). */
export interface RentAssignment {
  idAffectation: number;
  idDossier: number;
  idSessionCenou: number;
  idCite: number;
  idDirection: number;
  idUser: number | null;
  annulee: boolean;
}

export function rentAssignment(db: Db, idAffectation: number, lock: boolean) {
  return one<RentAssignment>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", a.id_dossier AS "idDossier", a.id_session_cenou AS "idSessionCenou",
          a.id_cite AS "idCite", d.id_direction AS "idDirection", d.id_user AS "idUser", a.deleted_at IS NOT NULL AS annulee
        FROM affectation a JOIN dossier d ON d.id_dossier = a.id_dossier
        WHERE a.id_affectation = ${idAffectation} ${lock ? sql`FOR NO KEY UPDATE OF a` : sql``}`,
  );
}

/**
 * The student's assignments that rent concerns: live ones, and cancelled ones still owing or owed,
 * or refunded (the student sees where its money went);
 * or one assignment by its id (staff, whatever its state).
 */
export function studentRentAssignments(db: Db, who: { idUser: number } | { idAffectation: number }) {
  return rows<{
    idAffectation: number;
    idSessionCenou: number;
    anneeAcademique: string;
    nomCite: string;
    libelleChambre: string;
    libelleLit: string;
    montantChambre: number;
    annulee: boolean;
  }>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", a.id_session_cenou AS "idSessionCenou",
          s.annee_debut || '-' || (s.annee_debut + 1) AS "anneeAcademique", c.nom_cite AS "nomCite",
          ch.libelle_chambre AS "libelleChambre", lt.libelle_lit AS "libelleLit", cat.montant_chambre AS "montantChambre",
          a.deleted_at IS NOT NULL AS annulee
        FROM affectation a
        JOIN dossier d ON d.id_dossier = a.id_dossier
        JOIN session_cenou s ON s.id_session_cenou = a.id_session_cenou
        JOIN cite c ON c.id_cite = a.id_cite
        JOIN chambre ch ON ch.id_chambre = a.id_chambre
        JOIN lit lt ON lt.id_lit = a.id_lit
        JOIN categorie_chambre cat ON cat.id_categorie_chambre = ch.id_categorie_chambre
        WHERE ${
          'idAffectation' in who
            ? sql`a.id_affectation = ${who.idAffectation}`
            : sql`d.id_user = ${who.idUser}
          AND (a.deleted_at IS NULL
               OR EXISTS (SELECT 1 FROM journal_ligne jl WHERE jl.id_affectation = a.id_affectation
                          HAVING sum(jl.debit - jl.credit) <> 0)
               OR EXISTS (SELECT 1 FROM remboursement rb WHERE rb.id_affectation = a.id_affectation))`
        }
        ORDER BY s.annee_debut DESC, a.id_affectation DESC`,
  );
}

/**
 * The sessions with assignments in the actor's scope (any state: a cancelled one may still owe or be
 * owed), with how many, newest first: where /loyers opens (docs/rent.md#screens).
 */
export function rentSessions(db: Db, actor: Actor | null) {
  return rows<{ idSessionCenou: number; idDirection: number; affectations: number }>(
    db,
    sql`SELECT a.id_session_cenou AS "idSessionCenou", d.id_direction AS "idDirection", count(*)::int AS affectations
        FROM affectation a JOIN dossier d ON d.id_dossier = a.id_dossier
        WHERE ${scopeCondition(actor, 'rent.manage', { direction: sql`d.id_direction` })}
        GROUP BY a.id_session_cenou, d.id_direction
        ORDER BY a.id_session_cenou DESC`,
  );
}

// ---------------------------------------------------------------- payments

/** An operator with the code of its payment type; `actif`: usable (it and its type live and active). */
export interface OperatorRow {
  idOperateur: number;
  libelleOperateur: string;
  codeOperateur: string;
  codeTypePaiement: string;
  actif: boolean;
}

const OPERATOR_SELECT = sql`SELECT o.id_operateur AS "idOperateur", o.libelle_operateur AS "libelleOperateur",
  o.code_operateur AS "codeOperateur", tp.code_type_paiement AS "codeTypePaiement",
  (o.actif AND tp.actif AND o.deleted_at IS NULL AND tp.deleted_at IS NULL) AS actif
  FROM operateur o JOIN type_paiement tp ON tp.id_type_paiement = o.id_type_paiement`;

export function operatorById(db: Db, idOperateur: number) {
  return one<OperatorRow>(db, sql`${OPERATOR_SELECT} WHERE o.id_operateur = ${idOperateur}`);
}

/** The cash operator the counters use: the first live, active operator of an ESPECES type. */
export function cashOperator(db: Db) {
  return one<OperatorRow>(
    db,
    sql`${OPERATOR_SELECT} WHERE tp.code_type_paiement = 'ESPECES' AND o.deleted_at IS NULL AND tp.deleted_at IS NULL
          AND o.actif AND tp.actif
        ORDER BY o.id_operateur LIMIT 1`,
  );
}
