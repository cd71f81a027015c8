import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { roundScore } from '../../src/domain/score';
import { fill } from '../../src/web/lib/format';
import { apiCall, launchBrowser, newPage, signInStored } from '../helpers/browser';
import { DIRECTIONS_BY_FILE, depositedDossier, staffAccount, type Made } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// The analysis in a real Chromium against the real server (docs/sessions-and-dossiers.md#analysis,
// docs/deliberation.md): the admin prepares a deposit through the API and moves the session to ANALYSE; a
// regional manager finds the file by INE on /analyse, opens a proof in the viewer (pdf.js, zoom
// ± 20 px), is stopped while a criterion has no value, analyses every criterion and sees the new
// status and score in the list. A manager whose direction's session is not in ANALYSE sees
// 'Session d'analyse close'.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const INE = `AN${String(Date.now()).slice(-10)}`;
const ORPHELIN = `Orphelin de père ${tag}`;
const HANDICAP = `Handicap moteur ${tag}`;
let made: Made;
let manager: { userName: string; password: string };

const baseURL = () => e2eServer().baseURL;
const moyenneFr = (n: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roundScore(n),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  made = await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['analysis.test.ts'],
    ine: INE,
    nomEtudiant: 'Yaméogo',
    prenomEtudiant: 'Aïcha',
    phase: 'ANALYSE',
    types: [
      {
        libelle: `Orphelin ${tag}`,
        coefficient: 3,
        obligatoire: false,
        critere: ORPHELIN,
        note: 4,
        proof: true,
      },
      {
        libelle: `Handicap ${tag}`,
        coefficient: 2,
        obligatoire: false,
        critere: HANDICAP,
        note: 5,
        proof: true,
      },
    ],
  });
  manager = await staffAccount(made.token, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR', made.idDirection, `an${tag}`);
});
afterAll(async () => {
  await browser?.close();
});

/** The score the server is to store (docs/score.md), from the live coefficients and notes. */
async function expectedScore(values: Record<number, string>): Promise<number> {
  const types = await apiCall<{ idTypeCritere: number; coefficient: number }[]>(
    'GET',
    'campus/type-critere',
    {
      token: made.token,
    },
  );
  const criteres = await apiCall<{ idCritere: number; note: number }[]>('GET', 'campus/critere', {
    token: made.token,
  });
  const detail = await apiCall<{
    listeDossierCritere: { idDossierCritere: number; idTypeCritere: number; idCritere: number }[];
  }>('GET', `campus/dossier/depot?ineEtudiant=${INE}&idDossier=${made.idDossier}`, { token: made.token });
  const coef = new Map(types.body.map((t) => [t.idTypeCritere, t.coefficient]));
  const note = new Map(criteres.body.map((c) => [c.idCritere, c.note]));
  const divisor = types.body.reduce((s, t) => s + t.coefficient, 0);
  const sum = detail.body.listeDossierCritere
    .filter((e) => values[e.idDossierCritere] === 'VALIDE')
    .reduce((s, e) => s + (coef.get(e.idTypeCritere) ?? 0) * (note.get(e.idCritere) ?? 0), 0);
  return divisor === 0 ? 0 : sum / divisor;
}

function table(page: Page): Locator {
  return page.locator('.resource-table').getByRole('table');
}

describe('analysis', () => {
  it('finds a file by INE, shows its proof, analyses every criterion and shows the new status and score', async () => {
    const { context, page } = await newPage(browser);
    try {
      const patches: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('campus/analyse-dossier'))
          patches.push(r.postData() ?? '');
      });
      await signInStored(page, manager.userName, manager.password);
      await page
        .getByRole('navigation', { name: messages.menuPrincipal })
        .getByRole('link', { name: messages.menuCommission })
        .click();
      await page.waitForURL(`${baseURL()}/analyse`);
      await page.getByRole('heading', { name: messages.analyseTitre }).waitFor();
      await page.getByTestId('direction-fixe').waitFor();

      // The INE search is required; then it finds the file.
      await page.getByRole('button', { name: messages.rechercher }).click();
      await page.getByText(messages.champObligatoire).waitFor();
      const found = page.waitForResponse(
        (r) => r.url().includes('campus/dossier?') && new URL(r.url()).searchParams.get('filtre.ine') === INE,
      );
      await page.getByLabel(messages.rechercheIne).fill(INE);
      await page.getByRole('button', { name: messages.rechercher }).click();
      expect((await found).status()).toBe(200);
      const row = table(page).locator('tbody tr', { hasText: INE });
      await row.waitFor();
      await expect.poll(() => table(page).locator('tbody tr').count()).toBe(1);
      expect(await row.textContent()).toContain(enumLabel('statutDossier', 'DEPOSE'));

      // The dialog: one dropdown per criterion beside its proof.
      await row
        .getByRole('button', { name: fill(messages.analyserDossierDe, { nom: 'Yaméogo Aïcha' }) })
        .click();
      const dialog = page.getByTestId('dialogue-analyse');
      await dialog.waitFor();
      await dialog.getByRole('cell', { name: ORPHELIN, exact: true }).waitFor();

      // The proof opens in the viewer, drawn by pdf.js; zoom + widens it by 20 px.
      await dialog
        .getByRole('row', { name: new RegExp(ORPHELIN) })
        .getByRole('button')
        .click();
      const viewer = page.getByTestId('visionneuse');
      await viewer.locator('canvas[data-rendered="true"]').first().waitFor();
      const width = async () =>
        Number((await viewer.getByTestId('largeur-document').textContent())!.match(/\d+/)![0]);
      const before = await width();
      await viewer.getByRole('button', { name: messages.zoomPlus }).click();
      await expect.poll(width).toBe(before + 20);
      await viewer.getByRole('button', { name: messages.zoomMoins }).click();
      await expect.poll(width).toBe(before);
      await viewer.getByRole('button', { name: messages.fermer }).click();
      await viewer.waitFor({ state: 'detached' });

      // Nothing is sent while a criterion has no value.
      const selects = dialog.locator('select');
      const count = await selects.count();
      expect(count).toBeGreaterThanOrEqual(2);
      await dialog.getByLabel(fill(messages.analyseCritere, { critere: ORPHELIN })).selectOption('VALIDE');
      await dialog.getByRole('button', { name: messages.enregistrer }).click();
      await dialog.getByText(messages.analyserTousCriteres).waitFor();
      expect(patches).toHaveLength(0);

      // Every criterion: VALIDE, but the disability INVALIDE.
      for (let i = 0; i < count; i++) await selects.nth(i).selectOption('VALIDE');
      await dialog.getByLabel(fill(messages.analyseCritere, { critere: HANDICAP })).selectOption('INVALIDE');
      const options = await dialog
        .getByLabel(fill(messages.analyseCritere, { critere: HANDICAP }))
        .locator('option')
        .allTextContents();
      expect(options).toEqual(
        expect.arrayContaining(
          ['VALIDE', 'INVALIDE', 'INJUSTIFIE'].map((v) => enumLabel('valeurAnalyse', v)),
        ),
      );
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes('analyse-dossier'),
      );
      await dialog.getByRole('button', { name: messages.enregistrer }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText(messages.analyseEffectuee).first().waitFor();

      // The payload carries values only, never a document.
      expect(patches).toHaveLength(1);
      const body = JSON.parse(patches[0]) as {
        idDossier: number;
        listeDossierCritere: Record<string, unknown>[];
      };
      expect(body.idDossier).toBe(made.idDossier);
      expect(body.listeDossierCritere).toHaveLength(count);
      for (const e of body.listeDossierCritere) {
        expect(Object.keys(e).sort()).toEqual(['idDossierCritere', 'valeurAnalyse']);
      }
      const values = Object.fromEntries(
        body.listeDossierCritere.map((e) => [Number(e.idDossierCritere), String(e.valeurAnalyse)]),
      );
      const score = moyenneFr(await expectedScore(values));
      // The dialog showed how the score is reached, and the saved file its status and score.
      expect(await dialog.getByTestId('moyenne-calculee').textContent()).toBe(score);
      await expect.poll(() => dialog.getByTestId('moyenne-dossier').textContent()).toBe(score);
      expect(await dialog.getByTestId('statut-dossier').textContent()).toBe(
        enumLabel('statutDossier', 'ANALYSE'),
      );

      // Quitter: the list shows the new status and the score (2 decimals).
      await dialog.getByRole('button', { name: messages.quitter }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => row.textContent()).toContain(enumLabel('statutDossier', 'ANALYSE'));
      expect(await row.textContent()).toContain(score);
    } finally {
      await context.close();
    }
  });

  it('keeps the « Analyse » choice of every criterion on a 360 px phone, under its criterion', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, manager.userName, manager.password);
      // The phone's width once signed in (the sign-in's check reads the header's name, a wide screen's).
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`${baseURL()}/analyse`);
      await page.getByLabel(messages.rechercheIne).fill(INE);
      await page.getByRole('button', { name: messages.rechercher }).click();
      const row = table(page).locator('tbody tr', { hasText: INE });
      await row.waitFor();
      // The row's actions are on its card, within the screen.
      const open = row.getByRole('link', { name: fill(messages.ouvrirAnalyseDe, { nom: 'Yaméogo Aïcha' }) });
      const openBox = (await open.boundingBox())!;
      expect(openBox.x + openBox.width).toBeLessThanOrEqual(360);
      await open.click();
      const criteres = page.getByTestId('criteres-analyse');
      await criteres.waitFor();
      const selects = criteres.locator('select');
      expect(await selects.count()).toBeGreaterThan(0);
      for (const select of await selects.all()) {
        const box = (await select.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      // Nothing of the page scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });

  it('tells a manager whose direction has no open session that there is none, no table', async () => {
    // A direction of its own: another file on this worker's server may open a session for any
    // demo direction before this test runs.
    const created = await apiCall<{ idDirection: number }>('POST', 'campus/direction', {
      token: made.token,
      body: { libelleDirection: `Direction sans session ${tag}`, sigleDirection: `NS${tag}`.slice(0, 20) },
    });
    expect(created.status).toBe(201);
    const ownDirection = created.body;
    const other = await staffAccount(
      made.token,
      'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
      ownDirection.idDirection,
      `man${tag}`,
    );
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, other.userName, other.password);
      await page.goto('/analyse');
      await page.getByTestId('session-analyse-close').waitFor();
      expect(await page.getByTestId('session-analyse-close').textContent()).toBe(
        messages.aucuneSessionOuverte,
      );
      expect(await page.locator('.resource-table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("offers only the session's current and later phases on the sessions screen", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, 'admin', e2eServer().adminPassword);
      await page.goto('/parametre/session');
      // Other browser tests add sessions to the same server: this direction's, whatever their page.
      await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(made.libelleDirection);
      const row = table(page)
        .locator('tbody tr', { hasText: made.libelleDirection })
        .filter({
          hasText: enumLabel('etatSession', 'ANALYSE'),
        });
      await row.first().getByRole('button', { name: messages.modifier }).click();
      await page.locator('.p-dropdown:has(#champ-etatSession)').click();
      const options = await page.locator('.p-dropdown-panel').getByRole('option').allTextContents();
      expect(options).toEqual([
        enumLabel('etatSession', 'ANALYSE'),
        enumLabel('etatSession', 'DELIBERATION'),
      ]);
    } finally {
      await context.close();
    }
  });
});
