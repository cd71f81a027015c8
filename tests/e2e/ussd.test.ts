import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { USSD_CODE } from '../../src/domain/ussd';
import { axeViolations, describeViolations } from '../helpers/axe';
import { adminToken, apiCall, launchBrowser, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { PATIENCE_MS } from '../helpers/wait';
import { registeredStudent } from './staff-fixtures';

// The USSD phone drawn on a screen (docs/ussd.md#the-ussd-phone) in a real Chromium, against the
// real server: the admin opens it from the profile menu, dials with a registered student's registry
// number, walks menu 1 (Mon dossier) and back, types a choice the menu does not take, cuts the
// network and dials again to be offered the resume. At 1366 px light and 360 px dark; no
// horizontal scroll, no accessibility fault.

let browser: Browser;
const INE = `U${String(Date.now()).slice(-11)}`;
const TEL = `7${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  const student = {
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ine: INE,
    dateNaissance: '12/03/2004',
    villeOrientation: 'Ouagadougou',
    telEtudiant: TEL,
  };
  const csv = [REGISTRY_COLUMNS.join(';'), REGISTRY_COLUMNS.map((c) => student[c]).join(';')].join('\r\n');
  const imported = await apiCall('POST', 'campus/registre-etudiant/import', {
    token: await adminToken(),
    body: { nomFichier: 'registre.csv', fichier: Buffer.from(`${csv}\r\n`, 'utf8').toString('base64') },
  });
  expect(imported.status).toBe(200);
  await registeredStudent({
    ine: INE,
    dateNaissance: '2004-03-12',
    email: `ussd.${INE.toLowerCase()}@exemple.bf`,
    personnelBesoin: 'Ouédraogo Issa',
    contact: '76 54 32 10',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CASES = [
  { width: 1366, height: 900, colorScheme: 'light' },
  { width: 360, height: 740, colorScheme: 'dark' },
] as const;

const screenText = (page: Page) => page.getByTestId('ussd-ecran').locator('pre').textContent();

async function send(page: Page, choice: string) {
  await page.getByPlaceholder(messages.ussdSaisie).fill(choice);
  await page.getByRole('button', { name: messages.ussdEnvoyer }).click();
}

async function noFault(page: Page, width: number, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(what, violations).join('\n')).toEqual([]);
}

describe('the USSD phone', () => {
  for (const c of CASES) {
    it(`walks menu 1 and resumes a cut session at ${c.width} px (${c.colorScheme})`, async () => {
      const context = await browser.newContext({
        baseURL: e2eServer().baseURL,
        locale: 'fr-FR',
        viewport: { width: 1366, height: 900 },
        colorScheme: c.colorScheme,
        // axe is injected as a script: the server's CSP would refuse it (tests/helpers/axe.ts).
        bypassCSP: true,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      try {
        if (c.width > 800) {
          // From the profile menu of the top bar.
          await signInStored(page, 'admin', e2eServer().adminPassword);
          await page.locator('.profile-button').filter({ visible: true }).first().click();
          await page.getByRole('link', { name: messages.menuUssd }).click();
          await page.waitForURL('**/telephone-ussd');
        } else {
          await signInStored(page, 'admin', e2eServer().adminPassword, '/telephone-ussd');
        }
        await page.setViewportSize({ width: c.width, height: c.height });
        await expect.poll(() => page.title()).toContain(messages.ussdTitre);
        expect(await screenText(page)).toBe(fill(messages.ussdEcranVide, { code: USSD_CODE }));

        // Dialling without a number: told under the field.
        const dial = page.getByRole('button', { name: fill(messages.ussdComposer, { code: USSD_CODE }) });
        await dial.click();
        expect(await page.locator('#ussd-numero-erreur').textContent()).toBe(messages.champObligatoire);

        await page
          .getByLabel(messages.ussdNumero, { exact: true })
          .fill(`${TEL.slice(0, 2)} ${TEL.slice(2)}`);
        await dial.click();
        await expect.poll(() => screenText(page)).toMatch(/^CENOU Logement\n1 Mon dossier\n/);
        await noFault(page, c.width, `USSD phone ${c.width}`);

        // Menu 1: the student registered but deposited nothing.
        await send(page, '1');
        await expect.poll(() => screenText(page)).toMatch(/^Vous n'avez aucun dossier de logement\./);
        await send(page, '0');
        await expect.poll(() => screenText(page)).toMatch(/^CENOU Logement\n/);
        await send(page, '9');
        await expect.poll(() => screenText(page)).toMatch(/^Choix invalide\.\nCENOU Logement\n/);
        // The keypad types too.
        await page.getByRole('button', { name: '1', exact: true }).click();
        await page.getByRole('button', { name: messages.ussdEnvoyer }).click();
        await expect.poll(() => screenText(page)).toMatch(/^Vous n'avez aucun dossier/);

        // The network cuts; dialling again offers to resume where the session stood.
        await page.getByRole('button', { name: messages.ussdCouper }).click();
        expect(await screenText(page)).toBe(messages.ussdSessionCoupee);
        await dial.click();
        await expect
          .poll(() => screenText(page))
          .toBe('Votre session précédente a été coupée.\n1 Reprendre\n2 Menu principal');
        await send(page, '1');
        await expect.poll(() => screenText(page)).toMatch(/^Vous n'avez aucun dossier/);
        await noFault(page, c.width, `USSD phone, menu 1, ${c.width}`);
        // Back to the menu, so that the next case's session starts afresh.
        await send(page, '0');
        await expect.poll(() => screenText(page)).toMatch(/^CENOU Logement\n/);
      } finally {
        await context.close();
      }
    });
  }
});
