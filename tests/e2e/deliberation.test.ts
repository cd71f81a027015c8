import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_EXAMPLE } from '../../src/domain/admissibles';
import { sessionOptionLabel } from '../../src/domain/workflow';
import { fill } from '../../src/web/lib/format';
import { launchBrowser, newPage, signInStored } from '../helpers/browser';
import { checkPdfReadable } from '../helpers/pdf';
import { deliberationReady, okAs, type Candidate, type Deliberation } from './deliberation-fixtures';
import { DIRECTIONS_BY_FILE } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// The deliberation in a real Chromium against the real server (docs/deliberation.md, docs/offers.md, docs/api.md#exports): the admin builds the situation through the API (a cité, a session of
// Kaya's direction, criteria with lists, four students registered, deposits, the analysis, the
// phase moved to DELIBERATION, quotas); the regional manager previews the lists, exports a PDF,
// publishes after the confirmation; a student then reads its result and its score breakdown; the
// admin loads a file of admissible students for the session (/charger-fichier-admissibles).

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const baseURL = () => e2eServer().baseURL;
const VILLE = DIRECTIONS_BY_FILE['deliberation.test.ts'];

const TYPES = { nationalite: `Nationalité ${tag}`, situation: `Situation ${tag}` };
const CRITERES = {
  burkinabe: `Burkinabè ${tag}`,
  etranger: `Étranger ${tag}`,
  pupille: `Pupille de la Nation ${tag}`,
  aucune: `Aucune situation ${tag}`,
};

const ineOf = (i: number) => `K${String(Date.now()).slice(-9)}${i}${i}`;
const STUDENTS: Candidate[] = [
  { key: 'pupille', criteres: [CRITERES.burkinabe, CRITERES.pupille], moyenneBac: '12,00' },
  { key: 'etranger', criteres: [CRITERES.etranger, CRITERES.aucune], moyenneBac: '12,00' },
  { key: 'national1', criteres: [CRITERES.burkinabe, CRITERES.aucune], moyenneBac: '15,00' },
  { key: 'national2', criteres: [CRITERES.burkinabe, CRITERES.aucune], moyenneBac: '11,00' },
].map((s, i) => ({ ...s, ine: ineOf(i), email: `delib.${tag}.${i}@exemple.bf` }));
const student = (key: string) => STUDENTS.find((s) => s.key === key)!;

let made: Deliberation;
const ok = <T>(method: string, p: string, body?: unknown, as = made.token) => okAs<T>(as, method, p, body);

beforeAll(async () => {
  // Criteria: a mandatory nationality (NATIONAUX or ETRANGERS), an optional situation (PUPILLES);
  // four students of Kaya; one place per list.
  made = await deliberationReady({
    ville: VILLE,
    tag,
    nbLit: 100,
    nom: 'Kaboré',
    managerTag: `kaya.${tag}`,
    types: [
      {
        libelle: TYPES.nationalite,
        coefficient: 2,
        obligatoire: true,
        criteres: [
          { libelle: CRITERES.burkinabe, note: 10, liste: 'NATIONAUX' },
          { libelle: CRITERES.etranger, note: 10, liste: 'ETRANGERS' },
        ],
      },
      {
        libelle: TYPES.situation,
        coefficient: 1,
        obligatoire: false,
        criteres: [
          { libelle: CRITERES.pupille, note: 8, liste: 'PUPILLES' },
          { libelle: CRITERES.aucune, note: 0, liste: null },
        ],
      },
    ],
    students: STUDENTS,
    quotas: [CRITERES.pupille, CRITERES.etranger, CRITERES.burkinabe],
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
      await signInStored(page, made.manager.userName, made.manager.password);
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

      // Where every dossier goes, read from the screen: one admitted per list, one waiting, none
      // left out; the rows add up to the total, which is the session's four dossiers.
      const repartition = page.getByTestId('repartition');
      const count = async (id: string) =>
        Number(
          (await repartition.getByTestId(`repartition-${id}`).locator('td').textContent())?.replace(
            /\s/g,
            '',
          ),
        );
      const rows = {
        PUPILLES: 1,
        ETRANGERS: 1,
        NATIONAUX: 1,
        ATTENTE: 1,
        NON_ANALYSE: 0,
        CRITERE_OBLIGATOIRE_NON_VALIDE: 0,
        DUREE_MAXIMALE: 0,
      };
      for (const [id, n] of Object.entries(rows)) expect(await count(id), id).toBe(n);
      // No re-admission places in this session: no row for them.
      expect(await repartition.getByTestId('repartition-READMISSIONS').count()).toBe(0);
      expect(await count('total')).toBe(STUDENTS.length);
      expect(await repartition.getByRole('heading').textContent()).toBe(
        fill(messages.repartitionTitre, { n: STUDENTS.length }),
      );

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
        page
          .getByRole('button', { name: `${messages.exporterPdf}\u00a0: ${messages.listeAttenteTitre}` })
          .click(),
      ]);
      const file = await download.path();
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await page.getByText(messages.exportReussi).first().waitFor();
      // A preview's PDF says on every page that it is provisional (issue 21).
      const preview = await checkPdfReadable(readFileSync(file), 'e2e-apercu-attente');
      expect(preview.cut).toEqual([]);
      // The provisional mark, followed by the list's women and men (docs/agency-rules.md).
      for (const p of preview.pages)
        expect(p.texts.some((x) => x.str.startsWith(messages.pdfProvisoire))).toBe(true);

      // Nothing was published by the preview.
      const before = await ok<unknown[]>(
        'GET',
        `campus/deliberation?idSessionCenou=${made.idSession}&idDirection=${made.idDirection}`,
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
        `campus/deliberation?idSessionCenou=${made.idSession}&idDirection=${made.idDirection}`,
      );
      expect(after.map((r) => r.seed)).toEqual([seed]);

      // The page now shows the published run, not a preview, and offers no second 'Publier' for it
      // (issue 21: it still said 'Aperçu (rien n'est encore enregistré)' with 'Publier' active).
      const shown = page.getByTestId('delib-publiee');
      await shown.getByText(messages.publieeEtiquette, { exact: true }).waitFor();
      // The date as the browser writes it ('23/11/2026 18:04'), in a name matched whole. An
      // accessible name reads a non-breaking space as a space: either matches.
      const named = (text: string) =>
        new RegExp(
          `^${text
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\u00a0/g, '\\s')
            .replace('DATE', '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}')}$`,
        );
      await shown
        .getByRole('heading', { name: named(fill(messages.publicationAffichee, { n: 1, date: 'DATE' })) })
        .waitFor();
      expect(await page.getByRole('heading', { name: messages.apercuTitre }).count()).toBe(0);
      expect(await page.getByRole('button', { name: messages.publier, exact: true }).count()).toBe(0);

      // Reloaded, the published lists' PDF comes from the runs list: as published, not provisional.
      await page.reload();
      const pdfButton = page.getByRole('table', { name: messages.publicationsTitre }).getByRole('button', {
        name: named(
          fill(messages.telechargerListePubliee, {
            liste: enumLabel('listeDeliberation', 'NATIONAUX'),
            date: 'DATE',
          }),
        ),
      });
      const [published] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
      const publishedPdf = readFileSync(await published.path());
      const read = await checkPdfReadable(publishedPdf, 'e2e-publication-nationaux');
      expect(read.cut).toEqual([]);
      const texts = read.pages.flatMap((p) => p.texts.map((x) => x.str));
      expect(texts).not.toContain(messages.pdfProvisoire);
      expect(texts).toContain(student('national1').ine);
      expect(texts.some((x) => x.startsWith('Listes publiées le'))).toBe(true);

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
      await signInStored(page, s.ine, s.password!);
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

  it('loads a file of admissible students as the admin: a bad file rejected whole, a good one listed', async () => {
    const direction = (
      await ok<{ idDirection: number; libelleDirection: string }[]>('GET', 'campus/direction')
    ).find((d) => d.idDirection === made.idDirection)!;
    const session = (
      await ok<{ idSessionCenou: number; anneeDebut: number; etatSession: string; statutSession: string }[]>(
        'GET',
        'campus/session-cenou',
      )
    ).find((x) => x.idSessionCenou === made.idSession)!;
    const stamp = String(Date.now()).slice(-9);
    const ine = (i: number) => `C${stamp}${i}${i}`;
    const row = (values: Partial<typeof ADMISSIBLE_TEMPLATE_EXAMPLE>) =>
      ADMISSIBLE_COLUMNS.map((c) => ({ ...ADMISSIBLE_TEMPLATE_EXAMPLE, ...values })[c]).join(';');
    const file = (rows: string[]) =>
      Buffer.from(`\uFEFF${[ADMISSIBLE_COLUMNS.join(';'), ...rows].join('\r\n')}\r\n`, 'utf8');
    const chooseFile = (page: Page, name: string, content: Buffer) =>
      page
        .getByLabel(messages.champFichierCsv)
        .setInputFiles({ name, mimeType: 'text/csv', buffer: content });

    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, 'admin', e2eServer().adminPassword);
      await page.goto('/charger-fichier-admissibles');
      await page.getByRole('heading', { name: messages.chargementTitre, level: 1 }).waitFor();
      // The direction is the admin's to choose; its open session comes by default, named as everywhere.
      await page.locator('.p-dropdown:has(#chargement-direction)').click();
      await page.getByRole('option', { name: direction.libelleDirection, exact: true }).click();
      const sessionShown = page.locator('.p-dropdown:has(#chargement-session) .p-dropdown-label');
      await sessionShown.getByText(sessionOptionLabel(session), { exact: true }).waitFor();

      // Two bad rows: nothing is loaded, each row named by its line and field.
      await chooseFile(
        page,
        'admissibles-errone.CSV',
        file([
          row({ ine: ine(1) }),
          row({ ine: ine(2), sexeEtudiant: 'X' }),
          row({ ine: ine(3), moyenne: 'vingt' }),
        ]),
      );
      await page.getByRole('button', { name: messages.validerChargement }).click();
      await page.getByTestId('chargement-echec').waitFor();
      const errors = page.getByRole('table', { name: messages.erreursFichier });
      expect(await errors.getByRole('row').filter({ hasText: 'sexeEtudiant' }).textContent()).toContain('3');
      expect(await errors.getByRole('row').filter({ hasText: '(moyenne)' }).textContent()).toContain('4');

      // A good file: loaded, counted, and its students join the direction's admissible list.
      await chooseFile(
        page,
        'admissibles.csv',
        file([row({ ine: ine(1) }), row({ ine: ine(2), nomEtudiant: 'Yaméogo' })]),
      );
      await page.getByRole('button', { name: messages.validerChargement }).click();
      const success = page.getByTestId('chargement-reussi');
      await success.getByText(fill(messages.chargementCompte, { importes: 2 })).waitFor();
      expect(await page.getByTestId('chargement-echec').count()).toBe(0);
      const listed = await ok<{ ine: string }[]>(
        'GET',
        `campus/etudiant-admis?idSessionCenou=${made.idSession}&idDirection=${made.idDirection}&size=100`,
      );
      expect(listed.map((r) => r.ine)).toEqual(expect.arrayContaining([ine(1), ine(2)]));
      expect(listed.map((r) => r.ine)).not.toContain(ine(3));
    } finally {
      await context.close();
    }
  });

  it('lets the admin recompute the published run from its stored inputs and see that it matches', async () => {
    const direction = (
      await ok<{ idDirection: number; libelleDirection: string }[]>('GET', 'campus/direction')
    ).find((d) => d.idDirection === made.idDirection)!;
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, 'admin', e2eServer().adminPassword);
      await page.goto('/resultat');
      await page.getByRole('link', { name: messages.verificationTitre }).click();
      await page.waitForURL(`${baseURL()}/verification-deliberation`);
      await page.getByRole('heading', { name: messages.verificationTitre, level: 1 }).waitFor();
      await page.locator('.p-dropdown:has(#verification-direction)').click();
      await page.getByRole('option', { name: direction.libelleDirection, exact: true }).click();

      const runs = page.getByRole('table', { name: messages.publicationsTitre });
      const row = runs.getByRole('row').filter({ hasText: seed });
      await row.waitFor();
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/verification')) calls.push(r.url());
      });
      await row.getByRole('button', { name: new RegExp(`^${messages.verifier}`) }).click();
      const verdict = page.getByTestId('verification-verdict');
      await verdict.waitFor();
      expect(await verdict.textContent()).toContain(`(tirage ${seed})`);
      expect(await verdict.textContent()).toContain('identique au résultat publié');
      expect(await page.getByRole('table', { name: messages.verificationDifferences }).count()).toBe(0);
      expect(calls).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('tells other roles the deliberation is for regional directions, and keeps it out of their menu', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInStored(page, 'admin', e2eServer().adminPassword);
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
