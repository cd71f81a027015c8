import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { fieldLabel } from '../../src/domain/resources/labels';
import { adminToken, apiCall, launchBrowser, newPage, signIn } from '../helpers/browser';
import { passwordOf, readMailDir } from '../helpers/mail';
import { mailTo } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// Registration by INE in a real Chromium against the real server (docs/accounts.md#registration): the registry is loaded through the API as the admin, then a visitor goes
// through /inscription, reads the password from the mailed .eml file, signs in with its INE and
// changes its password.

let browser: Browser;
const REGISTRATION = '/service/api/hebergement-cenou/campus-auth/hebergement-etudiant';

// One student of Ouagadougou, unique to this run.
const INE = `N${String(Date.now()).slice(-11)}`;
const BIRTH_DATE = '2004-03-12';
// The template's example student, with this run's INE.
const STUDENT = {
  ...REGISTRY_TEMPLATE_EXAMPLE,
  ine: INE,
  dateNaissance: '12/03/2004',
  villeOrientation: 'Ouagadougou',
};
const EMAIL = `awa.${INE.toLowerCase()}@exemple.bf`;
const NEW_PASSWORD = 'Wendkouni-2026';

const baseURL = () => e2eServer().baseURL;

beforeAll(async () => {
  const csv = [REGISTRY_COLUMNS.join(';'), REGISTRY_COLUMNS.map((c) => STUDENT[c]).join(';')].join('\r\n');
  const imported = await apiCall<{ importes: number; misAJour: number }>(
    'POST',
    'campus/registre-etudiant/import',
    {
      token: await adminToken(),
      body: {
        nomFichier: 'registre.csv',
        fichier: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8').toString('base64'),
      },
    },
  );
  expect(imported.status).toBe(200);
  expect(imported.body).toEqual({ importes: 1, misAJour: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function countRegistrations(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(REGISTRATION)) counter.count += 1;
  });
  return counter;
}

async function identify(page: Page, ine: string, date: string) {
  await page.getByLabel(fieldLabel('ine'), { exact: true }).fill(ine);
  await page.getByLabel(fieldLabel('dateNaissance'), { exact: true }).fill(date);
  await page.getByRole('button', { name: messages.sInscrire }).click();
}

async function fillComplements(page: Page) {
  await page.getByLabel(fieldLabel('emailEtudiant'), { exact: true }).fill(EMAIL);
  await page.getByLabel(fieldLabel('personnelBesoin'), { exact: true }).fill('Ouédraogo Issa');
  await page.getByLabel(fieldLabel('contact'), { exact: true }).fill('76 54 32 10');
}

const ENGAGEMENTS = [
  messages.engagementStatutReglement,
  messages.engagementPersonnelCaution,
  messages.declarationSurHonneur,
  messages.luApprouve,
];

describe('registration', () => {
  it('offers S’inscrire to visitors, checks the INE, refuses missing data, creates the account once', async () => {
    const { context, page } = await newPage(browser);
    try {
      const posts = countRegistrations(page);
      await page.goto('/');
      const menu = page.getByRole('navigation', { name: messages.menuPrincipal });
      await menu.getByRole('link', { name: messages.sInscrire }).click();
      await page.waitForURL(`${baseURL()}/inscription`);
      await page.getByRole('heading', { name: messages.inscriptionTitre }).waitFor();

      // Nothing is sent while a field is empty.
      await page.getByRole('button', { name: messages.sInscrire }).click();
      expect(await page.getByText(messages.champObligatoire).count()).toBe(2);

      // A wrong birth date: the inline message, and still step 1.
      await identify(page, INE, '2004-03-13');
      const error = page.getByTestId('erreur-inscription');
      await error.waitFor();
      expect(await error.textContent()).toBe(messages.ineInvalide);
      // It names both fields, and does not say the INE is invalid (it is the right one).
      expect(await error.textContent()).toContain('date de naissance');
      expect(await error.textContent()).not.toContain('INE est invalide');
      expect(await page.getByRole('heading', { name: messages.creationCompte }).count()).toBe(0);

      // The right one: step 2 with the registry's identity, read-only, the phone masked.
      await page.getByLabel(fieldLabel('dateNaissance'), { exact: true }).fill(BIRTH_DATE);
      await page.getByRole('button', { name: messages.sInscrire }).click();
      await page.getByRole('heading', { name: messages.creationCompte }).waitFor();
      const shown = async (name: string) => {
        const input = page.locator(`#identite-${name}`);
        expect(await input.getAttribute('readonly')).not.toBeNull();
        return input.inputValue();
      };
      expect(await shown('ine')).toBe(INE);
      expect(await shown('nomEtudiant')).toBe(STUDENT.nomEtudiant);
      expect(await shown('prenomEtudiant')).toBe(STUDENT.prenomEtudiant);
      expect(await shown('dateNaissance')).toBe('12/03/2004');
      expect(await shown('lieuNaissance')).toBe(STUDENT.lieuNaissance);
      const phone = await shown('telEtudiant');
      expect(phone.endsWith('2 33')).toBe(true);
      expect(phone).not.toContain('70 11');
      // The e-mail starts empty; the registry's one is only hinted, masked.
      const email = page.getByLabel(fieldLabel('emailEtudiant'), { exact: true });
      expect(await email.inputValue()).toBe('');
      expect(await page.locator('#emailEtudiant-aide').textContent()).toContain('*');
      expect(await page.locator('#emailEtudiant-aide').textContent()).not.toContain('awa.ouedraogo');
      // Recognisable: its first letter and its domain.
      expect(await page.locator('#emailEtudiant-aide').textContent()).toMatch(/\w\*{5}@[\w.-]+\.\w+/);
      expect(await page.getByRole('button', { name: 'Créer mon compte' }).count()).toBe(1);

      // The first three engagements link to their documents, opened in a new tab.
      const links = page.getByRole('link', { name: messages.consulterDocument });
      expect(await links.count()).toBe(3);
      expect(await links.nth(0).getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), links.nth(1).click()]);
      await tab.getByRole('heading', { name: messages.docCautionTitre, level: 1 }).waitFor();
      expect(new URL(tab.url()).pathname).toBe('/documents/caution');
      await tab.close();

      // One engagement left unticked: refused here, nothing sent.
      await fillComplements(page);
      for (const label of ENGAGEMENTS.slice(0, 3)) await page.getByLabel(label, { exact: true }).check();
      await page.getByRole('button', { name: messages.creerCompte }).click();
      await error.waitFor();
      expect(await error.textContent()).toBe(messages.donneesComplementaires);
      await page.getByText(messages.caseACocher).waitFor();
      expect(posts.count).toBe(0);

      // A blank contact is refused the same way.
      await page.getByLabel(messages.luApprouve, { exact: true }).check();
      await page.getByLabel(fieldLabel('contact'), { exact: true }).fill('  ');
      await page.getByRole('button', { name: messages.creerCompte }).click();
      await page.getByText(messages.champObligatoire).waitFor();
      expect(await error.textContent()).toBe(messages.donneesComplementaires);
      expect(posts.count).toBe(0);

      // Complete: the account is created, the toast and the link to sign in show.
      await page.getByLabel(fieldLabel('contact'), { exact: true }).fill('76 54 32 10');
      await page.getByRole('button', { name: messages.creerCompte }).click();
      await page.locator('.p-toast').getByText(messages.inscriptionReussie).waitFor();
      const done = page.getByTestId('inscription-reussie');
      await done.waitFor();
      expect(await done.textContent()).toContain(EMAIL);
      expect(posts.count).toBe(1);
      const signInLink = page.getByRole('link', { name: messages.cliquerPourConnecter });
      expect(await signInLink.getAttribute('href')).toBe('/connexion');

      // Registering again: the first step already says the account exists (docs/accounts.md).
      const again = await newPage(browser);
      try {
        await again.page.goto('/inscription');
        await identify(again.page, INE.toLowerCase(), BIRTH_DATE);
        const refused = again.page.getByTestId('erreur-inscription');
        await refused.waitFor();
        expect(await refused.innerText()).toContain(messages.compteExistant);
        expect(await again.page.getByRole('heading', { name: messages.creationCompte }).count()).toBe(0);
      } finally {
        await again.context.close();
      }

      // The password comes by mail (.eml, no SMTP server here); the student signs in with its INE.
      const mail = await mailTo(EMAIL);
      const password = passwordOf(mail);
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(
        readMailDir(path.join(e2eServer().dataDir, 'mail')).filter((m) => m.to.includes(EMAIL)),
      ).toHaveLength(1);

      await signInLink.click();
      await page.waitForURL(`${baseURL()}/connexion`);
      await signIn(page, INE, password);
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      await page.getByText(messages.connexionReussie).waitFor();
      expect(await page.getByTestId('nom-utilisateur').textContent()).toContain(STUDENT.nomEtudiant);
      expect(await menu.getByRole('link', { name: messages.sInscrire }).count()).toBe(0);

      // Its own password, from the profile menu.
      await page.getByTestId('nom-utilisateur').click();
      await page.getByRole('link', { name: messages.changerMotDePasse }).click();
      await page.waitForURL(`${baseURL()}/profil/mot-de-passe`);
      await page.getByLabel(messages.champAncienMotDePasse, { exact: true }).fill(password);
      await page.getByLabel(messages.champNouveauMotDePasse, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(messages.champConfirmationMotDePasse, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: messages.enregistrer }).click();
      await page.getByText(messages.motDePasseModifie).waitFor();
      await page.waitForURL(`${baseURL()}/`);

      // Signed out, the old password no longer works and the new one does.
      await page.goto('/deconnexion');
      await page.waitForURL(`${baseURL()}/`);
      await page.goto('/connexion');
      await signIn(page, INE, password, { waitForShell: false });
      await page.getByTestId('erreur-connexion').waitFor();
      await signIn(page, INE, NEW_PASSWORD);
      await page.waitForURL(`${baseURL()}/tableau-de-bord`);
      await page.getByText(messages.connexionReussie).waitFor();
      expect(await page.getByTestId('nom-utilisateur').textContent()).toContain(STUDENT.nomEtudiant);
    } finally {
      await context.close();
    }
  });

  it('serves the three documents as public, printable pages', async () => {
    const { context, page } = await newPage(browser);
    try {
      for (const [url, title] of [
        ['/documents/statut-reglement', messages.docStatutReglementTitre],
        ['/documents/caution', messages.docCautionTitre],
        ['/documents/declaration-honneur', messages.docDeclarationHonneurTitre],
      ]) {
        await page.goto(url);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await page.getByRole('button', { name: messages.imprimer }).waitFor();
        // The tab's title is written by an effect, after the page is drawn.
        await expect.poll(() => page.title()).toContain(title);
        // Printed without the menus and the buttons.
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('.topbar').isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: messages.imprimer }).isVisible()).toBe(false);
        expect(await page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
        await page.emulateMedia({ media: 'screen' });
      }
      await page.goto('/documents/statut-reglement');
      const rules = await page.locator('article').textContent();
      expect(rules).toContain('1er août au 30 septembre');
      expect(rules).toContain('quatre années');
      expect(rules).toContain('couples');
      await page.goto('/documents');
      await page.getByRole('link', { name: messages.docDeclarationHonneurTitre }).click();
      await page.waitForURL(`${baseURL()}/documents/declaration-honneur`);
    } finally {
      await context.close();
    }
  });
});
