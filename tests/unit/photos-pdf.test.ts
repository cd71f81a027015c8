import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PDF_MAX_BYTES, PHOTO_PAGE_MAX_BYTES } from '../../src/domain/limits';
import {
  A4_POINTS,
  PAGE_MARGIN_POINTS,
  pageLayout,
  photoFormat,
  photosPdf,
} from '../../src/web/features/dossier/photos-pdf';

// The pure half of the photos made into a PDF (docs/decisions/020-photos-into-pdf.md): real JPEG
// and PNG bytes in, a PDF out, read back with pdf-lib. The browser half (scaling, the quality loop)
// is tested in Chromium: tests/e2e/photos.test.ts.

/** A real JPEG, 450 × 600, drawn and encoded once by Chromium's canvas (a page of text on paper). */
const JPEG = new Uint8Array(
  readFileSync(path.join(import.meta.dirname, '../fixtures/photos/page-portrait.jpg')),
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A real PNG (8-bit RGB, no filter) of `width` × `height`: a grey gradient with dark stripes. */
function png(width: number, height: number): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const v = y % 12 < 2 ? 40 : 200 + Math.round((55 * x) / width);
      raw.fill(v, row + 1 + x * 3, row + 4 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The JPEG grown to `size` bytes by comment segments (FF FE) after its start: still a valid JPEG. */
function heavyJpeg(size: number): Uint8Array {
  const parts: Buffer[] = [Buffer.from(JPEG.subarray(0, 2))];
  let left = size - JPEG.length;
  while (left > 0) {
    const body = Math.min(65533, Math.max(0, left - 4));
    const segment = Buffer.alloc(body + 4, 0x20);
    segment.set([0xff, 0xfe, (body + 2) >> 8, (body + 2) & 0xff]);
    parts.push(segment);
    left -= segment.length;
  }
  parts.push(Buffer.from(JPEG.subarray(2)));
  return new Uint8Array(Buffer.concat(parts));
}

const pageSizes = (doc: PDFDocument) =>
  doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return [Math.round(width * 100) / 100, Math.round(height * 100) / 100];
  });

const PORTRAIT = [A4_POINTS.short, A4_POINTS.long];
const LANDSCAPE = [A4_POINTS.long, A4_POINTS.short];

describe('the format of a photo, by its first bytes', () => {
  it('knows JPEG and PNG, and nothing else', () => {
    expect(photoFormat(JPEG)).toBe('jpeg');
    expect(photoFormat(png(4, 3))).toBe('png');
    expect(photoFormat(new TextEncoder().encode('GIF89a……'))).toBeNull();
    expect(photoFormat(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(photoFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('the page of a photo', () => {
  it('A4 portrait for a photo higher than wide (or square), landscape for a wider one', () => {
    expect([pageLayout(1200, 1600).width, pageLayout(1200, 1600).height]).toEqual(PORTRAIT);
    expect([pageLayout(1000, 1000).width, pageLayout(1000, 1000).height]).toEqual(PORTRAIT);
    expect([pageLayout(1600, 900).width, pageLayout(1600, 900).height]).toEqual(LANDSCAPE);
  });

  it('the photo as large as fits inside the margins, its proportions kept, centred', () => {
    for (const [w, h] of [
      [1200, 1600],
      [1600, 1200],
      [1131, 1600],
      [300, 2000],
      [2000, 300],
      [90, 120],
    ]) {
      const { width, height, image } = pageLayout(w, h);
      expect(image.width / image.height).toBeCloseTo(w / h, 6);
      // It touches the margins on one side, and stays inside them on the other.
      const fitsWidth = Math.abs(image.width - (width - 2 * PAGE_MARGIN_POINTS)) < 1e-6;
      const fitsHeight = Math.abs(image.height - (height - 2 * PAGE_MARGIN_POINTS)) < 1e-6;
      expect(fitsWidth || fitsHeight, `${w}×${h}`).toBe(true);
      expect(image.x).toBeGreaterThanOrEqual(PAGE_MARGIN_POINTS - 1e-6);
      expect(image.y).toBeGreaterThanOrEqual(PAGE_MARGIN_POINTS - 1e-6);
      expect(image.x * 2 + image.width).toBeCloseTo(width, 6);
      expect(image.y * 2 + image.height).toBeCloseTo(height, 6);
    }
  });

  it('refuses an image without a size', () => {
    expect(() => pageLayout(0, 100)).toThrow(RangeError);
    expect(() => pageLayout(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('photos made into one PDF', () => {
  it('one page per photo, in order, each sized for its photo; read back by pdf-lib', async () => {
    const landscape = png(320, 240);
    const bytes = await photosPdf([JPEG, landscape, JPEG]);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(3);
    expect(pageSizes(doc)).toEqual([PORTRAIT, LANDSCAPE, PORTRAIT]);
  });

  it('puts a JPEG in as it is: the PDF weighs its pages and a little more', async () => {
    const pages = [JPEG, JPEG, JPEG, JPEG];
    const bytes = await photosPdf(pages);
    const images = pages.reduce((sum, p) => sum + p.length, 0);
    expect(bytes.length).toBeGreaterThan(images);
    // The PDF's own objects: about 600 bytes per page and 1 KB for the document.
    expect(bytes.length).toBeLessThanOrEqual(images + 1024 + 600 * pages.length);
    // The JPEG's bytes themselves, not a second compression of them.
    expect(Buffer.from(bytes).indexOf(Buffer.from(JPEG))).toBeGreaterThan(0);
  });

  it(`nine pages at the bound of ${PHOTO_PAGE_MAX_BYTES} bytes fit in a proof of ${PDF_MAX_BYTES} bytes`, async () => {
    const page = heavyJpeg(PHOTO_PAGE_MAX_BYTES);
    expect(page.length).toBe(PHOTO_PAGE_MAX_BYTES);
    const bytes = await photosPdf(Array.from({ length: 9 }, () => page));
    expect(bytes.length).toBeLessThanOrEqual(PDF_MAX_BYTES);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(9);
    expect(pageSizes(doc)).toEqual(Array.from({ length: 9 }, () => PORTRAIT));
  });

  it('refuses no photo, and bytes that are neither JPEG nor PNG', async () => {
    await expect(photosPdf([])).rejects.toThrow(RangeError);
    await expect(photosPdf([JPEG, new TextEncoder().encode('GIF89a')])).rejects.toThrow(/photo 2/);
  });
});
