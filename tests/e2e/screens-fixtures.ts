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

// Every screen as a person sees it (issue 21; docs/testing.md#screens-as-a-person-sees-them), the
// walk of screens.test.ts (visitor, student, regional and central managers) and screens-admin.test.ts
// (the administrator, half of the walk's time on its own): two files, so that the browser workers
// share the walk (decision 090). Every route of the registry that each role may open
// (src/web/app/registry.tsx, `routesFor`: a new route is checked the day it lands), in a real
// Chromium against the real server, in every state the page offers (loaded, a list emptied by a
// search, a form's dialog, the form sent empty, a deletion asked, a row saved and its toast;
// tests/helpers/screens.ts), each at 360 and 1366 px in the light and the dark variant: axe-core
// (WCAG 2.1 A and AA, no rule disabled), no text unreadable on its own background, no word broken,
// no horizontal scroll, no toast outside the window (tests/helpers/screen-checks.ts). Parameters get
// real values: one dossier deposited in Fada N'Gourma's direction (its id and INE; each file
// deposits its own), the student who deposited it; the certificate route gets a code that matches
// nothing (the page then says so: what a person with a mistyped QR link sees). The sign-out route is
// left out (it ends the session the walk goes on with; shell.test.ts signs out). The demo data's
// accounts, each in the situation the demo gives it, are walked by screens-demo.test.ts.

/** The roles a walk file may take, in the order the walk used to take them. */
export const ROLES: readonly { name: string; role: Role | null }[] = [
  { name: 'visiteur', role: null },
  { name: ETUDIANT, role: ETUDIANT },
  { name: GESTIONNAIRE_DR, role: GESTIONNAIRE_DR },
  { name: GESTIONNAIRE_CENOU, role: GESTIONNAIRE_CENOU },
  { name: ADMIN, role: ADMIN },
];

/** Every kind of state the walk knows (tests/helpers/screens.ts). */
export const STATE_KINDS = [
  'chargé',
  'liste vide',
  'formulaire',
  'formulaire envoyé vide',
  'confirmation de suppression',
  'après enregistrement',
] as const;

/**
 * The tests of one walk file: each of `roles` walked in its own page, then a check that the walk
 * reached each kind of state of `kinds` (so that a renamed button cannot make it silently skip
 * one). `name` names the file's outputs in .test-output: `<name>-problems.txt`, `<name>-seen.txt`.
 */
export function screenWalks(opts: {
  name: 'screens' | 'screens-admin';
  roles: readonly (Role | null)[];
  kinds: readonly (typeof STATE_KINDS)[number][];
}): void {
  const roles = ROLES.filter((r) => opts.roles.includes(r.role));
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
        ville: DIRECTIONS_BY_FILE[`${opts.name}.test.ts`],
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
    // Signed in: the roles this file walks (the dossier above is in the routes of all of them).
    const walked = (role: Role) => opts.roles.includes(role);
    users.set('visiteur', null);
    if (walked(ETUDIANT)) {
      const mailDir = path.join(e2eServer().dataDir, 'mail');
      const mail = readMailDir(mailDir).find((m) => m.to.includes(`${INE.toLowerCase()}@exemple.bf`))!;
      users.set(ETUDIANT, await signinRecord(INE, passwordOf(mail)));
    }
    if (walked(ADMIN)) users.set(ADMIN, await signinRecord('admin', e2eServer().adminPassword));
    const token = await adminToken();
    for (const role of ['ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU', 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR'] as const)
      if (walked(role)) {
        const staff = await staffAccount(token, role, made.idDirection, `ax${tag}`);
        users.set(role, await signinRecord(staff.userName, staff.password));
      }
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Every problem found, one line each, written to .test-output/<name>-problems.txt at the end. */
  const found: string[] = [];
  /** What was seen, for the count printed at the end. */
  let seenCount = 0;
  /** Each (account, route, state) seen, written to .test-output/<name>-seen.txt. */
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
    writeFileSync(path.join(out, `${opts.name}-problems.txt`), found.join('\n') + '\n');
    writeFileSync(path.join(out, `${opts.name}-seen.txt`), [...states].join('\n') + '\n');
    console.log(
      `Écrans : ${seenCount} vues vérifiées, ${found.length} problèmes (.test-output/${opts.name}-problems.txt)`,
    );
    const time = walkTimeReport(opts.name);
    if (time) console.log(time);
  });

  describe('every screen of every role, in every state it offers, at 360 and 1366 px, light and dark', () => {
    for (const { name, role } of roles) {
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
            // A row saved unchanged on the settings screens (the toast after a save). Each variant's
            // theme set by the checks' own call to the page (`screenProblems`).
            { save: (p) => p.startsWith('/parametre/') && !p.includes('utilisateur'), variantInLook: true },
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
  it(`reached every kind of state it expects (${opts.kinds.join(', ')}): the walk found its buttons`, () => {
    const kinds = new Set([...states].map((s) => /\[(.+)\]$/.exec(s)![1]));
    expect([...kinds].sort()).toEqual([...opts.kinds].sort());
  });
}
