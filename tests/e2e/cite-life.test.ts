import { phoneForDisplay } from '../../src/domain/phone';
import { PHOTO_MAX_SIDE } from '../../src/domain/limits';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { citeMessages } from '../../src/domain/messages-cite';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import { repairMessages } from '../../src/domain/messages-repairs';
import { fieldLabel } from '../../src/domain/resources/labels';
import { adminToken, apiCall, launchBrowser, storedSession } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { PATIENCE_MS } from '../helpers/wait';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, settled, type Requests, type Seen } from '../helpers/screens';
import { AGENT_PASSWORD, citeAgent, housedStudent, type Made } from './staff-fixtures';

// The arrival in a real Chromium against the real server (docs/life-in-the-cite.md): a cité of this
// run's own with an inventory of two elements, a student admitted and given a bed, an agent of the
// cité who hands the key (API). On a phone (360 px) the resident opens « Mon arrivée », states each
// element, adds a photo from the file input (shrunk on the phone, sent through the resumable
// uploads; the network is cut while it goes up and comes back: it waits, then goes on by itself) and
// saves; the agent then sees the inventory with its photo and countersigns it. The admin then gives
// the agent its phone on the users screen (a wrong number refused in French, then one, then
// another); the resident reports an urgent repair with a photo, whose SMS goes to the agent's
// number; the agent takes it and resolves it, the resident confirms it (CLOTUREE), and the history
// shows each step. The screens are checked at 360 and 1366 px, light and dark, and kept as pictures.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = `Boromo ${tag}`;
const MONTANT = 5_000;
const INE = `AR${String(Date.now()).slice(-9)}1`;
let made: Made;
let studentPassword = '';
let agentUser = '';
let idAffectation = 0;
const problems: string[] = [];
const shots = path.resolve('.test-output/cite-life');
const PHOTO = path.resolve('tests/fixtures/photos/page-portrait.jpg');

async function ok<T>(method: string, p: string, body?: unknown, token = made.token): Promise<T> {
  const res = await apiCall<T>(method, p, { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  const token = await adminToken();
  const housed = await housedStudent({
    tag,
    ville: VILLE,
    ine: INE,
    nomEtudiant: 'Zongo',
    prenomEtudiant: 'Mariam',
    what: 'arrivée',
    sigle: 'A',
    nomCite: `Cité Arrivée ${tag}`,
    montant: MONTANT,
    // The room's inventory: two elements of its category.
    inventaire: ['Lit et matelas', 'Porte et serrure'],
  });
  ({ made, studentPassword, idAffectation } = housed);
  agentUser = (await citeAgent(token, `agent.${tag}`, [housed.room.idCite])).userName;
});
afterAll(async () => {
  await browser?.close();
});

/** The body of the newest SMS of this kind written to `to` (the file fallback), if any. */
function smsFound(to: string, kind: string): string | undefined {
  const dir = path.join(e2eServer().dataDir, 'sms');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.txt'));
  } catch {
    return undefined;
  }
  for (const f of files.sort().reverse()) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (text.includes(`To: ${to}\n`) && text.includes(`Kind: ${kind}\n`)) return text.split('\n\n')[1];
  }
  return undefined;
}

/** The same, once the outbox has sent it. */
async function smsTo(to: string, kind: string): Promise<string> {
  await vi.waitUntil(() => smsFound(to, kind), { timeout: PATIENCE_MS, interval: 200 });
  return smsFound(to, kind)!;
}

async function lookEverywhere(page: Page, inflight: Requests, where: string) {
  await settled(page, inflight);
  await inEveryVariant(page, where, 'chargé', async (p: Page, seen: Seen) => {
    problems.push(...(await screenProblems(p, `${where} ${seen.variant.name}`, seen)));
    await p.screenshot({
      path: path.join(shots, `${where.replace(/\W/g, '')}-${seen.variant.name.replace(/\W/g, '')}.png`),
      fullPage: true,
    });
  });
}

describe('the arrival in the cité', () => {
  it('on a phone the resident fills its inventory with a photo; the agent countersigns it', async () => {
    const student = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(INE, studentPassword),
    );
    await student.page.setViewportSize({ width: 360, height: 740 });
    // Before the key: what will happen and when, no empty block, no form, no departure.
    await student.page.goto('/mon-arrivee');
    await student.page.getByTestId('etat-des-lieux-a-venir').waitFor();
    expect(await student.page.getByTestId('formulaire-etat-des-lieux').count()).toBe(0);
    expect(await student.page.getByText(citeMessages.departLien).count()).toBe(0);
    await lookEverywhere(student.page, student.inflight, 'mon-arrivee-avant-cle');
    const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
      body: { username: agentUser, password: AGENT_PASSWORD },
    });
    await ok(
      'POST',
      `campus/affectation/${idAffectation}/arrivee`,
      { codeCle: `A01-${tag}` },
      signin.body.accessToken,
    );
    await student.page.setViewportSize({ width: 360, height: 740 });
    await student.page.reload();
    const form = student.page.getByTestId('formulaire-etat-des-lieux');
    await form.waitFor();
    await lookEverywhere(student.page, student.inflight, 'mon-arrivee');
    await student.page.setViewportSize({ width: 360, height: 740 });
    // The form's selects wait for themselves (a label no element has made this wait its whole minute).
    const selects = form.locator('select');
    await selects.nth(1).selectOption('USE');
    // The network goes while the photo goes up: its first bytes (tus PATCH) never arrive.
    let cut = false;
    await student.context.route('**/campus/televersement/**', async (route) => {
      if (cut || route.request().method() !== 'PATCH') return route.fallback();
      cut = true;
      await student.context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await form.locator('input[type=file]').first().setInputFiles(PHOTO);
    // It waits for the network and says so; back, it goes on by itself.
    await expect
      .poll(() => student.page.getByTestId('photo-etat').first().textContent())
      .toContain(citeMessages.photoAttente);
    expect(cut).toBe(true);
    await student.context.setOffline(false);
    await expect
      .poll(() => student.page.getByTestId('photo-etat').first().textContent())
      .toContain(citeMessages.photoEnvoyee);
    await student.context.unrouteAll({ behavior: 'ignoreErrors' });
    await form.getByRole('button', { name: citeMessages.enregistrer }).click();
    await student.page.getByTestId('etat-des-lieux-entree').waitFor();
    await expect.poll(() => student.page.locator('img.cite-photo').count()).toBe(1);
    // Saved: read-only, what was recorded; a correction is asked for, never left open.
    expect(await student.page.getByTestId('formulaire-etat-des-lieux').count()).toBe(0);
    expect(await student.page.getByTestId('etat-des-lieux-entree').textContent()).toContain(
      citeMessages.etats.USE,
    );
    await student.page.getByTestId('correction-possible').waitFor();
    expect(await student.page.getByText(citeMessages.departLien).count()).toBe(0);
    await lookEverywhere(student.page, student.inflight, 'mon-arrivee-enregistre');
    await student.page.setViewportSize({ width: 360, height: 740 });
    await student.page.getByRole('button', { name: citeMessages.corriger }).click();
    await student.page.getByTestId('formulaire-etat-des-lieux').waitFor();
    await student.page.getByRole('button', { name: citeMessages.annulerCorrection }).click();
    await student.page.getByTestId('etat-des-lieux-entree').waitFor();
    await student.context.close();

    const agent = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(agentUser, AGENT_PASSWORD),
    );
    await agent.page.goto(`/etat-des-lieux/${idAffectation}`);
    await agent.page.getByTestId('etat-des-lieux-entree').waitFor();
    await agent.page.locator('img.cite-photo').first().waitFor();
    await agent.page.getByText(citeMessages.departLien).waitFor();
    await lookEverywhere(agent.page, agent.inflight, 'etat-des-lieux');
    await agent.page.getByRole('button', { name: citeMessages.contresigner }).click();
    await agent.page.getByText(citeMessages.contresigneLe.split(' ')[0]).first().waitFor();
    await agent.page.goto('/tableau-de-bord');
    await agent.page.getByTestId('cites-agent').waitFor();
    await lookEverywhere(agent.page, agent.inflight, 'tableau-de-bord-agent');
    await agent.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
    expect(messages.cleRemise).toBeTruthy();
  });

  it('the admin gives the agent its phone; an urgent repair with a photo, its SMS to that phone, followed to its close', async () => {
    // Two numbers of this run (`5…`: no other file's): the first set, then changed to the second.
    const tels = [`5${String(Date.now()).slice(-7)}`, `5${String(Date.now() + 7).slice(-7)}`];
    const admin = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession('admin', e2eServer().adminPassword),
    );
    await admin.page.goto('/parametre/utilisateur');
    await admin.page.getByLabel(messages.rechercheUtilisateur, { exact: true }).fill(agentUser);
    await admin.page.getByRole('button', { name: messages.rechercher, exact: true }).click();
    const userRow = admin.page.locator('.p-datatable-tbody tr').filter({ hasText: agentUser });
    await admin.page.getByTestId('nombre-utilisateurs').getByText('1 utilisateur trouvé').waitFor();
    const dialog = admin.page.getByRole('dialog');
    const phoneField = dialog.getByLabel(fieldLabel('telephone'), { exact: true });
    const save = async () => {
      await dialog.getByRole('button', { name: messages.enregistrer }).click();
      await admin.page.locator('.p-toast').getByText(messages.operationReussie).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await admin.page.locator('.p-toast-message').first().waitFor({ state: 'detached' });
    };
    for (const [i, tel] of tels.entries()) {
      await userRow.getByRole('button', { name: messages.modifier }).click();
      await phoneField.waitFor();
      if (i === 0) {
        // Not a number: refused in French under the field, nothing sent.
        await phoneField.fill('70 12');
        await dialog.getByRole('button', { name: messages.enregistrer }).click();
        await dialog.getByText(messages.telephoneNonValide).waitFor();
        await lookEverywhere(admin.page, admin.inflight, 'utilisateur-telephone');
        await admin.page.setViewportSize({ width: 1366, height: 900 });
      }
      await phoneField.fill(`${tel.slice(0, 2)} ${tel.slice(2, 4)} ${tel.slice(4, 6)} ${tel.slice(6)}`);
      await save();
      await userRow.getByText(phoneForDisplay(`+226${tel}`)).waitFor();
    }
    await lookEverywhere(admin.page, admin.inflight, 'utilisateurs');
    await admin.context.close();

    const student = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(INE, studentPassword),
    );
    const page = student.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/signaler-probleme');
    const form = page.getByTestId('formulaire-intervention');
    await form.waitFor();
    await form.getByLabel(repairMessages.categorie).selectOption('PLOMBERIE');
    await form.getByLabel(repairMessages.priorite).selectOption('URGENCE');
    await form.getByLabel(repairMessages.description).fill('Le robinet fuit et inonde la chambre.');
    // A PNG from the phone's gallery, as large as a phone's camera makes them (4000 × 3000): shrunk
    // to JPEG on the phone, it is listed (and sent) as `.jpg`.
    const pngBase64 = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 4000;
      c.height = 3000;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#4a7';
      ctx.fillRect(0, 0, 4000, 3000);
      ctx.fillStyle = '#235';
      ctx.fillRect(1000, 750, 2000, 1500);
      return c.toDataURL('image/png').split(',')[1];
    });
    await form.locator('input[type=file]').setInputFiles({
      name: 'robinet.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngBase64, 'base64'),
    });
    await expect
      .poll(() => page.getByTestId('photo-intervention').first().textContent())
      .toContain(repairMessages.photoEnvoyee);
    expect(await page.getByTestId('photo-intervention').first().textContent()).toMatch(
      /^robinet\.jpg\u00a0:/,
    );
    await lookEverywhere(page, student.inflight, 'signaler-probleme');
    await page.setViewportSize({ width: 360, height: 740 });
    await form.getByRole('button', { name: repairMessages.envoyer }).click();
    await page.waitForURL(/\/intervention\/\d+$/);
    const idIntervention = Number(/(\d+)$/.exec(page.url())![1]);
    const statut = page.getByTestId('statut-intervention');
    await expect.poll(() => statut.textContent()).toContain(enumLabel('statut', 'NOUVELLE'));
    await expect.poll(() => page.locator('img.cite-photo').count()).toBe(1);
    // The photo as the server keeps it (read back into the page): shrunk to PHOTO_MAX_SIDE a side,
    // its proportions kept.
    const stored = await page
      .locator('img.cite-photo')
      .first()
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      });
    expect(stored).toEqual([PHOTO_MAX_SIDE, (PHOTO_MAX_SIDE * 3) / 4]);

    // The emergency's SMS went to the agent's phone as the admin last set it, not the first one.
    const sms = await smsTo(`+226${tels[1]}`, 'INTERVENTION_URGENCE');
    expect(sms).toContain(`${idIntervention}`);
    expect(smsFound(`+226${tels[0]}`, 'INTERVENTION_URGENCE')).toBeUndefined();
    await student.context.close();

    const agent = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(agentUser, AGENT_PASSWORD),
    );
    await agent.page.setViewportSize({ width: 360, height: 740 });
    await agent.page.goto(`/intervention/${idIntervention}`);
    const agentStatut = agent.page.getByTestId('statut-intervention');
    await agentStatut.waitFor();
    await lookEverywhere(agent.page, agent.inflight, 'intervention-agent');
    await agent.page.setViewportSize({ width: 360, height: 740 });
    await agent.page.getByRole('button', { name: repairMessages.actions.PRISE_EN_CHARGE }).click();
    await expect.poll(() => agentStatut.textContent()).toContain(enumLabel('statut', 'PRISE_EN_CHARGE'));
    await agent.page.getByLabel(repairMessages.commentaire).fill('Joint du robinet changé.');
    await agent.page.getByRole('button', { name: repairMessages.actions.RESOLUE }).click();
    await expect.poll(() => agentStatut.textContent()).toContain(enumLabel('statut', 'RESOLUE'));
    // The agent may not confirm nor reopen: told that the resident may, not « Vous pouvez ».
    const agentText = (await agent.page.getByTestId('intervention').textContent()) ?? '';
    expect(agentText).toContain(repairMessages.clotureAutres.split(' {date}')[0]);
    expect(agentText).not.toContain(repairMessages.cloture.split(' {date}')[0]);
    await agent.context.close();

    const back = await accountPage(browser, e2eServer().baseURL, await storedSession(INE, studentPassword));
    await back.page.setViewportSize({ width: 360, height: 740 });
    await back.page.goto(`/intervention/${idIntervention}`);
    const backStatut = back.page.getByTestId('statut-intervention');
    await expect.poll(() => backStatut.textContent()).toContain(enumLabel('statut', 'RESOLUE'));
    expect(await back.page.getByTestId('intervention').textContent()).toContain(
      repairMessages.cloture.split(' {date}')[0],
    );
    await back.page.getByRole('button', { name: repairMessages.actions.CLOTUREE }).click();
    await expect.poll(() => backStatut.textContent()).toContain(enumLabel('statut', 'CLOTUREE'));
    // Each step in the history, oldest first, the agent's comment with its resolution.
    const steps = back.page.getByTestId('historique').locator('li');
    await expect.poll(() => steps.count()).toBe(4);
    const texts = await steps.allTextContents();
    expect(texts.map((x) => x.split(' — ')[0])).toEqual(
      (['NOUVELLE', 'PRISE_EN_CHARGE', 'RESOLUE', 'CLOTUREE'] as const).map((v) => enumLabel('statut', v)),
    );
    expect(texts[0]).toContain('Zongo');
    expect(texts[1]).toContain('Kaboré');
    // The comment after the author's name: one no-break space before the colon, no other space.
    expect(texts[2]).toContain('\u00a0: «\u00a0Joint du robinet changé.\u00a0»');
    expect(texts[2]).not.toContain(' \u00a0:');
    expect(texts[3]).toContain('Zongo');
    expect(await back.page.getByRole('button', { name: repairMessages.actions.REOUVERTE }).count()).toBe(0);
    await lookEverywhere(back.page, back.inflight, 'intervention-cloturee');
    await back.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('on a phone the agent fills the departure inventory, charges the damage and records the departure', async () => {
    const agent = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(agentUser, AGENT_PASSWORD),
    );
    await agent.page.setViewportSize({ width: 360, height: 740 });
    await agent.page.goto(`/depart/${idAffectation}`);
    const form = agent.page.getByTestId('formulaire-etat-des-lieux');
    await form.waitFor();
    // The bed (first element) found damaged; the door as it was.
    await form.locator('select').first().selectOption('ABIME');
    await form.locator('input[type=file]').first().setInputFiles(PHOTO);
    await expect
      .poll(() => agent.page.getByTestId('photo-etat').first().textContent())
      .toContain(citeMessages.photoEnvoyee);
    await form.getByRole('button', { name: citeMessages.sortieEnregistrer }).click();
    const charge = agent.page.getByRole('button', { name: citeMessages.facturer });
    await charge.waitFor();
    // Both photos of the bed side by side: the resident's at arrival, the agent's at departure.
    await expect.poll(() => agent.page.getByTestId('comparaison').locator('img.cite-photo').count()).toBe(2);
    await charge.click();
    const dialog = agent.page.getByTestId('dialogue-degradation');
    await dialog.getByLabel(citeMessages.montantFcfa).fill('0');
    await dialog.getByLabel(citeMessages.motif).fill('Matelas déchiré');
    await dialog.getByRole('button', { name: citeMessages.valider }).click();
    await dialog.locator('.field-error').first().waitFor();
    await dialog.getByLabel(citeMessages.montantFcfa).fill('12500');
    await dialog.getByRole('button', { name: citeMessages.valider }).click();
    await agent.page.getByTestId('degradations').waitFor();
    await expect
      .poll(() => agent.page.getByTestId('degradations').textContent())
      .toContain('Matelas déchiré');
    await lookEverywhere(agent.page, agent.inflight, 'depart');
    // Before it is recorded, the resident reads on /mon-depart what the agent reads for today: the
    // amount a departure today leaves, not the whole year's balance.
    const agentDue = await agent.page.getByTestId('montant-depart').textContent();
    const early = await accountPage(browser, e2eServer().baseURL, await storedSession(INE, studentPassword));
    await early.page.goto('/mon-depart');
    await early.page.getByTestId('montant-depart').waitFor();
    expect(await early.page.getByTestId('montant-depart').textContent()).toBe(agentDue);
    expect(await early.page.getByTestId('solde').count()).toBe(0);
    await early.context.close();
    await agent.page.setViewportSize({ width: 360, height: 740 });
    await agent.page.getByRole('button', { name: citeMessages.enregistrerDepart }).click();
    await agent.page.getByTestId('depart-enregistre').waitFor();
    // The balance counts the damage beside the instalments still owed.
    await expect
      .poll(() => agent.page.getByTestId('solde').textContent())
      .toContain(citeMessages.resteAPayer.split('\u00a0')[0]);
    // Gone: its arrival page no longer leads to a departure.
    await agent.page.goto(`/etat-des-lieux/${idAffectation}`);
    await agent.page.getByTestId('etat-des-lieux-entree').waitFor();
    expect(await agent.page.getByText(citeMessages.departLien).count()).toBe(0);
    await agent.context.close();

    const student = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(INE, studentPassword),
    );
    await student.page.goto('/mon-depart');
    await student.page.getByTestId('degradations').waitFor();
    await student.page.getByTestId('depart-enregistre').waitFor();
    await lookEverywhere(student.page, student.inflight, 'mon-depart');

    // Mon loyer: the stay ended, the damage (due today) counts in what is due and late, and what
    // remains is paid by mobile money from here.
    await student.page.setViewportSize({ width: 360, height: 740 });
    await student.page.goto('/mon-loyer');
    const card = student.page.getByTestId('mon-loyer');
    await card.getByTestId('badge-depart').waitFor();
    expect(await card.getByTestId('badge-depart').textContent()).toContain('Départ le');
    const amount = async (champ: string) =>
      Number(((await card.locator(`[data-champ=${champ}]`).textContent()) ?? '').replace(/\D/g, ''));
    expect(await amount('duADate')).toBeGreaterThanOrEqual(12_500);
    expect(await amount('arriere')).toBe(await amount('duADate'));
    const pay = card.getByTestId('payer-loyer');
    expect(await pay.textContent()).toContain(messages.monLoyerPayer);
    expect(await pay.getAttribute('href')).toContain(`affectation=${idAffectation}`);
    // A leaver settles all that remains in one payment (nothing more will fall due): the pay link
    // proposes « Reste à payer », and the page says why an instalment after the departure is still owed.
    expect(await pay.getAttribute('href')).toContain(`montant=${await amount('solde')}`);
    expect(await card.getByTestId('echeances-depart').textContent()).toBe(messages.monLoyerDepartEcheances);
    // On a phone « Dégradations » is the card's title, under no column's name (« N° » above it read
    // as its number), and wraps between words, never inside one.
    const label = card.getByTestId('ligne-degradation').locator('th').first();
    expect(await label.getAttribute('data-label')).toBeNull();
    expect(await label.evaluate((th) => getComputedStyle(th, '::before').content)).toMatch(/^(none|normal)$/);
    expect((await label.innerText()).startsWith(messages.monLoyerDegradation)).toBe(true);
    expect(
      await label.evaluate((td) => {
        const text = td.firstChild!;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, (text.textContent ?? '').length);
        return range.getClientRects().length;
      }),
    ).toBe(1);
    await lookEverywhere(student.page, student.inflight, 'mon-loyer-parti');
    // The pay page takes the ended assignment.
    await pay.click();
    await student.page.getByTestId('paiement').locator('form').waitFor();

    // The dashboard: the stay ended, what remains to pay, and Mon loyer.
    await student.page.setViewportSize({ width: 360, height: 740 });
    await student.page.goto('/tableau-de-bord');
    const mine = student.page.getByTestId('mon-affectation');
    await mine.getByTestId('affectation-depart').waitFor();
    expect(await mine.getByTestId('affectation-depart').textContent()).toContain('Départ le');
    expect(await mine.getByTestId('reste-depart').textContent()).toContain('Reste à payer');
    expect(await mine.getByRole('link', { name: messages.monLoyerTitre }).getAttribute('href')).toBe(
      '/mon-loyer',
    );
    expect(await student.page.getByText(messages.offreEtatAcceptee).count()).toBe(0);
    await lookEverywhere(student.page, student.inflight, 'tableau-de-bord-parti');
    // The damage's reference, as Mon loyer gives it.
    await student.page.goto('/mon-loyer');
    const line = student.page.getByTestId('ligne-degradation');
    await line.waitFor();
    const reference = /DEG-\d{8}-[A-Z0-9]{8}/.exec((await line.textContent()) ?? '')![0];
    await student.context.close();

    // Anyone who scans the notice's QR code: authentic, and not paid yet — nothing the student paid
    // goes to the damage before the instalments (the rule of the arrears), so all of it is left.
    const visitor = await accountPage(browser, e2eServer().baseURL, null);
    await visitor.page.setViewportSize({ width: 360, height: 740 });
    await visitor.page.goto(`/recu/${reference}`);
    const verdict = visitor.page.getByTestId('recu-verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-etat')).toBe('valide');
    expect((await visitor.page.getByTestId('recu-reste').textContent())?.replace(/\s/g, ' ')).toBe(
      'Reste à payer sur cet avis : 12 500 FCFA',
    );
    await lookEverywhere(visitor.page, visitor.inflight, 'recu-degradation');
    await visitor.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
