import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procurationMessages as pm } from '../../src/domain/messages-procurations';
import { messages } from '../../src/domain/messages';
import { fill } from '../../src/web/lib/format';
import { apiCall, launchBrowser, storedSession } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, settled, type Requests, type Seen } from '../helpers/screens';
import { DIRECTIONS_BY_FILE, preparedStudent, type Prepared } from './staff-fixtures';

// A procuration walked whole in a real Chromium against the real server (docs/procurations.md): a
// student ready to deposit (one criterion that needs a proof) and without a bed opens
// « Procurations », where « Payer mon loyer » is not offered, gives a DEPOT code on the page and
// reads it there. In a second browser, on a phone, the helper signs in on /aide: whom it helps and
// until when (« jusqu'au … à … h … »), the identity block naming the student helped, a PNG photo
// chosen in the proof's picker made into a PDF and sent, the draft saved and then shown. The
// student sees its procuration « Utilisée » and the draft, presses « Déposer »: the dossier is
// deposited (the API's word: its dossiers, the draft gone) and its history, on the student's
// dossier page, names the procuration's act. Then it gives another code and revokes it: the helper's
// code is refused. Each state of both pages at 360 and 1366 px, light and dark. The payment task is
// walked by the payments file (tests/e2e/payments.test.ts), where a student has rent to pay.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const INE = `PR${String(Date.now()).slice(-9)}1`;
const CRITERE = `Orphelin procuration ${tag}`;
let student: Prepared;
let studentToken = '';
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  student = await preparedStudent({
    tag,
    ville: DIRECTIONS_BY_FILE['procurations.test.ts'],
    ine: INE,
    nomEtudiant: 'Ouédraogo',
    prenomEtudiant: 'Awa',
    types: [
      {
        libelle: `Situation procuration ${tag}`,
        coefficient: 1,
        obligatoire: true,
        critere: CRITERE,
        note: 1,
        proof: true,
      },
    ],
  });
  const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: INE, password: student.password },
  });
  studentToken = signin.body.accessToken;
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

async function lookEverywhere(page: Page, inflight: Requests, where: string) {
  await settled(page, inflight);
  await inEveryVariant(page, where, 'chargé', async (p: Page, seen: Seen) => {
    problems.push(...(await screenProblems(p, `${where} ${seen.variant.name}`, seen)));
  });
}

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
/** The student's list of its procurations, as the page asks for it. */
const LIST = /\/campus\/procuration\?/;

/** Gives a procuration on /procurations (the page's own form) and reads the code it shows once. */
async function giveOnPage(page: Page, heures: string): Promise<string> {
  await page.locator('#dureeHeures').fill(heures);
  await page.getByRole('button', { name: pm.donner }).click();
  const shown = page.getByTestId('code-procuration');
  await shown.waitFor();
  const code = ((await shown.locator('.code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  const text = (await shown.textContent()) ?? '';
  // How to pass it on: the INE, the helper's page, until when in words (never an ISO date).
  expect(text).toContain(`votre INE (${INE})`);
  expect(text).toContain('/aide');
  expect(text).toMatch(/jusqu’au \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2}\u00a0h\u00a0\d\d,/u);
  expect(text).not.toMatch(ISO_DATE);
  return code;
}

/** The row of procuration n° `id` in the student's list, and its state as the page words it. */
const rowOf = (page: Page, id: number) =>
  page.locator('tr', { has: page.locator('.code', { hasText: new RegExp(`^${id}$`) }) });

async function helperSignsIn(page: Page, code: string): Promise<void> {
  await page.goto('/aide');
  await page.locator('#ine').fill(INE);
  await page.locator('#code').fill(code);
  await page.getByRole('button', { name: pm.aideConnexion }).click();
}

describe('a procuration walked whole', () => {
  it('the student gives a code on its page, the helper saves a draft with a proof, the student deposits it, then revokes another code', async () => {
    const base = e2eServer().baseURL;
    const own = await accountPage(browser, base, await storedSession(INE, student.password));
    const sp = own.page;
    await sp.goto('/procurations');
    const tache = sp.locator('#tache');
    await sp.getByText(pm.paiementSansLoyer).waitFor();
    expect(await tache.locator('option').allTextContents()).toEqual([pm.tacheDEPOT]);
    await lookEverywhere(sp, own.inflight, 'procurations');

    // The code, shown this once on the page.
    const code = await giveOnPage(sp, '2');
    await lookEverywhere(sp, own.inflight, 'procurations-code');
    await sp.getByRole('button', { name: pm.codeFermer }).click();
    await sp.getByTestId('code-procuration').waitFor({ state: 'detached' });
    const listed = await apiCall<{ idProcuration: number; etat: string }[]>(
      'GET',
      'campus/procuration?page=0&size=10&sort=idProcuration,desc',
      { token: studentToken },
    );
    expect(listed.status).toBe(200);
    const [given] = listed.body;
    expect(given.etat).toBe('ACTIVE');
    await expect
      .poll(async () => (await rowOf(sp, given.idProcuration).textContent()) ?? '')
      .toContain(pm.etatACTIVE);

    // The helper, in a browser of its own, on a phone.
    const helper = await accountPage(browser, base, null);
    const page = helper.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await helperSignsIn(page, code);
    const session = page.getByTestId('aide-session');
    await session.waitFor();
    // While the helper acts for the student, the menu offers no « Connexion » nor « S’inscrire ».
    const visitorEntries = page.locator(
      '#menu-principal a[href="/connexion"], #menu-principal a[href="/inscription"]',
    );
    expect(await visitorEntries.count()).toBe(0);
    // The session's end (an hour at most, never past the procuration's), written in words.
    expect(await session.textContent()).toContain('Vous aidez Ouédraogo Awa jusqu’au ');
    expect(await session.textContent()).toMatch(
      /jusqu’au \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2}\u00a0h\u00a0\d\d\./u,
    );
    // The identity block is the student's, and says so.
    await page.getByText(fill(pm.aideIdentiteTitre, { prenom: 'Awa', nom: 'Ouédraogo' })).waitFor();
    expect(await page.getByText(messages.identiteTitre, { exact: true }).count()).toBe(0);
    await lookEverywhere(page, helper.inflight, 'aide');
    await page.setViewportSize({ width: 360, height: 740 });

    // A PNG photo chosen in the proof's picker becomes a PDF and goes up.
    const select = page.getByLabel(`Situation procuration ${tag}`);
    await select.selectOption({ label: CRITERE });
    const pngBase64 = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 400;
      c.height = 300;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 400, 300);
      ctx.fillStyle = '#000';
      ctx.font = '28px sans-serif';
      ctx.fillText('Acte de décès', 40, 150);
      return c.toDataURL('image/png').split(',')[1];
    });
    const png = { name: 'acte.png', mimeType: 'image/png', buffer: Buffer.from(pngBase64, 'base64') };
    // Another file's mandatory type in the shared database: its first criterion (and the photo).
    const form = page.locator('form.dossier-form');
    for (const other of await form.locator('select[required]').all())
      if ((await other.inputValue()) === '') await other.selectOption({ index: 1 });
    const pickers = form.locator('input[type=file]');
    for (const picker of await pickers.all()) await picker.setInputFiles(png);
    const sent = page.getByTestId('justificatif-envoye');
    await expect.poll(() => sent.count()).toBe(await pickers.count());
    expect(await sent.first().textContent()).toContain('acte.pdf');
    expect(await page.getByLabel(fill(messages.justificatifPdf, { critere: CRITERE })).count()).toBe(1);
    await page.getByRole('button', { name: messages.enregistrerBrouillon }).click();

    // The draft saved is shown, read-only.
    const draft = page.getByTestId('brouillon-enregistre');
    await draft.waitFor();
    await draft.getByTestId('brouillon-criteres').waitFor();
    expect(await draft.textContent()).toContain(CRITERE);
    expect(await draft.textContent()).toContain(fill(pm.aideBrouillonJustificatif, { nom: 'acte.pdf' }));
    expect(await draft.textContent()).not.toMatch(ISO_DATE);
    await page.getByRole('button', { name: pm.aideBrouillonRemplacer }).waitFor();
    await lookEverywhere(page, helper.inflight, 'aide-brouillon');
    await page.getByRole('button', { name: pm.aideTerminer }).click();
    await page.locator('#ine').waitFor();

    // The student sees its procuration used (when, from where) and the draft it made.
    await sp.reload();
    const usedRow = rowOf(sp, given.idProcuration);
    await expect.poll(async () => (await usedRow.textContent()) ?? '').toContain(pm.etatUTILISEE);
    expect(await usedRow.textContent()).toContain('depuis l’adresse Internet 127.0.0.1');
    expect(await usedRow.textContent()).not.toMatch(ISO_DATE);
    const brouillon = sp.getByTestId('brouillon');
    await brouillon.getByRole('button', { name: messages.deposer }).waitFor();
    const said = (await brouillon.textContent()) ?? '';
    expect(said).toContain(`par la procuration n°\u00a0${given.idProcuration}, depuis 127.0.0.1`);
    // The proofs the helper joined, counted in words that agree with their number (the session's
    // criteria, and so the number, depend on the files run before on the same server).
    expect(said).toMatch(/(?:^|\D)(?:1 justificatif joint|(?:[2-9]|[1-9]\d+) justificatifs joints)\b/);
    expect(said).not.toMatch(ISO_DATE);
    await lookEverywhere(sp, own.inflight, 'procurations-utilisee');

    // « Déposer »: the dossier is deposited, the draft gone.
    await brouillon.getByRole('button', { name: messages.deposer }).click();
    await sp.getByText(/^Votre dossier .+ est déposé\.$/).waitFor();
    await brouillon.getByText(pm.brouillonAucun).waitFor();
    const dossiers = await apiCall<{ idDossier: number; referenceDossier: string; statutDossier: string }[]>(
      'GET',
      `campus/dossier/etudiant/${INE}`,
      { token: studentToken },
    );
    expect(dossiers.status).toBe(200);
    expect(dossiers.body).toHaveLength(1);
    const [deposited] = dossiers.body;
    expect(deposited.statutDossier).toBe('DEPOSE');
    expect((await apiCall('GET', 'campus/dossier/brouillon', { token: studentToken })).body).toBeNull();
    // Its history, as the student reads it on its dossier's page, names the helper's act.
    await sp.goto(`/consult-dossier/${deposited.idDossier}`);
    const history = sp.getByTestId('historique');
    await expect
      .poll(async () => (await history.textContent()) ?? '')
      .toContain(
        fill(messages.historiqueProcuration, {
          acte: messages.historiqueProcurationBrouillon,
          id: given.idProcuration,
          adresse: '127.0.0.1',
        }),
      );

    // Another code, revoked before the helper uses it: refused on /aide.
    await sp.goto('/procurations');
    const second = await giveOnPage(sp, '3');
    await sp.getByRole('button', { name: pm.codeFermer }).click();
    const again = await apiCall<{ idProcuration: number }[]>(
      'GET',
      'campus/procuration?page=0&size=10&sort=idProcuration,desc',
      { token: studentToken },
    );
    const idSecond = again.body[0].idProcuration;
    await sp.getByRole('button', { name: fill(pm.revoquerDe, { id: idSecond }) }).click();
    const confirm = sp.getByTestId('revoquer-procuration');
    await confirm.getByRole('button', { name: pm.revoquer }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await rowOf(sp, idSecond).textContent()) ?? '').toContain(pm.etatREVOQUEE);
    await lookEverywhere(sp, own.inflight, 'procurations-revoquee');
    await helperSignsIn(page, second);
    const refused = page.getByTestId('erreur-aide');
    await refused.waitFor();
    expect(await refused.textContent()).toBe(messages.procurationCodeInvalide);
    expect(await page.getByTestId('aide-session').count()).toBe(0);
    // Out of a session, the visitor's menu is whole again.
    await expect.poll(async () => visitorEntries.count()).toBe(2);

    // An expired procuration, as the list draws it: the clock alone makes one (an hour at least),
    // so the list's answer is read with the revoked row's end in the past and its state EXPIREE.
    await sp.route(LIST, async (route) => {
      const res = await route.fetch();
      const rows = (await res.json()) as { idProcuration: number; etat: string; revoqueeA: string | null }[];
      const past = new Date(Date.now() - 3_600_000).toISOString();
      const body = rows.map((r) =>
        r.idProcuration === idSecond ? { ...r, etat: 'EXPIREE', revoqueeA: null, expireA: past } : r,
      );
      await route.fulfill({ response: res, json: body });
    });
    await sp.reload();
    await expect.poll(async () => (await rowOf(sp, idSecond).textContent()) ?? '').toContain(pm.etatEXPIREE);
    expect(
      await rowOf(sp, idSecond)
        .getByRole('button', { name: fill(pm.revoquerDe, { id: idSecond }) })
        .count(),
    ).toBe(0);
    await lookEverywhere(sp, own.inflight, 'procurations-expiree');
    await sp.unroute(LIST);
    await helper.context.close();
    await own.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
