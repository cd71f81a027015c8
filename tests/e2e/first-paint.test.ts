import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_KEY } from '../../src/web/lib/auth';
import { ROUTE_SHELLS } from '../../src/web/app/route-shells';
import { launchBrowser, storedSession } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { PATIENCE_MS } from '../helpers/wait';
import { DIRECTIONS_BY_FILE, preparedStudent } from './staff-fixtures';

// The student's first screens painted from their HTML (docs/decisions/131-first-paint-from-the-html.md)
// in a real Chromium: each route's shell alone (every script but the layout's boot blocked) and then
// the React page, on a phone (360 px) and a laptop (1366 px), light and dark. The page's title must
// be painted at the same place by both, within 2 px: the shell draws the top bar, the menu's band,
// the breadcrumb and the page's column as React's first frame does, so nothing moves when React
// takes over. The routes a student opens signed in are opened signed in (the band then holds its
// name, the height its page last drew).

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const INE = `FP${String(Date.now()).slice(-9)}1`;
let record = '';
/** Screenshots for a person to look at (`FIRST_PAINT_SCREENSHOTS=<folder>`); none by default. */
const SHOTS = process.env.FIRST_PAINT_SCREENSHOTS;
const SIGNED_IN = new Set(['/tableau-de-bord', '/choix-chambre', '/depot']);
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

beforeAll(async () => {
  browser = await launchBrowser();
  const student = await preparedStudent({
    tag,
    ville: DIRECTIONS_BY_FILE['first-paint.test.ts'],
    ine: INE,
    nomEtudiant: 'Kaboré',
    prenomEtudiant: 'Rasmané Wendpouiré',
    types: [
      {
        libelle: `Situation premier affichage ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Boursier premier affichage ${tag}`,
        note: 1,
        proof: false,
      },
    ],
  });
  record = JSON.stringify(await storedSession(INE, student.password));
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number };

async function titleBox(page: Page): Promise<Box> {
  const box = await page.locator('main h1').first().boundingBox();
  expect(box, 'a title in <main>').not.toBeNull();
  return { x: box!.x, y: box!.y, width: box!.width };
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function contextFor(
  scheme: 'light' | 'dark',
  viewport: { width: number; height: number },
  signed: boolean,
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: e2eServer().baseURL,
    locale: 'fr-FR',
    viewport,
    colorScheme: scheme,
    serviceWorkers: 'block',
  });
  if (signed)
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [USER_KEY, record]);
  return context;
}

describe('the first paint from the HTML', () => {
  it('paints each route’s title where the React page draws it, at 360 and 1366 px, light and dark', async () => {
    const offsets: string[] = [];
    for (const scheme of ['light', 'dark'] as const)
      for (const viewport of WIDTHS)
        for (const { path: route } of ROUTE_SHELLS) {
          const signed = SIGNED_IN.has(route);
          const context = await contextFor(scheme, viewport, signed);
          try {
            const page = await context.newPage();
            page.setDefaultTimeout(PATIENCE_MS);
            const name = `${route.slice(1) || 'accueil'}-${viewport.width}-${scheme}`;

            // The React page: its own menu (with an id the shell's empty place does not have), its title.
            await page.goto(route);
            await page.locator('#menu-principal').waitFor({ state: 'attached' });
            if (signed) await page.getByTestId('nom-utilisateur').waitFor({ state: 'attached' });
            await page.locator('main h1').first().waitFor();
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            expect(new URL(page.url()).pathname, name).toBe(route);
            const react = await titleBox(page);
            await shot(page, `react-${name}`);

            // The shell alone: no script runs but the layout's boot (the settings, the band's height).
            await page.route(/\.js$/, (r) =>
              r.request().url().includes('/layout-boot') ? r.continue() : r.abort(),
            );
            await page.goto(route);
            await page.locator('#root[data-shell] main h1').first().waitFor();
            expect(await page.locator('#menu-principal').count(), `${name}: no React on the shell`).toBe(0);
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            const shell = await titleBox(page);
            await shot(page, `shell-${name}`);
            await page.unroute(/\.js$/);

            const dx = Math.round(shell.x - react.x);
            const dy = Math.round(shell.y - react.y);
            const dw = Math.round(shell.width - react.width);
            offsets.push(`${name}: dx ${dx}, dy ${dy}, dwidth ${dw}`);
            expect(Math.abs(shell.y - react.y), `${name}: top`).toBeLessThanOrEqual(2);
            expect(Math.abs(shell.x - react.x), `${name}: left`).toBeLessThanOrEqual(2);
            expect(Math.abs(shell.width - react.width), `${name}: width`).toBeLessThanOrEqual(2);
          } finally {
            await context.close();
          }
        }
    // The measured offsets, for the decision's record.
    console.info(`shell − React, the title's box (px):\n${offsets.join('\n')}`);
    expect(offsets).toHaveLength(ROUTE_SHELLS.length * 4);
  }, 600_000);

  it('asks the entry in one file: a first visit loads a handful of scripts, not one per shared module', async () => {
    const context = await contextFor('light', WIDTHS[0], false);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto('/connexion');
      await page.locator('#menu-principal').waitFor({ state: 'attached' });
      await page
        .getByLabel(/mot de passe/i)
        .first()
        .waitFor();
      // The layout's boot, the route preload script, the entry and Rolldown's runtime, then the
      // sign-in page's own chunks. Each module the entry shares with a lazy page was once a file of
      // its own: 32 scripts, each a round trip and a task on a phone's main thread.
      const entry = scripts.filter((s) => /\/assets\/index-[\w-]+\.js$/.test(s));
      expect(entry, scripts.join('\n')).toHaveLength(1);
      expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(10);
    } finally {
      await context.close();
    }
  }, 120_000);
});
