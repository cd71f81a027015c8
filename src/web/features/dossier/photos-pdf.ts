/**
 * Photos of a document made into one PDF, one page per photo in the order given
 * (docs/decisions/020-photos-into-pdf.md). Pure code with no browser API: the web client gives the
 * JPEG pages it scaled (`photo-pages.ts`), the unit tests give real JPEG and PNG bytes in Node.
 * Loaded only when a student takes photos: this module brings pdf-lib, which no page needs otherwise.
 */
import { PDFDocument } from 'pdf-lib';

/** A4 in PDF points (1/72 inch): 210 × 297 mm. */
export const A4_POINTS = { short: 595.28, long: 841.89 } as const;

/** A white border of 5 mm around each photo, so that a printer does not cut the document's edges. */
export const PAGE_MARGIN_POINTS = 14.17;

export type PhotoFormat = 'jpeg' | 'png';

/** The format of an image by its first bytes (never by a name or a type a browser gave). */
export function photoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** A page's size in points and where its image lies on it (from the bottom left corner, PDF style). */
export interface PageLayout {
  width: number;
  height: number;
  image: { x: number; y: number; width: number; height: number };
}

/**
 * The page of an image of `imageWidth` × `imageHeight` pixels: A4 portrait, or landscape when the
 * image is wider than high; the image as large as fits inside the margins, its proportions kept,
 * centred. A small image is enlarged: a page of a document fills its sheet as a scan would.
 */
export function pageLayout(imageWidth: number, imageHeight: number): PageLayout {
  if (!(imageWidth > 0 && imageHeight > 0)) throw new RangeError(`image size ${imageWidth}×${imageHeight}`);
  const landscape = imageWidth > imageHeight;
  const width = landscape ? A4_POINTS.long : A4_POINTS.short;
  const height = landscape ? A4_POINTS.short : A4_POINTS.long;
  const scale = Math.min(
    (width - 2 * PAGE_MARGIN_POINTS) / imageWidth,
    (height - 2 * PAGE_MARGIN_POINTS) / imageHeight,
  );
  const w = imageWidth * scale;
  const h = imageHeight * scale;
  return { width, height, image: { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h } };
}

/**
 * One PDF of the photos, one page each in the order given (`pageLayout`). Each photo is JPEG or PNG
 * bytes; a JPEG is put in the PDF as it is (no second compression: its weight is the page's), a PNG
 * is decoded and stored compressed by pdf-lib. The image's own size, read from its header, sets the
 * page: there is no separate dimension to get wrong. An empty list or bytes of another format throw.
 */
export async function photosPdf(photos: readonly Uint8Array[]): Promise<Uint8Array> {
  if (photos.length === 0) throw new RangeError('no photo');
  const doc = await PDFDocument.create();
  for (const [i, bytes] of photos.entries()) {
    const format = photoFormat(bytes);
    if (!format) throw new TypeError(`photo ${i + 1} is neither JPEG nor PNG`);
    const image = format === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
    const layout = pageLayout(image.width, image.height);
    doc.addPage([layout.width, layout.height]).drawImage(image, layout.image);
  }
  return doc.save();
}
