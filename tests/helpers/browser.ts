import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, headless, with the flags this closed network needs (no background traffic). */
export async function launchBrowser(): Promise<Browser> {
  const { tmpDir } = inject('e2e');
  process.env.TMPDIR = tmpDir;
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL } = inject('e2e');
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Calls the API as someone (for setting up data a test needs), through the real server. */
export async function apiCall<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const { baseURL } = inject('e2e');
  const res = await fetch(`${baseURL}/service/api/hebergement-cenou/${path}`, {
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
  const { adminPassword } = inject('e2e');
  const res = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: 'admin', password: adminPassword },
  });
  return res.body.accessToken;
}
