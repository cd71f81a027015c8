import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { fill, messages } from '../../src/domain/messages';
import { dateAndHour } from '../../src/web/app/OfflineNotice';
import { OFFLINE_KEY, PRECACHE_PREFIX } from '../../src/web/lib/localData';
import { launchBrowser, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { passwordOf, readMailDir } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import { DIRECTIONS_BY_FILE, depositedDossier, type Made } from './staff-fixtures';

// The installable app (docs/decisions/021-installable-offline-app.md) in a real
// Chromium against the real server: the manifest and the service worker as served; a student who
// has opened its pages opens them again without a network, with its last data and the notice; the
// prompt of a new version; sign-out removing the saved data; nothing kept of a staff account; and
// the JavaScript of a first visit within its budget. Only this file lets the service worker run
// (`serviceWorkers: 'allow'`; tests/helpers/chromium.ts blocks it everywhere else).

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const INE = `H${String(Date.now()).slice(-11)}`;
let made: Made;
let password = '';
const baseURL = () => e2eServer().baseURL;
/** Screenshots for a person to look at (`OFFLINE_SCREENSHOTS=<folder>`); none by default. */
const SHOTS = process.env.OFFLINE_SCREENSHOTS;

beforeAll(async () => {
  browser = await launchBrowser();
  made = await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['offline.test.ts'],
    ine: INE,
    nomEtudiant: 'Compaoré',
    prenomEtudiant: 'Awa',
    phase: 'INSCRIPTION',
    types: [
      {
        libelle: `Logement hors ligne ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Loin du campus ${tag}`,
        note: 2,
        proof: false,
      },
    ],
  });
  const mail = readMailDir(path.join(e2eServer().dataDir, 'mail')).find((m) =>
    m.to.includes(`${INE.toLowerCase()}@exemple.bf`),
  )!;
  password = passwordOf(mail);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** A context whose pages may run the service worker. */
async function appPage(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  return { context, page };
}

/** Waits until the service worker is active and controls the page (it claims it on its first install). */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every Cache Storage cache of the origin with the URLs it holds. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

function savedReads(page: Page): Promise<{ username: string; keys: string[] } | null> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const s = JSON.parse(raw) as { username: string; entries: Record<string, unknown> };
    return { username: s.username, keys: Object.keys(s.entries) };
  }, OFFLINE_KEY);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // Taken as the screen ends, not while the menu slides after a change of width.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  for (const variant of ['accent', 'dark'] as const) {
    await page.evaluate((v) => document.documentElement.setAttribute('data-variant', v), variant);
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${width}-${variant === 'dark' ? 'sombre' : 'clair'}.png`),
      });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-variant', 'accent'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the installable app', () => {
  it('serves a French manifest with fetchable icons, and a service worker that is never cached', async () => {
    const res = await fetch(`${baseURL()}/`);
    const html = await res.text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    const m = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(m.status).toBe(200);
    expect(m.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await m.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: messages.appTitre,
      short_name: messages.appNomCourt,
      description: messages.appDescription,
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const wanted = ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable'];
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([...wanted].sort());
    for (const icon of manifest.icons) {
      const png = await fetch(new URL(icon.src, baseURL()));
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      // The PNG's own size (IHDR) is the one the manifest states.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([w, h]);
    }

    const sw = await fetch(`${baseURL()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const code = await sw.text();
    // Precached: the shell, the student's pages; answered with index.html: every navigation but the API's.
    expect(code).toContain('index.html');
    expect(code).toMatch(/DashboardPage-[\w-]+\.js/);
    expect(code).not.toMatch(/StaffDashboardPage|RegistryPage|ResourcePage|AuditPage/);
    expect(code).not.toContain(API_BASE);
  });

  it('opens the student’s pages without a network, with its last data and the notice, and forgets them at sign-out', async () => {
    const { context, page } = await appPage();
    try {
      const before = Date.now();
      await signInStored(page, INE, password, '/');
      expect(await controlled(page)).toMatch(/\/sw\.js$/);

      // Online, each page once: what the student sees is kept on the device.
      const pages: { path: string; shows: (p: Page) => Promise<void> }[] = [
        {
          path: '/tableau-de-bord',
          shows: (p) => p.getByTestId('dossiers').getByText(made.referenceDossier).waitFor(),
        },
        { path: '/depot', shows: (p) => p.getByTestId('dossier-existant').waitFor() },
        {
          path: `/consult-dossier/${made.idDossier}`,
          shows: (p) => p.getByTestId('criteres').getByText(`Loin du campus ${tag}`).waitFor(),
        },
        {
          path: `/mon-resultat/${made.idDossier}`,
          shows: (p) => p.getByTestId('resultat-non-publie').waitFor(),
        },
      ];
      for (const { path: to, shows } of pages) {
        await page.goto(to);
        await shows(page);
        expect(await page.getByTestId('hors-connexion').count()).toBe(0);
      }
      await expect
        .poll(async () => (await savedReads(page))?.keys.sort())
        .toEqual(
          expect.arrayContaining([
            JSON.stringify(['dossier', 'etudiant', INE]),
            JSON.stringify(['dossier', 'depot', INE]),
            JSON.stringify(['dossier', 'detail', INE, made.idDossier]),
            JSON.stringify(['deliberation', 'resultat', made.idDossier]),
          ]),
        );
      expect((await savedReads(page))?.username).toBe(INE);
      const after = Date.now();
      // No API answer in Cache Storage: the worker keeps the code only.
      for (const [name, urls] of Object.entries(await cachedUrls(page))) {
        expect(name.startsWith(PRECACHE_PREFIX), name).toBe(true);
        expect(
          urls.filter((u) => u.startsWith('/service/')),
          name,
        ).toEqual([]);
      }

      // Offline: each page opens from the device, with the data and the date it was read.
      await context.setOffline(true);
      const possible = new Set(
        [before, after].map((t) => fill(messages.horsConnexionDonnees, dateAndHour(t))),
      );
      for (const { path: to, shows } of pages) {
        await page.goto(to);
        await shows(page);
        const notice = page.getByTestId('hors-connexion');
        await notice.waitFor();
        expect(possible, to).toContain((await notice.textContent())?.trim());
        expect(await notice.getAttribute('role')).toBe('status');
      }
      await page.goto('/tableau-de-bord');
      await page.getByTestId('dossiers').getByText(made.referenceDossier).waitFor();
      await shoot(page, 'hors-connexion-tableau-de-bord');
      // The home page has no data: the notice says the pages opened before stay available.
      await page.goto('/');
      await page.getByTestId('hors-connexion').getByText(messages.horsConnexionPages).waitFor();

      // Sign-out, still offline: the saved reads and any data cache go; the code stays.
      await page.goto('/deconnexion');
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => savedReads(page)).toBeNull();
      const left = await cachedUrls(page);
      expect(
        Object.keys(left).every((n) => n.startsWith(PRECACHE_PREFIX)),
        JSON.stringify(Object.keys(left)),
      ).toBe(true);
      expect(Object.values(left).flat()).toContain('/index.html');
      // The student's page now asks for a sign-in, which opens offline too; no data of its shows.
      await page.goto('/tableau-de-bord');
      await page.waitForURL((u) => u.pathname === '/connexion');
      await page.getByRole('button', { name: messages.seConnecter }).waitFor();
      expect(await page.getByText(made.referenceDossier).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps nothing of a staff account: no saved read, no API answer in a cache', async () => {
    const { context, page } = await appPage();
    try {
      await signInStored(page, 'admin', e2eServer().adminPassword, '/tableau-de-bord');
      await controlled(page);
      for (const to of [
        '/tableau-de-bord',
        '/registre',
        `/consult-dossier-etudiant/${made.idDossier}/${INE}`,
      ]) {
        await page.goto(to);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
      }
      // A write that would come (the persister writes 200 ms after a read) is made at once when
      // the page is left.
      await page.goto('/');
      expect(await savedReads(page)).toBeNull();
      for (const [name, urls] of Object.entries(await cachedUrls(page))) {
        expect(name.startsWith(PRECACHE_PREFIX), name).toBe(true);
        expect(
          urls.filter((u) => u.startsWith('/service/')),
          name,
        ).toEqual([]);
        expect(
          urls.filter((u) => /StaffDashboardPage|RegistryPage|ConsultDossierEtudiantPage/.test(u)),
        ).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('offers a new version and takes it on “Mettre à jour”', async () => {
    const { context, page } = await appPage();
    try {
      await page.goto('/');
      await controlled(page);
      expect(await page.getByTestId('mise-a-jour').count()).toBe(0);
      // A new version deployed: the worker's script changes (here its URL, which the browser
      // treats as a new script); it installs and waits for the user.
      await page.evaluate(() =>
        navigator.serviceWorker.register('/sw.js?version=2', { scope: '/' }).then(() => undefined),
      );
      const prompt = page.getByTestId('mise-a-jour');
      await prompt.getByText(messages.nouvelleVersion).waitFor();
      await shoot(page, 'nouvelle-version');
      // 'Plus tard' hides it; the next page load offers it again. (That load registers /sw.js
      // again, which the browser takes for one more new script: it installs it in place of the
      // waiting one, which the prompt then names.)
      await prompt.getByRole('button', { name: messages.plusTard }).click();
      await prompt.waitFor({ state: 'detached' });
      await page.reload();
      await prompt.getByText(messages.nouvelleVersion).waitFor();
      const workers = () =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return {
            installing: r?.installing?.scriptURL ?? null,
            waiting: r?.waiting?.scriptURL ?? null,
            controller: navigator.serviceWorker.controller?.scriptURL ?? null,
          };
        });
      await expect.poll(async () => (await workers()).installing).toBeNull();
      expect((await workers()).waiting).toMatch(/\/sw\.js$/);
      // 'Mettre à jour': the waiting version takes over and the page reloads on it.
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: messages.mettreAJour }).click();
      await reloaded;
      await expect.poll(workers).toEqual({
        installing: null,
        waiting: null,
        controller: expect.stringMatching(/\/sw\.js$/),
      });
      expect(await page.getByTestId('mise-a-jour').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  // Issue 22's target is 150 KB on every student route; 135 KB keeps room for the coming screens
  // (docs/decisions/027-lean-student-app.md). /inscription's step 2 (zod) loads on first focus.
  // Every file the page asks exists: the route preload's map names the final chunks (a chunk whose
  // stylesheet the CSS plugin rewrites changes its name after the map was first written).
  it.each(['/', '/connexion', '/inscription', '/mot-de-passe-oublie'])(
    'keeps a visitor’s first visit to %s within 135 KB of JavaScript (gzip), every file found',
    async (path) => {
      // No worker here (the helpers' default): the page's own downloads only.
      const context = await browser.newContext({ baseURL: baseURL(), locale: 'fr-FR' });
      try {
        const page = await context.newPage();
        const scripts: Promise<Buffer>[] = [];
        const missing: string[] = [];
        page.on('response', (r) => {
          const url = new URL(r.url());
          if (url.origin !== baseURL()) return;
          if (r.status() >= 400) missing.push(`${r.status()} ${url.pathname}`);
          else if (url.pathname.endsWith('.js')) scripts.push(r.body());
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const bodies = await Promise.all(scripts);
        const gzip = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
        console.log(`First visit to ${path}: ${bodies.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`);
        expect(missing).toEqual([]);
        expect(bodies.length).toBeGreaterThan(0);
        expect(gzip).toBeLessThanOrEqual(135 * 1024);
      } finally {
        await context.close();
      }
    },
  );
});
