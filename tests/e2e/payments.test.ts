import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSIBLE_COLUMNS, type AdmissibleColumn } from '../../src/domain/admissibles';
import { fill, messages } from '../../src/domain/messages';
import { formatFcfa } from '../../src/domain/money';
import { axeViolations, describeViolations } from '../helpers/axe';
import { procurationMessages as pm } from '../../src/domain/messages-procurations';
import { adminToken, apiCall, launchBrowser, signInStored, storedSession } from '../helpers/browser';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, settled, type Requests, type Seen } from '../helpers/screens';
import { e2eServer } from '../helpers/e2e';
import { passwordOf, readMailDir } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import { created, depositedDossier } from './staff-fixtures';

// Mobile money in a real Chromium against the real server (docs/payments.md): no provider is
// configured, so the product's simulator answers. A direction of this file's own (made through the
// API, so that no other file's session moves), one student housed in a one-bed cité; the student
// opens /paiement, chooses the operator, types a number and pays; the follow page asks until the
// simulator's signed webhook has been recorded and says so — a number ending in 0 succeeds, in 1
// fails. At 360 and 1366 px, light and dark; no horizontal scroll, no accessibility fault.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = `Paiementville ${tag}`;
const MONTANT = 7500;
const STUDENT = {
  ine: `PM${String(Date.now()).slice(-9)}1`,
  nomEtudiant: 'Sawadogo',
  prenomEtudiant: 'Aminata',
};
let password = '';
const SHOTS = path.resolve('.test-output', 'payments');

async function ok<T>(token: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(method, p, { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A cité of the ville with one mixed building, one room, one bed of MONTANT FCFA a month. */
async function housing(token: string, idVille: number): Promise<number> {
  const { idCite } = await created<{ idCite: number }>(token, 'cite', {
    idVille,
    nomCite: `Cité Paiements ${tag}`,
    nbLit: 1,
    adresseCite: 'Secteur 9',
  });
  const categorie = await created<{ idCategorieChambre: number }>(token, 'categorie-chambre', {
    idCite,
    libelleCategorieChambre: `Chambre simple ${tag}`,
    montantChambre: MONTANT,
  });
  const b = await created<{ idBatiment: number }>(token, 'batiment', {
    idCite,
    libelleBatiment: 'Bâtiment A',
    codeBatiment: 'A',
    sexe: 'MIXTE',
  });
  const n = await created<{ idNiveau: number }>(token, 'niveau', {
    idCite,
    idBatiment: b.idBatiment,
    libelleNiveau: 'Rez-de-chaussée',
    codeNiveau: '0',
  });
  const c = await created<{ idCouloir: number }>(token, 'couloir', {
    idCite,
    idBatiment: b.idBatiment,
    idNiveau: n.idNiveau,
    libelleCouloir: 'Couloir 1',
    codeCouloir: '1',
  });
  const ch = await created<{ idChambre: number }>(token, 'chambre', {
    idCite,
    idBatiment: b.idBatiment,
    idNiveau: n.idNiveau,
    idCouloir: c.idCouloir,
    idCategorieChambre: categorie.idCategorieChambre,
    libelleChambre: 'A01',
    codeChambre: 'A01',
  });
  await created(token, 'lit', {
    idCite,
    idBatiment: b.idBatiment,
    idNiveau: n.idNiveau,
    idCouloir: c.idCouloir,
    idChambre: ch.idChambre,
    libelleLit: 'Lit 1',
    codeLit: '1',
  });
  return idCite;
}

/**
 * The rent settings' Orange Money (a MOBILE_MONEY type, the code the provider knows), made through
 * the API unless the server already has it (another file may have made it).
 */
async function orangeMoney(token: string): Promise<void> {
  const list = await ok<{ codeOperateur: string }[]>(token, 'GET', 'campus/operateur?size=200');
  if (list.some((o) => o.codeOperateur === 'ORANGE_MONEY')) return;
  const mm = await created<{ idTypePaiement: number }>(token, 'type-paiement', {
    libelleTypePaiement: `Mobile money ${tag}`,
    codeTypePaiement: 'MOBILE_MONEY',
  });
  await created(token, 'operateur', {
    libelleOperateur: 'Orange Money',
    codeOperateur: 'ORANGE_MONEY',
    idTypePaiement: mm.idTypePaiement,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  await orangeMoney(token);
  const direction = await created<{ idDirection: number }>(token, 'direction', {
    libelleDirection: `Direction des paiements ${tag}`,
    sigleDirection: `P${tag}`.toUpperCase().slice(0, 6),
  });
  const ville = await created<{ idVille: number }>(token, 'ville', {
    nomVille: VILLE,
    idDirection: direction.idDirection,
  });
  const made = await depositedDossier({
    tag,
    ville: VILLE,
    ...STUDENT,
    phase: 'DELIBERATION',
    types: [
      {
        libelle: `Situation ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Aucune situation ${tag}`,
        note: 1,
        proof: false,
      },
    ],
  });
  const idCite = await housing(token, ville.idVille);
  const row: Record<AdmissibleColumn, string> = {
    ine: STUDENT.ine,
    nomEtudiant: STUDENT.nomEtudiant,
    prenomEtudiant: STUDENT.prenomEtudiant,
    sexeEtudiant: 'F',
    dateNaissance: '08/03/2004',
    lieuNaissance: VILLE,
    anneeBac: '2025',
    moyenne: '13,50',
    villeOrientation: VILLE,
  };
  const csv = `${ADMISSIBLE_COLUMNS.join(';')}\r\n${ADMISSIBLE_COLUMNS.map((c) => row[c]).join(';')}\r\n`;
  await ok(token, 'POST', 'campus/chargement-admissibles', {
    nomFichier: 'admissibles.csv',
    fichier: Buffer.from(csv, 'utf8').toString('base64'),
    idSession: made.idSessionCenou,
  });
  await ok(token, 'POST', 'campus/affectation', {
    idSessionCenou: made.idSessionCenou,
    idCite,
    etudiants: [STUDENT.ine],
  });
  const mail = readMailDir(path.join(e2eServer().dataDir, 'mail')).find((m) =>
    m.to.includes(`${STUDENT.ine.toLowerCase()}@exemple.bf`),
  );
  expect(mail, `mail to ${STUDENT.ine}`).toBeDefined();
  password = passwordOf(mail!);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * After a success (docs/rent.md#receipts): the receipt downloaded from the follow page, Mon loyer
 * showing the payment with its receipt and « Payer », the receipt's public check page (the name
 * partly masked) — each without horizontal scroll nor accessibility fault.
 */
async function receiptAndRent(page: Page, name: string, width: number) {
  const ref = decodeURIComponent(page.url().split('/paiement/')[1]);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: fill(messages.telechargerRecuDe, { reference: ref }) }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`recu_${ref}.pdf`);
  await page.getByTestId('voir-loyer').click();
  await page.waitForURL('**/mon-loyer');
  await page.locator(`li[data-reference="${ref}"]`).waitFor();
  await page.locator(`li[data-reference="${ref}"] [data-testid="telecharger-recu"]`).waitFor();
  expect(await page.getByTestId('payer-loyer').getAttribute('href')).toMatch(
    /^\/paiement\?affectation=\d+&montant=\d+$/,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const rentViolations = await axeViolations(page);
  expect(rentViolations, describeViolations(`/mon-loyer ${name}`, rentViolations).join('\n')).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `mon-loyer-${name}.png`), fullPage: true });

  await page.goto(`/recu/${ref}`);
  const verdict = page.getByTestId('recu-verdict');
  await verdict.waitFor();
  expect(await verdict.getAttribute('data-etat')).toBe('valide');
  expect(await page.getByTestId('recu-etudiant').textContent()).toBe('Aminata S.');
  expect((await page.getByTestId('recu-montant').textContent())?.replace(/\s/g, ' ')).toBe('7 500 FCFA');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const checkViolations = await axeViolations(page);
  expect(checkViolations, describeViolations(`/recu ${name}`, checkViolations).join('\n')).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `recu-${name}.png`), fullPage: true });
}

const CASES = [
  { width: 360, height: 740, colorScheme: 'light', telephone: '70 00 00 10', statut: 'REUSSI' },
  { width: 1366, height: 900, colorScheme: 'dark', telephone: '70 00 00 11', statut: 'ECHOUE' },
  { width: 360, height: 740, colorScheme: 'dark', telephone: '+226 76 00 00 20', statut: 'REUSSI' },
  { width: 1366, height: 900, colorScheme: 'light', telephone: '76000031', statut: 'ECHOUE' },
] as const;

describe('a student pays its rent by mobile money (simulator)', () => {
  for (const c of CASES) {
    it(`${c.statut === 'REUSSI' ? 'success' : 'failure'} at ${c.width} px (${c.colorScheme})`, async () => {
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
      const name = `${c.width}-${c.colorScheme}`;
      try {
        // Signed in at desktop width (the top bar shows the name there), then the case's size.
        await signInStored(page, STUDENT.ine, password, '/tableau-de-bord');
        await page.setViewportSize({ width: c.width, height: c.height });
        // From the dashboard's assignment card.
        await page.getByRole('link', { name: messages.menuPaiement }).last().click();
        // The link carries the amount proposed (« ?montant=… »), as Mon loyer's does.
        await page.waitForURL((url) => url.pathname.endsWith('/paiement'));
        await page.getByTestId('paiement-simulation').waitFor();
        // An empty form: each field told.
        await page.getByLabel(messages.paiementMontant, { exact: true }).fill('');
        await page.getByRole('button', { name: messages.paiementPayer }).click();
        expect(await page.locator('#idOperateur-erreur').textContent()).toBe(messages.champObligatoire);
        expect(await page.locator('#telephone-erreur').textContent()).toBe(messages.champObligatoire);
        await page
          .getByLabel(messages.paiementOperateur, { exact: true })
          .selectOption({ label: 'Orange Money' });
        await page.getByLabel(messages.paiementTelephone, { exact: true }).fill('12 34');
        await page.getByLabel(messages.paiementMontant, { exact: true }).fill(String(MONTANT));
        await page.getByRole('button', { name: messages.paiementPayer }).click();
        expect(await page.locator('#telephone-erreur').textContent()).toBe(
          messages.paiementTelephoneInvalide,
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
        const formViolations = await axeViolations(page);
        expect(formViolations, describeViolations(`/paiement ${name}`, formViolations).join('\n')).toEqual(
          [],
        );
        await page.screenshot({ path: path.join(SHOTS, `paiement-${name}.png`), fullPage: true });

        await page.getByLabel(messages.paiementTelephone, { exact: true }).fill(c.telephone);
        await page.getByRole('button', { name: messages.paiementPayer }).click();
        await page.waitForURL('**/paiement/MM-*');
        const follow = page.getByTestId('suivi-paiement');
        await follow.waitFor();
        // Pending first or already settled (the simulator's webhook is quick); then its outcome.
        await expect.poll(() => follow.getAttribute('data-statut'), { timeout: PATIENCE_MS }).toBe(c.statut);
        const status = await page.getByRole('status').textContent();
        if (c.statut === 'REUSSI') {
          expect(status).toContain('Paiement réussi');
          expect(status?.replace(/\s/g, ' ')).toContain('7 500 FCFA');
        } else {
          expect(status).toBe(messages.paiementEchoue);
          await page.getByRole('link', { name: messages.paiementReessayer }).waitFor();
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
        const violations = await axeViolations(page);
        expect(violations, describeViolations(`suivi ${name}`, violations).join('\n')).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `suivi-${name}.png`), fullPage: true });
        if (c.statut === 'REUSSI') await receiptAndRent(page, name, c.width);
      } finally {
        await context.close();
      }
    });
  }
});

/** Where a person may ask the walk to leave its screenshots (each state, each variant). */
const PROCURATION_SHOTS = process.env.PROCURATION_SCREENSHOTS;

/**
 * The checks of a state in the four variants (overflow, contrast, accessibility: screenProblems),
 * with a screenshot of each when PROCURATION_SCREENSHOTS names a folder.
 */
async function lookEverywhere(page: Page, inflight: Requests, where: string, problems: string[]) {
  await settled(page, inflight);
  await inEveryVariant(page, where, 'chargé', async (p: Page, seen: Seen) => {
    problems.push(...(await screenProblems(p, `${where} ${seen.variant.name}`, seen)));
    if (PROCURATION_SHOTS)
      await p.screenshot({
        path: path.join(PROCURATION_SHOTS, `${where}-${seen.variant.name.replace(' ', '-')}.png`),
        fullPage: true,
      });
  });
}

// The payment task of a procuration walked whole (docs/procurations.md): the student gives
// « Payer mon loyer » on its page and reads the code; a helper, in a browser of its own on a phone,
// signs in on /aide with the INE and the code and pays one instalment through the simulator from
// its own number (ending in 0: approved); the student then reads its procuration « Utilisée » and,
// on « Mon loyer », the payment and the instalment it paid. Both at 360 px.
describe('a helper pays an instalment by procuration (simulator)', () => {
  it('the student gives the code, the helper pays on /aide, the student sees it used and the instalment paid', async () => {
    const base = e2eServer().baseURL;
    const problems: string[] = [];
    if (PROCURATION_SHOTS) mkdirSync(PROCURATION_SHOTS, { recursive: true });
    const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
      body: { username: STUDENT.ine, password },
    });
    const studentToken = signin.body.accessToken;
    type Rent = {
      idAffectation: number;
      paye: number;
      solde: number;
      echeances: { numero: number; statut: string; reste: number }[];
    };
    const [before] = await ok<Rent[]>(studentToken, 'GET', 'campus/loyer/etudiant');
    // The instalment the helper pays: the first one not paid yet.
    const next = before.echeances.find((e) => e.statut !== 'PAYEE')!;
    expect(next.reste).toBe(MONTANT);

    const own = await accountPage(browser, base, await storedSession(STUDENT.ine, password));
    const sp = own.page;
    await sp.setViewportSize({ width: 360, height: 740 });
    await sp.goto('/procurations');
    const tache = sp.locator('#tache');
    await expect.poll(async () => tache.locator('option').allTextContents()).toContain(pm.tachePAIEMENT);
    // A housed student with rent to pay is offered its rent first, not the deposit.
    await expect.poll(async () => tache.inputValue()).toBe('PAIEMENT');
    await sp.locator('#dureeHeures').fill('2');
    await sp.getByRole('button', { name: pm.donner }).click();
    const shown = sp.getByTestId('code-procuration');
    await shown.waitFor();
    const code = ((await shown.locator('.code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    await sp.getByRole('button', { name: pm.codeFermer }).click();
    const [given] = await ok<{ idProcuration: number; tache: string; etat: string }[]>(
      studentToken,
      'GET',
      'campus/procuration?page=0&size=10&sort=idProcuration,desc',
    );
    expect(given).toMatchObject({ tache: 'PAIEMENT', etat: 'ACTIVE' });

    // The helper, on a phone of its own.
    const helper = await accountPage(browser, base, null);
    const page = helper.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/aide');
    await page.locator('#ine').fill(STUDENT.ine);
    await page.locator('#code').fill(code);
    await page.getByRole('button', { name: pm.aideConnexion }).click();
    await page.getByTestId('aide-session').waitFor();
    expect(await page.getByTestId('aide-session').textContent()).toContain(
      'Vous aidez Sawadogo Aminata jusqu’au ',
    );
    await page.getByText(pm.aidePaiementIntro).waitFor();
    // What the student owes, as its own rent page counts it.
    const solde = page.locator('[data-champ="solde"]');
    expect((await solde.textContent())?.replace(/\s/g, ' ')).toBe(
      formatFcfa(before.solde, { unit: true }).replace(/\s/g, ' '),
    );
    await lookEverywhere(page, helper.inflight, 'aide-paiement', problems);
    await page.setViewportSize({ width: 360, height: 740 });
    await page
      .getByLabel(messages.paiementOperateur, { exact: true })
      .selectOption({ label: 'Orange Money' });
    await page.getByLabel(messages.paiementTelephone, { exact: true }).fill('70 00 00 30');
    await page.getByLabel(messages.paiementMontant, { exact: true }).fill(String(MONTANT));
    await page.getByRole('button', { name: messages.paiementPayer }).click();
    const followed = page.getByTestId('aide-paiement');
    await expect.poll(() => followed.getAttribute('data-statut'), { timeout: PATIENCE_MS }).toBe('REUSSI');
    const said = (await followed.textContent()) ?? '';
    const reference = /MM-\d{8}-[A-Z0-9]+/.exec(said)?.[0];
    expect(reference, said).toBeDefined();
    // The outcome said in words, no longer « validez-le », nothing left to refresh.
    const norm = (t: string) => t.replace(/\s/g, ' ');
    expect(norm(said)).toContain(
      norm(
        fill(pm.aidePaiementReussi, { reference: reference!, montant: formatFcfa(MONTANT, { unit: true }) }),
      ),
    );
    expect(said).not.toContain(fill(pm.aidePaiementLance, { reference: reference! }));
    expect(await followed.getByRole('button', { name: pm.aideActualiser }).count()).toBe(0);
    expect(page.viewportSize()?.width).toBe(360);
    await lookEverywhere(page, helper.inflight, 'aide-paiement-reussi', problems);
    await helper.context.close();

    // The student: its procuration used, from the helper's address.
    await sp.reload();
    const usedRow = sp.locator('tr', {
      has: sp.locator('.code', { hasText: new RegExp(`^${given.idProcuration}$`) }),
    });
    await expect.poll(async () => (await usedRow.textContent()) ?? '').toContain(pm.etatUTILISEE);
    expect(await usedRow.textContent()).toContain('depuis l’adresse Internet 127.0.0.1');
    await lookEverywhere(sp, own.inflight, 'procurations-paiement-utilisee', problems);
    // « Mon loyer »: the payment with its receipt, the instalment paid.
    await sp.setViewportSize({ width: 360, height: 740 });
    await sp.goto('/mon-loyer');
    await sp.locator(`li[data-reference="${reference}"]`).waitFor();
    const card = sp.locator(`[data-testid="mon-loyer"][data-affectation="${before.idAffectation}"]`);
    const row = card.locator('tr[data-statut]').filter({
      has: sp.locator(`td:first-child`, { hasText: new RegExp(`^${next.numero}$`) }),
    });
    expect(await row.getAttribute('data-statut')).toBe('PAYEE');
    const [after] = await ok<Rent[]>(studentToken, 'GET', 'campus/loyer/etudiant');
    expect(after.paye).toBe(before.paye + MONTANT);
    expect(after.echeances.find((e) => e.numero === next.numero)?.statut).toBe('PAYEE');
    expect(await sp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await lookEverywhere(sp, own.inflight, 'mon-loyer-apres-aide', problems);
    await own.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
