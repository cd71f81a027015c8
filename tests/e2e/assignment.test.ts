import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSIBLE_COLUMNS, type AdmissibleColumn } from '../../src/domain/admissibles';
import { messages } from '../../src/domain/messages';
import { fill } from '../../src/web/lib/format';
import { apiCall, launchBrowser, newPage, signInStored } from '../helpers/browser';
import { menuEntry } from '../helpers/menu';
import { passwordOf, readMailDir } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import { DIRECTIONS_BY_FILE, created, depositedDossier, staffAccount, type Made } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';
import { formatFcfa } from '../../src/domain/money';

// The assignment in a real Chromium against the real server (docs/assignment.md): the admin prepares through the API a cité of Banfora's direction with
// a men's, a women's and a mixed building, two registered students with deposits, the session in
// DELIBERATION and their admission by the admissible upload (reponse ACCEPTE); a regional manager
// assigns them on /affectationcite (PickList, 'Affecter') and sees them in their rooms on
// /affectationchambre; a student sees its bed and the monthly amount on its dashboard and downloads
// its certificate (a PDF); the public page confirms the certificate's code and knows no other.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['assignment.test.ts'];
const MONTANT = 15000;
const ineOf = (i: number) => `AF${String(Date.now()).slice(-9)}${i}`;
const STUDENTS = [
  { ine: ineOf(1), nomEtudiant: 'Traoré', prenomEtudiant: 'Salimata' },
  { ine: ineOf(2), nomEtudiant: 'Coulibaly', prenomEtudiant: 'Awa' },
];
const made: Made[] = [];
let manager: { userName: string; password: string };
let nomCite = '';

const baseURL = () => e2eServer().baseURL;

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(method, p, { token: made[0].token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A cité with a men's (A), a women's (B) and a mixed (C) building: 2, 1 and 2 beds. */
async function housing(token: string, idVille: number) {
  nomCite = `Cité Assignment ${tag}`;
  const cite = await created<{ idCite: number }>(token, 'cite', {
    idVille,
    nomCite,
    nbLit: 5,
    adresseCite: 'Secteur 4',
  });
  const { idCite } = cite;
  const categorie = await created<{ idCategorieChambre: number }>(token, 'categorie-chambre', {
    idCite,
    libelleCategorieChambre: `Chambre double ${tag}`,
    montantChambre: MONTANT,
  });
  for (const [code, sexe, beds] of [
    ['A', 'M', 2],
    ['B', 'F', 1],
    ['C', 'MIXTE', 2],
  ] as const) {
    const b = await created<{ idBatiment: number }>(token, 'batiment', {
      idCite,
      libelleBatiment: `Bâtiment ${code}`,
      codeBatiment: code,
      sexe,
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
      libelleChambre: `${code}01`,
      codeChambre: `${code}01`,
    });
    for (let i = 1; i <= beds; i++)
      await created(token, 'lit', {
        idCite,
        idBatiment: b.idBatiment,
        idNiveau: n.idNiveau,
        idCouloir: c.idCouloir,
        idChambre: ch.idChambre,
        libelleLit: `Lit ${i}`,
        codeLit: String(i),
      });
  }
  return idCite;
}

/** The admission of both students: the admissible upload (docs/offers.md: `reponse` ACCEPTE). */
async function admit(idSession: number) {
  const row = (s: (typeof STUDENTS)[number]): Record<AdmissibleColumn, string> => ({
    ine: s.ine,
    nomEtudiant: s.nomEtudiant,
    prenomEtudiant: s.prenomEtudiant,
    sexeEtudiant: 'F',
    dateNaissance: '08/03/2004',
    lieuNaissance: VILLE,
    anneeBac: '2025',
    moyenne: '13,50',
    villeOrientation: VILLE,
  });
  const csv = [
    ADMISSIBLE_COLUMNS.join(';'),
    ...STUDENTS.map((s) => ADMISSIBLE_COLUMNS.map((c) => row(s)[c]).join(';')),
  ]
    .join('\r\n')
    .concat('\r\n');
  await ok('POST', 'campus/chargement-admissibles', {
    nomFichier: 'admissibles.csv',
    fichier: Buffer.from(csv, 'utf8').toString('base64'),
    idSession,
  });
}

async function studentPassword(ine: string): Promise<string> {
  const dir = path.join(e2eServer().dataDir, 'mail');
  const mail = readMailDir(dir).find((m) => m.to.includes(`${ine.toLowerCase()}@exemple.bf`));
  expect(mail, `mail to ${ine}`).toBeDefined();
  return passwordOf(mail!);
}

async function chooseCite(page: Page) {
  const dropdown = page
    .locator('.p-dropdown:has(#affectation-cite), .p-dropdown:has(#chambres-cite)')
    .first();
  const option = page.locator('.p-dropdown-panel').getByRole('option', { name: nomCite, exact: false });
  // The cités load after the session: the list is opened again until this one is offered and
  // taken. After each opening the list is given time to show (a loaded machine draws it late):
  // toggling it again at once would keep it moving, and the option never steady enough to click.
  await expect
    .poll(
      async () => {
        if (!(await option.isVisible())) {
          await page.keyboard.press('Escape');
          await dropdown.click();
          await option.waitFor({ timeout: 5_000 }).catch(() => undefined);
        }
        if (!(await option.isVisible())) return false;
        return option.click({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 2 * PATIENCE_MS, interval: 250 },
    )
    .toBe(true);
  // The cité is named once with its city, never two brackets in a row (« … (filles) (Banfora) »).
  expect(await dropdown.textContent()).not.toMatch(/\)\s*\(/);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Two students of Banfora's direction deposit; the session then goes to DELIBERATION.
  for (const [i, s] of STUDENTS.entries()) {
    made.push(
      await depositedDossier({
        tag: `${tag}${i}`,
        ville: VILLE,
        ...s,
        phase: i === STUDENTS.length - 1 ? 'DELIBERATION' : 'INSCRIPTION',
        types: [
          {
            libelle: `Situation ${tag}${i}`,
            coefficient: 1,
            obligatoire: false,
            critere: `Aucune situation ${tag}${i}`,
            note: 1,
            proof: false,
          },
        ],
      }),
    );
  }
  const villes = await ok<{ idVille: number; nomVille: string }[]>('GET', 'campus/ville');
  await housing(made[0].token, villes.find((v) => v.nomVille === VILLE)!.idVille);
  await admit(made[0].idSessionCenou);
  manager = await staffAccount(
    made[0].token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
    made[0].idDirection,
    `af${tag}`,
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('assignment', () => {
  it('a regional manager assigns the admitted students on /affectationcite and finds them in their rooms', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, manager.userName, manager.password);
      await (await menuEntry(page, messages.menuAffectationCite)).click();
      await page.waitForURL(`${baseURL()}/affectationcite`);
      await chooseCite(page);
      // Free beds by sex: men A (2) + C (2), women B (1) + C (2).
      await expect
        .poll(() => page.getByTestId('lits-libres').textContent())
        .toContain(fill(messages.litsLibresFemmes, { nombre: 3 }));
      expect(await page.getByTestId('lits-libres').textContent()).toContain(
        fill(messages.litsLibresHommes, { nombre: 4 }),
      );
      // Both students move to 'Choisis' (the search finds one by name), then 'Affecter'.
      const source = page.locator('.p-picklist-source-wrapper');
      const target = page.locator('.p-picklist-target-wrapper');
      // The PickList's first transfer button moves the selected students to 'Choisis'.
      const moveToTarget = page.locator('.p-picklist-transfer-buttons button').first();
      await source.getByPlaceholder(messages.pickRecherche).fill(STUDENTS[1].nomEtudiant);
      await expect.poll(() => source.locator('.pick-student').count()).toBe(1);
      await source.locator(`[data-ine="${STUDENTS[1].ine}"]`).click();
      await moveToTarget.click();
      await source.getByPlaceholder(messages.pickRecherche).fill('');
      await source.locator(`[data-ine="${STUDENTS[0].ine}"]`).click();
      await moveToTarget.click();
      await expect.poll(() => target.locator('.pick-student').count()).toBe(2);
      await page.getByRole('button', { name: messages.affecter, exact: true }).click();
      await page.getByText(fill(messages.affectationResultat, { nombre: 2 })).waitFor();
      await expect
        .poll(() => page.getByTestId('lits-libres').textContent())
        .toContain(fill(messages.litsLibresFemmes, { nombre: 1 }));

      // The room view: the women's room B01 is full, one student in the mixed room C01.
      await (await menuEntry(page, messages.menuAffectationChambre)).click();
      await page.waitForURL(`${baseURL()}/affectationchambre`);
      await chooseCite(page);
      const b01 = page.locator('.room-card[data-chambre="B01"]');
      await expect.poll(() => b01.textContent()).toContain(STUDENTS[0].nomEtudiant);
      const c01 = page.locator('.room-card[data-chambre="C01"]');
      expect(await c01.textContent()).toContain(STUDENTS[1].nomEtudiant);
      expect(await c01.locator('.bed.free').count()).toBe(1);
      expect(await page.locator('.room-card[data-chambre="A01"] .bed.free').count()).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('the student sees its bed and downloads its certificate; the public page confirms its code', async () => {
    const [first] = STUDENTS;
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, first.ine, await studentPassword(first.ine));
      await page.goto('/tableau-de-bord');
      const card = page.getByTestId('mon-affectation');
      await expect.poll(() => card.locator('[data-champ="libelleLit"]').textContent()).toBe('Lit 1');
      expect(await card.locator('[data-champ="nomCite"]').textContent()).toBe(nomCite);
      expect(await card.locator('[data-champ="libelleBatiment"]').textContent()).toBe('Bâtiment B');
      expect(await card.locator('[data-champ="libelleChambre"]').textContent()).toBe('B01');
      expect(await card.locator('[data-champ="nomVille"]').textContent()).toBe(VILLE);
      expect(await card.locator('[data-champ="montantChambre"]').textContent()).toBe(
        formatFcfa(MONTANT, { unit: true }),
      );

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: messages.telechargerAttestation }).click(),
      ]);
      const file = await download.path();
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The code the certificate's QR code carries, as the staff list shows it.
      const rows = await ok<{ ine: string; codeVerification: string }[]>(
        'GET',
        `campus/affectation?idSessionCenou=${made[0].idSessionCenou}`,
      );
      const code = rows.find((r) => r.ine === first.ine)!.codeVerification;
      expect(code.length).toBeGreaterThanOrEqual(10);

      // The public page, signed out.
      const visitor = await browser.newContext({ baseURL: baseURL(), locale: 'fr-FR' });
      try {
        const p = await visitor.newPage();
        await p.goto(`/attestation/${code}`);
        const verdict = p.getByTestId('attestation-verdict');
        await expect.poll(() => verdict.getAttribute('data-etat')).toBe('valide');
        expect(await verdict.textContent()).toContain(messages.attestationValide);
        expect(await p.getByTestId('attestation-etudiant').textContent()).toBe(
          `${first.nomEtudiant} ${first.prenomEtudiant}`,
        );
        expect(await p.getByTestId('attestation-cite').textContent()).toBe(nomCite);
        expect(await p.getByTestId('attestation-annee').textContent()).toMatch(/^\d{4}-\d{4}$/);
        await p.goto('/attestation/ZZZZZZZZZZZZ');
        await expect.poll(() => verdict.getAttribute('data-etat')).toBe('introuvable');
        expect(await verdict.textContent()).toContain(messages.attestationIntrouvable);
      } finally {
        await visitor.close();
      }
    } finally {
      await context.close();
    }
  });
});
