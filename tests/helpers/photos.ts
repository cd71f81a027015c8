import type { Page } from 'playwright-core';

/**
 * Photos of a document as a phone's camera gives them, made in the browser's canvas for the tests
 * of the photos made into a PDF (tests/e2e/photos.test.ts): a sheet of paper with a title and lines
 * of text on a darker table, lit unevenly, with the sensor's grain that makes a camera's JPEG weigh
 * some MB. No image file in the repository, no image library in Node.
 */
export interface PhotoSpec {
  width: number;
  height: number;
  /** Printed large on the sheet: tells the pages apart on a screenshot. */
  title: string;
  /** The grain's amplitude (0 to 255): the higher, the heavier the JPEG. */
  grain?: number;
  /** JPEG quality of the camera (0 to 1). */
  quality?: number;
  /**
   * The pixels stored turned a quarter anticlockwise (`height` × `width`), as a phone's sensor
   * stores a page photographed upright: with `withExifOrientation(…, 6)` it shows upright again.
   */
  turned?: boolean;
}

/** The JPEG bytes of each photo, drawn and encoded by the page's canvas. */
export async function cameraPhotos(page: Page, specs: PhotoSpec[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const spec of specs) {
    const base64 = await page.evaluate(
      async ({ width, height, title, grain = 9, quality = 0.88, turned = false }) => {
        const upright = new OffscreenCanvas(width, height);
        const g = upright.getContext('2d')!;
        g.fillStyle = '#5b4a3a';
        g.fillRect(0, 0, width, height);
        // The sheet, a little turned, as a hand holds a phone.
        g.save();
        g.translate(width / 2, height / 2);
        g.rotate(-0.015);
        const sw = width * 0.86;
        const sh = height * 0.9;
        const light = g.createLinearGradient(-sw / 2, -sh / 2, sw / 2, sh / 2);
        light.addColorStop(0, '#fbfaf6');
        light.addColorStop(1, '#d8d4cb');
        g.fillStyle = light;
        g.fillRect(-sw / 2, -sh / 2, sw, sh);
        g.fillStyle = '#1a1a1a';
        g.font = `bold ${Math.round(sw / 14)}px sans-serif`;
        g.textAlign = 'center';
        g.fillText(title, 0, -sh / 2 + sh * 0.12);
        g.textAlign = 'left';
        g.font = `${Math.round(sw / 40)}px serif`;
        for (let y = -sh / 2 + sh * 0.22; y < sh / 2 - sh * 0.06; y += sw / 26)
          g.fillText(
            'Le présent certificat est délivré pour servir et valoir ce que de droit. 0123456789',
            -sw / 2 + sw * 0.07,
            y,
          );
        g.restore();
        const canvas = turned ? new OffscreenCanvas(height, width) : upright;
        const s = canvas.getContext('2d')!;
        if (turned) {
          s.translate(0, width);
          s.rotate(-Math.PI / 2);
          s.drawImage(upright, 0, 0);
          s.setTransform(1, 0, 0, 1, 0, 0);
        }
        // The sensor's grain.
        const data = s.getImageData(0, 0, canvas.width, canvas.height);
        let seed = 12345;
        for (let i = 0; i < data.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const n = ((seed >> 8) % (2 * grain + 1)) - grain;
          data.data[i] += n;
          data.data[i + 1] += n;
          data.data[i + 2] += n;
        }
        s.putImageData(data, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      },
      spec,
    );
    out.push(Buffer.from(base64, 'base64'));
  }
  return out;
}

/**
 * The JPEG with an EXIF block saying how to turn it (`orientation` 6: turn it a quarter clockwise
 * to see it upright, as a phone held upright writes its landscape sensor's pixels), put right after
 * the JPEG's start (FF D8), before its JFIF block.
 */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    // Big-endian TIFF header, first IFD at 8.
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    // One entry: Orientation (0x0112), SHORT, count 1, the value, padding.
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    // No next IFD.
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
    body,
  ]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}
