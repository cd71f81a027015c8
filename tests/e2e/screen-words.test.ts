import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { USER_KEY } from '../../src/web/lib/auth';
import { fill, frenchDate, frenchPercent } from '../../src/web/lib/format';
import { apiCall, launchBrowser, signIn } from '../helpers/browser';
import { PATIENCE_MS } from '../helpers/wait';
import { deliberationReady, okAs, type Candidate, type Deliberation } from './deliberation-fixtures';
import { DIRECTIONS_BY_FILE, staffAccount } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// What a person reads on the screens of issue 21's defects 7–11, in a real Chromium against the
// real server: the staff dashboard's funnel, where each role lands after signing in, the journal
// in words, the registration's first step for an INE that has an account, and the student's
// result in words. The admin builds, through the API, a published deliberation of Ouahigouya's
// direction (one place, three candidates, one more student in the registry only); the admitted
// student renounces, the first waiting one is promoted and accepts. Pages open with the stored
// user record (as after a sign-in), except where the sign-in itself is what is checked.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['screen-words.test.ts'];
const TYPE = `Nationalité mots ${tag}`;
const BURKINABE = `Burkinabè mots ${tag}`;
const baseURL = () => e2eServer().baseURL;

const ineOf = (i: number) => `W${String(Date.now()).slice(-9)}${i}${i}`;
const STUDENTS: Candidate[] = [
  { key: 'renonce', moyenneBac: '15,00' },
  { key: 'promu', moyenneBac: '13,00' },
  { key: 'attente', moyenneBac: '11,00' },
].map((s, i) => ({ ...s, criteres: [BURKINABE], ine: ineOf(i), email: `mots.${tag}.${i}@exemple.bf` }));
const student = (key: string) => STUDENTS.find((s) => s.key === key)!;

let made: Deliberation;
let central: { userName: string; password: string };
const records = new Map<string, Record<string, unknown>>();

async function signinRecord(username: string, password: string): Promise<Record<string, unknown>> {
  const res = await apiCall<Record<string, unknown>>('POST', 'campus-auth/signin', {
    body: { username, password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  made = await deliberationReady({
    ville: VILLE,
    tag,
    nbLit: 20,
    nom: 'Sawadogo',
    managerTag: `ouahi.${tag}`,
    types: [
      {
        libelle: TYPE,
        coefficient: 2,
        obligatoire: true,
        criteres: [{ libelle: BURKINABE, note: 10, liste: 'NATIONAUX' }],
      },
    ],
    students: STUDENTS,
    quotas: [BURKINABE],
    publishSeed: `mots-${tag}`,
  });
  // One more student of the ville, in the registry only: the funnel's first step is larger.
  const extra = {
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ine: ineOf(7),
    nomEtudiant: 'Zongo',
    prenomEtudiant: 'Rasmata',
    dateNaissance: '12/03/2004',
    villeOrientation: VILLE,
  };
  const csv = `${REGISTRY_COLUMNS.join(';')}\r\n${REGISTRY_COLUMNS.map((c) => extra[c]).join(';')}\r\n`;
  await okAs(made.token, 'POST', 'campus/registre-etudiant/import', {
    nomFichier: `registre-mots-${tag}.csv`,
    fichier: Buffer.from(csv, 'utf8').toString('base64'),
  });
  // The admitted student renounces; the first waiting one, promoted at once, accepts.
  const renonce = student('renonce');
  await okAs(renonce.token!, 'POST', `campus/dossier/${renonce.idDossier}/reponse`, { reponse: 'REFUSE' });
  const promu = student('promu');
  await okAs(promu.token!, 'POST', `campus/dossier/${promu.idDossier}/reponse`, { reponse: 'ACCEPTE' });

  central = await staffAccount(
    made.token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
    made.idDirection,
    `mots${tag}`,
  );
  records.set('admin', await signinRecord('admin', e2eServer().adminPassword));
  records.set('dr', await signinRecord(made.manager.userName, made.manager.password));
  for (const s of STUDENTS) records.set(s.key, await signinRecord(s.ine, s.password!));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** A page of a fresh context; `as` names a stored user record (as after a sign-in), none: a visitor. */
async function pageAs(as?: string, width = 1366): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: { width, height: 900 },
  });
  const record = as ? records.get(as) : undefined;
  if (record)
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      USER_KEY,
      JSON.stringify(record),
    ] as const);
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  return { context, page };
}

describe('what a person reads', () => {
  it('the staff dashboard shows each city as a funnel: counts in words, the share of the registry (and of the step before), no pie', async () => {
    const { context, page } = await pageAs('dr', 360);
    try {
      await page.goto('/tableau-de-bord');
      const figures = page.getByRole('table', { name: messages.dashboardTableau });
      const row = figures.getByRole('row', { name: new RegExp(VILLE) });
      await row.waitFor();
      const [registre, comptes, depots] = (await row.locator('td').allTextContents()).map((t) =>
        Number(t.replace(/\s/g, '')),
      );
      expect(registre).toBeGreaterThan(comptes);
      expect(depots).toBeGreaterThanOrEqual(3);

      const card = page
        .getByTestId('graphique-ville')
        .filter({ has: page.getByRole('heading', { name: VILLE }) });
      await card.waitFor();
      expect(await card.locator('canvas').count()).toBe(0);
      const steps = card.locator('.funnel-step');
      expect(await steps.count()).toBe(3);
      const texts = await steps.allInnerTexts();
      expect(texts[0]).toContain(messages.dashboardNbEtudiant);
      expect(texts[1]).toContain(
        fill(messages.dashboardPartInscrits, { pourcentage: frenchPercent(comptes, registre)! }),
      );
      expect(texts[2]).toContain(
        fill(messages.dashboardPartDeposes, {
          pourcentage: frenchPercent(depots, registre)!,
          precedent: frenchPercent(depots, comptes)!,
        }),
      );
      // Each bar as long as its step's share of the registry, the share its words give first.
      const widths = await steps
        .locator('.funnel-bar')
        .evaluateAll((bars) => bars.map((b) => (b as HTMLElement).style.width));
      expect(widths[0]).toBe('100%');
      expect(parseFloat(widths[1])).toBeCloseTo((comptes / registre) * 100, 5);
      expect(parseFloat(widths[2])).toBeCloseTo((depots / registre) * 100, 5);
      // No horizontal scroll on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('each role lands where its work is after signing in, or back on the protected page that asked for it', async () => {
    const cases = [
      { username: 'admin', password: e2eServer().adminPassword, path: '/parametre' },
      { username: made.manager.userName, password: made.manager.password, path: '/tableau-de-bord' },
      { username: central.userName, password: central.password, path: '/tableau-de-bord' },
      { username: student('attente').ine, password: student('attente').password!, path: '/tableau-de-bord' },
    ];
    for (const c of cases) {
      const { context, page } = await pageAs();
      try {
        await signIn(page, c.username, c.password);
        expect(new URL(page.url()).pathname, c.username).toBe(c.path);
      } finally {
        await context.close();
      }
    }
    // A link to the student's own result, opened signed out: the sign-in, then that page.
    const s = student('promu');
    const { context, page } = await pageAs();
    try {
      await page.goto(`/mon-resultat/${s.idDossier}`);
      await page.waitForURL((u) => u.pathname === '/connexion');
      expect(new URL(page.url()).searchParams.get('retour')).toBe(`/mon-resultat/${s.idDossier}`);
      await signIn(page, s.ine, s.password!);
      expect(new URL(page.url()).pathname).toBe(`/mon-resultat/${s.idDossier}`);
      await page.getByTestId('resultat-etudiant').waitFor();
    } finally {
      await context.close();
    }
  });

  it('the student reads its result in words: admitted with list and rank, renounced and when, waiting and its rank', async () => {
    const resultat = (key: string) =>
      okAs<{ liste: string | null; rang: number | null }>(
        student(key).token!,
        'GET',
        `campus/dossier/${student(key).idDossier}/resultat`,
      );
    const promu = await resultat('promu');
    const attente = await resultat('attente');
    const today = frenchDate(new Date().toISOString());
    const expected: Record<string, string> = {
      renonce: fill(messages.resultatRenonce, { date: today }),
      promu: fill(messages.resultatPlaceAcceptee, {
        resultat: fill(messages.resultatAdmisListe, {
          liste: enumLabel('listeDeliberation', promu.liste),
          rang: promu.rang!,
        }),
      }),
      attente: fill(messages.resultatAttenteRang, { rang: attente.rang! }),
    };
    for (const [key, text] of Object.entries(expected)) {
      const { context, page } = await pageAs(key, 360);
      try {
        await page.goto('/tableau-de-bord');
        const cell = page
          .getByTestId('dossiers')
          .locator(`td[data-label="${messages.colonneResultat}"]`)
          .first();
        await cell.waitFor();
        expect((await cell.innerText()).trim(), key).toBe(text);
      } finally {
        await context.close();
      }
    }
  });

  it('the registration says at the first step that the INE already has an account', async () => {
    const s = student('renonce');
    const { context, page } = await pageAs();
    try {
      await page.goto('/inscription');
      await page.locator('#ine').fill(s.ine);
      await page.locator('#dateNaissance').fill('2004-03-12');
      await page.getByRole('button', { name: messages.sInscrire }).click();
      const error = page.getByTestId('erreur-inscription');
      await error.waitFor();
      expect(await error.innerText()).toContain(messages.compteExistant);
      // Still the first step, with the way to the sign-in.
      expect(await page.getByRole('heading', { name: messages.creationCompte }).count()).toBe(0);
      await error.getByRole('link', { name: messages.compteExistantConnexion }).click();
      await page.waitForURL(`${baseURL()}/connexion`);
    } finally {
      await context.close();
    }
  });

  it('the journal names resources in French and says what each entry is about in words', async () => {
    const { context, page } = await pageAs('admin');
    try {
      // The newest entries of this run's dossiers, as the server gives them to the screen.
      await page.goto('/parametre/journal');
      const table = page.getByRole('table');
      const s = student('promu');
      const analysis = table
        .locator('tbody tr')
        .filter({ hasText: `(INE ${s.ine})` })
        .filter({ hasText: enumLabel('action', 'ANALYSER') });
      await analysis.first().waitFor();
      const text = await analysis.first().innerText();
      expect(text).toContain(messages.ressourceDossier);
      // French spacing: the space before a colon does not break (U+00A0).
      expect(text.replace(/\u00a0/g, ' ')).toContain(
        `${TYPE} : ${BURKINABE} : ${enumLabel('valeurAnalyse', 'VALIDE')}`,
      );
      expect(text).not.toMatch(/\b\d+\s: VALIDE\b/);
      const rows = await table.locator('tbody tr').allInnerTexts();
      for (const row of rows) {
        // No raw resource name nor bare id where a person reads.
        expect(row).not.toMatch(/\t(dossier|affectation|deliberation|chargement-admissibles)\t/);
        expect(row).not.toMatch(/\b(VALIDE|ACCEPTE|REFUSE|NATIONAUX)\b/);
      }
      const publication = table
        .locator('tbody tr')
        .filter({ hasText: enumLabel('action', 'PUBLIER') })
        .first();
      expect(await publication.innerText()).toMatch(/session \d{4}-\d{4}/);
    } finally {
      await context.close();
    }
  });
});
