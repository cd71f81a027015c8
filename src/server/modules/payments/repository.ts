import { sql } from 'drizzle-orm';
import type { StatutPaiement } from '../../../domain/enums';
import { OPERATEURS_MOBILES } from '../../../domain/payments';
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

/**
 * The operators a student may pay through from a phone. Until the rent branch's `operateur`
 * resource is merged, the demo's two (domain/payments.ts); at merge: the live, active operators of
 * a live, active MOBILE_MONEY type, from that resource.
 */
export async function mobileOperators(
  _db: Db,
): Promise<{ idOperateur: number; codeOperateur: string; libelleOperateur: string }[]> {
  return OPERATEURS_MOBILES.map((o) => ({ ...o }));
}

export async function mobileOperator(db: Db, idOperateur: number) {
  return (await mobileOperators(db)).find((o) => o.idOperateur === idOperateur);
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

/** Marks a payment succeeded (the default recorder's one statement): only if not already. */
export async function markPaymentSucceeded(tx: Db, idPaiement: number): Promise<boolean> {
  const row = await one(
    tx,
    sql`UPDATE paiement SET statut = 'REUSSI', date_reussite = now(), updated_at = now()
        WHERE id_paiement = ${idPaiement} AND statut <> 'REUSSI' RETURNING id_paiement`,
  );
  return row !== undefined;
}

/** Marks a payment failed, only while it is pending. */
export async function markPaymentFailed(tx: Db, idPaiement: number): Promise<boolean> {
  const row = await one(
    tx,
    sql`UPDATE paiement SET statut = 'ECHOUE', updated_at = now()
        WHERE id_paiement = ${idPaiement} AND statut = 'EN_ATTENTE' RETURNING id_paiement`,
  );
  return row !== undefined;
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
