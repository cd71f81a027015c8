import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type PDFKit from 'pdfkit';
import { fill, messages } from '../../domain/messages';
import { fieldEnumLabel } from '../../domain/messages-labels';
import { formatFcfa } from '../../domain/money';
import {
  addToTotals,
  booleanText,
  exportFileName,
  frenchDate,
  untypedDateText,
  pace,
  type CellKey,
  type ExportColumn,
  type ExportTotals,
} from './writers';
import { FILE_TYPES } from './file-types';

/**
 * pdfkit, loaded on the first PDF (about 30 MB of memory: most instances never write one). One
 * loader for the table writer and the certificate.
 */
export const loadPdfkit = async (): Promise<typeof PDFKit> => (await import('pdfkit')).default;

/**
 * The PDF table writer (docs/api.md#exports), beside the CSV and XLSX ones: landscape A4, the title on
 * every page (and a line under it: a mark such as 'Provisoire — aperçu non publié', or a subtitle),
 * 'Page n / N' at the foot, and a table whose columns are sized by their content: the widest text
 * of each column (over the first `PDF_SAMPLE_ROWS` rows) is measured, and the page's width shared
 * out so that every column holds its text on one line; only when the page cannot hold them all do
 * the widest columns wrap onto two or three lines. Every row has one height, chosen before the
 * first page, so that N is known before the first page is written and the document is streamed
 * page by page instead of being held in memory. A later row wider than its column wraps within the
 * row's lines, then is written smaller; it is cut (with an ellipsis) only past all that.
 */
export interface PdfColumn<Row = Record<string, unknown>> {
  /** The row's key (a list's typed row: src/server/exports/writers.ts, `ExportColumn`). */
  key: CellKey<Row>;
  label: string;
  align?: 'left' | 'right' | 'center';
  /** How a value is written (default: its text; null is empty). */
  format?: (value: unknown) => string;
}

/** A day or a moment of a row (`YYYY-MM-DD`, ISO text or a Date) as a Date; null if none. */
function dateValue(v: unknown, day: boolean): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(day && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** How a PDF cell writes a value of an export column's type (null and undefined: an empty cell). */
function pdfFormat<Row>(c: ExportColumn<Row>): ((v: unknown) => string) | undefined {
  const blank = (f: (v: unknown) => string) => (v: unknown) =>
    v === null || v === undefined || v === '' ? '' : f(v);
  if (c.amount) return blank((v) => formatFcfa(Number(v), { plain: true }));
  switch (c.type) {
    case 'integer':
      return blank((v) => String(v));
    case 'number':
      return blank((v) => String(v).replace('.', ','));
    case 'date':
    case 'datetime':
      return blank((v) => {
        const d = dateValue(v, c.type === 'date');
        return d ? frenchDate(d, c.type === 'datetime') : String(v as string);
      });
    // The XLSX's text (« Oui » or « Non »): a blank cell would read as unknown, not as « Non ».
    case 'boolean':
      return (v) => (v === null || v === undefined ? '' : booleanText(v));
    case 'enum':
      return blank((v) => fieldEnumLabel(c.key, String(v as string)));
    default:
      // A day or a moment in an untyped column (a list whose dates are days on some rows and
      // moments on others) written as the CSV and the XLSX write it.
      return (v) => untypedDateText(v) ?? (v === null || v === undefined ? '' : String(v as string));
  }
}

/**
 * A list's PDF columns from the one column list its CSV and XLSX are written from, so that the
 * files of a list never carry different columns: each column's label (its `pdfLabel` when the PDF
 * names it shorter), numbers right-aligned (an amount written `12 500`, never wrapped), days and
 * moments `29/11/2026` and `29/11/2026 14:05`, enumerations in words, a boolean « Oui » or « Non » as in the XLSX.
 */
export function pdfColumnsOf<Row>(columns: readonly ExportColumn<Row>[]): PdfColumn<Row>[] {
  return columns.map((c) => {
    const format = pdfFormat(c);
    const right = c.amount || c.type === 'integer' || c.type === 'number';
    return {
      key: c.key,
      label: c.pdfLabel ?? c.label,
      ...(right ? { align: 'right' as const } : {}),
      ...(format ? { format } : {}),
    };
  });
}

interface PdfTableSpec<Row> {
  title: string;
  /** File name prefix: `<prefix>_<YYYYMMDD_HHmmss>.pdf`. */
  prefix: string;
  columns: readonly PdfColumn<Row>[];
  /** The number of rows (the page count is written on every page). */
  total: number;
  rows: Iterable<Row> | AsyncIterable<Row>;
  /** A line under the title on every page (who, when). */
  subtitle?: string;
  /** A warning under the title on every page, in red in a frame (a preview: 'Provisoire — …'). */
  mark?: string;
  /** A last row, in bold: the sums of these columns over every row (written with each column's `format`). */
  totals?: ExportTotals<Row>;
}

const MARGIN = 36;
/** A row of one line; each further line adds `LINE_HEIGHT`. */
const ROW_HEIGHT = 18;
const HEADER_HEIGHT = 22;
const TITLE_HEIGHT = 34;
const NOTE_HEIGHT = 20;
const FOOTER_HEIGHT = 24;
const FONT_SIZE = 9;
/** The smallest size the whole table is written at to hold every column's longest word. */
const MIN_TABLE_FONT_SIZE = 7;
/** The smallest size a cell's text is written at before it is cut. */
const MIN_FONT_SIZE = 6;
/** A line of 9 pt Helvetica (pdfkit's line height for that size, rounded up). */
const LINE_HEIGHT = 10.5;
/** The space between a cell's text and its column's edges. */
const PAD = 4;
/** The most lines a row or the header may take. */
const MAX_LINES = 3;
// A4 landscape, in points.
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
const TABLE_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Rows measured to size the columns (a larger export: its first rows stand for the rest). */
const PDF_SAMPLE_ROWS = 1000;

/** Rows on one page of one-line rows, without a line under the title. */
export const PDF_ROWS_PER_PAGE = rowsPerPage(1, 1, false);

function rowsPerPage(rowLines: number, headerLines: number, note: boolean): number {
  const free =
    PAGE_HEIGHT -
    2 * MARGIN -
    TITLE_HEIGHT -
    (note ? NOTE_HEIGHT : 0) -
    (HEADER_HEIGHT + (headerLines - 1) * LINE_HEIGHT) -
    FOOTER_HEIGHT;
  return Math.floor(free / (ROW_HEIGHT + (rowLines - 1) * LINE_HEIGHT));
}

/** What the writer decided before the first page: where each column lies, the rows' and header's lines. */
export interface PdfLayout {
  /** Each column's width in points (they sum to the table's width). */
  widths: number[];
  /** Each column's left edge. */
  lefts: number[];
  rowLines: number;
  headerLines: number;
  /** The table's text size: 9 pt, smaller when the page cannot hold every column's longest word. */
  fontSize: number;
  /** Whether every column holds its longest word (no word broken inside) at `fontSize`. */
  fits: boolean;
  rowsPerPage: number;
  pages: number;
}

/** How text is measured (pdfkit's `widthOfString` and `heightOfString` in the document's fonts). */
export interface Measure {
  width(text: string, bold: boolean, size?: number): number;
  /** Lines `text` takes when wrapped at `width`. */
  lines(text: string, bold: boolean, width: number, size?: number): number;
}

function pdfkitMeasure(doc: PDFKit.PDFDocument): Measure {
  const font = (bold: boolean, size = FONT_SIZE) =>
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
  return {
    width: (text, bold, size) => font(bold, size).widthOfString(text),
    lines: (text, bold, width, size) => {
      if (text === '') return 1;
      const d = font(bold, size);
      return Math.max(
        1,
        Math.round(d.heightOfString(text, { width, lineGap: 0 }) / d.currentLineHeight(false)),
      );
    },
  };
}

const longestWord = (m: Measure, text: string, bold: boolean) =>
  // Lines break at spaces and after a hyphen (pdfkit's breaks: « Kaboré-Ouédraogo- » then
  // « Zoungrana »); a no-break space (inside an amount, before a colon) joins.
  Math.max(
    0,
    ...text
      .split(/[ \t\r\n]+/)
      .flatMap((w) => w.split(/(?<=-)/))
      .map((w) => m.width(w, bold)),
  );

/**
 * Shares the table's width among the columns by their content (`texts[i]`: column i's sampled
 * texts). Each column needs its widest text on one line (its label may wrap between words). When
 * they all fit, the space left goes first to the labels that would wrap, then to every column in
 * proportion; when they do not, the columns narrower than an even share keep their width and the
 * widest share what is left in proportion, their texts wrapping.
 */
function layoutColumns<Row>(
  measure: Measure,
  columns: readonly PdfColumn<Row>[],
  texts: string[][],
  note: boolean,
  total: number,
  size = FONT_SIZE,
): PdfLayout {
  // Every text measured at the table's size.
  const m: Measure = {
    width: (t, bold, s) => measure.width(t, bold, s ?? size),
    lines: (t, bold, w, s) => measure.lines(t, bold, w, s ?? size),
  };
  let fits = true;
  const n = columns.length;
  const cellMax = texts.map((col) => Math.max(0, ...col.map((t) => m.width(t, false))));
  const need = columns.map((c, i) => Math.max(cellMax[i], longestWord(m, c.label, true)) + 2 * PAD);
  const labelFull = columns.map((c) => m.width(c.label, true) + 2 * PAD);
  const sum = need.reduce((a, b) => a + b, 0);
  let widths: number[];
  if (sum <= TABLE_WIDTH) {
    widths = [...need];
    let extra = TABLE_WIDTH - sum;
    const want = widths.map((w, i) => Math.max(0, labelFull[i] - w));
    const wanted = want.reduce((a, b) => a + b, 0);
    const give = wanted <= extra ? 1 : extra / wanted;
    widths = widths.map((w, i) => w + want[i] * give);
    extra -= wanted * give;
    const now = widths.reduce((a, b) => a + b, 0);
    widths = widths.map((w) => w + (extra * w) / now);
  } else {
    // Water-filling: fix the columns that need less than an even share of what is left.
    const fixed = new Array<boolean>(n).fill(false);
    let left = TABLE_WIDTH;
    for (let changed = true; changed;) {
      changed = false;
      const open = fixed.filter((f) => !f).length;
      for (let i = 0; i < n; i++)
        if (!fixed[i] && need[i] <= left / open) {
          fixed[i] = true;
          left -= need[i];
          changed = true;
        }
    }
    const openNeed = need.reduce((a, w, i) => a + (fixed[i] ? 0 : w), 0);
    widths = need.map((w, i) => (fixed[i] ? w : (w * left) / openNeed));
    // A word is never cut: a wrapping column narrower than its longest word (an INE, a reference)
    // takes that width from the other wrapping columns that have more than their own longest word,
    // in proportion. An amount (a right-aligned column) is one word: it never wraps.
    const floor = columns.map((c, i) =>
      c.align === 'right'
        ? need[i]
        : Math.max(longestWord(m, c.label, true), ...texts[i].map((t) => longestWord(m, t, false))) + 2 * PAD,
    );
    const short = widths.map((w, i) => (fixed[i] ? 0 : Math.max(0, floor[i] - w)));
    const deficit = short.reduce((a, b) => a + b, 0);
    const slack = widths.map((w, i) => (fixed[i] ? 0 : Math.max(0, w - floor[i])));
    const spare = slack.reduce((a, b) => a + b, 0);
    if (deficit > 0 && spare >= deficit)
      widths = widths.map((w, i) => (short[i] > 0 ? floor[i] : w - (slack[i] * deficit) / spare));
    else if (deficit > 0) fits = false;
  }
  const lefts: number[] = [];
  let x = MARGIN;
  for (const w of widths) {
    lefts.push(x);
    x += w;
  }
  const linesOf = (t: string, i: number, bold: boolean) =>
    Math.min(MAX_LINES, m.lines(t, bold, widths[i] - 2 * PAD));
  const headerLines = Math.max(1, ...columns.map((c, i) => linesOf(c.label, i, true)));
  let rowLines = 1;
  texts.forEach((col, i) => {
    if (cellMax[i] + 2 * PAD <= widths[i] + 0.01) return;
    for (const t of col)
      if (m.width(t, false) + 2 * PAD > widths[i]) rowLines = Math.max(rowLines, linesOf(t, i, false));
  });
  const perPage = rowsPerPage(rowLines, headerLines, note);
  return {
    widths,
    lefts,
    rowLines,
    headerLines,
    fontSize: size,
    fits,
    rowsPerPage: perPage,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** A cell's text: its column's value written by the column's `format` (a sum of the totals row too). */
const cellText = <Row>(c: PdfColumn<Row>, v: unknown) => {
  if (c.format) return c.format(v);
  return v === null || v === undefined ? '' : String(v);
};

/** The first `n` rows of `rows`, and all the rows again (those first ones, then the rest). */
async function sample<Row>(
  rows: Iterable<Row> | AsyncIterable<Row>,
  n: number,
): Promise<{ head: Row[]; all: AsyncIterable<Row> }> {
  const it = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const head: Row[] = [];
  let ended = false;
  while (head.length < n) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
  }
  async function* all() {
    yield* head;
    if (ended) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, all: all() };
}

/**
 * Writes the table to `out` (a stream), page after page. pdfkit pushes each finished page into its
 * own buffer whether or not `out` is read: before each new page the writer waits while `out` is
 * full (`pace`), so that a slow client holds back the rows, not pages of PDF in memory. Answers the
 * layout it chose (the tests compare the text with it).
 */
export async function writePdfTable<Row>(spec: PdfTableSpec<Row>, out: Writable): Promise<PdfLayout> {
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
  const measure = pdfkitMeasure(doc);
  const { head, all } = await sample(spec.rows, PDF_SAMPLE_ROWS);
  const note = spec.mark ?? spec.subtitle;
  // A totals row is measured too, before its sums are known: the sampled rows' sum, scaled to
  // every row and given one more digit (its text is bold, a little wider), stands for it.
  const headSums = new Map<string, number>();
  for (const row of head) addToTotals(headSums, spec.totals, row);
  const scale = Math.max(1, spec.total / Math.max(1, head.length)) * 10;
  const totalTexts = (c: PdfColumn<Row>): string[] =>
    spec.totals?.keys.includes(c.key)
      ? [cellText(c, Math.round(Math.abs(headSums.get(c.key) ?? 0) * scale))]
      : [];
  const texts = spec.columns.map((c) => [...head.map((row) => cellText(c, row[c.key])), ...totalTexts(c)]);
  const layoutAt = (size: number) =>
    layoutColumns(measure, spec.columns, texts, note !== undefined, spec.total + (spec.totals ? 1 : 0), size);
  // A page too narrow for every column's longest word (many columns, long names): the whole table
  // a little smaller, down to 7 pt, rather than words broken inside.
  let layout = layoutAt(FONT_SIZE);
  for (let size = FONT_SIZE - 0.5; !layout.fits && size >= MIN_TABLE_FONT_SIZE; size -= 0.5)
    layout = layoutAt(size);
  const { widths, lefts, pages } = layout;
  const rowHeight = ROW_HEIGHT + (layout.rowLines - 1) * LINE_HEIGHT;
  const headerHeight = HEADER_HEIGHT + (layout.headerLines - 1) * LINE_HEIGHT;
  let page = 0;
  let y = 0;

  /**
   * One cell: on one line when it fits; else wrapped within the row's lines; else smaller, down
   * to `MIN_FONT_SIZE`; cut with an ellipsis only past that.
   */
  const cell = (text: string, i: number, top: number, height: number, lines: number, bold: boolean) => {
    const inner = widths[i] - 2 * PAD;
    const align = spec.columns[i].align ?? 'left';
    let size = layout.fontSize;
    let wrap = false;
    if (measure.width(text, bold, size) > inner) {
      wrap = lines > 1 && measure.lines(text, bold, inner, size) <= lines;
      while (!wrap && size > MIN_FONT_SIZE) {
        size -= 0.5;
        if (measure.width(text, bold, size) <= inner) break;
        wrap = lines > 1 && measure.lines(text, bold, inner, size) <= lines;
      }
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const used = wrap
      ? measure.lines(text, bold, inner, size) * doc.currentLineHeight(false)
      : doc.currentLineHeight(false);
    doc.text(text, lefts[i] + PAD, top + Math.max(2, (height - used) / 2), {
      width: inner,
      height: height - 2,
      align,
      lineBreak: wrap,
      lineGap: 0,
      ellipsis: true,
    });
  };
  const cells = (values: string[], top: number, height: number, lines: number, bold: boolean) =>
    values.forEach((text, i) => cell(text, i, top, height, lines, bold));

  const newPage = () => {
    doc.addPage();
    page += 1;
    doc.fillColor('#000').font('Helvetica-Bold').fontSize(14).text(spec.title, MARGIN, MARGIN, {
      width: TABLE_WIDTH,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
    });
    y = MARGIN + TITLE_HEIGHT;
    if (spec.mark !== undefined) {
      doc
        .rect(MARGIN, y - 4, TABLE_WIDTH, NOTE_HEIGHT - 4)
        .lineWidth(1)
        .stroke('#b00020');
      doc.fillColor('#b00020').font('Helvetica-Bold').fontSize(10).text(spec.mark, MARGIN, y, {
        width: TABLE_WIDTH,
        align: 'center',
        lineBreak: false,
      });
      doc.fillColor('#000');
      y += NOTE_HEIGHT;
    } else if (spec.subtitle !== undefined) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(spec.subtitle, MARGIN, y - 2, {
          width: TABLE_WIDTH,
          align: 'center',
          lineBreak: false,
        });
      y += NOTE_HEIGHT;
    }
    doc.rect(MARGIN, y, TABLE_WIDTH, headerHeight).fillAndStroke('#e8eef5', '#8a9bb0');
    // The columns' edges, drawn in the header: a reader sees where each column lies.
    doc.lineWidth(0.5).strokeColor('#8a9bb0');
    for (const x of [...lefts, MARGIN + TABLE_WIDTH])
      doc
        .moveTo(x, y)
        .lineTo(x, y + headerHeight)
        .stroke();
    doc.fillColor('#000');
    cells(
      spec.columns.map((c) => c.label),
      y,
      headerHeight,
      layout.headerLines,
      true,
    );
    y += headerHeight;
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .text(fill(messages.pdfPage, { n: page, total: pages }), MARGIN, PAGE_HEIGHT - MARGIN - 12, {
        width: TABLE_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  };

  newPage();
  let onPage = 0;
  const sums = new Map<string, number>();
  for await (const row of all) {
    if (onPage === layout.rowsPerPage) {
      await pace(out);
      newPage();
      onPage = 0;
    }
    addToTotals(sums, spec.totals, row);
    if (onPage % 2 === 1) doc.rect(MARGIN, y, TABLE_WIDTH, rowHeight).fill('#f5f7fa').fillColor('#000');
    cells(
      spec.columns.map((c) => cellText(c, row[c.key])),
      y,
      rowHeight,
      layout.rowLines,
      false,
    );
    y += rowHeight;
    onPage += 1;
  }
  if (spec.totals) {
    if (onPage === layout.rowsPerPage) newPage();
    const { label, keys } = spec.totals;
    // A rule above the totals: they read apart from the last row.
    doc
      .lineWidth(1)
      .strokeColor('#8a9bb0')
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + TABLE_WIDTH, y)
      .stroke();
    doc.fillColor('#000');
    cells(
      spec.columns.map((c, i) =>
        keys.includes(c.key) ? cellText(c, sums.get(c.key) ?? 0) : i === 0 ? label : '',
      ),
      y,
      rowHeight,
      layout.rowLines,
      true,
    );
  }
  doc.end();
  await done;
  return layout;
}

/** Answers the request with the PDF as a download (`Content-Disposition: attachment`), streamed. */
export function sendPdf<Row>(reply: FastifyReply, spec: PdfTableSpec<Row>) {
  reply.header('Content-Disposition', `attachment; filename="${exportFileName(spec.prefix, 'pdf')}"`);
  reply.header('Cache-Control', 'no-store');
  reply.type(FILE_TYPES.pdf);
  const out = new PassThrough();
  writePdfTable(spec, out).catch((err: unknown) => out.destroy(err as Error));
  return reply.send(out);
}
