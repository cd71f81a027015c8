import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { statisticsMessages } from '../../src/domain/messages-statistics';
import { fieldLabel } from '../../src/domain/resources/labels';
import { launchBrowser, newPage, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { tableFit } from '../helpers/screens';
import { DIRECTIONS_BY_FILE, pdfFile, preparedStudent, staffAccount, type Prepared } from './staff-fixtures';

// Issue 34 in a real Chromium (docs/decisions/040-staff-tables-and-roles.md): the header names the
// direction an account belongs to, « Toutes les directions » for the admin and the central manager;
// after a deposit on a phone the receipt's title and number are on the screen, the number focused,
// clear of the top bar, with no toast over them (decision 047); the staff's deposit tables fit a 1366 px screen with their working columns, the
// direction's column only where the list holds several, and the Actions column over no other. On a
// phone (360 px), where the header row and its filters give way to cards, a button above the table
// opens the same filters (decision 142): a filter set there narrows the list, fits the screen, and is
// the header's filter once the screen is wide. The statistics' tables wider than a phone say that
// they scroll sideways, and shade the edge the columns lie beyond; the session select's list fits
// the phone, its long options on several lines, and opening it does not widen the page.

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 800 };
const tag = Date.now().toString(36).slice(-5);

let browser: Browser;
let student: Prepared;
let regional: { userName: string; password: string };
let central: { userName: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  student = await preparedStudent({
    tag,
    ville: DIRECTIONS_BY_FILE['staff-tables.test.ts'],
    ine: `TB${String(Date.now()).slice(-10)}`,
    nomEtudiant: 'Kaboré',
    prenomEtudiant: 'Rasmata',
    types: [
      {
        libelle: `Situation tables ${tag}`,
        coefficient: 1,
        obligatoire: true,
        critere: `Orphelin tables ${tag}`,
        note: 2,
        proof: true,
      },
    ],
  });
  regional = await staffAccount(
    student.token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
    student.idDirection,
    `tb${tag}`,
  );
  central = await staffAccount(
    student.token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
    student.idDirection,
    `tb${tag}`,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** A page signed in (at the desktop's width, where the header shows the name), then at `size`. */
async function pageAt(
  size: { width: number; height: number },
  username: string,
  password: string,
  path = '/',
) {
  const opened = await newPage(browser);
  await opened.page.setViewportSize(DESKTOP);
  await signInStored(opened.page, username, password);
  await opened.page.setViewportSize(size);
  if (path !== '/') await opened.page.goto(path);
  return opened;
}

type Box = { left: number; right: number; top: number; bottom: number };
const box = (l: Locator): Promise<Box> =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });

describe('after a deposit on a phone', () => {
  it('shows the receipt: its title and number on the screen, focused, under no bar nor toast', async () => {
    const { context, page } = await pageAt(PHONE, student.ine, student.password, '/depot');
    try {
      await page.getByTestId('identite').waitFor();
      for (const select of await page.locator('select').all())
        if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
      const pdf = await pdfFile(`tables-${tag}.pdf`, 'Justificatif');
      for (const input of await page.locator('input[type="file"]').all()) await input.setInputFiles(pdf);
      // The long form is scrolled down to its button, as a student on a phone does.
      const deposer = page.getByRole('button', { name: messages.deposer });
      await deposer.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await deposer.click();

      const number = page.getByTestId('reference-dossier');
      await number.waitFor();
      // The focus is on the receipt's number, named by the page's title (a screen reader reads
      // « Votre dossier est déposé » and the number first).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('numero-recu');
      await page.getByRole('group', { name: messages.recuTitre }).waitFor();
      const bar = await box(page.locator('.topbar'));
      const title = page.getByRole('heading', { name: messages.recuTitre });
      for (const [what, shown] of [
        ['the number', await box(number)],
        ['the title', await box(title)],
      ] as const) {
        expect(shown.top, `${what} under the top bar`).toBeGreaterThanOrEqual(bar.bottom);
        expect(shown.bottom, `${what} inside the screen`).toBeLessThanOrEqual(PHONE.height);
      }
      // The receipt is the deposit's confirmation: no toast over it (one covered the title on a phone).
      expect(await page.locator('.p-toast-message').count(), 'no toast over the receipt').toBe(0);
      // What is shown there is the number itself, whole.
      expect((await number.textContent())!.trim()).toMatch(/^[A-Z0-9]+-\d{4}-\d{6,}$/);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('the header names the direction an account belongs to', () => {
  const cases = () => [
    {
      who: 'admin',
      username: 'admin',
      password: e2eServer().adminPassword,
      label: messages.toutesLesDirections,
    },
    { who: 'central', ...central, username: central.userName, label: messages.toutesLesDirections },
    { who: 'regional', ...regional, username: regional.userName, label: student.libelleDirection },
    { who: 'student', username: student.ine, password: student.password, label: student.libelleDirection },
  ];
  it('« Toutes les directions » for the admin and the central manager, its own for the others', async () => {
    for (const c of cases()) {
      for (const size of [DESKTOP, PHONE]) {
        const { context, page } = await pageAt(size, c.username, c.password);
        try {
          const label = page.getByTestId('direction-utilisateur');
          await label.waitFor({ state: 'attached' });
          expect(await label.textContent(), `${c.who} at ${size.width}`).toBe(c.label);
        } finally {
          await context.close();
        }
      }
    }
  }, 240_000);
});

describe('the staff deposit tables at 1366 px', () => {
  it('a regional manager: the working columns fit, no direction column, Actions over none', async () => {
    const { context, page } = await pageAt(DESKTOP, regional.userName, regional.password, '/depot-general');
    try {
      const general = await tableFit(page);
      expect(general.scroll, JSON.stringify(general)).toBeLessThanOrEqual(general.frame);
      expect(general.headers).not.toContain(fieldLabel('libelleDirection'));
      expect(general.headers).toEqual(
        expect.arrayContaining([
          messages.colonneReferenceDossier,
          fieldLabel('ine'),
          messages.colonneMoyenne,
        ]),
      );
      expect(general.frozen).toBe(false);
      expect(general.covered).toBe(false);

      await page.goto('/depot-direction');
      await page.locator('.p-dropdown:has(#depot-phase)').click();
      await page.getByRole('option', { name: 'Inscription', exact: true }).click();
      await page.getByRole('button', { name: messages.afficher }).click();
      const direction = await tableFit(page);
      expect(direction.scroll, JSON.stringify(direction)).toBeLessThanOrEqual(direction.frame);
      expect(direction.headers).not.toContain(fieldLabel('libelleDirection'));
      expect(direction.covered).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('the central manager: the direction column on /depot-general, still fitting', async () => {
    const { context, page } = await pageAt(DESKTOP, central.userName, central.password, '/depot-general');
    try {
      const general = await tableFit(page);
      expect(general.headers).toContain(fieldLabel('libelleDirection'));
      expect(general.scroll, JSON.stringify(general)).toBeLessThanOrEqual(general.frame);
      expect(general.covered).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('the staff tables on a phone', () => {
  it('a manager filters from the panel above the cards; the same filter in the header at 1366 px', async () => {
    const { context, page } = await pageAt(PHONE, regional.userName, regional.password, '/depot-general');
    try {
      const table = page.locator('.resource-table').first();
      await table.locator('tbody tr').first().waitFor();
      // The header row (and its filters) is hidden on a phone: the button says what opens them.
      expect(await table.locator('thead').isVisible()).toBe(false);
      const open = page.getByRole('button', { name: messages.filtresTableau });
      expect(await open.isVisible(), 'the filters button on a phone').toBe(true);
      expect(await open.getAttribute('aria-expanded')).toBe('false');
      await open.click();
      expect(await open.getAttribute('aria-expanded')).toBe('true');
      const ine = fieldLabel('ine');
      // A visible label per column, the control named as the header's is.
      const filter = page.getByRole('textbox', { name: fill(messages.filtrerColonne, { colonne: ine }) });
      expect(await filter.count(), 'the INE filter, once (the header row is hidden)').toBe(1);
      await filter.fill(student.ine);
      await expect
        .poll(async () => (await table.locator('tbody tr').allTextContents()).join('|'))
        .toMatch(new RegExp(`^[^|]*${student.ine}[^|]*$`));
      expect(
        await page.getByRole('button', { name: fill(messages.filtresTableauActifs, { n: 1 }) }).count(),
      ).toBe(1);
      // The page, its panel open, stays the phone's width.
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `page width, ${theme}`,
        ).toBeLessThanOrEqual(PHONE.width);
      }

      // The same list's state on a wide screen: the header's filter holds the phone's, the button is gone.
      await page.setViewportSize(DESKTOP);
      const header = table.locator('thead').getByLabel(fill(messages.filtrerColonne, { colonne: ine }));
      expect(await header.inputValue()).toBe(student.ine);
      expect(await page.getByTestId('filtres-telephone').isVisible()).toBe(false);
      const wide = await tableFit(page);
      expect(wide.scroll, JSON.stringify(wide)).toBeLessThanOrEqual(wide.frame);

      // Cleared from the panel, on the phone again: every row back, the button without a count.
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: messages.effacerFiltres }).click();
      await page.getByRole('button', { name: messages.filtresTableau }).waitFor();
      expect(await header.inputValue()).toBe('');
    } finally {
      await context.close();
    }
  }, 180_000);
});

/** The page's width (`scrollWidth` of the document), to compare with the screen's. */
const pageWidth = (page: import('playwright-core').Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

describe('the statistics tables on a phone', () => {
  it('a table wider than the phone says it scrolls and shades its edge until its last column', async () => {
    const { context, page } = await pageAt(PHONE, regional.userName, regional.password, '/statistiques');
    try {
      const heat = page.getByTestId('tableau-occupation');
      await heat.locator('tbody tr').first().waitFor();
      const frame = page.locator('.table-scroll-frame').filter({ has: heat });
      const box = frame.locator('.table-scroll');
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        expect(await pageWidth(page), `page width, ${theme}`).toBeLessThanOrEqual(PHONE.width);
      }
      // Twelve months and more: wider than the phone, and said so above the table.
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const hint = frame.getByTestId('tableau-defiler');
      expect(await hint.isVisible()).toBe(true);
      expect(await hint.textContent()).toContain(messages.tableauDefiler);
      const edge = frame.locator('.table-scroll-edge');
      expect(await edge.getAttribute('class')).toContain('is-cut');
      // Scrolled to its last column, the shade goes; back to the first, it returns.
      await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => edge.getAttribute('class')).not.toContain('is-cut');
      await box.evaluate((el) => el.scrollTo({ left: 0 }));
      await expect.poll(() => edge.getAttribute('class')).toContain('is-cut');

      // At 1366 px a table that fits says nothing.
      await page.setViewportSize(DESKTOP);
      const requests = page
        .locator('.table-scroll-frame')
        .filter({ has: page.getByTestId('tableau-demandes') });
      await expect
        .poll(() => requests.locator('.table-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth))
        .toBe(true);
      expect(await requests.getByTestId('tableau-defiler').count()).toBe(0);
      expect(await page.getByRole('heading', { name: statisticsMessages.titre }).count()).toBe(1);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('the session select on a phone', () => {
  it('its list fits the phone, every option whole, and the page does not widen', async () => {
    const { context, page } = await pageAt(PHONE, regional.userName, regional.password, '/liste-admissible');
    try {
      const select = page.locator('.p-dropdown:has(#admis-session)');
      await select.locator('.p-dropdown-label:not(.p-placeholder)').waitFor();
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await select.click();
          const panel = page.locator('.p-dropdown-panel');
          await panel.locator('.p-dropdown-item').first().waitFor();
          const seen = await panel.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const items = [...el.querySelectorAll<HTMLElement>('.p-dropdown-item')];
            return {
              left: r.left,
              right: r.right,
              cut: items.filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => i.textContent),
            };
          });
          const where = `${size.width} px, ${theme}`;
          expect(seen.left, where).toBeGreaterThanOrEqual(0);
          expect(seen.right, where).toBeLessThanOrEqual(size.width);
          expect(seen.cut, where).toEqual([]);
          expect(await pageWidth(page), where).toBeLessThanOrEqual(size.width);
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'detached' });
        }
      }
    } finally {
      await context.close();
    }
  }, 180_000);
});
