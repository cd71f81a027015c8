import { fill, messages } from '../../../domain/messages';
import { recordAudit, type AuditActor } from '../../audit/record';
import { helperOfPayment } from '../../history/repository';
import type { ReceiptLinks } from '../../config/urls';
import type { Db } from '../../db/client';
import { receiptFacts } from '../rent/receipts/repository';
import { recordPayment } from '../rent/service';
import type { PaymentRow } from '../rent/payments/repository';

/**
 * How the product learnt that the provider confirmed a payment (docs/payments.md): the operator's
 * notification (its webhook), or the product's own look at the payments left pending (the pending
 * job). The journal's entry says which, in French.
 */
export type ConfirmationPaiement = 'NOTIFICATION' | 'VERIFICATION';

/**
 * What is done when the provider confirmed a payment (docs/payments.md#recorded-once). Called in
 * the transaction that holds the payment's row lock (`FOR UPDATE`), once per payment: the payment
 * is not REUSSI yet, and the implementation must leave it REUSSI.
 */
export interface PaymentRecorder {
  recordSuccess(tx: Db, payment: PaymentRow, links: ReceiptLinks, via: ConfirmationPaiement): Promise<void>;
}

/**
 * The product's recorder: rent's `recordPayment` (docs/rent.md#payments) posts the journal's
 * PAIEMENT transaction (debit `OPERATEUR:<id>`, credit the student), marks the payment REUSSI,
 * queues the student's SMS and its receipt's mail, all in the caller's transaction. Under the row
 * lock the caller holds, `recordPayment` locks the same row again (a no-op), finds it not REUSSI
 * and records it; the unique reference of `journal_transaction` stands behind the lock. The audit
 * log gets its entry in the same transaction, as a cash payment's (docs/payments.md#recorded-once):
 * its author is who started the payment (the student's account; a helper under a procuration acts
 * on it too, named with its procuration), the system when nobody did; it names the student, the
 * amount, the receipt's reference, the operator, the number debited and what confirmed it.
 */
export const journalRecorder: PaymentRecorder = {
  async recordSuccess(tx, payment, links, via) {
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
    const helper =
      payment.idAuteur === null
        ? undefined
        : await helperOfPayment(tx, f.idDossier, payment.referencePaiement);
    const studentName = f.userName ?? f.ine;
    const actor: AuditActor | null =
      payment.idAuteur === null
        ? null
        : helper
          ? {
              id: payment.idAuteur,
              userName: fill(messages.auteurAidant, { nom: studentName, id: helper.idProcuration }),
              procuration: {
                idProcuration: helper.idProcuration,
                tache: 'PAIEMENT',
                adresse: helper.adresse,
              },
            }
          : { id: payment.idAuteur, userName: studentName };
    await recordAudit(tx, actor, {
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
        auteur: payment.idAuteur === null ? 'SYSTEME' : helper ? 'AIDANT' : 'ETUDIANT',
        confirmation: via,
      },
    });
  },
};
