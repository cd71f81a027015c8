import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { LAYOUT_KEY } from '../../src/web/layout/settings';
import { launchBrowser, newPage, signInStored } from '../helpers/browser';
import { menuEntry } from '../helpers/menu';
import { passwordOf, readMailDir } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import { DIRECTIONS_BY_FILE, depositedDossier } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// The layout settings in a real Chromium (src/web/layout): the choices of the display settings'
// panel kept across a reload and on every page, the four menu modes, grouped submenus with the
// keyboard, reduced motion, the device's dark preference on a first visit, and the student pages
// at 360 px (no horizontal scroll, 44 px touch targets). Accessibility rules and every screen's look: screens.test.ts.

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const tag = Date.now().toString(36).slice(-5);
const INE = `L${String(Date.now()).slice(-11)}`;
let studentPassword = '';
const baseURL = () => e2eServer().baseURL;

beforeAll(async () => {
  browser = await launchBrowser();
  await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['layout.test.ts'],
    ine: INE,
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Aminata',
    phase: 'INSCRIPTION',
    types: [
      {
        libelle: `Bourse ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Boursier ${tag}`,
        note: 3,
        proof: false,
      },
    ],
  });
  const mail = readMailDir(path.join(e2eServer().dataDir, 'mail')).find((m) =>
    m.to.includes(`${INE.toLowerCase()}@exemple.bf`),
  )!;
  studentPassword = passwordOf(mail);
});
afterAll(async () => {
  await browser?.close();
});

const mainMenu = (page: Page) => page.getByRole('navigation', { name: messages.menuPrincipal });

/** The layout attributes of <html> and the resolved colours. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    const css = getComputedStyle(html);
    return {
      mode: html.dataset.menuMode,
      grouped: html.dataset.menuGrouped,
      menuColour: html.dataset.menuColour,
      profile: html.dataset.profileMode,
      colour: html.dataset.colour,
      variant: html.dataset.variant,
      primary500: css.getPropertyValue('--primary-500').trim(),
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
}

async function signInAdmin(page: Page) {
  await signInStored(page, 'admin', e2eServer().adminPassword);
}

/** Stores settings as the panel would, then reloads. */
async function useSettings(page: Page, settings: Record<string, unknown>) {
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [LAYOUT_KEY, JSON.stringify(settings)],
  );
  await page.reload();
}

describe('layout settings', () => {
  it('keeps the theme, menu mode and profile chosen in the panel across a reload and on every page', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAdmin(page);
      expect(await layoutOf(page)).toMatchObject({
        mode: 'horizontal',
        grouped: 'true',
        menuColour: 'dark',
        profile: 'inline',
        colour: 'blue',
        variant: 'accent',
      });
      const gear = page.getByRole('button', { name: messages.configAffichage });
      await gear.click();
      const panel = page.getByRole('dialog', { name: messages.configAffichage });
      await panel.waitFor();
      const choose = (group: string, option: string) =>
        panel
          .getByRole('group', { name: group, exact: true })
          .getByRole('radio', { name: option, exact: true })
          .check();
      await choose(messages.configModeMenu, messages.modeStatic);
      await choose(messages.configProfil, messages.profilPopup);
      await choose(messages.configTheme, messages.varianteSombre);
      await choose(messages.configCouleur, messages.couleurTeal);
      await choose(messages.configCouleurMenu, messages.menuClair);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      const expected = {
        mode: 'static',
        grouped: 'true',
        menuColour: 'light',
        profile: 'popup',
        colour: 'teal',
        variant: 'dark',
        primary500: '#14b8a6',
        background: 'rgb(17, 24, 39)',
      };
      expect(await layoutOf(page)).toEqual(expected);
      expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), LAYOUT_KEY))!)).toEqual({
        menuMode: 'static',
        grouped: true,
        menuColour: 'light',
        profileMode: 'popup',
        colour: 'teal',
        variant: 'dark',
      });

      await page.reload();
      await page.getByTestId('nom-utilisateur').waitFor();
      expect(await layoutOf(page)).toEqual(expected);
      // The profile pops up from the top bar, no longer in the menu.
      expect(await page.locator('.topbar').getByTestId('nom-utilisateur').count()).toBe(1);
      expect(await page.locator('#menu-principal').getByTestId('nom-utilisateur').count()).toBe(0);

      // Two other pages, reached through the static menu, keep it; PrimeReact's widgets follow the
      // colour (dark variant: the colour's 400 shade, teal 400 = #2dd4bf).
      await mainMenu(page).getByRole('link', { name: messages.menuTableauDeBord }).click();
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      // The page is there (its chunk loaded and drawn) before its layout is read.
      await page.getByRole('heading', { level: 1, name: messages.dashboardTitre }).waitFor();
      expect(await layoutOf(page)).toEqual(expected);
      await (await menuEntry(page, messages.menuParametres)).click();
      await page.waitForURL(`${baseURL()}/parametre`);
      expect(await layoutOf(page)).toEqual(expected);
      await page.goto('/parametre/cite');
      // The page's 'Ajouter' (success: the dark theme's green 400) and a plain PrimeReact button
      // (the colour's 400 shade) read the rewritten theme's variables.
      const add = page.locator('main .p-button-success').first();
      await add.waitFor();
      expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(74, 222, 128)');
      const plain = await page.evaluate(() => {
        const b = document.createElement('button');
        b.className = 'p-button p-component';
        document.querySelector('main')!.append(b);
        const colour = getComputedStyle(b).backgroundColor;
        b.remove();
        return colour;
      });
      expect(plain).toBe('rgb(45, 212, 191)');
      expect(await layoutOf(page)).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it('opens and navigates in every menu mode, grouped or not', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAdmin(page);
      const base = {
        grouped: true,
        menuColour: 'dark',
        profileMode: 'inline',
        colour: 'blue',
        variant: 'accent',
      };

      // Horizontal (default): a submenu opens with Enter, closes with Escape, then navigates.
      const depot = mainMenu(page).getByRole('button', { name: messages.menuDepot });
      expect(await depot.getAttribute('aria-expanded')).toBe('false');
      await depot.focus();
      await page.keyboard.press('Enter');
      expect(await depot.getAttribute('aria-expanded')).toBe('true');
      await mainMenu(page).getByRole('link', { name: messages.menuDepotGeneral }).waitFor();
      await page.keyboard.press('Escape');
      expect(await depot.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(messages.menuDepot);
      await page.keyboard.press(' ');
      await mainMenu(page).getByRole('link', { name: messages.menuDepotGeneral }).click();
      await page.waitForURL(`${baseURL()}/depot-general`);
      await expect.poll(() => depot.getAttribute('aria-expanded')).toBe('false');

      // Static: the side bar is there; a submenu opens in place.
      await useSettings(page, { ...base, menuMode: 'static' });
      const sidebar = page.locator('#menu-principal');
      expect(await sidebar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      await mainMenu(page).getByRole('button', { name: messages.menuAffectation }).click();
      await mainMenu(page).getByRole('link', { name: messages.menuAffectationCite }).click();
      await page.waitForURL(`${baseURL()}/affectationcite`);

      // Overlay: hidden until the menu button opens it; closes once a page is chosen.
      await useSettings(page, { ...base, menuMode: 'overlay' });
      // The shell drawn after the reload (its menu button), before the menu is found hidden.
      await page.getByRole('button', { name: messages.ouvrirMenu }).waitFor();
      expect(await mainMenu(page).isVisible()).toBe(false);
      await page.getByRole('button', { name: messages.ouvrirMenu }).click();
      await mainMenu(page).getByRole('link', { name: messages.menuFaq }).click();
      await page.waitForURL(`${baseURL()}/faq`);
      await page.getByRole('button', { name: messages.ouvrirMenu }).waitFor();
      await mainMenu(page).waitFor({ state: 'hidden' });

      // Slim: icons only, the names stay for assistive technology; a submenu pops up aside.
      await useSettings(page, { ...base, menuMode: 'slim' });
      const width = await sidebar.evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThan(100);
      await (await menuEntry(page, messages.registreTitre)).click();
      await page.waitForURL(`${baseURL()}/registre`);
      await mainMenu(page).getByRole('link', { name: messages.menuCommission }).click();
      await page.waitForURL(`${baseURL()}/analyse`);

      // Ungrouped: every entry is a link of the menu itself.
      await useSettings(page, { ...base, menuMode: 'horizontal', grouped: false });
      // The menu drawn after the reload (an entry a group would hide), before its buttons are counted.
      await mainMenu(page).getByRole('link', { name: messages.menuDepotDirection }).waitFor();
      expect(await mainMenu(page).getByRole('button').count()).toBe(0);
      await mainMenu(page).getByRole('link', { name: messages.menuDepotDirection }).click();
      await page.waitForURL(`${baseURL()}/depot-direction`);
    } finally {
      await context.close();
    }
  });

  it('moves the menu in 400 ms, and not at all under reduced motion', async () => {
    const durations: string[] = [];
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ baseURL: baseURL(), reducedMotion, viewport: PHONE });
      try {
        const page = await context.newPage();
        await page.goto('/');
        await page.getByRole('button', { name: messages.ouvrirMenu }).waitFor();
        durations.push(
          await page.locator('#menu-principal').evaluate((el) => getComputedStyle(el).transitionDuration),
        );
      } finally {
        await context.close();
      }
    }
    expect(durations[0].split(', ')[0]).toBe('0.4s');
    expect(durations[1].split(', ')[0]).toBe('0s');
  });

  it("follows the device's dark preference on a first visit, without storing anything", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.locator('main h1').first().waitFor();
      const layout = await layoutOf(page);
      expect(layout.variant).toBe('dark');
      expect(layout.mode).toBe('horizontal');
      expect(layout.background).toBe('rgb(17, 24, 39)');
      expect(await page.evaluate((k) => localStorage.getItem(k), LAYOUT_KEY)).toBeNull();
    } finally {
      await context.close();
    }
  });
});

/** Interactive elements of the page that are shown, at least 44 px tall, and no horizontal scroll. */
async function checkPhonePage(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  await page
    .locator('.loading')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const report = await page.evaluate(() => {
    const selector = [
      '.menu-toggle',
      '.config-button',
      'main button',
      'main .btn',
      'main select',
      'main textarea',
      "main input:not([type='checkbox']):not([type='radio']):not([type='file']):not([type='hidden'])",
    ].join(',');
    const small = Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el: el.outerHTML.slice(0, 90), h: el.getBoundingClientRect().height }))
      .filter((e) => e.h < 44);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      checked: document.querySelectorAll(selector).length,
      small,
    };
  });
  expect(report.scrollWidth, url).toBeLessThanOrEqual(PHONE.width);
  expect(report.small, url).toEqual([]);
  expect(report.checked, url).toBeGreaterThan(1);
  // The menu opens as a drawer whose entries are 44 px tall too.
  await page.getByRole('button', { name: messages.ouvrirMenu }).click();
  const heights = await mainMenu(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
  expect(heights.length, url).toBeGreaterThan(1);
  for (const h of heights) expect(h, url).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(
    PHONE.width,
  );
  await page.getByRole('button', { name: messages.fermerMenu }).click();
}

describe('student pages at 360 px', () => {
  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: baseURL(), locale: 'fr-FR', viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    return { context, page };
  }

  it('a visitor: home, sign-in, registration and FAQ', async () => {
    const { context, page } = await phone();
    try {
      for (const url of ['/', '/connexion', '/inscription', '/faq']) await checkPhonePage(page, url);
    } finally {
      await context.close();
    }
  });

  it('a student: deposit and dashboard', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, INE, studentPassword);
      await page.setViewportSize(PHONE);
      for (const url of ['/depot', '/tableau-de-bord', '/faq']) await checkPhonePage(page, url);
    } finally {
      await context.close();
    }
  });
});
