import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { USER_KEY } from '../../src/web/lib/auth';
import { launchBrowser, newPage, signInStored, apiCall } from '../helpers/browser';
import { pdfOfSize } from '../helpers/dossier';
import { e2eServer } from '../helpers/e2e';
import { DIRECTIONS_BY_FILE, preparedStudent, type Prepared } from './staff-fixtures';

// The student on a weak network (docs/sessions-and-dossiers.md#on-a-weak-network),
// in a real Chromium at phone size against the real server: each proof goes up by the resumable
// uploads as soon as it is chosen, and a network lost midway (DevTools' network emulation) costs
// nothing but waiting; the form, its files included, comes back after a reload; a deposit asked
// offline is sent once the network is back; the sign-out leaves nothing of the form on the phone.

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['weak-network.test.ts'];
const TYPE = `Handicap ${tag}`;
const CRITERE = `Handicap moteur ${tag}`;
/**
 * One student per test: a student deposits once per session. The type is optional (the student
 * picks it): a mandatory one would be asked of every other file's students on this server.
 */
const students: Prepared[] = [];
let smallPdf = '';
let bigPdf = '';
let bigBytes: Buffer;

const ine = (n: number) => `W${String(Date.now()).slice(-9)}${n}`;

beforeAll(async () => {
  const first = await preparedStudent({
    tag,
    ville: VILLE,
    ine: ine(0),
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Aminata',
    types: [{ libelle: TYPE, coefficient: 1, obligatoire: false, critere: CRITERE, note: 3, proof: true }],
  });
  students.push(first);
  for (let n = 1; n < 7; n++)
    students.push(
      await preparedStudent({
        tag: `${tag}${n}`,
        ville: VILLE,
        ine: ine(n),
        nomEtudiant: 'Sawadogo',
        prenomEtudiant: `Aminata ${n}`,
        types: [],
      }),
    );
  const dir = e2eServer().tmpDir;
  smallPdf = path.join(dir, `certificat-${tag}.pdf`);
  writeFileSync(smallPdf, pdfOfSize(40_000));
  // Big enough to be cut midway once the upload is slowed down.
  bigBytes = pdfOfSize(1_200_000);
  bigPdf = path.join(dir, `certificat-medical-${tag}.pdf`);
  writeFileSync(bigPdf, bigBytes);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function onDepot(student: Prepared): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await signInStored(page, student.ine, student.password, '/depot');
  await page.setViewportSize(PHONE);
  await page.getByRole('heading', { name: messages.depotTitre }).waitFor();
  await page.getByTestId('identite').waitFor();
  return { page, close: () => context.close() };
}

/**
 * This run's criterion chosen; every other mandatory type (other files' own) its first criterion;
 * every proof asked for gets `file`, this run's `mine` (default the same).
 */
async function fillForm(page: Page, file: string, mine = file): Promise<void> {
  await page.getByLabel(TYPE, { exact: true }).selectOption({ label: CRITERE });
  for (const select of await page.locator('select[required]').all())
    if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  const own = `fichier-${students[0].criteres[CRITERE].idTypeCritere}`;
  for (const input of await page.locator('input[type="file"]').all())
    await input.setInputFiles((await input.getAttribute('id')) === own ? mine : file);
}

/** Every proof chosen says it is on the server. */
async function allProofsUp(page: Page): Promise<void> {
  const proofs = await page.locator('input[type="file"]').count();
  await expect.poll(() => page.getByTestId('justificatif-envoye').count()).toBe(proofs);
}

/** The stored proof of this run's criterion in the student's dossier, as the server gives it. */
async function storedProof(student: Prepared): Promise<Buffer> {
  const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: student.ine, password: student.password },
  });
  const token = signin.body.accessToken;
  const list = await apiCall<{ idDossier: number }[]>('GET', `campus/dossier/etudiant/${student.ine}`, {
    token,
  });
  const idDossier = list.body[0].idDossier;
  const detail = await apiCall<{
    listeDossierCritere: { idDossierCritere: number; idTypeCritere: number }[];
  }>('GET', `campus/dossier/depot?ineEtudiant=${student.ine}&idDossier=${idDossier}`, { token });
  const entry = detail.body.listeDossierCritere.find(
    (e) => e.idTypeCritere === students[0].criteres[CRITERE].idTypeCritere,
  )!;
  const res = await fetch(
    `${e2eServer().baseURL}/service/api/hebergement-cenou/campus/dossier/${idDossier}/${entry.idDossierCritere}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The uploads the page creates (tus `POST campus/televersement`), counted from now. */
function countPosts(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/campus\/televersement\/?$/.test(new URL(r.url()).pathname))
      counter.count += 1;
  });
  return counter;
}

/** DevTools' network emulation: the upload slowed to `upKbps` (kilobits per second), or offline. */
async function network(cdp: CDPSession, state: { offline: boolean; upKbps?: number }): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: state.offline,
    latency: state.upKbps ? 100 : 0,
    downloadThroughput: -1,
    uploadThroughput: state.upKbps ? (state.upKbps * 1000) / 8 : -1,
  });
}

describe('the student on a weak network', () => {
  it('a proof whose upload loses the network midway goes on by itself once it is back, and the server has it whole', async () => {
    const student = students[0];
    const { page, close } = await onDepot(student);
    try {
      const cdp = await page.context().newCDPSession(page);
      await network(cdp, { offline: false, upKbps: 800 });
      await fillForm(page, smallPdf, bigPdf);
      // What remains to send is shown while the proofs go up.
      await page.getByTestId('reste-a-envoyer').waitFor();

      // Cut once part of the big proof is up: the proof waits for the network, and says so.
      const bar = page.getByRole('progressbar', {
        name: messages.envoiFichier.replace('{nom}', path.basename(bigPdf)),
      });
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(20);
      await network(cdp, { offline: true });
      await page.getByText(messages.justificatifAttendReseau).waitFor();

      // Back: it resumes from what the server kept, and goes up whole.
      await network(cdp, { offline: false });
      await allProofsUp(page);
      await page.getByTestId('reste-a-envoyer').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: messages.deposer }).click();
      await page.getByTestId('recu').waitFor();
      expect(sha(await storedProof(student))).toBe(sha(bigBytes));
    } finally {
      await close();
    }
  });

  it('finds the form again after a reload, its proofs already up, and deposits it', async () => {
    const student = students[1];
    const { page, close } = await onDepot(student);
    try {
      await fillForm(page, smallPdf);
      await allProofsUp(page);
      await page.reload();
      await page.getByTestId('saisie-restauree').waitFor();
      const select = page.getByLabel(TYPE, { exact: true });
      expect(await select.locator('option:checked').textContent()).toBe(CRITERE);
      await allProofsUp(page);
      await page.getByRole('button', { name: messages.deposer }).click();
      await page.getByTestId('recu').waitFor();
      expect((await storedProof(student)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await close();
    }
  });

  it('keeps a deposit asked offline and sends it once the network is back, then says so', async () => {
    const student = students[2];
    const { page, close } = await onDepot(student);
    try {
      await fillForm(page, smallPdf);
      await allProofsUp(page);
      await page.context().setOffline(true);
      await page.getByRole('button', { name: messages.deposer }).click();
      await page.getByText(messages.depotHorsConnexion).waitFor();
      expect(await page.getByTestId('recu').count()).toBe(0);
      await page.context().setOffline(false);
      await page.getByTestId('recu').waitFor();
      // Then says so: the receipt's title.
      await page.getByRole('heading', { name: messages.recuTitre }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    } finally {
      await close();
    }
  });

  it('sends a proof again when the server no longer has its upload (expired), then the deposit', async () => {
    const student = students[4];
    const { page, close } = await onDepot(student);
    try {
      await fillForm(page, smallPdf);
      await allProofsUp(page);
      // The server loses this run's upload (as 24 hours after its last byte): ended by tus DELETE.
      const own = students[0].criteres[CRITERE].idTypeCritere;
      const gone = await page.evaluate(async (idType) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('cenou-depot');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        const drafts = await new Promise<{ choices: Record<number, { uploadUrl: string }> }[]>((resolve) => {
          const req = db.transaction('brouillons').objectStore('brouillons').getAll();
          req.onsuccess = () => resolve(req.result as never);
        });
        db.close();
        return drafts[0].choices[idType].uploadUrl;
      }, own);
      const token = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), USER_KEY))!) as {
        accessToken: string;
      };
      const ended = await fetch(gone, {
        method: 'DELETE',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token.accessToken}` },
      });
      expect(ended.status).toBe(204);
      const uploads = countPosts(page);
      await page.getByRole('button', { name: messages.deposer }).click();
      await page.getByTestId('recu').waitFor();
      // The proof went up once more (a new upload), and the server has it.
      expect(uploads.count).toBe(1);
      expect((await storedProof(student)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await close();
    }
  });

  it('says the dossier is there when the deposit went through but its answer was lost', async () => {
    const student = students[5];
    const { page, close } = await onDepot(student);
    try {
      await fillForm(page, smallPdf);
      await allProofsUp(page);
      // The deposit reaches the server, its answer never reaches the phone.
      let lost = false;
      await page.route('**/campus/dossier', async (route) => {
        if (route.request().method() !== 'PUT' || lost) return route.continue();
        lost = true;
        await route.fetch();
        return route.abort('internetdisconnected');
      });
      await page.getByRole('button', { name: messages.deposer }).click();
      // Sent again (Réessayer): the server says the dossier exists; the page shows it, nothing kept.
      const failure = page.getByTestId('echec-depot');
      await failure.getByRole('button', { name: messages.reessayer }).click();
      await page.getByTestId('dossier-existant').waitFor();
      expect(lost).toBe(true);
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const db = await new Promise<IDBDatabase>((resolve) => {
              const req = indexedDB.open('cenou-depot');
              req.onsuccess = () => resolve(req.result);
            });
            const n = await new Promise<number>((resolve) => {
              const req = db.transaction('brouillons').objectStore('brouillons').count();
              req.onsuccess = () => resolve(req.result);
            });
            db.close();
            return n;
          }),
        )
        .toBe(0);
    } finally {
      await close();
    }
  });

  it('ends on the server the upload of a proof replaced by another file', async () => {
    const student = students[6];
    const { page, close } = await onDepot(student);
    try {
      await fillForm(page, smallPdf);
      await allProofsUp(page);
      const ended: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'DELETE' && r.url().includes('/campus/televersement/')) ended.push(r.url());
      });
      const own = `#fichier-${students[0].criteres[CRITERE].idTypeCritere}`;
      const first = await page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const req = indexedDB.open('cenou-depot');
          req.onsuccess = () => resolve(req.result);
        });
        const drafts = await new Promise<{ choices: Record<number, { uploadUrl: string }> }[]>((resolve) => {
          const req = db.transaction('brouillons').objectStore('brouillons').getAll();
          req.onsuccess = () => resolve(req.result as never);
        });
        db.close();
        return Object.values(drafts[0].choices).map((c) => c.uploadUrl);
      });
      await page.locator(own).setInputFiles(bigPdf);
      await allProofsUp(page);
      await expect.poll(() => ended.length).toBe(1);
      expect(first).toContain(ended[0]);
    } finally {
      await close();
    }
  });

  it('leaves nothing of the form on the phone after the sign-out', async () => {
    const student = students[3];
    const { page, close } = await onDepot(student);
    try {
      await fillForm(page, smallPdf);
      await allProofsUp(page);
      const kept = () =>
        page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'cenou-depot'));
      expect(await kept()).toBe(true);
      await page.goto('/deconnexion');
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(kept).toBe(false);
      // Signed in again (the name shows in the desktop top bar), the form is empty.
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInStored(page, student.ine, student.password, '/depot');
      await page.getByTestId('identite').waitFor();
      expect(await page.getByTestId('saisie-restauree').count()).toBe(0);
      expect(await page.getByLabel(TYPE, { exact: true }).inputValue()).toBe('');
    } finally {
      await close();
    }
  });
});
