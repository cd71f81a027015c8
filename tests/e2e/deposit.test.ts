import { createWriteStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { fill } from '../../src/web/lib/format';
import { adminToken, apiCall, launchBrowser, newPage, signInStored } from '../helpers/browser';
import { passwordOf } from '../helpers/mail';
import { created, mailTo } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// The student's deposit in a real Chromium at phone size (360 × 740) against the real server
// (docs/sessions-and-dossiers.md#the-deposit): the admin sets up a cité, an open session and
// criteria through the API, a student registers through the API and reads its mailed password;
// then /depot refuses bad files inline, survives a network failure with a retry that keeps the
// files, shows each file's progress to 100 % and the receipt; the dashboard lists the dossier, the
// viewer draws the proof with pdf.js, the edit form is prefilled, and the delete asks first.

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const DEPOSIT = '/service/api/hebergement-cenou/campus/dossier';

const tag = Date.now().toString(36).slice(-5);
const INE = `D${String(Date.now()).slice(-11)}`;
const EMAIL = `depot.${INE.toLowerCase()}@exemple.bf`;
const TYPES = {
  nationalite: `Nationalité ${tag}`,
  situation: `Situation familiale ${tag}`,
};
const CRITERES = {
  burkinabe: `Burkinabè ${tag}`,
  orphelin: `Orphelin ${tag}`,
  nonOrphelin: `Non orphelin ${tag}`,
};
const PDF_NAME = 'certificat-nationalite.pdf';
/**
 * The proofs of the other browser tests' live types (the form lists every live criterion type, and
 * the browser tests share one server): a file of another name, so that « certificat-nationalite.pdf »
 * names this test's proof alone in the dashboard, the viewer and the edit form.
 */
const OTHER_PDF_NAME = 'autre-justificatif.pdf';
let password = '';
let pdfPath = '';
let otherPdfPath = '';
let bigPath = '';
let textPath = '';

const tmp = (name: string) => path.join(e2eServer().tmpDir, name);
const baseURL = () => e2eServer().baseURL;

function writePdf(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const out = createWriteStream(file);
    out.on('finish', () => resolve());
    out.on('error', reject);
    doc.pipe(out);
    doc.fontSize(22).text('Certificat de nationalité burkinabè', { align: 'center' });
    doc.moveDown().fontSize(12).text(`INE ${INE}`);
    doc.end();
  });
}

beforeAll(async () => {
  const token = await adminToken();
  // Ouagadougou (a ville of the migration), a cité there, an open session of its direction.
  const villes = await apiCall<{ idVille: number; nomVille: string; idDirection: number }[]>(
    'GET',
    'campus/ville',
    { token },
  );
  const ouaga = villes.body.find((v) => v.nomVille === 'Ouagadougou')!;
  await created(token, 'cite', {
    idVille: ouaga.idVille,
    nomCite: `Cité Kossodo ${tag}`,
    nbLit: 200,
    adresseCite: 'Kossodo',
  });
  const sessions = await apiCall<{ idDirection: number; statutSession: string; etatSession: string }[]>(
    'GET',
    'campus/session-cenou',
    { token },
  );
  const open = sessions.body.find((s) => s.idDirection === ouaga.idDirection && s.statutSession === 'OUVERT');
  if (!open)
    await created(token, 'session-cenou', {
      idDirection: ouaga.idDirection,
      etatSession: 'INSCRIPTION',
      statutSession: 'OUVERT',
      dateOuverture: '2026-09-01',
      dateFermeture: '2026-10-15',
    });
  else expect(open.etatSession).toBe('INSCRIPTION');

  // Criteria: a mandatory type whose criterion needs a proof, an optional one.
  const nationalite = await created<{ idTypeCritere: number }>(token, 'type-critere', {
    libelleTypeCritere: TYPES.nationalite,
    coefficient: 2,
    typeItem: 'Liste',
    statutItem: 'OBLIGATOIRE',
  });
  const situation = await created<{ idTypeCritere: number }>(token, 'type-critere', {
    libelleTypeCritere: TYPES.situation,
    coefficient: 1,
    typeItem: 'Liste',
    statutItem: 'FACULTATIF',
  });
  await created(token, 'critere', {
    libelleCritere: CRITERES.burkinabe,
    note: 5,
    idTypeCritere: nationalite.idTypeCritere,
    justificatifRequis: true,
    listeDeliberation: 'NATIONAUX',
  });
  await created(token, 'critere', {
    libelleCritere: CRITERES.orphelin,
    note: 4,
    idTypeCritere: situation.idTypeCritere,
    justificatifRequis: true,
    listeDeliberation: null,
  });
  await created(token, 'critere', {
    libelleCritere: CRITERES.nonOrphelin,
    note: 0,
    idTypeCritere: situation.idTypeCritere,
    justificatifRequis: false,
    listeDeliberation: null,
  });

  // A student of Ouagadougou: the registry, then its account (password by mail).
  const student = {
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ine: INE,
    dateNaissance: '12/03/2004',
    villeOrientation: 'Ouagadougou',
  };
  const csv = [REGISTRY_COLUMNS.join(';'), REGISTRY_COLUMNS.map((c) => student[c]).join(';')].join('\r\n');
  const imported = await apiCall('POST', 'campus/registre-etudiant/import', {
    token,
    body: { nomFichier: 'registre.csv', fichier: Buffer.from(`${csv}\r\n`, 'utf8').toString('base64') },
  });
  expect(imported.status).toBe(200);
  const registered = await apiCall('POST', 'campus-auth/hebergement-etudiant/', {
    body: {
      ine: INE,
      dateNaissance: '2004-03-12',
      emailEtudiant: EMAIL,
      personnelBesoin: 'Ouédraogo Issa',
      contact: '76 54 32 10',
      engagementStatutReglement: true,
      engagementPersonnelCaution: true,
      declarationSurHonneur: true,
      luApprouve: true,
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  password = passwordOf(await mailTo(EMAIL));

  // The files: a real small PDF, one over 3,000,000 bytes, a text file.
  pdfPath = tmp(PDF_NAME);
  await writePdf(pdfPath);
  otherPdfPath = tmp(OTHER_PDF_NAME);
  await writePdf(otherPdfPath);
  bigPath = tmp('trop-gros.pdf');
  writeFileSync(bigPath, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3_000_001 - 9, 0x20)]));
  textPath = tmp('notes.txt');
  writeFileSync(textPath, 'pas un PDF');

  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in (the desktop top bar shows the name), then narrows the window to a phone's. */
async function studentOnPhone(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await signInStored(page, INE, password);
  await page.setViewportSize(PHONE);
  return { page, close: () => context.close() };
}

function countDeposits(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(DEPOSIT)) counter.count += 1;
  });
  return counter;
}

const proofLabel = (critere: string) => fill(messages.justificatifPdf, { critere });

describe('deposit at phone size', () => {
  it('opened cold, asks its form and the dossiers once (with its code, not again by the page), instructions first', async () => {
    // docs/decisions/027-lean-student-app.md, "A page's first read asked with its code".
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, INE, password);
      const reads: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/service/api/') && r.method() === 'GET') reads.push(url.pathname);
      });
      await page.goto('/depot');
      // The instructions are drawn (with the title) whether the form is read or not yet.
      await page.getByText(messages.depotIntro).waitFor();
      await page.getByRole('heading', { name: messages.depotTitre }).waitFor();
      await page.locator('form').first().waitFor();
      const form = reads.filter((p) => p.endsWith('/campus/dossier/depot'));
      const list = reads.filter((p) => p.includes('/campus/dossier/etudiant/'));
      expect(form, reads.join('\n')).toHaveLength(1);
      expect(list, reads.join('\n')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('refuses bad files inline, retries after a network failure, shows the progress and the receipt', async () => {
    const { page, close } = await studentOnPhone();
    try {
      const puts = countDeposits(page);
      // The menu folds behind its button on a phone: Dépôt is in it.
      await page.getByRole('button', { name: messages.ouvrirMenu }).click();
      await page
        .getByRole('navigation', { name: messages.menuPrincipal })
        .getByRole('link', { name: messages.menuDepot })
        .click();
      await page.waitForURL(`${baseURL()}/depot`);
      await page.getByRole('heading', { name: messages.depotTitre }).waitFor();

      // The identity card, read-only.
      const identity = page.getByTestId('identite');
      expect(await identity.locator('[data-champ="ine"]').textContent()).toBe(INE);
      expect(await identity.locator('[data-champ="dateNaissance"]').textContent()).toBe('12/03/2004');

      // Nothing chosen: the mandatory type is marked, nothing is sent.
      await page.getByRole('button', { name: messages.deposer }).click();
      expect(await page.getByTestId('erreur-depot').textContent()).toBe(messages.champsObligatoires);
      const nationalite = page.getByLabel(TYPES.nationalite, { exact: true });
      expect(await nationalite.getAttribute('aria-invalid')).toBe('true');
      expect(await nationalite.getAttribute('required')).not.toBeNull();
      expect(await page.getByLabel(TYPES.situation, { exact: true }).getAttribute('required')).toBeNull();

      // The instructions say which types must be chosen, and an optional one can be set back to none.
      expect(await page.getByText(messages.depotIntro).count()).toBe(1);
      expect(messages.depotIntro).toContain('obligatoires');
      expect(messages.depotIntro).not.toMatch(/chaque type|criterion/);
      const optional = page.getByLabel(TYPES.situation, { exact: true });
      expect(await optional.locator('option').first().textContent()).toBe(messages.critereNeSAppliquePas);
      expect(await nationalite.locator('option').first().textContent()).toBe(messages.choisir);

      // The criterion needs a proof: a PDF picker appears; a text file and a too-big PDF are refused.
      await nationalite.selectOption({ label: CRITERES.burkinabe });
      // Every other live type left mandatory by other tests (the browser tests share one server)
      // gets its first criterion.
      for (const select of await page.locator('select[required]').all()) {
        if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      }
      // Every mandatory type chosen: « Renseigner les champs obligatoires ! » is gone.
      await page.getByText(messages.champsObligatoires).waitFor({ state: 'detached' });
      // Not this run's proof: its files follow, and a PDF's check (its first bytes read
      // asynchronously) still running when the next file is refused would undo that refusal.
      const proof = page.getByLabel(proofLabel(CRITERES.burkinabe), { exact: true });
      const proofId = await proof.getAttribute('id');
      // The picker speaks French whatever the phone's language (the browser's own reads
      // « Choose File »): its button and, nothing chosen yet, « Aucun fichier choisi ».
      const picker = proof.locator('xpath=..');
      expect(await picker.locator('.file-picker-button').innerText()).toBe(messages.choisirFichier);
      expect(await picker.locator('.file-picker-name').innerText()).toBe(messages.aucunFichierChoisi);
      for (const input of await page.locator('input[type="file"]').all())
        if ((await input.getAttribute('id')) !== proofId) await input.setInputFiles(otherPdfPath);
      await proof.setInputFiles(textPath);
      await page.getByText(messages.fichierPdfOuPhoto, { exact: true }).waitFor();
      await proof.setInputFiles(bigPath);
      await page.getByText(messages.fichierTaille, { exact: true }).waitFor();
      await page.getByRole('button', { name: messages.deposer }).click();
      expect(await page.getByTestId('erreur-depot').textContent()).toBe(messages.fichierTropGrand);
      expect(puts.count).toBe(0);

      await page.getByLabel(TYPES.situation, { exact: true }).selectOption({ label: CRITERES.nonOrphelin });
      await proof.setInputFiles(pdfPath);
      await page.getByText(messages.fichierTaille, { exact: true }).waitFor({ state: 'detached' });
      for (const input of await page.locator('input[type="file"]').all()) {
        if ((await input.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)) === 0)
          await input.setInputFiles(otherPdfPath);
      }

      // Everything is complete: no red summary is left on screen.
      await page.getByTestId('erreur-depot').waitFor({ state: 'detached' });

      // Each proof went up as soon as it was chosen (the resumable uploads), and says so.
      await expect
        .poll(() => page.getByTestId('justificatif-envoye').count())
        .toBe(await page.locator('input[type="file"]').count());
      expect(await page.getByTestId('justificatif-envoye').filter({ hasText: PDF_NAME }).count()).toBe(1);
      // The name is said once, with its sending: the picker no longer says « Aucun fichier choisi ».
      expect(await picker.locator('.file-picker-name').count()).toBe(0);

      // The deposit fails on the network: the message, and a retry that keeps every choice.
      let cut = false;
      await page.route(`**${DEPOSIT}`, (route) => {
        if (route.request().method() === 'PUT' && !cut) {
          cut = true;
          return route.abort('internetdisconnected');
        }
        return route.continue();
      });
      await page.getByRole('button', { name: messages.deposer }).click();
      const failure = page.getByTestId('echec-depot');
      await failure.waitFor();
      expect(await failure.textContent()).toContain(messages.envoiInterrompu);
      expect(await nationalite.inputValue()).not.toBe('');
      await failure.getByRole('button', { name: messages.reessayer }).click();

      // The receipt: its number, each file's bar at 100 %, the link to the dashboard.
      const receipt = page.getByTestId('recu');
      await receipt.waitFor();
      expect(puts.count).toBe(2);
      const reference = (await page.getByTestId('reference-dossier').textContent())!.trim();
      expect(reference).toMatch(/^[A-Z0-9]+-\d{4}-\d{6,}$/);
      // The receipt keeps each file's bar full.
      const label = fill(messages.envoiFichier, { nom: PDF_NAME });
      const bar = receipt.getByRole('progressbar', { name: label });
      expect(await bar.first().getAttribute('aria-valuenow')).toBe('100');
      // The receipt's title says the deposit is done.
      await page.getByRole('heading', { name: messages.recuTitre }).waitFor();
      // Nothing overflows a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      await receipt.getByRole('link', { name: messages.allerTableauDeBord }).click();
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      const row = page.locator(`tr[data-reference="${reference}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('Ouagadougou');
      expect(await row.textContent()).toContain('Déposé');

      // /depot now says the dossier exists.
      await page.goto('/depot');
      await page.getByTestId('dossier-existant').waitFor();
    } finally {
      await close();
    }
  });

  it('opens the proof in the viewer, drawn by pdf.js, with zoom steps of 20 px', async () => {
    const { page, close } = await studentOnPhone();
    try {
      await page.goto('/tableau-de-bord');
      const row = page.locator('tr[data-reference]').first();
      await row.getByRole('link', { name: messages.consulter }).click();
      await page.waitForURL(/\/consult-dossier\/\d+$/);
      const table = page.getByTestId('criteres');
      await table.getByText(CRITERES.burkinabe).waitFor();
      expect(await table.textContent()).toContain(messages.nonAnalyse);
      await page.getByRole('button', { name: fill(messages.voirJustificatif, { nom: PDF_NAME }) }).click();
      const viewer = page.getByTestId('visionneuse');
      await viewer.waitFor();
      await viewer.locator('canvas[data-testid="page-pdf"][data-rendered="true"]').first().waitFor();
      const width = page.getByTestId('largeur-document');
      const before = Number(/\d+/.exec((await width.textContent())!)![0]);
      await viewer.getByRole('button', { name: messages.zoomPlus }).click();
      await page.waitForFunction(
        (expected) =>
          document.querySelector('[data-testid="largeur-document"]')?.textContent?.includes(expected),
        String(before + 20),
      );
      await viewer.locator('canvas[data-rendered="true"]').first().waitFor();
      const drawn = await viewer
        .locator('canvas[data-rendered="true"]')
        .first()
        .evaluate((c: HTMLCanvasElement) => c.style.width);
      expect(drawn).toBe(`${before + 20}px`);
      expect(
        await viewer.getByRole('link', { name: messages.telechargerDocument }).getAttribute('download'),
      ).toBe(PDF_NAME);
      await viewer.getByRole('button', { name: messages.fermer }).click();
      await viewer.waitFor({ state: 'hidden' });
    } finally {
      await close();
    }
  });

  it('edits the dossier from the prefilled form, then deletes it after the confirmation', async () => {
    const { page, close } = await studentOnPhone();
    try {
      await page.goto('/tableau-de-bord');
      const row = page.locator('tr[data-reference]').first();
      await row.getByRole('link', { name: messages.modifier }).click();
      await page.waitForURL(/\/edit-dossier\/\d+$/);
      await page.getByText(fill(messages.documentActuel, { nom: PDF_NAME })).waitFor();
      const situation = page.getByLabel(TYPES.situation, { exact: true });
      expect(await situation.inputValue()).not.toBe('');
      await situation.selectOption({ label: CRITERES.orphelin });
      await page.getByLabel(proofLabel(CRITERES.orphelin), { exact: true }).setInputFiles(pdfPath);
      await page.getByRole('button', { name: messages.deposer }).click();
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      await page.getByText(messages.dossierModifie).waitFor();

      // Delete: the dialog names the dossier and what deleting means; « Garder mon dossier » keeps
      // it; « Supprimer le dossier » removes it.
      const reference = (await row.getAttribute('data-reference')) ?? '';
      await row.getByRole('button', { name: messages.supprimer }).click();
      const dialog = page.getByTestId('confirmation');
      await dialog.getByText(fill(messages.confirmerSuppressionDossier, { reference })).waitFor();
      expect(await dialog.textContent()).toContain(reference);
      expect(await dialog.textContent()).toContain('déposer un nouveau');
      expect(await dialog.getByRole('heading').textContent()).toBe(messages.confirmerTitre);
      await dialog.getByRole('button', { name: messages.garderLeDossier, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.locator('tr[data-reference]').count()).toBe(1);
      await row.getByRole('button', { name: messages.supprimer }).click();
      await dialog.getByRole('button', { name: messages.supprimerLeDossier, exact: true }).click();
      await page.getByText(messages.dossierSupprime).waitFor();
      await page.getByTestId('aucun-dossier').waitFor();
    } finally {
      await close();
    }
  });
});
