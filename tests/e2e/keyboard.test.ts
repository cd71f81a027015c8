import path from 'node:path';
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { roundScore } from '../../src/domain/score';
import { fill } from '../../src/web/lib/format';
import { apiCall, launchBrowser, newPage } from '../helpers/browser';
import { passwordOf, readMailDir } from '../helpers/mail';
import {
  DIRECTIONS_BY_FILE,
  depositedDossier,
  movedSession,
  pdfFile,
  preparedStudent,
  staffAccount,
  type Made,
  type Prepared,
} from './staff-fixtures';
import { e2eServer } from '../helpers/e2e';

// Keyboard only (issue 13 item 3): no mouse click, no click() or fill() on an element; each page
// is opened by its address, then `page.keyboard` alone: Tab and Shift+Tab walk the focus (each
// control reached shows a visible focus), the keyboard types, Enter submits, Space ticks a box and
// opens the PDF picker (the file chooser event), ArrowDown chooses in a native <select>, Escape
// closes a dialog.
//
// - A student of Ziniaré's direction (in the registry only) registers, signs in and deposits a
//   complete dossier with a PDF proof at phone width, and sees the receipt.
// - A regional manager of Dédougou's direction (session in ANALYSE) finds a dossier by INE on
//   /analyse, analyses every criterion in the dialog and sees the new status and score.
// - Dialogs (analysis, the settings dialog, the registry import, the publication's confirmation):
//   the focus goes inside when one opens, Tab and Shift+Tab stay inside, Escape or Quitter closes
//   it, and the focus comes back to the control that opened it.
// - Errors: each field refused carries aria-invalid="true" and aria-describedby naming its visible
//   French message, which is announced (role="alert" or inside an aria-live region).

const PHONE = { width: 360, height: 740 };
const tag = Date.now().toString(36).slice(-5);
const STUDENT_INE = `K${String(Date.now()).slice(-11)}`;
const ANALYSED_INE = `KA${String(Date.now()).slice(-10)}`;
const PROOF_TYPE = `Bourse clavier ${tag}`;
const PROOF_CRITERE = `Boursier clavier ${tag}`;
const ORPHELIN = `Orphelin clavier ${tag}`;
const HANDICAP = `Handicap clavier ${tag}`;
const EMAIL = `clavier.${tag}@exemple.bf`;

let browser: Browser;
let student: Prepared;
let analysed: Made;
let manager: { userName: string; password: string };
let pdf = '';

interface Focus {
  id: string;
  tag: string;
  type: string;
  text: string;
  value: string;
  inDialog: boolean;
  /** In the page's content (not the top bar or the menu). */
  inMain: boolean;
  visibleOutline: boolean;
}

/** What has the focus: its id, tag, type, accessible text, value, whether it is in a dialog. */
function focused(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const style = el ? getComputedStyle(el) : null;
    return {
      id: el?.id ?? '',
      tag: el?.tagName.toLowerCase() ?? '',
      type: (el as HTMLInputElement | null)?.type ?? '',
      text: (el?.getAttribute('aria-label') || el?.innerText || '').trim(),
      value: (el as HTMLInputElement | null)?.value ?? '',
      inDialog: Boolean(el?.closest('dialog[open], .p-dialog[role="dialog"]')),
      inMain: Boolean(el?.closest('main')),
      visibleOutline: style ? style.outlineStyle !== 'none' || style.boxShadow !== 'none' : false,
    };
  });
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches; answers the path taken. */
async function tabTo(
  page: Page,
  match: (f: Focus) => boolean,
  what: string,
  opts: { max?: number; back?: boolean } = {},
): Promise<string[]> {
  const trail: string[] = [];
  for (let i = 0; i < (opts.max ?? 40); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    trail.push(f.id || f.text || f.tag);
    if (match(f)) {
      expect(f.visibleOutline, `${what}: no visible focus`).toBe(true);
      return trail;
    }
  }
  throw new Error(`${what} never reached by ${opts.back ? 'Shift+Tab' : 'Tab'}: ${trail.join(' → ')}`);
}

const byId = (id: string) => (f: Focus) => f.id === id;
/** A button of the page's content or of a dialog (not the menu's entry of the same name). */
const button = (text: string) => (f: Focus) =>
  f.tag === 'button' && f.text === text && (f.inMain || f.inDialog);

/**
 * Every field marked invalid under `scope` names, by aria-describedby, a visible message that is
 * announced (role="alert", or inside an aria-live region); every visible field error under `scope`
 * is named so by an invalid field. Answers the fields' ids and their messages.
 */
async function linkedErrors(page: Page, scope: string): Promise<Record<string, string>> {
  const found = await page.evaluate((scope) => {
    const root = document.querySelector(scope);
    if (!root) return { fields: {}, problems: [`${scope}: not on the page`] };
    const problems: string[] = [];
    const fields: Record<string, string> = {};
    const named = new Set<string>();
    for (const field of root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
      const name = field.id || field.getAttribute('name') || field.outerHTML.slice(0, 60);
      const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const texts = ids
        .map((id) => document.getElementById(id))
        .filter((e): e is HTMLElement => e !== null && e.getClientRects().length > 0)
        .filter((e) => e.closest('[role="alert"], [aria-live]:not([aria-live="off"])') !== null)
        .map((e) => {
          named.add(e.id);
          return (e.textContent ?? '').trim();
        })
        .filter(Boolean);
      if (texts.length === 0) problems.push(`${name}: aria-invalid without an announced message`);
      fields[name] = texts.join(' ');
    }
    for (const error of root.querySelectorAll<HTMLElement>('.field-error')) {
      if (error.getClientRects().length === 0) continue;
      if (!error.id || !named.has(error.id))
        problems.push(`'${error.textContent}': no invalid field names it (aria-describedby)`);
    }
    return { fields, problems };
  }, scope);
  expect(found.problems, found.problems.join('\n')).toEqual([]);
  return found.fields;
}

/** The number of controls Tab reaches inside the open dialog. */
function tabbablesInDialog(page: Page): Promise<number> {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('dialog[open], .p-dialog[role="dialog"]')];
    const top = dialogs[dialogs.length - 1];
    if (!top) return 0;
    return [
      ...top.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
    ].filter(
      (e) =>
        e.tabIndex >= 0 &&
        !(e as HTMLButtonElement).disabled &&
        e.getClientRects().length > 0 &&
        !e.matches('[data-p-hidden-focusable="true"]'),
    ).length;
  });
}

/**
 * A dialog just opened: the focus is inside it; then Tab, and Shift+Tab, each pressed more times
 * than it has controls, never leave it.
 */
async function expectFocusTrapped(page: Page, what: string): Promise<void> {
  await expect
    .poll(async () => (await focused(page)).inDialog, { message: `${what}: focus moved inside` })
    .toBe(true);
  const n = await tabbablesInDialog(page);
  expect(n, `${what}: controls inside`).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    const trail: string[] = [];
    for (let i = 0; i < n + 2; i++) {
      await page.keyboard.press(key);
      const f = await focused(page);
      trail.push(f.id || f.text || f.tag);
      expect(f.inDialog, `${what}: ${key} left the dialog: ${trail.join(' → ')}`).toBe(true);
    }
  }
}

/** After a dialog closed: no dialog is left, and the focus is back on the control that opened it. */
async function expectFocusBack(page: Page, opener: string, what: string): Promise<void> {
  await page.locator('dialog[open], .p-dialog[role="dialog"]').first().waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await focused(page)).text, { message: `${what}: focus back on the opener` })
    .toBe(opener);
}

/**
 * The keys that type an ISO date into a date input: its segments follow the browser's own
 * language (jj/mm/aaaa, or mm/dd/yyyy in a headless Chromium whatever the page's locale), so a
 * throwaway date input is typed into first to learn their order.
 */
async function dateKeys(page: Page, iso: string): Promise<string> {
  const [y, m, d] = iso.split('-');
  const orders = [`${d}${m}${y}`, `${m}${d}${y}`, `${y}${m}${d}`];
  const probe = async (keys: string) => {
    const back = await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'date';
      input.id = 'sonde-date';
      input.setAttribute('aria-hidden', 'true');
      document.body.append(input);
      const before = document.activeElement as HTMLElement | null;
      input.focus();
      return before?.id ?? '';
    });
    await page.keyboard.type(keys);
    return page.evaluate((back) => {
      const input = document.getElementById('sonde-date') as HTMLInputElement;
      const value = input.value;
      input.remove();
      if (back) document.getElementById(back)?.focus();
      return value;
    }, back);
  };
  for (const [i, keys] of ['02012000', '01022000', '20000102'].entries())
    if ((await probe(keys)) === '2000-01-02') return orders[i];
  throw new Error('the date input takes none of the known orders');
}

/** Signs in on /connexion by the keyboard alone (Tab, typing, Enter), then waits for the shell. */
async function keyboardSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/connexion');
  await page.locator('#username').waitFor();
  await tabTo(page, byId('username'), messages.champIdentifiant);
  await page.keyboard.type(username);
  await tabTo(page, byId('password'), messages.champMotDePasse, { max: 3 });
  await page.keyboard.type(password);
  await tabTo(page, button(messages.seConnecter), messages.seConnecter, { max: 4 });
  await page.keyboard.press('Enter');
  // Wherever the role lands (docs/roles.md#after-sign-in).
  await page.waitForURL((url) => url.pathname !== '/connexion');
  await page.getByTestId('nom-utilisateur').waitFor({ state: 'attached' });
}

async function mailTo(address: string) {
  const dir = path.join(e2eServer().dataDir, 'mail');
  await expect.poll(() => readMailDir(dir).some((m) => m.to.includes(address))).toBe(true);
  return readMailDir(dir).find((m) => m.to.includes(address))!;
}

/** The score the server is to store (docs/score.md), from the live coefficients and notes. */
async function expectedScore(values: Record<number, string>): Promise<string> {
  const token = analysed.token;
  const types = await apiCall<{ idTypeCritere: number; coefficient: number }[]>(
    'GET',
    'campus/type-critere',
    {
      token,
    },
  );
  const criteres = await apiCall<{ idCritere: number; note: number }[]>('GET', 'campus/critere', { token });
  const detail = await apiCall<{
    listeDossierCritere: { idDossierCritere: number; idTypeCritere: number; idCritere: number }[];
  }>('GET', `campus/dossier/depot?ineEtudiant=${ANALYSED_INE}&idDossier=${analysed.idDossier}`, { token });
  const coef = new Map(types.body.map((t) => [t.idTypeCritere, t.coefficient]));
  const note = new Map(criteres.body.map((c) => [c.idCritere, c.note]));
  const divisor = types.body.reduce((s, t) => s + t.coefficient, 0);
  const sum = detail.body.listeDossierCritere
    .filter((e) => values[e.idDossierCritere] === 'VALIDE')
    .reduce((s, e) => s + (coef.get(e.idTypeCritere) ?? 0) * (note.get(e.idCritere) ?? 0), 0);
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roundScore(divisor === 0 ? 0 : sum / divisor),
  );
}

beforeAll(async () => {
  // Ziniaré: the open session in INSCRIPTION, one optional type whose criterion needs a proof, a
  // student in the registry only (it registers itself below).
  student = await preparedStudent({
    tag,
    ville: DIRECTIONS_BY_FILE['keyboard.test.ts'],
    ine: STUDENT_INE,
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Rasmané',
    register: false,
    types: [
      {
        libelle: PROOF_TYPE,
        coefficient: 1,
        obligatoire: false,
        critere: PROOF_CRITERE,
        note: 2,
        proof: true,
      },
    ],
  });
  // Dédougou: a deposited dossier, the session moved to ANALYSE, a regional manager.
  analysed = await depositedDossier({
    tag,
    ville: DIRECTIONS_BY_FILE['keyboard.test.ts#analyse'],
    ine: ANALYSED_INE,
    nomEtudiant: 'Zongo',
    prenomEtudiant: 'Awa',
    phase: 'ANALYSE',
    types: [
      {
        libelle: `Orphelin ${tag}`,
        coefficient: 3,
        obligatoire: false,
        critere: ORPHELIN,
        note: 4,
        proof: true,
      },
      {
        libelle: `Handicap ${tag}`,
        coefficient: 2,
        obligatoire: false,
        critere: HANDICAP,
        note: 5,
        proof: true,
      },
    ],
  });
  manager = await staffAccount(
    analysed.token,
    'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
    analysed.idDirection,
    `kb${tag}`,
  );
  browser = await launchBrowser();
  pdf = await pdfFile(`clavier-${tag}.pdf`, 'Justificatif clavier');
});

afterAll(async () => {
  await browser?.close();
});

describe('keyboard only', () => {
  it('registers, signs in and deposits a complete dossier with a PDF proof at phone width, errors tied to their fields', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize(PHONE);
    try {
      // Registration, step 1: each field reached in order; nothing typed: both refused, announced.
      await page.goto('/inscription');
      // The route's HTML shell paints the title before the page's code: the form is React's.
      await page.locator('#ine').waitFor();
      const fields = await page.evaluate(() =>
        [...document.querySelectorAll('main input, main select, main textarea')]
          .map((e) => e.id)
          .filter(Boolean),
      );
      expect(fields).toEqual(['ine', 'dateNaissance']);
      await tabTo(page, byId('ine'), 'INE');
      await tabTo(page, byId('dateNaissance'), 'date de naissance', { max: 3 });
      // The date input's day, month and year each take a Tab.
      await tabTo(page, button(messages.sInscrire), messages.sInscrire, { max: 6 });
      await page.keyboard.press('Enter');
      await page.locator('#ine[aria-invalid="true"]').waitFor();
      expect(await linkedErrors(page, 'main form')).toEqual({
        ine: messages.champObligatoire,
        dateNaissance: messages.champObligatoire,
      });

      // The INE and the birth date typed (the date input's own segments: jj/mm/aaaa), then Enter.
      await tabTo(page, byId('ine'), 'INE', { back: true, max: 8 });
      await page.keyboard.type(STUDENT_INE);
      await tabTo(page, byId('dateNaissance'), 'date de naissance', { max: 3 });
      await page.keyboard.type(await dateKeys(page, student.dateNaissance));
      expect(await page.locator('#dateNaissance').inputValue()).toBe(student.dateNaissance);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: messages.creationCompte }).waitFor();
      // Step 2's form loads with its checks (docs/decisions/027-lean-student-app.md): tabbing
      // starts once its button is there, not while the page says 'Chargement…'.
      await page.getByRole('button', { name: messages.creerCompte }).waitFor();

      // Step 2: 'Créer mon compte' with nothing filled: every field and engagement refused, tied, announced.
      await tabTo(page, button(messages.creerCompte), messages.creerCompte, { max: 30 });
      await page.keyboard.press('Enter');
      await page.getByTestId('erreur-inscription').waitFor();
      const refused = await linkedErrors(page, 'main form');
      expect(Object.keys(refused)).toEqual(
        expect.arrayContaining([
          'emailEtudiant',
          'personnelBesoin',
          'contact',
          'engagementStatutReglement',
          'engagementPersonnelCaution',
          'declarationSurHonneur',
          'luApprouve',
        ]),
      );

      // Filled by typing, the boxes ticked by Space, then Enter on 'Créer mon compte'.
      await tabTo(page, byId('emailEtudiant'), 'e-mail', { back: true, max: 20 });
      await page.keyboard.type(EMAIL);
      await tabTo(page, byId('personnelBesoin'), 'personne à prévenir', { max: 3 });
      await page.keyboard.type('Kaboré Adama');
      await tabTo(page, byId('contact'), 'contact', { max: 3 });
      await page.keyboard.type('76 00 00 00');
      for (const box of [
        'engagementStatutReglement',
        'engagementPersonnelCaution',
        'declarationSurHonneur',
        'luApprouve',
      ]) {
        await tabTo(page, byId(box), box, { max: 4 });
        await page.keyboard.press('Space');
        expect(await page.locator(`#${box}`).isChecked()).toBe(true);
      }
      await tabTo(page, button(messages.creerCompte), messages.creerCompte, { max: 4 });
      await page.keyboard.press('Enter');
      await page.getByTestId('inscription-reussie').waitFor();
      const password = passwordOf(await mailTo(EMAIL));

      // Sign-in: nothing typed, both fields refused and tied to their message; the focus goes to
      // the first; then the INE, the password, Enter.
      await page.goto('/connexion');
      await page.locator('#username').waitFor();
      await tabTo(page, button(messages.seConnecter), messages.seConnecter, { max: 30 });
      await page.keyboard.press('Enter');
      await page.locator('#username[aria-invalid="true"]').waitFor();
      expect(await linkedErrors(page, 'main form')).toEqual({
        username: messages.champObligatoire,
        password: messages.champObligatoire,
      });
      expect((await focused(page)).id).toBe('username');
      await page.keyboard.type(STUDENT_INE);
      expect(await page.locator('#username').getAttribute('aria-invalid')).toBeNull();
      await tabTo(page, byId('password'), messages.champMotDePasse, { max: 3 });
      await page.keyboard.type(password);
      await tabTo(page, button(messages.seConnecter), messages.seConnecter, { max: 4 });
      await page.keyboard.press('Enter');
      // Wherever the role lands (docs/roles.md#after-sign-in).
      await page.waitForURL((url) => url.pathname !== '/connexion');
      await page.getByTestId('nom-utilisateur').waitFor({ state: 'attached' });

      // Own password: nothing typed, the three fields refused and tied to their message.
      await page.goto('/profil/mot-de-passe');
      await page.locator('#ancienMotDePasse').waitFor();
      await tabTo(page, button(messages.enregistrer), messages.enregistrer, { max: 30 });
      await page.keyboard.press('Enter');
      await page.locator('#ancienMotDePasse[aria-invalid="true"]').waitFor();
      expect(await linkedErrors(page, 'main form')).toEqual({
        ancienMotDePasse: messages.champObligatoire,
        nouveauMotDePasse: messages.champObligatoire,
        confirmation: messages.champObligatoire,
      });

      // The deposit. This run's criterion chosen by ArrowDown; 'Déposer' without its PDF: refused,
      // the picker tied to its missing proof's message, the focus on the first refusal.
      await page.goto('/depot');
      await page.getByRole('heading', { name: messages.depotTitre }).waitFor();
      const mine = `critere-${student.criteres[PROOF_CRITERE].idTypeCritere}`;
      await page.locator(`#${mine}`).waitFor();
      await tabTo(page, byId(mine), PROOF_TYPE, { max: 80 });
      await page.keyboard.press('ArrowDown');
      expect(await page.locator(`#${mine} option:checked`).textContent()).toBe(PROOF_CRITERE);
      const picker = `fichier-${student.criteres[PROOF_CRITERE].idTypeCritere}`;
      await page.locator(`#${picker}`).waitFor();
      await tabTo(page, button(messages.deposer), messages.deposer, { max: 80 });
      await page.keyboard.press('Enter');
      await page.getByTestId('erreur-depot').waitFor();
      const depotErrors = await linkedErrors(page, 'main form');
      expect(depotErrors[picker]).toBe(messages.fichierPdfAttendu);
      await expect.poll(async () => (await focused(page)).id).toBe(Object.keys(depotErrors)[0]);

      // From the first refusal on: every empty mandatory select takes its first criterion
      // (ArrowDown; other browser test files may have added mandatory types), every PDF picker
      // opens by Space and gets the file; then Enter on 'Déposer'.
      const choosers: { id: string | null; chooser: FileChooser }[] = [];
      page.on('filechooser', (chooser) => {
        void chooser
          .element()
          .getAttribute('id')
          .then((id) => choosers.push({ id, chooser }))
          .catch(() => undefined);
      });
      let f = await focused(page);
      for (let i = 0; i < 120 && !button(messages.deposer)(f); i++) {
        if (
          f.tag === 'select' &&
          f.value === '' &&
          (await page.locator(`#${f.id}`).getAttribute('required')) !== null
        ) {
          await page.keyboard.press('ArrowDown');
          expect(await page.locator(`#${f.id}`).inputValue()).not.toBe('');
        } else if (f.tag === 'input' && f.type === 'file') {
          const empty = await page
            .locator(`#${f.id}`)
            .evaluate((e: HTMLInputElement) => (e.files?.length ?? 0) === 0);
          if (empty) {
            // Space on the focused picker opens the chooser. Chromium now and then lets a key
            // pressed just after the page re-rendered (a select chosen above) pass without opening
            // it, and on a loaded machine the chooser may come late: every chooser of the page is
            // caught by one listener kept for the whole walk (a late one is never left to the
            // browser, where it would block the next), and Space is pressed once more only when
            // none came and the focus is still on the picker.
            const before = choosers.length;
            const id = f.id;
            await page.keyboard.press('Space');
            const mine = () => choosers.slice(before).find((c) => c.id === id);
            const came = () => mine() !== undefined;
            const deadline = Date.now() + 30_000;
            let again = Date.now() + 6_000;
            while (!came() && Date.now() < deadline) {
              await page.waitForTimeout(100);
              if (!came() && Date.now() > again) {
                expect((await focused(page)).id).toBe(id);
                await page.keyboard.press('Space');
                again = Number.POSITIVE_INFINITY;
              }
            }
            const chooser = mine()?.chooser ?? null;
            expect(chooser, `the chooser of #${id} opened by Space`).not.toBeNull();
            await chooser!.setFiles(pdf);
            await page.locator(`#${f.id}[aria-invalid="true"]`).waitFor({ state: 'detached' });
          }
        }
        await page.keyboard.press('Tab');
        f = await focused(page);
      }
      expect(button(messages.deposer)(f), 'Déposer reached').toBe(true);
      await page.keyboard.press('Enter');

      // The receipt.
      const receipt = page.getByTestId('recu');
      await receipt.waitFor();
      expect((await page.getByTestId('reference-dossier').textContent())!.trim()).toMatch(
        /^[A-Z0-9]+-\d{4}-\d{6,}$/,
      );
      // The receipt says the deposit is done (its title) and holds the focus: the keyboard goes on
      // from the number.
      await page.getByRole('heading', { name: messages.recuTitre }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('numero-recu');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    } finally {
      await context.close();
    }
  });

  it('analyses a dossier found by INE in the dialog, every criterion set by the keyboard; the focus stays in the dialog and comes back', async () => {
    const { context, page } = await newPage(browser);
    try {
      await keyboardSignIn(page, manager.userName, manager.password);
      await page.goto('/analyse');
      await page.getByTestId('direction-fixe').waitFor();

      // The INE search: empty, refused and tied; then typed, Enter.
      await tabTo(page, byId('analyse-ine'), messages.rechercheIne, { max: 60 });
      await page.keyboard.press('Enter');
      await page.locator('#analyse-ine[aria-invalid="true"]').waitFor();
      expect(await linkedErrors(page, 'form[role="search"]')).toEqual({
        'analyse-ine': messages.champObligatoire,
      });
      await page.keyboard.type(ANALYSED_INE);
      await page.keyboard.press('Enter');
      const table = page.locator('.resource-table').getByRole('table');
      const row = table.locator('tbody tr', { hasText: ANALYSED_INE });
      await row.waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

      // Enter on the row's 'Analyser' opens the dialog; the focus goes inside and stays there.
      const opener = fill(messages.analyserDossierDe, { nom: 'Zongo Awa' });
      await tabTo(page, button(opener), opener, { max: 80 });
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('dialogue-analyse');
      await dialog.getByRole('cell', { name: ORPHELIN, exact: true }).waitFor();
      await expectFocusTrapped(page, 'analyse');

      // 'Enregistrer' with no value: every select refused, tied to the form's message.
      await tabTo(page, button(messages.enregistrer), messages.enregistrer, { max: 40 });
      await page.keyboard.press('Enter');
      await dialog.getByTestId('erreur-analyse').waitFor();
      const refused = await linkedErrors(page, 'dialog[open]');
      const selects = await dialog.locator('select').evaluateAll((all) => all.map((s) => s.id));
      expect(Object.keys(refused).sort()).toEqual([...selects].sort());
      for (const id of selects) expect(refused[id]).toBe(messages.analyserTousCriteres);

      // Each select by ArrowDown: VALIDE (the first value), the disability INVALIDE (the second).
      const handicap = await dialog
        .getByLabel(fill(messages.analyseCritere, { critere: HANDICAP }))
        .getAttribute('id');
      for (const id of selects) {
        await tabTo(page, byId(id), id, { max: 40 });
        await page.keyboard.press('ArrowDown');
        if (id === handicap) await page.keyboard.press('ArrowDown');
      }
      const values: Record<number, string> = {};
      for (const id of selects)
        values[Number(id.replace('analyse-', ''))] = await dialog.locator(`#${id}`).inputValue();
      expect(Object.values(values).filter((v) => v === 'VALIDE')).toHaveLength(selects.length - 1);
      expect(values[Number(handicap!.replace('analyse-', ''))]).toBe('INVALIDE');

      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes('analyse-dossier'),
      );
      await tabTo(page, button(messages.enregistrer), messages.enregistrer, { max: 40 });
      await page.keyboard.press('Enter');
      expect((await saved).status()).toBe(200);
      const score = await expectedScore(values);
      const done = dialog.getByTestId('analyse-reussie');
      await done.waitFor();
      expect(await done.textContent()).toContain(
        fill(messages.analyseResultat, { statut: enumLabel('statutDossier', 'ANALYSE'), moyenne: score }),
      );

      // Escape closes it; the focus is back on the row's 'Analyser'; the list shows status and score.
      await page.keyboard.press('Escape');
      await expectFocusBack(page, opener, 'analyse');
      await expect.poll(() => row.textContent()).toContain(enumLabel('statutDossier', 'ANALYSE'));
      expect(await row.textContent()).toContain(score);
    } finally {
      await context.close();
    }
  });

  it('moves the focus into the settings dialog and the registry import, keeps it there, and back to Ajouter and Importer', async () => {
    const { context, page } = await newPage(browser);
    try {
      await keyboardSignIn(page, 'admin', e2eServer().adminPassword);

      // Settings: 'Ajouter' on the cités; Enregistrer empty: the required fields refused and tied;
      // Quitter closes; the focus is back on 'Ajouter'.
      await page.goto('/parametre/cite');
      await page.locator('.resource-table').waitFor();
      await tabTo(page, button(messages.ajouter), messages.ajouter, { max: 60 });
      await page.keyboard.press('Enter');
      await page.locator('.resource-dialog').waitFor();
      await expectFocusTrapped(page, 'réglages');
      await tabTo(page, button(messages.enregistrer), messages.enregistrer, { max: 30 });
      await page.keyboard.press('Enter');
      await page.locator('.resource-dialog .field-error').first().waitFor();
      const refused = await linkedErrors(page, '.resource-dialog');
      expect(Object.keys(refused).length).toBeGreaterThan(0);
      for (const text of Object.values(refused)) expect(text).toBe(messages.champObligatoire);
      await tabTo(page, button(messages.quitter), messages.quitter, { max: 30, back: true });
      await page.keyboard.press('Enter');
      await expectFocusBack(page, messages.ajouter, 'réglages');

      // Registry: 'Importer'; 'Valider le chargement' with no file: the picker refused and tied;
      // Escape closes; the focus is back on 'Importer'.
      await page.goto('/registre');
      await page.locator('.resource-table').waitFor();
      await tabTo(page, button(messages.importer), messages.importer, { max: 60 });
      await page.keyboard.press('Enter');
      await page.locator('.import-dialog').waitFor();
      await expectFocusTrapped(page, 'import');
      await tabTo(page, button(messages.validerChargement), messages.validerChargement, { max: 30 });
      await page.keyboard.press('Enter');
      await page.locator('.import-dialog .field-error').waitFor();
      expect(Object.values(await linkedErrors(page, '.import-dialog'))).toEqual([messages.fichierCsvAttendu]);
      await page.keyboard.press('Escape');
      await expectFocusBack(page, messages.importer, 'import');
    } finally {
      await context.close();
    }
  });

  it("moves the focus into the publication's confirmation, keeps it there, and back to Publier", async () => {
    // Dédougou's session moves on to DELIBERATION (this file's own direction).
    const session = await apiCall<Record<string, unknown>>(
      'GET',
      `campus/session-cenou/${analysed.idSessionCenou}`,
      {
        token: analysed.token,
      },
    );
    expect(session.status).toBe(200);
    await movedSession(analysed.token, session.body, 'DELIBERATION');
    const { context, page } = await newPage(browser);
    try {
      await keyboardSignIn(page, manager.userName, manager.password);
      await page.goto('/deliberation');
      await page.locator('#delib-tirage').waitFor();
      await tabTo(page, button(messages.lancerDeliberation), messages.lancerDeliberation, { max: 60 });
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: messages.publier, exact: true }).waitFor();
      await tabTo(page, button(messages.publier), messages.publier, { max: 120 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: messages.publierTitre }).waitFor();
      await expectFocusTrapped(page, 'publication');
      await page.keyboard.press('Escape');
      await expectFocusBack(page, messages.publier, 'publication');
    } finally {
      await context.close();
    }
  });
});
