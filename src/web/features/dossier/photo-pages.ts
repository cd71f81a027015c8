/**
 * The browser's half of the photos made into a PDF (docs/decisions/020-photos-into-pdf.md): a photo
 * from the camera (several MB, turned by its EXIF orientation) becomes a JPEG page of at most
 * `maxBytes` (PHOTO_PAGE_MAX_BYTES), at most `maxSide` (PHOTO_MAX_SIDE) pixels on its longest side;
 * the pages, in order, become one PDF file (`photos-pdf.ts`). Imported only by `import()` when the
 * photo dialog opens: pdf-lib comes with it, and nothing else of the site needs it. The limits are
 * given by the caller: a lazy chunk importing `limits.ts` made the bundler split that module out of
 * the entry (one more request on every first visit).
 */
import { photoFormat, photosPdf } from './photos-pdf';

/** A photo made a page: its JPEG (a Blob for the thumbnail, its bytes for the PDF) and its size. */
export interface PhotoPage {
  jpeg: Blob;
  bytes: Uint8Array;
  width: number;
  height: number;
  /** The JPEG quality it was encoded at (0 to 1). */
  quality: number;
}

/** Why a photo cannot be a page: not a JPEG nor a PNG, or its bytes cannot be decoded. */
export class PhotoRefused extends Error {
  constructor(readonly reason: 'format' | 'illisible') {
    super(reason);
  }
}

/** The qualities tried in turn, until the page weighs at most the bound. */
export const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35] as const;
/** When even the lowest quality weighs too much, the page shrinks by this factor and tries again... */
const SHRINK = 0.8;
/** ...down to this longest side (a page of text is still legible there), then the lightest is kept. */
const MIN_SIDE = 800;

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/**
 * The photo decoded upright: `createImageBitmap` with `imageOrientation: 'from-image'` honours the
 * EXIF orientation a phone writes instead of turning the pixels; an `<img>` (which browsers also
 * draw upright) where createImageBitmap is missing or refuses the options.
 */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // An older browser: the <img> below.
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  try {
    img.src = url;
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new PhotoRefused('illisible');
  }
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

/** A 2D canvas of `width` × `height` (OffscreenCanvas where there is one) and its JPEG encoder. */
function canvas(width: number, height: number) {
  if (typeof OffscreenCanvas === 'function') {
    const c = new OffscreenCanvas(width, height);
    const ctx = c.getContext('2d');
    if (ctx) return { ctx, encode: (quality: number) => c.convertToBlob({ type: 'image/jpeg', quality }) };
  }
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d');
  if (!ctx) throw new PhotoRefused('illisible');
  return {
    ctx,
    encode: (quality: number) =>
      new Promise<Blob>((resolve, reject) =>
        c.toBlob((b) => (b ? resolve(b) : reject(new PhotoRefused('illisible'))), 'image/jpeg', quality),
      ),
  };
}

/** The size of a `width` × `height` image with its longest side brought down to `side` (never up). */
export function fitted(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * One photo made a page: decoded upright, drawn on white (a PNG's transparency would turn black in
 * a JPEG) at most `maxSide` pixels on its longest side, encoded as JPEG at the first of QUALITIES
 * that weighs at most `maxBytes`; when none does, smaller by SHRINK and again, down to MIN_SIDE,
 * where the lightest encoding is kept (a page of text never comes near it at 1600 pixels).
 */
export async function photoPage(
  file: File,
  { maxSide, maxBytes }: { maxSide: number; maxBytes: number },
): Promise<PhotoPage> {
  // The first bytes, not the type a browser gives (empty on some phones, 'image/jpg' on others).
  if (!photoFormat(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) throw new PhotoRefused('format');
  const image = await decode(file);
  try {
    let lightest: Encoded | null = null;
    for (
      let side = Math.min(maxSide, Math.max(image.width, image.height));
      ;
      side = Math.round(side * SHRINK)
    ) {
      const { width, height } = fitted(image.width, image.height, side);
      const { ctx, encode } = canvas(width, height);
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(image.source, 0, 0, width, height);
      for (const quality of QUALITIES) {
        const blob = await encode(quality);
        if (blob.type !== 'image/jpeg') throw new PhotoRefused('illisible');
        const encoded = { blob, width, height, quality };
        if (blob.size <= maxBytes) return await page(encoded);
        if (!lightest || blob.size < lightest.blob.size) lightest = encoded;
      }
      if (side * SHRINK < MIN_SIDE) return await page(lightest!);
    }
  } finally {
    image.close();
  }
}

interface Encoded {
  blob: Blob;
  width: number;
  height: number;
  quality: number;
}

async function page(p: Encoded): Promise<PhotoPage> {
  const bytes = new Uint8Array(await p.blob.arrayBuffer());
  return { jpeg: p.blob, bytes, width: p.width, height: p.height, quality: p.quality };
}

/** The pages, in order, as one PDF file named `name`. */
export async function pdfOfPages(pages: readonly PhotoPage[], name: string): Promise<File> {
  const bytes = await photosPdf(pages.map((p) => p.bytes));
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf', lastModified: Date.now() });
}
