import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { USER_KEY } from '../../src/web/lib/auth';
import { apiCall, launchBrowser } from '../helpers/browser';
import { PATIENCE_MS } from '../helpers/wait';
import { IN_PAGE, screenProblems } from '../helpers/screen-checks';
import { accountPage, walk } from '../helpers/screens';
import { ETUDIANT } from '../../src/domain/enums';
import { routesFor, viewerOf } from '../../src/web/app/registry';
import { deliberationReady, okAs, type Candidate, type Deliberation } from './deliberation-fixtures';
import { DIRECTIONS_BY_FILE, pdfFile, preparedStudent, type Prepared } from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// Screens as a person sees them (issue 21): what the route checks did not see. In a real Chromium
// against the real server, with data made through the API in Ouahigouya's direction:
// - a link drawn as a button (the deposit's "Aller au tableau de bord") shows its text;
// - the dark variant (a phone set to dark) shows the admitted student's result and offer, and the
//   settings' side menu its active entry, in readable colours;
// - on a phone no label breaks inside a word;
// - a toast floats over the page, inside the screen, after an action on a scrolled phone page,
//   and moves nothing;
// - after the publication, every screen of the admitted student (its offer pending) and of its
//   regional manager passes the checks of screens.test.ts, in every state and variant.
// The deposit runs first, while the session is open for deposits; the deliberation is then built
// on the same session (each step waits for the one before: the tests run in their order).

const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['screen-defects.test.ts'];
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 800 };

const TYPE = `Nationalité écrans ${tag}`;
const BURKINABE = `Burkinabè écrans ${tag}`;
const ineOf = (i: number) => `E${String(Date.now()).slice(-9)}${i}${i}`;
const ADMIS: Candidate = {
  key: 'admis',
  moyenneBac: '14,00',
  criteres: [BURKINABE],
  ine: ineOf(1),
  email: `ecrans.${tag}.1@exemple.bf`,
};

let browser: Browser;
let depositor: Prepared;
const records = new Map<string, string>();

async function record(username: string, password: string): Promise<string> {
  const res = await apiCall<Record<string, unknown>>('POST', 'campus-auth/signin', {
    body: { username, password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return JSON.stringify(res.body);
}

/** A page signed in as `who` (its stored record, as after a sign-in), at `size`, light or dark device. */
async function pageAs(
  who: string,
  size: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eServer().baseURL,
    locale: 'fr-FR',
    viewport: size,
    colorScheme,
  });
  await context.addInitScript(IN_PAGE);
  const user = records.get(who);
  if (user) await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [USER_KEY, user]);
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  return { context, page };
}

/** The contrast of an element's text colour with its ground (the first opaque background behind it). */
function textContrast(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const c = window.screenChecks;
      const bg = c.ground(el)!;
      return c.ratio(c.parse(getComputedStyle(el).color), bg);
    });
}

let delib: Promise<Deliberation> | null = null;
/** The deliberation of this file's session, published (built once, after the deposit's test). */
function deliberation(): Promise<Deliberation> {
  delib ??= deliberationReady({
    ville: VILLE,
    tag,
    nbLit: 40,
    nom: 'Sawadogo',
    managerTag: `ecrans.${tag}`,
    types: [
      {
        libelle: TYPE,
        coefficient: 2,
        obligatoire: false,
        criteres: [{ libelle: BURKINABE, note: 10, liste: 'NATIONAUX' }],
      },
    ],
    students: [ADMIS],
    quotas: [BURKINABE],
    publishSeed: `ecrans-${tag}`,
  }).then(async (made) => {
    records.set('admis', await record(ADMIS.ine, ADMIS.password!));
    records.set('dr', await record(made.manager.userName, made.manager.password));
    return made;
  });
  return delib;
}

beforeAll(async () => {
  // The session opened for deposits, and a student who deposits in the browser.
  depositor = await preparedStudent({
    tag,
    ville: VILLE,
    ine: ineOf(0),
    nomEtudiant: 'Zongo',
    prenomEtudiant: 'Aminata',
    types: [
      {
        libelle: `Situation écrans ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Non orphelin écrans ${tag}`,
        note: 0,
        proof: false,
      },
    ],
  });
  records.set('deposant', await record(depositor.ine, depositor.password));
  records.set('admin', await record('admin', e2eServer().adminPassword));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('screens as a person sees them', () => {
  it('shows the text of a link drawn as a button (after a deposit), and a toast inside a phone screen', async () => {
    const { context, page } = await pageAs('deposant', PHONE);
    try {
      await page.goto('/depot');
      await page.getByRole('heading', { name: messages.depotTitre }).waitFor();
      // The heading shows while the form still loads: its fields are there once the identity card is.
      await page.getByTestId('identite').waitFor();
      // Every live type (other files' included) gets its first criterion, every proof a PDF.
      for (const select of await page.locator('select').all())
        if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      const pdf = await pdfFile(`ecrans-${tag}.pdf`, 'Justificatif');
      for (const input of await page.locator('input[type="file"]').all()) await input.setInputFiles(pdf);
      await page.getByRole('button', { name: messages.deposer }).click();
      const receipt = page.getByTestId('recu');
      await receipt.waitFor();

      const link = receipt.getByRole('link', { name: messages.allerTableauDeBord });
      const look = async () =>
        link.evaluate((el) => {
          const c = window.screenChecks;
          const s = getComputedStyle(el);
          return {
            contrast: c.ratio(c.parse(s.color), c.ground(el)!),
            color: s.color,
            background: s.backgroundColor,
            underline: s.textDecorationLine,
          };
        });
      const light = await look();
      expect(light.color, JSON.stringify(light)).not.toBe(light.background);
      expect(light.contrast, JSON.stringify(light)).toBeGreaterThanOrEqual(4.5);
      expect(light.underline).toBe('none');
      // The same in the dark variant (switched at run time, as the settings' panel does).
      await link.evaluate(async (el) => {
        document.documentElement.setAttribute('data-variant', 'dark');
        // The button's colours change through a transition: measured once it has ended.
        void getComputedStyle(el).backgroundColor;
        await Promise.all(el.getAnimations().map((a) => a.finished));
      });
      const dark = await look();
      expect(dark.contrast, JSON.stringify(dark)).toBeGreaterThanOrEqual(4.5);
      await page.evaluate(() => document.documentElement.setAttribute('data-variant', 'accent'));

      // The receipt is the deposit's confirmation: no toast over it, the top bar where it was.
      expect(await page.locator('.p-toast-message').count()).toBe(0);
      expect(await page.locator('.topbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);

      // On the dashboard, the student deletes the dossier: the toast widget (downloaded by now)
      // shows inside the screen too.
      await link.click();
      await page.getByRole('button', { name: messages.supprimer }).first().click();
      await page
        .getByTestId('confirmation')
        .getByRole('button', { name: messages.supprimerLeDossier })
        .click();
      const deleted = page.locator('.p-toast-message', { hasText: messages.dossierSupprime }).first();
      await deleted.waitFor();
      await expectInViewport(page, deleted, 'le message de la suppression');
      expect(await page.locator('.topbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows the admitted student its result and offer in the dark variant, and the settings menu its active entry', async () => {
    await deliberation();
    for (const size of [PHONE, DESKTOP]) {
      const { context, page } = await pageAs('admis', size, 'dark');
      try {
        await page.goto('/tableau-de-bord');
        const result = page.getByTestId('resultat-dossier');
        await result.getByTestId('offre').waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.variant)).toBe('dark');
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        const issues = await result.evaluate((el) => window.screenChecks.contrastIssues(el));
        expect(issues, `${size.width}px : ${issues.join('\n')}`).toEqual([]);
        // Every card of the page on the dark ground: none keeps a light background.
        const light = await page.evaluate(() =>
          [...document.querySelectorAll('.card, .result-card, .offer-card, .dash-card, .resource-screen')]
            .map((el) => getComputedStyle(el).backgroundColor)
            .filter((bg) => {
              const [r, g, b] = window.screenChecks.parse(bg);
              return r + g + b > 3 * 160;
            }),
        );
        expect(light).toEqual([]);
      } finally {
        await context.close();
      }
    }

    const { context, page } = await pageAs('admin', DESKTOP, 'dark');
    try {
      await page.goto('/parametre/cite');
      await page.locator('.settings-group a.active').waitFor();
      expect(await textContrast(page, '.settings-group a.active')).toBeGreaterThanOrEqual(4.5);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('breaks no label inside a word on a phone', async () => {
    const made = await deliberation();
    const problems: string[] = [];
    const check = async (page: Page, what: string) => {
      const words = await page.evaluate(() => window.screenChecks.brokenWords(document.body));
      problems.push(...words.map((w) => `${what} : ${w}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(
        PHONE.width,
      );
    };

    const student = await pageAs('admis', PHONE);
    try {
      const { page } = student;
      await page.goto('/tableau-de-bord');
      await page.getByTestId('offre').waitFor();
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      await page.getByTestId('detail-total').waitFor();
      await check(page, 'tableau de bord étudiant');
      await page.goto(`/consult-dossier/${ADMIS.idDossier}`);
      await page.getByRole('cell', { name: BURKINABE }).first().waitFor();
      await check(page, 'dossier consulté par l’étudiant');
    } finally {
      await student.context.close();
    }

    const manager = await pageAs('dr', PHONE);
    try {
      const { page } = manager;
      await page.goto('/tableau-de-bord');
      await page.getByTestId('tableau-chiffres').waitFor();
      await check(page, 'tableau de bord du gestionnaire');
      await page.goto(`/consult-dossier-etudiant/${ADMIS.idDossier}/${ADMIS.ine}`);
      await page.getByTestId('criteres').waitFor();
      await check(page, 'dossier consulté par le gestionnaire');
    } finally {
      await manager.context.close();
    }
    expect(made.idSession).toBeGreaterThan(0);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 180_000);

  // The regional manager after a publication is walked on the demo's data (screens-demo.test.ts,
  // Koudougou's manager, every route of its role; decision 111).
  it('after the publication, every screen of the admitted student (its offer pending) passes the screen checks', async () => {
    const made = await deliberation();
    const [dossier] = await okAs<{ idDossier: number }[]>(
      made.token,
      'GET',
      `campus/dossier/etudiant/${encodeURIComponent(ADMIS.ine)}`,
    );
    const concrete = (p: string) =>
      p
        .replace(':idDossier', String(dossier.idDossier))
        .replace(':ine', encodeURIComponent(ADMIS.ine))
        .replace(':code', 'CODE-INCONNU');
    const problems: string[] = [];
    for (const [who, role] of [['admis', ETUDIANT]] as const) {
      // The pages whose content the publication changes (the others are the same as in screens.test.ts).
      const paths = routesFor(viewerOf({ roles: [role] }))
        .map((r) => concrete(r.path))
        .filter((p) => !STATIC_PAGES.some((s) => p === s || p.startsWith(`${s}/`)));
      const { context, page, inflight } = await accountPage(
        browser,
        e2eServer().baseURL,
        JSON.parse(records.get(who)!) as Record<string, unknown>,
      );
      try {
        await walk(page, inflight, paths, async (p, seen) => {
          problems.push(
            ...(await screenProblems(p, `${who} ${seen.path} [${seen.state}] ${seen.variant.name}`, seen)),
          );
        });
      } finally {
        await context.close();
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);

  it('shows the confirmation of an accepted place on a scrolled phone page, over the page', async () => {
    await deliberation();
    const { context, page } = await pageAs('admis', PHONE);
    try {
      await page.goto('/tableau-de-bord');
      const accept = page.getByTestId('offre').getByRole('button', { name: messages.accepterPlace });
      await accept.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await accept.click();
      await page
        .getByRole('alertdialog', { name: messages.accepterPlaceTitre })
        .getByRole('button', { name: messages.ouiAccepter })
        .click();
      const toast = page.locator('.p-toast-message', { hasText: messages.placeAcceptee }).first();
      await toast.waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expectInViewport(page, toast, 'la confirmation de la place acceptée');
      // Back at the top of the page, the top bar is where it was: the toast took no room.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.locator('.topbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      await expectInViewport(page, toast, 'la confirmation, en haut de la page');
    } finally {
      await context.close();
    }
  }, 120_000);
});

/** Pages the publication leaves as they were: walked once, by screens.test.ts. */
const STATIC_PAGES = [
  '/',
  '/deconnexion',
  '/faq',
  '/documents',
  '/attestation',
  '/recu',
  '/profil',
  '/registre',
];

/** The element's box lies inside the window, under the top bar (whose buttons stay usable). */
async function expectInViewport(page: Page, el: ReturnType<Page['locator']>, what: string) {
  const box = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const bar = document.querySelector('.topbar')!.getBoundingClientRect();
    return {
      top: r.top,
      left: r.left,
      right: r.right,
      bottom: r.bottom,
      bar: bar.bottom,
      w: innerWidth,
      h: innerHeight,
    };
  });
  expect(box.left, `${what} : ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${what} : ${JSON.stringify(box)}`).toBeLessThanOrEqual(box.w);
  expect(box.top, `${what} : ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(box.bar);
  expect(box.bottom, `${what} : ${JSON.stringify(box)}`).toBeLessThanOrEqual(box.h);
  // Readable over whatever page lies under it.
  const issues = await el.evaluate((e) => window.screenChecks.contrastIssues(e));
  expect(issues, `${what} : ${issues.join('\n')}`).toEqual([]);
}
