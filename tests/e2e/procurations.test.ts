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

// A procuration in a real Chromium against the real server (docs/procurations.md#screens): a
// student ready to deposit (one criterion that needs a proof) and without a bed opens
// « Procurations », where « Payer mon loyer » is not offered, and gives a DEPOT code (API). On a
// phone the helper signs in on /aide: whom it helps and until when (« jusqu'au … à … h … »), the
// identity block naming the student helped, a PNG photo chosen in the proof's picker made into a
// PDF and sent, the draft saved and then shown. Each screen at 360 and 1366 px, light and dark.

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

describe('a helper prepares the deposit', () => {
  it('no rent, no « Payer mon loyer »; the helper sees whom it helps, sends a PNG as a PDF and sees its draft', async () => {
    const own = await accountPage(browser, e2eServer().baseURL, await storedSession(INE, student.password));
    await own.page.goto('/procurations');
    const tache = own.page.locator('#tache');
    await own.page.getByText(pm.paiementSansLoyer).waitFor();
    expect(await tache.locator('option').allTextContents()).toEqual([pm.tacheDEPOT]);
    await lookEverywhere(own.page, own.inflight, 'procurations');
    await own.context.close();

    const given = await apiCall<{ code: string; expireA: string }>('POST', 'campus/procuration', {
      token: studentToken,
      body: { tache: 'DEPOT', dureeHeures: 2 },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);

    const helper = await accountPage(browser, e2eServer().baseURL, null);
    const page = helper.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/aide');
    await page.locator('#ine').fill(INE);
    await page.locator('#code').fill(given.body.code);
    await page.getByRole('button', { name: pm.aideConnexion }).click();
    const session = page.getByTestId('aide-session');
    await session.waitFor();
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
    await page.getByRole('button', { name: pm.aideBrouillonRemplacer }).waitFor();
    await lookEverywhere(page, helper.inflight, 'aide-brouillon');
    await helper.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
