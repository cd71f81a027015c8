import { frenchDay } from '../../domain/format';
/**
 * The one-page A4 documents that carry a QR code of their public check page (docs/assignment.md, the
 * housing certificate; docs/rent.md#receipts, a payment's receipt), written with pdfkit: the CENOU's
 * name, a title and the line under it, an introduction, the document's own `label : value` lines,
 * then the QR code beside its explanation and the check page's address, and the day it was issued
 * (as read in Ouagadougou). Texts come from the callers (the catalogue).
 */
import type PDFKit from 'pdfkit';
import { fill, messages } from '../../domain/messages';
import { loadPdfkit } from './pdf';

/** `2026-09-01…` → `01/09/2026`. */
export const frDate = (iso: string | null) => (iso ? frenchDay(iso) : '');

/** What the document's own part writes with: the page, and a `label : value` line. */
interface CheckedPdfWriter {
  doc: PDFKit.PDFDocument;
  line(label: string, value: string): void;
}

export async function checkedPdf(p: {
  /** The document's metadata title. */
  infoTitle: string;
  title: string;
  subtitle: string;
  intro: string;
  /** The document's own lines, between the introduction and the QR code. */
  body: (w: CheckedPdfWriter) => void;
  checkUrl: string;
  /** Beside the QR code: what it is for. */
  checkText: string;
  /** The last line, with `{date}`: the day it was issued. */
  issued: string;
  now: Date;
}): Promise<Buffer> {
  const [PDFDocument, { default: QRCode }] = await Promise.all([loadPdfkit(), import('qrcode')]);
  const qr = await QRCode.toBuffer(p.checkUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: p.infoTitle, Author: messages.appSigle },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(11).text(messages.piedDePage, { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(18).text(p.title, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(12).text(p.subtitle, { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(11).text(p.intro);
  doc.moveDown(0.8);

  p.body({
    doc,
    line(label, value) {
      doc.font('Helvetica-Bold').text(`${label} : `, { continued: true });
      doc.font('Helvetica').text(value);
      doc.moveDown(0.2);
    },
  });

  doc.moveDown(1);
  const y = doc.y;
  doc.image(qr, doc.page.margins.left, y, { width: 130 });
  const width = doc.page.width - doc.page.margins.right - doc.page.margins.left - 150;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(p.checkText, doc.page.margins.left + 150, y + 20, { width });
  // The address on a line of its own, small enough to stay whole (pdftotext and people read it).
  doc.moveDown(0.3);
  doc
    .font('Courier')
    .fontSize(p.checkUrl.length > 60 ? 7 : 9)
    .text(p.checkUrl, { width, lineBreak: false });
  doc.font('Helvetica').fontSize(10);
  doc.x = doc.page.margins.left;
  doc.y = Math.max(doc.y, y + 140);
  doc.moveDown(0.5);
  const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Ouagadougou' }).format(p.now);
  doc.text(fill(p.issued, { date: today }));
  doc.end();
  return done;
}
