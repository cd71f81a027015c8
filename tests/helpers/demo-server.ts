import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_BASE } from '../../src/domain/api';
import { ETUDIANT } from '../../src/domain/enums';
import { messages } from '../../src/domain/messages';
import type { SigninAnswer } from '../../src/domain/schemas/auth';
import { paths } from '../../src/web/lib/paths';
import { PATIENCE_MS } from './wait';
import { timed } from './walk-time';
import { freePort } from '../../scripts/deploy/cluster';

/**
 * The built server started with the demo data, and what is done with it through the API: shared by
 * the screenshots (`npm run screens`, scripts/screens.ts) and the screen checks of the demo's
 * students (tests/e2e/screens.test.ts). Node and fetch only (no test framework): both use it.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The value given to `:code` (the certificate check): one that matches nothing. */
export const UNKNOWN_CODE = 'CODE-INCONNU';

/**
 * The browser files' demo (tests/e2e/screens-demo.test.ts, agency-rules.test.ts): loaded once a run
 * into this template (`startDemoServer`), emptied by the run's set-up (tests/setup/global-e2e.ts),
 * with this first admin's password.
 */
export const E2E_DEMO = {
  template: path.join(ROOT, '.test-output', 'e2e-demo-modele'),
  adminPassword: 'Demo-e2e-2026',
  /**
   * A data folder whose database is migrated and empty, made by the run's set-up: the run's servers
   * and the demo's first load start on a copy of it rather than migrating one of their own.
   */
  migrated: path.join(ROOT, '.test-output', 'e2e-base-migree'),
} as const;

/** Removes the template and a lock left by a run that was killed (the run's set-up). */
export function clearDemoTemplate(template: string): void {
  rmSync(template, { recursive: true, force: true });
  rmSync(`${template}.verrou`, { force: true });
}

/** A demo account as the server's log names it (`messages.consoleCompteDemo`). */
export interface DemoAccount {
  userName: string;
  password: string;
  description: string;
}

export interface DemoServer {
  baseURL: string;
  /** The demo accounts, in the order the log names them. */
  accounts: DemoAccount[];
  /** Stops the server (SIGTERM, then SIGKILL), writes its log and removes its data folder (`removeLater`); once. */
  stop(): Promise<void>;
}

export interface DemoServerOptions {
  /** Emptied before the start and removed at the stop. */
  dataDir: string;
  /** The first administrator's (`admin`). */
  adminPassword: string;
  /** Where the server's log is written at the stop. */
  logFile: string;
  /** A folder where the demo, once loaded, is kept for the next starts (`startDemoServer`). */
  template?: string;
  /**
   * A data folder with a migrated, empty database (no account): the demo is loaded on a copy of it,
   * the migrations then already made.
   */
  migrated?: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `messages.consoleCompteDemo` read back: its description, username and password. */
export const DEMO_LINE = new RegExp(
  `^${escapeRegExp(messages.consoleCompteDemo)
    .replace(escapeRegExp('{description}'), '(?<description>.+)')
    .replace(escapeRegExp('{identifiant}'), '(?<identifiant>.+?)')
    .replace(escapeRegExp('{motDePasse}'), '(?<motDePasse>.+?)')}$`,
);
const READY_LINE = new RegExp(`^${escapeRegExp(messages.consolePret).replace(escapeRegExp('{url}'), '.+')}$`);

/** The servers started and not yet stopped: killed if the process ends without stopping them. */
const running = new Set<ChildProcess>();

// The last resort if the process ends abruptly: a server it started never outlives it.
process.once('exit', () => {
  for (const child of running)
    if (child.pid && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * The built server (dist/server/main.mjs), as `npm start` starts it, on a free port with a fresh data
 * folder and the demo data. Resolves once /service/api/health answers and the log has said it is
 * ready (the demo accounts are logged before that line, so all of them have been read).
 *
 * With `template`, the demo is loaded once for all the callers that name the same folder (the
 * browser files of one run, which may run at once in two workers): the first one loads it, stops
 * its server, keeps a copy of the data folder and of the accounts its log named, and starts again
 * on its own folder; the others wait for that copy, if it is being made, then start on a copy of
 * their own. Every caller thus starts from the demo as loaded, and none sees another's changes.
 * The template's first admin has the password it was made with: every caller passes the same.
 */
export async function startDemoServer(opts: DemoServerOptions): Promise<DemoServer> {
  const { dataDir, adminPassword, template } = opts;
  rmSync(dataDir, { recursive: true, force: true });
  removeLeftOvers(dataDir);
  // A fresh folder, or a copy of a migrated one: the server migrates what is left and loads the demo.
  const fresh = () =>
    opts.migrated
      ? cpSync(opts.migrated, dataDir, { recursive: true })
      : mkdirSync(dataDir, { recursive: true });
  if (!template) {
    fresh();
    return launch(opts, null);
  }
  const made = path.join(template, 'comptes.json');
  const lock = `${template}.verrou`; // as clearDemoTemplate names it
  const deadline = Date.now() + 8 * PATIENCE_MS;
  for (;;) {
    if (existsSync(made)) {
      const kept = JSON.parse(readFileSync(made, 'utf8')) as {
        adminPassword: string;
        accounts: DemoAccount[];
      };
      if (kept.adminPassword !== adminPassword)
        throw new Error(`${template} : fait avec un autre mot de passe d'administrateur`);
      cpSync(path.join(template, 'donnees'), dataDir, { recursive: true });
      return timed('démo : démarrage sur une copie', () => launch(opts, kept.accounts));
    }
    // The first caller makes it (an exclusive create); a maker that died leaves its lock to the next.
    let mine = false;
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      mine = true;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(lock, 'utf8'));
      } catch {
        /* made and gone meanwhile: the template is there now */
      }
      if (holder && !alive(holder)) rmSync(lock, { force: true });
    }
    if (mine) {
      try {
        fresh();
        const first = await timed('démo : premier démarrage (migration, chargement)', () =>
          launch(opts, null),
        );
        await timed('démo : arrêt après le chargement', () => first.stop({ keepData: true }));
        await timed('démo : copie du modèle', async () => {
          rmSync(template, { recursive: true, force: true });
          mkdirSync(template, { recursive: true });
          cpSync(dataDir, path.join(template, 'donnees'), { recursive: true });
        });
        // Written last: its presence says the copy is whole.
        writeFileSync(made, JSON.stringify({ adminPassword, accounts: first.accounts }));
        return await timed('démo : démarrage sur une copie', () => launch(opts, first.accounts));
      } finally {
        rmSync(lock, { force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`${template} : toujours en préparation (${lock})`);
    await sleep(500);
  }
}

/**
 * A browser file's demo server, from the run's one loaded demo (`E2E_DEMO`): the server bundle
 * built by the run's set-up (tests/setup/global-e2e.ts), a data folder and a log of the file's own
 * in `.test-output` (`e2e-<name>-data`, `e2e-<name>-server.log`).
 */
export function e2eDemoServer(name: string): Promise<DemoServer> {
  const bundle = path.resolve('dist', 'server', 'main.mjs');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build the server (npm run build)`);
  return startDemoServer({
    dataDir: path.resolve('.test-output', `e2e-${name}-data`),
    adminPassword: E2E_DEMO.adminPassword,
    logFile: path.resolve('.test-output', `e2e-${name}-server.log`),
    template: E2E_DEMO.template,
    // Made by the run's set-up when it starts its servers (not against E2E_BASE_URL).
    ...(existsSync(E2E_DEMO.migrated) ? { migrated: E2E_DEMO.migrated } : {}),
  });
}

/**
 * Removes a data folder without waiting for it: renamed at once (the name is free again), then
 * removed by a detached `rm` while the tests go on. A copy of the demo is 80 MB in 3,600 files: its
 * removal took 18 s of the demo's browser file at load 35, on the disk, not the processor
 * (decision 047). A folder left by an `rm` that did not end is removed by the next start.
 */
export function removeLater(dir: string): void {
  if (!existsSync(dir)) return;
  const trash = `${dir}${TRASH}${process.pid}-${Date.now()}`;
  renameSync(dir, trash);
  spawn('rm', ['-rf', trash], { detached: true, stdio: 'ignore' }).unref();
}

/** The suffix of a folder being removed (`removeLater`). */
const TRASH = '.a-effacer-';

/** Removes the folders `removeLater` left beside `dir` (an `rm` killed with its run). */
function removeLeftOvers(dir: string): void {
  const parent = path.dirname(dir);
  const prefix = `${path.basename(dir)}${TRASH}`;
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent))
    if (name.startsWith(prefix)) {
      const [pid] = name.slice(prefix.length).split('-');
      // Its `rm` may still be at it: whichever ends first, the folder is gone.
      if (!alive(Number(pid)))
        try {
          rmSync(path.join(parent, name), { recursive: true, force: true });
        } catch {
          /* being removed */
        }
    }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts the bundle on `dataDir` as it stands: a fresh folder (`known` null: the demo is loaded and
 * its accounts read from the log), or a copy of a template (`known`: the accounts it named).
 */
async function launch(
  opts: DemoServerOptions,
  known: DemoAccount[] | null,
): Promise<DemoServer & { stop(o?: { keepData?: boolean }): Promise<void> }> {
  const { dataDir, adminPassword, logFile } = opts;
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const accounts: DemoAccount[] = known ? [...known] : [];
  const log: string[] = [];
  let ready = false;
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'server', 'main.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      DEMO_DATA: '1',
      DATABASE_URL: '',
      SMTP_URL: '',
      // The tests' argon2id cost (decision 125).
      PASSWORD_HASH_COST: 'test',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    log.push(chunk);
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      let msg: unknown;
      try {
        msg = (JSON.parse(line) as { msg?: unknown }).msg;
      } catch {
        continue;
      }
      if (typeof msg !== 'string') continue;
      const demo = DEMO_LINE.exec(msg);
      if (demo?.groups && !known)
        accounts.push({
          userName: demo.groups.identifiant,
          password: demo.groups.motDePasse,
          description: demo.groups.description,
        });
      if (READY_LINE.test(msg)) ready = true;
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk));
  const exited = new Promise<void>((r) =>
    child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
  );

  let stopping: Promise<void> | undefined;
  const stop = (o: { keepData?: boolean } = {}) =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null)
        await timed('démo : arrêt du processus', async () => {
          // A graceful stop (main.ts forces its own exit after 20 s), then a kill.
          process.kill(child.pid!, 'SIGTERM');
          const done = await Promise.race([exited.then(() => true), sleep(PATIENCE_MS, false)]);
          if (!done) {
            process.kill(child.pid!, 'SIGKILL');
            await exited;
          }
        });
      running.delete(child);
      mkdirSync(path.dirname(logFile), { recursive: true });
      writeFileSync(logFile, log.join(''));
      if (!o.keepData) await timed('démo : effacement de ses données', async () => removeLater(dataDir));
    })());

  // Migrating and loading the demo take long on a loaded machine: the bound only ends a start that hangs.
  const deadline = Date.now() + 8 * PATIENCE_MS;
  let healthy = false;
  while (!(healthy && ready)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `le serveur s'est arrêté au démarrage (${child.exitCode ?? child.signalCode}) :\n${log.join('')}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`le serveur n'a pas démarré à temps :\n${log.join('')}`);
    }
    if (!healthy)
      healthy = await fetch(`${baseURL}/service/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
    await sleep(250);
  }
  if (accounts.length === 0) {
    await stop();
    throw new Error(`aucun compte de démonstration dans le journal du serveur :\n${log.join('')}`);
  }
  return { baseURL, accounts, stop };
}

// ------------------------------------------------------------------ the API

/** One API call (JSON in and out); throws with the status and the start of the body unless 2xx. */
export async function call<T>(
  baseURL: string,
  method: string,
  apiPath: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseURL}${API_BASE}/${apiPath}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath} : ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const signIn = (baseURL: string, username: string, password: string) =>
  call<SigninAnswer>(baseURL, 'POST', paths.api.signin, { body: { username, password } });

/**
 * The values of the routes' parameters for this account (null: a visitor); a missing one, with its
 * reason, leaves its routes out. A student gets its own latest dossier, a staff account a dossier
 * of its direction (any, when its direction has none); `:code` one that matches nothing.
 */
export async function routeParams(
  baseURL: string,
  record: SigninAnswer | null,
): Promise<{ values: Record<string, string>; missing: Record<string, string> }> {
  const values: Record<string, string> = { code: UNKNOWN_CODE, referencePaiement: 'MM-20260101-INCONNUE' };
  const missing: Record<string, string> = {};
  if (!record) return { values, missing };
  const token = record.accessToken;
  let dossier: { idDossier: number; ine: string } | undefined;
  if (record.roles[0] === ETUDIANT) {
    // Its own dossier (the latest first).
    const mine = await call<{ idDossier: number; ine: string }[]>(
      baseURL,
      'GET',
      paths.api.dossier.etudiant(record.username),
      { token },
    );
    dossier = mine[0];
    if (!dossier) missing.idDossier = missing.ine = 'aucun dossier déposé';
  } else {
    // A dossier of its direction (any, when its direction has none).
    const query = record.idDirection ? `?idDirection=${record.idDirection}&size=1` : '?size=1';
    dossier = (
      await call<{ idDossier: number; ine: string }[]>(baseURL, 'GET', paths.api.dossiers + query, { token })
    )[0];
    dossier ??= (
      await call<{ idDossier: number; ine: string }[]>(baseURL, 'GET', `${paths.api.dossiers}?size=1`, {
        token,
      })
    )[0];
    if (!dossier) missing.idDossier = missing.ine = 'aucun dossier visible';
  }
  if (dossier) {
    values.idDossier = String(dossier.idDossier);
    values.ine = encodeURIComponent(dossier.ine);
  }
  return { values, missing };
}
