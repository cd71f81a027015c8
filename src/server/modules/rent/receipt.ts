/**
 * A payment's receipt (docs/rent.md#receipts): one A4 page written with pdfkit like the housing
 * certificate (src/server/modules/assignment/certificate.ts) — the reference, the day, the amount,
 * the means (operator and number debited, or the receipt book's number), the student and its bed,
 * what remained to pay, and a QR code of the public check page. Texts from the catalogue; dates as
 * read in Ouagadougou (UTC).
 */
import { fill, messages } from '../../../domain/messages';
import { anneeLibelle } from '../../../domain/workflow';
import { loadPdfkit } from '../../exports/pdf';
import { frAmount } from '../assignment/certificate';
import type { ReceiptFacts } from './repository';

/** `2026-11-05T…` → `05/11/2026`. */
export const frDate = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

/** 12500 → `12 500 FCFA` (plain spaces: the standard PDF fonts have no narrow no-break space). */
export const pdfFcfa = (n: number) => fill(messages.montantFcfa, { montant: frAmount(n) });

export async function receiptPdf(facts: ReceiptFacts, checkUrl: string, now = new Date()): Promise<Buffer> {
  const [PDFDocument, { default: QRCode }] = await Promise.all([loadPdfkit(), import('qrcode')]);
  const qr = await QRCode.toBuffer(checkUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${messages.recuPdfTitre} ${facts.referencePaiement}`, Author: messages.appSigle },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(11).text(messages.piedDePage, { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(18).text(messages.recuPdfTitre, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(12).text(facts.referencePaiement, { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(11).text(messages.recuPdfIntro);
  doc.moveDown(0.8);

  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label} : `, { continued: true });
    doc.font('Helvetica').text(value);
    doc.moveDown(0.2);
  };
  line(messages.recuPdfReference, facts.referencePaiement);
  line(messages.recuPdfDate, frDate(facts.datePaiement));
  line(messages.recuPdfMontant, pdfFcfa(facts.montant));
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
  line(messages.recuPdfReste, pdfFcfa(Math.max(0, facts.soldeApres)));

  doc.moveDown(1);
  const y = doc.y;
  doc.image(qr, doc.page.margins.left, y, { width: 130 });
  const width = doc.page.width - doc.page.margins.right - doc.page.margins.left - 150;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(messages.recuPdfVerifier, doc.page.margins.left + 150, y + 20, { width });
  doc.moveDown(0.3);
  doc
    .font('Courier')
    .fontSize(checkUrl.length > 60 ? 7 : 9)
    .text(checkUrl, { width, lineBreak: false });
  doc.font('Helvetica').fontSize(10);
  doc.x = doc.page.margins.left;
  doc.y = Math.max(doc.y, y + 140);
  doc.moveDown(0.5);
  const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Ouagadougou' }).format(now);
  doc.text(fill(messages.recuPdfDelivre, { date: today }));
  doc.end();
  return done;
}
