import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from '../../src/domain/enums';
import { routesFor, viewerOf, type AppRoute } from '../../src/web/app/registry';
import { adminToken, apiCall, launchBrowser } from '../helpers/browser';
import { passwordOf, readMailDir } from '../helpers/mail';
import { accountPage, walk, type Seen } from '../helpers/screens';
import { screenProblems } from '../helpers/screen-checks';
import { timed, walkTimeReport } from '../helpers/walk-time';
import { DIRECTIONS_BY_FILE, depositedDossier, staffAccount, type Made } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// Every screen as a person sees it (issue 21; docs/testing.md#screens-as-a-person-sees-them). Every route
// of the registry that each role may open (src/web/app/registry.tsx, `routesFor`: a new route is checked
// the day it lands), in a real Chromium against the real server, in every state the page offers (loaded, a
// list emptied by a search, a form's dialog, the form sent empty, a deletion asked, a row saved and its
// toast; tests/helpers/screens.ts), each at 360 and 1366 px in the light and the dark variant: axe-core
// (WCAG 2.1 A and AA, no rule disabled), no text unreadable on its own background, no word broken, no
// horizontal scroll, no toast outside the window (tests/helpers/screen-checks.ts). Parameters get real
// values: one dossier deposited in Fada N'Gourma's direction (its id and INE), the student who deposited
// it; the certificate route gets a code that matches nothing (the page then says so: what a person with a
// mistyped QR link sees). The sign-out route is left out (it ends the session the walk goes on with;
// shell.test.ts signs out). The demo data's accounts, each in the situation the demo gives it, are walked
// by screens-demo.test.ts (in the other browser worker).

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
    .replace(':code', 'CODE-INCONNU')
    .replace(':referencePaiement', 'MM-20260101-INCONNUE');
}

beforeAll(async () => {
  browser = await launchBrowser();
  made = await timed('mise en place (dossier, comptes)', () =>
    depositedDossier({
      tag,
      ville: DIRECTIONS_BY_FILE['screens.test.ts'],
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
    }),
  );
  const mailDir = path.join(e2eServer().dataDir, 'mail');
  const mail = readMailDir(mailDir).find((m) => m.to.includes(`${INE.toLowerCase()}@exemple.bf`))!;
  const token = await adminToken();
  const { adminPassword } = e2eServer();
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

const ROLES: { name: string; role: Role | null }[] = [
  { name: 'visiteur', role: null },
  { name: ETUDIANT, role: ETUDIANT },
  { name: GESTIONNAIRE_DR, role: GESTIONNAIRE_DR },
  { name: GESTIONNAIRE_CENOU, role: GESTIONNAIRE_CENOU },
  { name: ADMIN, role: ADMIN },
];

/** Every problem found, one line each, written to .test-output/screens-problems.txt at the end. */
const found: string[] = [];
/** What was seen, for the count printed at the end. */
let seenCount = 0;
/** Each (account, route, state) seen, written to .test-output/screens-seen.txt. */
const states = new Set<string>();

async function check(name: string, page: Page, seen: Seen): Promise<void> {
  seenCount += 1;
  states.add(`${name} ${seen.path} [${seen.state}]`);
  found.push(
    ...(await screenProblems(page, `${name} ${seen.path} [${seen.state}] ${seen.variant.name}`, seen)),
  );
}

afterAll(() => {
  const out = path.resolve('.test-output');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'screens-problems.txt'), found.join('\n') + '\n');
  writeFileSync(path.join(out, 'screens-seen.txt'), [...states].join('\n') + '\n');
  console.log(
    `Écrans : ${seenCount} vues vérifiées, ${found.length} problèmes (.test-output/screens-problems.txt)`,
  );
  const time = walkTimeReport('screens');
  if (time) console.log(time);
});

describe('every screen of every role, in every state it offers, at 360 and 1366 px, light and dark', () => {
  for (const { name, role } of ROLES) {
    const routes = routesFor(role ? viewerOf({ roles: [role] }) : null).filter(
      (r) => r.path !== '/deconnexion',
    );
    it(`${name}: ${routes.length} routes`, async () => {
      const { context, page, inflight } = await accountPage(
        browser,
        e2eServer().baseURL,
        users.get(role ?? 'visiteur') ?? null,
      );
      const before = found.length;
      try {
        await walk(
          page,
          inflight,
          routes.map(concrete),
          (p, seen) => check(name, p, seen),
          // A row saved unchanged on the settings screens (the toast after a save).
          { save: (p) => p.startsWith('/parametre/') && !p.includes('utilisateur') },
        );
      } finally {
        await context.close();
      }
      const mine = found.slice(before);
      expect(mine, mine.join('\n')).toEqual([]);
    }, 900_000);
  }
});

// Last, after every walk above.
it('reached every kind of state somewhere (the walk found its buttons)', () => {
  const kinds = new Set([...states].map((s) => /\[(.+)\]$/.exec(s)![1]));
  expect([...kinds].sort()).toEqual(
    [
      'chargé',
      'liste vide',
      'formulaire',
      'formulaire envoyé vide',
      'confirmation de suppression',
      'après enregistrement',
    ].sort(),
  );
});
