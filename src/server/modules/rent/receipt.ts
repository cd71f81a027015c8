/**
 * A payment's receipt (docs/rent.md#receipts): one A4 page with a QR code of its public check page,
 * like the housing certificate (the shared `checkedPdf`, src/server/exports/checked-pdf.ts) — the
 * reference, the day, the amount, the means (operator and number debited, or the receipt book's
 * number), the student and its bed, what remained to pay. Texts from the catalogue; dates as read
 * in Ouagadougou (UTC).
 */
import { fill, messages } from '../../../domain/messages';
import { anneeLibelle } from '../../../domain/workflow';
import { checkedPdf, frDate } from '../../exports/checked-pdf';
import type { ReceiptFacts } from './receipts/repository';
import { formatFcfa } from '../../../domain/money';

export function receiptPdf(facts: ReceiptFacts, checkUrl: string, now = new Date()): Promise<Buffer> {
  return checkedPdf({
    infoTitle: `${messages.recuPdfTitre} ${facts.referencePaiement}`,
    title: messages.recuPdfTitre,
    subtitle: facts.referencePaiement,
    intro: messages.recuPdfIntro,
    checkUrl,
    checkText: messages.recuPdfVerifier,
    issued: messages.recuPdfDelivre,
    now,
    body: ({ doc, line }) => {
      line(messages.recuPdfReference, facts.referencePaiement);
      line(messages.recuPdfDate, frDate(facts.datePaiement));
      line(messages.recuPdfMontant, formatFcfa(facts.montant, { plain: true, unit: true }));
      line(messages.recuPdfMoyen, facts.libelleOperateur);
      if (facts.numeroRecu) line(messages.recuPdfNumeroCarnet, facts.numeroRecu);
      if (facts.telephone) line(messages.recuPdfTelephone, facts.telephone);
      doc.moveDown(0.5);
      line(messages.recuPdfEtudiant, `${facts.nomEtudiant} ${facts.prenomEtudiant}`);
      line(messages.recuPdfIne, facts.ine);
      line(
        messages.recuPdfLogement,
        fill(messages.recuPdfLogementValeur, {
          cite: facts.nomCite,
          chambre: facts.libelleChambre,
          lit: facts.libelleLit,
          annee: anneeLibelle(facts.anneeDebut),
        }),
      );
      line(messages.recuPdfReste, formatFcfa(Math.max(0, facts.soldeApres), { plain: true, unit: true }));
    },
  });
}
