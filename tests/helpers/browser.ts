import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';

import { messages } from '../../src/domain/messages';
import { API_BASE } from '../../src/domain/api';
import { USER_KEY } from '../../src/web/lib/auth';
import { PATIENCE_MS } from './wait';
import { e2eServer } from './e2e';

/**
 * The worker's Chromium: one per worker process, launched by its first browser file and kept for the
 * files it runs after (one after another, `isolate: false`). Kept on the process, not in this
 * module's state, which vitest may load again for the next file (tests/helpers/e2e.ts says the
 * same of the server a worker took). Playwright kills it when the worker's process exits.
 */
const WORKER_BROWSER = Symbol.for('cenou.e2e.workerBrowser');

/** How many Chromiums this worker launched (one, unless one crashed or was closed). */
export function browserLaunches(): number {
  return (globalThis as { [WORKER_BROWSER]?: { launches: number } })[WORKER_BROWSER]?.launches ?? 0;
}

/**
 * Debian's Chromium (tests/helpers/chromium.ts), its temporary files in the run's own folder: the
 * worker's one (`WORKER_BROWSER`), launched again if it is gone. Each file gets it as its own: its
 * `close()` closes every context still open (a file starts with none, as with a browser of its
 * own: the files of a worker run one after another) and leaves the browser to the next file. A
 * launch and close cost about 0.9 s of processor a file, 36 files a run (decision 128); what one
 * context of a file sees, no other context sees (cookies, storage, cache: Chromium's own contexts).
 */
export async function launchBrowser(): Promise<Browser> {
  const { tmpDir } = e2eServer();
  process.env.TMPDIR = tmpDir;
  const holder = ((globalThis as { [WORKER_BROWSER]?: { browser?: Promise<Browser>; launches: number } })[
    WORKER_BROWSER
  ] ??= { launches: 0 });
  let shared = holder.browser ? await holder.browser.catch(() => undefined) : undefined;
  if (!shared?.isConnected()) {
    holder.launches += 1;
    holder.browser = launchChromium();
    shared = await holder.browser;
  }
  const browser = shared;
  // A file left contexts open (it failed before its own closing): the next file starts without them.
  await Promise.all(browser.contexts().map((c) => c.close()));
  const closeContexts = async (): Promise<void> => {
    await Promise.all(browser.contexts().map((c) => c.close()));
  };
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'close') return closeContexts;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL } = e2eServer();
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  return { context, page };
}

let marks = 0;

/**
 * Resolves once every request the page has sent so far has reached the test's `request` listeners:
 * the page fetches a mark of its own and the test waits to see it (a page's requests are reported
 * in the order it sends them). A test asserts that something was not sent after this, not after a
 * pause that a slow machine may outlast.
 */
export async function requestsSeen(page: Page): Promise<void> {
  const mark = `/service/api/health?marque=${process.pid}-${++marks}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(mark));
  await page.evaluate((url) => fetch(url).then(() => undefined), mark);
  await seen;
}

/**
 * Signs in through the real /connexion form (opened first unless the page is already on it) and
 * waits for the signed-in shell: the page the sign-in leads to (the role's own, or the `?retour=`
 * page, docs/roles.md#after-sign-in), with the user's name in the top bar. With
 * `{ waitForShell: false }` it only submits the form, for a sign-in the server is to refuse.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  opts: { waitForShell?: boolean } = {},
): Promise<void> {
  const { baseURL } = e2eServer();
  if (!page.url().startsWith(`${baseURL}/connexion`)) await page.goto('/connexion');
  await page.getByLabel(messages.champIdentifiant, { exact: true }).fill(username);
  await page.getByLabel(messages.champMotDePasse, { exact: true }).fill(password);
  await page.getByRole('button', { name: messages.seConnecter }).click();
  if (opts.waitForShell ?? true) {
    await page.waitForURL((url) => url.pathname !== '/connexion');
    await page.getByTestId('nom-utilisateur').waitFor();
  }
}

const records = new Map<string, Promise<Record<string, unknown>>>();

/**
 * The user record the client stores after a sign-in (src/web/lib/auth.ts), from one sign-in through
 * the API per account and test file: what a browser test starts from when the sign-in form is not
 * what it tests.
 */
export function storedSession(username: string, password: string): Promise<Record<string, unknown>> {
  const key = `${username}\n${password}`;
  let record = records.get(key);
  if (!record) {
    record = apiCall<Record<string, unknown>>('POST', 'campus-auth/signin', {
      body: { username, password },
    }).then((res) => {
      if (res.status !== 200) throw new Error(`sign-in of ${username} refused: ${JSON.stringify(res.body)}`);
      return res.body;
    });
    record.catch(() => records.delete(key));
    records.set(key, record);
  }
  return record;
}

/**
 * Signs the page in without the form: the stored session (`storedSession`) is written where the
 * client keeps it, then `path` (the home page by default) is opened and the signed-in shell awaited.
 * The sign-in form has tests of its own (shell.test.ts, registration.test.ts).
 */
export async function signInStored(
  page: Page,
  username: string,
  password: string,
  path = '/',
): Promise<void> {
  const record = await storedSession(username, password);
  // A same-origin answer that starts no client code: the storage of the origin, before any page reads it.
  await page.goto(`${API_BASE}/health`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    USER_KEY,
    JSON.stringify(record),
  ] as const);
  await page.goto(path);
  await page.getByTestId('nom-utilisateur').waitFor();
}

/** Calls the API as someone (for setting up data a test needs), through the real server. */
export async function apiCall<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const { baseURL } = e2eServer();
  const res = await fetch(`${baseURL}${API_BASE}/${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function adminToken(): Promise<string> {
  const { adminPassword } = e2eServer();
  const res = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: 'admin', password: adminPassword },
  });
  return res.body.accessToken;
}
