/**
 * Offers, answers, withdrawals, the waiting list and the offers job (docs/offers.md), on the
 * worked example of docs/offers.md: published through the API, then answered, expired, withdrawn.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../../src/domain/resources/labels';
import { one, rows } from '../../src/server/db/client';
import { tableauDeBordUrl } from '../../src/server/config/urls';
import { runOfferJob } from '../../src/server/modules/offers/job';
import { hashPassword } from '../../src/server/security/passwords';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { insertCite } from '../helpers/assignment';
import {
  addDossier,
  setQuota,
  setupDeliberation,
  type DelibFixture,
  type MadeDossier,
} from '../helpers/deliberation';

let t: TestContext;
let f: DelibFixture;
type Key = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';
let d: Record<Key, MadeDossier>;
const tokens = new Map<Key, string>();

const db = () => t.database.db;
const job = (now = new Date()) => runOfferJob(db(), { dashboardUrl: tableauDeBordUrl(t.config), now });

async function studentToken(k: Key): Promise<string> {
  const hit = tokens.get(k);
  if (hit) return hit;
  const res = await t.api('POST', 'campus-auth/signin', {
    body: { username: d[k].ine, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = (res.json() as { accessToken: string }).accessToken;
  tokens.set(k, token);
  return token;
}

const answer = async (k: Key, reponse: string, who: Key = k) =>
  t.api('POST', `campus/dossier/${d[k].idDossier}/reponse`, {
    token: await studentToken(who),
    body: { reponse },
  });

async function state(k: Key) {
  return (await one<{ statut: string; liste: string | null; rang: number | null; reponse: string | null }>(
    db(),
    sql`SELECT statut_dossier AS statut, liste_deliberation AS liste, rang, reponse FROM dossier WHERE id_dossier = ${d[k].idDossier}`,
  ))!;
}

async function mailsTo(k: Key, kind: string) {
  return rows<{ subject: string; text: string }>(
    db(),
    sql`SELECT subject, text_body AS text FROM outbox_mail WHERE kind = ${kind} AND recipient = ${`${d[k].ine.toLowerCase()}@exemple.bf`}`,
  );
}

async function history(k: Key, token?: string) {
  const res = await t.api('GET', `campus/dossier/${d[k].idDossier}/historique`, {
    token: token ?? (await t.token('admin')),
  });
  return res;
}
const events = async (k: Key) =>
  ((await history(k)).json() as { evenement: string }[]).map((e) => e.evenement);

/** Texts with their no-break spaces (French typography) as plain spaces, to compare. */
const plain = (lines: string[]) => lines.map((l) => l.replace(/\u00a0/g, ' '));

const q = () => `idSessionCenou=${f.idSessionCenou}&idDirection=${f.idDirection}`;

beforeAll(async () => {
  t = await setupTestApp();
  f = await setupDeliberation(db());
  await setQuota(f, 'pupille', 2);
  await setQuota(f, 'etranger', 1);
  await setQuota(f, 'burkinabe', 2);
  const nat = (social: 'orphelin' | 'parents', bourse: 'VALIDE' | 'INJUSTIFIE') =>
    [
      ['burkinabe', 'VALIDE'],
      ['nonPupille', 'VALIDE'],
      [social, 'VALIDE'],
      ['boursier', bourse],
    ] as const;
  const spec = (
    nom: string,
    prenom: string,
    entries: readonly (readonly [string, string])[],
    moyenneBac?: number,
  ) => ({
    nom,
    prenom,
    entries: entries.map(([k, v]) => [k, v]) as never,
    moyenneBac,
  });
  d = {
    // 17,20: the only ward of the nation → PUPILLES 1 (one PUPILLES place left unused → NATIONAUX).
    A: await addDossier(
      f,
      spec('Ouédraogo', 'Awa', [
        ['burkinabe', 'VALIDE'],
        ['pupille', 'VALIDE'],
        ['orphelin', 'VALIDE'],
        ['boursier', 'VALIDE'],
      ]),
    ),
    B: await addDossier(f, spec('Sawadogo', 'Issouf', nat('orphelin', 'VALIDE'))), // 13,20 → NATIONAUX 1
    C: await addDossier(
      f,
      spec('Diallo', 'Mariam', [
        ['etranger', 'VALIDE'],
        ['nonPupille', 'VALIDE'],
        ['orphelin', 'VALIDE'],
        ['boursier', 'INJUSTIFIE'],
      ]),
    ), // 10,80 → ETRANGERS 1
    D: await addDossier(f, spec('Kaboré', 'Salif', nat('parents', 'VALIDE'))), // 8,40 → NATIONAUX 2
    E: await addDossier(f, spec('Zongo', 'Rasmata', nat('parents', 'INJUSTIFIE'), 12.5)), // 6,00 → NATIONAUX 3
    F: await addDossier(f, spec('Ilboudo', 'Boukary', nat('parents', 'INJUSTIFIE'), 12)), // waiting 1
    G: await addDossier(
      f,
      spec(
        'Traoré',
        'Éloïse',
        [
          ['etranger', 'VALIDE'],
          ['nonPupille', 'VALIDE'],
          ['parents', 'VALIDE'],
          ['boursier', 'INJUSTIFIE'],
        ],
        11,
      ),
    ), // waiting 2
    H: await addDossier(f, spec('Kinda', 'Fatimata', nat('parents', 'INJUSTIFIE'), 10)), // waiting 3
  };
  const hash = await hashPassword(TEST_PASSWORD);
  await db().execute(
    sql`UPDATE users SET password_hash = ${hash}
        WHERE id IN (${sql.join(
          Object.values(d).map((x) => sql`${x.idUser}`),
          sql`, `,
        )})`,
  );
  const res = await t.api('POST', 'campus/deliberation', {
    token: await t.token('dr'),
    body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'offres' },
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(() => t?.close());

describe('offers after a publication', () => {
  it('publishes the worked example: offers to the admitted, the waiting list in order, PUBLICATION and OFFRE events', async () => {
    expect(await state('A')).toEqual({ statut: 'ADMIS', liste: 'PUPILLES', rang: 1, reponse: 'EN_ATTENTE' });
    expect(await state('B')).toMatchObject({ statut: 'ADMIS', liste: 'NATIONAUX', rang: 1 });
    expect(await state('C')).toMatchObject({ statut: 'ADMIS', liste: 'ETRANGERS', rang: 1 });
    expect(await state('D')).toMatchObject({ statut: 'ADMIS', liste: 'NATIONAUX', rang: 2 });
    expect(await state('E')).toMatchObject({ statut: 'ADMIS', liste: 'NATIONAUX', rang: 3 });
    expect(await state('F')).toEqual({ statut: 'LISTE_ATTENTE', liste: null, rang: 1, reponse: null });
    expect(await state('G')).toMatchObject({ statut: 'LISTE_ATTENTE', rang: 2 });
    expect(await state('H')).toMatchObject({ statut: 'LISTE_ATTENTE', rang: 3 });
    expect(await events('A')).toEqual(['PUBLICATION', 'OFFRE']);
    expect(await events('F')).toEqual(['PUBLICATION']);
    const first = (await history('A')).json()[0];
    expect(plain(first.details)).toEqual([
      'Résultat : Admis·e sur la liste « Pupilles de la Nation », rang 1',
    ]);
    expect(first).toEqual({
      evenement: 'PUBLICATION',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      libelle: 'Publication des résultats',
      acteur: 'Compaoré Adama',
      details: [expect.any(String)],
      auteur: 'Compaoré Adama',
      motif: null,
      commentaire: null,
      canal: null,
    });
    // The offer with its deadline; the waiting list's rank; the student reads « Le CENOU », not a name.
    const offre = (await history('A')).json()[1];
    expect(offre).toMatchObject({ evenement: 'OFFRE', libelle: 'Offre d’admission' });
    expect(offre.details).toEqual([
      expect.stringMatching(/^Réponse attendue avant le \d\d\/\d\d\/\d{4} \d\d:\d\d$/),
    ]);
    const own = (await history('F', await studentToken('F'))).json();
    expect(own).toEqual([
      expect.objectContaining({
        evenement: 'PUBLICATION',
        acteur: 'Le CENOU',
        auteur: null,
      }),
    ]);
    expect(plain(own[0].details)).toEqual(['Résultat : Sur la liste d’attente, rang 1']);
  });

  it("refuses another student's dossier with 404, and staff with 403", async () => {
    const res = await answer('A', 'ACCEPTE', 'B');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('INTROUVABLE');
    const staff = await t.api('POST', `campus/dossier/${d.A.idDossier}/reponse`, {
      token: await t.token('admin'),
      body: { reponse: 'ACCEPTE' },
    });
    expect(staff.statusCode).toBe(403);
    const bad = await answer('A', 'PEUT_ETRE');
    expect(bad.statusCode).toBe(400);
  });

  it('accepts once: 200 with the dossier, then 409 on a second answer', async () => {
    const res = await answer('A', 'ACCEPTE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      idDossier: d.A.idDossier,
      statutDossier: 'ADMIS',
      admis: 'OUI',
      listeDeliberation: 'PUPILLES',
      rang: 1,
      reponse: 'ACCEPTE',
      dateLimiteReponse: expect.stringMatching(/Z$/),
    });
    for (const again of ['ACCEPTE', 'REFUSE']) {
      const second = await answer('A', again);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        code: 'CONFLIT',
        message: 'Cette offre a déjà reçu une réponse ou n’est plus valable.',
      });
    }
  });

  it('refuses a republication once an offer was answered (409)', async () => {
    const res = await t.api('POST', 'campus/deliberation', {
      token: await t.token('dr'),
      body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'autre' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SESSION_FERMEE');
  });

  it('a decline on ETRANGERS promotes the first waiting candidate holding Étranger, mails her, closes the ranks up', async () => {
    const res = await answer('C', 'REFUSE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statutDossier: 'DESISTE', admis: 'NON', reponse: 'REFUSE' });
    // Éloïse (waiting 2) holds Étranger; Boukary (waiting 1) does not.
    expect(await state('G')).toEqual({ statut: 'ADMIS', liste: 'ETRANGERS', rang: 2, reponse: 'EN_ATTENTE' });
    expect(await state('F')).toMatchObject({ statut: 'LISTE_ATTENTE', rang: 1 });
    expect(await state('H')).toMatchObject({ statut: 'LISTE_ATTENTE', rang: 2 });
    const mails = await mailsTo('G', 'PROMOTION');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Étrangers, rang 2');
    expect(mails[0].text).toContain(tableauDeBordUrl(t.config));
    expect(await events('C')).toEqual(['PUBLICATION', 'OFFRE', 'REPONSE_REFUSEE']);
    expect(await events('G')).toEqual(['PUBLICATION', 'PROMOTION', 'OFFRE']);
    const offer = await one<{ deadline: string }>(
      db(),
      sql`SELECT (date_limite_reponse - now() > interval '71 hours')::text AS deadline FROM dossier WHERE id_dossier = ${d.G.idDossier}`,
    );
    expect(offer!.deadline).toBe('true');
  });

  it('refuses an answer after the deadline (409); the job expires the offer once and promotes once', async () => {
    await db().execute(
      sql`UPDATE dossier SET date_limite_reponse = now() - interval '1 minute' WHERE id_dossier = ${d.D.idDossier}`,
    );
    const late = await answer('D', 'ACCEPTE');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONFLIT',
      message: 'Le délai de réponse à cette offre est dépassé.',
    });

    const first = await job();
    expect(first.expirees).toBe(1);
    expect(await state('D')).toMatchObject({
      statut: 'DESISTE',
      reponse: 'EXPIRE',
      liste: 'NATIONAUX',
      rang: 2,
    });
    // Boukary, first waiting, holds Burkinabè: NATIONAUX with the next rank of the list (4).
    expect(await state('F')).toEqual({ statut: 'ADMIS', liste: 'NATIONAUX', rang: 4, reponse: 'EN_ATTENTE' });
    expect(await state('H')).toMatchObject({ statut: 'LISTE_ATTENTE', rang: 1 });
    expect(await mailsTo('D', 'OFFRE_EXPIREE')).toHaveLength(1);
    expect(await mailsTo('F', 'PROMOTION')).toHaveLength(1);

    const snapshot = async () =>
      one(
        db(),
        sql`SELECT (SELECT count(*)::int FROM dossier_evenement) AS e, (SELECT count(*)::int FROM outbox_mail) AS m,
              (SELECT string_agg(id_dossier || statut_dossier || COALESCE(reponse, '') || COALESCE(rang::text, ''), ',' ORDER BY id_dossier)
                 FROM dossier WHERE id_session_cenou = ${f.idSessionCenou}) AS s`,
      );
    const before = await snapshot();
    expect(await job()).toEqual({ expirees: 0, rappels: 0 });
    expect(await snapshot()).toEqual(before);
    const hist = (await history('D')).json() as { evenement: string; auteur: string | null }[];
    expect(hist.at(-1)).toMatchObject({ evenement: 'EXPIRATION', auteur: null });
  });

  it('sends the reminder 24 hours before a deadline, once', async () => {
    await db().execute(
      sql`UPDATE dossier SET date_limite_reponse = now() + interval '10 hours' WHERE id_dossier = ${d.E.idDossier}`,
    );
    expect(await job()).toEqual({ expirees: 0, rappels: 1 });
    expect(await job()).toEqual({ expirees: 0, rappels: 0 });
    const mails = await mailsTo('E', 'RAPPEL_OFFRE');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(tableauDeBordUrl(t.config));
    expect(await events('E')).toEqual(['PUBLICATION', 'OFFRE', 'RAPPEL']);
    // Not yet due 30 hours ahead: no reminder for the others.
    expect(await mailsTo('B', 'RAPPEL_OFFRE')).toHaveLength(0);
  });

  it('withdrawal: 403 for a central manager and for another direction, 400 for AUTRE without comment', async () => {
    const url = `campus/dossier/${d.A.idDossier}/retrait`;
    for (const who of ['cenou', 'dr2', 'etudiant'] as const) {
      const res = await t.api('POST', url, { token: await t.token(who), body: { motif: 'DESISTEMENT' } });
      expect(res.statusCode, who).toBe(403);
    }
    const res = await t.api('POST', url, {
      token: await t.token('dr'),
      body: { motif: 'AUTRE', commentaire: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ champ: 'commentaire' });
    const bad = await t.api('POST', url, { token: await t.token('dr'), body: { motif: 'FANTAISIE' } });
    expect(bad.statusCode).toBe(400);
    expect(await state('A')).toMatchObject({ statut: 'ADMIS', reponse: 'ACCEPTE' });
  });

  it('withdraws an accepted admission: the bed freed, the certificate cancelled, the PUPILLES place to the first of NATIONAUX', async () => {
    const cite = await insertCite(db(), {
      batiments: [{ code: 'W', sexe: 'MIXTE', chambres: [{ code: '1', lits: 2 }] }],
    });
    const assigned = await t.api('POST', 'campus/affectation', {
      token: await t.token('admin'),
      body: { idSessionCenou: f.idSessionCenou, idCite: cite.idCite, etudiants: [d.A.ine] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const code = (assigned.json() as { affectes: { codeVerification: string }[] }).affectes[0]
      .codeVerification;

    const res = await t.api('POST', `campus/dossier/${d.A.idDossier}/retrait`, {
      token: await t.token('dr'),
      body: { motif: 'FAUSSE_DECLARATION', commentaire: 'Pièce falsifiée' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statutDossier: 'DESISTE',
      reponse: 'RETIRE',
      listeDeliberation: 'PUPILLES',
    });
    const check = await t.api('GET', `campus-auth/attestation/${code}`);
    expect(check.json().valide).toBe(false);
    // Nobody waiting holds Pupille: Fatimata, first waiting with Burkinabè, NATIONAUX rank 5.
    expect(await state('H')).toEqual({ statut: 'ADMIS', liste: 'NATIONAUX', rang: 5, reponse: 'EN_ATTENTE' });
    expect(await mailsTo('A', 'RETRAIT_ADMISSION')).toHaveLength(1);
    const [retrait, lit] = ((await history('A')).json() as Record<string, unknown>[]).slice(-2);
    expect(retrait).toMatchObject({
      evenement: 'RETRAIT',
      libelle: 'Admission retirée',
      acteur: 'Compaoré Adama',
      auteur: 'Compaoré Adama',
      motif: 'FAUSSE_DECLARATION',
      commentaire: 'Pièce falsifiée',
    });
    expect(plain(retrait.details as string[])).toEqual([
      'Motif : Fausse déclaration',
      'Commentaire : Pièce falsifiée',
    ]);
    // The bed given back follows the end of the admission, naming the bed and why.
    expect(lit).toMatchObject({
      evenement: 'ANNULATION_AFFECTATION',
      libelle: 'Attribution du lit annulée',
    });
    expect(plain(lit.details as string[])).toEqual([
      expect.stringMatching(/^Lit : .+, .+, Chambre .+, Lit .+$/),
      'Motif : Fausse déclaration',
    ]);
    const again = await t.api('POST', `campus/dossier/${d.A.idDossier}/retrait`, {
      token: await t.token('admin'),
      body: { motif: 'DESISTEMENT' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a decline with nobody waiting leaves the place free', async () => {
    const res = await answer('B', 'REFUSE');
    expect(res.statusCode, res.body).toBe(200);
    const admitted = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM dossier WHERE id_session_cenou = ${f.idSessionCenou} AND statut_dossier = 'ADMIS'`,
    );
    // E, F, G, H.
    expect(admitted!.n).toBe(4);
  });

  it('the history lists every step, to whoever may read the dossier', async () => {
    expect(await events('A')).toEqual([
      'PUBLICATION',
      'OFFRE',
      'REPONSE_ACCEPTEE',
      'AFFECTATION',
      'RETRAIT',
      'ANNULATION_AFFECTATION',
    ]);
    expect(await events('F')).toEqual(['PUBLICATION', 'PROMOTION', 'OFFRE']);
    expect(await events('H')).toEqual(['PUBLICATION', 'PROMOTION', 'OFFRE']);
    expect((await history('A', await studentToken('A'))).statusCode).toBe(200);
    expect((await history('A', await studentToken('B'))).statusCode).toBe(404);
    expect((await history('A', await t.token('dr2'))).statusCode).toBe(403);
    expect((await history('A', await t.token('cenou'))).statusCode).toBe(200);
  });

  it('counts the offers by state and the promoted; filters the admitted by answer; exports the answer and the rank', async () => {
    const res = await t.api('GET', `campus/etudiant-admis/compteurs?${q()}`, { token: await t.token('dr') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      listes: 4,
      enAttente: 4,
      acceptes: 0,
      charges: 0,
      refuses: 2,
      expires: 1,
      retires: 1,
      promus: 3,
    });
    expect(
      (await t.api('GET', `campus/etudiant-admis/compteurs?${q()}`, { token: await t.token('dr2') }))
        .statusCode,
    ).toBe(403);

    await answer('G', 'ACCEPTE');
    const accepted = await t.api('GET', `campus/etudiant-admis?${q()}&filtre.reponse=ACCEPTE`, {
      token: await t.token('cenou'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as { ine: string }[]).map((r) => r.ine)).toEqual([d.G.ine]);

    const csv = await t.api('GET', `campus/etudiant-admis?${q()}&format=csv`, {
      token: await t.token('cenou'),
    });
    expect(csv.statusCode).toBe(200);
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0];
    expect(header).toContain(fieldLabel('rang'));
    expect(header).toContain(fieldLabel('reponse'));
  });
});
