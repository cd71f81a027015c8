import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { launchBrowser, newPage, signIn } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';

// Messages are never lost on a poor connection: when the toast widget's download fails, the
// message shows at once as plain text, in the same place, announced to screen readers.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('messages without the toast widget', () => {
  it('show as plain text at once when the widget cannot be downloaded', async () => {
    const { context, page } = await newPage(browser);
    try {
      const blocked: string[] = [];
      await page.route(/\/assets\/ToastWidget-[^/]*\.js$/, (route) => {
        blocked.push(route.request().url());
        return route.abort('failed');
      });
      await signIn(page, 'admin', e2eServer().adminPassword);
      const plain = page.getByTestId('toast-plain');
      await plain.getByText(messages.connexionReussie).waitFor();
      expect(await plain.getByRole('status').count()).toBeGreaterThan(0);
      expect(blocked.length).toBeGreaterThan(0);
      // It can be closed by hand.
      await plain.getByRole('button', { name: messages.fermer }).first().click();
      await plain.getByText(messages.connexionReussie).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
