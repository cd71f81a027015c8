import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { requireProgram } from './system-packages';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background traffic).
 * No vitest here: the browser tests (tests/helpers/browser.ts) and `npm run screens` both launch it.
 *
 * Its contexts block service workers unless told otherwise (`serviceWorkers: 'allow'`): the web
 * client registers one (docs/decisions/021-installable-offline-app.md), and a worker answering
 * from its cache would change what a test sees and counts (the requests of tests/helpers/screens.ts,
 * a route a test intercepts). Only the offline test (tests/e2e/offline.test.ts) allows it.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  requireProgram(executablePath, '--version', 'chromium');
  const browser = await chromium.launch({
    executablePath,
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
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const blocked = (options: BrowserContextOptions = {}): BrowserContextOptions => ({
    serviceWorkers: 'block',
    ...options,
  });
  browser.newContext = (options) => newContext(blocked(options));
  browser.newPage = (options) => newPage(blocked(options));
  return browser;
}
