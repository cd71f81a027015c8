import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from '../../src/domain/enums';
import { routesFor, viewerOf, type AppRoute } from '../../src/web/app/registry';
import { USER_KEY } from '../../src/web/lib/auth';
import { adminToken, apiCall, launchBrowser } from '../helpers/browser';
import { axeViolations, describeViolations } from '../helpers/axe';
import { passwordOf, readMailDir } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import { DIRECTIONS_BY_FILE, depositedDossier, staffAccount, type Made } from './staff-fixtures';

// axe-core (WCAG 2.1 A and AA rules) on every route of the registry that each role may open, at
// phone (360 × 740) and desktop (1280 × 800) width, in a real Chromium against the real server.
// The route list comes from src/web/app/registry.tsx (`routesFor`), so a new route is checked the
// day it lands. Parameters get real values: one dossier deposited in Fada N'Gourma's direction (its id
// and INE), the student who deposited it; the certificate route gets a code that matches nothing
// (the page then says so: what a person with a mistyped QR link sees).
// No rule is disabled.

const WIDTHS = [
  { name: 'téléphone', width: 360, height: 740 },
  { name: 'bureau', width: 1280, height: 800 },
] as const;

const tag = Date.now().toString(36).slice(-5);
const INE = `A${String(Date.now()).slice(-11)}`;

let browser: Browser;
let made: Made;
const users = new Map<string, Record<string, unknown> | null>();

async function signinRecord(username: string, password: string): Promise<Record<string, unknown>> {
  const res = await apiCall<Record<string, unknown>>('POST', 'campus-auth/signin', {
    body: { username, password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

function concrete(route: AppRoute): string {
  return route.path
    .replace(':idDossier', String(made.idDossier))
    .replace(':ine', encodeURIComponent(made.ine))
    .replace(':code', 'CODE-INCONNU');
}

beforeAll(async () => {
  browser = await launchBrowser();
  made = await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['a11y.test.ts'],
    ine: INE,
    nomEtudiant: 'Traoré',
    prenomEtudiant: 'Salimata',
    phase: 'INSCRIPTION',
    types: [
      {
        libelle: `Handicap ${tag}`,
        coefficient: 2,
        obligatoire: false,
        critere: `Handicap moteur ${tag}`,
        note: 4,
        proof: true,
      },
    ],
  });
  const mailDir = path.join(inject('e2e').dataDir, 'mail');
  const mail = readMailDir(mailDir).find((m) => m.to.includes(`${INE.toLowerCase()}@exemple.bf`))!;
  const token = await adminToken();
  const { adminPassword } = inject('e2e');
  const central = await staffAccount(
    token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
    made.idDirection,
    `ax${tag}`,
  );
  const regional = await staffAccount(
    token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
    made.idDirection,
    `ax${tag}`,
  );
  users.set('visiteur', null);
  users.set(ETUDIANT, await signinRecord(INE, passwordOf(mail)));
  users.set(ADMIN, await signinRecord('admin', adminPassword));
  users.set(GESTIONNAIRE_CENOU, await signinRecord(central.userName, central.password));
  users.set(GESTIONNAIRE_DR, await signinRecord(regional.userName, regional.password));
});

afterAll(async () => {
  await browser?.close();
});

/** Opens a route with this user's record already stored (as after a sign-in) and waits for it to settle. */
async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page
    .locator('.loading, .p-progress-spinner')
    .first()
    .waitFor({ state: 'detached', timeout: PATIENCE_MS })
    .catch(() => {});
}

const ROLES: { name: string; role: Role | null }[] = [
  { name: 'visiteur', role: null },
  { name: ETUDIANT, role: ETUDIANT },
  { name: GESTIONNAIRE_DR, role: GESTIONNAIRE_DR },
  { name: GESTIONNAIRE_CENOU, role: GESTIONNAIRE_CENOU },
  { name: ADMIN, role: ADMIN },
];

export const checked: { role: string; width: string; path: string }[] = [];

/**
 * Every route this role may open, at each of `sizes`, in the device's `colorScheme` (a first visit
 * follows it: the dark variant on a phone set to dark); the axe violations found.
 */
async function checkRoutes(
  name: string,
  role: Role | null,
  sizes: readonly { name: string; width: number; height: number }[],
  colorScheme: 'light' | 'dark',
): Promise<string[]> {
  const routes = routesFor(role ? viewerOf({ roles: [role] }) : null);
  const problems: string[] = [];
  for (const size of sizes) {
    const context = await browser.newContext({
      baseURL: inject('e2e').baseURL,
      locale: 'fr-FR',
      // The server's CSP (script-src 'self') would refuse the injected axe script.
      bypassCSP: true,
      viewport: { width: size.width, height: size.height },
      colorScheme,
    });
    const user = users.get(role ?? 'visiteur');
    if (user)
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        USER_KEY,
        JSON.stringify(user),
      ] as const);
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    try {
      for (const route of routes) {
        const url = concrete(route);
        await open(page, url);
        if (colorScheme === 'dark')
          expect(await page.evaluate(() => document.documentElement.dataset.variant)).toBe('dark');
        const violations = await axeViolations(page);
        checked.push({ role: name, width: `${size.name} (${colorScheme})`, path: url });
        problems.push(...describeViolations(`${name} ${size.width}px ${colorScheme} ${url}`, violations));
      }
    } finally {
      await context.close();
    }
  }
  return problems;
}

describe('axe-core, WCAG 2.1 A + AA, every route of every role', () => {
  for (const { name, role } of ROLES) {
    const routes = routesFor(role ? viewerOf({ roles: [role] }) : null);
    it(`${name}: ${routes.length} routes × ${WIDTHS.length} widths`, async () => {
      const problems = await checkRoutes(name, role, WIDTHS, 'light');
      expect(problems, problems.join('\n')).toEqual([]);
    }, 600_000);
  }
});

describe('axe-core in the dark variant (a phone set to dark), every route of every role', () => {
  for (const { name, role } of ROLES) {
    const routes = routesFor(role ? viewerOf({ roles: [role] }) : null);
    it(`${name}: ${routes.length} routes at phone width, dark`, async () => {
      const problems = await checkRoutes(name, role, [WIDTHS[0]], 'dark');
      expect(problems, problems.join('\n')).toEqual([]);
    }, 600_000);
  }
});
