import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import type { DepositForm } from '../../src/domain/schemas/dossier';
import { one, type Db } from '../../src/server/db/client';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertCite } from '../helpers/assignment';
import {
  addDossier,
  publishedState,
  setQuota,
  setupDeliberation,
  type DelibFixture,
} from '../helpers/deliberation';
import { makeCite, makeSession, studentAccount } from '../helpers/dossier';
import { Fixtures, uniq } from '../helpers/resources';

/**
 * The agency's rules (issue 25, docs/agency-rules.md) through the API: the stay limit
 * at the deposit (2 years, 4 with a handicap criterion, years imported and assignments counted),
 * the re-admission's eligibility, the lists with both settings, their run and its verification
 * (an old run too), and the promotion keeping the share.
 */
let t: TestContext;
let f: Fixtures;
let db: Db;
let typeA: number;
let a2: number;
let typeH: number;
let h: number;
let lits: number[];
let n = 0;
let beds = 0;
const previous: Record<string, number> = {};

const q = (x: DelibFixture) => `idSessionCenou=${x.idSessionCenou}&idDirection=${x.idDirection}`;

async function pastSession(sigle: string, annee: number): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
        VALUES (${await directionId(db, sigle)}, 'DELIBERATION', 'FERME', ${`${annee}-09-01`}, ${annee})
        RETURNING id_session_cenou AS id`,
  );
  return row!.id;
}

/** A bed given to the student in a past session (a dossier and an assignment), cancelled or not. */
async function housed(s: { idEtudiant: number; idUser: number }, idSession: number, cancelled = false) {
  n += 1;
  const d = await one<{ id: number; dir: number }>(
    db,
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier)
        SELECT ${`PASSE-${n}`}, s.id_session_cenou, s.id_direction, ${s.idEtudiant}, ${s.idUser}, 'ADMIS'
        FROM session_cenou s WHERE s.id_session_cenou = ${idSession}
        RETURNING id_dossier AS id, id_direction AS dir`,
  );
  const lit = lits[(beds += 1)];
  await db.execute(
    sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit,
          code_verification, deleted_at)
        SELECT ${idSession}, ${d!.id}, ${s.idEtudiant}, c.id_cite, l.id_chambre, l.id_lit, ${`CODE-${n}`},
          ${cancelled ? sql`now()` : sql`NULL`}
        FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre JOIN couloir co ON co.id_couloir = ch.id_couloir
          JOIN niveau ni ON ni.id_niveau = co.id_niveau JOIN batiment b ON b.id_batiment = ni.id_batiment
          JOIN cite c ON c.id_cite = b.id_cite
        WHERE l.id_lit = ${lit}`,
  );
}

const newStudent = () =>
  studentAccount(t, { ine: `AR${String((n += 1)).padStart(8, '0')}`, ville: 'Ouagadougou', sigle: 'OUA' });
const form = async (token: string) => {
  const res = await t.api('GET', 'campus/dossier/depot/', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DepositForm;
};
const deposit = (token: string, o: { handicap?: boolean; typeDossier?: string } = {}) =>
  t.api('PUT', 'campus/dossier', {
    token,
    body: {
      typeDossier: o.typeDossier ?? 'NOUVEAU',
      listeDossierCritere: [
        { idTypeCritere: typeA, idCritere: a2 },
        ...(o.handicap ? [{ idTypeCritere: typeH, idCritere: h }] : []),
      ],
    },
  });
const expectRefused = (res: { statusCode: number; body: string; json: () => unknown }, message: string) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ code: 'CONFLIT', message });
};

beforeAll(async () => {
  t = await setupTestApp();
  db = t.database.db;
  f = await Fixtures.create(t);
  typeA = (
    await f.create('type-critere', { libelleTypeCritere: uniq('Nationalité'), statutItem: 'OBLIGATOIRE' })
  ).idTypeCritere as number;
  a2 = (
    await f.create('critere', {
      idTypeCritere: typeA,
      libelleCritere: uniq('Burkinabè'),
      justificatifRequis: false,
    })
  ).idCritere as number;
  typeH = (await f.create('type-critere', { libelleTypeCritere: uniq('Handicap'), statutItem: 'FACULTATIF' }))
    .idTypeCritere as number;
  const made = await f.create('critere', {
    idTypeCritere: typeH,
    libelleCritere: uniq('Handicap moteur'),
    justificatifRequis: false,
    handicap: true,
  });
  expect(made.handicap).toBe(true);
  h = made.idCritere as number;
  await makeCite(f, 'Ouagadougou');
  const cite = await insertCite(db, {
    batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '1', lits: 40 }] }],
  });
  lits = Object.values(cite.lits);
  previous.oua2025 = await pastSession('OUA', 2025);
  previous.oua2024 = await pastSession('OUA', 2024);
  previous.bob2025 = await pastSession('BOB', 2025);
  await makeSession(t, f, 'OUA');
});

afterAll(async () => {
  await t.close();
});

describe('the stay limit and the re-admission at the deposit', () => {
  it('a student never housed: the form allows a deposit, not a re-admission (409 if sent)', async () => {
    const s = await newStudent();
    expect((await form(s.token)).eligibilite).toEqual({
      anneesHebergement: 0,
      dureeMaximale: 2,
      dureeMaximaleHandicap: 4,
      depotPossible: true,
      handicapRequis: false,
      renouvellementPossible: false,
    });
    expectRefused(
      await deposit(s.token, { typeDossier: 'RENOUVELLEMENT' }),
      messages.renouvellementImpossible,
    );
    expect((await deposit(s.token)).statusCode).toBe(201);
  });

  it('housed the previous academic year in this direction: RENOUVELLEMENT offered and accepted', async () => {
    const s = await newStudent();
    await housed(s, previous.oua2025);
    const e = (await form(s.token)).eligibilite;
    expect(e).toMatchObject({ anneesHebergement: 1, renouvellementPossible: true, handicapRequis: false });
    const res = await deposit(s.token, { typeDossier: 'RENOUVELLEMENT' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().typeDossier).toBe('RENOUVELLEMENT');
  });

  it('housed last year in another direction, or two years ago here: no re-admission', async () => {
    const other = await newStudent();
    await housed(other, previous.bob2025);
    expect((await form(other.token)).eligibilite.renouvellementPossible).toBe(false);
    expectRefused(
      await deposit(other.token, { typeDossier: 'RENOUVELLEMENT' }),
      messages.renouvellementImpossible,
    );
    const older = await newStudent();
    await housed(older, previous.oua2024);
    expectRefused(
      await deposit(older.token, { typeDossier: 'RENOUVELLEMENT' }),
      messages.renouvellementImpossible,
    );
  });

  it('2 years: refused without a handicap criterion (the exact message), accepted with one; a cancelled bed does not count', async () => {
    expect(messages.dureeMaximaleAtteinte).toBe('Vous avez atteint la durée maximale d’hébergement.');
    const s = await newStudent();
    await housed(s, previous.oua2024);
    await housed(s, previous.oua2025);
    expect((await form(s.token)).eligibilite).toMatchObject({
      anneesHebergement: 2,
      depotPossible: true,
      handicapRequis: true,
    });
    expectRefused(await deposit(s.token), messages.dureeMaximaleAtteinte);
    expect((await deposit(s.token, { handicap: true })).statusCode).toBe(201);
    // Two beds of one year count once; a cancelled one not at all.
    const once = await newStudent();
    await housed(once, previous.oua2025);
    await housed(once, previous.bob2025);
    await housed(once, previous.oua2024, true);
    expect((await form(once.token)).eligibilite.anneesHebergement).toBe(1);
    expect((await deposit(once.token)).statusCode).toBe(201);
  });

  it('the registry says the years counted, as the deposit counts them: the list, one row and its export (decision 141)', async () => {
    const twice = await newStudent();
    await housed(twice, previous.oua2024);
    await housed(twice, previous.oua2025);
    const once = await newStudent();
    await housed(once, previous.oua2025);
    await housed(once, previous.bob2025);
    await housed(once, previous.oua2024, true);
    const never = await newStudent();
    const admin = await t.token('admin');
    for (const [s, years] of [
      [twice, 2],
      [once, 1],
      [never, 0],
    ] as const) {
      const ine = (await one<{ ine: string }>(
        db,
        sql`SELECT ine FROM registre_etudiant WHERE id_etudiant = ${s.idEtudiant}`,
      ))!.ine;
      // What the database holds: the distinct years of beds not cancelled before the newest session, none imported.
      const stored = await one<{ n: number; imported: number }>(
        db,
        sql`SELECT (SELECT count(DISTINCT se.annee_debut)::int FROM affectation a
                      JOIN session_cenou se ON se.id_session_cenou = a.id_session_cenou
                    WHERE a.id_etudiant = r.id_etudiant AND a.deleted_at IS NULL
                      AND se.annee_debut < (SELECT max(x.annee_debut) FROM session_cenou x
                        JOIN ville v ON v.id_direction = x.id_direction WHERE v.id_ville = r.id_ville)) AS n,
                   r.annees_hebergement_anterieures AS imported
            FROM registre_etudiant r WHERE r.id_etudiant = ${s.idEtudiant}`,
      );
      expect(stored).toEqual({ n: years, imported: 0 });
      expect((await form(s.token)).eligibilite.anneesHebergement).toBe(years);
      const listed = await t.api('GET', `campus/registre-etudiant?q=${ine}`, { token: admin });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()[0]).toMatchObject({ anneesHebergement: years, anneesHebergementAnterieures: 0 });
      const read = await t.api('GET', `campus/registre-etudiant/${s.idEtudiant}`, { token: admin });
      expect(read.json()).toMatchObject({ anneesHebergement: years, anneesHebergementAnterieures: 0 });
      const file = await t.api('GET', `campus/registre-etudiant?format=csv&q=${ine}`, { token: admin });
      expect(file.statusCode, file.body).toBe(200);
      const [header, line] = file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r\n/);
      const cell = (label: string) => line.split(';')[header.split(';').indexOf(label)];
      expect(cell('Années d’hébergement antérieures')).toBe(String(years));
      // The import's own column stays the years from before the platform: a file exported imports back.
      expect(cell('Années d’hébergement avant la plateforme')).toBe('0');
    }
  });

  it('years imported with the registry count: 3 with a handicap pass, 4 never (the form says so first)', async () => {
    const three = await newStudent();
    const four = await newStudent();
    const ines = await Promise.all(
      [three, four].map(
        async (s) =>
          (await one<{ ine: string }>(
            db,
            sql`SELECT ine FROM registre_etudiant WHERE id_etudiant = ${s.idEtudiant}`,
          ))!.ine,
      ),
    );
    const row = (ine: string, years: string) =>
      [...REGISTRY_COLUMNS.map((c) => (c === 'ine' ? ine : REGISTRY_TEMPLATE_EXAMPLE[c])), years].join(';');
    const csv = [
      [...REGISTRY_COLUMNS, 'anneesHebergementAnterieures'].join(';'),
      row(ines[0], '2'),
      row(ines[1], '4'),
    ].join('\r\n');
    const imported = await t.api('POST', 'campus/registre-etudiant/import', {
      token: await t.token('admin'),
      body: { nomFichier: 'registre.csv', fichier: Buffer.from(csv).toString('base64') },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await housed(three, previous.oua2025);
    expect((await form(three.token)).eligibilite).toMatchObject({
      anneesHebergement: 3,
      handicapRequis: true,
    });
    expectRefused(await deposit(three.token), messages.dureeMaximaleAtteinte);
    expect((await deposit(three.token, { handicap: true })).statusCode).toBe(201);
    expect((await form(four.token)).eligibilite).toMatchObject({
      anneesHebergement: 4,
      depotPossible: false,
    });
    const refused = await deposit(four.token, { handicap: true });
    expectRefused(refused, messages.dureeMaximaleAtteinte);
    // The refusal says why: the years counted and the limits.
    expect((refused.json() as { errors: unknown[] }).errors).toEqual([
      {
        champ: 'anneesHebergement',
        message: fill(messages.anneesHebergementComptees, { annees: 4, max: 2, maxHandicap: 4 }),
      },
    ]);
    // The registry's reads carry the years imported, as the database holds them (the list and one row).
    for (const [s, years] of [
      [three, 2],
      [four, 4],
    ] as const) {
      const stored = await one<{ n: number }>(
        db,
        sql`SELECT annees_hebergement_anterieures AS n FROM registre_etudiant WHERE id_etudiant = ${s.idEtudiant}`,
      );
      expect(stored!.n).toBe(years);
      const read = await t.api('GET', `campus/registre-etudiant/${s.idEtudiant}`, {
        token: await t.token('admin'),
      });
      expect(read.json().anneesHebergementAnterieures).toBe(stored!.n);
      const listed = await t.api('GET', `campus/registre-etudiant?q=${ines[s === three ? 0 : 1]}`, {
        token: await t.token('admin'),
      });
      expect(listed.json()[0].anneesHebergementAnterieures).toBe(stored!.n);
      // The years counted, as the form said them above: those imported, and the bed of 2025 for
      // the first (decision 141).
      const counted = s === three ? 3 : 4;
      expect(listed.json()[0].anneesHebergement).toBe(counted);
      expect(read.json().anneesHebergement).toBe(counted);
    }
    // A file without the column keeps the years recorded; a bad value is refused by its line.
    const without = [
      REGISTRY_COLUMNS.join(';'),
      REGISTRY_COLUMNS.map((c) => (c === 'ine' ? ines[1] : REGISTRY_TEMPLATE_EXAMPLE[c])).join(';'),
    ].join('\r\n');
    const again = await t.api('POST', 'campus/registre-etudiant/import', {
      token: await t.token('admin'),
      body: { nomFichier: 'registre.csv', fichier: Buffer.from(without).toString('base64') },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await form(four.token)).eligibilite.anneesHebergement).toBe(4);
    const bad = await t.api('POST', 'campus/registre-etudiant/import', {
      token: await t.token('admin'),
      body: { nomFichier: 'registre.csv', fichier: Buffer.from(row(ines[1], '-1')).toString('base64') },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('session settings: placesReadmission ≥ 0 and partFemmes 0–100 (default 0 and 60)', async () => {
    const idSession = await pastSession('KDG', 2023);
    const s = (await f.get('session-cenou', idSession)).json();
    expect(s).toMatchObject({ placesReadmission: 0, partFemmes: 60 });
    for (const [field, value] of [
      ['partFemmes', 101],
      ['partFemmes', -1],
      ['placesReadmission', -1],
    ] as const) {
      const res = await f.call('PUT', `campus/session-cenou/${idSession}`, { ...s, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].champ).toBe(field);
    }
    const ok = await f.call('PUT', `campus/session-cenou/${idSession}`, {
      ...s,
      placesReadmission: 5,
      partFemmes: 100,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ placesReadmission: 5, partFemmes: 100 });
  });
});

describe('the lists with re-admission and the share for women', () => {
  let g: DelibFixture;
  const who: Record<string, number> = {};
  const E = (social: 'orphelin' | 'parents') =>
    [
      ['burkinabe', 'VALIDE'],
      [social, 'VALIDE'],
    ] as [Parameters<typeof addDossier>[1]['entries'][number][0], 'VALIDE'][];

  beforeAll(async () => {
    // 3 NATIONAUX places at 60 %: 2 kept for women, at most 1 man while a woman waits; 1 READMISSIONS place.
    g = await setupDeliberation(db, 'BOB', { placesReadmission: 1, partFemmes: 60 });
    await setQuota(g, 'burkinabe', 3);
    const add = async (
      key: string,
      sexe: 'F' | 'M',
      social: 'orphelin' | 'parents',
      moyenneBac: number,
      renouvellement = false,
    ) =>
      (who[key] = (
        await addDossier(g, { nom: key, sexe, entries: E(social), moyenneBac, renouvellement })
      ).idDossier);
    await add('M1', 'M', 'orphelin', 16);
    await add('M2', 'M', 'orphelin', 15);
    await add('M3', 'M', 'orphelin', 14, true);
    await add('F1', 'F', 'parents', 16);
    await add('F2', 'F', 'parents', 15);
    await add('M4', 'M', 'parents', 14);
    await add('F3', 'F', 'parents', 13);
    // Housed two years before (imported), no handicap: not a candidate whatever its score.
    await add('M5', 'M', 'orphelin', 19);
    await db.execute(
      sql`UPDATE registre_etudiant SET annees_hebergement_anterieures = 2
          WHERE id_etudiant = (SELECT id_etudiant FROM dossier WHERE id_dossier = ${who.M5})`,
    );
  });

  const names = (list: { nomEtudiant: string }[]) => list.map((x) => x.nomEtudiant);

  it('preview: READMISSIONS first, then at most one man while a woman waits; the man passed over waits first', async () => {
    const res = await t.api('GET', `campus/deliberation-nationaux?${q(g)}&seed=regles`, {
      token: await t.token('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ placesReadmission: 1, partFemmes: 60, nonCandidats: 1 });
    expect(body.places).toEqual({ READMISSIONS: 1, PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 3 });
    expect(names(body.listeAdmisReadmissions)).toEqual(['M3']);
    expect(names(body.listeAdmisNationaux)).toEqual(['M1', 'F1', 'F2']);
    expect(body.listeAdmisNationaux.map((x: { sexeEtudiant: string }) => x.sexeEtudiant)).toEqual([
      'M',
      'F',
      'F',
    ]);
    expect(body.listeAdmisReadmissions[0].sexeEtudiant).toBe('M');
    expect(names(body.listeAttente)).toEqual(['M2', 'M4', 'F3']);
  });

  it('with both settings at 0 the lists are those of before', async () => {
    await db.execute(
      sql`UPDATE session_cenou SET places_readmission = 0, part_femmes = 0 WHERE id_session_cenou = ${g.idSessionCenou}`,
    );
    const res = await t.api('GET', `campus/deliberation-nationaux?${q(g)}&seed=regles`, {
      token: await t.token('admin'),
    });
    const body = res.json();
    expect(body.listeAdmisReadmissions).toEqual([]);
    expect(names(body.listeAdmisNationaux)).toEqual(['M1', 'M2', 'M3']);
    expect(names(body.listeAttente)).toEqual(['F1', 'F2', 'M4', 'F3']);
    await db.execute(
      sql`UPDATE session_cenou SET places_readmission = 1, part_femmes = 60 WHERE id_session_cenou = ${g.idSessionCenou}`,
    );
  });

  it('publication stores the settings and the counts; verification recomputes with them even after they change', async () => {
    const admin = await t.token('admin');
    const res = await t.api('POST', 'campus/deliberation', {
      token: admin,
      body: { idSessionCenou: g.idSessionCenou, idDirection: g.idDirection, seed: 'regles' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json().listeAdmisNationaux)).toEqual(['M1', 'F1', 'F2']);
    const state = await publishedState(g);
    expect(state.find((s) => s.idDossier === who.M3)).toMatchObject({
      statut: 'ADMIS',
      liste: 'READMISSIONS',
      rang: 1,
    });
    const [run] = (await t.api('GET', `campus/deliberation?${q(g)}`, { token: admin })).json();
    expect(run).toMatchObject({
      placesReadmission: 1,
      partFemmes: 60,
      nbReadmissions: 1,
      nbNationaux: 3,
      effectifs: { READMISSIONS: { F: 0, M: 1 }, NATIONAUX: { F: 2, M: 1 }, PUPILLES: { F: 0, M: 0 } },
    });
    await db.execute(
      sql`UPDATE session_cenou SET places_readmission = 0, part_femmes = 0 WHERE id_session_cenou = ${g.idSessionCenou}`,
    );
    const v = await t.api('GET', `campus/deliberation/${run.idDeliberation}/verification`, { token: admin });
    expect(v.json()).toMatchObject({ identique: true, nbDifferences: 0 });
    await db.execute(
      sql`UPDATE session_cenou SET places_readmission = 1, part_femmes = 60 WHERE id_session_cenou = ${g.idSessionCenou}`,
    );
    // The PDF of a list counts its women and men.
    const pdf = await t.api('GET', `campus/deliberation/${run.idDeliberation}/pdf?liste=READMISSIONS`, {
      token: admin,
    });
    expect(pdf.statusCode).toBe(200);
    // The student's result names the share it was ranked with.
    const result = (await t.api('GET', `campus/dossier/${who.F1}/resultat`, { token: admin })).json();
    expect(result).toMatchObject({ publie: true, liste: 'NATIONAUX', partFemmes: 60, placesReadmission: 1 });
    expect(result.nonCandidat).toBeNull();
    // M5's result says why it was not ranked: the years the run counted (as stored) and the limit.
    const stored = await one<{ annees: number; statut: string }>(
      db,
      sql`SELECT c.annees_hebergement AS annees, d.statut_dossier AS statut
          FROM deliberation_candidat c JOIN dossier d ON d.id_dossier = c.id_dossier
          WHERE c.id_deliberation = ${run.idDeliberation} AND c.id_dossier = ${who.M5}`,
    );
    expect(stored).toEqual({ annees: 2, statut: 'NON_ADMIS' });
    const m5 = await t.api('GET', `campus/dossier/${who.M5}/resultat`, { token: admin });
    expect(m5.json()).toMatchObject({
      statutDossier: stored!.statut,
      nonCandidat: { raison: 'DUREE_MAXIMALE', anneesHebergement: stored!.annees, dureeMaximale: 2 },
    });
  });

  it('promotion keeps the share: a woman’s place to the first waiting woman, then a man’s to the first waiting', async () => {
    const admin = await t.token('admin');
    const withdraw = (id: number) =>
      t.api('POST', `campus/dossier/${id}/retrait`, { token: admin, body: { motif: 'DESISTEMENT' } });
    // F1 leaves: NATIONAUX holds 1 woman of the 2 kept: F3 (waiting 3rd) passes M2 and M4.
    expect((await withdraw(who.F1)).statusCode).toBe(200);
    let state = await publishedState(g);
    expect(state.find((s) => s.idDossier === who.F3)).toMatchObject({
      statut: 'ADMIS',
      liste: 'NATIONAUX',
      rang: 4,
    });
    // M1 leaves: the list holds its 2 women: the first waiting, M2.
    expect((await withdraw(who.M1)).statusCode).toBe(200);
    state = await publishedState(g);
    expect(state.find((s) => s.idDossier === who.M2)).toMatchObject({
      statut: 'ADMIS',
      liste: 'NATIONAUX',
      rang: 5,
    });
    expect(state.find((s) => s.idDossier === who.M4)).toMatchObject({ statut: 'LISTE_ATTENTE', rang: 1 });
    // M3 leaves READMISSIONS: nobody waiting asks for re-admission, the place falls to NATIONAUX: M4.
    expect((await withdraw(who.M3)).statusCode).toBe(200);
    state = await publishedState(g);
    expect(state.find((s) => s.idDossier === who.M4)).toMatchObject({ statut: 'ADMIS', liste: 'NATIONAUX' });
  });

  it('a run published before the agency’s rules (no settings stored) verifies as 0 and 0', async () => {
    const old = await setupDeliberation(db, 'KDG');
    await setQuota(old, 'burkinabe', 2);
    for (const [sexe, bac] of [
      ['F', 15],
      ['M', 14],
      ['F', 13],
    ] as const)
      await addDossier(old, { sexe, moyenneBac: bac, entries: E('orphelin') });
    const admin = await t.token('admin');
    const res = await t.api('POST', 'campus/deliberation', {
      token: admin,
      body: { idSessionCenou: old.idSessionCenou, idDirection: old.idDirection, seed: 'ancien' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().idDeliberation as number;
    await db.execute(
      sql`UPDATE deliberation SET places_readmission = NULL, part_femmes = NULL, effectifs = NULL,
            places = places - 'READMISSIONS', places_effectives = places_effectives - 'READMISSIONS'
          WHERE id_deliberation = ${id}`,
    );
    await db.execute(
      sql`UPDATE deliberation_candidat SET sexe = NULL, readmission = NULL, annees_hebergement = NULL
          WHERE id_deliberation = ${id}`,
    );
    // The session now keeps 100 % for women: the old run still ranks as it was published.
    await db.execute(
      sql`UPDATE session_cenou SET part_femmes = 100 WHERE id_session_cenou = ${old.idSessionCenou}`,
    );
    const v = await t.api('GET', `campus/deliberation/${id}/verification`, { token: admin });
    expect(v.json()).toMatchObject({ identique: true });
    const [run] = (await t.api('GET', `campus/deliberation?${q(old)}`, { token: admin })).json();
    expect(run).toMatchObject({ placesReadmission: 0, partFemmes: 0, effectifs: null });
    expect(run.places).toEqual({ READMISSIONS: 0, PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 2 });
  });
});

describe('the stay limit at the deliberation: years imported and beds counted, 4 with a VALIDE handicap', () => {
  let g: DelibFixture;
  const who: Record<string, number> = {};

  beforeAll(async () => {
    g = await setupDeliberation(db, 'DOR');
    await setQuota(g, 'burkinabe', 5);
    // The fixture's 'Boursier' stands for a handicap criterion here.
    await db.execute(sql`UPDATE critere SET handicap = true WHERE id_critere = ${g.criteres.boursier}`);
    const add = async (
      key: string,
      anterieures: number,
      lastYear: boolean,
      handicap: 'VALIDE' | 'INVALIDE' | null,
    ) => {
      const d = await addDossier(g, {
        nom: key,
        entries: [
          ['burkinabe', 'VALIDE'],
          ['orphelin', 'VALIDE'],
          ...(handicap ? [['boursier', handicap] as ['boursier', 'VALIDE' | 'INVALIDE']] : []),
        ],
      });
      who[key] = d.idDossier;
      const s = await one<{ idEtudiant: number }>(
        db,
        sql`SELECT id_etudiant AS "idEtudiant" FROM dossier WHERE id_dossier = ${d.idDossier}`,
      );
      await db.execute(
        sql`UPDATE registre_etudiant SET annees_hebergement_anterieures = ${anterieures} WHERE id_etudiant = ${s!.idEtudiant}`,
      );
      if (lastYear) await housed({ idEtudiant: s!.idEtudiant, idUser: d.idUser }, previous.oua2025);
    };
    await add('H3V', 2, true, 'VALIDE'); // 3 years (2 imported + a bed in 2025), handicap VALIDE: limit 4
    await add('H3I', 3, false, 'INVALIDE'); // 3 years, handicap judged INVALIDE: limit 2
    await add('H4V', 4, false, 'VALIDE'); // 4 years: over even the handicap's limit
    await add('N2', 1, true, null); // 2 years (1 imported + a bed in 2025), no handicap
    await add('N1', 1, false, null); // 1 year: a candidate
  });

  it('the preview leaves out those at their limit; the publication makes them NON_ADMIS', async () => {
    const admin = await t.token('admin');
    const preview = await t.api('GET', `campus/deliberation-nationaux?${q(g)}&seed=sejour`, { token: admin });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ nonCandidats: 3, listeAttente: [] });
    expect(preview.json().listeAdmisNationaux.map((x: { nomEtudiant: string }) => x.nomEtudiant)).toEqual([
      'H3V',
      'N1',
    ]);
    const res = await t.api('POST', 'campus/deliberation', {
      token: admin,
      body: { idSessionCenou: g.idSessionCenou, idDirection: g.idDirection, seed: 'sejour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = await publishedState(g);
    const statut = (key: string) => state.find((s) => s.idDossier === who[key])?.statut;
    expect(['H3V', 'N1'].map(statut)).toEqual(['ADMIS', 'ADMIS']);
    expect(['H3I', 'H4V', 'N2'].map(statut)).toEqual(['NON_ADMIS', 'NON_ADMIS', 'NON_ADMIS']);
    const [run] = (await t.api('GET', `campus/deliberation?${q(g)}`, { token: admin })).json();
    const v = await t.api('GET', `campus/deliberation/${run.idDeliberation}/verification`, { token: admin });
    expect(v.json()).toMatchObject({ identique: true, nbDifferences: 0 });
  });
});
