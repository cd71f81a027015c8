import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { SMS_ACCEPTE, SMS_NUMERO_REPONSE, SMS_REFUSE } from '../../src/domain/sms-answer';
import { fill } from '../../src/web/lib/format';
import { ouagaDateTime, rangOrdinal } from '../../src/web/features/offers/time';
import { launchBrowser, newPage, signInStored } from '../helpers/browser';
import { deliberationReady, okAs, type Candidate, type Deliberation } from './deliberation-fixtures';
import { DIRECTIONS_BY_FILE } from './staff-fixtures';

// Offers after a publication in a real Chromium against the real server (docs/offers.md): the
// admin builds, through the API, a session of Tenkodogo's direction with one place and two
// candidates; the regional manager publishes. The admitted student renounces its place on its
// dashboard (after the confirmation); the first of the waiting list, promoted at once, sees its
// offer with its deadline and accepts it; the regional manager reads the answers and the counts
// on /liste-admissible.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['offers.test.ts'];
const TYPE = `Nationalité offres ${tag}`;
const BURKINABE = `Burkinabè offres ${tag}`;

const ineOf = (i: number) => `T${String(Date.now()).slice(-9)}${i}${i}`;
// Same score: the better bac average is admitted, the other waits first on the list.
const STUDENTS: Candidate[] = [
  { key: 'admis', moyenneBac: '15,00' },
  { key: 'attente', moyenneBac: '11,00' },
].map((s, i) => ({ ...s, criteres: [BURKINABE], ine: ineOf(i), email: `offres.${tag}.${i}@exemple.bf` }));
const student = (key: string) => STUDENTS.find((s) => s.key === key)!;

let made: Deliberation;

beforeAll(async () => {
  // One place, on NATIONAUX; the regional manager publishes.
  made = await deliberationReady({
    ville: VILLE,
    tag,
    nbLit: 50,
    nom: 'Ouédraogo',
    managerTag: `tenko.${tag}`,
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
    publishSeed: `offres-${tag}`,
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

interface Resultat {
  referenceDossier: string;
  statutDossier: string;
  liste: string | null;
  rang: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
}
const resultatOf = (s: Candidate) =>
  okAs<Resultat>(s.token!, 'GET', `campus/dossier/${s.idDossier}/resultat`);

async function dashboard(page: Page, s: Candidate) {
  await signInStored(page, s.ine, s.password!);
  await page.goto('/tableau-de-bord');
  const result = page.getByTestId('resultat-dossier');
  await result.waitFor();
  return result;
}

describe('offers', () => {
  it('lets the admitted student renounce, and the next of the waiting list accept its new offer', async () => {
    expect(await resultatOf(student('admis'))).toMatchObject({
      statutDossier: 'ADMIS',
      reponse: 'EN_ATTENTE',
    });
    expect(await resultatOf(student('attente'))).toMatchObject({ statutDossier: 'LISTE_ATTENTE', rang: 1 });

    // The waiting student first reads its place on the waiting list.
    const waiting = await newPage(browser);
    try {
      const result = await dashboard(waiting.page, student('attente'));
      await result.getByText(fill(messages.rangAttenteEtudiant, { rang: rangOrdinal(1) })).waitFor();
      expect(await result.getByTestId('offre').count()).toBe(0);
    } finally {
      await waiting.context.close();
    }

    // The admitted student renounces: cancel first, then confirm; its dossier is 'Désisté'.
    const admitted = await newPage(browser);
    try {
      const { page } = admitted;
      const result = await dashboard(page, student('admis'));
      const offre = result.getByTestId('offre');
      await offre.getByText(messages.offreTitre).waitFor();
      expect(await offre.getByTestId('temps-restant').textContent()).toMatch(/^Il reste /);
      // It says how to answer by SMS instead: the number, and the two texts with its own reference.
      const reference = (await resultatOf(student('admis'))).referenceDossier;
      const bySms = await offre.getByTestId('reponse-sms').textContent();
      expect(bySms).toContain(`envoyez au ${SMS_NUMERO_REPONSE}`);
      expect(bySms).toContain(`${SMS_ACCEPTE} ${reference}`);
      expect(bySms).toContain(`${SMS_REFUSE} ${reference}`);
      await offre.getByRole('button', { name: messages.renoncerPlace }).click();
      const dialog = page.getByRole('alertdialog', { name: messages.renoncerPlaceTitre });
      await dialog.getByText(messages.renoncerPlaceTexte).waitFor();
      await dialog.getByRole('button', { name: messages.annuler }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await resultatOf(student('admis'))).reponse).toBe('EN_ATTENTE');

      await offre.getByRole('button', { name: messages.renoncerPlace }).click();
      await page
        .getByRole('alertdialog', { name: messages.renoncerPlaceTitre })
        .getByRole('button', { name: messages.ouiRenoncer })
        .click();
      await result.getByTestId('etat-offre').getByText(messages.offreEtatRefusee).waitFor();
      await page
        .getByTestId('dossiers')
        .getByRole('cell', { name: enumLabel('statutDossier', 'DESISTE') })
        .waitFor();
      expect(await result.getByTestId('offre').count()).toBe(0);
      expect(await resultatOf(student('admis'))).toMatchObject({
        statutDossier: 'DESISTE',
        reponse: 'REFUSE',
      });

      // Its history, in French, on its consultation page.
      await page.goto(`/consult-dossier/${student('admis').idDossier}`);
      const history = page.getByTestId('historique');
      await history.getByText(enumLabel('evenement', 'REPONSE_REFUSEE')).waitFor();
      await history.getByText(enumLabel('evenement', 'PUBLICATION')).waitFor();
    } finally {
      await admitted.context.close();
    }

    // The first of the waiting list now holds the place: its offer, its deadline, then it accepts.
    const promoted = await resultatOf(student('attente'));
    expect(promoted).toMatchObject({ statutDossier: 'ADMIS', liste: 'NATIONAUX', reponse: 'EN_ATTENTE' });
    const next = await newPage(browser);
    try {
      const { page } = next;
      const result = await dashboard(page, student('attente'));
      const offre = result.getByTestId('offre');
      await offre.waitFor();
      expect(await offre.getByTestId('date-limite').textContent()).toContain(
        fill(messages.offreDateLimite, { date: ouagaDateTime(promoted.dateLimiteReponse) }),
      );
      expect(await offre.getByTestId('temps-restant').textContent()).toMatch(
        /^Il reste (\d+ jours?)( et \d+ heures?)?$/,
      );
      await offre.getByRole('button', { name: messages.accepterPlace }).click();
      const dialog = page.getByRole('alertdialog', { name: messages.accepterPlaceTitre });
      await dialog.getByText(messages.accepterPlaceTexte).waitFor();
      await dialog.getByRole('button', { name: messages.ouiAccepter }).click();
      await result.getByTestId('etat-offre').getByText(messages.offreEtatAcceptee).waitFor();
      expect(await result.getByTestId('offre').count()).toBe(0);
      expect((await resultatOf(student('attente'))).reponse).toBe('ACCEPTE');
    } finally {
      await next.context.close();
    }
  });

  it('shows the regional manager the answers, the deadlines and the counts on /liste-admissible', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, made.manager.userName, made.manager.password);
      await page.goto('/liste-admissible');
      await page.getByRole('heading', { name: messages.listeAdmissibleTitre }).waitFor();
      const counts = page.getByTestId('compteurs');
      const count = (key: string) => counts.locator(`[data-compteur="${key}"] dd`);
      await expect.poll(() => count('refuses').textContent()).toBe('1');
      expect(await count('acceptes').textContent()).toBe('1');
      expect(await count('promus').textContent()).toBe('1');
      expect(await count('enAttente').textContent()).toBe('0');
      // The counters count the list's own rows: the one listed (the promoted, accepted), as the
      // table's total says; the admitted who declined is no longer listed.
      expect(await count('listes').textContent()).toBe('1');
      expect(await count('charges').textContent()).toBe('0');
      await expect
        .poll(() => page.getByTestId('nombre-admis').textContent())
        .toBe(fill(messages.admisTrouves, { n: 1 }));

      // The promoted student's row: its answer in French.
      const table = page.locator('.resource-table');
      const row = table.getByRole('row').filter({ hasText: student('attente').ine });
      await row.getByRole('cell', { name: enumLabel('reponse', 'ACCEPTE') }).waitFor();

      // 'Retirer': the reason 'Autre' needs a comment; cancelled, nothing changes.
      await row.getByRole('button', { name: messages.retirer }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel(messages.champMotifRetrait).selectOption('AUTRE');
      await dialog.getByRole('button', { name: messages.confirmerRetrait }).click();
      await dialog.getByText(messages.retraitCommentaireRequis).waitFor();
      await dialog.getByRole('button', { name: messages.annuler }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await count('retires').textContent()).toBe('0');
    } finally {
      await context.close();
    }
  });
});
