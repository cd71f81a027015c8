import { appendFileSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AGENT_CITE, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR } from '../../src/domain/enums';
import type { SigninAnswer } from '../../src/domain/schemas/auth';
import { routesFor, viewerOf } from '../../src/web/app/registry';
import { paths } from '../../src/web/lib/paths';
import { launchBrowser } from '../helpers/browser';
import {
  DEMO_LINE,
  routeParams,
  signIn,
  e2eDemoServer,
  type DemoAccount,
  type DemoServer,
} from '../helpers/demo-server';
import { USER_KEY } from '../../src/web/lib/auth';
import { openRoute, Requests } from '../helpers/screens';
import { PATIENCE_MS } from '../helpers/wait';

// The calls a screen makes by itself (docs/decisions/066-menus-names-quiet-calls.md): on the demo data, each
// demo role opens its dashboard and every page of its menus, and no call the screens make on their
// own (the person clicks nothing) is answered 4xx or 5xx. A screen does not ask what it knows will
// be refused, and « none yet » is an answer, not an error. With DEMO_NETWORK_URL and
// DEMO_NETWORK_LOG (a demo started by `npm start` and its log), the walk runs on that demo.

let browser: Browser;
let demo: DemoServer | undefined;
let baseURL = '';
let accounts: DemoAccount[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const url = process.env.DEMO_NETWORK_URL;
  const log = process.env.DEMO_NETWORK_LOG;
  if (url && log) {
    baseURL = url;
    accounts = readFileSync(log, 'utf8')
      .split('\n')
      .map((line) => {
        try {
          return DEMO_LINE.exec((JSON.parse(line) as { msg?: string }).msg ?? '')?.groups;
        } catch {
          return undefined;
        }
      })
      .filter((g) => g !== undefined)
      .map((g) => ({ userName: g.identifiant, password: g.motDePasse, description: g.description }));
    return;
  }
  demo = await e2eDemoServer('demo-network');
  baseURL = demo.baseURL;
  accounts = demo.accounts;
}, 600_000);

afterAll(async () => {
  await demo?.stop();
  await browser?.close();
});

/** Each account's sign-in, made once for the file (the tests look for theirs among the same accounts). */
const records = new Map<string, Promise<SigninAnswer>>();
function recordOf(account: DemoAccount): Promise<SigninAnswer> {
  let record = records.get(account.userName);
  if (!record) {
    record = signIn(baseURL, account.userName, account.password);
    records.set(account.userName, record);
  }
  return record;
}

/** The demo's roles, each by a text of its account's description, students in several situations. */
const WHO: readonly { role: string; text: string }[] = [
  { role: ADMIN, text: '' },
  { role: GESTIONNAIRE_CENOU, text: '' },
  { role: GESTIONNAIRE_DR, text: 'inscription' },
  { role: GESTIONNAIRE_DR, text: 'résultats publiés' },
  { role: AGENT_CITE, text: '1\u00a0500 lits' },
  { role: ETUDIANT, text: 'compte sans dossier' },
  { role: ETUDIANT, text: 'déposé' },
  { role: ETUDIANT, text: 'trop-perçu' },
  { role: ETUDIANT, text: 'lit attribué par le gestionnaire' },
  { role: ETUDIANT, text: 'créneau ouvert, rien de réservé' },
];

describe('the demo’s main pages make no call that is refused', () => {
  for (const { role, text } of WHO) {
    it(`${role}${text ? ` (${text})` : ''}`, async () => {
      // The first account, in the log's order, of this role whose description says `text`; each
      // account signed in once for the file (an empty text matches all of them).
      let match: SigninAnswer | undefined;
      for (const account of accounts) {
        if (!account.description.includes(text)) continue;
        const signedIn = await recordOf(account);
        if (signedIn.roles[0] === role) {
          match = signedIn;
          break;
        }
      }
      expect(match, `a demo account of ${role} whose description says "${text}"`).toBeDefined();
      const record = match!;
      // A dossier for the routes that name one (a cité's agent reads none).
      const { values, missing } =
        role === AGENT_CITE
          ? { values: {}, missing: { idDossier: '', ine: '' } }
          : await routeParams(baseURL, record);
      // The pages of its menus (whatever its situation: a page out of its menu still opens by its
      // address, and says what applies), its dashboard first.
      const routes = routesFor(viewerOf(record))
        .filter((r) => r.menu !== undefined && r.path !== paths.deconnexion)
        .map((r) => r.path)
        .filter((p) => [...p.matchAll(/:(\w+)/g)].every((m) => !(m[1] in missing)))
        .map((p) => p.replace(/:(\w+)/g, (_, name: string) => values[name]));
      routes.sort((a, b) => Number(b === paths.tableauDeBord) - Number(a === paths.tableauDeBord));
      // No service worker: the calls it would pass on are not seen as the page's (playwright).
      const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        USER_KEY,
        JSON.stringify(record),
      ] as const);
      const page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      const inflight = new Requests();
      page.on('request', (r) => inflight.add(r));
      page.on('requestfinished', (r) => inflight.delete(r));
      page.on('requestfailed', (r) => inflight.delete(r));
      const refused: string[] = [];
      let at = '';
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (process.env.DEMO_NETWORK_TRACE)
          appendFileSync(
            process.env.DEMO_NETWORK_TRACE,
            `${at} ${res.status()} ${url.pathname}${url.search}\n`,
          );
        if (res.status() >= 400 && url.origin === new URL(baseURL).origin)
          refused.push(`${at}: ${res.request().method()} ${url.pathname}${url.search} → ${res.status()}`);
      });
      try {
        for (const route of routes) {
          at = route;
          await openRoute(page, inflight, route);
        }
      } finally {
        await context.close();
      }
      expect(refused, refused.join('\n')).toEqual([]);
    }, 600_000);
  }
});
