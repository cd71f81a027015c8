import { sql } from 'drizzle-orm';
import type { StatutPaiement } from '../../../domain/enums';
import { one, rows, type Db } from '../../db/client';

/** A payment as the mobile-money work reads it. */
export interface PaymentRow {
  idPaiement: number;
  referencePaiement: string;
  idAffectation: number;
  idOperateur: number;
  montant: number;
  statut: StatutPaiement;
  telephone: string | null;
  idTransactionFournisseur: string | null;
  /** ISO 8601, UTC. */
  dateCreation: string;
  /** ISO 8601, UTC; null until it succeeds. */
  dateReussite: string | null;
}

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`p.id_paiement AS "idPaiement", p.reference_paiement AS "referencePaiement",
  p.id_affectation AS "idAffectation", p.id_operateur AS "idOperateur", p.montant::bigint AS montant, p.statut,
  p.telephone, p.id_transaction_fournisseur AS "idTransactionFournisseur",
  ${iso('p.created_at')} AS "dateCreation", ${iso('p.date_reussite')} AS "dateReussite"`;

const out = <T extends PaymentRow | undefined>(p: T): T => (p ? { ...p, montant: Number(p.montant) } : p);

/** The assignment a payment is for, with whose it is (the dossier's account and direction). */
export interface PayableAssignment {
  idAffectation: number;
  idSessionCenou: number;
  idCite: number;
  idDirection: number;
  idUser: number | null;
  annulee: boolean;
}

/** The assignment, its row locked (`FOR NO KEY UPDATE`) when asked: its payments are asked one at a time. */
export function payableAssignment(db: Db, idAffectation: number, lock: boolean) {
  return one<PayableAssignment>(
    db,
    sql`SELECT a.id_affectation AS "idAffectation", a.id_session_cenou AS "idSessionCenou", a.id_cite AS "idCite",
          d.id_direction AS "idDirection", d.id_user AS "idUser", a.deleted_at IS NOT NULL AS annulee
        FROM affectation a JOIN dossier d ON d.id_dossier = a.id_dossier
        WHERE a.id_affectation = ${idAffectation} ${lock ? sql`FOR NO KEY UPDATE OF a` : sql``}`,
  );
}

/** A mobile-money operator as the student chooses it. */
export interface MobileOperator {
  idOperateur: number;
  codeOperateur: string;
  libelleOperateur: string;
}

/**
 * The operators a student may pay through from a phone: the rent settings' `operateur` rows
 * (docs/rent.md#payment-settings) of a MOBILE_MONEY type, both live and `actif`, in the order they were made.
 */
export function mobileOperators(db: Db, idOperateur?: number): Promise<MobileOperator[]> {
  return rows<MobileOperator>(
    db,
    sql`SELECT o.id_operateur AS "idOperateur", o.code_operateur AS "codeOperateur", o.libelle_operateur AS "libelleOperateur"
        FROM operateur o JOIN type_paiement tp ON tp.id_type_paiement = o.id_type_paiement
        WHERE tp.code_type_paiement = 'MOBILE_MONEY' AND o.actif AND tp.actif
          AND o.deleted_at IS NULL AND tp.deleted_at IS NULL
          ${idOperateur === undefined ? sql`` : sql`AND o.id_operateur = ${idOperateur}`}
        ORDER BY o.id_operateur`,
  );
}

/** One usable mobile-money operator, or undefined. */
export async function mobileOperator(db: Db, idOperateur: number): Promise<MobileOperator | undefined> {
  return (await mobileOperators(db, idOperateur))[0];
}

/** What is being asked of the assignment by payments still EN_ATTENTE (whole FCFA). */
export async function pendingAmount(db: Db, idAffectation: number): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(montant), 0)::bigint AS n FROM paiement
        WHERE id_affectation = ${idAffectation} AND statut = 'EN_ATTENTE'`,
  );
  return Number(row?.n ?? 0);
}

export async function insertPayment(
  tx: Db,
  p: {
    referencePaiement: string;
    idAffectation: number;
    idOperateur: number;
    montant: number;
    telephone: string;
    idAuteur: number | null;
  },
): Promise<PaymentRow> {
  return out(
    (await one<PaymentRow>(
      tx,
      sql`INSERT INTO paiement AS p (reference_paiement, id_affectation, id_operateur, montant, telephone, id_auteur)
          VALUES (${p.referencePaiement}, ${p.idAffectation}, ${p.idOperateur}, ${p.montant}, ${p.telephone}, ${p.idAuteur})
          RETURNING ${COLUMNS}`,
    ))!,
  );
}

/** The provider's transaction, once known (never replaced). */
export async function setProviderTransaction(
  db: Db,
  idPaiement: number,
  idTransaction: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE paiement SET id_transaction_fournisseur = ${idTransaction}, updated_at = now()
        WHERE id_paiement = ${idPaiement} AND id_transaction_fournisseur IS NULL`,
  );
}

/** The payment's row, locked until the end of the transaction (`FOR UPDATE`): the one writer of its status. */
export async function lockPayment(tx: Db, referencePaiement: string): Promise<PaymentRow | undefined> {
  return out(
    await one<PaymentRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM paiement p WHERE p.reference_paiement = ${referencePaiement} FOR UPDATE`,
    ),
  );
}

export async function paymentByReference(db: Db, referencePaiement: string): Promise<PaymentRow | undefined> {
  return out(
    await one<PaymentRow>(
      db,
      sql`SELECT ${COLUMNS} FROM paiement p WHERE p.reference_paiement = ${referencePaiement}`,
    ),
  );
}

export async function paymentByProviderTransaction(
  db: Db,
  idTransaction: string,
): Promise<PaymentRow | undefined> {
  return out(
    await one<PaymentRow>(
      db,
      sql`SELECT ${COLUMNS} FROM paiement p WHERE p.id_transaction_fournisseur = ${idTransaction}`,
    ),
  );
}

/** A payment with whose it is: the assignment's dossier's account and direction. */
export async function paymentWithOwner(
  db: Db,
  referencePaiement: string,
): Promise<(PaymentRow & { idUser: number | null; idDirection: number }) | undefined> {
  return out(
    await one<PaymentRow & { idUser: number | null; idDirection: number }>(
      db,
      sql`SELECT ${COLUMNS}, d.id_user AS "idUser", d.id_direction AS "idDirection"
          FROM paiement p JOIN affectation a ON a.id_affectation = p.id_affectation
          JOIN dossier d ON d.id_dossier = a.id_dossier
          WHERE p.reference_paiement = ${referencePaiement}`,
    ),
  );
}

/**
 * Claims the payments pending for more than `olderThanMinutes` and not asked about in the last
 * `everyMinutes` (`FOR UPDATE SKIP LOCKED`: one instance each); the claim stamps `verifie_at`.
 */
export async function claimStalePayments(
  db: Db,
  opts: { olderThanMinutes: number; everyMinutes: number; limit: number },
): Promise<PaymentRow[]> {
  const list = await rows<PaymentRow>(
    db,
    sql`UPDATE paiement p SET verifie_at = now()
        WHERE p.id_paiement IN (
          SELECT id_paiement FROM paiement
          WHERE statut = 'EN_ATTENTE' AND created_at < now() - make_interval(mins => ${opts.olderThanMinutes})
            AND (verifie_at IS NULL OR verifie_at < now() - make_interval(mins => ${opts.everyMinutes}))
          ORDER BY created_at LIMIT ${opts.limit} FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
  );
  return list.map((p) => out(p));
}
