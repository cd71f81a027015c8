import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { fullName } from '../../src/domain/format';
import { enumLabel } from '../../src/domain/messages-labels';
import { groupName } from '../../src/domain/room-choice-names';
import { fill } from '../../src/web/lib/format';
import { apiCall, launchBrowser, newPage, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { menuEntry } from '../helpers/menu';
import { inEveryVariant, type Seen } from '../helpers/screens';
import { PATIENCE_MS } from '../helpers/wait';
import { deliberationReady, type Candidate } from './deliberation-fixtures';
import { DIRECTIONS_BY_FILE, mixedBuilding } from './staff-fixtures';

// Staff's room-choice campaign in a real Chromium at 1366 px against the real server
// (docs/room-choice.md#staffs-screen): the admin prepares through the API a deliberation of Kaya's
// direction in a session of its own (deliberation-fixtures.ts), three students admitted at its
// publication who accept their offers, and a mixed building of two 2-bed rooms. The regional
// manager creates the campaign on its screen (2 students a slot of 30 minutes, from now), sees the
// slots in order with why, the counts agreeing with the table, a student's hold (made through the
// API) in the follow-up, and cancels it after a confirmation.

let browser: Browser;
/** The follow-up's pictures in each variant. */
const SHOTS = path.resolve('.test-output/room-choice-staff');
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['room-choice-staff.test.ts'];
const ineOf = (i: number) => `CS${String(Date.now()).slice(-9)}${i}`;
const STUDENTS: Candidate[] = ['un', 'deux', 'trois'].map((key, i) => ({
  key,
  ine: ineOf(i),
  email: `suivi.${tag}.${i}@exemple.bf`,
  moyenneBac: '14,00',
  criteres: [`Burkinabè ${key} ${tag}`],
}));
const rooms: number[] = [];
let idSession = 0;
let admin = '';
let manager: { userName: string; password: string };

async function ok<T>(method: string, p: string, body?: unknown, token = admin): Promise<T> {
  const res = await apiCall<T>(method, p, { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The direction's sessions moved on by another file closed: this file deposits in a new one. */
async function freshSession() {
  const villes = await ok<{ idVille: number; nomVille: string; idDirection: number }[]>(
    'GET',
    'campus/ville',
  );
  const ville = villes.find((v) => v.nomVille === VILLE)!;
  const sessions = await ok<Record<string, unknown>[]>('GET', 'campus/session-cenou');
  for (const s of sessions)
    if (
      s.idDirection === ville.idDirection &&
      s.statutSession === 'OUVERT' &&
      s.etatSession !== 'INSCRIPTION'
    )
      await closeSession(Number(s.idSessionCenou));
  return ville;
}

async function closeSession(id: number) {
  const s = await ok<Record<string, unknown>>('GET', `campus/session-cenou/${id}`);
  await ok('PUT', `campus/session-cenou/${id}`, {
    idDirection: s.idDirection,
    etatSession: s.etatSession,
    statutSession: 'FERME',
    dateOuverture: String(s.dateOuverture).slice(0, 10),
    dateFermeture: String(s.dateOuverture).slice(0, 10),
  });
}

/** A mixed building of two 2-bed rooms. */
async function housing(idVille: number) {
  const made = await mixedBuilding(admin, {
    idVille,
    nomCite: `Cité Suivi ${tag}`,
    adresseCite: 'Secteur 2',
    libelleCategorie: `Chambre double ${tag}`,
    montantChambre: 10000,
    pavillon: { libelle: 'Pavillon S', code: 'S' },
    rooms: ['S01', 'S02'],
  });
  rooms.push(made.rooms.S01, made.rooms.S02);
}

beforeAll(async () => {
  admin = (
    await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
      body: { username: 'admin', password: e2eServer().adminPassword },
    })
  ).body.accessToken;
  const ville = await freshSession();
  browser = await launchBrowser();
  const made = await deliberationReady({
    ville: VILLE,
    tag,
    nbLit: 4,
    nom: 'Suivi',
    managerTag: `cs.${tag}`,
    types: [
      {
        libelle: `Nationalité suivi ${tag}`,
        coefficient: 1,
        obligatoire: true,
        criteres: STUDENTS.map((st) => ({
          libelle: `Burkinabè ${st.key} ${tag}`,
          note: 10,
          liste: 'NATIONAUX',
        })),
      },
    ],
    students: STUDENTS,
    quotas: STUDENTS.map((st) => `Burkinabè ${st.key} ${tag}`),
    publishSeed: `suivi-${tag}`,
  });
  idSession = made.idSession;
  manager = made.manager;
  await housing(ville.idVille);
  for (const st of STUDENTS)
    await ok('POST', `campus/dossier/${st.idDossier}/reponse`, { reponse: 'ACCEPTE' }, st.token);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  // The session closed again: a later file of this worker deposits in Kaya's direction in a new one.
  if (admin && idSession) await closeSession(idSession);
});

/** `YYYY-MM-DDTHH:mm` in Ouagadougou's time (UTC), as the form's date and time fields take it. */
const local = (d: Date) => d.toISOString().slice(0, 16);
const row = (page: Page, ine: string) => page.locator('.follow-table tbody tr', { hasText: ine });

describe('staff’s room-choice campaign', () => {
  it('creates the campaign, sees its slots and counts, follows a hold and cancels it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInStored(page, manager.userName, manager.password);
      await (await menuEntry(page, messages.menuChoixChambres)).click();
      await page.waitForURL(`${e2eServer().baseURL}/campagne-choix-chambres`);
      await page.getByTestId('sans-campagne').waitFor();
      // The form checks what the server checks: a start in the past is refused under its field.
      const debut = page.getByLabel(messages.champDebutCampagne);
      await debut.fill(local(new Date(Date.now() - 3600_000)));
      await page.getByRole('button', { name: messages.choixCreerCampagne }).click();
      await page.getByText(messages.choixCampagneDebutPasse).waitFor();
      await debut.fill(local(new Date()));
      await page.getByLabel(messages.champFinCampagne).fill(local(new Date(Date.now() + 24 * 3600_000)));
      await page.getByLabel(messages.champDureeCreneau).fill('30');
      await page.getByLabel(messages.champEtudiantsParCreneau).fill('2');
      await page.getByRole('button', { name: messages.choixCreerCampagne }).click();
      await page.getByText(fill(messages.choixCampagneCreee, { nombre: 3 })).waitFor();

      // The slots in order with why: two open now, the third in 30 minutes; the counts agree.
      await page.getByTestId('campagne').waitFor();
      await expect
        .poll(() => page.locator('.follow-table tbody tr').count(), { timeout: PATIENCE_MS })
        .toBe(3);
      const states = () =>
        page
          .locator('.follow-table [data-etat]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-etat')));
      expect(await states()).toEqual(['EN_ATTENTE', 'EN_ATTENTE', 'PAS_ENCORE_OUVERT']);
      expect(await page.locator('.follow-table tbody').textContent()).toContain(
        fill(messages.choixRang, { liste: enumLabel('listeDeliberation', 'NATIONAUX'), rang: 1 }),
      );
      const count = (etat: string) => page.locator(`[data-testid="compteurs"] [data-etat="${etat}"] strong`);
      await expect.poll(() => count('EN_ATTENTE').textContent()).toBe('2');
      expect(await count('PAS_ENCORE_OUVERT').textContent()).toBe('1');
      // Started: neither changed nor cancelled any more.
      expect(await page.getByRole('button', { name: messages.choixModifierCampagne }).count()).toBe(0);

      // The order said in one line; the rank used on each row.
      expect(await page.getByTestId('ordre-aide').textContent()).toBe(messages.choixOrdreAide);
      // The last student forms a group and invites the second, who has not answered: the group is
      // named after the student who formed it, the invitation said as pending.
      const texts = await page.locator('.follow-table tbody tr').allTextContents();
      const [second, last] = [1, 2].map((i) => STUDENTS.find((st) => texts[i].includes(st.ine))!);
      await ok('POST', 'campus/choix-chambre/groupe', { ines: [second.ine] }, last.token);
      await page.getByRole('button', { name: messages.rafraichir }).click();
      const moi = await ok<{
        groupe: { idGroupe: number; membres: { ine: string; nomEtudiant: string; prenomEtudiant: string }[] };
      }>('GET', 'campus/choix-chambre/moi', undefined, last.token);
      const leader = moi.groupe.membres.find((m) => m.ine === last.ine)!;
      const nom = fullName(leader.nomEtudiant, leader.prenomEtudiant);
      await expect
        .poll(() => row(page, last.ine).textContent(), { timeout: PATIENCE_MS })
        .toContain(groupName(leader.nomEtudiant, leader.prenomEtudiant));
      expect(await row(page, second.ine).textContent()).toContain(fill(messages.choixGroupeInvite, { nom }));
      // Seen at 360 and 1366 px, light and dark: nothing wider than the screen; kept as pictures.
      mkdirSync(SHOTS, { recursive: true });
      await inEveryVariant(page, '/campagne-choix-chambres', 'groupes', async (p: Page, seen: Seen) => {
        await p.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
        const overflow = await p.evaluate(() => {
          const root = document.scrollingElement!;
          return root.scrollWidth - root.clientWidth;
        });
        expect(overflow, seen.variant.name).toBeLessThanOrEqual(1);
        await p.screenshot({
          path: path.join(SHOTS, `suivi-${seen.variant.name.replace(/\W/g, '')}.png`),
          fullPage: true,
        });
      });

      // The second accepts: it now chooses at its group's later slot, said under its own.
      expect(await row(page, second.ine).getByTestId('creneau-groupe').count()).toBe(0);
      await ok(
        'POST',
        `campus/choix-chambre/groupe/${moi.groupe.idGroupe}/reponse`,
        { reponse: 'ACCEPTE' },
        second.token,
      );
      await page.getByRole('button', { name: messages.rafraichir }).click();
      const groupSlot = await row(page, last.ine).locator('.slot-time').textContent();
      await expect
        .poll(() => row(page, second.ine).getByTestId('creneau-groupe').textContent(), {
          timeout: PATIENCE_MS,
        })
        .toBe(fill(messages.choixCreneauGroupe, { creneau: groupSlot! }));
      expect(await row(page, second.ine).locator('.slot-time').textContent()).not.toBe(groupSlot);

      // The first student (its slot open) holds a room; the follow-up shows it, staff cancel it.
      const first = (await page.locator('.follow-table tbody tr').first().textContent()) ?? '';
      const holder = STUDENTS.find((st) => first.includes(st.ine))!;
      await ok('POST', 'campus/choix-chambre/reservation', { idChambre: rooms[0] }, holder.token);
      await page.getByRole('button', { name: messages.rafraichir }).click();
      await expect
        .poll(() => row(page, holder.ine).locator('[data-etat]').getAttribute('data-etat'))
        .toBe('EN_RESERVATION');
      await expect.poll(() => count('EN_RESERVATION').textContent(), { timeout: PATIENCE_MS }).toBe('1');
      // The held room and the hold's end, as the student's screen counts it down.
      expect(await row(page, holder.ine).textContent()).toContain(`Cité Suivi ${tag}`);
      const ends = await row(page, holder.ine).getByTestId('fin-reservation').textContent();
      expect(ends).toMatch(
        new RegExp(`^${fill(messages.choixReservationJusqua, { heure: '\\d{2}:\\d{2}' })}$`),
      );
      await row(page, holder.ine)
        .getByRole('button', { name: messages.choixAnnulerReservation, exact: false })
        .click();
      const dialog = page.getByTestId('confirmation-reservation');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(holder.ine);
      // The room it frees, named.
      expect(await dialog.textContent()).toContain(`Cité Suivi ${tag}`);
      await dialog.getByRole('button', { name: messages.oui }).click();
      await page.getByText(messages.choixReservationAnnulee).first().waitFor();
      await expect
        .poll(() => row(page, holder.ine).locator('[data-etat]').getAttribute('data-etat'))
        .toBe('EN_ATTENTE');
    } finally {
      await context.close();
    }
  });
});
