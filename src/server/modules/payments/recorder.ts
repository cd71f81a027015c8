import type { Db } from '../../db/client';
import { markPaymentSucceeded, type PaymentRow } from './repository';

/**
 * What is done when the provider confirmed a payment (docs/payments.md#recorded-once). Called in
 * the transaction that holds the payment's row lock (`FOR UPDATE`), once per payment: the payment
 * is not REUSSI yet, and the implementation must leave it REUSSI. The rent branch's implementation
 * posts the PAIEMENT transaction of the journal (`recordPayment(tx, null, {…})`, which marks the
 * payment itself); this branch's only marks the payment.
 */
export interface PaymentRecorder {
  recordSuccess(tx: Db, payment: PaymentRow): Promise<void>;
}

/** Marks the payment REUSSI, nothing else (until the journal is wired in at merge). */
export const markingRecorder: PaymentRecorder = {
  async recordSuccess(tx, payment) {
    await markPaymentSucceeded(tx, payment.idPaiement);
  },
};
