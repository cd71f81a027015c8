/**
 * `npm run screens`: a screenshot of every screen of every role, in each state it offers, at 1366
 * and 360 px, light and dark, in `screens/` (git-ignored) with an index, `screens/index.html`, for a
 * reviewer to see the whole product at a glance (docs/testing.md#every-screen-at-a-glance-npm-run-screens).
 *
 * The walk is the one of the screen checks (tests/helpers/screens.ts, tests/e2e/screens.test.ts):
 * every route of the registry each account may open (src/web/app/registry.tsx, `routesFor`), opened
 * by the client's own navigation in one page per account, then each state the page offers (the list
 * loaded, emptied by a search, the form's dialog, the form sent empty, a deletion asked), each seen in
 * the four variants. Nothing is saved (`save: () => false`), so the walk writes nothing.
 *
 * Without SCREENS_BASE_URL, the built server (dist/server/main.mjs) is started as `npm start` starts
 * it (tests/helpers/demo-server.ts, shared with the screen checks of the demo's students), on a free
 * port with a fresh data folder (.test-output/screens-data) and the demo data; the demo accounts and
 * their passwords are read from its log (`messages.consoleCompteDemo`; Koudougou's deliberation is
 * published by the demo itself, its offers answered and its room choice open), and the server is
 * stopped by its PID at the end, in every case.
 * With SCREENS_BASE_URL=http://…, that server and the accounts of SCREENS_ACCOUNTS
 * ("user:password,user:password"; a visitor is always added); nothing is written to it.
 * SCREENS_ONLY=visiteur,gestionnaire.bobo keeps these accounts only (the other folders stay).
 *
 * One browser, one account after another: the machine stays usable while it runs.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../tests/helpers/chromium';
import { enumLabel } from '../src/domain/messages-labels';
import type { SigninAnswer } from '../src/domain/schemas/auth';
import { routesFor, viewerOf, type AppRoute } from '../src/web/app/registry';
import { paths } from '../src/web/lib/paths';
import { routeParams, signIn, startDemoServer, type DemoServer } from '../tests/helpers/demo-server';
import { accountPage, VARIANTS, walk, type Seen, type Variant } from '../tests/helpers/screens';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'screens');
const DATA_DIR = path.join(ROOT, '.test-output', 'screens-data');
const TMP_DIR = path.join(ROOT, '.test-output', 'screens-tmp');
const SERVER_LOG = path.join(ROOT, '.test-output', 'screens-server.log');
const ADMIN_PASSWORD = 'Screens-admin-2026';
/** The columns of the index, left to right. */
const COLUMNS = ['1366 clair', '1366 sombre', '360 clair', '360 sombre'];

interface Account {
  /** Folder name in screens/: the username, or 'visiteur'. */
  key: string;
  userName: string | null;
  password: string | null;
  description: string;
}

interface Shot {
  state: string;
  variant: string;
  /** Relative to screens/. */
  file: string;
}

interface RouteShots {
  route: AppRoute;
  concrete: string;
  shots: Shot[];
  error?: string;
}

interface AccountResult {
  account: Account;
  signedInAs?: string;
  routes: RouteShots[];
  /** Routes left out, with the reason. */
  skipped: { route: AppRoute; reason: string }[];
  error?: string;
  seconds: number;
}

// ------------------------------------------------------------------ the walk

/** 'Formulaire envoyé vide' → 'formulaire-envoye-vide'. */
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'accueil';

async function shootAccount(browser: Browser, baseURL: string, account: Account): Promise<AccountResult> {
  const started = Date.now();
  const result: AccountResult = { account, routes: [], skipped: [], seconds: 0 };
  const dir = path.join(OUT, account.key);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let record: SigninAnswer | null = null;
  try {
    if (account.userName && account.password) {
      record = await signIn(baseURL, account.userName, account.password);
      result.signedInAs =
        `${record.prenom} ${record.nom}, ${enumLabel('role', record.roles[0])}` +
        (record.libelleDirection ? `, ${record.libelleDirection}` : '');
    }
    const { values, missing } = await routeParams(baseURL, record);
    const routes = routesFor(record ? viewerOf(record) : null).filter((r) => r.path !== paths.deconnexion);
    const byPath = new Map<string, RouteShots>();
    for (const route of routes) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const lacking = names.find((n) => values[n] === undefined);
      if (lacking) {
        result.skipped.push({ route, reason: missing[lacking] ?? `pas de valeur pour :${lacking}` });
        continue;
      }
      const concrete = route.path.replace(/:(\w+)/g, (_, n: string) => values[n]);
      const entry: RouteShots = { route, concrete, shots: [] };
      result.routes.push(entry);
      byPath.set(concrete, entry);
    }
    console.log(
      `• ${account.key} : ${result.routes.length} routes` +
        (result.skipped.length ? ` (${result.skipped.length} laissées de côté)` : ''),
    );

    const look = async (page: Page, seen: Seen) => {
      const entry = byPath.get(seen.path)!;
      const n = String(result.routes.indexOf(entry) + 1).padStart(2, '0');
      const file = `${account.key}/${n}-${slug(entry.route.path)}--${slug(seen.state)}--${slug(seen.variant.name)}.png`;
      await page.screenshot({ path: path.join(OUT, file), fullPage: true });
      entry.shots.push({ state: seen.state, variant: seen.variant.name, file });
    };

    // One page for the account; a route that fails is noted and the walk goes on in a fresh page.
    let opened = await accountPage(browser, baseURL, record as unknown as Record<string, unknown> | null);
    try {
      for (const entry of result.routes) {
        try {
          await walk(opened.page, opened.inflight, [entry.concrete], look, { save: () => false });
        } catch (err) {
          entry.error = (err as Error).message.split('\n')[0];
          console.log(`  ! ${entry.concrete} : ${entry.error}`);
          await opened.context.close();
          opened = await accountPage(browser, baseURL, record as unknown as Record<string, unknown> | null);
        }
      }
    } finally {
      await opened.context.close();
    }
  } catch (err) {
    result.error = (err as Error).message;
    console.log(`  ! ${account.key} : ${result.error}`);
  }
  result.seconds = (Date.now() - started) / 1000;
  const count = result.routes.reduce((n, r) => n + r.shots.length, 0);
  console.log(`  ${count} captures en ${duration(result.seconds)}`);
  return result;
}

// ------------------------------------------------------------------ the index

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

const count = (results: readonly AccountResult[]) =>
  results.reduce((n, a) => n + a.routes.reduce((m, r) => m + r.shots.length, 0), 0);

const STYLE = `
:root { color-scheme: light dark; --fond: #fff; --texte: #1d232a; --doux: #5b6570; --bord: #d5dbe1; --carte: #f4f6f8; --lien: #0b5cad; --erreur: #a4161a; }
@media (prefers-color-scheme: dark) { :root { --fond: #15191d; --texte: #e7ebef; --doux: #a9b3bd; --bord: #38414a; --carte: #1f252b; --lien: #8cc2ff; --erreur: #ff8a8a; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 1.5rem; font: 15px/1.45 system-ui, sans-serif; background: var(--fond); color: var(--texte); }
a { color: var(--lien); }
h1 { margin: 0 0 .5rem; font-size: 1.6rem; }
h2 { margin: 2.5rem 0 .25rem; padding-top: 1rem; border-top: 2px solid var(--bord); font-size: 1.35rem; }
h3 { margin: 1.5rem 0 .5rem; font-size: 1.05rem; }
h3 code, td code { font-size: .85em; color: var(--doux); font-weight: normal; }
p { margin: .25rem 0; }
.doux { color: var(--doux); }
.erreur { color: var(--erreur); }
nav ol { columns: 2 22rem; padding-left: 1.5rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--bord); padding: .4rem; vertical-align: top; text-align: left; }
th { background: var(--carte); font-weight: 600; }
th.etat { width: 9rem; }
.vignette { display: block; overflow: hidden; border: 1px solid var(--bord); background: var(--carte); }
.vignette img { display: block; width: 100%; height: 100%; object-fit: cover; object-position: top; }
.v1366 { width: 300px; height: 190px; }
.v360 { width: 120px; height: 250px; }
`;

function indexHtml(
  results: readonly AccountResult[],
  meta: { server: string; seconds: number; notes: string[] },
): string {
  const when = new Date().toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
  const total = count(results);
  const out: string[] = [];
  out.push(
    '<!doctype html>',
    '<html lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>CENOU Hébergement — tous les écrans</title>',
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<h1>CENOU Hébergement — tous les écrans</h1>',
    `<p>${total} captures de ${results.length} comptes, le ${esc(when)}, en ${duration(meta.seconds)}, sur ${esc(meta.server)}.</p>`,
    '<p class="doux">Chaque route que le compte peut ouvrir, dans chaque état que la page offre (chargée, liste vidée par une recherche, formulaire, formulaire envoyé vide, confirmation de suppression), ' +
      'à 1366 px et à 360 px de large, en thème clair et sombre. Une vignette montre le haut de la page : cliquer pour la capture entière.</p>',
  );
  for (const n of meta.notes) out.push(`<p class="doux">${esc(n)}</p>`);
  out.push('<nav><ol>');
  for (const a of results) {
    const n = a.routes.reduce((m, r) => m + r.shots.length, 0);
    const failed = a.error || a.routes.some((r) => r.error) ? ' <span class="erreur">(erreurs)</span>' : '';
    out.push(
      `<li><a href="#${esc(slug(a.account.key))}">${esc(a.account.key)}</a> — ${esc(a.account.description)} ` +
        `<span class="doux">(${n} captures)</span>${failed}</li>`,
    );
  }
  out.push('</ol></nav>');

  for (const a of results) {
    out.push(
      `<section id="${esc(slug(a.account.key))}">`,
      `<h2>${esc(a.account.key)}</h2>`,
      `<p>${esc(a.account.description)}</p>`,
    );
    if (a.signedInAs) out.push(`<p class="doux">Connecté : ${esc(a.signedInAs)}.</p>`);
    out.push(
      `<p class="doux">${a.routes.length} routes, ${a.routes.reduce((m, r) => m + r.shots.length, 0)} captures en ${duration(a.seconds)}.</p>`,
    );
    if (a.error) out.push(`<p class="erreur">Erreur : ${esc(a.error)}</p>`);
    for (const s of a.skipped)
      out.push(
        `<p class="doux">Non ouverte : ${esc(s.route.label)} <code>${esc(s.route.path)}</code> (${esc(s.reason)}).</p>`,
      );
    for (const r of a.routes) {
      out.push(`<h3>${esc(r.route.label)} <code>${esc(r.concrete)}</code></h3>`);
      if (r.error)
        out.push(`<p class="erreur">La visite s'est arrêtée sur cette route : ${esc(r.error)}</p>`);
      const states = [...new Set(r.shots.map((s) => s.state))];
      if (states.length === 0) continue;
      out.push('<table>', '<thead><tr><th class="etat">État</th>');
      for (const c of COLUMNS) out.push(`<th>${esc(c)}</th>`);
      out.push('</tr></thead>', '<tbody>');
      for (const state of states) {
        out.push(`<tr><th class="etat">${esc(state)}</th>`);
        for (const c of COLUMNS) {
          const shot = r.shots.find((s) => s.state === state && s.variant === c);
          const variant = VARIANTS.find((v: Variant) => v.name === c)!;
          if (!shot) {
            out.push('<td></td>');
            continue;
          }
          const href = shot.file.split('/').map(encodeURIComponent).join('/');
          out.push(
            `<td><a class="vignette v${variant.width}" href="${esc(href)}" title="${esc(`${r.concrete} — ${state} — ${c}`)}">` +
              `<img loading="lazy" src="${esc(href)}" alt="${esc(`${r.route.label}, ${state}, ${c}`)}"></a></td>`,
          );
        }
        out.push('</tr>');
      }
      out.push('</tbody>', '</table>');
    }
    out.push('</section>');
  }
  out.push('</body>', '</html>', '');
  return out.join('\n');
}

// ------------------------------------------------------------------ main

function accountsFromEnv(value: string): Account[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf(':');
      if (at <= 0)
        throw new Error(`SCREENS_ACCOUNTS : « ${pair} » n'est pas de la forme identifiant:mot-de-passe`);
      const userName = pair.slice(0, at);
      return { key: userName, userName, password: pair.slice(at + 1), description: '' };
    });
}

const VISITOR: Account = {
  key: 'visiteur',
  userName: null,
  password: null,
  description: 'Visiteur sans compte : les pages publiques',
};

async function main(): Promise<number> {
  const started = Date.now();
  const given = process.env.SCREENS_BASE_URL?.replace(/\/+$/, '');
  let server: DemoServer | null = null;
  let browser: Browser | null = null;
  const results: AccountResult[] = [];
  const meta = { server: '', seconds: 0, notes: [] as string[] };
  const only = new Set(
    (process.env.SCREENS_ONLY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

  // Ctrl-C or a kill: the server and the browser are stopped before leaving.
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`\nArrêt demandé (${signal}) : arrêt du serveur et du navigateur…`);
    void Promise.allSettled([server?.stop(), browser?.close()]).then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    let accounts: Account[];
    if (given) {
      meta.server = given;
      accounts = accountsFromEnv(process.env.SCREENS_ACCOUNTS ?? '');
      if (accounts.length === 0)
        meta.notes.push('SCREENS_ACCOUNTS vide : seules les pages des visiteurs sont capturées.');
      for (const a of accounts) {
        const record = await signIn(given, a.userName!, a.password!).catch((err: Error) => {
          throw new Error(`SCREENS_ACCOUNTS : « ${a.userName} » ne peut pas se connecter (${err.message})`);
        });
        a.description =
          enumLabel('role', record.roles[0]) +
          (record.libelleDirection ? `, ${record.libelleDirection}` : '');
      }
      console.log(`Captures sur ${given} (${accounts.length} comptes et un visiteur)`);
    } else {
      console.log('Démarrage du serveur construit avec les données de démonstration…');
      server = await startDemoServer({
        dataDir: DATA_DIR,
        adminPassword: ADMIN_PASSWORD,
        logFile: SERVER_LOG,
      });
      meta.server = 'le serveur construit, démarré avec les données de démonstration';
      accounts = server.accounts.map((a) => ({ key: a.userName, ...a }));
      console.log(`Serveur prêt sur ${server.baseURL} : ${accounts.length} comptes de démonstration`);
    }
    const baseURL = given ?? server!.baseURL;
    const all = [VISITOR, ...accounts].filter((a) => only.size === 0 || only.has(a.key));
    if (all.length === 0)
      throw new Error(
        `SCREENS_ONLY ne nomme aucun compte ; comptes : ${[VISITOR, ...accounts].map((a) => a.key).join(', ')}`,
      );
    if (only.size === 0) rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    rmSync(TMP_DIR, { recursive: true, force: true });
    mkdirSync(TMP_DIR, { recursive: true });
    process.env.TMPDIR = TMP_DIR;
    browser = await launchChromium();
    for (const account of all) results.push(await shootAccount(browser, baseURL, account));
  } catch (err) {
    console.error(`Échec : ${(err as Error).message}`);
    meta.notes.push(`Échec : ${(err as Error).message.split('\n')[0]}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(TMP_DIR, { recursive: true, force: true });
  }

  meta.seconds = (Date.now() - started) / 1000;
  const failed = results.filter((a) => a.error || a.routes.some((r) => r.error));
  if (results.length > 0) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'index.html'), indexHtml(results, meta));
  }
  const index = path.relative(process.cwd(), path.join(OUT, 'index.html'));
  console.log(
    `\n${count(results)} captures d'écran de ${results.length} comptes en ${duration(meta.seconds)}` +
      (results.length > 0 ? ` ; index : ${index}` : ''),
  );
  if (failed.length > 0)
    console.log(
      `Erreurs pour ${failed.map((a) => a.account.key).join(', ')} : voir l'index et le journal ci-dessus.`,
    );
  return meta.notes.some((n) => n.startsWith('Échec')) || failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
