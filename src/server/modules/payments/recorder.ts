import { recordAudit } from '../../audit/record';
import type { ReceiptLinks } from '../../config/urls';
import type { Db } from '../../db/client';
import { receiptFacts } from '../rent/receipts/repository';
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
 * and records it; the unique reference of `journal_transaction` stands behind the lock. The audit
 * log gets its entry in the same transaction, as a cash payment's (docs/payments.md#recorded-once):
 * the system's act (the provider's word), naming the student, the amount, the receipt's reference,
 * the operator and the number debited.
 */
export const journalRecorder: PaymentRecorder = {
  async recordSuccess(tx, payment, links) {
    const { enregistre } = await recordPayment(tx, null, {
      referencePaiement: payment.referencePaiement,
      idAffectation: payment.idAffectation,
      montant: payment.montant,
      idOperateur: payment.idOperateur,
      telephone: payment.telephone,
      links,
    });
    if (!enregistre) return;
    const f = (await receiptFacts(tx, payment.referencePaiement))!;
    await recordAudit(tx, null, {
      action: 'PAYER_MOBILE_MONEY',
      resource: 'paiement',
      resourceId: f.referencePaiement,
      detail: {
        idAffectation: f.idAffectation,
        etudiant: `${f.nomEtudiant} ${f.prenomEtudiant}`,
        ine: f.ine,
        montant: f.montant,
        reference: f.referencePaiement,
        operateur: f.libelleOperateur,
        idOperateur: payment.idOperateur,
        telephone: f.telephone,
      },
    });
  },
};
