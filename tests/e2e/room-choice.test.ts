import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { roomChoiceMessages as rc } from '../../src/domain/messages-room-choice';
import { formatFcfa } from '../../src/domain/money';
import { fill } from '../../src/web/lib/format';
import { axeViolations, describeViolations } from '../helpers/axe';
import { apiCall, launchBrowser, signInStored } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { IN_PAGE, screenProblems } from '../helpers/screen-checks';
import { inEveryVariant } from '../helpers/screens';
import { PATIENCE_MS } from '../helpers/wait';
import { deliberationReady, type Candidate } from './deliberation-fixtures';
import { created, DIRECTIONS_BY_FILE, mixedBuilding } from './staff-fixtures';

// The student's room choice in a real Chromium on a phone (360 px) against the real server
// (docs/room-choice.md#the-students-screen): the admin prepares through the API a deliberation of
// Banfora's direction in a session of its own (deliberation-fixtures.ts), three students admitted
// at its publication who accept their offers, a mixed building of three 2-bed rooms, and a
// campaign open now whose holds last one minute. Two friends form a group on their screens and
// choose one room together, each getting a bed; a room taken by another student through the API
// leaves the list within seconds; the warning 20 s before a hold's end and its extension, with the
// browser's clock moved on (no waiting); a lost network during a hold, and what the screen says
// when it returns. Each screen passes axe.

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = DIRECTIONS_BY_FILE['room-choice.test.ts'];
const MONTANT = 12500;
const ineOf = (i: number) => `RC${String(Date.now()).slice(-9)}${i}`;
const STUDENTS: Candidate[] = ['une', 'deux', 'trois'].map((key, i) => ({
  key,
  ine: ineOf(i),
  email: `choix.${tag}.${i}@exemple.bf`,
  moyenneBac: '14,00',
  criteres: [`Burkinabè ${key} ${tag}`],
}));
const rooms: Record<string, number> = {};
let idSession = 0;
let admin = '';
let nomCite = '';

async function ok<T>(method: string, p: string, body?: unknown, token = admin): Promise<T> {
  const res = await apiCall<T>(method, p, { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The direction's open session closed when another file moved it on: this file deposits in a new one. */
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
      await ok('PUT', `campus/session-cenou/${Number(s.idSessionCenou)}`, {
        idDirection: s.idDirection,
        etatSession: s.etatSession,
        statutSession: 'FERME',
        dateOuverture: String(s.dateOuverture).slice(0, 10),
        dateFermeture: String(s.dateOuverture).slice(0, 10),
      });
  return ville;
}

/** A mixed building of three 2-bed rooms. */
async function housing(idVille: number) {
  nomCite = `Cité Choix ${tag}`;
  const made = await mixedBuilding(admin, {
    idVille,
    nomCite,
    adresseCite: 'Secteur 7',
    libelleCategorie: `Chambre double ${tag}`,
    montantChambre: MONTANT,
    pavillon: { libelle: 'Bâtiment A', code: 'F' },
    rooms: ['F01', 'F02', 'F03'],
  });
  Object.assign(rooms, made.rooms);
}

beforeAll(async () => {
  admin = (
    await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
      body: { username: 'admin', password: e2eServer().adminPassword },
    })
  ).body.accessToken;
  const ville = await freshSession();
  browser = await launchBrowser();
  // Three students, each on a criterion of its own with one place: all three admitted at the
  // publication; each accepts its offer.
  const made = await deliberationReady({
    ville: VILLE,
    tag,
    nbLit: 6,
    nom: 'Choix',
    managerTag: `rc.${tag}`,
    types: [
      {
        libelle: `Nationalité choix ${tag}`,
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
    publishSeed: `choix-${tag}`,
  });
  idSession = made.idSession;
  await housing(ville.idVille);
  for (const st of STUDENTS)
    await ok('POST', `campus/dossier/${st.idDossier}/reponse`, { reponse: 'ACCEPTE' }, st.token);
  // The regional manager opens the campaign now, until tomorrow; a hold lasts one minute.
  const dr = (
    await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
      body: { username: made.manager.userName, password: made.manager.password },
    })
  ).body.accessToken;
  await ok(
    'POST',
    'campus/choix-chambre/campagne',
    {
      idSessionCenou: made.idSession,
      idDirection: made.idDirection,
      debut: new Date().toISOString(),
      fin: new Date(Date.now() + 24 * 3600_000).toISOString(),
      dureeReservationMinutes: 1,
    },
    dr,
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  // The session closed again: a later file of this worker deposits in Banfora's direction in a new one.
  if (admin && idSession) {
    const s = await ok<Record<string, unknown>>('GET', `campus/session-cenou/${idSession}`);
    await apiCall('PUT', `campus/session-cenou/${idSession}`, {
      token: admin,
      body: {
        idDirection: s.idDirection,
        etatSession: s.etatSession,
        statutSession: 'FERME',
        dateOuverture: String(s.dateOuverture).slice(0, 10),
        dateFermeture: String(s.dateOuverture).slice(0, 10),
      },
    });
  }
});

/** A phone: 360 px wide. */
async function phone(i: number) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseURL,
    locale: 'fr-FR',
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  // The screen checks' own code in the page, for the look at every variant.
  await context.addInitScript(IN_PAGE);
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  await signInStored(page, STUDENTS[i].ine, STUDENTS[i].password!, '/tableau-de-bord');
  // Signed in (the user's name shows in the wide top bar), the page turns to a phone's width.
  await page.setViewportSize({ width: 360, height: 780 });
  return { context, page };
}

async function axeClean(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(describeViolations(where, violations)).toEqual([]);
}

const room = (page: Page, code: string) => page.locator(`[data-testid="chambre"][data-chambre="${code}"]`);

describe('the student’s room choice on a phone', () => {
  it('a group of two chooses one room and both get a bed; a room taken by another leaves the list', async () => {
    const a = await phone(0);
    const b = await phone(1);
    try {
      // From the dashboard's card to the choice.
      const card = a.page.getByTestId('carte-choix-chambre');
      await card.getByRole('link', { name: rc.choixOuvrir }).click();
      await a.page.waitForURL('**/choix-chambre');
      await a.page.getByTestId('creneau-ouvert').waitFor();
      // The direction has more than one cité (the fixture's own, without rooms): the page opens on
      // the one with free beds for her, and each cité says how many.
      const chosen = a.page.locator('[data-testid="choix-cite"][aria-pressed="true"]');
      await expect.poll(() => chosen.textContent()).toContain(nomCite);
      expect(await chosen.textContent()).toContain(fill(rc.choixCiteLits, { n: 6 }));
      const empty = a.page.locator('[data-testid="choix-cite"][data-lits="0"]');
      expect(await empty.count()).toBeGreaterThan(0);
      expect(await empty.first().textContent()).toContain(rc.choixCiteLitsAucun);
      await room(a.page, 'F01').waitFor();
      await a.page.getByRole('heading', { name: 'Bâtiment A', exact: true }).waitFor();
      // Colours measured as they end, not while a transition runs (as the screens' walk does).
      await a.page.addStyleTag({
        content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
      });
      const problems: string[] = [];
      await inEveryVariant(a.page, '/choix-chambre', 'chambres', async (p, seen) => {
        problems.push(...(await screenProblems(p, `choix-chambre ${seen.variant.name}`, seen)));
      });
      expect(problems, problems.join('\n')).toEqual([]);
      await a.page.setViewportSize({ width: 360, height: 780 });
      expect(await room(a.page, 'F01').locator('[data-champ="montantChambre"]').textContent()).toBe(
        formatFcfa(MONTANT, { unit: true }),
      );
      await axeClean(a.page, 'choix 360 px');

      // The first invites the second by INE; the second accepts on its own screen.
      await a.page.getByLabel(fill(rc.groupeIne, { n: 1 })).fill(STUDENTS[1].ine);
      await a.page.getByRole('button', { name: rc.groupeInviter }).click();
      await a.page
        .locator(`[data-testid="membres"] li[data-ine="${STUDENTS[1].ine}"][data-statut="INVITE"]`)
        .waitFor();
      // Her dashboard's card says an invitation waits for her answer.
      await b.page.goto('/tableau-de-bord');
      await b.page.getByTestId('carte-choix-invitation').getByText(rc.choixCarteInvitation).waitFor();
      await b.page.goto('/choix-chambre');
      const invitation = b.page.getByTestId('invitation-recue');
      await invitation.getByText(`Élève ${STUDENTS[0].key}`, { exact: false }).waitFor();
      await axeClean(b.page, 'invitation 360 px');
      await invitation.getByRole('button', { name: rc.groupeAccepter }).click();
      await b.page
        .locator(`[data-testid="membres"] li[data-ine="${STUDENTS[1].ine}"][data-statut="ACCEPTE"]`)
        .waitFor();
      await a.page
        .locator(`[data-testid="membres"] li[data-ine="${STUDENTS[1].ine}"][data-statut="ACCEPTE"]`)
        .waitFor();

      // Another student takes F01 through the API: it leaves the group's list within seconds.
      await room(a.page, 'F01').waitFor();
      await ok('POST', 'campus/choix-chambre/reservation', { idChambre: rooms.F01 }, STUDENTS[2].token);
      await room(a.page, 'F01').waitFor({ state: 'detached' });
      expect(await room(a.page, 'F02').count()).toBe(1);

      // The group holds F02, sees its countdown, and confirms: both have a bed.
      await a.page.getByRole('button', { name: fill(rc.choixReserverChambre, { chambre: 'F02' }) }).click();
      const hold = a.page.getByTestId('ma-reservation');
      await hold.waitFor();
      expect(await hold.getByRole('timer').textContent()).toMatch(/^[01]:\d\d$/);
      expect(await hold.getByTestId('prolongations-restantes').textContent()).toBe(
        fill(rc.reservationProlongationsRestantes, { n: 10 }),
      );
      await axeClean(a.page, 'réservation 360 px');
      await hold.getByRole('button', { name: rc.reservationConfirmer }).click();
      await a.page.getByTestId('loge').waitFor();
      await a.page.getByTestId('loge').getByText(nomCite, { exact: false }).waitFor();
      await a.page.getByRole('link', { name: rc.logeEcheances }).waitFor();
      await axeClean(a.page, 'lit attribué 360 px');
      // The friend's screen learns it at its next read.
      await b.page.getByTestId('loge').waitFor();
      for (const token of STUDENTS.slice(0, 2).map((st) => st.token)) {
        const mine = await ok<{ libelleChambre: string }[]>(
          'GET',
          'campus/affectation/etudiant',
          undefined,
          token,
        );
        expect(mine[0]?.libelleChambre).toBe('F02');
      }
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('warns 20 s before the hold’s end and extends it; a lost network keeps the countdown and says where the hold stands', async () => {
    const c = await phone(2);
    const { page, context } = c;
    try {
      // Its hold of F03 (made through the API) shows with its countdown; then the browser's clock
      // moves on to 12 s before its end: the warning and « Prolonger ».
      await ok('POST', 'campus/choix-chambre/reservation', { idChambre: rooms.F03 }, STUDENTS[2].token);
      // The dashboard's card names the held room and when the hold ends.
      await page.goto('/tableau-de-bord');
      const heldCard = page.getByTestId('carte-choix-reservation');
      await heldCard.waitFor();
      expect(await heldCard.textContent()).toMatch(
        new RegExp(
          `^${fill(rc.choixCarteReservation, { chambre: `${nomCite}, Bâtiment A, F03`, heure: '\\d{2}:\\d{2}' })}$`,
        ),
      );
      // The result card says what is left: to confirm the held room, not to choose one.
      await expect
        .poll(() => page.getByTestId('etat-offre').textContent(), { timeout: PATIENCE_MS })
        .toBe(messages.offreEtatAccepteeReservation);
      // On the result's own page (no card there), a link leads to the confirmation.
      await page.goto(`/mon-resultat/${STUDENTS[2].idDossier}`);
      const link = page.getByTestId('lien-choix-chambre');
      await link.waitFor();
      expect(await link.textContent()).toBe(rc.choixCarteConfirmer);
      expect(await link.getAttribute('href')).toBe('/choix-chambre');
      await page.clock.install();
      await page.goto('/choix-chambre');
      const hold = page.getByTestId('ma-reservation');
      await hold.waitFor();
      expect(await page.getByTestId('creneau-reservation').textContent()).toMatch(
        new RegExp(`^${fill(rc.creneauReservation, { heure: '\\d{2}:\\d{2}' })}$`),
      );
      expect(await page.getByTestId('creneau-ouvert').count()).toBe(0);
      expect(await page.getByTestId('alerte-fin').count()).toBe(0);

      // The network lost: the screen says so and the countdown goes on; back, it reads the hold again.
      await context.setOffline(true);
      await page.getByTestId('hors-ligne').getByText(rc.horsLigne).waitFor();
      const before = await hold.getByRole('timer').textContent();
      await page.clock.fastForward(2_000);
      await expect.poll(() => hold.getByRole('timer').textContent()).not.toBe(before);
      await context.setOffline(false);
      await page.getByTestId('retour-reseau').getByText(rc.retourTient).waitFor();

      const [min, sec] = (await hold.getByRole('timer').textContent())!.split(':').map(Number);
      await page.clock.fastForward((min * 60 + sec - 12) * 1000);
      const alert = page.getByTestId('alerte-fin');
      await alert.getByText(rc.reservationAlerte).waitFor();
      await axeClean(page, 'alerte 360 px');
      await alert.getByRole('button', { name: rc.reservationProlonger }).click();
      await alert.waitFor({ state: 'detached' });
      await hold
        .getByTestId('prolongations-restantes')
        .getByText(fill(rc.reservationProlongationsRestantes, { n: 9 }))
        .waitFor();
      const held = await ok<{ reservation: { prolongations: number } | null }>(
        'GET',
        'campus/choix-chambre/moi',
        undefined,
        STUDENTS[2].token,
      );
      expect(held.reservation?.prolongations).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('a cité of two buildings: each opens and closes, the first shows 24 rooms and the others on demand', async () => {
    // Its hold of the test above given back: the rooms show again.
    const held = await ok<{ reservation: { idReservation: number } | null }>(
      'GET',
      'campus/choix-chambre/moi',
      undefined,
      STUDENTS[2].token,
    );
    if (held.reservation)
      await ok(
        'DELETE',
        `campus/choix-chambre/reservation/${held.reservation.idReservation}`,
        undefined,
        STUDENTS[2].token,
      );
    // A second cité of the direction: building G of 26 one-bed rooms, building H of one.
    const ville = (await ok<{ idVille: number; nomVille: string }[]>('GET', 'campus/ville')).find(
      (v) => v.nomVille === VILLE,
    )!;
    const nomGrande = `Cité Grande ${tag}`;
    const { idCite } = await created<{ idCite: number }>(admin, 'cite', {
      idVille: ville.idVille,
      nomCite: nomGrande,
      nbLit: 27,
      adresseCite: 'Secteur 9',
    });
    const { idCategorieChambre } = await created<{ idCategorieChambre: number }>(admin, 'categorie-chambre', {
      idCite,
      libelleCategorieChambre: `Chambre simple ${tag}`,
      montantChambre: MONTANT,
    });
    const building = async (libelle: string, code: string, n: number) => {
      const { idBatiment } = await created<{ idBatiment: number }>(admin, 'batiment', {
        idCite,
        libelleBatiment: libelle,
        codeBatiment: code,
        sexe: 'MIXTE',
      });
      const { idNiveau } = await created<{ idNiveau: number }>(admin, 'niveau', {
        idCite,
        idBatiment,
        libelleNiveau: 'Rez-de-chaussée',
        codeNiveau: '0',
      });
      const { idCouloir } = await created<{ idCouloir: number }>(admin, 'couloir', {
        idCite,
        idBatiment,
        idNiveau,
        libelleCouloir: 'Couloir 1',
        codeCouloir: '1',
      });
      for (let i = 1; i <= n; i++) {
        const libelleChambre = `${code}${String(i).padStart(2, '0')}`;
        const { idChambre } = await created<{ idChambre: number }>(admin, 'chambre', {
          idCite,
          idBatiment,
          idNiveau,
          idCouloir,
          idCategorieChambre,
          libelleChambre,
          codeChambre: libelleChambre,
        });
        await created(admin, 'lit', {
          idCite,
          idBatiment,
          idNiveau,
          idCouloir,
          idChambre,
          libelleLit: 'Lit 1',
          codeLit: '1',
        });
      }
    };
    await building('Bâtiment G', 'G', 26);
    await building('Bâtiment H', 'H', 1);

    const { page, context } = await phone(2);
    try {
      await page.goto('/choix-chambre');
      await page.locator('[data-testid="choix-cite"]').filter({ hasText: nomGrande }).click();
      const toggleG = page.getByRole('button', { name: 'Bâtiment G', exact: true });
      const toggleH = page.getByRole('button', { name: 'Bâtiment H', exact: true });
      // The first building open on its first 24 rooms; the second closed, its rooms not drawn.
      await expect.poll(() => toggleG.getAttribute('aria-expanded')).toBe('true');
      expect(await toggleH.getAttribute('aria-expanded')).toBe('false');
      const roomsG = page.locator('[data-testid="chambre"][data-chambre^="G"]');
      await expect.poll(() => roomsG.count()).toBe(24);
      expect(await room(page, 'H01').count()).toBe(0);
      const more = page.getByTestId('plus-de-chambres');
      expect(await more.textContent()).toBe(fill(rc.choixAutresChambres, { n: 2 }));
      // « Voir les 2 autres chambres du bâtiment »: all 26, and the button gone.
      await more.click();
      await expect.poll(() => roomsG.count()).toBe(26);
      await room(page, 'G26').waitFor();
      expect(await more.count()).toBe(0);
      // The second building opens on its room, then closes again.
      await toggleH.click();
      expect(await toggleH.getAttribute('aria-expanded')).toBe('true');
      await room(page, 'H01').waitFor();
      await toggleH.click();
      expect(await toggleH.getAttribute('aria-expanded')).toBe('false');
      await room(page, 'H01').waitFor({ state: 'detached' });
      // The first closes too: none of its rooms left on the screen.
      await toggleG.click();
      expect(await toggleG.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => roomsG.count()).toBe(0);
      await axeClean(page, 'bâtiments fermés 360 px');
    } finally {
      await context.close();
    }
  });
});
