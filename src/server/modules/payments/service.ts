/**
 * Mobile money (docs/payments.md, docs/decisions/033-mobile-money.md): a student's payment asked
 * from its phone, the provider's webhooks, the pending job. Services take `(db, actor, input)` and
 * the instance's `PaymentsContext`; they never see Fastify.
 *
 * The one rule everything here keeps: a payment's status changes only on the provider's word,
 * asked by us (never the webhook's claim), and only in a transaction holding the payment's row
 * lock, so that it is recorded once whatever the number, the order and the instance of the
 * notifications.
 */
import type { StatutPaiement } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import { minimumPayment, paymentAmountRefusal } from '../../../domain/rent';
import type { MobileOperatorsAnswer, PaymentStarted, PaymentStatus } from '../../../domain/schemas/payments';
import { assertCanReach, scopeFor } from '../../access/access';
import { recordHelperPayment } from '../procurations/service';
import type { ConfirmationPaiement } from './recorder';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldErrors, notFound } from '../../errors';
import type { PaymentsContext } from '../../payments/context';
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookMalformed,
  WebhookRefused,
  type ProviderTransaction,
} from '../../payments/provider';
import {
  claimStalePayments,
  insertPaymentIfNew,
  lockPayment,
  mobileOperator,
  mobileOperators,
  pendingAmount,
  paymentByProviderTransaction,
  paymentByReference,
  paymentWithOwner,
  setProviderTransaction,
  type PaymentRow,
} from '../rent/payments/repository';
import { accountSums, rentAssignment, rentBases, type RentAssignment } from '../rent/repository';
import { failPayment, newPaymentReference } from '../rent/service';
import { formatFcfa } from '../../../domain/money';

/**
 * The amount rule of docs/payments.md#paying, checked in the transaction that holds the assignment's row (so
 * that two payments asked at once are checked one after the other): the rent rule shared with cash
 * at the counter (`paymentAmountRefusal`, src/domain/rent.ts) — something left to pay, not above
 * it, and at least one instalment's worth (the bed's category's `montantChambre`) or all that
 * remains. What remains counts the payments still EN_ATTENTE as if paid: a second payment of the
 * whole balance asked before the first is settled would otherwise become a credit.
 * 409 CONFLIT naming `montant` with the amount in the message.
 */
export async function assertPayableAmount(
  tx: Db,
  assignment: RentAssignment,
  montant: number,
): Promise<void> {
  const { solde } = await accountSums(tx, assignment.idAffectation);
  const enCours = await pendingAmount(tx, assignment.idAffectation);
  const [basis] = await rentBases(tx, [assignment.idAffectation]);
  const echeance = basis?.montantChambre ?? 0;
  const reste = solde - enCours;
  const refuse = (text: string) => new AppError('CONFLIT', { text }, [{ champ: 'montant', message: text }]);
  if (solde > 0 && reste <= 0)
    throw refuse(fill(messages.paiementDejaEnCours, { montant: formatFcfa(enCours, { unit: true }) }));
  switch (paymentAmountRefusal(montant, reste, echeance)) {
    case 'rienARegler':
      throw new AppError('CONFLIT', 'loyerRienARegler', [
        { champ: 'montant', message: messages.loyerRienARegler },
      ]);
    case 'montantAuDelaDuSolde':
      throw refuse(fill(messages.loyerMontantAuDelaDuSolde, { solde: formatFcfa(reste, { unit: true }) }));
    case 'montantInsuffisant':
      throw refuse(
        fill(messages.paiementMontantMinimum, {
          minimum: formatFcfa(minimumPayment(reste, echeance), { unit: true }),
        }),
      );
    case null:
      return;
  }
}

/** `GET campus/paiement/operateurs`. */
export async function operatorsForStudent(
  db: Db,
  actor: Actor | null,
  ctx: Pick<PaymentsContext, 'simulation'>,
): Promise<MobileOperatorsAnswer> {
  scopeFor(actor, 'payment.mobile');
  const list = await mobileOperators(db);
  return {
    operateurs: list.map((o) => ({ idOperateur: o.idOperateur, libelleOperateur: o.libelleOperateur })),
    simulation: ctx.simulation,
  };
}

/**
 * `POST campus/paiement` (docs/payments.md#paying): the student's own assignment, an operator of
 * mobile money, a Burkina Faso number, an amount. The payment is written EN_ATTENTE first (its
 * reference then exists whatever happens next), then the provider is asked to debit the phone,
 * outside any transaction. The provider unreachable before it made a transaction: ECHOUE and 503;
 * a refusal: ECHOUE and 409; unreachable after it made one: left EN_ATTENTE (the outcome is
 * unknown; its webhook or the pending job will tell).
 */
export async function startMobilePayment(
  db: Db,
  actor: Actor | null,
  input: { idAffectation: number; montant: number; idOperateur: number; telephone: string },
  ctx: PaymentsContext,
): Promise<PaymentStarted> {
  scopeFor(actor, 'payment.mobile');
  const operator = await mobileOperator(db, input.idOperateur);
  if (!operator) throw fieldErrors([{ champ: 'idOperateur', message: messages.paiementOperateurInconnu }]);
  const payment = await withTransaction(db, async (tx) => {
    const a = await rentAssignment(tx, input.idAffectation, true);
    if (!a) throw notFound();
    assertCanReach(actor, 'payment.mobile', { idUser: a.idUser });
    await assertPayableAmount(tx, a, input.montant);
    const referencePaiement = newPaymentReference('MM');
    const made = await insertPaymentIfNew(tx, {
      referencePaiement,
      idAffectation: a.idAffectation,
      idOperateur: operator.idOperateur,
      montant: input.montant,
      telephone: input.telephone,
      idAuteur: actor!.id,
    });
    // 8 random signs of 31: a reference drawn twice is a fault, not a case to handle.
    if (!made) throw new Error(`startMobilePayment: reference ${referencePaiement} drawn twice`);
    // A helper's payment (docs/procurations.md): in the journal and the dossier's history.
    if (actor?.procuration)
      await recordHelperPayment(tx, actor, {
        idDossier: a.idDossier,
        idSessionCenou: a.idSessionCenou,
        referencePaiement,
        montant: input.montant,
      });
    return made;
  });
  try {
    const { idTransaction } = await ctx.provider.startDebit({
      reference: payment.referencePaiement,
      montant: payment.montant,
      telephone: input.telephone,
      codeOperateur: operator.codeOperateur,
      description: fill(messages.paiementDescription, { id: payment.idAffectation }),
    });
    await setProviderTransaction(db, payment.idPaiement, idTransaction);
  } catch (err) {
    if (!(err instanceof ProviderUnavailable || err instanceof ProviderRefused)) throw err;
    ctx.log.warn({ reference: payment.referencePaiement, err: err.message }, 'mobile money debit not asked');
    if (err.idTransaction) await setProviderTransaction(db, payment.idPaiement, err.idTransaction);
    if (err instanceof ProviderUnavailable && err.idTransaction)
      return { referencePaiement: payment.referencePaiement, statut: 'EN_ATTENTE' };
    await withTransaction(db, (tx) => failPayment(tx, payment.referencePaiement));
    if (err instanceof ProviderRefused)
      throw new AppError('CONFLIT', 'paiementRefuseOperateur', [
        { champ: 'telephone', message: messages.paiementRefuseOperateur },
      ]);
    throw new AppError('INDISPONIBLE', 'paiementFournisseurIndisponible');
  }
  return { referencePaiement: payment.referencePaiement, statut: 'EN_ATTENTE' };
}

/** `GET campus/paiement/{referencePaiement}`: the student its own; staff in scope. */
export async function paymentStatus(
  db: Db,
  actor: Actor | null,
  referencePaiement: string,
): Promise<PaymentStatus> {
  scopeFor(actor, 'payment.read');
  const p = await paymentWithOwner(db, referencePaiement);
  if (!p) throw notFound();
  assertCanReach(actor, 'payment.read', { idDirection: p.idDirection, idUser: p.idUser });
  const operator = await mobileOperator(db, p.idOperateur);
  return {
    referencePaiement: p.referencePaiement,
    idAffectation: p.idAffectation,
    montant: p.montant,
    statut: p.statut,
    idOperateur: p.idOperateur,
    libelleOperateur: operator?.libelleOperateur ?? '',
    telephone: p.telephone,
    dateCreation: p.dateCreation,
    dateReussite: p.dateReussite,
  };
}

/** The provider's truth about a transaction; duplicates arriving together on this instance ask once. */
function askProvider(ctx: PaymentsContext, idTransaction: string): Promise<ProviderTransaction> {
  const pending = ctx.inflight.get(idTransaction);
  if (pending) return pending;
  const asked = ctx.provider.transaction(idTransaction).finally(() => ctx.inflight.delete(idTransaction));
  ctx.inflight.set(idTransaction, asked);
  return asked;
}

/**
 * Applies the provider's truth to the payment, in one transaction holding its row lock: REUSSI
 * (through the recorder) unless already, when the provider's amount and reference are the
 * payment's; ECHOUE only from EN_ATTENTE; pending: nothing. A payment ECHOUE whose provider later
 * says paid is recorded (the money was taken). Returns the status after.
 */
export async function settlePayment(
  db: Db,
  ctx: PaymentsContext,
  referencePaiement: string,
  truth: ProviderTransaction,
  via: ConfirmationPaiement,
): Promise<StatutPaiement | undefined> {
  return withTransaction(db, async (tx) => {
    const p = await lockPayment(tx, referencePaiement);
    if (!p || p.statut === 'REUSSI') return p?.statut;
    if (truth.statut === 'REUSSI') {
      if (
        truth.montant !== p.montant ||
        (truth.reference !== null && truth.reference !== p.referencePaiement)
      ) {
        ctx.log.error(
          { reference: p.referencePaiement, montant: p.montant, fournisseur: truth },
          'mobile money: the provider transaction differs from the payment asked; not recorded',
        );
        return p.statut;
      }
      await ctx.recorder.recordSuccess(tx, p, ctx.links, via);
      return 'REUSSI';
    }
    if (truth.statut === 'ECHOUE') return (await failPayment(tx, p.referencePaiement))?.statut ?? p.statut;
    return p.statut;
  });
}

/**
 * A webhook (`POST /service/api/paiements/notification`, docs/payments.md#webhooks): a missing,
 * wrong or stale signature → 401 and nothing read further; a good one names a provider
 * transaction, and the provider is asked for its status before anything is recorded. A
 * notification for no payment of ours is acknowledged and ignored. Duplicates of a payment already
 * settled are answered without asking the provider again.
 */
export async function receiveNotification(
  db: Db,
  ctx: PaymentsContext,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ recu: boolean }> {
  let event;
  try {
    event = ctx.provider.verifyWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookRefused) {
      ctx.log.warn({ err: err.message }, 'mobile money webhook refused');
      throw new AppError('NON_AUTHENTIFIE', 'notificationSignatureInvalide');
    }
    if (err instanceof WebhookMalformed) throw new AppError('VALIDATION', 'notificationIllisible');
    throw err;
  }
  let p: PaymentRow | undefined = await paymentByProviderTransaction(db, event.idTransaction);
  if (!p && event.reference) {
    p = await paymentByReference(db, event.reference);
    // A reference already tied to another transaction of the provider: not this one's.
    if (p?.idTransactionFournisseur) p = undefined;
  }
  if (!p) {
    ctx.log.warn(
      { transaction: event.idTransaction, name: event.name },
      'mobile money webhook for no payment of ours',
    );
    return { recu: true };
  }
  if (p.statut === 'REUSSI' || (p.statut === 'ECHOUE' && event.statutAnnonce !== 'REUSSI'))
    return { recu: true };
  let truth: ProviderTransaction;
  try {
    truth = await askProvider(ctx, event.idTransaction);
  } catch (err) {
    if (err instanceof ProviderUnavailable || err instanceof ProviderRefused) {
      ctx.log.warn(
        { transaction: event.idTransaction, err: err.message },
        'mobile money provider not answering',
      );
      // The provider sends its webhook again; the pending job asks too.
      throw new AppError('INDISPONIBLE', 'paiementFournisseurIndisponible');
    }
    throw err;
  }
  if (!p.idTransactionFournisseur) {
    if (truth.reference !== p.referencePaiement) return { recu: true };
    await setProviderTransaction(db, p.idPaiement, truth.idTransaction);
  }
  await settlePayment(db, ctx, p.referencePaiement, truth, 'NOTIFICATION');
  return { recu: true };
}

/** How long a payment stays pending before the job asks about it, and how often it asks again. */
export const PENDING_AFTER_MINUTES = 30;
export const PENDING_EVERY_MINUTES = 5;

/**
 * The pending job (docs/payments.md#the-pending-job): the payments EN_ATTENTE for more than 30
 * minutes, claimed once across instances (`FOR UPDATE SKIP LOCKED`, `verifie_at`), asked about
 * again (at most every 5 minutes each) and settled by the provider's answer. One whose debit was
 * never asked (no provider transaction after 30 minutes: the instance stopped in between) is
 * ECHOUE. Returns how many were asked about and how many changed.
 */
export async function checkPendingPayments(
  db: Db,
  ctx: PaymentsContext,
  opts: { olderThanMinutes?: number; everyMinutes?: number; batch?: number } = {},
): Promise<{ asked: number; settled: number }> {
  let asked = 0;
  let settled = 0;
  for (;;) {
    const batch = await claimStalePayments(db, {
      olderThanMinutes: opts.olderThanMinutes ?? PENDING_AFTER_MINUTES,
      everyMinutes: opts.everyMinutes ?? PENDING_EVERY_MINUTES,
      limit: opts.batch ?? 50,
    });
    if (!batch.length) return { asked, settled };
    for (const p of batch) {
      asked++;
      if (!p.idTransactionFournisseur) {
        const after = await withTransaction(db, (tx) => failPayment(tx, p.referencePaiement));
        if (after?.statut === 'ECHOUE') settled++;
        continue;
      }
      try {
        const truth = await askProvider(ctx, p.idTransactionFournisseur);
        const after = await settlePayment(db, ctx, p.referencePaiement, truth, 'VERIFICATION');
        if (after !== p.statut) settled++;
      } catch (err) {
        if (!(err instanceof ProviderUnavailable || err instanceof ProviderRefused)) throw err;
        ctx.log.warn(
          { reference: p.referencePaiement, err: err.message },
          'mobile money provider not answering',
        );
      }
    }
  }
}
