import { and, asc, count, eq, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STATUTS_PAIEMENT } from '../../../../domain/enums';
import { among } from '../../../db/bulk';
import { procurationOfPaymentColumn } from '../../../history/repository';
import { isoUtcOrNull } from '../../../db/clock';
import type { Db } from '../../../db/client';
import { affectation, dossier, operateur, paiement, remboursement, typePaiement } from '../../../db/schema';

/**
 * The `paiement` and `remboursement` tables' one owner (docs/rent.md#payments, docs/payments.md):
 * rent's cash payments, refunds and the recorder, mobile money's requests, the webhook's lock all
 * read and write them here. Part of rent, which holds the money: mobile money
 * (`modules/payments`) calls it, rent never calls mobile money. Every statement is built over the
 * schema's tables (docs/decisions/043-typed-queries.md).
 */

/** A payment's status as the schema holds it: the domain's statuses are the same list. */
type PaymentStatus = typeof paiement.$inferSelect.statut;
const _statusesInSchema: readonly PaymentStatus[] = STATUTS_PAIEMENT;
void _statusesInSchema;

/** ISO 8601 in UTC with milliseconds, the same text whatever the driver. */
const iso = (column: AnyPgColumn) => isoUtcOrNull(column);

const p = paiement;

const COLUMNS = {
  idPaiement: p.idPaiement,
  referencePaiement: p.referencePaiement,
  idAffectation: p.idAffectation,
  idOperateur: p.idOperateur,
  montant: p.montant,
  statut: p.statut,
  telephone: p.telephone,
  /** The receipt book's number of a cash payment. */
  numeroRecu: p.numeroRecu,
  /** Its journal transaction, once recorded. */
  idTransaction: p.idTransaction,
  idTransactionFournisseur: p.idTransactionFournisseur,
  /** Who asked for it: the student (mobile money) or the cashier (cash); null for the system. */
  idAuteur: p.idAuteur,
  /** ISO 8601, UTC. */
  dateCreation: sql<string>`${iso(p.createdAt)}`,
  /** ISO 8601, UTC; null until it succeeds. */
  dateReussite: sql<string | null>`${iso(p.dateReussite)}`,
};

/** A payment as rent and the mobile-money work read it. */
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentByReference>>>;

/** A mobile-money operator as the student chooses it. */
export type MobileOperator = Awaited<ReturnType<typeof mobileOperators>>[number];

/**
 * The operators a student may pay through from a phone: the rent settings' `operateur` rows
 * (docs/rent.md#payment-settings) of a MOBILE_MONEY type, both live and `actif`, in the order they were made.
 */
export function mobileOperators(db: Db, idOperateur?: number) {
  return db
    .select({
      idOperateur: operateur.idOperateur,
      codeOperateur: operateur.codeOperateur,
      libelleOperateur: operateur.libelleOperateur,
    })
    .from(operateur)
    .innerJoin(typePaiement, eq(typePaiement.idTypePaiement, operateur.idTypePaiement))
    .where(
      and(
        eq(typePaiement.codeTypePaiement, 'MOBILE_MONEY'),
        eq(operateur.actif, true),
        eq(typePaiement.actif, true),
        isNull(operateur.deletedAt),
        isNull(typePaiement.deletedAt),
        idOperateur === undefined ? undefined : eq(operateur.idOperateur, idOperateur),
      ),
    )
    .orderBy(operateur.idOperateur);
}

/** One usable mobile-money operator, or undefined. */
export async function mobileOperator(db: Db, idOperateur: number): Promise<MobileOperator | undefined> {
  return (await mobileOperators(db, idOperateur))[0];
}

/** What is being asked of the assignment by payments still EN_ATTENTE (whole FCFA). */
export async function pendingAmount(db: Db, idAffectation: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(p.montant) })
    .from(p)
    .where(and(eq(p.idAffectation, idAffectation), eq(p.statut, 'EN_ATTENTE')));
  return Number(row?.n ?? 0);
}

/** The provider's transaction, once known (never replaced). */
export async function setProviderTransaction(
  db: Db,
  idPaiement: number,
  idTransaction: string,
): Promise<void> {
  await db
    .update(p)
    .set({ idTransactionFournisseur: idTransaction, updatedAt: sql`now()` })
    .where(and(eq(p.idPaiement, idPaiement), isNull(p.idTransactionFournisseur)));
}

/** The payment's row, locked until the end of the transaction (`FOR UPDATE`): the one writer of its status. */
export async function lockPayment(tx: Db, referencePaiement: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select(COLUMNS)
    .from(p)
    .where(eq(p.referencePaiement, referencePaiement))
    .for('update');
  return row;
}

export async function paymentByReference(db: Db, referencePaiement: string) {
  const [row] = await db.select(COLUMNS).from(p).where(eq(p.referencePaiement, referencePaiement));
  return row;
}

/**
 * A payment row, made if its reference is new, and returned (undefined when the reference was
 * already there: a concurrent twin waits on the unique index, then finds it with `lockPayment`).
 * Asked (EN_ATTENTE) by mobile money, or about to be recorded by rent's `recordPayment`.
 */
export async function insertPaymentIfNew(
  tx: Db,
  row: {
    referencePaiement: string;
    idAffectation: number;
    idOperateur: number;
    montant: number;
    telephone: string | null;
    numeroRecu?: string | null;
    idAuteur: number | null;
  },
): Promise<PaymentRow | undefined> {
  const [made] = await tx
    .insert(p)
    .values({ ...row, numeroRecu: row.numeroRecu ?? null })
    .onConflictDoNothing({ target: p.referencePaiement })
    .returning(COLUMNS);
  return made;
}

/**
 * The payments' rows of the cash payments posted in bulk to the journal
 * (`postCounterPaymentsInBulk`): for each PAIEMENT transaction of the given assignments that has no
 * payment yet, a succeeded cash payment of operator `idOperateur` on its value day, its receipt's
 * number read from its reference. One statement; returns how many were written.
 */
export async function insertCounterPaymentsOfJournal(
  tx: Db,
  idOperateur: number,
  idAffectations: readonly number[],
): Promise<number> {
  if (!idAffectations.length) return 0;
  // Counted before and after through the schema: the statement's own rows are not read.
  const written = async () => {
    const [c] = await tx
      .select({ n: count() })
      .from(paiement)
      .where(
        and(eq(paiement.idOperateur, idOperateur), inArray(paiement.idAffectation, [...idAffectations])),
      );
    return c?.n ?? 0;
  };
  const before = await written();
  await tx.execute(
    sql`WITH ins AS (INSERT INTO paiement (reference_paiement, id_affectation, id_operateur, montant, statut, numero_recu,
          id_transaction, id_auteur, date_reussite, created_at, updated_at)
        SELECT t.reference_paiement, t.id_affectation, ${idOperateur}::int, l.credit, 'REUSSI',
          'Q' || substr(t.reference_paiement, 5, 4) || '-' || split_part(t.reference_paiement, '-', 3),
          t.id_transaction, t.id_auteur, t.date_valeur + time '12:00', t.date_valeur + time '12:00', t.date_valeur + time '12:00'
        FROM journal_transaction t
        JOIN journal_ligne l ON l.id_transaction = t.id_transaction AND l.compte = 'ETUDIANT:' || t.id_affectation
        WHERE t.nature = 'PAIEMENT' AND t.id_affectation IN (SELECT unnest(${`{${idAffectations.join(',')}}`}::int[]))
          AND NOT EXISTS (SELECT 1 FROM paiement x WHERE x.reference_paiement = t.reference_paiement)
        ORDER BY t.id_transaction
        RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  return (await written()) - before;
}

/** `day` (YYYY-MM-DD): a payment of the past written down (noon UTC of that day); default now. */
export async function markPaymentSucceeded(
  tx: Db,
  idPaiement: number,
  idTransaction: number,
  day?: string,
): Promise<void> {
  const at = day ? sql`${`${day}T12:00:00Z`}::timestamptz` : sql`now()`;
  await tx
    .update(p)
    .set({ statut: 'REUSSI', idTransaction, dateReussite: at, updatedAt: sql`now()` })
    .where(eq(p.idPaiement, idPaiement));
}

export async function markPaymentFailed(tx: Db, idPaiement: number): Promise<void> {
  await tx
    .update(p)
    .set({ statut: 'ECHOUE', updatedAt: sql`now()` })
    .where(and(eq(p.idPaiement, idPaiement), eq(p.statut, 'EN_ATTENTE')));
}

/** Whether a receipt book's number is already used (any case). */
export async function receiptNumberTaken(db: Db, numeroRecu: string): Promise<boolean> {
  const [row] = await db
    .select({ id: p.idPaiement })
    .from(p)
    .where(eq(sql`upper(${p.numeroRecu})`, sql`upper(${numeroRecu})`))
    .limit(1);
  return row !== undefined;
}

/** The succeeded payments of assignments, oldest first, with their operator. */
export async function succeededPayments(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({
      idAffectation: p.idAffectation,
      referencePaiement: p.referencePaiement,
      montant: p.montant,
      // A REUSSI payment has its date.
      datePaiement: sql<string>`${iso(p.dateReussite)}`,
      libelleOperateur: operateur.libelleOperateur,
      numeroRecu: p.numeroRecu,
      // A payment a helper started under a procuration: its PROCURATION event names the payment.
      idProcuration: procurationOfPaymentColumn(affectation.idDossier, p.referencePaiement),
    })
    .from(p)
    .innerJoin(operateur, eq(operateur.idOperateur, p.idOperateur))
    .innerJoin(affectation, eq(affectation.idAffectation, p.idAffectation))
    .where(and(among(p.idAffectation, ids), eq(p.statut, 'REUSSI')))
    .orderBy(asc(p.dateReussite), asc(p.idPaiement));
}

export async function paymentByProviderTransaction(
  db: Db,
  idTransaction: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.select(COLUMNS).from(p).where(eq(p.idTransactionFournisseur, idTransaction));
  return row;
}

/** A payment with whose it is: the assignment's dossier's account and direction. */
export async function paymentWithOwner(db: Db, referencePaiement: string) {
  const [row] = await db
    .select({ ...COLUMNS, idUser: dossier.idUser, idDirection: dossier.idDirection })
    .from(p)
    .innerJoin(affectation, eq(affectation.idAffectation, p.idAffectation))
    .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
    .where(eq(p.referencePaiement, referencePaiement));
  return row;
}

/**
 * Claims the payments pending for more than `olderThanMinutes` and not asked about in the last
 * `everyMinutes` (`FOR UPDATE SKIP LOCKED`: one instance each); the claim stamps `verifie_at`.
 */
export async function claimStalePayments(
  db: Db,
  opts: { olderThanMinutes: number; everyMinutes: number; limit: number },
): Promise<PaymentRow[]> {
  const stale = db
    .select({ id: p.idPaiement })
    .from(p)
    .where(
      and(
        eq(p.statut, 'EN_ATTENTE'),
        lt(p.createdAt, sql`now() - make_interval(mins => ${opts.olderThanMinutes})`),
        or(isNull(p.verifieAt), lt(p.verifieAt, sql`now() - make_interval(mins => ${opts.everyMinutes})`)),
      ),
    )
    .orderBy(p.createdAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(p)
    .set({ verifieAt: sql`now()` })
    .where(inArray(p.idPaiement, stale))
    .returning(COLUMNS);
}

// ---------------------------------------------------------------- refunds (docs/rent.md#refunds)

/** A refund as it is listed: the means (the operator, or the counter) and its voucher or transfer reference. */
export type RefundListed = Awaited<ReturnType<typeof refundsOf>>[number];

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
  await tx.insert(remboursement).values(r);
}

/** Whether a refund's voucher number or transfer reference is already used (any case). */
export async function refundPieceTaken(db: Db, numeroPiece: string): Promise<boolean> {
  const [row] = await db
    .select({ id: remboursement.idRemboursement })
    .from(remboursement)
    .where(eq(sql`upper(${remboursement.numeroPiece})`, sql`upper(${numeroPiece})`))
    .limit(1);
  return row !== undefined;
}

/** The refunds of assignments, oldest first, with their operator. */
export async function refundsOf(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  const r = remboursement;
  return db
    .select({
      idAffectation: r.idAffectation,
      referenceRemboursement: r.referenceRemboursement,
      montant: r.montant,
      /** ISO 8601, UTC. */
      dateRemboursement: sql<string>`${iso(r.createdAt)}`,
      libelleOperateur: operateur.libelleOperateur,
      numeroPiece: r.numeroPiece,
    })
    .from(r)
    .innerJoin(operateur, eq(operateur.idOperateur, r.idOperateur))
    .where(among(r.idAffectation, ids))
    .orderBy(asc(r.createdAt), asc(r.idRemboursement));
}

// ---------------------------------------------------------------- operators

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
