/**
 * Rent (docs/rent.md, docs/decisions/031-rent-journal.md): the instalments an assignment makes, the
 * changes a move or a cancellation brings, payments recorded exactly once, and what the student
 * and staff read. Services take `(db or tx, actor, input)` and never see Fastify. A receipt's
 * reading and public check are in receipts/service.ts, the reconciliation's scope in lists/service.ts.
 *
 * Called by other modules, in their own transaction:
 * - the assignment service: `issueInstalments` (assign), `reissueInstalments` (a move),
 *   `cancelInstalments` (a cancellation, a withdrawal);
 * - the mobile-money work: `recordPayment` for a payment its provider confirmed, `failPayment`,
 *   `newPaymentReference`;
 * - life in the cité: `endInstalments` (a departure), `chargeDamage` (damage found at departure).
 */
import { randomInt } from 'node:crypto';
import type {
  PaymentAnswer,
  RentSessions,
  RefundAnswer,
  RefundInput,
  StudentRent,
} from '../../../domain/schemas/rent';
import { fill, messages } from '../../../domain/messages';
import {
  allocateCharges,
  allocatePayments,
  paymentAmountRefusal,
  refundAmountRefusal,
  instalmentSchedule,
  mayPayRent,
  proposedPayment,
  notYetDue,
  owedInstalments,
  owedParts,
} from '../../../domain/rent';
import { assertCanReach, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import { recordEvent } from '../../history/record';
import { smsText } from '../../../domain/messages-sms';
import { enqueueSmsList } from '../../sms/outbox';
import { enqueueMail } from '../../mail/outbox';
import { paymentReceiptMail, refundMail } from '../../mail/templates';
import type { ReceiptLinks } from '../../config/urls';
import type { Db } from '../../db/client';
import { isUniqueViolation, withTransaction } from '../../db/transaction';
import { AppError, fieldErrors, notFound } from '../../errors';
import {
  accountSums,
  accounts,
  assignmentsWithoutInstalments,
  cashOperator,
  damageTotals,
  instalmentSessions,
  liveCharges,
  lockInstalmentBackfill,
  operatorById,
  postInstalments,
  postTransactions,
  rentAssignment,
  rentBases,
  rentSessions,
  reverseTransactions,
  studentRentAssignments,
  todayUtc,
  postCounterPaymentsInBulk,
  type CounterPayer,
  type JournalEntry,
  type LiveCharge,
  type RentBasis,
} from './repository';
import { receiptFacts } from './receipts/repository';
import {
  insertCounterPaymentsOfJournal,
  insertPaymentIfNew,
  insertRefund,
  lockPayment,
  markPaymentFailed,
  markPaymentSucceeded,
  receiptNumberTaken,
  refundPieceTaken,
  refundsOf,
  succeededPayments,
  type PaymentRow,
  type RefundListed,
} from './payments/repository';
import { candidateOfDossier } from '../assignment/repository';
import { formatFcfa } from '../../../domain/money';

// ---------------------------------------------------------------- instalments

function instalmentEntries(
  basis: RentBasis,
  idAuteur: number | null,
  only?: ReadonlySet<number>,
): JournalEntry[] {
  // What the assignment owes of its session's schedule from its day (the rule of the months lived):
  // each instalment keeps its number, one in the grace after arrival is due at the grace's end.
  const owed = owedInstalments(
    instalmentSchedule({
      premiereEcheance: basis.premiereEcheance,
      moisLoyer: basis.moisLoyer,
      montant: basis.montantChambre,
    }),
    basis.jour,
  );
  return owed
    .filter((i) => i.montant > 0 && (!only || only.has(i.numero)))
    .map((i) => ({
      nature: 'ECHEANCE',
      libelle: fill(messages.loyerJournalEcheance, { numero: i.numero, total: basis.moisLoyer }),
      dateValeur: i.dateEcheance,
      idAffectation: basis.idAffectation,
      numeroEcheance: i.numero,
      idAuteur,
      lines: [
        { compte: accounts.etudiant(basis.idAffectation), debit: i.montant },
        { compte: accounts.loyerCite(basis.idCite), credit: i.montant },
      ],
    }));
}

/**
 * The instalments of new assignments (docs/rent.md#instalments): of the session's `moisLoyer`,
 * those the assignment owes from its day (`owedInstalments`: docs/rent.md#the-rule-of-the-months-lived),
 * each the bed's category's `montantChambre`, debited to the student's account and credited to the
 * cité's rent, in the caller's transaction (the assignment's own). A free room (0 FCFA) makes none.
 */
export async function issueInstalments(tx: Db, actor: Actor | null, idsAffectation: readonly number[]) {
  // One owed schedule per session and assignments' day (its days and labels: the domain's rule),
  // then one statement for every assignment × the schedule of its session and day (the automatic
  // fill: 6,000 assignments of one day, 54,000 instalments).
  const schedule = (await instalmentSessions(tx, idsAffectation)).flatMap((s) =>
    owedInstalments(
      instalmentSchedule({ premiereEcheance: s.premiereEcheance, moisLoyer: s.moisLoyer, montant: 0 }),
      s.jour,
    ).map((i) => ({
      idSessionCenou: s.idSessionCenou,
      jour: s.jour,
      numero: i.numero,
      dateEcheance: i.dateEcheance,
      libelle: fill(messages.loyerJournalEcheance, { numero: i.numero, total: s.moisLoyer }),
    })),
  );
  await postInstalments(tx, idsAffectation, schedule, actor?.id ?? null);
}

/** Reverses the live instalments of the assignment not yet due on `today`. */
async function reverseNotYetDue(
  tx: Db,
  actor: Actor | null,
  idAffectation: number,
  libelle: string,
  today: string,
) {
  const future = notYetDue(await liveCharges(tx, 'ECHEANCE', [idAffectation]), today);
  await reverseTransactions(
    tx,
    future.map((i) => i.idTransaction),
    libelle,
    actor?.id ?? null,
  );
}

/**
 * After a move (docs/rent.md#a-move): when the bed's category changed, the instalments not yet due
 * are reversed and made again at the new category's amount, credited to the new cité; those
 * already due stay as they were. Call it after the assignment row moved, with the category before.
 */
export async function reissueInstalments(
  tx: Db,
  actor: Actor | null,
  input: { idAffectation: number; idCategorieAvant: number; today?: string },
): Promise<void> {
  const [basis] = await rentBases(tx, [input.idAffectation]);
  if (!basis || basis.idCategorieChambre === input.idCategorieAvant) return;
  const today = input.today ?? todayUtc();
  await reverseNotYetDue(tx, actor, input.idAffectation, messages.loyerJournalDeplacement, today);
  // Every instalment the assignment owes from its day not yet due, even one the old category made
  // none of (0 FCFA).
  const future = notYetDue(
    owedInstalments(
      instalmentSchedule({
        premiereEcheance: basis.premiereEcheance,
        moisLoyer: basis.moisLoyer,
        montant: 0,
      }),
      basis.jour,
    ),
    today,
  );
  await postTransactions(
    tx,
    instalmentEntries(basis, actor?.id ?? null, new Set(future.map((i) => i.numero))),
  );
}

/** The category of an assignment's bed now (before a move). */
export async function currentCategory(tx: Db, idAffectation: number): Promise<number | null> {
  const [basis] = await rentBases(tx, [idAffectation]);
  return basis?.idCategorieChambre ?? null;
}

/**
 * After a cancellation (docs/rent.md#a-cancellation): the instalments not yet due are reversed;
 * those already due stay owed (the student lived there).
 */
export async function cancelInstalments(
  tx: Db,
  actor: Actor | null,
  idsAffectation: readonly number[],
  today = todayUtc(),
): Promise<void> {
  for (const id of idsAffectation)
    await reverseNotYetDue(tx, actor, id, messages.loyerJournalAnnulation, today);
}

/**
 * After a departure (docs/life-in-the-cite.md#departure): the live instalments due in a month after
 * the departure's are reversed; those of its month and before stay owed.
 */
export async function endInstalments(
  tx: Db,
  actor: Actor | null,
  input: { idAffectation: number; dateDepart: string },
): Promise<number> {
  const month = input.dateDepart.slice(0, 7);
  const later = (await liveCharges(tx, 'ECHEANCE', [input.idAffectation])).filter(
    (i) => i.dateEcheance.slice(0, 7) > month,
  );
  return reverseTransactions(
    tx,
    later.map((i) => i.idTransaction),
    messages.loyerJournalDepart,
    actor?.id ?? null,
  );
}

/**
 * Damage charged at departure (docs/rent.md#the-journal): a DEGRADATION transaction, in the
 * caller's transaction, debiting the student's account and crediting what the cité is owed for
 * its rooms, value date today, under a reference of its own (`DEG-20270630-K7M2Q9TX`). Returns the
 * transaction, its reference and the balance after it.
 */
export async function chargeDamage(
  tx: Db,
  actor: Actor | null,
  input: { idAffectation: number; idCite: number; montant: number; libelle: string },
): Promise<{ idTransaction: number; reference: string; solde: number }> {
  if (!Number.isSafeInteger(input.montant) || input.montant <= 0)
    throw new Error(`chargeDamage: montant ${input.montant}`);
  const reference = newPaymentReference('DEG');
  const [idTransaction] = await postTransactions(tx, [
    {
      nature: 'DEGRADATION',
      libelle: input.libelle,
      dateValeur: todayUtc(),
      idAffectation: input.idAffectation,
      referencePaiement: reference,
      idAuteur: actor?.id ?? null,
      lines: [
        { compte: accounts.etudiant(input.idAffectation), debit: input.montant },
        { compte: accounts.degradationCite(input.idCite), credit: input.montant },
      ],
    },
  ]);
  const { solde } = await accountSums(tx, input.idAffectation);
  return { idTransaction: idTransaction!, reference, solde };
}

/** The balance of one assignment's account (`solde`: negative, a credit to refund). */
export async function balanceOf(db: Db, idAffectation: number): Promise<number> {
  return (await accountSums(db, idAffectation)).solde;
}

/**
 * What the account still owes, split as the student's page allocates payments (instalments first,
 * then the damage): the damage left to pay and the rent left to pay (docs/rent.md#a-departure).
 */
export async function owedOf(db: Db, idAffectation: number) {
  const { solde } = await accountSums(db, idAffectation);
  const degradations = (await damageTotals(db, [idAffectation])).get(idAffectation) ?? 0;
  return { solde, ...owedParts(solde, degradations) };
}

/**
 * Assignments made before rent existed get their instalments (the seed, and a database upgraded
 * with assignments in it), those owed from each one's day (`issueInstalments`): once, under a transaction-scoped lock, so that instances starting
 * together do it once. Returns how many assignments were given instalments.
 */
export async function issueMissingInstalments(db: Db): Promise<number> {
  return withTransaction(db, async (tx) => {
    await lockInstalmentBackfill(tx);
    const missing = await assignmentsWithoutInstalments(tx);
    for (let i = 0; i < missing.length; i += 500)
      await issueInstalments(
        tx,
        null,
        missing.slice(i, i + 500).map((m) => m.id),
      );
    return missing.length;
  });
}

/**
 * Past rent paid at the counters, in bulk (the demo's earlier years, src/server/seed/past-years.ts):
 * the given assignments' live instalments up to each one's `jusqua`, paid in cash on their due
 * days, written as `recordPayment` writes them (a PAIEMENT transaction and a succeeded payment with
 * its receipt's number each), but in two statements for all of them, without the history's events
 * or any SMS. The journal still balances transaction by transaction. Returns how many were paid.
 */
export async function recordCounterPaymentsInBulk(
  tx: Db,
  idOperateur: number,
  payers: readonly CounterPayer[],
): Promise<number> {
  const posted = await postCounterPaymentsInBulk(tx, payers);
  const rows = await insertCounterPaymentsOfJournal(
    tx,
    idOperateur,
    payers.map((p) => p.idAffectation),
  );
  if (rows !== posted)
    throw new Error(`recordCounterPaymentsInBulk: ${posted} transactions, ${rows} payments`);
  return posted;
}

// ---------------------------------------------------------------- payments

/** A new payment reference: prefix, date, 8 random signs without look-alikes (`ESP-20261105-K7M2Q9TX`). */
export function newPaymentReference(prefix: string, now = new Date()): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)];
  return `${prefix}-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${code}`;
}

export interface RecordPaymentInput {
  /** Unique: the same reference is recorded once, whatever the number of calls. */
  referencePaiement: string;
  idAffectation: number;
  /** Whole FCFA received (the provider's word for mobile money). */
  montant: number;
  idOperateur: number;
  telephone?: string | null;
  numeroRecu?: string | null;
  /**
   * A payment of the past being written down (the demo's last year): the day it counts from
   * (default today), and no SMS to the student (default: told).
   */
  historique?: { dateValeur: string };
  /** The receipt mail's links (PUBLIC_URL); without them no mail is queued (tests, tools). */
  links?: ReceiptLinks;
}

export interface RecordPaymentResult {
  paiement: PaymentRow;
  /** False when the reference was already recorded (a duplicate notification): nothing changed. */
  enregistre: boolean;
}

/**
 * Records a payment that succeeded (docs/rent.md#payments), in the caller's transaction: the
 * payment row (made if the reference is new, else locked), then, unless already recorded, a
 * PAIEMENT transaction debiting the operator's account (the cité's cash for ESPECES, the operator
 * for mobile money and transfers) and crediting the student's. Exactly once per reference: the
 * row lock serialises concurrent calls, the unique reference of `journal_transaction` stands behind
 * it. A payment marked failed is recorded when the provider's truth says it succeeded. It checks no
 * balance (money received is money received; a credit shows as a negative balance): callers check
 * what they must before asking for money.
 */
export async function recordPayment(
  tx: Db,
  actor: Actor | null,
  input: RecordPaymentInput,
): Promise<RecordPaymentResult> {
  if (!Number.isSafeInteger(input.montant) || input.montant <= 0)
    throw new Error(`recordPayment: montant ${input.montant}`);
  const operator = await operatorById(tx, input.idOperateur);
  if (!operator) throw new Error(`recordPayment: no operator ${input.idOperateur}`);
  const assignment = await rentAssignment(tx, input.idAffectation, false);
  if (!assignment) throw new Error(`recordPayment: no assignment ${input.idAffectation}`);
  await insertPaymentIfNew(tx, {
    referencePaiement: input.referencePaiement,
    idAffectation: input.idAffectation,
    idOperateur: input.idOperateur,
    montant: input.montant,
    telephone: input.telephone ?? null,
    numeroRecu: input.numeroRecu ?? null,
    idAuteur: actor?.id ?? null,
  });
  const paiement = (await lockPayment(tx, input.referencePaiement))!;
  if (paiement.statut === 'REUSSI') return { paiement, enregistre: false };
  if (paiement.idAffectation !== input.idAffectation || paiement.montant !== input.montant)
    throw new Error(`recordPayment: ${input.referencePaiement} differs from the payment asked`);
  const debit =
    operator.codeTypePaiement === 'ESPECES'
      ? accounts.caisseCite(assignment.idCite)
      : accounts.operateur(operator.idOperateur);
  const [idTransaction] = await postTransactions(tx, [
    {
      nature: 'PAIEMENT',
      libelle: paiement.numeroRecu
        ? fill(messages.loyerJournalEspeces, { numero: paiement.numeroRecu })
        : fill(messages.loyerJournalPaiement, { operateur: operator.libelleOperateur }),
      dateValeur: input.historique?.dateValeur ?? todayUtc(),
      idAffectation: input.idAffectation,
      referencePaiement: input.referencePaiement,
      idAuteur: actor?.id ?? null,
      lines: [
        { compte: debit, debit: input.montant },
        { compte: accounts.etudiant(input.idAffectation), credit: input.montant },
      ],
    },
  ]);
  await markPaymentSucceeded(tx, paiement.idPaiement, idTransaction, input.historique?.dateValeur);
  // The dossier's history: who asked for the payment (the student for mobile money, the cashier for
  // cash), on the day it counts from.
  await recordEvent(tx, {
    idDossier: assignment.idDossier,
    idSessionCenou: assignment.idSessionCenou,
    evenement: 'PAIEMENT',
    actor: paiement.idAuteur !== null ? { id: paiement.idAuteur } : actor,
    date: input.historique ? new Date(`${input.historique.dateValeur}T12:00:00Z`) : new Date(),
    detail: {
      montant: input.montant,
      moyen: operator.libelleOperateur,
      numeroRecu: paiement.numeroRecu,
      reference: input.referencePaiement,
    },
  });
  // The student is told by SMS, through the outbox (`PAIEMENT_ENREGISTRE`, docs/messages.md#sms).
  if (assignment.idUser !== null && !input.historique) {
    const { solde } = await accountSums(tx, input.idAffectation);
    await enqueueSmsList(tx, [
      {
        kind: 'PAIEMENT_ENREGISTRE',
        idUser: assignment.idUser,
        idDossier: assignment.idDossier,
        text: smsText('PAIEMENT_ENREGISTRE', {
          montant: formatFcfa(input.montant, { plain: true }),
          date: todayUtc().split('-').reverse().join('/'),
          reference: input.referencePaiement,
          solde: formatFcfa(Math.max(0, solde), { plain: true }),
        }),
      },
    ]);
  }
  if (input.links) await queueReceiptMail(tx, input.referencePaiement, input.links);
  return { paiement: (await lockPayment(tx, input.referencePaiement))!, enregistre: true };
}

/**
 * The receipt's mail (docs/rent.md#receipts), queued through the outbox in the recording's own
 * transaction: the amount, the day, the means, what remains, the check page and Mon loyer (where
 * the PDF is). None when the student has no address.
 */
async function queueReceiptMail(tx: Db, referencePaiement: string, links: ReceiptLinks): Promise<void> {
  const f = await receiptFacts(tx, referencePaiement);
  if (!f?.email) return;
  await enqueueMail(
    tx,
    f.email,
    paymentReceiptMail(
      {
        nom: f.nomEtudiant,
        prenom: f.prenomEtudiant,
        referencePaiement: f.referencePaiement,
        montant: formatFcfa(f.montant, { unit: true }),
        date: (f.datePaiement ?? todayUtc()).slice(0, 10).split('-').reverse().join('/'),
        moyen: f.libelleOperateur,
        numeroRecu: f.numeroRecu,
        reste: formatFcfa(Math.max(0, f.soldeApres), { unit: true }),
      },
      { recu: links.recu(f.referencePaiement), monLoyer: links.monLoyer },
    ),
    { idUser: f.idUser, idDossier: f.idDossier },
  );
}

/** A payment the provider says failed: marked ECHOUE if still EN_ATTENTE (a succeeded one stays). */
export async function failPayment(tx: Db, referencePaiement: string): Promise<PaymentRow | undefined> {
  const p = await lockPayment(tx, referencePaiement);
  if (p?.statut === 'EN_ATTENTE') await markPaymentFailed(tx, p.idPaiement);
  return lockPayment(tx, referencePaiement);
}

const answerOf = (p: PaymentRow, solde: number): PaymentAnswer => ({
  referencePaiement: p.referencePaiement,
  idAffectation: p.idAffectation,
  montant: p.montant,
  statut: p.statut,
  numeroRecu: p.numeroRecu,
  datePaiement: p.dateReussite,
  solde,
});

/**
 * Cash received at a cité's counter (docs/rent.md#cash-at-the-counter): staff in scope
 * (GESTIONNAIRE_CENOU all, GESTIONNAIRE_DR its direction), a receipt book's number used once, an
 * amount of whole FCFA above 0 and not above what remains to pay. Recorded at once (REUSSI).
 */
export async function recordCashPayment(
  db: Db,
  actor: Actor | null,
  input: { idAffectation: number; montant: number; numeroRecu: string },
  links?: ReceiptLinks,
): Promise<PaymentAnswer> {
  scopeFor(actor, 'rent.manage');
  const numeroRecu = input.numeroRecu.trim().replace(/\s+/g, ' ');
  const run = () =>
    withTransaction(db, async (tx) => {
      // The assignment's row serialises its payments: two cashiers cannot both take the last franc.
      const a = await rentAssignment(tx, input.idAffectation, true);
      if (!a) throw notFound();
      assertCanReach(actor, 'rent.manage', { idDirection: a.idDirection });
      const operator = await cashOperator(tx);
      if (!operator) throw new AppError('CONFLIT', 'loyerAucunOperateurEspeces');
      if (await receiptNumberTaken(tx, numeroRecu)) throw receiptTaken();
      const before = await accountSums(tx, a.idAffectation);
      const refusal = paymentAmountRefusal(input.montant, before.solde);
      if (refusal === 'rienARegler')
        throw new AppError('CONFLIT', 'loyerRienARegler', [
          { champ: 'montant', message: messages.loyerRienARegler },
        ]);
      if (refusal) {
        const text = fill(messages.loyerMontantAuDelaDuSolde, {
          solde: formatFcfa(before.solde, { unit: true }),
        });
        throw new AppError('CONFLIT', { text }, [{ champ: 'montant', message: text }]);
      }
      const { paiement } = await recordPayment(tx, actor, {
        referencePaiement: newPaymentReference('ESP'),
        idAffectation: a.idAffectation,
        montant: input.montant,
        idOperateur: operator.idOperateur,
        numeroRecu,
        links,
      });
      await recordAudit(tx, actor, {
        action: 'ENCAISSER',
        resource: 'paiement',
        resourceId: paiement.referencePaiement,
        detail: {
          idAffectation: a.idAffectation,
          montant: input.montant,
          numeroRecu,
          reference: paiement.referencePaiement,
        },
      });
      return answerOf(paiement, before.solde - input.montant);
    });
  try {
    return await run();
  } catch (err) {
    // Two cashiers typing the same number at once: the unique index answers for the second.
    if (isUniqueViolation(err, 'paiement_numero_recu')) throw receiptTaken();
    throw err;
  }
}

const receiptTaken = () =>
  new AppError('DOUBLON', 'loyerNumeroRecuPris', [
    { champ: 'numeroRecu', message: messages.loyerNumeroRecuPris },
  ]);

// ---------------------------------------------------------------- refunds

/**
 * A refund (docs/rent.md#refunds, docs/decisions/035-rent-refunds.md): money paid back to a student
 * holding a credit (`solde` < 0, after a cancellation or a move to a cheaper bed), by staff in scope
 * (GESTIONNAIRE_CENOU all, GESTIONNAIRE_DR its direction), at most that credit. In one transaction
 * holding the assignment's row (two refunds at once are checked in turn, as cash payments are):
 * the REMBOURSEMENT journal transaction (debit the student, credit the account the money leaves:
 * the cité's counter for cash, the operator otherwise), the refund's row, its audit entry, and the
 * student's SMS and mail through the outbox.
 */
export async function recordRefund(
  db: Db,
  actor: Actor | null,
  input: RefundInput,
  links?: ReceiptLinks,
): Promise<RefundAnswer> {
  scopeFor(actor, 'rent.manage');
  const numeroPiece = input.numeroPiece.trim().replace(/\s+/g, ' ');
  const run = () =>
    withTransaction(db, async (tx) => {
      const a = await rentAssignment(tx, input.idAffectation, true);
      if (!a) throw notFound();
      assertCanReach(actor, 'rent.manage', { idDirection: a.idDirection });
      const operator =
        input.idOperateur === null || input.idOperateur === undefined
          ? await cashOperator(tx)
          : await operatorById(tx, input.idOperateur);
      if (input.idOperateur != null && !operator?.actif)
        throw fieldErrors([{ champ: 'idOperateur', message: messages.loyerRemboursementOperateurInconnu }]);
      if (!operator) throw new AppError('CONFLIT', 'loyerAucunOperateurEspeces');
      const cash = operator.codeTypePaiement === 'ESPECES';
      const telephone = cash ? null : (input.telephone ?? null);
      if (operator.codeTypePaiement === 'MOBILE_MONEY' && !telephone)
        throw fieldErrors([{ champ: 'telephone', message: messages.loyerRemboursementTelephoneRequis }]);
      if (await refundPieceTaken(tx, numeroPiece)) throw pieceTaken();
      const before = await accountSums(tx, a.idAffectation);
      const refusal = refundAmountRefusal(input.montant, before.solde);
      if (refusal === 'aucunTropPercu')
        throw new AppError('CONFLIT', 'loyerAucunTropPercu', [
          { champ: 'montant', message: messages.loyerAucunTropPercu },
        ]);
      if (refusal) {
        const text = fill(messages.loyerRemboursementAuDelaDuCredit, {
          credit: formatFcfa(-before.solde, { unit: true }),
        });
        throw new AppError('CONFLIT', { text }, [{ champ: 'montant', message: text }]);
      }
      const referenceRemboursement = newPaymentReference('RMB');
      const [idTransaction] = await postTransactions(tx, [
        {
          nature: 'REMBOURSEMENT',
          libelle: cash
            ? fill(messages.loyerJournalRemboursementEspeces, { numero: numeroPiece })
            : fill(messages.loyerJournalRemboursement, {
                operateur: operator.libelleOperateur,
                numero: numeroPiece,
              }),
          dateValeur: todayUtc(),
          idAffectation: a.idAffectation,
          referencePaiement: referenceRemboursement,
          idAuteur: actor?.id ?? null,
          lines: [
            { compte: accounts.etudiant(a.idAffectation), debit: input.montant },
            {
              compte: cash ? accounts.caisseCite(a.idCite) : accounts.operateur(operator.idOperateur),
              credit: input.montant,
            },
          ],
        },
      ]);
      await insertRefund(tx, {
        referenceRemboursement,
        idAffectation: a.idAffectation,
        idOperateur: operator.idOperateur,
        montant: input.montant,
        numeroPiece,
        telephone,
        idTransaction: idTransaction!,
        idAuteur: actor?.id ?? null,
      });
      await recordEvent(tx, {
        idDossier: a.idDossier,
        idSessionCenou: a.idSessionCenou,
        evenement: 'REMBOURSEMENT',
        actor,
        date: new Date(),
        detail: { montant: input.montant, moyen: operator.libelleOperateur, numeroPiece },
      });
      await recordAudit(tx, actor, {
        action: 'REMBOURSER',
        resource: 'remboursement',
        resourceId: referenceRemboursement,
        detail: {
          idAffectation: a.idAffectation,
          montant: input.montant,
          idOperateur: operator.idOperateur,
          numeroPiece,
          reference: referenceRemboursement,
        },
      });
      const solde = before.solde + input.montant;
      const [refund] = await refundsOf(tx, [a.idAffectation]).then((l) =>
        l.filter((r) => r.referenceRemboursement === referenceRemboursement),
      );
      await tellRefund(tx, a, refund!, Math.max(0, -solde), links);
      return { ...refund!, idAffectation: a.idAffectation, solde };
    });
  try {
    return await run();
  } catch (err) {
    // Two people typing the same voucher at once: the unique index answers for the second.
    if (isUniqueViolation(err, 'remboursement_numero_piece')) throw pieceTaken();
    throw err;
  }
}

const pieceTaken = () =>
  new AppError('DOUBLON', 'loyerNumeroPiecePris', [
    { champ: 'numeroPiece', message: messages.loyerNumeroPiecePris },
  ]);

/** The student told of its refund, through the outboxes in the refund's transaction: an SMS, and a mail when `links`. */
async function tellRefund(
  tx: Db,
  a: { idUser: number | null; idDossier: number },
  r: RefundListed,
  credit: number,
  links: ReceiptLinks | undefined,
): Promise<void> {
  const date = r.dateRemboursement.slice(0, 10).split('-').reverse().join('/');
  if (a.idUser !== null)
    await enqueueSmsList(tx, [
      {
        kind: 'REMBOURSEMENT_ENREGISTRE',
        idUser: a.idUser,
        idDossier: a.idDossier,
        text: smsText('REMBOURSEMENT_ENREGISTRE', {
          montant: formatFcfa(r.montant, { plain: true }),
          date,
          reference: r.referenceRemboursement,
          solde: formatFcfa(credit, { plain: true }),
        }),
      },
    ]);
  const student = links ? await candidateOfDossier(tx, a.idDossier) : undefined;
  if (!links || !student?.email) return;
  await enqueueMail(
    tx,
    student.email,
    refundMail(
      {
        nom: student.nom,
        prenom: student.prenom,
        referenceRemboursement: r.referenceRemboursement,
        montant: formatFcfa(r.montant, { unit: true }),
        date,
        moyen: r.libelleOperateur,
        numeroPiece: r.numeroPiece,
        credit: formatFcfa(credit, { unit: true }),
      },
      { monLoyer: links.monLoyer },
    ),
    { idUser: a.idUser, idDossier: a.idDossier },
  );
}

// ---------------------------------------------------------------- reads

/**
 * What an account's payments settled, by the one rule of the student's page, the arrears list and
 * the damage's notice (docs/rent.md#a-departure): the instalments first, oldest first
 * (`allocatePayments`), then the damage charged at departure, oldest first (`allocateCharges`).
 */
function allocateAccount(
  instalments: Parameters<typeof allocatePayments>[0],
  charges: readonly LiveCharge[],
  paye: number,
  today: string,
) {
  const echeances = allocatePayments(instalments, paye, today);
  const onInstalments = echeances.reduce((s, i) => s + i.paye, 0);
  const chargesDegradation = allocateCharges(
    charges.map((c) => ({
      reference: c.reference,
      libelle: c.libelle,
      dateCharge: c.dateEcheance,
      montant: c.montant,
    })),
    paye - onInstalments,
  );
  return { echeances, chargesDegradation };
}

/**
 * What is left to pay of one damage charged at departure (its notice's reference `DEG-…`), as the
 * student's page allocates the account's payments (`allocateAccount`): 0 once paid; null when the
 * account holds no such live charge.
 */
export async function damageLeft(db: Db, idAffectation: number, reference: string): Promise<number | null> {
  const instalments = (await liveCharges(db, 'ECHEANCE', [idAffectation])).map((i) => ({
    ...i,
    dateEcheance: i.dateReportee ?? i.dateEcheance,
  }));
  const charges = await liveCharges(db, 'DEGRADATION', [idAffectation]);
  const { paye } = await accountSums(db, idAffectation);
  const { chargesDegradation } = allocateAccount(instalments, charges, paye, todayUtc());
  return chargesDegradation.find((c) => c.reference === reference)?.reste ?? null;
}

/** Assignments' rent: per assignment, its instalments with what was allocated, payments, sums. */
async function rentOf(
  db: Db,
  list: Awaited<ReturnType<typeof studentRentAssignments>>,
): Promise<StudentRent[]> {
  const ids = list.map((a) => a.idAffectation);
  const instalments = await liveCharges(db, 'ECHEANCE', ids);
  const payments = await succeededPayments(db, ids);
  const refunds = await refundsOf(db, ids);
  const damages = await damageTotals(db, ids);
  const charges = await liveCharges(db, 'DEGRADATION', ids);
  const today = todayUtc();
  const out: StudentRent[] = [];
  for (const a of list) {
    // An instalment an outage moved is due on its new date (docs/rent.md#a-due-date-moved-by-an-outage).
    const mine = instalments
      .filter((i) => i.idAffectation === a.idAffectation)
      .map((i) => ({ ...i, dateEcheance: i.dateReportee ?? i.dateEcheance }));
    // The journal's sums (the instalments' own agree: tests/api/rent.test.ts says so).
    const sums = await accountSums(db, a.idAffectation);
    const { echeances, chargesDegradation } = allocateAccount(
      mine,
      charges.filter((c) => c.idAffectation === a.idAffectation),
      sums.paye,
      today,
    );
    const arriere = Math.max(0, sums.duADate - sums.paye);
    out.push({
      ...a,
      ...sums,
      arriere,
      payable: mayPayRent({ solde: sums.solde, annulee: a.annulee, dateDepart: a.dateDepart }),
      paiementPropose: proposedPayment({
        solde: sums.solde,
        arriere,
        montantChambre: a.montantChambre,
        annulee: a.annulee,
        dateDepart: a.dateDepart,
        echeances,
        today,
      }),
      degradations: damages.get(a.idAffectation) ?? 0,
      chargesDegradation,
      echeances: echeances.map((i) => ({
        numero: i.numero,
        dateEcheance: i.dateEcheance,
        montant: i.montant,
        paye: i.paye,
        reste: i.reste,
        statut: i.statut,
      })),
      paiements: payments
        .filter((p) => p.idAffectation === a.idAffectation)
        .map(({ idAffectation: _a, ...p }) => p),
      remboursements: refunds
        .filter((r) => r.idAffectation === a.idAffectation)
        .map(({ idAffectation: _a, ...r }) => r),
    });
  }
  return out;
}

/** The sessions with assignments in the actor's scope, newest first (`rent.manage`): where /loyers opens. */
export async function rentSessionsFor(db: Db, actor: Actor | null): Promise<RentSessions> {
  scopeFor(actor, 'rent.manage');
  return rentSessions(db, actor);
}

/** The signed-in student's rent: per assignment, its instalments with what was allocated, payments, sums. */
export async function studentRent(db: Db, actor: Actor | null): Promise<StudentRent[]> {
  scopeFor(actor, 'rent.own');
  return rentOf(db, await studentRentAssignments(db, { idUser: actor!.id }));
}

/**
 * Whether the student has rent it may pay by mobile money on one of its assignments (`mayPayRent`,
 * the rule `payable` of its rent answers): what a procuration « Payer mon loyer » needs.
 */
export async function studentMayPayRent(db: Db, idUser: number): Promise<boolean> {
  for (const a of await studentRentAssignments(db, { idUser })) {
    const { solde } = await accountSums(db, a.idAffectation);
    if (mayPayRent({ solde, annulee: a.annulee, dateDepart: a.dateDepart })) return true;
  }
  return false;
}

/** One assignment's rent for staff in scope (`rent.manage`): the arrears list's « Paiements ». */
export async function assignmentRent(
  db: Db,
  actor: Actor | null,
  idAffectation: number,
): Promise<StudentRent> {
  scopeFor(actor, 'rent.manage');
  const a = await rentAssignment(db, idAffectation, false);
  if (!a) throw notFound();
  assertCanReach(actor, 'rent.manage', { idDirection: a.idDirection });
  const [rent] = await rentOf(db, await studentRentAssignments(db, { idAffectation }));
  if (!rent) throw notFound();
  return rent;
}
