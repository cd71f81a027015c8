import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { axeViolations, describeViolations } from '../helpers/axe';
import { adminToken, apiCall, launchBrowser } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { PATIENCE_MS } from '../helpers/wait';
import { registeredStudent } from './staff-fixtures';

// A forgotten password in a real Chromium at phone size (360 × 740), light and dark, against the
// real server (docs/accounts.md#forgotten-password): from /connexion's link, the INE asks for a
// code, the code comes by SMS (the server has no SMPP_URL: a file under DATA_DIR/sms), a wrong
// code is told under its field, the right one and a new password lead back to /connexion, and the
// new password signs in.

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const INE = `P${String(Date.now()).slice(-11)}`;
const EMAIL = `oubli.${INE.toLowerCase()}@exemple.bf`;
const TEL = `7${String(Date.now()).slice(-7)}`;
const NEW_PASSWORD = 'Oublie-Wendkouni-2026';

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
    email: EMAIL,
    personnelBesoin: 'Ouédraogo Issa',
    contact: '76 54 32 10',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest code SMS written for the student's number (the file fallback), once it is there. */
async function smsCode(after: Set<string>): Promise<string> {
  const dir = path.join(e2eServer().dataDir, 'sms');
  const find = () => {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.txt') && !after.has(f));
    } catch {
      return undefined;
    }
    for (const f of files.sort().reverse()) {
      const body = readFileSync(path.join(dir, f), 'utf8');
      if (body.includes(`To: +226${TEL}`) && body.includes('Kind: CODE_MOT_DE_PASSE'))
        return /(\d{6})/.exec(body.split('\n\n')[1])?.[1];
    }
    return undefined;
  };
  await vi.waitUntil(find, { timeout: PATIENCE_MS, interval: 100 });
  return find()!;
}

const smsFiles = () => {
  try {
    return new Set(readdirSync(path.join(e2eServer().dataDir, 'sms')));
  } catch {
    return new Set<string>();
  }
};

describe('forgotten password on a phone', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`from /connexion to a new password (${colorScheme})`, async () => {
      const context = await browser.newContext({
        baseURL: e2eServer().baseURL,
        locale: 'fr-FR',
        viewport: PHONE,
        colorScheme,
        // axe is injected as a script: the server's CSP would refuse it (tests/helpers/axe.ts).
        bypassCSP: true,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      try {
        await page.goto('/connexion');
        await page.getByRole('link', { name: messages.motDePasseOublieLien }).click();
        await page.waitForURL('**/mot-de-passe-oublie');
        await expect.poll(() => page.title()).toContain(messages.motDePasseOublieTitre);

        // An empty name: told under the field, which gets the focus.
        await page.getByRole('button', { name: messages.recevoirCode }).click();
        const username = page.getByLabel(messages.champIdentifiant, { exact: true });
        await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await page.locator('#username-erreur').textContent()).toBe(messages.champObligatoire);

        const before = smsFiles();
        await username.fill(INE);
        await page.getByRole('button', { name: messages.recevoirCode }).click();
        await expect.poll(() => page.getByRole('status').textContent()).toBe(messages.codeEnvoye);
        const code = await smsCode(before);
        const codeField = page.getByLabel(messages.champCode, { exact: true });
        await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);

        // Nothing wider than the phone; no accessibility fault (labels, contrast in this theme).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        const violations = await axeViolations(page);
        expect(
          violations,
          describeViolations(`forgotten password (${colorScheme})`, violations).join('\n'),
        ).toEqual([]);

        // A wrong code: told under the code field.
        await codeField.fill(code === '000000' ? '000001' : '000000');
        await page.getByLabel(messages.champNouveauMotDePasse, { exact: true }).fill(NEW_PASSWORD);
        await page.getByLabel(messages.champConfirmationMotDePasse, { exact: true }).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: messages.changerLeMotDePasse }).click();
        await expect.poll(() => page.locator('#code-erreur').textContent()).toBe(messages.codeInvalide);

        // The right one: back to the sign-in page, which says so.
        await codeField.fill(code);
        await page.getByRole('button', { name: messages.changerLeMotDePasse }).click();
        await page.waitForURL('**/connexion');
        await expect.poll(() => page.getByText(messages.motDePasseOublieReussi).count()).toBeGreaterThan(0);
        const signin = await apiCall('POST', 'campus-auth/signin', {
          body: { username: INE, password: NEW_PASSWORD },
        });
        expect(signin.status).toBe(200);
      } finally {
        await context.close();
      }
    });
  }
});
