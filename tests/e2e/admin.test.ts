import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { adminToken, apiCall, launchBrowser, newPage, requestsSeen, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';

// The settings area as an admin in a real Chromium against the real server: the housing stock is
// built through the real screens and their cascading dropdowns (cité → bâtiment → niveau →
// couloir, catégorie → chambre → lit), then a row is edited, another deleted, and the export
// screen's CSV is downloaded and read.

let browser: Browser;
let context: BrowserContext;
let page: Page;

const tag = Date.now().toString(36).slice(-5);
const names = {
  cite: `Cité Wend-Panga ${tag}`,
  batiment: `Pavillon A ${tag}`,
  batimentModifie: `Pavillon A rénové ${tag}`,
  niveau: `Rez-de-chaussée ${tag}`,
  couloir: `Couloir Est ${tag}`,
  categorie: `Chambre double ${tag}`,
  chambre: `Chambre 101 ${tag}`,
  lit: `Lit 1 ${tag}`,
  litSupprime: `Lit 2 ${tag}`,
};

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await signInStored(page, 'admin', e2eServer().adminPassword);
});
// A test that fails with a dialog open must not take the next ones down with it.
afterEach(async () => {
  if ((await page.getByRole('dialog').count()) > 0) await page.reload();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');

/** Opens a settings screen through the side panel. */
async function openScreen(title: string, heading = title) {
  const side = page.getByRole('navigation', { name: messages.menuReglagesSection });
  if ((await side.count()) === 0) {
    await page.goto('/parametre');
  }
  await page
    .getByRole('navigation', { name: messages.menuReglagesSection })
    .getByRole('link', { name: title, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  // Other browser tests add rows to the same server: this test's rows are found by their tag,
  // whatever their page.
  await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(tag);
}

/** Picks an option of a PrimeReact dropdown found by its label, waiting for the options to load. */
async function choose(scope: Locator, label: string, option: string) {
  const dropdown = dropdownOf(scope, label);
  await dropdown.click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.getByRole('option', { name: option, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
  expect(await dropdown.locator('.p-dropdown-label').textContent()).toBe(option);
}

/** The PrimeReact dropdown whose (hidden, focusable) input has this label. */
function dropdownOf(scope: Locator, label: string): Locator {
  return scope.locator('.p-dropdown').filter({ has: page.getByLabel(label, { exact: true }) });
}

async function fill(scope: Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

/** Saves the dialog and waits for the server's answer: the success toast and the dialog closed. */
async function save() {
  await dialog().getByRole('button', { name: messages.enregistrer }).click();
  await page.locator('.p-toast').getByText(messages.operationReussie).first().waitFor();
  await dialog().waitFor({ state: 'detached' });
}

const row = (text: string) => page.locator('.p-datatable-tbody tr').filter({ hasText: text });

async function add(title: string, steps: (d: Locator) => Promise<void>, shown: string) {
  await openScreen(title);
  await page.getByRole('button', { name: messages.ajouter }).click();
  const d = dialog();
  await d.waitFor();
  await steps(d);
  await save();
  await row(shown).first().waitFor();
}

describe('settings screens', () => {
  it('shows the required-field message and sends nothing while the form is incomplete', async () => {
    await openScreen('Cités');
    const posts: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().includes('/campus/cite')) posts.push(r.url());
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: messages.ajouter }).click();
    const d = dialog();
    // PrimeReact's dialog draws its content a few renders after the click.
    await expect.poll(() => d.getByText('Informations cité').count()).toBe(1);
    await d.getByRole('button', { name: messages.enregistrer }).click();
    await d.getByText(messages.champObligatoire).first().waitFor();
    expect(await d.getByText(messages.champObligatoire).count()).toBe(3);
    await requestsSeen(page);
    expect(posts).toEqual([]);
    page.off('request', onRequest);
    await d.getByRole('button', { name: messages.quitter }).click();
    await d.waitFor({ state: 'detached' });
  });

  it('builds the housing stock through the cascading dropdowns', async () => {
    await add(
      'Cités',
      async (d) => {
        await choose(d, 'Ville', 'Ouagadougou');
        await fill(d, 'Nom de la cité', names.cite);
        await d.getByLabel('Nombre de lits', { exact: true }).fill('120');
        await fill(d, 'Adresse', 'Secteur 15, Kossodo');
      },
      names.cite,
    );
    expect(await row(names.cite).textContent()).toContain('Ouagadougou');

    await add(
      'Bâtiments',
      async (d) => {
        // The sex of the occupants defaults to 'Mixte'.
        expect(await dropdownOf(d, 'Sexe des occupants').textContent()).toContain('Mixte');
        await choose(d, 'Cité', names.cite);
        await fill(d, 'Libellé du bâtiment', names.batiment);
        await fill(d, 'Code du bâtiment', 'A');
      },
      names.batiment,
    );

    await add(
      'Niveaux',
      async (d) => {
        // The building list waits for a cité.
        const batiment = dropdownOf(d, 'Bâtiment');
        expect(await batiment.getAttribute('class')).toContain('p-disabled');
        await choose(d, 'Cité', names.cite);
        await choose(d, 'Bâtiment', names.batiment);
        await fill(d, 'Libellé du niveau', names.niveau);
        await fill(d, 'Code du niveau', '0');
      },
      names.niveau,
    );

    await add(
      'Couloirs',
      async (d) => {
        await choose(d, 'Cité', names.cite);
        await choose(d, 'Bâtiment', names.batiment);
        await choose(d, 'Niveau', names.niveau);
        await fill(d, 'Libellé du couloir', names.couloir);
        await fill(d, 'Code du couloir', 'E');
      },
      names.couloir,
    );

    await add(
      'Catégories de chambre',
      async (d) => {
        await choose(d, 'Cité', names.cite);
        await fill(d, 'Libellé de la catégorie', names.categorie);
        await d.getByLabel('Montant (FCFA)', { exact: true }).fill('5000');
      },
      names.categorie,
    );

    await add(
      'Chambres',
      async (d) => {
        await choose(d, 'Cité', names.cite);
        await choose(d, 'Bâtiment', names.batiment);
        await choose(d, 'Niveau', names.niveau);
        await choose(d, 'Couloir', names.couloir);
        await choose(d, 'Catégorie', `${names.categorie} (5000 FCFA)`);
        await fill(d, 'Libellé de la chambre', names.chambre);
        await fill(d, 'Code de la chambre', '101');
      },
      names.chambre,
    );

    for (const [libelle, code] of [
      [names.lit, '1'],
      [names.litSupprime, '2'],
    ]) {
      await add(
        'Lits',
        async (d) => {
          await choose(d, 'Cité', names.cite);
          await choose(d, 'Bâtiment', names.batiment);
          await choose(d, 'Niveau', names.niveau);
          await choose(d, 'Couloir', names.couloir);
          await choose(d, 'Chambre', names.chambre);
          await fill(d, 'Libellé du lit', libelle);
          await fill(d, 'Code du lit', code);
        },
        libelle,
      );
    }
    const litRow = await row(names.lit).textContent();
    for (const part of [names.chambre, names.couloir, names.niveau, names.batiment, names.cite])
      expect(litRow).toContain(part);

    // The server holds what the screens sent, virtual cascade fields left out.
    const token = await adminToken();
    const lits = await apiCall<Record<string, unknown>[]>(
      'GET',
      `campus/lit?q=${encodeURIComponent(names.lit)}`,
      { token },
    );
    expect(lits.body).toHaveLength(1);
    expect(lits.body[0]).toMatchObject({
      libelleLit: names.lit,
      codeLit: '1',
      libelleChambre: names.chambre,
      nomCite: names.cite,
    });
  });

  it('edits a building, and opens a bed with its inherited cascade prefilled', async () => {
    await openScreen('Bâtiments');
    await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(tag);
    await row(names.batiment).getByRole('button', { name: messages.modifier }).click();
    const d = dialog();
    expect(await d.getByLabel('Libellé du bâtiment', { exact: true }).inputValue()).toBe(names.batiment);
    await fill(d, 'Libellé du bâtiment', names.batimentModifie);
    await save();
    await row(names.batimentModifie).waitFor();

    await openScreen('Lits');
    await row(names.lit).getByRole('button', { name: messages.modifier }).click();
    const expected: Record<string, string> = {
      Cité: names.cite,
      Bâtiment: names.batimentModifie,
      Niveau: names.niveau,
      Couloir: names.couloir,
      Chambre: names.chambre,
    };
    // Each dropdown of the cascade shows the bed's own place once its options have loaded.
    await page.waitForFunction((want) => {
      const shown = (text: string) => {
        const label = [...document.querySelectorAll('[role=dialog] label')].find(
          (l) => l.textContent === text,
        );
        const input = label && document.getElementById(label.getAttribute('for') ?? '');
        return input?.closest('.p-dropdown')?.querySelector('.p-dropdown-label')?.textContent;
      };
      return Object.entries(want).every(([label, value]) => shown(label) === value);
    }, expected);
    expect(await d.getByLabel('Libellé du lit', { exact: true }).inputValue()).toBe(names.lit);
    await d.getByRole('button', { name: messages.quitter }).click();
    await d.waitFor({ state: 'detached' });
  });

  it('deletes a bed after the confirmation, and reports a refused delete', async () => {
    await openScreen('Lits');
    await row(names.litSupprime).getByRole('button', { name: messages.supprimer }).click();
    const confirm = page.getByRole('dialog', { name: messages.confirmerTitre });
    await confirm.getByText(messages.confirmerSuppression).waitFor();
    await confirm.getByRole('button', { name: messages.oui, exact: true }).click();
    await page.locator('.p-toast').getByText(messages.operationReussie).first().waitFor();
    await row(names.litSupprime).waitFor({ state: 'detached' });
    expect(await row(names.lit).count()).toBe(1);

    // A cité that still has buildings cannot go: the failure says why.
    await openScreen('Cités');
    await row(names.cite).getByRole('button', { name: messages.supprimer }).click();
    await page
      .getByRole('dialog', { name: messages.confirmerTitre })
      .getByRole('button', { name: messages.oui, exact: true })
      .click();
    const toast = page.locator('.p-toast-message-error');
    await toast.getByText(messages.echecOperation).waitFor();
    expect(await toast.textContent()).toContain(messages.erreurReferenceUtilisee);
    expect(await row(names.cite).count()).toBe(1);
  });

  it('creates a staff account, finds it by identifier and resets its password', async () => {
    const userName = `agent.${tag}`;
    await openScreen('Utilisateurs');
    await page.getByRole('button', { name: messages.ajouter }).click();
    const d = dialog();
    await fill(d, 'Identifiant', userName);
    await fill(d, 'Nom', 'Sawadogo');
    await fill(d, 'Prénom', 'Bintou');
    await fill(d, 'E-mail', `${userName}@cenou.bf`);
    // Student accounts come only from registration: the role list offers the staff roles.
    await dropdownOf(d, 'Rôle').click();
    const roles = await page.locator('.p-dropdown-panel').getByRole('option').allTextContents();
    expect(roles).toEqual([
      'Administrateur',
      'Gestionnaire CENOU',
      'Gestionnaire de direction régionale',
      'Agent de cité',
    ]);
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: 'Gestionnaire CENOU', exact: true })
      .click();
    // The central manager belongs to no direction: the form asks for none.
    expect(await dropdownOf(d, 'Direction').count()).toBe(0);
    await fill(d, 'Mot de passe', 'Agent-2026-x');
    await fill(d, 'Confirmation du mot de passe', 'Agent-2026-y');
    await d.getByRole('button', { name: messages.enregistrer }).click();
    await d.getByText(messages.motsDePasseDifferents).waitFor();
    await fill(d, 'Confirmation du mot de passe', 'Agent-2026-x');
    await save();

    await page.getByLabel(messages.rechercheUtilisateur, { exact: true }).fill(userName);
    await page.getByRole('button', { name: messages.rechercher, exact: true }).click();
    await page.getByTestId('nombre-utilisateurs').getByText('1 utilisateur trouvé').waitFor();
    expect(await page.locator('.p-datatable-tbody tr').count()).toBe(1);
    expect(await row(userName).textContent()).toContain('Gestionnaire CENOU');
    const signin = await apiCall('POST', 'campus-auth/signin', {
      body: { username: userName, password: 'Agent-2026-x' },
    });
    expect(signin.status).toBe(200);

    await row(userName).getByRole('button', { name: messages.reinitialiserMotDePasse }).click();
    const confirm = page.getByRole('dialog', { name: messages.confirmerTitre });
    await confirm.getByText(userName).waitFor();
    await confirm.getByRole('button', { name: messages.oui, exact: true }).click();
    await page.locator('.p-toast').getByText(messages.motDePasseReinitialise).waitFor();
    const old = await apiCall('POST', 'campus-auth/signin', {
      body: { username: userName, password: 'Agent-2026-x' },
    });
    expect(old.status).toBe(401);
  });

  it('sends a search at once on Enter, without waiting for the typing to pause', async () => {
    // Its own page, whose timers are stopped (Playwright's clock): the search's 400 ms pause can
    // never end, so only Enter can send it.
    const own = await newPage(browser);
    try {
      await signInStored(own.page, 'admin', e2eServer().adminPassword, '/parametre/ville');
      await own.page.getByRole('heading', { level: 1, name: 'Villes' }).waitFor();
      await own.page.clock.install();
      await own.page.clock.pauseAt(Date.now() + 60_000);
      const box = own.page.getByRole('searchbox', { name: messages.rechercheGlobale });
      const sent = own.page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'Fada');
      await box.fill('Fada');
      await box.press('Enter');
      await sent;
      // Sent with the timers stopped: Enter did it. The answer is drawn through timers (the query
      // library tells its readers on the next tick), so the clock goes on before the row is read:
      // on a server where other files added towns, Fada is not on the list's first page.
      await own.page.clock.resume();
      await own.page.locator('.p-datatable-tbody tr').filter({ hasText: 'Fada' }).first().waitFor();
    } finally {
      await own.context.close();
    }
  });

  it('exports the housing stock as CSV from the export screen', async () => {
    await openScreen(messages.exportMenu, messages.exportTitre);
    await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(tag);
    await row(names.lit).waitFor();
    // The bed may already show in the first page drawn before the (debounced) search answers.
    await expect.poll(() => page.locator('.p-datatable-tbody tr').count()).toBe(1);
    const shown = await row(names.lit).textContent();
    for (const part of ['Ouagadougou', names.cite, names.batimentModifie, names.categorie])
      expect(shown).toContain(part);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: messages.exporter }).click(),
    ]);
    await page.locator('.p-toast').getByText(messages.exportReussi).waitFor();
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('Ville;Cité;Bâtiment;Niveau;Couloir;Chambre;Catégorie;Lit');
    expect(lines).toContain(
      [
        'Ouagadougou',
        names.cite,
        names.batimentModifie,
        names.niveau,
        names.couloir,
        names.chambre,
        names.categorie,
        names.lit,
      ].join(';'),
    );
    expect(text).not.toContain(names.litSupprime);
  });
});
