import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CITE, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR } from '../../src/domain/enums';
import type { SigninAnswer } from '../../src/domain/schemas/auth';
import { routesFor, viewerOf } from '../../src/web/app/registry';
import { paths } from '../../src/web/lib/paths';
import { launchBrowser } from '../helpers/browser';
import { enumLabel } from '../../src/domain/messages-labels';
import { repairMessages } from '../../src/domain/messages-repairs';
import {
  call,
  routeParams,
  signIn,
  e2eDemoServer,
  type DemoAccount,
  type DemoServer,
} from '../helpers/demo-server';
import { accountPage, walk, type Seen } from '../helpers/screens';
import { screenProblems } from '../helpers/screen-checks';
import { timed, walkTimeReport } from '../helpers/walk-time';

// Every screen as a person sees it (issue 21; docs/testing.md#screens-as-a-person-sees-them), on the demo
// data (a server this file starts as `npm start` does, tests/helpers/demo-server.ts; as `npm run screens`
// does): the demo's named students, each in the situation the demo gives it (no dossier, deposited,
// analysed, admitted with its offer pending, first on the waiting list, housed by its manager, renounced,
// and choosing its room: slot open, in a group of four, holding a room, chosen, invited, slot to come),
// on the pages whose content depends on it; then the demo's staff, each regional manager in its session's
// phase (inscription, analysis, results published with the room choice open) and the central manager, on every route of their role,
// over the demo's thousands of rows. The same walk and checks as screens.test.ts (which walks the visitor
// and the student on the data its own file makes); nothing is saved, so every account stays in its situation.

let browser: Browser;
let demo: DemoServer | undefined;
const accounts: { account: DemoAccount; record: SigninAnswer }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // Built by tests/setup/global-e2e.ts (not with E2E_BASE_URL: then `npm run build` first).
  // The demo loaded once for this file and agency-rules.test.ts.
  demo = await timed('démarrage du serveur de démo', () => e2eDemoServer('demo'));
  await timed('connexions', async () => {
    for (const account of demo!.accounts) {
      const record = await signIn(demo!.baseURL, account.userName, account.password);
      accounts.push({ account, record });
    }
  });
  // Loading the demo (once a run, tests/helpers/demo-server.ts) took 4 minutes at load 30.
}, 600_000);

afterAll(async () => {
  await timed('arrêt du serveur de démo', async () => demo?.stop());
  await browser?.close();
  // Last (after hooks run in reverse order): the server's stop counted.
  const time = walkTimeReport('screens-demo');
  if (time) console.log(time);
});

/** Every problem found, one line each, written to .test-output/screens-demo-problems.txt at the end. */
const found: string[] = [];
let seenCount = 0;

async function check(where: string, page: Page, seen: Seen): Promise<void> {
  seenCount += 1;
  found.push(
    ...(await screenProblems(page, `${where} ${seen.path} [${seen.state}] ${seen.variant.name}`, seen)),
  );
}

afterAll(() => {
  const out = path.resolve('.test-output');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'screens-demo-problems.txt'), found.join('\n') + '\n');
  console.log(
    `Écrans (démo) : ${seenCount} vues vérifiées, ${found.length} problèmes (.test-output/screens-demo-problems.txt)`,
  );
});

/** Walks `routes` as `who` (nothing saved), and expects no problem. */
async function walkAs(who: { account: DemoAccount; record: SigninAnswer }, label: string, routes: string[]) {
  // Routes without parameters (the cité agent's) need no read of the account's dossiers.
  const { values, missing } = routes.some((r) => r.includes(':'))
    ? await routeParams(demo!.baseURL, who.record)
    : { values: {} as Record<string, string>, missing: {} as Record<string, unknown> };
  const concrete = routes
    .filter((r) => !/:(\w+)/.test(r) || [...r.matchAll(/:(\w+)/g)].every((m) => !(m[1] in missing)))
    .map((r) => r.replace(/:(\w+)/g, (_, name: string) => values[name]));
  const { context, page, inflight } = await accountPage(
    browser,
    demo!.baseURL,
    who.record as unknown as Record<string, unknown>,
  );
  const before = found.length;
  try {
    // Each variant's theme set by the checks' own call to the page (`screenProblems`).
    await walk(page, inflight, concrete, (p, seen) => check(label, p, seen), { variantInLook: true });
  } finally {
    await context.close();
  }
  const mine = found.slice(before);
  expect(mine, mine.join('\n')).toEqual([]);
}

/**
 * The student's pages whose content depends on its situation (its dossier, its session's phase, the
 * publication); the others are the same for every student and walked by screens.test.ts.
 */
const SITUATION_PAGES: readonly string[] = [
  paths.tableauDeBord,
  paths.depot,
  paths.consultDossier,
  paths.editDossier,
  paths.deliberation.monResultat,
  paths.choixChambre,
];

/**
 * The situations the demo gives its named students, each a text of the description the server's log
 * gives the student's account (src/server/seed/workflow.ts, `nameStudents`; src/server/seed/rent.ts
 * for the credit), whether the student has a dossier (the dossier's pages are then walked too), and
 * whether its rent is the situation (/mon-loyer is then walked too). The room choice's students are
 * all admitted in Koudougou: their dossier and result pages are those of the first of them (« créneau
 * ouvert »); the others differ only by their room choice (`choiceOnly`: the dashboard and the choice).
 */
const SITUATIONS: readonly { text: string; dossier: boolean; loyer?: boolean; choiceOnly?: boolean }[] = [
  { text: 'compte sans dossier', dossier: false },
  { text: 'déposé', dossier: true },
  { text: 'analysé', dossier: true },
  { text: 'admissible', dossier: true },
  { text: "liste d'attente", dossier: true },
  // The agency's rules (docs/agency-rules.md): housed last year (last year's dossier is its own).
  { text: 'peut demander sa réadmission', dossier: true },
  { text: 'réadmis dès la publication', dossier: true },
  // Last year's rent (docs/rent.md): paid ahead, then a cheaper bed; a credit to refund.
  { text: 'trop-perçu', dossier: true, loyer: true },
  // Koudougou past its publication (src/server/seed/koudougou.ts).
  { text: 'lit attribué par le gestionnaire', dossier: true },
  { text: 'a renoncé à son offre', dossier: true },
  { text: 'créneau ouvert, rien de réservé', dossier: true },
  { text: 'groupe de quatre', dossier: true, choiceOnly: true },
  { text: 'réserve une chambre', dossier: true, choiceOnly: true },
  { text: 'chambre choisie', dossier: true, choiceOnly: true },
  { text: "groupe d'amis en formation", dossier: true, choiceOnly: true },
  { text: 'pas encore ouvert', dossier: true, choiceOnly: true },
];

/** The one account whose description says `text`, among those of `role`. */
function named(role: string, text: string) {
  const mine = accounts.filter((a) => a.record.roles[0] === role);
  const matching = mine.filter((a) => a.account.description.includes(text));
  expect(
    matching.map((a) => a.account.description),
    `one demo account whose description says "${text}", among:\n` +
      mine.map((a) => a.account.description).join('\n'),
  ).toHaveLength(1);
  return matching[0];
}

describe('the demo data’s students, in the situations the demo gives them', () => {
  const studentRoutes = routesFor(viewerOf({ roles: [ETUDIANT] }));
  for (const situation of SITUATIONS) {
    const routes = studentRoutes
      .filter((r) => SITUATION_PAGES.includes(r.path) || (situation.loyer && r.path === paths.monLoyer))
      .filter((r) => !situation.choiceOnly || r.path === paths.tableauDeBord || r.path === paths.choixChambre)
      .filter((r) => situation.dossier || !r.path.includes(':'));
    it(`the student "${situation.text}": ${routes.length} pages`, async () => {
      const who = named(ETUDIANT, situation.text);
      const { values } = await routeParams(demo!.baseURL, who.record);
      expect(values.idDossier !== undefined, `${who.account.description}: a dossier of its own`).toBe(
        situation.dossier,
      );
      await walkAs(
        who,
        `démo ${who.account.userName} (${situation.text})`,
        routes.map((r) => r.path),
      );
    }, 900_000);
  }
});

/**
 * The demo's staff: each regional manager's direction in one phase of the season (the demo's
 * descriptions, src/server/seed/demo.ts `SESSION_LABELS`; Koudougou's deliberation published by
 * the demo, its room choice open), and the central manager over every direction.
 */
const STAFF: readonly { role: string; text: string; allYear: boolean; allPages: boolean }[] = [
  { role: GESTIONNAIRE_DR, text: 'inscription', allYear: false, allPages: false },
  { role: GESTIONNAIRE_DR, text: 'analyse', allYear: false, allPages: false },
  { role: GESTIONNAIRE_DR, text: 'résultats publiés', allYear: true, allPages: true },
  { role: GESTIONNAIRE_CENOU, text: '', allYear: true, allPages: true },
];

/**
 * Pages whose content depends neither on the demo's data nor on a session's phase (the public
 * documents, the password form, the USSD phone, a certificate check, the helper's entry): walked
 * once for each staff role (`allPages`: Koudougou's manager and the central manager, in their
 * menus), not for the two directions in an earlier phase. These managers are walked only here
 * (decision 111); the visitor, the student and the administrator walk these pages in their own files.
 */
const SAME_WHATEVER_THE_DATA: readonly string[] = [
  paths.documents.index,
  paths.documents.statutReglement,
  paths.documents.caution,
  paths.documents.declarationHonneur,
  paths.motDePasse,
  paths.telephoneUssd,
  paths.aide,
  paths.affectation.attestation,
];

/**
 * Pages of the year rather than of the season's phase (rent, repairs, the registry, statistics,
 * payments and receipts): the same whichever phase the direction is in, walked for the direction
 * whose cités are lived in (Koudougou, results published) and for the central manager, not for the
 * two directions still in an earlier phase.
 */
const OF_THE_YEAR: readonly string[] = [
  paths.loyers,
  paths.rapprochement,
  paths.statistiques,
  paths.delaisReportes,
  paths.interventions,
  paths.interventionRoute,
  paths.registre,
  paths.paiement.suivi,
  paths.recu,
];

describe('the demo data’s staff, each direction in its phase of the season', () => {
  for (const { role, text, allYear, allPages } of STAFF) {
    const routes = routesFor(viewerOf({ roles: [role] }))
      .map((r) => r.path)
      // The sign-out route ends the session the walk goes on with (shell.test.ts signs out).
      .filter((p) => p !== paths.deconnexion)
      .filter((p) => allPages || !SAME_WHATEVER_THE_DATA.includes(p))
      .filter((p) => allYear || !OF_THE_YEAR.includes(p));
    it(`${role}${text ? ` (${text})` : ''}: ${routes.length} routes`, async () => {
      const who = named(role, text);
      await walkAs(who, `démo ${who.account.userName}`, routes);
    }, 900_000);
  }
});

/**
 * The demo's cité agent (Koudougou's Cité universitaire des 1 500 lits): its dashboard (its cités'
 * residents, then beds, occupancy and repairs per cité), its repairs and the report form; kept to
 * these pages (decision 111: a light walk; its residents and arrival pages are walked by
 * agent-residents.test.ts and cite-life.test.ts).
 */
describe('the demo’s cité agent', () => {
  const pages = [paths.tableauDeBord, paths.interventions, paths.signalerProbleme];
  it(`${AGENT_CITE} (agent.cite1500): ${pages.length} routes`, async () => {
    const who = accounts.find((a) => a.account.userName === 'agent.cite1500');
    expect(who, 'the demo names its agent of the 1 500 lits').toBeDefined();
    expect(who!.record.roles).toEqual([AGENT_CITE]);
    // Each page is one of the agent's routes.
    const mine = routesFor(viewerOf({ roles: [AGENT_CITE] })).map((r) => r.path);
    for (const p of pages) expect(mine).toContain(p);
    await walkAs(who!, 'démo agent.cite1500', pages);
  }, 900_000);
});

describe('the demo’s words, the same on a list and on its page', () => {
  it('a repair resolved late reads « Résolue en retard » on its page, as in the list', async () => {
    const who = named(GESTIONNAIRE_CENOU, '');
    const late = await call<{ idIntervention: number; statut: string; enRetard: boolean }[]>(
      demo!.baseURL,
      'GET',
      'campus/intervention?filtre.enRetard=true&size=100',
      { token: who.record.accessToken },
    );
    const resolved = late.find((r) => r.statut === 'RESOLUE' || r.statut === 'CLOTUREE');
    expect(resolved, 'the demo has a repair resolved past its due date').toBeDefined();
    const { context, page } = await accountPage(
      browser,
      demo!.baseURL,
      who.record as unknown as Record<string, unknown>,
    );
    try {
      await page.goto(`/intervention/${resolved!.idIntervention}`);
      const statut = page.getByTestId('statut-intervention');
      await statut.waitFor();
      expect(await statut.textContent()).toBe(
        resolved!.statut === 'RESOLUE'
          ? repairMessages.resolueEnRetard
          : `${enumLabel('statut', resolved!.statut)} — ${repairMessages.resolueEnRetard}`,
      );
    } finally {
      await context.close();
    }
  }, 300_000);
});
