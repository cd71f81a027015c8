import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { adminToken, apiCall, launchBrowser, newPage, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';

// 'Journal des opérations' in a real Chromium against the real server (docs/roles.md: ADMIN only):
// the admin changes a criterion type through its settings screen, opens the journal from the
// settings side panel and finds the creation and the change (date and time in French format,
// action and resource in French, the detail old → new), searches, filters and exports it as CSV;
// a manager's account is refused the screen.

let browser: Browser;
const baseURL = () => e2eServer().baseURL;
const tag = Date.now().toString(36).slice(-5);
const libelle = `Situation familiale ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openSettingsScreen(page: Page, title: string) {
  if ((await page.getByRole('navigation', { name: messages.menuReglagesSection }).count()) === 0) {
    await page.goto('/parametre');
  }
  await page
    .getByRole('navigation', { name: messages.menuReglagesSection })
    .getByRole('link', { name: title, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

async function save(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: messages.enregistrer }).click();
  await page.locator('.p-toast').getByText(messages.operationReussie).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

const rowsOf = (page: Page): Locator => page.locator('.audit-table .p-datatable-tbody tr');

/** Waits for the journal's answer to a change of its parameters. */
function journalAnswer(page: Page, check: (params: URLSearchParams) => boolean) {
  return page.waitForResponse((r) => {
    if (!r.url().includes('/campus/audit?')) return false;
    return check(new URL(r.url()).searchParams);
  });
}

describe('journal des opérations', () => {
  it('shows a change made through a settings screen, searches, filters and exports it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, 'admin', e2eServer().adminPassword);

      // A criterion type created, then its coefficient changed, through the settings screen.
      await openSettingsScreen(page, 'Types de critères');
      await page.getByRole('button', { name: messages.ajouter }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Libellé du type de critère', { exact: true }).fill(libelle);
      await dialog.getByLabel('Coefficient', { exact: true }).fill('2');
      await save(page);
      // Other browser tests add types to the same server: find this one by the search, whatever its page.
      await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(libelle);
      const row = page.locator('.p-datatable-tbody tr').filter({ hasText: libelle });
      await row.getByRole('button', { name: messages.modifier }).click();
      await page.getByRole('dialog').getByLabel('Coefficient', { exact: true }).fill('5');
      await save(page);

      // The journal, from the Administration group of the side panel: newest first.
      await openSettingsScreen(page, messages.journalTitre);
      expect(page.url()).toBe(`${baseURL()}/parametre/journal`);
      const table = page.locator('.audit-table');
      await table.getByRole('columnheader', { name: messages.colonneDateHeure }).waitFor();
      const mine = rowsOf(page).filter({ hasText: libelle });
      await expect.poll(() => mine.count()).toBe(2);

      const [changed, created] = [mine.nth(0), mine.nth(1)];
      const changedText = (await changed.textContent()) ?? '';
      expect(changedText).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      expect(changedText).toContain('admin');
      expect(changedText).toContain('Modification');
      expect(changedText).toContain('Types de critères');
      expect(changedText).toContain('Coefficient\u00a0: 2 → 5');
      const createdText = (await created.textContent()) ?? '';
      expect(createdText).toContain('Création');
      expect(createdText).toContain(`Libellé du type de critère\u00a0: ${libelle}`);
      expect(createdText).toContain('Statut de l’item\u00a0: Facultatif');

      // The global search reads French labels: 'modification' keeps the changes only.
      const searched = journalAnswer(page, (p) => p.get('q') === 'modification');
      await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill('modification');
      await searched;
      await expect.poll(() => mine.count()).toBe(1);
      const actions = await rowsOf(page).locator('td:nth-child(3)').allTextContents();
      expect(actions.length).toBeGreaterThan(0);
      for (const action of actions) expect(action).toContain('Modification');
      await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill('');

      // The detail column's filter.
      const filtered = journalAnswer(page, (p) => p.get('filtre.detail') === libelle && !p.has('q'));
      await page
        .getByLabel(fill(messages.filtrerColonne, { colonne: messages.colonneDetail }), { exact: true })
        .fill(libelle);
      await filtered;
      await expect.poll(() => rowsOf(page).count()).toBe(2);

      // The CSV export of what is shown.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages.exporterCsv }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^journal_operations_\d{8}_\d{6}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Date et heure;Utilisateur;Action;Ressource;Concerne;Identifiant;Détail');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(';admin;Modification;Types de critères;');
      expect(lines[2]).toContain(';admin;Création;Types de critères;');
      await page.locator('.p-toast').getByText(messages.exportReussi).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('is refused to a manager: no link, and the page says access is refused', async () => {
    const token = await adminToken();
    const userName = `journal.cenou.${tag}`;
    const password = 'Journal-2026-a';
    const created = await apiCall('POST', 'campus/users', {
      token,
      body: {
        userName,
        nom: 'Ouédraogo',
        prenom: 'Rasmané',
        email: `${userName}@cenou.bf`,
        role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
        password,
      },
    });
    expect(created.status).toBe(201);
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, userName, password);
      await page.goto('/parametre/journal');
      await page.getByRole('heading', { name: messages.accesRefuseTitre }).waitFor();
      expect(await page.getByRole('link', { name: messages.journalTitre }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
