import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { phoneMessages } from '../../src/domain/messages-phone';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { phoneForDisplay } from '../../src/domain/phone';
import { axeViolations, describeViolations } from '../helpers/axe';
import { adminToken, apiCall, launchBrowser, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { PATIENCE_MS } from '../helpers/wait';
import { registeredStudent } from './staff-fixtures';

// The student's phone in a real Chromium at phone size (360 × 740), against the real server
// (docs/accounts.md#the-students-phone, decision 030): from the profile menu, the page shows the
// registry's number; a new number gets a code by SMS (the server has no SMPP_URL: a file under
// DATA_DIR/sms), a wrong code is told under its field, the right one makes the new number the one
// the SMS go to, verified.

let browser: Browser;
let password: string;
const PHONE = { width: 360, height: 740 };
const INE = `T${String(Date.now()).slice(-11)}`;
const TEL = `7${String(Date.now()).slice(-7)}`;
const NEW_TEL = `6${String(Date.now() + 1).slice(-7)}`;

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
  ({ password } = await registeredStudent({
    ine: INE,
    dateNaissance: '2004-03-12',
    email: `telephone.${INE.toLowerCase()}@exemple.bf`,
    personnelBesoin: 'Ouédraogo Issa',
    contact: '76 54 32 10',
  }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The code of the SMS written to the new number (the file fallback), once it is there. */
async function smsCode(): Promise<string> {
  const dir = path.join(e2eServer().dataDir, 'sms');
  const find = () => {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.txt'));
    } catch {
      return undefined;
    }
    for (const f of files.sort().reverse()) {
      const body = readFileSync(path.join(dir, f), 'utf8');
      if (body.includes(`To: +226${NEW_TEL}`) && body.includes('Kind: CODE_TELEPHONE'))
        return /(\d{6})/.exec(body.split('\n\n')[1])?.[1];
    }
    return undefined;
  };
  await vi.waitUntil(find, { timeout: PATIENCE_MS, interval: 100 });
  return find()!;
}

describe("the student's phone on a phone", () => {
  it('from the profile menu, a new number verified by the code sent to it', async () => {
    const context = await browser.newContext({
      baseURL: e2eServer().baseURL,
      locale: 'fr-FR',
      // Signed in at a desktop's width (the helper waits for the name in the top bar), then a phone's.
      viewport: { width: 1280, height: 800 },
      // axe is injected as a script: the server's CSP would refuse it (tests/helpers/axe.ts).
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    try {
      await signInStored(page, INE, password, '/tableau-de-bord');
      await page.setViewportSize(PHONE);
      // On a phone the menu (and the profile in it) is behind the menu button.
      await page.getByRole('button', { name: messages.ouvrirMenu }).click();
      await page.locator('#menu-principal .profile-button').click();
      await page.getByRole('link', { name: messages.telephoneTitre }).click();
      await page.waitForURL('**/profil/telephone');
      await expect.poll(() => page.title()).toContain(messages.telephoneTitre);
      const current = page.getByTestId('telephone-actuel');
      await expect
        .poll(() => current.textContent())
        .toBe(
          fill(phoneMessages.telephoneActuel, {
            telephone: phoneForDisplay(TEL),
            source: 'numéro du registre, non vérifié',
          }),
        );

      // An unreadable number: told under the field, which gets the focus.
      const field = page.getByLabel(phoneMessages.champTelephone, { exact: true });
      await field.fill('12');
      await page.getByRole('button', { name: phoneMessages.envoyerCodeTelephone }).click();
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator('#telephone-erreur').textContent()).toBe(messages.telephoneNonValide);

      await field.fill(
        `${NEW_TEL.slice(0, 2)} ${NEW_TEL.slice(2, 4)} ${NEW_TEL.slice(4, 6)} ${NEW_TEL.slice(6)}`,
      );
      await page.getByRole('button', { name: phoneMessages.envoyerCodeTelephone }).click();
      await expect
        .poll(() => page.getByTestId('code-envoye').textContent())
        .toBe(fill(messages.codeTelephoneEnvoye, { telephone: phoneForDisplay(NEW_TEL) }));
      const code = await smsCode();
      const codeField = page.getByLabel(messages.champCode, { exact: true });
      await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);

      // Nothing wider than the phone; no accessibility fault.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const violations = await axeViolations(page);
      expect(violations, describeViolations('phone page', violations).join('\n')).toEqual([]);

      // A wrong code: told under the code field.
      await codeField.fill(code === '000000' ? '000001' : '000000');
      await page.getByRole('button', { name: phoneMessages.verifierTelephone }).click();
      await expect.poll(() => page.locator('#code-erreur').textContent()).toBe(messages.codeInvalide);

      // The right one: the new number is the one the SMS go to, verified.
      await codeField.fill(code);
      await page.getByRole('button', { name: phoneMessages.verifierTelephone }).click();
      await expect
        .poll(() => current.textContent())
        .toBe(
          fill(phoneMessages.telephoneActuel, { telephone: phoneForDisplay(NEW_TEL), source: 'vérifié' }),
        );
      expect(await current.getAttribute('data-source')).toBe('VERIFIE');
      await page
        .getByText(fill(messages.telephoneVerifieMessage, { telephone: phoneForDisplay(NEW_TEL) }))
        .waitFor();
      expect(await page.getByLabel(messages.champCode, { exact: true }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    } finally {
      await context.close();
    }
  });
});
