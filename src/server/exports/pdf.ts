import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type PDFKit from 'pdfkit';
import { fill, messages } from '../../domain/messages';
import { exportFileName, pace } from './writers';
import { FILE_TYPES } from './file-types';

/**
 * pdfkit, loaded on the first PDF (about 30 MB of memory: most instances never write one). One
 * loader for the table writer and the certificate.
 */
export const loadPdfkit = async (): Promise<typeof PDFKit> => (await import('pdfkit')).default;

/**
 * The PDF table writer (docs/api.md#exports), beside the CSV and XLSX ones: landscape A4, the title on
 * every page, 'Page n / N' at the foot, a table whose rows all have one height (long text is cut
 * with an ellipsis) so that N is known before the first page is written and the document is
 * streamed page by page instead of being held in memory.
 */
export interface PdfColumn {
  key: string;
  label: string;
  /** Share of the table's width (the shares are normalised). */
  width: number;
  align?: 'left' | 'right' | 'center';
  /** How a value is written (default: its text; null is empty). */
  format?: (value: unknown) => string;
}

export interface PdfTableSpec {
  title: string;
  /** File name prefix: `<prefix>_<YYYYMMDD_HHmmss>.pdf`. */
  prefix: string;
  columns: PdfColumn[];
  /** The number of rows (the page count is written on every page). */
  total: number;
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;
}

const MARGIN = 36;
const ROW_HEIGHT = 18;
const HEADER_HEIGHT = 22;
const TITLE_HEIGHT = 34;
const FOOTER_HEIGHT = 24;
const FONT_SIZE = 9;
// A4 landscape, in points.
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;

/** Rows on one page. */
export const PDF_ROWS_PER_PAGE = Math.floor(
  (PAGE_HEIGHT - 2 * MARGIN - TITLE_HEIGHT - HEADER_HEIGHT - FOOTER_HEIGHT) / ROW_HEIGHT,
);

export const pdfPageCount = (total: number) => Math.max(1, Math.ceil(total / PDF_ROWS_PER_PAGE));

/**
 * Writes the table to `out` (a stream), page after page. pdfkit pushes each finished page into its
 * own buffer whether or not `out` is read: before each new page the writer waits while `out` is
 * full (`pace`), so that a slow client holds back the rows, not pages of PDF in memory.
 */
export async function writePdfTable(spec: PdfTableSpec, out: Writable): Promise<void> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: spec.title, Producer: 'CENOU', Creator: 'CENOU' },
  });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('close', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);
  const pages = pdfPageCount(spec.total);
  const tableWidth = PAGE_WIDTH - 2 * MARGIN;
  const shares = spec.columns.reduce((s, c) => s + c.width, 0);
  const widths = spec.columns.map((c) => (c.width / shares) * tableWidth);
  let page = 0;
  let y = 0;

  const cells = (values: string[], top: number, bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    let x = MARGIN;
    values.forEach((text, i) => {
      doc.text(text, x + 3, top + 5, {
        width: widths[i] - 6,
        height: ROW_HEIGHT - 4,
        align: spec.columns[i].align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += widths[i];
    });
  };
  const newPage = () => {
    doc.addPage();
    page += 1;
    doc.font('Helvetica-Bold').fontSize(14).text(spec.title, MARGIN, MARGIN, {
      width: tableWidth,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
    });
    y = MARGIN + TITLE_HEIGHT;
    doc.rect(MARGIN, y, tableWidth, HEADER_HEIGHT).fillAndStroke('#e8eef5', '#8a9bb0');
    doc.fillColor('#000');
    cells(
      spec.columns.map((c) => c.label),
      y + 2,
      true,
    );
    y += HEADER_HEIGHT;
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .text(fill(messages.pdfPage, { n: page, total: pages }), MARGIN, PAGE_HEIGHT - MARGIN - 12, {
        width: tableWidth,
        align: 'right',
        lineBreak: false,
      });
  };

  newPage();
  let onPage = 0;
  for await (const row of spec.rows) {
    if (onPage === PDF_ROWS_PER_PAGE) {
      await pace(out);
      newPage();
      onPage = 0;
    }
    if (onPage % 2 === 1) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#f5f7fa').fillColor('#000');
    cells(
      spec.columns.map((c) => {
        const v = row[c.key];
        if (c.format) return c.format(v);
        return v === null || v === undefined ? '' : String(v);
      }),
      y,
      false,
    );
    y += ROW_HEIGHT;
    onPage += 1;
  }
  doc.end();
  await done;
}

/** Answers the request with the PDF as a download (`Content-Disposition: attachment`), streamed. */
export function sendPdf(reply: FastifyReply, spec: PdfTableSpec) {
  reply.header('Content-Disposition', `attachment; filename="${exportFileName(spec.prefix, 'pdf')}"`);
  reply.header('Cache-Control', 'no-store');
  reply.type(FILE_TYPES.pdf);
  const out = new PassThrough();
  writePdfTable(spec, out).catch((err) => out.destroy(err as Error));
  return reply.send(out);
}
