import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STAY_YEARS, MAX_STAY_YEARS_HANDICAP } from '../../src/domain/limits';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { fieldLabel } from '../../src/domain/resources/labels';
import type { SigninAnswer } from '../../src/domain/schemas/auth';
import type { DeliberationLists, ListItem } from '../../src/domain/schemas/deliberation';
import { KDG_RANKING_SEED } from '../../src/server/seed/content/dossiers';
import { fill } from '../../src/web/lib/format';
import { paths } from '../../src/web/lib/paths';
import { launchBrowser } from '../helpers/browser';
import { call, signIn, e2eDemoServer, type DemoAccount, type DemoServer } from '../helpers/demo-server';
import { accountPage, openRoute, tableFit } from '../helpers/screens';

// The agency's rules on the screens (issue 25, docs/agency-rules.md), on the demo data (a server
// this file starts as `npm start` does, tests/helpers/demo-server.ts): Koudougou's session gives 10
// re-admission places and keeps 60 % of each later list for women. Its regional manager previews
// the lists: the READMISSIONS tab comes first, each list says its women and men, as the API's
// preview of the same seed counts them. A student housed last year in Ouagadougou sees the
// re-admission request and its years on the deposit form; the manager sees a re-admission
// request's type and years on the dossier. Nothing is published: the demo stays as it was.

let browser: Browser;
let demo: DemoServer | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  // The demo loaded once for this file and screens-demo.test.ts.
  demo = await e2eDemoServer('agency-rules');
  // Loading the demo (once a run, tests/helpers/demo-server.ts) took 4 minutes at load 30.
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

/** The one demo account whose description (or user name) says `text`. */
function account(text: string): DemoAccount {
  const found = demo!.accounts.filter((a) => a.userName === text || a.description.includes(text));
  expect(
    found.map((a) => a.description),
    `one demo account for "${text}"`,
  ).toHaveLength(1);
  return found[0];
}

/** A page signed in as `a` (its stored session), opening routes by the client's own navigation. */
async function pageOf(a: DemoAccount): Promise<{
  page: Page;
  record: SigninAnswer;
  open: (to: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const record = await signIn(demo!.baseURL, a.userName, a.password);
  const { context, page, inflight } = await accountPage(browser, demo!.baseURL, record as never);
  return { page, record, open: (to) => openRoute(page, inflight, to), close: () => context.close() };
}

const counts = (rows: ListItem[]) =>
  fill(messages.effectifsListe, {
    femmes: rows.filter((r) => r.sexeEtudiant === 'F').length,
    hommes: rows.filter((r) => r.sexeEtudiant !== 'F').length,
  });

describe('the agency’s rules on the demo’s screens', () => {
  it('the preview shows READMISSIONS first and each list’s women and men, as the API counts them', async () => {
    const { page, record, open, close } = await pageOf(account('gestionnaire.koudougou'));
    try {
      const sessions = await call<
        { idSessionCenou: number; idDirection: number; statutSession: string; etatSession: string }[]
      >(demo!.baseURL, 'GET', paths.api.liste('session-cenou'), { token: record.accessToken });
      const session = sessions.find(
        (s) => s.idDirection === record.idDirection && s.statutSession === 'OUVERT',
      )!;
      expect(session.etatSession).toBe('DELIBERATION');
      const api = await call<DeliberationLists>(
        demo!.baseURL,
        'GET',
        `campus/deliberation-nationaux?idSessionCenou=${session.idSessionCenou}&idDirection=${session.idDirection}&seed=${KDG_RANKING_SEED}`,
        { token: record.accessToken },
      );
      expect(api).toMatchObject({ placesReadmission: 10, partFemmes: 60 });
      expect(api.listeAdmisReadmissions).toHaveLength(10);
      // The share binds: NATIONAUX holds at least ⌈150 × 60 / 100⌉ = 90 women while women wait.
      const femmes = api.listeAdmisNationaux.filter((r) => r.sexeEtudiant === 'F').length;
      expect(femmes).toBeGreaterThanOrEqual(90);

      // The demo's Koudougou is past its publication: its published run is there before the preview.
      const runsOf = () =>
        call<unknown[]>(
          demo!.baseURL,
          'GET',
          `campus/deliberation?idSessionCenou=${session.idSessionCenou}&idDirection=${session.idDirection}`,
          { token: record.accessToken },
        );
      const runsBefore = await runsOf();
      expect(runsBefore).toHaveLength(1);

      await open(paths.deliberation.deliberation);
      await page.getByLabel(messages.champTirage).fill(KDG_RANKING_SEED);
      await page.getByRole('button', { name: messages.lancerDeliberation, exact: true }).click();
      const regles = page.getByTestId('regles');
      await regles.waitFor();
      expect(await regles.textContent()).toBe(
        `${fill(messages.partFemmesRegle, { part: 60 })} — ${fill(messages.placesReadmissionRegle, { places: 10 })}`,
      );
      // One statement of the share, as the home page makes it: the new admissions' lists, not the re-admissions.
      const share =
        /chaque liste de nouvelles admissions \(pupilles, étrangers, nationaux\).*les réadmissions non comprises/;
      expect(await regles.textContent()).toMatch(share);
      // The home page says the same rule for a visitor: the new admissions' lists, the share set by
      // each session (its default), the re-admissions apart.
      const visitor = await browser.newPage();
      try {
        await visitor.goto(demo!.baseURL + '/');
        await visitor.getByText(messages.accueilReglePartFemmes).first().waitFor();
        expect(messages.accueilReglePartFemmes).toMatch(
          /chaque liste de nouvelles admissions \(pupilles de la Nation, étrangers, nationaux\).*réadmissions n’est pas concernée/,
        );
      } finally {
        await visitor.close();
      }
      // The tabs, in the order the lists fill: READMISSIONS first.
      const tabs = await page.getByRole('tab').allTextContents();
      expect(tabs.map((t) => t.trim())).toEqual([
        fill(messages.ongletListe, { liste: enumLabel('listeDeliberation', 'READMISSIONS'), n: 10 }),
        fill(messages.ongletListe, { liste: enumLabel('listeDeliberation', 'PUPILLES'), n: 6 }),
        fill(messages.ongletListe, { liste: enumLabel('listeDeliberation', 'ETRANGERS'), n: 4 }),
        fill(messages.ongletListe, { liste: enumLabel('listeDeliberation', 'NATIONAUX'), n: 150 }),
        fill(messages.ongletListe, { liste: messages.listeAttenteTitre, n: api.listeAttente.length }),
      ]);
      // Each list: its women and men, the same as the API's, and the sex spelt out in its table.
      const lists: [string, ListItem[]][] = [
        [enumLabel('listeDeliberation', 'READMISSIONS'), api.listeAdmisReadmissions],
        [enumLabel('listeDeliberation', 'PUPILLES'), api.listeAdmisPupilles],
        [enumLabel('listeDeliberation', 'ETRANGERS'), api.listeAdmisEtrangers],
        [enumLabel('listeDeliberation', 'NATIONAUX'), api.listeAdmisNationaux],
      ];
      for (const [titre, rows] of lists) {
        await page.getByRole('tab', { name: new RegExp(`^${titre} \\(`) }).click();
        const panel = page.getByRole('tabpanel').filter({ has: page.getByRole('table', { name: titre }) });
        await expect.poll(() => panel.getByTestId('effectifs').textContent()).toBe(counts(rows));
        const first = panel.getByRole('table', { name: titre }).getByRole('row').nth(1);
        await first.getByRole('cell', { name: rows[0].ine }).waitFor();
        await first.getByRole('cell', { name: enumLabel('sexeEtudiant', rows[0].sexeEtudiant) }).waitFor();
      }
      // Nothing was published by the preview: the runs are those of before.
      expect(await runsOf()).toEqual(runsBefore);
    } finally {
      await close();
    }
  }, 300_000);

  it('the admitted list at 1366 px: the working columns fit, no direction column, Actions over none', async () => {
    const { page, open, close } = await pageOf(account('gestionnaire.koudougou'));
    try {
      await open(paths.deliberation.listeAdmissible);
      const fit = await tableFit(page);
      expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.frame);
      expect(fit.headers).not.toContain(fieldLabel('libelleDirection'));
      expect(fit.headers).toEqual(
        expect.arrayContaining([fieldLabel('ine'), messages.colonneRang, messages.colonneReponse]),
      );
      expect(fit.covered).toBe(false);
    } finally {
      await close();
    }
  }, 300_000);

  it('a re-admitted student’s result names its list and no share for women, which READMISSIONS does not have', async () => {
    const readmis = account('réadmis dès la publication');
    const student = await signIn(demo!.baseURL, readmis.userName, readmis.password);
    const mine = await call<{ idDossier: number; statutSession: string }[]>(
      demo!.baseURL,
      'GET',
      `campus/dossier/etudiant/${readmis.userName}`,
      { token: student.accessToken },
    );
    const current = mine.find((d) => d.statutSession === 'OUVERT')!;
    const result = await call<{ liste: string | null; partFemmes: number | null }>(
      demo!.baseURL,
      'GET',
      paths.api.dossier.resultat(current.idDossier),
      { token: student.accessToken },
    );
    // The session keeps a share for women on its later lists; the dossier's list has none.
    expect(result.liste).toBe('READMISSIONS');
    expect(result.partFemmes).toBeGreaterThan(0);
    const { page, open, close } = await pageOf(readmis);
    try {
      await open(paths.deliberation.monResultatDe(current.idDossier));
      const card = page.getByTestId('resultat-etudiant');
      await card.waitFor();
      await card
        .getByText(fill(messages.resultatListe, { liste: enumLabel('listeDeliberation', 'READMISSIONS') }))
        .waitFor();
      expect(await card.getByTestId('part-femmes').count()).toBe(0);
      expect(await card.textContent()).not.toContain('%');
    } finally {
      await close();
    }
  }, 300_000);

  it('a re-admission request’s type and years of stay on the manager’s dossier', async () => {
    const readmis = account('réadmis dès la publication');
    const student = await signIn(demo!.baseURL, readmis.userName, readmis.password);
    const mine = await call<{ idDossier: number; statutSession: string; typeDossier: string }[]>(
      demo!.baseURL,
      'GET',
      `campus/dossier/etudiant/${readmis.userName}`,
      { token: student.accessToken },
    );
    // This year's request, and last year's admitted dossier.
    expect(mine.map((d) => [d.statutSession, d.typeDossier]).sort()).toEqual([
      ['FERME', 'NOUVEAU'],
      ['OUVERT', 'RENOUVELLEMENT'],
    ]);
    const current = mine.find((d) => d.statutSession === 'OUVERT')!;
    const { page, open, close } = await pageOf(account('gestionnaire.koudougou'));
    try {
      await open(paths.staff.consulter(current.idDossier, readmis.userName));
      const facts = page.locator('.dossier-facts');
      await facts.getByText(enumLabel('typeDossier', 'RENOUVELLEMENT'), { exact: true }).waitFor();
      expect(await page.getByTestId('annees-hebergement').textContent()).toBe(
        fill(messages.anneesHebergementValeur, {
          annees: 1,
          max: MAX_STAY_YEARS,
          maxHandicap: MAX_STAY_YEARS_HANDICAP,
        }),
      );
    } finally {
      await close();
    }
  }, 300_000);

  it('a student housed here last year: the deposit form counts its year and offers the re-admission', async () => {
    const { page, open, close } = await pageOf(account('peut demander sa réadmission'));
    try {
      await open(paths.depot);
      const annees = page.getByTestId('annees-hebergement');
      await annees.waitFor();
      expect(await annees.textContent()).toBe(
        fill(messages.anneesHebergementComptees, {
          annees: 1,
          max: MAX_STAY_YEARS,
          maxHandicap: MAX_STAY_YEARS_HANDICAP,
        }),
      );
      const box = page.getByLabel(messages.demandeReadmission);
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
    } finally {
      await close();
    }
  }, 300_000);
});
