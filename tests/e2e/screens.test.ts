import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from '../../src/domain/enums';
import type { SigninAnswer } from '../../src/domain/schemas/auth';
import { routesFor, viewerOf, type AppRoute } from '../../src/web/app/registry';
import { paths } from '../../src/web/lib/paths';
import { adminToken, apiCall, launchBrowser } from '../helpers/browser';
import {
  publishDeliberations,
  routeParams,
  signIn,
  startDemoServer,
  type DemoAccount,
  type DemoServer,
} from '../helpers/demo-server';
import { passwordOf, readMailDir } from '../helpers/mail';
import { accountPage, walk, type Seen } from '../helpers/screens';
import { screenProblems } from '../helpers/screen-checks';
import { DIRECTIONS_BY_FILE, depositedDossier, staffAccount, type Made } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// Every screen as a person sees it (issue 21; docs/testing.md#screens). Every route of the registry
// that each role may open (src/web/app/registry.tsx, `routesFor`: a new route is checked the day it
// lands), in a real Chromium against the real server, in every state the page offers (loaded, a list
// emptied by a search, a form's dialog, the form sent empty, a deletion asked, a row saved and its
// toast; tests/helpers/screens.ts), each at 360 and 1366 px in the light and the dark variant:
// axe-core (WCAG 2.1 A and AA, no rule disabled), no text unreadable on its own background, no word
// broken, no horizontal scroll, no toast outside the window (tests/helpers/screen-checks.ts).
// Parameters get real values: one dossier deposited in Fada N'Gourma's direction (its id and INE),
// the student who deposited it; the certificate route gets a code that matches nothing (the page
// then says so: what a person with a mistyped QR link sees). The sign-out route is left out (it
// ends the session the walk goes on with; shell.test.ts signs out).
// Then the demo's named students, each in the situation the demo data give it (no dossier,
// deposited, analysed, admitted with its offer pending, first on the waiting list), on a second
// server this file starts with the demo data (tests/helpers/demo-server.ts, as `npm run screens`
// does): the pages whose content depends on that situation, with the same walk and checks.

const tag = Date.now().toString(36).slice(-5);
/** The first administrator's password on the demo server this file starts. */
const DEMO_ADMIN_PASSWORD = 'Demo-e2e-2026';
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
  });
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

/**
 * The student's pages whose content depends on its situation (its dossier, its session's phase, the
 * publication); the others are the same for every student and walked above.
 */
const SITUATION_PAGES: readonly string[] = [
  paths.tableauDeBord,
  paths.depot,
  paths.consultDossier,
  paths.editDossier,
  paths.deliberation.monResultat,
];

/**
 * The situations the demo gives its named students, each a text of the description the server's log
 * gives the student's account (src/server/seed/workflow.ts, `nameStudents`), and whether the student
 * has a dossier (the dossier's pages are then walked too).
 */
const SITUATIONS: readonly { text: string; dossier: boolean }[] = [
  { text: 'compte sans dossier', dossier: false },
  { text: 'déposé', dossier: true },
  { text: 'analysé', dossier: true },
  { text: 'admissible', dossier: true },
  { text: "liste d'attente", dossier: true },
];

describe('the demo data’s students, in the situations the demo gives them', () => {
  const studentRoutes = routesFor(viewerOf({ roles: [ETUDIANT] })).filter((r) =>
    SITUATION_PAGES.includes(r.path),
  );
  let demo: DemoServer | undefined;
  const students: { account: DemoAccount; record: SigninAnswer }[] = [];

  beforeAll(async () => {
    // Built by tests/setup/global-e2e.ts (not with E2E_BASE_URL: then `npm run build` first).
    const bundle = path.resolve('dist', 'server', 'main.mjs');
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build the server (npm run build)`);
    demo = await startDemoServer({
      dataDir: path.resolve('.test-output', 'e2e-demo-data'),
      adminPassword: DEMO_ADMIN_PASSWORD,
      logFile: path.resolve('.test-output', 'e2e-demo-server.log'),
    });
    await publishDeliberations(demo.baseURL, demo.accounts);
    for (const account of demo.accounts) {
      const record = await signIn(demo.baseURL, account.userName, account.password);
      if (record.roles[0] === ETUDIANT) students.push({ account, record });
    }
  }, 300_000);

  afterAll(async () => {
    await demo?.stop();
  });

  for (const situation of SITUATIONS) {
    const routes = studentRoutes.filter((r) => situation.dossier || !r.path.includes(':'));
    it(`the student "${situation.text}": ${routes.length} pages`, async () => {
      const matching = students.filter((s) => s.account.description.includes(situation.text));
      expect(
        matching.map((s) => s.account.description),
        `one demo student whose description says "${situation.text}", among:\n` +
          students.map((s) => s.account.description).join('\n'),
      ).toHaveLength(1);
      const [{ account, record }] = matching;
      const { values } = await routeParams(demo!.baseURL, record);
      expect(values.idDossier !== undefined, `${account.description}: a dossier of its own`).toBe(
        situation.dossier,
      );
      const where = `démo ${account.userName} (${situation.text})`;
      const { context, page, inflight } = await accountPage(
        browser,
        demo!.baseURL,
        record as unknown as Record<string, unknown>,
      );
      const before = found.length;
      try {
        // Nothing saved: the students stay in their situations for the tests after.
        await walk(
          page,
          inflight,
          routes.map((r) => r.path.replace(/:(\w+)/g, (_, name: string) => values[name])),
          (p, seen) => check(where, p, seen),
        );
      } finally {
        await context.close();
      }
      const mine = found.slice(before);
      expect(mine, mine.join('\n')).toEqual([]);
    }, 900_000);
  }
});

// Last, after every walk above (the demo students' included).
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
