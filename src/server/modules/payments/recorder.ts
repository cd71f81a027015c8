import type { ReceiptLinks } from '../../config/urls';
import type { Db } from '../../db/client';
import { recordPayment } from '../rent/service';
import type { PaymentRow } from '../rent/payments/repository';

/**
 * What is done when the provider confirmed a payment (docs/payments.md#recorded-once). Called in
 * the transaction that holds the payment's row lock (`FOR UPDATE`), once per payment: the payment
 * is not REUSSI yet, and the implementation must leave it REUSSI.
 */
export interface PaymentRecorder {
  recordSuccess(tx: Db, payment: PaymentRow, links: ReceiptLinks): Promise<void>;
}

/**
 * The product's recorder: rent's `recordPayment` (docs/rent.md#payments) posts the journal's
 * PAIEMENT transaction (debit `OPERATEUR:<id>`, credit the student), marks the payment REUSSI,
 * queues the student's SMS and its receipt's mail, all in the caller's transaction. Under the row
 * lock the caller holds, `recordPayment` locks the same row again (a no-op), finds it not REUSSI
 * and records it; the unique reference of `journal_transaction` stands behind the lock.
 */
export const journalRecorder: PaymentRecorder = {
  async recordSuccess(tx, payment, links) {
    await recordPayment(tx, null, {
      referencePaiement: payment.referencePaiement,
      idAffectation: payment.idAffectation,
      montant: payment.montant,
      idOperateur: payment.idOperateur,
      telephone: payment.telephone,
      links,
    });
  },
};
