/**
 * The housing certificate (docs/assignment.md): one A4 page written with pdfkit, the student's identity,
 * the session's academic year, where it sleeps, the monthly rent, the verification code and a QR
 * code of the public check page. Texts from the catalogue; dates as read in Ouagadougou.
 */
import { loadPdfkit } from '../../exports/pdf';
import { fill, messages } from '../../../domain/messages';
import type { AttestationFacts } from './repository';
import { anneeLibelle } from '../../../domain/workflow';

/** `2026-09-01` → `01/09/2026`. */
const frDate = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

/** 12500 → `12 500` (a plain space: the standard PDF fonts have no narrow no-break space). */
export const frAmount = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export async function certificatePdf(
  facts: AttestationFacts,
  checkUrl: string,
  now = new Date(),
): Promise<Buffer> {
  const [PDFDocument, { default: QRCode }] = await Promise.all([loadPdfkit(), import('qrcode')]);
  const qr = await QRCode.toBuffer(checkUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const annee = anneeLibelle(facts.anneeDebut);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${messages.attestationPdfTitre} ${facts.codeVerification}`, Author: messages.appSigle },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(11).text(messages.piedDePage, { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(18).text(messages.attestationPdfTitre, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(12).text(`${messages.attestationPdfAnnee} ${annee}`, { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(11).text(messages.attestationPdfIntro);
  doc.moveDown(0.8);

  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label} : `, { continued: true });
    doc.font('Helvetica').text(value);
    doc.moveDown(0.2);
  };
  line(messages.attestationPdfEtudiant, `${facts.nomEtudiant} ${facts.prenomEtudiant}`);
  line(messages.attestationPdfIne, facts.ine);
  if (facts.dateNaissance)
    line(
      messages.attestationPdfNaissance,
      `${frDate(facts.dateNaissance)}${facts.lieuNaissance ? ` (${facts.lieuNaissance})` : ''}`,
    );
  line(messages.attestationPdfSession, `${annee} — ${facts.libelleDirection}`);
  doc.moveDown(0.5);
  line(messages.attestationPdfCite, facts.nomCite);
  line(messages.attestationPdfBatiment, facts.libelleBatiment);
  line(messages.attestationPdfNiveau, facts.libelleNiveau);
  line(messages.attestationPdfCouloir, facts.libelleCouloir);
  line(messages.attestationPdfChambre, facts.libelleChambre);
  line(messages.attestationPdfLit, facts.libelleLit);
  line(
    messages.attestationPdfMontant,
    fill(messages.attestationPdfMontantValeur, { montant: frAmount(facts.montantChambre) }),
  );
  doc.moveDown(0.5);
  line(messages.attestationPdfCode, facts.codeVerification);

  if (!facts.valide) {
    doc.moveDown(0.5);
    doc
      .font('Helvetica-Bold')
      .fillColor('#b00020')
      .text(fill(messages.attestationPdfAnnulee, { date: frDate(facts.dateAnnulation) }));
    doc.fillColor('black');
  }

  doc.moveDown(1);
  const y = doc.y;
  doc.image(qr, doc.page.margins.left, y, { width: 130 });
  const width = doc.page.width - doc.page.margins.right - doc.page.margins.left - 150;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(messages.attestationPdfVerifier, doc.page.margins.left + 150, y + 20, {
      width,
    });
  // The address on a line of its own, small enough to stay whole (pdftotext and people read it).
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
  doc.text(fill(messages.attestationPdfDelivree, { date: today }));
  doc.end();
  return done;
}
