/**
 * `photos-pdf` (issue 22): three phone photos (4000 × 3000 JPEG of about 3 MB each, drawn in the
 * page's canvas by tests/helpers/photos.ts — a sheet of paper on a table, lit unevenly, with the
 * sensor's grain — and encoded at quality 0.95) made into one PDF by the real dialog of the deposit
 * form ('Prendre des photos' → 'Choisir des photos' → 'Utiliser ce PDF',
 * docs/decisions/020-photos-into-pdf.md), the page's CPU slowed 4× through DevTools
 * (`Emulation.setCPUThrottlingRate`). Timed from the photos given to the gallery input to the
 * form's line 'PDF des photos joint…'; the PDF's size is the `Upload-Length` of the upload the form
 * then starts (the bytes the student will send).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { photoMessages as m } from '../../src/domain/messages-photos';
import { launchChromium } from '../../tests/helpers/chromium';
import { cameraPhotos } from '../../tests/helpers/photos';
import { chooseCriteria } from './deposit';
import { prepareWeakStudents, signedIn } from './weak-network';

export const PHOTO_SIZE = { width: 4000, height: 3000 } as const;
/** The photos' JPEG quality, and the weight aimed at (a 12-megapixel phone photo). */
const QUALITY = 0.95;
const AIM_BYTES = 3_000_000;
export const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 120_000;

export interface PhotosPdfReport {
  photos: number;
  photoBytes: number[];
  /** The grain that gave photos of about 3 MB (tests/helpers/photos.ts). */
  grain: number;
  cpuSlowdown: number;
  /** From the photos given to the first page shown (the dialog's engine loaded on first use, one photo). */
  firstPageMs: number;
  /** From the photos given to the three pages shown (each photo scaled and encoded). */
  pagesMs: number;
  /** From 'Utiliser ce PDF' to the form's line naming the PDF (pdf-lib). */
  pdfMs: number;
  totalMs: number;
  /** The PDF's size (the upload's Upload-Length), null if no upload started. */
  pdfBytes: number | null;
  /** Each page as the dialog showed it. */
  pages: { largeur: number; hauteur: number; octets: number }[];
  /** The form's line. */
  line: string | null;
  error?: string;
}

const PHONE = { width: 360, height: 740 };

/** Photos of about AIM_BYTES: the grain is searched on one photo (at most five tries), then three made. */
async function photosOfAboutThreeMb(page: Page): Promise<{ grain: number; photos: Buffer[] }> {
  let grain = 12;
  for (let i = 0; i < 5; i++) {
    const [one] = await cameraPhotos(page, [{ ...PHOTO_SIZE, title: 'Essai', grain, quality: QUALITY }]);
    const ratio = one.length / AIM_BYTES;
    if (ratio > 0.9 && ratio < 1.1) break;
    // The JPEG's weight grows about linearly with the grain's amplitude at this quality.
    grain = Math.max(1, Math.min(120, Math.round(grain / ratio)));
  }
  const photos = await cameraPhotos(
    page,
    [1, 2, 3].map((n) => ({ ...PHOTO_SIZE, title: `Page ${n}`, grain, quality: QUALITY })),
  );
  return { grain, photos };
}

export async function benchPhotosPdf(opts: {
  baseUrl: string;
  dataDir: string;
  adminToken: string;
  log: (s: string) => void;
}): Promise<PhotosPdfReport> {
  const [student] = await prepareWeakStudents(opts.baseUrl, opts.dataDir, opts.adminToken, 1, 'photos');
  const [entry] = await chooseCriteria(opts.baseUrl, student.token, student.ine);
  const dir = mkdtempSync(path.join(tmpdir(), 'cenou-bench-photos-'));
  const browser = await launchChromium();
  const report: PhotosPdfReport = {
    photos: 3,
    photoBytes: [],
    grain: 0,
    cpuSlowdown: CPU_SLOWDOWN,
    firstPageMs: 0,
    pagesMs: 0,
    pdfMs: 0,
    totalMs: 0,
    pdfBytes: null,
    pages: [],
    line: null,
  };
  try {
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    await signedIn(page, opts.baseUrl, student.record);
    await page.goto(`${opts.baseUrl}/depot`);
    const select = page.locator(`#critere-${entry.idTypeCritere}`);
    await select.waitFor();
    await select.selectOption(String(entry.idCritere));

    const { grain, photos } = await photosOfAboutThreeMb(page);
    report.grain = grain;
    report.photoBytes = photos.map((p) => p.length);
    const files = photos.map((buffer, i) => {
      const file = path.join(dir, `IMG_2026112${i}_0930${i}.jpg`);
      writeFileSync(file, buffer);
      return file;
    });
    opts.log(
      `   photos ${PHOTO_SIZE.width}×${PHOTO_SIZE.height} JPEG ${QUALITY} (grain ${grain}) : ${report.photoBytes.map((b) => `${(b / 1e6).toFixed(2)} Mo`).join(', ')}`,
    );

    let uploadLength: number | null = null;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/campus/televersement')) {
        const v = Number(r.headers()['upload-length']);
        if (Number.isFinite(v)) uploadLength = v;
      }
    });
    const block = page.locator('.critere-block', { has: select });
    await block.getByRole('button', { name: m.prendrePhotos }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: m.choisirPhotos }).waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const t0 = Date.now();
    // Files on disk, given by path (DOM.setFileInputFiles): buffers would be sent as base64 and
    // rebuilt by script in the page, on its slowed main thread, and counted in the measure.
    await page.getByTestId('photo-galerie').setInputFiles(files);
    await page.locator('[data-testid="page-photo"]').first().waitFor();
    report.firstPageMs = Date.now() - t0;
    await page
      .locator('[data-testid="page-photo"]')
      .nth(photos.length - 1)
      .waitFor();
    await page.locator('.photo-status').waitFor({ state: 'detached' });
    const t1 = Date.now();
    await dialog.getByRole('button', { name: m.utiliserPdf }).click();
    const line = page.getByTestId('pdf-photos');
    await line.waitFor();
    const t2 = Date.now();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    report.pagesMs = t1 - t0;
    report.pdfMs = t2 - t1;
    report.totalMs = t2 - t0;
    report.line = (await line.textContent())?.trim() ?? null;
    // The upload the form starts with the PDF: its announced length.
    for (let i = 0; i < 100 && uploadLength === null; i++) await page.waitForTimeout(100);
    report.pdfBytes = uploadLength;
    await block.getByRole('button', { name: m.modifierPhotos }).click();
    report.pages = await page.locator('[data-testid="page-photo"]').evaluateAll((items) =>
      items.map((e) => {
        const d = (e as HTMLElement).dataset;
        return { largeur: Number(d.largeur), hauteur: Number(d.hauteur), octets: Number(d.octets) };
      }),
    );
    await context.close();
  } catch (err) {
    report.error = (err as Error).message.split('\n')[0];
  } finally {
    await browser.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  opts.log(
    report.error
      ? `   ÉCHEC : ${report.error}`
      : `   PDF de ${report.pdfBytes ?? '?'} octets en ${report.totalMs} ms (CPU ×${CPU_SLOWDOWN}) : première page ${report.firstPageMs} ms, trois pages ${report.pagesMs} ms, PDF ${report.pdfMs} ms ; ` +
          `pages ${report.pages.map((p) => `${p.largeur}×${p.hauteur} ${Math.round(p.octets / 1000)} Ko`).join(', ')} ; « ${report.line} »`,
  );
  return report;
}
