import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { adminToken, apiCall, launchBrowser, newPage, requestsSeen, signIn } from '../helpers/browser';
import { menuEntry } from '../helpers/menu';
import { e2eServer } from '../helpers/e2e';

// The application shell in a real Chromium against the real server: sign-in through /connexion,
// the menus per role, the top bar, the session across reloads, sign-out, the guards, and the
// change of one's own password.

let browser: Browser;
const SIGNIN = '/service/api/hebergement-cenou/campus-auth/signin';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function countSignins(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.url().includes(SIGNIN)) counter.count += 1;
  });
  return counter;
}

const baseURL = () => e2eServer().baseURL;

describe('shell', () => {
  it('signs the admin in through /connexion, keeps the session across a reload and signs out', async () => {
    const { adminPassword } = e2eServer();
    const me = await apiCall<{ nom: string; prenom: string; libelleDirection: string | null }>(
      'POST',
      'campus-auth/signin',
      {
        body: { username: 'admin', password: adminPassword },
      },
    );
    expect(me.status).toBe(200);
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'admin', adminPassword);
      await page.waitForURL(`${baseURL()}/parametre`);
      await page.getByText(messages.connexionReussie).waitFor();

      const mainMenu = page.getByRole('navigation', { name: messages.menuPrincipal });
      await mainMenu.getByRole('button', { name: messages.menuReglages }).waitFor();
      expect(await mainMenu.getByRole('link', { name: messages.menuConnexion }).count()).toBe(0);
      const names = page.getByTestId('nom-utilisateur');
      expect(await names.textContent()).toContain(me.body.nom);
      expect(await names.textContent()).toContain(me.body.prenom);
      // The admin belongs to no direction (docs/roles.md): the header says « Toutes les directions ».
      expect(me.body.libelleDirection).toBeNull();
      expect(await page.getByTestId('direction-utilisateur').textContent()).toBe(
        messages.toutesLesDirections,
      );

      await page.reload();
      await mainMenu.getByRole('button', { name: messages.menuReglages }).waitFor();
      expect(await page.getByTestId('nom-utilisateur').textContent()).toContain(me.body.nom);

      // The settings area opens, with its side panel (the payment group with its two screens, docs/rent.md).
      await (await menuEntry(page, messages.menuParametres)).click();
      await page.waitForURL(`${baseURL()}/parametre`);
      const side = page.getByRole('navigation', { name: messages.menuReglagesSection });
      await side.getByRole('link', { name: 'Utilisateurs' }).waitFor({ state: 'attached' });
      expect(await side.getByText(messages.groupePaiement).count()).toBe(1);
      expect(await side.locator('a[href="/parametre/operateur"]').count()).toBe(1);
      const crumbs = page.getByRole('navigation', { name: messages.filAriane });
      expect(await crumbs.textContent()).toContain(messages.menuReglages);

      await page.goto('/deconnexion');
      await page.waitForURL(`${baseURL()}/`);
      await mainMenu.getByRole('link', { name: messages.menuConnexion }).waitFor();
      expect(await page.getByTestId('nom-utilisateur').count()).toBe(0);
      expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('sends nothing while a field is empty', async () => {
    const { context, page } = await newPage(browser);
    try {
      const signins = countSignins(page);
      await page.goto('/connexion');
      await page.getByLabel(messages.champIdentifiant, { exact: true }).fill('admin');
      await page.getByRole('button', { name: messages.seConnecter }).click();
      await page.getByLabel(messages.champIdentifiant, { exact: true }).fill('');
      await page.getByLabel(messages.champMotDePasse, { exact: true }).fill('un-mot-de-passe');
      await page.getByRole('button', { name: messages.seConnecter }).click();
      await page.locator('#username[aria-invalid="true"]').waitFor();
      await requestsSeen(page);
      expect(signins.count).toBe(0);
      expect(await page.getByText(messages.erreurConnexion).count()).toBe(0);
      expect(page.url()).toBe(`${baseURL()}/connexion`);
    } finally {
      await context.close();
    }
  });

  it('shows the red error text after a wrong password', async () => {
    const { context, page } = await newPage(browser);
    try {
      const signins = countSignins(page);
      await signIn(page, 'admin', 'mauvais-mot-de-passe', { waitForShell: false });
      const error = page.getByTestId('erreur-connexion');
      await error.waitFor();
      expect(await error.textContent()).toBe(messages.erreurConnexion);
      // A sentence that says what to check, not « Erreur de connexion réessayer ».
      expect(await error.textContent()).toMatch(/^Connexion impossible\u00a0: .*mot de passe.*réessayez\.$/);
      const color = await error.evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
      expect(r).toBeGreaterThan(150);
      expect(g).toBeLessThan(80);
      expect(b).toBeLessThan(80);
      expect(signins.count).toBe(1);
      expect(page.url()).toBe(`${baseURL()}/connexion`);
      expect(await page.evaluate(() => window.localStorage.getItem('cenou.utilisateur'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it("shows the server's message once a username has too many failed attempts", async () => {
    const { context, page } = await newPage(browser);
    try {
      const username = `essai.${Date.now().toString(36)}`;
      for (let i = 0; i < 10; i++) {
        const res = await apiCall('POST', 'campus-auth/signin', {
          body: { username, password: 'mauvais-mot-de-passe' },
        });
        expect(res.status).toBe(401);
      }
      await signIn(page, username, 'mauvais-mot-de-passe', { waitForShell: false });
      const error = page.getByTestId('erreur-connexion');
      await error.waitFor();
      expect(await error.textContent()).not.toBe(messages.erreurConnexion);
      expect(await error.textContent()).toMatch(/tentatives/);
    } finally {
      await context.close();
    }
  });

  it('loads neither the table nor the administration code on the public pages', async () => {
    const { context, page } = await newPage(browser);
    try {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      for (const path of ['/', '/faq', '/connexion']) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
      }
      expect(scripts.some((s) => s.includes('HomePage'))).toBe(true);
      expect(scripts.filter((s) => /ResourceScreen|ResourceDialog|datatable|chart/i.test(s))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a visitor who opens a guarded page to /connexion', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/parametre/cite');
      // The sign-in page, asked to come back to the page it was sent from (docs/roles.md).
      await page.waitForURL(`${baseURL()}/connexion?retour=%2Fparametre%2Fcite`);
      await page.getByLabel(messages.champIdentifiant, { exact: true }).waitFor();
      const menu = page.getByRole('navigation', { name: messages.menuPrincipal });
      expect(await menu.getByRole('link', { name: messages.menuReglages }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('refuses the settings to a central manager, who changes their own password', async () => {
    const token = await adminToken();
    const userName = `gestion.${Date.now().toString(36)}`;
    const created = await apiCall('POST', 'campus/users', {
      token,
      body: {
        userName,
        nom: 'Kaboré',
        prenom: 'Awa',
        email: `${userName}@cenou.bf`,
        role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
        password: 'Gestion-2026-a',
      },
    });
    expect(created.status).toBe(201);

    const { context, page } = await newPage(browser);
    try {
      await signIn(page, userName, 'Gestion-2026-a');
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      const menu = page.getByRole('navigation', { name: messages.menuPrincipal });
      await menu.getByRole('link', { name: messages.menuAccueil }).waitFor();
      expect(await menu.getByRole('link', { name: messages.menuReglages }).count()).toBe(0);
      expect(await page.getByTestId('nom-utilisateur').textContent()).toContain('Kaboré Awa');
      // A central manager belongs to no direction: the header says so (docs/roles.md).
      expect(await page.getByTestId('direction-utilisateur').textContent()).toBe(
        messages.toutesLesDirections,
      );

      await page.goto('/parametre');
      await page.getByRole('heading', { name: messages.accesRefuseTitre }).waitFor();

      // Own password: the profile menu, then the form (checks first, then the server).
      await page.getByTestId('nom-utilisateur').click();
      await page.getByRole('link', { name: messages.changerMotDePasse }).click();
      await page.waitForURL(`${baseURL()}/profil/mot-de-passe`);
      const oldToken = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('cenou.utilisateur')!).accessToken as string,
      );
      await page.getByLabel(messages.champAncienMotDePasse, { exact: true }).fill('Gestion-2026-a');
      await page.getByLabel(messages.champNouveauMotDePasse, { exact: true }).fill('court');
      await page.getByRole('button', { name: messages.enregistrer }).click();
      await page.getByText(messages.motDePasseCourt).waitFor();
      await page.getByLabel(messages.champNouveauMotDePasse, { exact: true }).fill('Gestion-2026-b');
      await page.getByLabel(messages.champConfirmationMotDePasse, { exact: true }).fill('Gestion-2026-b');
      await page.getByRole('button', { name: messages.enregistrer }).click();
      await page.getByText(messages.motDePasseModifie).waitFor();
      await page.waitForURL(`${baseURL()}/`);

      const newToken = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('cenou.utilisateur')!).accessToken as string,
      );
      expect(newToken).not.toBe(oldToken);
      expect((await apiCall('GET', 'campus/ville', { token: newToken })).status).toBe(200);
      expect((await apiCall('GET', 'campus/ville', { token: oldToken })).status).toBe(401);
      const again = await apiCall('POST', 'campus-auth/signin', {
        body: { username: userName, password: 'Gestion-2026-b' },
      });
      expect(again.status).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('ends a session the server no longer accepts and sends to /connexion', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await page.evaluate(() =>
        window.localStorage.setItem(
          'cenou.utilisateur',
          JSON.stringify({
            username: 'admin',
            accessToken: 'jeton-expire',
            roles: ['ROLE_HEBERGEMENT_ADMIN'],
            idDirection: 1,
            nom: 'Ancien',
            prenom: 'Jeton',
            libelleDirection: null,
          }),
        ),
      );
      await page.goto('/parametre/cite');
      // The sign-in page, asked to come back to the page it was sent from (docs/roles.md).
      await page.waitForURL(`${baseURL()}/connexion?retour=%2Fparametre%2Fcite`);
      await page.getByLabel(messages.champIdentifiant, { exact: true }).waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('cenou.utilisateur'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('shows a French page for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/une-page-qui-n-existe-pas');
      await page.getByRole('heading', { name: messages.pageIntrouvableTitre }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await page.title()).toContain(messages.appTitre);
      // Its breadcrumb names no unknown segment: home only.
      const crumbs = page.getByRole('navigation', { name: messages.filAriane }).locator('li');
      const texts = async () => (await crumbs.allTextContents()).map((c) => c.trim());
      await expect.poll(texts).toEqual([messages.menuAccueil]);
      // A page's path without its number: the page's French name, not « consult-dossier ».
      await page.goto('/consult-dossier');
      await page.getByRole('heading', { name: messages.pageIntrouvableTitre }).waitFor();
      await expect.poll(texts).toEqual([messages.menuAccueil, messages.consultDossierTitre]);
    } finally {
      await context.close();
    }
  });

  it('leads from the home page to the status page, a page of the server without any script', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: messages.etatServiceTitre }).click();
      await page.waitForURL('**/etat-du-service');
      await page.getByRole('heading', { name: messages.etatServiceTitre }).waitFor();
      expect(await page.locator('script').count()).toBe(0);
      expect(await page.getByText(messages.etatServiceJours).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
