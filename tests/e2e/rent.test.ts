import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { fill } from '../../src/web/lib/format';
import { adminToken, apiCall, launchBrowser, storedSession } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { menuEntry } from '../helpers/menu';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, settled, type Requests, type Seen } from '../helpers/screens';
import { todayUtc } from '../../src/server/modules/rent/repository';
import { owedRent } from '../helpers/rent';
import { created, staffAccount } from './staff-fixtures';
import { formatFcfa } from '../../src/domain/money';

// Rent in a real Chromium against the real server (docs/rent.md): the resident written into the
// servers' template before they start (tests/setup/e2e-rent-resident.ts): a direction and a ville
// of its own, a cité whose rooms cost 10,000 FCFA a month, the session's first instalment two months
// ago, the student given a bed a week before it. What it owes and what is due today are read from
// the rule of the months lived (`owedRent`), so that the test holds whatever the month. The regional
// manager sees its arrears on /loyers, records in cash all of it but half an instalment with the
// receipt book's number, and the row follows; a central manager opens /loyers on the same row with
// nothing to choose; the student's /mon-loyer shows what it owes, what it paid and each
// instalment's state. Then the student pays the rest and its assignment is cancelled: the manager
// refunds part of its credit (the refund dialog, a refusal above the credit) and the student's page
// lists the refund. Both screens are checked at 360 and 1366 px, light and dark, with the cash and
// refund dialogs open (axe, contrast, no word broken, no horizontal scroll).

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const given = inject('rentResident');
if (!given) throw new Error('rent.test.ts needs the servers it starts (tests/setup/e2e-rent-resident.ts)');
const resident = given;
const MONTANT = resident.schedule.montant;
const INE = resident.ine;
const NOM = `${resident.nom} ${resident.prenom}`;
/** What the bed owes, given on its day, and what of it is due today. */
const owed = owedRent(resident.schedule, resident.jour);
const DUS = owed.due.length;
/** Cash recorded by the manager: what is due but half an instalment, left late. */
const PAYE = owed.duADate - MONTANT / 2;
let made: { token: string; idDirection: number; idSessionCenou: number };
let manager: { userName: string; password: string };
const studentPassword = resident.password;
const problems: string[] = [];
const shots = path.resolve('.test-output/rent');
const fcfa = (n: number) => fill(messages.montantFcfa, { montant: formatFcfa(n) });

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(method, p, { token: made.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Where the cité's rooms are: its building, level and corridor. */
let place: { idCite: number; idBatiment: number; idNiveau: number; idCouloir: number };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  const token = await adminToken();
  // Some instalment due and some not yet, whatever the month (the fixture's first instalment is
  // two months back): the figures below are read from the rule, never counted by hand.
  expect(DUS).toBeGreaterThan(0);
  expect(owed.notYetDue.length).toBeGreaterThan(0);
  made = { token, idDirection: resident.idDirection, idSessionCenou: resident.idSessionCenou };
  const { idCite, idBatiment, idNiveau, idCouloir } = resident;
  place = { idCite, idBatiment, idNiveau, idCouloir };
  // Payment settings: cash at the counter.
  const especes = await created<{ idTypePaiement: number }>(token, 'type-paiement', {
    libelleTypePaiement: `Espèces ${tag}`,
    codeTypePaiement: 'ESPECES',
  });
  await created(token, 'operateur', {
    libelleOperateur: `Caisse ${tag}`,
    codeOperateur: `CAISSE_${tag}`,
    idTypePaiement: especes.idTypePaiement,
  });
  manager = await staffAccount(token, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR', made.idDirection, `ly${tag}`);
});
afterAll(async () => {
  await browser?.close();
});

/** Checks the screen in every variant (and keeps a picture of each). */
async function lookEverywhere(page: Page, inflight: Requests, where: string, state: string) {
  await settled(page, inflight);
  await inEveryVariant(page, where, state, async (p: Page, seen: Seen) => {
    problems.push(...(await screenProblems(p, `${where} [${state}] ${seen.variant.name}`, seen)));
    await p.screenshot({
      path: path.join(
        shots,
        `${where.replace(/\W/g, '')}-${state.replace(/\W/g, '')}-${seen.variant.name.replace(/\W/g, '')}.png`,
      ),
      fullPage: true,
    });
  });
}

describe('rent', () => {
  it('the regional manager sees the arrears and records cash with the receipt number', async () => {
    const { context, page, inflight } = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(manager.userName, manager.password),
    );
    try {
      await page.goto('/');
      await (await menuEntry(page, messages.menuLoyers)).click();
      await page.waitForURL(/\/loyers$/);
      const row = page.locator('.rent-table tbody tr', { hasText: INE });
      await row.waitFor();
      expect(await row.locator('[data-arriere]').getAttribute('data-arriere')).toBe(String(owed.duADate));
      await lookEverywhere(page, inflight, '/loyers', 'chargé');

      await row.getByRole('button', { name: fill(messages.loyerEncaisserDe, { nom: NOM }) }).click();
      const dialog = page.getByTestId('encaissement');
      await dialog.waitFor();
      await lookEverywhere(page, inflight, '/loyers', 'encaissement');
      // Sent with no receipt number: the field says so, nothing is recorded.
      await dialog.getByLabel(messages.loyerChampMontant).fill(String(PAYE));
      await dialog.getByRole('button', { name: messages.loyerEnregistrer }).click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
      expect(await dialog.textContent()).toContain(messages.champObligatoire);
      await lookEverywhere(page, inflight, '/loyers', 'encaissement incomplet');
      await dialog.getByLabel(messages.loyerChampNumeroRecu).fill(`RC-${tag}-001`);
      await dialog.getByRole('button', { name: messages.loyerEnregistrer }).click();
      await page
        .getByText(fill(messages.loyerEncaissementReussi, { montant: fcfa(PAYE), numero: `RC-${tag}-001` }))
        .waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => row.locator('[data-arriere]').getAttribute('data-arriere'))
        .toBe(String(MONTANT / 2));
      expect(await row.locator('[data-champ="paye"]').textContent()).toBe(fcfa(PAYE));

      // The same receipt number again: refused under its field.
      await row.getByRole('button', { name: fill(messages.loyerEncaisserDe, { nom: NOM }) }).click();
      await dialog.getByLabel(messages.loyerChampMontant).fill('1000');
      await dialog.getByLabel(messages.loyerChampNumeroRecu).fill(`rc-${tag}-001`);
      await dialog.getByRole('button', { name: messages.loyerEnregistrer }).click();
      await dialog.getByText(messages.loyerNumeroRecuPris).waitFor();
      await dialog.getByRole('button', { name: messages.annuler }).click();

      // The export of what is shown.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages.exporterCsv }).click(),
      ]);
      expect(readFileSync(await download.path()).toString('utf8')).toContain(INE);

      // « Paiements »: the assignment's payments, each with its receipt (PDF). The cash toast
      // dismissed first (it is looked at above): every close button pressed at once in the page, as a
      // toast that closes by itself between a listing and its click would leave that click waiting.
      await page
        .locator('.p-toast-icon-close')
        .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
      await row.getByRole('button', { name: fill(messages.loyersVoirPaiementsDe, { nom: NOM }) }).click();
      const payments = page.getByTestId('paiements-affectation');
      await payments.waitFor();
      const receipt = payments.getByTestId('telecharger-recu').first();
      await receipt.waitFor();
      const ref = (await receipt.getAttribute('data-reference'))!;
      await lookEverywhere(page, inflight, '/loyers', 'paiements');
      const [pdf] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
      expect(pdf.suggestedFilename()).toBe(`recu_${ref}.pdf`);
      expect(
        readFileSync(await pdf.path())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      await payments.locator('.modal-footer button', { hasText: messages.fermer }).click();

      // The daily reconciliation, reached from /loyers: today's cash at the cité's counter.
      await page.getByTestId('voir-rapprochement').click();
      await page.waitForURL(/\/loyers\/rapprochement$/);
      // The counter named in French, never by its journal account (CAISSE:CITE:…).
      const caisse = page.locator('.rent-table tbody tr', {
        hasText: 'Caisse de la cité Loyer',
      });
      await caisse.first().waitFor();
      expect(await caisse.first().locator('[data-champ="montant"]').textContent()).toBe(fcfa(PAYE));
      expect(await caisse.first().locator('[data-champ="nombre"]').textContent()).toBe('1');
      await lookEverywhere(page, inflight, '/loyers/rapprochement', 'chargé');
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages.exporterCsv }).click(),
      ]);
      // The file says what the screen says: the same account's name, count and sum.
      const text = readFileSync(await csv.path()).toString('utf8');
      expect(text).toContain(`;Caisse de la cité Loyer;1;${PAYE}`);
      expect(text).not.toMatch(/CAISSE:|OPERATEUR:/);
    } finally {
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a central manager opens /loyers on a direction with assignments, its session, every cité', async () => {
    // A central manager belongs to no direction (docs/roles.md): the page opens on the direction of
    // the newest session with assignments (docs/decisions/035-rent-refunds.md), which may be another
    // file's on this server; this run's is then chosen, and its session with the bed comes with it.
    const central = await staffAccount(
      made.token,
      'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
      made.idDirection,
      `lyc${tag}`,
    );
    const { context, page, inflight } = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(central.userName, central.password),
    );
    try {
      await page.goto('/loyers');
      const direction = page.locator('.staff-filters .p-dropdown-label').first();
      await expect.poll(() => direction.textContent()).not.toBe(messages.choisir);
      const ours = resident.libelleDirection;
      if ((await direction.textContent())?.trim() !== ours) {
        await page.locator('.p-dropdown:has(#loyers-direction)').click();
        await page.getByRole('option', { name: ours, exact: true }).click();
      }
      const row = page.locator('.rent-table tbody tr', { hasText: INE });
      await row.waitFor();
      expect(await row.locator('[data-champ="paye"]').textContent()).toBe(fcfa(PAYE));
      const chosen = await page
        .locator('.staff-filters .p-dropdown-label')
        .evaluateAll((labels) => labels.map((l) => l.textContent?.trim()));
      expect(chosen[0]).toBe(ours);
      expect(chosen[1]).toMatch(/^Session \d{4}-\d{4} \(/);
      expect(chosen[2]).toBe(messages.toutesLesCites);
      await lookEverywhere(page, inflight, '/loyers', 'centrale');
    } finally {
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the student sees its instalments, what it paid and what it owes', async () => {
    const { context, page, inflight } = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(INE, studentPassword),
    );
    try {
      await page.goto('/');
      await (await menuEntry(page, messages.monLoyerTitre)).click();
      await page.waitForURL(/\/mon-loyer$/);
      const card = page.getByTestId('mon-loyer');
      await card.waitFor();
      expect(await card.locator('[data-champ="duADate"]').textContent()).toBe(fcfa(owed.duADate));
      expect(await card.locator('[data-champ="paye"]').textContent()).toBe(fcfa(PAYE));
      expect(await card.locator('[data-champ="arriere"]').textContent()).toBe(fcfa(MONTANT / 2));
      expect(await card.locator('[data-champ="solde"]').textContent()).toBe(fcfa(owed.totalDu - PAYE));
      const statuts = await card
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((t) => t.getAttribute('data-statut')));
      expect(statuts).toEqual([
        ...Array(DUS - 1).fill('PAYEE'),
        'ECHUE',
        ...Array(owed.notYetDue.length).fill('A_VENIR'),
      ]);
      // The receipt's number is the reference the public check accepts; the receipt book's apart.
      const line = card.locator('.rent-payments li');
      const reference = (await line.getAttribute('data-reference'))!;
      expect(await line.textContent()).toContain(`${messages.monLoyerNumeroRecu} ${reference}`);
      expect(await line.textContent()).toContain(`${messages.recuPdfNumeroCarnet} RC-${tag}-001`);
      await lookEverywhere(page, inflight, '/mon-loyer', 'chargé');
      expect(await card.getByTestId('paiement-avance').count()).toBe(0);

      // Paid up to date at the counter: the payment offered goes ahead, to the next instalment
      // (the first not yet due), one month, and Mon loyer and the payment form say so.
      const staffToken = (await storedSession(manager.userName, manager.password)).accessToken as string;
      const listed = await apiCall<{ idAffectation: number }[]>(
        'GET',
        `campus/loyer?idSessionCenou=${made.idSessionCenou}&q=${INE}`,
        { token: staffToken },
      );
      const late = await apiCall('POST', 'campus/paiement/especes', {
        token: staffToken,
        body: {
          idAffectation: listed.body[0].idAffectation,
          montant: MONTANT / 2,
          numeroRecu: `RC-${tag}-009`,
        },
      });
      expect(late.status, JSON.stringify(late.body)).toBe(201);
      await page.reload();
      await card.getByTestId('paiement-avance').waitFor();
      expect(await card.locator('[data-champ="arriere"]').textContent()).toBe(fcfa(0));
      const next = (await card.locator('tbody tr').nth(DUS).locator('td').nth(1).textContent())!;
      const ahead = fill(messages.paiementAvance, { date: next, montant: fcfa(MONTANT) });
      expect(await card.getByTestId('paiement-avance').textContent()).toBe(ahead);
      await lookEverywhere(page, inflight, '/mon-loyer', 'paiement d’avance');
      await card.getByTestId('payer-loyer').click();
      await page.waitForURL(/\/paiement\?/);
      await page.getByTestId('paiement-avance').waitFor();
      expect(await page.getByTestId('paiement-avance').textContent()).toBe(ahead);
      expect(await page.getByLabel(messages.paiementMontant).inputValue()).toBe(String(MONTANT));
      await lookEverywhere(page, inflight, '/paiement', 'paiement d’avance');
      // The dashboard's « Payer mon loyer » says the same sentence and proposes the same amount.
      await page.goto('/tableau-de-bord');
      const assignment = page.getByTestId('mon-affectation');
      await assignment.getByTestId('paiement-avance').waitFor();
      expect(await assignment.getByTestId('paiement-avance').textContent()).toBe(ahead);
      await assignment.getByRole('link', { name: messages.menuPaiement }).click();
      await page.waitForURL(/\/paiement\?/);
      expect(await page.getByLabel(messages.paiementMontant).inputValue()).toBe(String(MONTANT));
    } finally {
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('staff refund a credit after a cancellation; the student sees the refund', async () => {
    // The student pays the rest of its year at the counter, then its assignment is cancelled: the
    // instalments not yet due are reversed, it holds them as a credit.
    const staffToken = (await storedSession(manager.userName, manager.password)).accessToken as string;
    const listed = await apiCall<{ idAffectation: number; solde: number }[]>(
      'GET',
      `campus/loyer?idSessionCenou=${made.idSessionCenou}&q=${INE}`,
      { token: staffToken },
    );
    const { idAffectation, solde } = listed.body[0];
    const rest = await apiCall('POST', 'campus/paiement/especes', {
      token: staffToken,
      body: { idAffectation, montant: solde, numeroRecu: `RC-${tag}-002` },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    await ok('PATCH', `campus/affectation/${idAffectation}`);
    const credit = owed.totalDu - owed.duADate;

    const { context, page, inflight } = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(manager.userName, manager.password),
    );
    try {
      await page.goto('/loyers');
      const row = page.locator('.rent-table tbody tr', { hasText: INE });
      await row.waitFor();
      // Never a negative « reste à payer »: the overpayment to refund, in words.
      expect(await row.locator('[data-champ="solde"]').textContent()).toBe(
        fill(messages.tropPercuMontant, { montant: fcfa(credit) }),
      );
      const open = () =>
        row.getByRole('button', { name: fill(messages.loyerRembourserDe, { nom: NOM }) }).click();
      await open();
      const dialog = page.getByTestId('remboursement');
      await dialog.waitFor();
      expect(await dialog.getByLabel(messages.loyerChampMontantRembourse).inputValue()).toBe(String(credit));
      await lookEverywhere(page, inflight, '/loyers', 'remboursement');
      // More than the credit: refused under the amount, nothing recorded.
      await dialog.getByLabel(messages.loyerChampMontantRembourse).fill(String(credit + 1));
      await dialog.getByLabel(messages.loyerChampNumeroPiece).fill(`RB-${tag}-001`);
      await dialog.getByRole('button', { name: messages.loyerEnregistrerRemboursement }).click();
      await dialog
        .getByText(fill(messages.loyerRemboursementAuDelaDuCredit, { credit: fcfa(credit) }))
        .waitFor();
      await lookEverywhere(page, inflight, '/loyers', 'remboursement refusé');
      await dialog.getByLabel(messages.loyerChampMontantRembourse).fill('30000');
      await dialog.getByRole('button', { name: messages.loyerEnregistrerRemboursement }).click();
      await page
        .getByText(fill(messages.loyerRemboursementReussi, { montant: fcfa(30000), numero: `RB-${tag}-001` }))
        .waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => row.locator('[data-champ="solde"]').textContent())
        .toBe(fill(messages.tropPercuMontant, { montant: fcfa(credit - 30000) }));
    } finally {
      await context.close();
    }

    const student = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(INE, studentPassword),
    );
    try {
      await student.page.goto('/mon-loyer');
      const refunds = student.page.getByTestId('remboursements');
      await refunds.waitFor();
      expect(await refunds.textContent()).toContain(`RB-${tag}-001`);
      expect(await refunds.textContent()).toContain(fcfa(30000));
      expect(await student.page.getByTestId('credit').textContent()).toBe(
        fill(messages.monLoyerTropPercu, { montant: fcfa(credit - 30000) }),
      );
      await lookEverywhere(student.page, student.inflight, '/mon-loyer', 'remboursé');
    } finally {
      await student.context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
  it('a move to a cheaper room after paying the year: an overpayment to refund, said the same way everywhere', async () => {
    // The student gets a bed again, today, pays its whole year at the counter, then moves that day
    // to a cheaper room (as the demo's « trop-perçu » student): the instalments not yet due are made
    // again at the new price, those due (none, for a bed given today) stay at the first room's.
    const CHEAP = 7_000;
    const staffToken = (await storedSession(manager.userName, manager.password)).accessToken as string;
    await ok('POST', 'campus/affectation', {
      idSessionCenou: made.idSessionCenou,
      idCite: place.idCite,
      etudiants: [INE],
    });
    const listed = await apiCall<{ idAffectation: number; solde: number; annulee: boolean }[]>(
      'GET',
      `campus/loyer?idSessionCenou=${made.idSessionCenou}&q=${INE}`,
      { token: staffToken },
    );
    const live = listed.body.find((r) => !r.annulee)!;
    const { idAffectation } = live;
    const paid = await apiCall('POST', 'campus/paiement/especes', {
      token: staffToken,
      body: { idAffectation, montant: live.solde, numeroRecu: `RC-${tag}-003` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const cat = await created<{ idCategorieChambre: number }>(made.token, 'categorie-chambre', {
      idCite: place.idCite,
      libelleCategorieChambre: `Chambre simple ${tag}`,
      montantChambre: CHEAP,
    });
    const ch = await created<{ idChambre: number }>(made.token, 'chambre', {
      ...place,
      idCategorieChambre: cat.idCategorieChambre,
      libelleChambre: 'A02',
      codeChambre: 'A02',
    });
    const lit = await created<{ idLit: number }>(made.token, 'lit', {
      ...place,
      idChambre: ch.idChambre,
      libelleLit: 'Lit 3',
      codeLit: '3',
    });
    await ok('PUT', `campus/affectation/${idAffectation}`, { idLit: lit.idLit });
    const again = owedRent(resident.schedule, todayUtc());
    expect(again.notYetDue.length).toBeGreaterThan(0);
    const credit = again.notYetDue.length * (MONTANT - CHEAP);
    const creditText = fill(messages.tropPercuMontant, { montant: fcfa(credit) });

    // Staff: the row says « Trop-perçu à rembourser », never a negative amount left to pay, and
    // the refund dialog says the same.
    const staff = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(manager.userName, manager.password),
    );
    try {
      await staff.page.goto('/loyers');
      const row = staff.page.locator('.rent-table tbody tr', { hasText: creditText });
      await row.waitFor();
      const soldes = await staff.page.locator('.rent-table [data-champ="solde"]').allTextContents();
      expect(soldes.filter((t) => /^-|−/.test(t.trim()))).toEqual([]);
      await row.getByRole('button', { name: fill(messages.loyerRembourserDe, { nom: NOM }) }).click();
      const dialog = staff.page.getByTestId('remboursement');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(creditText);
      expect(await dialog.textContent()).not.toContain('détenu');
    } finally {
      await staff.context.close();
    }

    const { context, page, inflight } = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(INE, studentPassword),
    );
    try {
      await page.goto('/mon-loyer');
      const card = page.locator(`[data-testid="mon-loyer"][data-affectation="${idAffectation}"]`);
      await card.waitFor();
      // The overpayment, named as such, and how it comes back; nothing to pay.
      expect(await card.locator('.rent-totals').textContent()).toContain(messages.tropPercuARembourser);
      expect(await card.locator('[data-champ="credit"]').textContent()).toBe(fcfa(credit));
      expect(await card.locator('.rent-totals [data-champ="solde"]').count()).toBe(0);
      expect(await card.getByTestId('credit').textContent()).toBe(
        fill(messages.monLoyerTropPercu, { montant: fcfa(credit) }),
      );
      expect(await card.textContent()).not.toContain('avance');
      expect(await card.getByTestId('payer-loyer').count()).toBe(0);
      // The instalments due before the move say at which price; the others are at the new one.
      const montants = await card.locator('tbody td[data-colonne="montant"]').allTextContents();
      expect(montants).toEqual([
        ...Array(again.due.length).fill(`${formatFcfa(MONTANT)}${messages.monLoyerTarifPrecedent}`),
        ...Array(again.notYetDue.length).fill(formatFcfa(CHEAP)),
      ]);
      // On a phone each instalment still shows its amount and what was paid on it, under their names.
      await page.setViewportSize({ width: 360, height: 800 });
      const first = card.locator('tbody tr').first();
      for (const [key, label] of [
        ['montant', 'Montant (FCFA)'],
        ['paye', 'Payé'],
      ] as const) {
        const cell = first.locator(`td[data-colonne="${key}"]`);
        expect(await cell.isVisible()).toBe(true);
        expect(
          await cell.evaluate((td) => getComputedStyle(td, '::before').content.replace(/^"|"$/g, '')),
        ).toBe(label);
      }
      await page.setViewportSize({ width: 1366, height: 900 });
      await lookEverywhere(page, inflight, '/mon-loyer', 'trop-perçu');

      // The dashboard and the pay page offer no payment, and say why.
      const reason = fill(messages.paiementRienTropPercu, { montant: fcfa(credit) });
      await page.goto('/tableau-de-bord');
      const aside = page.getByTestId('mon-affectation');
      await aside.getByTestId('rien-a-payer').waitFor();
      expect(await aside.getByTestId('rien-a-payer').textContent()).toBe(reason);
      expect(await aside.getByRole('link', { name: messages.menuPaiement }).count()).toBe(0);
      await page.goto('/paiement');
      await page.getByTestId('rien-a-payer').waitFor();
      expect(await page.getByTestId('rien-a-payer').textContent()).toBe(reason);
      expect(await page.locator('form #montant').count()).toBe(0);
      await lookEverywhere(page, inflight, '/paiement', 'rien à payer');
    } finally {
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
