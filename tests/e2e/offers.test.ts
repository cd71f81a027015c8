import { DIRECTIONS_BY_FILE } from './staff-fixtures';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GESTIONNAIRE_DR } from '../../src/domain/enums';
import { enumLabel, messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { fill } from '../../src/web/lib/format';
import { ouagaDateTime, rangOrdinal } from '../../src/web/features/offers/time';
import { adminToken, apiCall, launchBrowser, newPage, signIn } from '../helpers/browser';
import { passwordOf, readMailDir } from '../helpers/mail';

// Offers after a publication in a real Chromium against the real server (CONTRACT §6 bis): the
// admin builds, through the API, a session of Tenkodogo's direction with one place and two
// candidates; the regional manager publishes. The admitted student renounces its place on its
// dashboard (after the confirmation); the first of the waiting list, promoted at once, sees its
// offer with its deadline and accepts it; the regional manager reads the answers and the counts
// on /liste-admissible.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['offers.test.ts'];
const DR = { userName: `dr.tenko.${tag}`, password: 'Tenko-Offres-2026' };
const TYPE = `Nationalité offres ${tag}`;
const BURKINABE = `Burkinabè offres ${tag}`;

interface Student {
  key: string;
  ine: string;
  email: string;
  moyenneBac: string;
  password?: string;
  token?: string;
  idDossier?: number;
}
const ineOf = (i: number) => `T${String(Date.now()).slice(-9)}${i}${i}`;
// Same score: the better bac average is admitted, the other waits first on the list.
const STUDENTS: Student[] = [
  { key: 'admis', moyenneBac: '15,00' },
  { key: 'attente', moyenneBac: '11,00' },
].map((s, i) => ({ ...s, ine: ineOf(i), email: `offres.${tag}.${i}@exemple.bf` }));
const student = (key: string) => STUDENTS.find((s) => s.key === key)!;

let token = '';
let drToken = '';
let idDirection = 0;
let idSession = 0;

async function ok<T>(method: string, p: string, body?: unknown, as = token): Promise<T> {
  const res = await apiCall<T>(method, p, { token: as, body });
  expect([200, 201], `${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body;
}

async function mailTo(address: string) {
  const dir = path.join(inject('e2e').dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = readMailDir(dir).find((m) => m.to.includes(address));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} in ${dir}`);
}

async function movePhase(etatSession: string) {
  const current = await ok<Record<string, unknown>>('GET', `campus/session-cenou/${idSession}`);
  await ok('PUT', `campus/session-cenou/${idSession}`, { ...current, etatSession });
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

interface FormType {
  idTypeCritere: number;
  obligatoire: boolean;
  listeCritere: { idCritere: number; libelleCritere: string; obligatoire: boolean }[];
}

/** Deposits Burkinabè (and, for mandatory types other tests made, their first criterion). */
async function deposit(s: Student) {
  const form = await ok<{ listeDossierCritere: FormType[] }>(
    'GET',
    `campus/dossier/depot/?ineEtudiant=${s.ine}`,
    undefined,
    s.token,
  );
  const entries = form.listeDossierCritere.flatMap((type) => {
    const mine = type.listeCritere.find((c) => c.libelleCritere === BURKINABE);
    const chosen = mine ?? (type.obligatoire ? type.listeCritere[0] : undefined);
    if (!chosen) return [];
    return [
      {
        idTypeCritere: type.idTypeCritere,
        idCritere: chosen.idCritere,
        ...(chosen.obligatoire ? { nomFichier: 'justificatif.pdf', fichier: PDF } : {}),
      },
    ];
  });
  const d = await ok<{ idDossier: number }>(
    'PUT',
    'campus/dossier',
    { typeDossier: 'NOUVEAU', listeDossierCritere: entries },
    s.token,
  );
  s.idDossier = d.idDossier;
}

async function analyse(s: Student) {
  const d = await ok<{ listeDossierCritere: Record<string, unknown>[] }>(
    'GET',
    `campus/dossier/depot?ineEtudiant=${s.ine}&idDossier=${s.idDossier}`,
  );
  await ok('PATCH', 'campus/analyse-dossier', {
    ...d,
    listeDossierCritere: d.listeDossierCritere.map((e) => ({ ...e, valeurAnalyse: 'VALIDE' })),
  });
}

beforeAll(async () => {
  token = await adminToken();
  const villes = await ok<{ idVille: number; nomVille: string; idDirection: number }[]>(
    'GET',
    'campus/ville',
  );
  const ville = villes.find((v) => v.nomVille === VILLE)!;
  idDirection = ville.idDirection;
  await ok('POST', 'campus/cite', {
    idVille: ville.idVille,
    nomCite: `Cité de Tenkodogo ${tag}`,
    nbLit: 50,
    adresseCite: 'Tenkodogo',
  });
  const sessions = await ok<{ idSessionCenou: number; idDirection: number; statutSession: string }[]>(
    'GET',
    'campus/session-cenou',
  );
  const open = sessions.find((s) => s.idDirection === idDirection && s.statutSession === 'OUVERT');
  idSession = open
    ? open.idSessionCenou
    : (
        await ok<{ idSessionCenou: number }>('POST', 'campus/session-cenou', {
          idDirection,
          etatSession: 'INSCRIPTION',
          statutSession: 'OUVERT',
          dateOuverture: '2026-09-01',
          delaiReponseHeures: 72,
        })
      ).idSessionCenou;

  await ok('POST', 'campus/users', {
    userName: DR.userName,
    password: DR.password,
    nom: 'Compaoré',
    prenom: 'Awa',
    email: `${DR.userName}@cenou.bf`,
    idDirection,
    role: GESTIONNAIRE_DR,
  });
  drToken = (
    await ok<{ accessToken: string }>(
      'POST',
      'campus-auth/signin',
      { username: DR.userName, password: DR.password },
      '',
    )
  ).accessToken;

  const type = await ok<{ idTypeCritere: number }>('POST', 'campus/type-critere', {
    libelleTypeCritere: TYPE,
    coefficient: 2,
    typeItem: 'Liste',
    statutItem: 'OBLIGATOIRE',
  });
  const burkinabe = await ok<{ idCritere: number }>('POST', 'campus/critere', {
    libelleCritere: BURKINABE,
    note: 10,
    idTypeCritere: type.idTypeCritere,
    justificatifRequis: false,
    listeDeliberation: 'NATIONAUX',
  });

  const rows = STUDENTS.map((s, i) => ({
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ine: s.ine,
    nomEtudiant: `Ouédraogo${i}`,
    prenomEtudiant: `Élève ${s.key}`,
    dateNaissance: '12/03/2004',
    villeOrientation: VILLE,
    moyenneBac: s.moyenneBac,
  }));
  const csv = [REGISTRY_COLUMNS.join(';'), ...rows.map((r) => REGISTRY_COLUMNS.map((c) => r[c]).join(';'))];
  await ok('POST', 'campus/registre-etudiant/import', {
    nomFichier: 'registre-tenkodogo.csv',
    fichier: Buffer.from(`${csv.join('\r\n')}\r\n`, 'utf8').toString('base64'),
  });
  for (const s of STUDENTS) {
    await ok(
      'POST',
      'campus-auth/hebergement-etudiant/',
      {
        ine: s.ine,
        dateNaissance: '2004-03-12',
        emailEtudiant: s.email,
        personnelBesoin: 'Ouédraogo Issa',
        contact: '70 00 00 00',
        engagementStatutReglement: true,
        engagementPersonnelCaution: true,
        declarationSurHonneur: true,
        luApprouve: true,
      },
      '',
    );
    s.password = passwordOf(await mailTo(s.email));
    s.token = (
      await ok<{ accessToken: string }>(
        'POST',
        'campus-auth/signin',
        { username: s.ine, password: s.password },
        '',
      )
    ).accessToken;
  }

  for (const s of STUDENTS) await deposit(s);
  await movePhase('ANALYSE');
  for (const s of STUDENTS) await analyse(s);
  await movePhase('DELIBERATION');
  // One place, on NATIONAUX; the regional manager publishes.
  await ok('POST', 'campus/quota', {
    idDirection,
    idSessionCenou: idSession,
    idCritere: burkinabe.idCritere,
    valeurQuota: 1,
  });
  await ok(
    'POST',
    'campus/deliberation',
    { idSessionCenou: idSession, idDirection, seed: `offres-${tag}` },
    drToken,
  );

  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

interface Resultat {
  statutDossier: string;
  liste: string | null;
  rang: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
}
const resultatOf = (s: Student) =>
  ok<Resultat>('GET', `campus/dossier/${s.idDossier}/resultat`, undefined, s.token);

async function dashboard(page: Page, s: Student) {
  await signIn(page, s.ine, s.password!);
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
      expect(await offre.getByTestId('temps-restant').textContent()).toMatch(/^il reste /);
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
        /^il reste (\d+ jours?)( et \d+ heures?)?$/,
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
      await signIn(page, DR.userName, DR.password);
      await page.goto('/liste-admissible');
      await page.getByRole('heading', { name: messages.listeAdmissibleTitre }).waitFor();
      const counts = page.getByTestId('compteurs');
      const count = (key: string) => counts.locator(`[data-compteur="${key}"] dd`);
      await expect.poll(() => count('refuses').textContent()).toBe('1');
      expect(await count('acceptes').textContent()).toBe('1');
      expect(await count('promus').textContent()).toBe('1');
      expect(await count('enAttente').textContent()).toBe('0');

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
