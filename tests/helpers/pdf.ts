import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
