import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { requireProgram } from './system-packages';

/**
 * Reads a PDF back the way a person sees it, with pdf.js (already the product's viewer), so the
 * tests need no system tool: each page's size in points and its text, one line per row of text
 * (items of one baseline joined by a space, left to right), pages separated by a form feed.
 */
export interface PdfRead {
  pages: { width: number; height: number; lines: string[] }[];
  /** Every page's lines, joined by `\n`; pages joined by `\f`. */
  text: string;
}

interface Item {
  str: string;
  transform: number[];
}

export async function readPdf(bytes: Uint8Array | Buffer): Promise<PdfRead> {
  const data = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const pages: PdfRead['pages'] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view;
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; str: string }[]>();
      for (const raw of content.items) {
        const item = raw as Partial<Item>;
        if (typeof item.str !== 'string' || !item.transform || item.str.trim() === '') continue;
        const y = Math.round(item.transform[5]);
        // Items a point or so apart in height stand on the same line.
        const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 1.5) ?? y;
        const row = rows.get(key) ?? [];
        row.push({ x: item.transform[4], str: item.str.trim() });
        rows.set(key, row);
      }
      const lines = [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((r) => r.str)
            .join(' '),
        );
      pages.push({ width: x1 - x0, height: y1 - y0, lines });
      page.cleanup();
    }
    return { pages, text: pages.map((p) => p.lines.join('\n')).join('\f') };
  } finally {
    await doc.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// A PDF read back as a person sees it: rendered to images, and each table cell's text against its
// column (issue 21).

/** A line of text on a page, where it stands (points, from the page's top-left) and how wide it is. */
export interface PdfText {
  str: string;
  x: number;
  /** The baseline, from the top of the page. */
  y: number;
  width: number;
}

/** A page's text and its table's columns (the vertical rules the table writer draws in its header). */
export interface PdfPageLayout {
  width: number;
  height: number;
  texts: PdfText[];
  /** The columns' edges, left to right (none: the page has no table). */
  edges: number[];
  /** The top and bottom of the rules (the table's header). */
  headerTop: number;
  headerBottom: number;
}

export async function readPdfLayout(bytes: Uint8Array | Buffer): Promise<PdfPageLayout[]> {
  const data = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const out: PdfPageLayout[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view;
      const height = y1 - y0;
      const content = await page.getTextContent();
      const texts: PdfText[] = [];
      for (const raw of content.items) {
        const item = raw as Partial<Item> & { width?: number };
        if (typeof item.str !== 'string' || !item.transform || item.str.trim() === '') continue;
        texts.push({
          str: item.str,
          x: item.transform[4],
          y: height - item.transform[5],
          width: item.width ?? 0,
        });
      }
      // pdf.js hands each path with its bounding box: a vertical rule is a box of no width. pdfkit
      // draws in a flipped space (y from the top), as the page's first transform says.
      const ops = await page.getOperatorList();
      const xs = new Set<number>();
      let headerTop = Infinity;
      let headerBottom = -Infinity;
      ops.fnArray.forEach((fn, i) => {
        if (fn !== OPS.constructPath) return;
        const box = (ops.argsArray[i] as unknown[])[2] as ArrayLike<number> | null;
        if (!box || Math.abs(box[0] - box[2]) > 0.01 || Math.abs(box[3] - box[1]) < 5) return;
        xs.add(Math.round(box[0] * 100) / 100);
        headerTop = Math.min(headerTop, box[1], box[3]);
        headerBottom = Math.max(headerBottom, box[1], box[3]);
      });
      out.push({
        width: x1 - x0,
        height,
        texts,
        edges: [...xs].sort((a, b) => a - b),
        headerTop,
        headerBottom,
      });
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** A text that does not fit where it stands. */
export interface CutText {
  page: number;
  str: string;
  why: string;
}

/** The foot of a page (points from its bottom) where the table writer writes 'Page n / N'. */
const FOOT = 45;

/** How far a text may pass an edge (rounding of widths). */
const SLACK = 0.75;

/**
 * The texts cut by their cell, as a reader would see them: in a table (below the top of its
 * header), a text must lie within one column, its left edge to its right; no text anywhere ends
 * with an ellipsis (a cut text: pdfkit's `ellipsis` writes '…'), holds a letter its font could not
 * show (a '?' inside a word), or leaves the page.
 */
export function cutTexts(pages: PdfPageLayout[]): CutText[] {
  const cut: CutText[] = [];
  pages.forEach((p, i) => {
    for (const t of p.texts) {
      const at = { page: i + 1, str: t.str };
      if (/…\s*$/.test(t.str)) cut.push({ ...at, why: 'ends with an ellipsis' });
      // A letter the font could not show: written '?' (or U+FFFD) in a word ('?uvres' for 'œuvres').
      if (/\uFFFD|\p{L}\?\p{L}|(^|\s)\?\p{Ll}/u.test(t.str))
        cut.push({ ...at, why: 'a character the font could not show' });
      if (t.x < -SLACK || t.x + t.width > p.width + SLACK)
        cut.push({ ...at, why: `leaves the page (${t.x.toFixed(1)}–${(t.x + t.width).toFixed(1)})` });
      // Within the table: below its header's top, above the page's foot ('Page n / N').
      if (p.edges.length < 2 || t.y < p.headerTop || t.y > p.height - FOOT) continue;
      const left = p.edges[0];
      const right = p.edges[p.edges.length - 1];
      if (t.x < left - SLACK || t.x > right) continue; // beside the table (the page number's line is within it)
      const col = p.edges.findIndex(
        (e, k) => k < p.edges.length - 1 && t.x >= e - SLACK && t.x < p.edges[k + 1],
      );
      const end = p.edges[col + 1];
      if (t.x + t.width > end + SLACK)
        cut.push({
          ...at,
          why: `passes its column's right edge (${(t.x + t.width).toFixed(1)} > ${end.toFixed(1)}, column ${col + 1})`,
        });
    }
  });
  return cut;
}

/** Debian's poppler-utils (scripts/ensure-system-packages.mjs installs it). */
const PDFINFO = '/usr/bin/pdfinfo';
const PDFTOPPM = '/usr/bin/pdftoppm';

/** Where the rendered pages are written (git-ignored), to be looked at. */
export const PDF_RENDER_DIR = path.resolve('.test-output/pdf');

/**
 * Renders every page to a PNG with Debian's poppler (`pdftoppm`, as a reader's viewer would) into
 * `.test-output/pdf/<name>-<n>.png`, and answers the files in page order. `pdftoppm` fails on a PDF
 * it cannot read; `pdfinfo` gives the page count the files are checked against by the caller.
 */
export function renderPdf(
  bytes: Uint8Array | Buffer,
  name: string,
  dpi = 60,
): { pages: number; pngs: string[] } {
  requireProgram(PDFINFO, '-v', 'poppler-utils');
  requireProgram(PDFTOPPM, '-v', 'poppler-utils');
  mkdirSync(PDF_RENDER_DIR, { recursive: true });
  const file = path.join(PDF_RENDER_DIR, `${name}.pdf`);
  writeFileSync(file, bytes);
  for (const old of readdirSync(PDF_RENDER_DIR))
    if (old.startsWith(`${name}-`) && old.endsWith('.png')) rmSync(path.join(PDF_RENDER_DIR, old));
  const info = execFileSync(PDFINFO, [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? NaN);
  execFileSync(PDFTOPPM, ['-r', String(dpi), '-png', file, path.join(PDF_RENDER_DIR, name)]);
  const pngs = readdirSync(PDF_RENDER_DIR)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)![1]) - Number(/-(\d+)\.png$/.exec(b)![1]))
    .map((f) => path.join(PDF_RENDER_DIR, f));
  return { pages, pngs };
}

/**
 * A PDF checked as a reader would: it renders (every page an image, as many as it has pages) and
 * no text is cut by its cell. Answers the read-back pages for further checks.
 */
export async function checkPdfReadable(
  bytes: Uint8Array | Buffer,
  name: string,
): Promise<{ pages: PdfPageLayout[]; pngs: string[]; cut: CutText[] }> {
  const { pages: count, pngs } = renderPdf(bytes, name);
  const pages = await readPdfLayout(bytes);
  if (count !== pages.length || pngs.length !== count)
    throw new Error(
      `${name}: pdfinfo says ${count} pages, pdf.js ${pages.length}, pdftoppm wrote ${pngs.length}`,
    );
  for (const png of pngs) {
    const head = readFileSync(png).subarray(0, 8);
    if (!head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
      throw new Error(`${png} is not a PNG`);
  }
  return { pages, pngs, cut: cutTexts(pages) };
}

// ---------------------------------------------------------------------------------------------
// A QR code in a PDF, checked against the text it should hold.

/**
 * The images a PDF's first page paints, decoded by pdf.js: width, height and pixels (1, 3 or 4
 * bytes each, as pdf.js keeps them).
 */
async function pageImages(
  bytes: Uint8Array | Buffer,
): Promise<{ width: number; height: number; data: Uint8ClampedArray | Uint8Array; kind: number }[]> {
  const data = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    const out = [];
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
      const name = ops.argsArray[i][0] as string;
      const img = await new Promise<{ width: number; height: number; data: Uint8Array; kind: number }>(
        (resolve) => page.objs.get(name, resolve),
      );
      out.push(img);
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/**
 * Whether the PDF's first page paints a QR code of exactly `text`: the QR code `qrcode` makes of
 * it (same library and error correction as the product, margin 1) is compared module by module
 * with the image's pixels, sampled at each module's centre. A decoder would say the same and the
 * product has none to borrow; a different text gives a different pattern.
 */
export async function pdfHasQrOf(bytes: Uint8Array | Buffer, text: string): Promise<boolean> {
  const { default: QRCode } = await import('qrcode');
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const total = n + 2; // margin 1 on each side
  for (const img of await pageImages(bytes)) {
    if (img.width !== img.height) continue;
    const channels = img.data.length / (img.width * img.height);
    let wrong = 0;
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        const x = Math.floor(((c + 1 + 0.5) * img.width) / total);
        const y = Math.floor(((r + 1 + 0.5) * img.height) / total);
        const dark = img.data[(y * img.width + x) * channels] < 128;
        if (dark !== Boolean(qr.modules.get(r, c))) wrong++;
      }
    if (wrong === 0) return true;
  }
  return false;
}
