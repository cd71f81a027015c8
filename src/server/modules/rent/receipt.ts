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
import { phoneForDisplay } from '../../../domain/phone';

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
      if (facts.telephone) line(messages.recuPdfTelephone, phoneForDisplay(facts.telephone));
      if (facts.idProcuration !== null)
        line(messages.recuPdfPayePar, fill(messages.recuPdfAidant, { id: facts.idProcuration }));
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

/** What a damage's receipt says (life in the cité gathers it: docs/life-in-the-cite.md#departure). */
export interface DamageReceiptFacts {
  reference: string;
  dateFacturation: string;
  montant: number;
  motif: string;
  libelleElement: string;
  etatEntree: string;
  etatSortie: string;
  idEntree: number;
  idSortie: number;
  dateEntree: string | null;
  dateSortie: string | null;
  etudiant: string;
  ine: string;
  nomCite: string;
  libelleChambre: string;
  libelleLit: string;
  /** What the account still owes after it: the whole, its damage and its rent (`owedParts`). */
  du: { solde: number; loyer: number; degradations: number };
}

/**
 * A damage's receipt: the same one-page writer as a payment's — the charge, the element and its
 * states, both inventories it was found by (number and day), the student and its bed, the balance
 * after it. Its QR code leads to the public check of its reference, as a payment's receipt's does.
 */
export function damageReceiptPdf(
  facts: DamageReceiptFacts,
  checkUrl: string,
  now = new Date(),
): Promise<Buffer> {
  return checkedPdf({
    infoTitle: `${messages.recuDegradationTitre} ${facts.reference}`,
    title: messages.recuDegradationTitre,
    subtitle: facts.reference,
    intro: messages.recuDegradationIntro,
    checkUrl,
    checkText: messages.recuDegradationVerifier,
    issued: messages.recuPdfDelivre,
    now,
    body: ({ doc, line }) => {
      line(messages.recuPdfReference, facts.reference);
      line(messages.recuDegradationDate, frDate(facts.dateFacturation));
      line(messages.recuDegradationMontant, formatFcfa(facts.montant, { plain: true, unit: true }));
      line(messages.recuDegradationElement, facts.libelleElement);
      line(messages.recuDegradationMotif, facts.motif);
      line(
        messages.recuDegradationEtats,
        fill(messages.recuDegradationEtatsValeur, { entree: facts.etatEntree, sortie: facts.etatSortie }),
      );
      line(
        messages.recuDegradationInventaires,
        fill(messages.recuDegradationInventairesValeur, {
          entree: facts.idEntree,
          dateEntree: facts.dateEntree ? frDate(facts.dateEntree) : '—',
          sortie: facts.idSortie,
          dateSortie: facts.dateSortie ? frDate(facts.dateSortie) : '—',
        }),
      );
      doc.moveDown(0.5);
      line(messages.recuPdfEtudiant, facts.etudiant);
      line(messages.recuPdfIne, facts.ine);
      line(
        messages.recuPdfLogement,
        fill(messages.recuDegradationLogementValeur, {
          cite: facts.nomCite,
          chambre: facts.libelleChambre,
          lit: facts.libelleLit,
        }),
      );
      // What is owed, said plainly: the whole, what it is made of, and where to pay it.
      const f = (n: number) => formatFcfa(n, { plain: true, unit: true });
      const { solde, loyer, degradations } = facts.du;
      doc.moveDown(0.5);
      line(
        messages.recuDegradationDu,
        solde < 0
          ? fill(messages.recuDegradationTropPercu, { montant: f(-solde) })
          : solde === 0
            ? messages.recuDegradationRienDu
            : loyer > 0
              ? fill(messages.recuDegradationDuDetail, {
                  total: f(solde),
                  degradations: f(degradations),
                  loyer: f(loyer),
                })
              : fill(messages.recuDegradationDuSeul, { total: f(solde) }),
      );
      if (solde > 0) doc.text(messages.recuDegradationOuPayer);
    },
  });
}
