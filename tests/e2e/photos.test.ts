import type { Browser, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eServer } from '../helpers/e2e';
import { API_BASE } from '../../src/domain/api';
import { PDF_MAX_BYTES, PHOTO_MAX_SIDE, PHOTO_PAGE_MAX_BYTES } from '../../src/domain/limits';
import { messages } from '../../src/domain/messages';
import { photoMessages as m } from '../../src/domain/messages-photos';
import { A4_POINTS } from '../../src/web/features/dossier/photos-pdf';
import { fill } from '../../src/web/lib/format';
import { paths } from '../../src/web/lib/paths';
import { axeViolations, describeViolations } from '../helpers/axe';
import { apiCall, launchBrowser, signInStored } from '../helpers/browser';
import { cameraPhotos, withExifOrientation } from '../helpers/photos';
import { PATIENCE_MS } from '../helpers/wait';
import { DIRECTIONS_BY_FILE, pdfBytes, preparedStudent, type Prepared } from './staff-fixtures';

// A proof given as photos (docs/decisions/020-photos-into-pdf.md) in a real Chromium
// at phone size against the real server: the student opens 'Prendre des photos', picks camera
// photos of about 3 MB (made by the canvas, one stored turned with its EXIF orientation, as a phone
// stores a page photographed upright), takes more one by one, sees each as a page of at most
// PHOTO_PAGE_MAX_BYTES, reorders and removes pages by the keyboard, uses the PDF and deposits;
// the server keeps it, and the stored document is read back: a PDF of 3 A4 pages in the order
// chosen. Too many heavy photos for the 3 MB limit: the dialog says so and gives the form nothing.

let browser: Browser;
let student: Prepared;
const PHONE = { width: 360, height: 740 };
const tag = Date.now().toString(36).slice(-5);
const TYPE = `Nationalité photos ${tag}`;
const CRITERE = `Burkinabè photographié ${tag}`;
/** The file name the dialog gives: `photos-` and the criterion's label made a file name. */
const PDF_NAME = `photos-burkinabe-photographie-${tag}.pdf`;

/** The photos, by name: JPEG bytes as a camera gives them. */
const photos: Record<string, Buffer> = {};
let otherPdf: Buffer;

beforeAll(async () => {
  student = await preparedStudent({
    tag,
    ville: DIRECTIONS_BY_FILE['photos.test.ts'],
    ine: `P${String(Date.now()).slice(-11)}`,
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Aïcha',
    types: [{ libelle: TYPE, coefficient: 2, obligatoire: false, critere: CRITERE, note: 5, proof: true }],
  });
  otherPdf = await pdfBytes('Justificatif');
  browser = await launchBrowser();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const [first, upright, landscape, extra, heavy] = await cameraPhotos(page, [
      { width: 3000, height: 4000, title: 'PAGE 1' },
      { width: 3000, height: 4000, title: 'PAGE 2', turned: true },
      { width: 4000, height: 3000, title: 'PAGE 3' },
      { width: 3000, height: 4000, title: 'EN TROP' },
      // Hard to compress: made a page at quality 0.75, about 280 KB (a second encoding, not more).
      { width: 1600, height: 1200, title: 'LOURDE', grain: 6, quality: 0.97 },
    ]);
    Object.assign(photos, {
      'IMG_0001.jpg': first,
      'IMG_0002.jpg': withExifOrientation(upright, 6),
      'IMG_0003.jpg': landscape,
      'IMG_0004.jpg': extra,
      'lourde.jpg': heavy,
    });
  } finally {
    await context.close();
  }
  for (const name of ['IMG_0001.jpg', 'IMG_0002.jpg', 'IMG_0003.jpg'])
    expect(photos[name].length, `${name}: a camera's photo`).toBeGreaterThan(2_000_000);
});
afterAll(async () => {
  await browser?.close();
});

const file = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: photos[name] });

/** The student signed in, then /depot at a phone's size with this run's criterion chosen. */
async function depotOnPhone(opts: { bypassCSP?: boolean } = {}) {
  const { baseURL } = e2eServer();
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    viewport: { width: 1280, height: 900 },
    bypassCSP: opts.bypassCSP ?? false,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  // Signed in where the top bar shows the name, then a phone's width.
  await signInStored(page, student.ine, student.password, '/depot');
  await page.setViewportSize(PHONE);
  await page.getByRole('heading', { name: messages.depotTitre }).waitFor();
  await page.getByLabel(TYPE, { exact: true }).selectOption({ label: CRITERE });
  const photosButton = page.locator(`#fichier-${student.criteres[CRITERE].idTypeCritere}-photos`);
  await photosButton.waitFor();
  return { page, photosButton, close: () => context.close() };
}

/** Opens the photo dialog from its button; answers the dialog. */
async function openDialog(page: Page, button: ReturnType<Page['locator']>) {
  await button.click();
  const dialog = page.getByTestId('dialogue-photos');
  await dialog.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('photo-prendre');
  return dialog;
}

/** Clicks a button that opens the file chooser and gives it the files. */
async function choose(page: Page, button: ReturnType<Page['locator']>, files: ReturnType<typeof file>[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  const opened = await chooser;
  // Megabytes of photos cross the DevTools protocol, then the page reads each: tens of seconds on
  // a loaded 2-core machine.
  await opened.setFiles(files, { timeout: 4 * PATIENCE_MS });
  return opened;
}

interface Shown {
  nom: string;
  largeur: number;
  hauteur: number;
  octets: number;
}

const shownPages = (page: Page): Promise<Shown[]> =>
  page.locator('[data-testid="page-photo"]').evaluateAll((items) =>
    items.map((e) => {
      const d = (e as HTMLElement).dataset;
      return {
        nom: d.nom!,
        largeur: Number(d.largeur),
        hauteur: Number(d.hauteur),
        octets: Number(d.octets),
      };
    }),
  );

/** Once every photo chosen is a page (no photo being prepared), the pages shown. */
async function settled(page: Page, count: number): Promise<Shown[]> {
  // Each photo is decoded, scaled and compressed in the page: seconds each on a loaded machine.
  const timeout = count * PATIENCE_MS;
  await page
    .locator('[data-testid="page-photo"]')
    .nth(count - 1)
    .waitFor({ timeout });
  await page.locator('.photo-status').waitFor({ state: 'detached', timeout });
  return shownPages(page);
}

describe('a proof given as photos', () => {
  // Twelve heavy photos made into pages: minutes on a loaded 2-core machine.
  it(
    'too many heavy photos for the limit: the dialog says so, the form gets nothing',
    { timeout: 15 * PATIENCE_MS },
    async () => {
      const { page, photosButton, close } = await depotOnPhone({ bypassCSP: true });
      try {
        const dialog = await openDialog(page, photosButton);
        // How to photograph a document, open while there is no photo.
        expect(await dialog.locator('details.photo-help').getAttribute('open')).not.toBeNull();
        for (const advice of m.conseils) await dialog.getByText(advice, { exact: true }).waitFor();

        const heavy = Array.from({ length: 12 }, (_, i) => ({
          ...file('lourde.jpg'),
          name: `lourde-${i + 1}.jpg`,
        }));
        const chooser = await choose(page, dialog.getByRole('button', { name: m.choisirPhotos }), heavy);
        expect(chooser.isMultiple()).toBe(true);
        const shown = await settled(page, heavy.length);
        const weight = shown.reduce((sum, p) => sum + p.octets, 0);
        expect(weight, 'the premise: these pages weigh more than a proof may').toBeGreaterThan(PDF_MAX_BYTES);
        for (const p of shown) expect(p.octets).toBeLessThanOrEqual(PHOTO_PAGE_MAX_BYTES);
        expect(await dialog.getByTestId('poids-pdf').getAttribute('class')).toContain('error-text');

        // The dialog with its pages passes axe (WCAG 2.1 A and AA).
        const violations = await axeViolations(page);
        expect(violations, describeViolations('photo dialog', violations).join('\n')).toEqual([]);

        await dialog.getByRole('button', { name: m.utiliserPdf }).click();
        const refusal = dialog.getByTestId('erreur-photos');
        await refusal.waitFor();
        expect(await refusal.textContent()).toMatch(
          /^Ce PDF pèserait [\d\s\u202f\u00a0,]+\s(Ko|Mo), plus que les 3\sMo permis/,
        );
        expect(await refusal.getAttribute('role')).toBe('alert');

        // 'Annuler': the dialog goes, the focus comes back, the form holds no PDF of photos.
        await dialog.getByRole('button', { name: messages.annuler }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(
          await photosButton.getAttribute('id'),
        );
        expect(await page.getByTestId('pdf-photos').count()).toBe(0);
        expect(await photosButton.textContent()).toBe(m.prendrePhotos);
      } finally {
        await close();
      }
    },
  );

  it('picks and takes camera photos, reorders and removes pages, uses the PDF, deposits it: the server keeps 3 A4 pages', async () => {
    const { page, photosButton, close } = await depotOnPhone();
    try {
      // Any other live type made mandatory by another browser test file gets its first criterion
      // (the browser test files share one server), and a PDF when it asks for one.
      for (const select of await page.locator('select[required]').all())
        if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      const mine = `fichier-${student.criteres[CRITERE].idTypeCritere}`;
      for (const input of await page.locator('input[type="file"]').all())
        if ((await input.getAttribute('id')) !== mine)
          await input.setInputFiles({ name: 'autre.pdf', mimeType: 'application/pdf', buffer: otherPdf });

      const dialog = await openDialog(page, photosButton);
      expect(await dialog.getByRole('heading', { level: 2 }).textContent()).toBe(
        fill(m.titre, { critere: CRITERE }),
      );
      await dialog.getByText(m.aucunePhoto).waitFor();

      // From the gallery: two camera photos and a file that is no photo (refused, named).
      const gallery = dialog.getByRole('button', { name: m.choisirPhotos });
      await choose(page, gallery, [
        file('IMG_0001.jpg'),
        file('IMG_0002.jpg'),
        { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une photo') },
      ]);
      await settled(page, 2);
      expect(await dialog.getByTestId('erreur-photos').textContent()).toBe(
        fill(m.photoFormat, { nom: 'notes.jpg' }),
      );
      // The advice folds away once there are photos.
      expect(await dialog.locator('details.photo-help').getAttribute('open')).toBeNull();

      // The camera, one photo a time: 'Prendre une autre photo', twice.
      const camera = dialog.getByRole('button', { name: m.prendreAutrePhoto });
      const taken = await choose(page, camera, [file('IMG_0003.jpg')]);
      expect(taken.isMultiple()).toBe(false);
      expect(await dialog.getByTestId('photo-camera').getAttribute('capture')).toBe('environment');
      expect(await dialog.getByTestId('photo-camera').getAttribute('accept')).toBe('image/jpeg,image/png');
      await settled(page, 3);
      await choose(page, camera, [file('IMG_0004.jpg')]);
      let shown = await settled(page, 4);

      // Each photo made a page: at most PHOTO_MAX_SIDE pixels and PHOTO_PAGE_MAX_BYTES; the photo
      // stored turned shows upright (its EXIF orientation honoured).
      expect(shown.map((p) => p.nom)).toEqual([
        'IMG_0001.jpg',
        'IMG_0002.jpg',
        'IMG_0003.jpg',
        'IMG_0004.jpg',
      ]);
      expect(shown.map((p) => [p.largeur, p.hauteur])).toEqual([
        [1200, 1600],
        [1200, 1600],
        [1600, 1200],
        [1200, 1600],
      ]);
      for (const p of shown) {
        expect(Math.max(p.largeur, p.hauteur)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
        expect(p.octets).toBeLessThanOrEqual(PHOTO_PAGE_MAX_BYTES);
      }
      // The thumbnails are drawn (blob: images under the server's CSP).
      const drawn = await dialog
        .locator('.photo-thumb img')
        .evaluateAll((imgs) =>
          imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth),
        );
      expect(drawn).toEqual([1200, 1200, 1600, 1200]);

      // By the keyboard: page 4 removed, then the landscape page moved first; the focus follows.
      await dialog.getByRole('button', { name: fill(m.retirerPage, { n: 4 }) }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(fill(m.retirerPage, { n: 3 }));
      await dialog.getByRole('button', { name: fill(m.placerAvant, { n: 3 }) }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(fill(m.placerAvant, { n: 2 }));
      await page.keyboard.press('Enter');
      // First now: 'avant' cannot be pressed, the focus is on 'après' of the same photo.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(fill(m.placerApres, { n: 1 }));
      shown = await shownPages(page);
      expect(shown.map((p) => p.nom)).toEqual(['IMG_0003.jpg', 'IMG_0001.jpg', 'IMG_0002.jpg']);
      const pagesBytes = shown.reduce((sum, p) => sum + p.octets, 0);

      // Tab stays inside the dialog.
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
      }
      // Nothing overflows a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      await dialog.getByRole('button', { name: m.utiliserPdf }).click();
      await dialog.waitFor({ state: 'detached' });
      const used = page.getByTestId('pdf-photos');
      await used.waitFor();
      expect(await used.textContent()).toContain(PDF_NAME);
      expect(await used.textContent()).toContain('3 pages');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await photosButton.getAttribute('id'),
      );
      expect(await photosButton.textContent()).toBe(m.modifierPhotos);

      // Deposited as a chosen PDF is.
      await page.getByRole('button', { name: messages.deposer }).click();
      await page.getByTestId('recu').waitFor();
      await page.getByRole('progressbar', { name: fill(messages.envoiFichier, { nom: PDF_NAME }) }).waitFor();

      // The server's copy: a PDF of 3 A4 pages, landscape first, weighing its pages and a little more.
      const token = (
        await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
          body: { username: student.ine, password: student.password },
        })
      ).body.accessToken;
      const dossiers = await apiCall<{ idDossier: number; idSessionCenou: number }[]>(
        'GET',
        paths.api.dossier.etudiant(student.ine),
        { token },
      );
      const dossier = dossiers.body.find((d) => d.idSessionCenou === student.idSessionCenou)!;
      const detail = await apiCall<{
        listeDossierCritere: { idDossierCritere: number; idCritere: number; nomFichier: string | null }[];
      }>('GET', `${paths.api.dossier.depot}?ineEtudiant=${student.ine}&idDossier=${dossier.idDossier}`, {
        token,
      });
      const proof = detail.body.listeDossierCritere.find(
        (c) => c.idCritere === student.criteres[CRITERE].idCritere,
      )!;
      expect(proof.nomFichier).toBe(PDF_NAME);
      const res = await fetch(
        `${e2eServer().baseURL}${API_BASE}/${paths.api.dossier.justificatif(dossier.idDossier, proof.idDossierCritere)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(pagesBytes);
      expect(bytes.length).toBeLessThanOrEqual(pagesBytes + 1024 + 600 * 3);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(3);
      expect(
        pdf.getPages().map((p) => {
          const { width, height } = p.getSize();
          return [Math.round(width), Math.round(height)];
        }),
      ).toEqual([
        [Math.round(A4_POINTS.long), Math.round(A4_POINTS.short)],
        [Math.round(A4_POINTS.short), Math.round(A4_POINTS.long)],
        [Math.round(A4_POINTS.short), Math.round(A4_POINTS.long)],
      ]);
    } finally {
      await close();
    }
  });
});
