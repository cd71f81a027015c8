import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { fieldLabel } from '../../src/domain/resources/labels';
import { fill } from '../../src/web/lib/format';
import { launchBrowser, newPage, requestsSeen, signInStored } from '../helpers/browser';
import { menuEntry } from '../helpers/menu';
import { DIRECTIONS_BY_FILE, depositedDossier, staffAccount, type Made } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// The staff's deposit screens in a real Chromium against the real server
// (docs/sessions-and-dossiers.md#the-deposit-lists): /depot-direction (a direction and a phase required before anything is sent, then the
// shared table and its Excel export, the view action to the file), /depot-general, and the
// staff dashboard (its chart.js chunk loaded by that page only, its figures as a table).

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const INE = `DD${String(Date.now()).slice(-10)}`;
const CRITERE = `Boursier ${tag}`;
let made: Made;
let central: { userName: string; password: string };
let regional: { userName: string; password: string };

const baseURL = () => e2eServer().baseURL;

beforeAll(async () => {
  browser = await launchBrowser();
  made = await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['staff-deposits.test.ts'],
    ine: INE,
    nomEtudiant: 'Dicko',
    prenomEtudiant: 'Hamidou',
    phase: 'INSCRIPTION',
    types: [
      {
        libelle: `Bourse ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: CRITERE,
        note: 2,
        proof: false,
      },
    ],
  });
  central = await staffAccount(
    made.token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
    made.idDirection,
    `dc${tag}`,
  );
  regional = await staffAccount(made.token, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR', made.idDirection, `dd${tag}`);
});
afterAll(async () => {
  await browser?.close();
});

function table(page: Page): Locator {
  return page.locator('.resource-table').getByRole('table');
}

/** Picks an option of a PrimeReact dropdown by the id of its input. */
async function choose(page: Page, inputId: string, option: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: messages.menuPrincipal });
}

describe('staff deposit screens', () => {
  it('/depot-direction: required choices, Afficher, rows, Excel export and the view action', async () => {
    const { context, page } = await newPage(browser);
    try {
      const lists: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'GET' && /campus\/dossier\?/.test(r.url())) lists.push(r.url());
      });
      await signInStored(page, central.userName, central.password);
      await (await menuEntry(page, messages.menuDepotDirection)).click();
      await page.waitForURL(`${baseURL()}/depot-direction`);
      await page.getByRole('heading', { name: messages.depotDirectionTitre }).waitFor();

      // Nothing chosen: both fields say so, and no request leaves.
      await page.getByRole('button', { name: messages.afficher }).click();
      await expect.poll(() => page.getByText(messages.champObligatoire).count()).toBe(2);
      await requestsSeen(page);
      expect(lists).toHaveLength(0);

      await choose(page, 'depot-direction', made.libelleDirection);
      await page.getByRole('button', { name: messages.afficher }).click();
      await expect.poll(() => page.getByText(messages.champObligatoire).count()).toBe(1);
      await requestsSeen(page);
      expect(lists).toHaveLength(0);

      await choose(page, 'depot-phase', enumLabel('etatSession', 'INSCRIPTION'));
      const answer = page.waitForResponse((r) => /campus\/dossier\?/.test(r.url()));
      await page.getByRole('button', { name: messages.afficher }).click();
      const url = new URL((await answer).url());
      expect(url.searchParams.get('idDirection')).toBe(String(made.idDirection));
      expect(url.searchParams.get('etatSession')).toBe('INSCRIPTION');
      expect(url.searchParams.get('size')).toBe('10');
      const row = table(page).locator('tbody tr', { hasText: INE });
      await row.waitFor();
      expect(await row.textContent()).toContain(made.referenceDossier);
      expect(await row.textContent()).toContain(enumLabel('statutDossier', 'DEPOSE'));
      await expect
        .poll(() => page.getByTestId('nombre-dossiers').textContent())
        .toBe(fill(messages.dossiersTrouves, { n: 1 }));

      // Exporter: a real workbook of the same list.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages.exporter }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByText(messages.exportReussi).first().waitFor();

      // The view action opens the file, with its criterion.
      await row.getByRole('link', { name: fill(messages.voirDossierDe, { nom: 'Dicko Hamidou' }) }).click();
      await page.waitForURL(`${baseURL()}/consult-dossier-etudiant/${made.idDossier}/${INE}`);
      await page
        .getByRole('heading', { name: fill(messages.consultEtudiantTitre, { nom: 'Dicko Hamidou' }) })
        .waitFor();
      await page.getByTestId('criteres').getByText(CRITERE).waitFor();
      expect(await page.getByTestId('statut-dossier').textContent()).toBe(
        enumLabel('statutDossier', 'DEPOSE'),
      );
    } finally {
      await context.close();
    }
  });

  it('holds a regional manager to its direction, and /depot-general searches every deposit', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, regional.userName, regional.password);
      await page.goto('/depot-direction');
      expect(await page.getByTestId('direction-fixe').textContent()).toContain(made.libelleDirection);
      // Its direction is fixed: the page asks for a phase only.
      await page.getByText(messages.depotDirectionIntroFixe).waitFor();
      await choose(page, 'depot-phase', enumLabel('etatSession', 'INSCRIPTION'));
      await page.getByRole('button', { name: messages.afficher }).click();
      await table(page).locator('tbody tr', { hasText: INE }).waitFor();

      const first = page.waitForResponse((r) => /campus\/dossier\?/.test(r.url()));
      await (await menuEntry(page, messages.menuDepotGeneral)).click();
      await page.waitForURL(`${baseURL()}/depot-general`);
      await page.getByRole('heading', { name: messages.depotGeneralTitre }).waitFor();
      // A regional manager reads its own direction's dossiers, and the page says so.
      await page.getByText(messages.depotGeneralIntroDirection).waitFor();
      // The newest academic year is chosen at once: the list asks for it, and says it.
      expect(new URL((await first).url()).searchParams.get('anneeDebut')).toBe('2026');
      expect(await page.locator('.p-dropdown:has(#depot-general-annee)').textContent()).toContain(
        '2026-2027',
      );
      const answer = page.waitForResponse(
        (r) => /campus\/dossier\?/.test(r.url()) && new URL(r.url()).searchParams.get('q') === INE,
      );
      await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(INE);
      await answer;
      const row = table(page).locator('tbody tr', { hasText: INE });
      await row.waitFor();
      await expect.poll(() => table(page).locator('tbody tr').count()).toBe(1);
      await expect
        .poll(() => page.getByTestId('nombre-dossiers').textContent())
        .toBe(fill(messages.dossiersTrouves, { n: 1 }));
      // The year is the chooser's, not repeated in a column; the export holds the row the screen
      // shows, with that session.
      expect(await table(page).locator('thead').textContent()).not.toContain(messages.colonneAnneeSession);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages.exporter }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      // A searched list's file says so above its table (« Recherche : … »), then its one row.
      const lines: string[][] = [];
      sheet.eachRow({ includeEmpty: true }, (row) =>
        lines.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
      );
      const searched = fill(messages.exportRecherche, { texte: INE });
      expect(lines.filter((l) => l[0] === searched)).toHaveLength(1);
      const at = lines.findIndex((l) => l.includes(fieldLabel('ine'))) + 1;
      expect(at).toBeGreaterThan(0);
      const header = (sheet.getRow(at).values as unknown[]).slice(1).map(String);
      expect(sheet.rowCount).toBe(at + 1);
      const cell = (label: string) => String(sheet.getRow(at + 1).getCell(header.indexOf(label) + 1).value);
      expect(cell(messages.colonneAnneeSession)).toBe('2026-2027');
      expect(cell(fieldLabel('ine'))).toBe(INE);
      expect(header).not.toContain(fieldLabel('statutSession'));
    } finally {
      await context.close();
    }
  });

  it('draws the dashboard, the figures as a table, and a retry after a dropped load', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, regional.userName, regional.password);
      await page.goto('/depot-general');
      await table(page).waitFor();

      // The connection drops on the first load (and on the client's one silent retry): the page says
      // so and offers to try again; the second try draws the figures.
      let cuts = 0;
      await page.route('**/campus/dash-board*', (route) =>
        cuts++ < 2 ? route.abort('internetdisconnected') : route.continue(),
      );
      await menu(page).getByRole('link', { name: messages.menuTableauDeBord }).click();
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      const failure = page
        .getByRole('alert')
        .filter({ has: page.getByRole('button', { name: messages.reessayer }) });
      await failure.waitFor();
      expect(await page.getByRole('table', { name: messages.dashboardTableau }).count()).toBe(0);
      await failure.getByRole('button', { name: messages.reessayer }).click();
      const figures = page.getByRole('table', { name: messages.dashboardTableau });
      await figures.waitFor();
      const row = figures.getByRole('row', { name: /Dori/ });
      await row.waitFor();
      const cells = await row.locator('td').allTextContents();
      expect(cells).toHaveLength(3);
      expect(Number(cells[2])).toBeGreaterThanOrEqual(1);
      // Each city a funnel whose steps say their count (screen-words.test.ts checks its words).
      await page.getByTestId('graphique-ville').first().locator('.funnel-step').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
