import { frenchDay } from '../../../../domain/format';
/**
 * Payments of rent (docs/rent.md#payments): a payment recorded exactly once whatever the number of
 * its notifications (mobile money through the mobile-money module, which calls this file), a failed
 * one, cash at a cité's counter, the receipt's mail, and the demo's past payments in bulk. The
 * mobile-money module calls rent, never the reverse.
 */
import type { PaymentAnswer } from '../../../../domain/schemas/rent';
import { fill, messages } from '../../../../domain/messages';
import { paymentAmountRefusal } from '../../../../domain/rent';
import { smsText } from '../../../../domain/messages-sms';
import { formatFcfa } from '../../../../domain/money';
import { assertCanReach, scopeFor } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import { recordAudit } from '../../../audit/record';
import { recordEvent } from '../../../history/record';
import { procurationOfPayment } from '../../../history/repository';
import { enqueueSmsList } from '../../../sms/outbox';
import { enqueueMail } from '../../../mail/outbox';
import { paymentReceiptMail } from '../../../mail/templates';
import type { ReceiptLinks } from '../../../config/urls';
import type { Db } from '../../../db/client';
import { isUniqueViolation, withTransaction } from '../../../db/transaction';
import { AppError, notFound } from '../../../errors';
import {
  accounts,
  newPaymentReference,
  postCounterPaymentsInBulk,
  postTransactions,
  todayUtc,
  type CounterPayer,
} from '../journal/repository';
import { accountSums } from '../accounts/repository';
import { rentAssignment } from '../assignments/repository';
import { receiptFacts } from '../receipts/repository';
import {
  cashOperator,
  insertCounterPaymentsOfJournal,
  insertPaymentIfNew,
  lockPayment,
  markPaymentFailed,
  markPaymentSucceeded,
  operatorById,
  receiptNumberTaken,
  type PaymentRow,
} from './repository';

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
  // cash, a helper by procuration in the student's session), on the day it counts from.
  const idProcuration =
    paiement.idAuteur !== null
      ? await procurationOfPayment(tx, assignment.idDossier, input.referencePaiement)
      : null;
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
      ...(idProcuration !== null ? { idProcuration } : {}),
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
          date: frenchDay(todayUtc()),
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
        date: frenchDay(f.datePaiement ?? todayUtc()),
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
