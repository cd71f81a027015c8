import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import type { DelaiReporteRow } from '../../src/domain/schemas/availability';
import { paths } from '../../src/web/lib/paths';
import { launchBrowser } from '../helpers/browser';
import { call, e2eDemoServer, signIn, type DemoServer } from '../helpers/demo-server';
import { e2eServer } from '../helpers/e2e';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, openRoute, settled, type Seen } from '../helpers/screens';

// « Délais reportés » (docs/availability.md#the-deadlines-moved-staff) in a real Chromium: on the
// demo data (a server this file starts as `npm start` does), the central manager finds the
// instalments the payment provider's outage moved, every row the API gives, at 360 and 1366 px,
// light and dark; a regional manager its direction's only. On this worker's own server, where no
// outage moved anything, the admin reads the sentence that says why the list is empty. Each
// state is checked as every screen is (no horizontal scroll, contrast, axe) and kept as pictures.

let browser: Browser;
let demo: DemoServer | undefined;
const problems: string[] = [];
const shots = path.resolve('.test-output/outage-moves');

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  // The demo loaded once a run (tests/helpers/demo-server.ts): minutes on a loaded machine.
  demo = await e2eDemoServer('outage-moves');
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

/** The screen opened as `record` on `baseURL`, looked at in every variant, each kept as a picture. */
async function lookAt(
  baseURL: string,
  record: Record<string, unknown>,
  name: string,
  ready: (p: Page) => Promise<void>,
) {
  const { context, page, inflight } = await accountPage(browser, baseURL, record);
  try {
    await openRoute(page, inflight, paths.delaisReportes);
    await page.getByRole('heading', { level: 1, name: messages.delaisReportesTitre }).waitFor();
    await ready(page);
    await settled(page, inflight);
    await inEveryVariant(page, paths.delaisReportes, name, async (p: Page, seen: Seen) => {
      problems.push(...(await screenProblems(p, `${name} ${seen.variant.name}`, seen)));
      // No horizontal scroll of the page, whatever the width.
      expect(
        await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${name} ${seen.variant.name}`,
      ).toBe(true);
      await p.screenshot({
        path: path.join(shots, `${name}-${seen.variant.name.replace(/\W/g, '')}.png`),
        fullPage: true,
      });
    });
  } finally {
    await context.close();
  }
}

describe('the deadlines moved by an outage, on the screen', () => {
  it('the central manager sees the demo’s moved instalments, as the API gives them', async () => {
    const central = demo!.accounts.find((a) => a.userName === 'gestionnaire.cenou')!;
    const record = await signIn(demo!.baseURL, central.userName, central.password);
    const rows = await call<DelaiReporteRow[]>(demo!.baseURL, 'GET', 'campus/delai-reporte?size=20', {
      token: record.accessToken,
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.natureReport === 'ECHEANCE' && r.composant === 'PAIEMENT')).toBe(true);
    await lookAt(demo!.baseURL, record as never, 'central', async (page) => {
      const table = page.locator('.moved-table');
      for (const r of rows) await table.locator('tbody tr', { hasText: r.ine }).first().waitFor();
      const text = (await table.textContent()) ?? '';
      expect(text).toContain(`Échéance n°\u00a0${rows[0].numeroEcheance} du loyer`);
      expect(text).toContain('Paiement mobile, du ');
      expect(text).not.toMatch(/ECHEANCE|PAIEMENT|undefined|NaN|\d{4}-\d{2}-\d{2}/);
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a regional manager sees its direction’s rows only', async () => {
    const kdg = demo!.accounts.find((a) => a.userName === 'gestionnaire.koudougou')!;
    const record = await signIn(demo!.baseURL, kdg.userName, kdg.password);
    const own = await call<DelaiReporteRow[]>(demo!.baseURL, 'GET', 'campus/delai-reporte?size=50', {
      token: record.accessToken,
    });
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((r) => r.idDirection))).toEqual(new Set([record.idDirection]));
  });

  it('with nothing moved, the admin reads why the list is empty', async () => {
    const server = e2eServer();
    const record = await signIn(server.baseURL, 'admin', server.adminPassword);
    await lookAt(server.baseURL, record as never, 'vide', async (page) => {
      await page.getByText(messages.delaisReportesVide).waitFor();
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
