import { DIRECTIONS_BY_FILE } from './staff-fixtures';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { GESTIONNAIRE_DR } from '../../src/domain/enums';
import { enumLabel, messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { fill } from '../../src/web/lib/format';
import { adminToken, apiCall, launchBrowser, newPage, signIn } from '../helpers/browser';
import { passwordOf, readMailDir } from '../helpers/mail';

// The deliberation in a real Chromium against the real server (workflow specification §2;
// CONTRACT §6, §6 bis, §8): the admin builds the situation through the API (a cité, a session of
// Kaya's direction, criteria with lists, four students registered, deposits, the analysis, the
// phase moved to DELIBERATION, quotas); the regional manager previews the lists, exports a PDF,
// publishes after the confirmation; a student then reads its result and its score breakdown.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const baseURL = () => inject('e2e').baseURL;
const VILLE = DIRECTIONS_BY_FILE['deliberation.test.ts'];
const DR = { userName: `dr.kaya.${tag}`, password: 'Kaya-Delib-2026' };

const TYPES = { nationalite: `Nationalité ${tag}`, situation: `Situation ${tag}` };
const CRITERES = {
  burkinabe: `Burkinabè ${tag}`,
  etranger: `Étranger ${tag}`,
  pupille: `Pupille de la Nation ${tag}`,
  aucune: `Aucune situation ${tag}`,
};

interface Student {
  key: string;
  ine: string;
  email: string;
  criteres: string[];
  moyenneBac: string;
  password?: string;
  token?: string;
  idDossier?: number;
}
const ineOf = (i: number) => `K${String(Date.now()).slice(-9)}${i}${i}`;
const STUDENTS: Student[] = [
  { key: 'pupille', criteres: [CRITERES.burkinabe, CRITERES.pupille], moyenneBac: '12,00' },
  { key: 'etranger', criteres: [CRITERES.etranger, CRITERES.aucune], moyenneBac: '12,00' },
  { key: 'national1', criteres: [CRITERES.burkinabe, CRITERES.aucune], moyenneBac: '15,00' },
  { key: 'national2', criteres: [CRITERES.burkinabe, CRITERES.aucune], moyenneBac: '11,00' },
].map((s, i) => ({ ...s, ine: ineOf(i), email: `delib.${tag}.${i}@exemple.bf` }));
const student = (key: string) => STUDENTS.find((s) => s.key === key)!;

let token = '';
let idDirection = 0;
let idSession = 0;
const critereIds: Record<string, number> = {};

async function call<T>(method: string, p: string, body?: unknown, as = token) {
  const res = await apiCall<T>(method, p, { token: as, body });
  return res;
}

async function ok<T>(method: string, p: string, body?: unknown, as = token, status = [200, 201]): Promise<T> {
  const res = await call<T>(method, p, body, as);
  expect(status, `${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
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

/** A tiny valid PDF, for criteria of other tests' types that need a proof. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

interface FormType {
  idTypeCritere: number;
  libelleTypeCritere: string;
  obligatoire: boolean;
  listeCritere: { idCritere: number; libelleCritere: string; obligatoire: boolean }[];
}

/** Deposits the student's criteria (and, for types other tests made, their first criterion). */
async function deposit(s: Student) {
  const form = await ok<{ listeDossierCritere: FormType[] }>(
    'GET',
    `campus/dossier/depot/?ineEtudiant=${s.ine}`,
    undefined,
    s.token,
  );
  const entries = form.listeDossierCritere.flatMap((type) => {
    const mine = type.listeCritere.find((c) => s.criteres.includes(c.libelleCritere));
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

/** The analysis of one dossier: every criterion VALIDE. */
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
  const kaya = villes.find((v) => v.nomVille === VILLE)!;
  idDirection = kaya.idDirection;
  await ok('POST', 'campus/cite', {
    idVille: kaya.idVille,
    nomCite: `Cité de Kaya ${tag}`,
    nbLit: 100,
    adresseCite: 'Kaya',
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

  // The regional manager of Kaya's direction.
  await ok('POST', 'campus/users', {
    userName: DR.userName,
    password: DR.password,
    nom: 'Sawadogo',
    prenom: 'Issaka',
    email: `${DR.userName}@cenou.bf`,
    idDirection,
    role: GESTIONNAIRE_DR,
  });

  // Criteria: a mandatory nationality (NATIONAUX or ETRANGERS), an optional situation (PUPILLES).
  const nationalite = await ok<{ idTypeCritere: number }>('POST', 'campus/type-critere', {
    libelleTypeCritere: TYPES.nationalite,
    coefficient: 2,
    typeItem: 'Liste',
    statutItem: 'OBLIGATOIRE',
  });
  const situation = await ok<{ idTypeCritere: number }>('POST', 'campus/type-critere', {
    libelleTypeCritere: TYPES.situation,
    coefficient: 1,
    typeItem: 'Liste',
    statutItem: 'FACULTATIF',
  });
  const critere = async (
    libelleCritere: string,
    idTypeCritere: number,
    note: number,
    liste: string | null,
  ) => {
    const c = await ok<{ idCritere: number }>('POST', 'campus/critere', {
      libelleCritere,
      note,
      idTypeCritere,
      justificatifRequis: false,
      listeDeliberation: liste,
    });
    critereIds[libelleCritere] = c.idCritere;
  };
  await critere(CRITERES.burkinabe, nationalite.idTypeCritere, 10, 'NATIONAUX');
  await critere(CRITERES.etranger, nationalite.idTypeCritere, 10, 'ETRANGERS');
  await critere(CRITERES.pupille, situation.idTypeCritere, 8, 'PUPILLES');
  await critere(CRITERES.aucune, situation.idTypeCritere, 0, null);

  // Four students of Kaya in the registry, each registered (password by mail).
  const rows = STUDENTS.map((s, i) => ({
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ine: s.ine,
    nomEtudiant: `Kaboré${i}`,
    prenomEtudiant: `Élève ${s.key}`,
    dateNaissance: '12/03/2004',
    villeOrientation: VILLE,
    moyenneBac: s.moyenneBac,
  }));
  const csv = [REGISTRY_COLUMNS.join(';'), ...rows.map((r) => REGISTRY_COLUMNS.map((c) => r[c]).join(';'))];
  await ok('POST', 'campus/registre-etudiant/import', {
    nomFichier: 'registre-kaya.csv',
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
        personnelBesoin: 'Kaboré Issa',
        contact: '70 00 00 00',
        engagementStatutReglement: true,
        engagementPersonnelCaution: true,
        declarationSurHonneur: true,
        luApprouve: true,
      },
      '',
    );
    s.password = passwordOf(await mailTo(s.email));
    const signin = await ok<{ accessToken: string }>(
      'POST',
      'campus-auth/signin',
      { username: s.ine, password: s.password },
      '',
    );
    s.token = signin.accessToken;
  }

  // Deposits, the analysis, then the deliberation phase and its quotas: one place per list.
  for (const s of STUDENTS) await deposit(s);
  await movePhase('ANALYSE');
  for (const s of STUDENTS) await analyse(s);
  await movePhase('DELIBERATION');
  for (const c of [CRITERES.pupille, CRITERES.etranger, CRITERES.burkinabe])
    await ok('POST', 'campus/quota', {
      idDirection,
      idSessionCenou: idSession,
      idCritere: critereIds[c],
      valeurQuota: 1,
    });

  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('deliberation', () => {
  let seed = '';

  it('previews the lists as the regional manager, exports a PDF, publishes the previewed seed', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, DR.userName, DR.password);
      const menu = page.getByRole('navigation', { name: messages.menuPrincipal });
      await menu.getByRole('link', { name: messages.menuDeliberation }).click();
      await page.waitForURL(`${baseURL()}/deliberation`);
      await page.getByRole('heading', { name: messages.deliberationTitre, level: 1 }).waitFor();

      // The preview: nothing is stored yet, the seed is shown.
      await page.getByRole('button', { name: messages.lancerDeliberation, exact: true }).click();
      const tirage = page.getByTestId('tirage');
      await tirage.waitFor();
      seed = (await page.getByLabel(messages.champTirage).inputValue()).trim();
      expect(seed).not.toBe('');
      expect(await tirage.textContent()).toContain(seed);
      const pupilles = page.getByRole('table', { name: enumLabel('listeDeliberation', 'PUPILLES') });
      await pupilles.getByRole('cell', { name: student('pupille').ine }).waitFor();

      // The foreign list holds the foreign student; NATIONAUX one of the two nationals, the other waits.
      await page
        .getByRole('tab', { name: new RegExp(`^${enumLabel('listeDeliberation', 'ETRANGERS')}`) })
        .click();
      await page
        .getByRole('table', { name: enumLabel('listeDeliberation', 'ETRANGERS') })
        .getByRole('cell', { name: student('etranger').ine })
        .waitFor();
      await page.getByRole('tab', { name: new RegExp(`^${messages.listeAttenteTitre}`) }).click();
      const attente = page.getByRole('table', { name: messages.listeAttenteTitre });
      // Same score: the better bac average goes first, the other waits.
      await attente.getByRole('cell', { name: student('national2').ine }).waitFor();
      expect(await attente.getByRole('cell', { name: student('national1').ine }).count()).toBe(0);

      // The PDF of the waiting list, downloaded with the token.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `${messages.exporterPdf} : ${messages.listeAttenteTitre}` }).click(),
      ]);
      const file = await download.path();
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await page.getByText(messages.exportReussi).first().waitFor();

      // Nothing was published by the preview.
      const before = await ok<unknown[]>(
        'GET',
        `campus/deliberation?idSessionCenou=${idSession}&idDirection=${idDirection}`,
      );
      expect(before).toHaveLength(0);

      // Publier: the confirmation says what it means; cancel first, then confirm.
      await page.getByRole('button', { name: messages.publier, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: messages.publierTitre });
      await dialog.getByText(fill(messages.publierConfirmation, { seed })).waitFor();
      await dialog.getByText(messages.publierRepublication).waitFor();
      await dialog.getByRole('button', { name: messages.annuler }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: messages.publier, exact: true }).click();
      await page
        .getByRole('dialog', { name: messages.publierTitre })
        .getByRole('button', { name: messages.publier, exact: true })
        .click();
      await page.getByText(fill(messages.deliberationPubliee, { seed })).waitFor();

      // The run, with this seed, in the table of publications.
      const runs = page.getByRole('table', { name: messages.publicationsTitre });
      await runs.getByRole('cell', { name: seed, exact: true }).waitFor();
      const after = await ok<{ seed: string }[]>(
        'GET',
        `campus/deliberation?idSessionCenou=${idSession}&idDirection=${idDirection}`,
      );
      expect(after.map((r) => r.seed)).toEqual([seed]);

      // The admissible list of the direction shows the published students.
      await page.goto('/liste-admissible');
      await page.getByRole('heading', { name: messages.listeAdmissibleTitre }).waitFor();
      const admis = page.locator('.resource-table');
      await admis.getByRole('cell', { name: student('pupille').ine }).waitFor();
      await admis.getByRole('cell', { name: student('etranger').ine }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a student of the direction its result and its score breakdown', async () => {
    const s = student('pupille');
    const resultat = await ok<{
      statutDossier: string;
      liste: string;
      rang: number;
      detail: { total: number; diviseur: number; moyenne: number };
    }>('GET', `campus/dossier/${s.idDossier}/resultat`, undefined, s.token);
    expect(resultat).toMatchObject({ statutDossier: 'ADMIS', liste: 'PUPILLES', rang: 1 });

    const { context, page } = await newPage(browser);
    try {
      await signIn(page, s.ine, s.password!);
      await page.goto(`/mon-resultat/${s.idDossier}`);
      const card = page.getByTestId('resultat-etudiant');
      await card.waitFor();
      await card
        .getByText(fill(messages.resultatStatut, { statut: enumLabel('statutDossier', 'ADMIS') }))
        .waitFor();
      await card
        .getByText(fill(messages.resultatListe, { liste: enumLabel('listeDeliberation', 'PUPILLES') }))
        .waitFor();
      await card.getByText(fill(messages.resultatRang, { rang: 1 })).waitFor();

      // The breakdown: each of its criteria, coefficient × note, judged valid; the total and the divisor.
      const table = page.getByRole('table', { name: messages.detailTitre });
      const line = (critere: string) => table.getByRole('row').filter({ hasText: critere });
      expect(await line(CRITERES.burkinabe).textContent()).toContain('2 × 10 = 20');
      expect(await line(CRITERES.pupille).textContent()).toContain('1 × 8 = 8');
      expect(await line(CRITERES.pupille).textContent()).toContain(enumLabel('valeurAnalyse', 'VALIDE'));
      const n = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
      const two = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(resultat.detail.total).toBeGreaterThanOrEqual(28);
      expect(await page.getByTestId('detail-total').textContent()).toBe(n.format(resultat.detail.total));
      expect(await page.getByTestId('detail-diviseur').textContent()).toBe(
        n.format(resultat.detail.diviseur),
      );
      expect(await page.getByTestId('detail-formule').textContent()).toBe(
        fill(messages.detailMoyenne, {
          total: n.format(resultat.detail.total),
          diviseur: n.format(resultat.detail.diviseur),
          moyenne: two.format(resultat.detail.moyenne),
        }),
      );
    } finally {
      await context.close();
    }
  });

  it('tells other roles the deliberation is for regional directions, and keeps it out of their menu', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'admin', inject('e2e').adminPassword);
      const menu = page.getByRole('navigation', { name: messages.menuPrincipal });
      await menu.getByRole('link', { name: messages.menuResultat }).waitFor();
      expect(await menu.getByRole('link', { name: messages.menuDeliberation }).count()).toBe(0);
      await page.goto('/deliberation');
      await page.getByText(messages.deliberationReservee).waitFor();
    } finally {
      await context.close();
    }
  });
});
