import { sql } from 'drizzle-orm';
import type { StatutPaiement } from '../../../domain/enums';
import { one, rows, type Db } from '../../db/client';

/**
 * The `paiement` table's one owner (docs/rent.md#payments, docs/payments.md): rent's cash payments
 * and the recorder, mobile money's requests, the webhook's lock all read and write it here.
 */

/** A payment as rent and the mobile-money work read it. */
export interface PaymentRow {
  idPaiement: number;
  referencePaiement: string;
  idAffectation: number;
  idOperateur: number;
  montant: number;
  statut: StatutPaiement;
  telephone: string | null;
  /** The receipt book's number of a cash payment. */
  numeroRecu: string | null;
  /** Its journal transaction, once recorded. */
  idTransaction: number | null;
  idTransactionFournisseur: string | null;
  /** Who asked for it: the student (mobile money) or the cashier (cash); null for the system. */
  idAuteur: number | null;
  /** ISO 8601, UTC. */
  dateCreation: string;
  /** ISO 8601, UTC; null until it succeeds. */
  dateReussite: string | null;
}

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`p.id_paiement AS "idPaiement", p.reference_paiement AS "referencePaiement",
  p.id_affectation AS "idAffectation", p.id_operateur AS "idOperateur", p.montant::bigint AS montant, p.statut,
  p.telephone, p.numero_recu AS "numeroRecu", p.id_transaction::bigint AS "idTransaction",
  p.id_transaction_fournisseur AS "idTransactionFournisseur", p.id_auteur AS "idAuteur",
  ${iso('p.created_at')} AS "dateCreation", ${iso('p.date_reussite')} AS "dateReussite"`;

const out = <T extends PaymentRow | undefined>(p: T): T =>
  p
    ? {
        ...p,
        montant: Number(p.montant),
        idTransaction: p.idTransaction === null ? null : Number(p.idTransaction),
      }
    : p;

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

/**
 * A payment row, made if its reference is new, and returned (undefined when the reference was
 * already there: a concurrent twin waits on the unique index, then finds it with `lockPayment`).
 * Asked (EN_ATTENTE) by mobile money, or about to be recorded by rent's `recordPayment`.
 */
export async function insertPaymentIfNew(
  tx: Db,
  p: {
    referencePaiement: string;
    idAffectation: number;
    idOperateur: number;
    montant: number;
    telephone: string | null;
    numeroRecu?: string | null;
    idAuteur: number | null;
  },
): Promise<PaymentRow | undefined> {
  return out(
    await one<PaymentRow>(
      tx,
      sql`INSERT INTO paiement AS p (reference_paiement, id_affectation, id_operateur, montant, telephone, numero_recu, id_auteur)
          VALUES (${p.referencePaiement}, ${p.idAffectation}, ${p.idOperateur}, ${p.montant}, ${p.telephone},
                  ${p.numeroRecu ?? null}, ${p.idAuteur})
          ON CONFLICT (reference_paiement) DO NOTHING
          RETURNING ${COLUMNS}`,
    ),
  );
}

/** `day` (YYYY-MM-DD): a payment of the past written down (noon UTC of that day); default now. */
export async function markPaymentSucceeded(
  tx: Db,
  idPaiement: number,
  idTransaction: number,
  day?: string,
): Promise<void> {
  const at = day ? sql`${`${day}T12:00:00Z`}::timestamptz` : sql`now()`;
  await tx.execute(
    sql`UPDATE paiement SET statut = 'REUSSI', id_transaction = ${idTransaction}, date_reussite = ${at}, updated_at = now()
        WHERE id_paiement = ${idPaiement}`,
  );
}

export async function markPaymentFailed(tx: Db, idPaiement: number): Promise<void> {
  await tx.execute(
    sql`UPDATE paiement SET statut = 'ECHOUE', updated_at = now() WHERE id_paiement = ${idPaiement} AND statut = 'EN_ATTENTE'`,
  );
}

/** Whether a receipt book's number is already used (any case). */
export async function receiptNumberTaken(db: Db, numeroRecu: string): Promise<boolean> {
  return Boolean(
    await one(db, sql`SELECT 1 FROM paiement WHERE upper(numero_recu) = upper(${numeroRecu}) LIMIT 1`),
  );
}

/** The succeeded payments of assignments, oldest first, with their operator. */
export function succeededPayments(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return rows<{
    idAffectation: number;
    referencePaiement: string;
    montant: number;
    datePaiement: string;
    libelleOperateur: string;
    numeroRecu: string | null;
  }>(
    db,
    sql`SELECT p.id_affectation AS "idAffectation", p.reference_paiement AS "referencePaiement", p.montant::int AS montant,
          to_char(p.date_reussite AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "datePaiement",
          o.libelle_operateur AS "libelleOperateur", p.numero_recu AS "numeroRecu"
        FROM paiement p JOIN operateur o ON o.id_operateur = p.id_operateur
        WHERE p.id_affectation IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)
          AND p.statut = 'REUSSI'
        ORDER BY p.date_reussite, p.id_paiement`,
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

// ---------------------------------------------------------------- refunds (docs/rent.md#refunds)

/** A refund as it is listed: the means (the operator, or the counter) and its voucher or transfer reference. */
export interface RefundListed {
  idAffectation: number;
  referenceRemboursement: string;
  montant: number;
  /** ISO 8601, UTC. */
  dateRemboursement: string;
  libelleOperateur: string;
  numeroPiece: string;
}

export async function insertRefund(
  tx: Db,
  r: {
    referenceRemboursement: string;
    idAffectation: number;
    idOperateur: number;
    montant: number;
    numeroPiece: string;
    telephone: string | null;
    idTransaction: number;
    idAuteur: number | null;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO remboursement (reference_remboursement, id_affectation, id_operateur, montant, numero_piece,
          telephone, id_transaction, id_auteur)
        VALUES (${r.referenceRemboursement}, ${r.idAffectation}, ${r.idOperateur}, ${r.montant}, ${r.numeroPiece},
          ${r.telephone}, ${r.idTransaction}, ${r.idAuteur})`,
  );
}

/** Whether a refund's voucher number or transfer reference is already used (any case). */
export async function refundPieceTaken(db: Db, numeroPiece: string): Promise<boolean> {
  return Boolean(
    await one(db, sql`SELECT 1 FROM remboursement WHERE upper(numero_piece) = upper(${numeroPiece}) LIMIT 1`),
  );
}

/** The refunds of assignments, oldest first, with their operator. */
export async function refundsOf(db: Db, ids: readonly number[]): Promise<RefundListed[]> {
  if (!ids.length) return [];
  const list = await rows<RefundListed>(
    db,
    sql`SELECT r.id_affectation AS "idAffectation", r.reference_remboursement AS "referenceRemboursement",
          r.montant::bigint AS montant, ${iso('r.created_at')} AS "dateRemboursement",
          o.libelle_operateur AS "libelleOperateur", r.numero_piece AS "numeroPiece"
        FROM remboursement r JOIN operateur o ON o.id_operateur = r.id_operateur
        WHERE r.id_affectation IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)
        ORDER BY r.created_at, r.id_remboursement`,
  );
  return list.map((r) => ({ ...r, montant: Number(r.montant) }));
}
