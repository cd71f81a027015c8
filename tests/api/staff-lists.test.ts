import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, rows } from '../../src/server/db/client';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import {
  insertCriteria,
  insertDossier,
  insertSession,
  insertStudent,
  softDeleteDossier,
  type MadeDossier,
} from '../helpers/dossiers';
import { expectCode, expectFieldError } from '../helpers/resources';

let t: TestContext;
let oua: number;
let bob: number;
let sessionOua: number;
let sessionBob: number;
let entry: [number, number];
const made: { oua: MadeDossier[]; bob: MadeDossier[] } = { oua: [], bob: [] };

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  oua = await directionId(db, 'OUA');
  bob = await directionId(db, 'BOB');
  sessionOua = await insertSession(db, oua, 'ANALYSE');
  sessionBob = await insertSession(db, bob, 'INSCRIPTION');
  const types = await insertCriteria(db, [
    { libelle: 'Nationalité', coefficient: 1, criteres: [{ libelle: 'Burkinabè', note: 10 }] },
  ]);
  entry = [types['Nationalité'].idTypeCritere, types['Nationalité'].criteres['Burkinabè']];
  const noms = ['Sawadogo', 'Kaboré', 'Ouédraogo', 'Zongo'];
  for (let i = 0; i < 4; i++) {
    const student = await insertStudent(db, { ville: 'Ouagadougou', nom: noms[i], prenom: `Awa ${i}` });
    made.oua.push(
      await insertDossier(db, {
        idSessionCenou: sessionOua,
        student,
        criteres: [entry],
        statutDossier: i < 2 ? 'ANALYSE' : 'DEPOSE',
        moyenne: i < 2 ? 10 / (i + 3) : null,
        dateDepot: `2026-09-0${i + 2}T10:00:00Z`,
      }),
    );
  }
  for (let i = 0; i < 3; i++) {
    const student = await insertStudent(db, { ville: 'Bobo-Dioulasso', nom: 'Sanou', prenom: `Issa ${i}` });
    made.bob.push(
      await insertDossier(db, {
        idSessionCenou: sessionBob,
        student,
        criteres: [entry],
        dateDepot: `2026-09-1${i}T08:30:00Z`,
      }),
    );
  }
});
afterAll(() => t.close());

type Who = 'admin' | 'cenou' | 'dr' | 'dr2' | 'etudiant';
const get = async (who: Who, query = '') =>
  t.api('GET', `campus/dossier${query ? `?${query}` : ''}`, { token: await t.token(who) });
const ids = (res: { json(): unknown }) => (res.json() as { idDossier: number }[]).map((r) => r.idDossier);
const all = () => [...made.oua, ...made.bob].map((d) => d.idDossier);

describe('GET campus/dossier: the deposit lists', () => {
  it('the admin and the central manager see every live deposit, newest first, paged with X-Total-Count', async () => {
    for (const who of ['admin', 'cenou'] as const) {
      const res = await get(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe('7');
      expect(ids(res)).toEqual([...all()].reverse());
    }
    const page = await get('admin', 'page=1&size=3');
    expect(ids(page)).toEqual([...all()].reverse().slice(3, 6));
    expect(page.headers['x-total-count']).toBe('7');
  });

  it('a row holds the fields of the staff tables', async () => {
    const res = await get('admin', `filtre.referenceDossier=${made.oua[0].referenceDossier}`);
    const [row] = res.json() as Record<string, unknown>[];
    expect(Object.keys(row).sort()).toEqual(
      [
        'idDossier',
        'referenceDossier',
        'idSessionCenou',
        'anneeAcademique',
        'etatSession',
        'statutSession',
        'idDirection',
        'libelleDirection',
        'ine',
        'nomEtudiant',
        'prenomEtudiant',
        'sexeEtudiant',
        'dateNaissance',
        'lieuNaissance',
        'telEtudiant',
        'nomVille',
        'typeDossier',
        'statutDossier',
        'admis',
        'moyenne',
        'rang',
        'dateDepot',
      ].sort(),
    );
    expect(row).toMatchObject({
      idDossier: made.oua[0].idDossier,
      idSessionCenou: sessionOua,
      anneeAcademique: '2026-2027',
      etatSession: 'ANALYSE',
      statutSession: 'OUVERT',
      idDirection: oua,
      nomEtudiant: 'Sawadogo',
      prenomEtudiant: 'Awa 0',
      dateNaissance: '2004-05-17',
      lieuNaissance: 'Kaya',
      nomVille: 'Ouagadougou',
      typeDossier: 'NOUVEAU',
      statutDossier: 'ANALYSE',
      admis: null,
      moyenne: 3.33,
      rang: null,
      dateDepot: '2026-09-02T10:00:00.000Z',
    });
  });

  it('idDirection and etatSession choose the direction and the phase', async () => {
    expect(ids(await get('admin', `idDirection=${bob}`)).sort()).toEqual(
      made.bob.map((d) => d.idDossier).sort(),
    );
    expect(ids(await get('cenou', `idDirection=${oua}&etatSession=ANALYSE`)).sort()).toEqual(
      made.oua.map((d) => d.idDossier).sort(),
    );
    expect(ids(await get('cenou', `idDirection=${oua}&etatSession=INSCRIPTION`))).toEqual([]);
    expectFieldError(await get('admin', 'etatSession=FERME'), 'etatSession');
    expectFieldError(await get('admin', 'idDirection=abc'), 'idDirection');
  });

  it('a regional manager is held to its own direction: 403 for another one, with or without a phase', async () => {
    const own = await get('dr');
    expect(ids(own).sort()).toEqual(made.oua.map((d) => d.idDossier).sort());
    expect(own.headers['x-total-count']).toBe('4');
    expect(ids(await get('dr', `idDirection=${oua}&etatSession=ANALYSE`))).toHaveLength(4);
    expectCode(await get('dr', `idDirection=${bob}`), 403, 'INTERDIT');
    expectCode(await get('dr', `idDirection=${bob}&etatSession=INSCRIPTION`), 403, 'INTERDIT');
    expectCode(await get('dr2', `idDirection=${oua}`), 403, 'INTERDIT');
    expectCode(await get('dr2', `idDirection=${oua}&format=xlsx`), 403, 'INTERDIT');
    expect(ids(await get('dr2')).sort()).toEqual(made.bob.map((d) => d.idDossier).sort());
    // `filtre.idDirection` cannot widen the scope either.
    expect(ids(await get('dr', `filtre.idDirection=${bob}`))).toEqual([]);
  });

  it('a student sees only its own dossiers and names no direction', async () => {
    expect(ids(await get('etudiant'))).toEqual([]);
    expectCode(await get('etudiant', `idDirection=${oua}`), 403, 'INTERDIT');
  });

  it('q searches INE, names (every word, accents ignored) and the reference; filters and sort by listed columns', async () => {
    expect(ids(await get('admin', 'q=ouedraogo'))).toEqual([made.oua[2].idDossier]);
    expect(ids(await get('admin', 'q=Kaboré  AWA'))).toEqual([made.oua[1].idDossier]);
    expect(ids(await get('admin', 'q=issa sanou')).sort()).toEqual(made.bob.map((d) => d.idDossier).sort());
    expect(ids(await get('admin', `q=${made.bob[2].referenceDossier.toLowerCase()}`))).toEqual([
      made.bob[2].idDossier,
    ]);
    expect(ids(await get('admin', 'q=100%25_'))).toEqual([]);
    expect(ids(await get('admin', 'filtre.statutDossier=ANALYSE')).sort()).toEqual(
      made.oua
        .slice(0, 2)
        .map((d) => d.idDossier)
        .sort(),
    );
    expect(ids(await get('admin', 'filtre.nomVille=bobo')).sort()).toEqual(
      made.bob.map((d) => d.idDossier).sort(),
    );
    expect(ids(await get('admin', 'filtre.dateDepot=03/09/2026'))).toEqual([made.oua[1].idDossier]);
    // moyenne descending, NULLs last: 10/3 then 10/4.
    expect(ids(await get('admin', 'sort=moyenne,desc&size=2'))).toEqual([
      made.oua[0].idDossier,
      made.oua[1].idDossier,
    ]);
    expect(ids(await get('admin', 'sort=nomEtudiant,asc;prenomEtudiant,desc&size=1'))).toEqual([
      made.oua[1].idDossier,
    ]);
    expectFieldError(await get('admin', 'sort=cleFichier,asc'), 'sort');
    expectFieldError(await get('admin', 'filtre.inconnu=1'), 'filtre.inconnu');
  });

  it('a soft-deleted dossier leaves the lists; the path with a trailing slash is the same route', async () => {
    const student = await insertStudent(t.database.db, { ville: 'Ouagadougou' });
    const d = await insertDossier(t.database.db, { idSessionCenou: sessionOua, student, criteres: [entry] });
    expect(ids(await get('admin'))).toContain(d.idDossier);
    await softDeleteDossier(t.database.db, d.idDossier);
    expect(ids(await get('admin'))).not.toContain(d.idDossier);
    const slash = await t.api('GET', 'campus/dossier/?page=0&size=50', { token: await t.token('admin') });
    expect(slash.statusCode).toBe(200);
    expect(ids(slash)).toEqual([...all()].reverse());
  });
});

describe('GET campus/dossier?format=csv|xlsx: exports of the whole filtered list', () => {
  it('XLSX holds every filtered row and only those, with French headers and typed cells', async () => {
    const res = await t.api('GET', `campus/dossier?idDirection=${oua}&format=xlsx&size=1`, {
      token: await t.token('cenou'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dossiers_\d{8}_\d{6}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Numéro de récépissé');
    expect(header).toContain('Moyenne');
    const refCol = header.indexOf('Numéro de récépissé') + 1;
    const refs: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) refs.push(String(row.getCell(refCol).value));
    });
    expect(refs).toEqual(made.oua.map((d) => d.referenceDossier).reverse());
    const moyenne = sheet.getRow(refs.length + 1 - 0).getCell(header.indexOf('Moyenne') + 1).value;
    expect(moyenne).toBe(3.33);
  });

  it('CSV with a search holds exactly the matching rows; a regional manager exports only its direction', async () => {
    const csv = await t.api('GET', 'campus/dossier?q=sanou&format=csv', { token: await t.token('admin') });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(';')).toContain('Numéro de récépissé');
    expect(lines).toHaveLength(1 + made.bob.length);
    for (const d of made.bob) expect(csv.body).toContain(d.referenceDossier);
    const own = await t.api('GET', 'campus/dossier?format=csv', { token: await t.token('dr2') });
    const ownLines = own.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(ownLines).toHaveLength(1 + made.bob.length);
    expect(own.body).not.toContain(made.oua[0].referenceDossier);
  });
});

describe('GET campus/dash-board', () => {
  type Ville = {
    idVille: number;
    libelleVille: string;
    nbEtudiant: number;
    nbEtudiantInscrit: number;
    nbEtudiantDepose: number;
  };
  const dash = async (who: Who, query = '') =>
    t.api('GET', `campus/dash-board${query ? `?${query}` : ''}`, { token: await t.token(who) });

  /** The counts computed independently, straight from the tables. */
  async function expected(idDirection?: number): Promise<Ville[]> {
    const db = t.database.db;
    const villes = await rows<{ id: number; nom: string }>(
      db,
      sql`SELECT id_ville AS id, nom_ville AS nom FROM ville WHERE deleted_at IS NULL
          AND (${idDirection ?? null}::int IS NULL OR id_direction = ${idDirection ?? null}) ORDER BY nom_ville, id_ville`,
    );
    const out: Ville[] = [];
    for (const v of villes) {
      const c = await one<{ nb: number; inscrits: number; deposes: number; cites: number }>(
        db,
        sql`SELECT
          (SELECT count(*)::int FROM registre_etudiant WHERE id_ville = ${v.id} AND deleted_at IS NULL) AS nb,
          (SELECT count(*)::int FROM registre_etudiant r JOIN users u ON u.id = r.id_user AND u.deleted_at IS NULL
            WHERE r.id_ville = ${v.id} AND r.deleted_at IS NULL) AS inscrits,
          (SELECT count(*)::int FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
            JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou
            WHERE r.id_ville = ${v.id} AND d.deleted_at IS NULL AND s.statut_session IN ('OUVERT', 'SUSPENDU')) AS deposes,
          (SELECT count(*)::int FROM cite WHERE id_ville = ${v.id} AND deleted_at IS NULL) AS cites`,
      );
      if (c!.nb || c!.deposes || c!.cites)
        out.push({
          idVille: v.id,
          libelleVille: v.nom,
          nbEtudiant: c!.nb,
          nbEtudiantInscrit: c!.inscrits,
          nbEtudiantDepose: c!.deposes,
        });
    }
    return out;
  }

  it('counts per ville match the database, after deposits and deletions', async () => {
    const res = await dash('admin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { villeDepotDtos: Ville[] };
    expect(body.villeDepotDtos).toEqual(await expected());
    const ouaga = body.villeDepotDtos.find((v) => v.libelleVille === 'Ouagadougou')!;
    expect(ouaga.nbEtudiantDepose).toBeGreaterThanOrEqual(4);

    // One more deposit, one deletion, one student without an account.
    const db = t.database.db;
    const student = await insertStudent(db, { ville: 'Ouagadougou' });
    const d = await insertDossier(db, { idSessionCenou: sessionOua, student, criteres: [entry] });
    await softDeleteDossier(db, made.oua[3].idDossier);
    await insertStudent(db, { ville: 'Ouagadougou', account: false });
    const after = (await dash('admin')).json() as { villeDepotDtos: Ville[] };
    const ouagaAfter = after.villeDepotDtos.find((v) => v.libelleVille === 'Ouagadougou')!;
    expect(ouagaAfter.nbEtudiantDepose).toBe(ouaga.nbEtudiantDepose);
    expect(ouagaAfter.nbEtudiant).toBe(ouaga.nbEtudiant + 2);
    expect(ouagaAfter.nbEtudiantInscrit).toBe(ouaga.nbEtudiantInscrit + 1);
    expect(after.villeDepotDtos).toEqual(await expected());
    await softDeleteDossier(db, d.idDossier);
    const last = (await dash('admin')).json() as { villeDepotDtos: Ville[] };
    expect(last.villeDepotDtos.find((v) => v.libelleVille === 'Ouagadougou')!.nbEtudiantDepose).toBe(
      ouaga.nbEtudiantDepose - 1,
    );
  });

  it('counts stay exact after account deletions, moves between villes, restores, hard deletes and session changes', async () => {
    // The dashboard reads counters kept by triggers (migration 0009): every write below changes them
    // in its own statement, and the answer must still equal the count made from the tables.
    const db = t.database.db;
    const check = async () => expect((await dash('admin')).json().villeDepotDtos).toEqual(await expected());
    const a = await insertStudent(db, { ville: 'Ouagadougou' });
    const b = await insertStudent(db, { ville: 'Ouagadougou' });
    const da = await insertDossier(db, { idSessionCenou: sessionOua, student: a, criteres: [entry] });
    await check();
    // An account deleted, then restored.
    await db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${a.idUser}`);
    await check();
    await db.execute(sql`UPDATE users SET deleted_at = NULL WHERE id = ${a.idUser}`);
    await check();
    // A student moved to another ville: its dossier is counted there.
    await db.execute(
      sql`UPDATE registre_etudiant SET id_ville = (SELECT id_ville FROM ville WHERE nom_ville = 'Bobo-Dioulasso')
          WHERE id_etudiant = ${a.idEtudiant}`,
    );
    await check();
    // A registry row deleted, its account unlinked, a dossier restored, a dossier moved to another session.
    await db.execute(
      sql`UPDATE registre_etudiant SET deleted_at = now() WHERE id_etudiant = ${b.idEtudiant}`,
    );
    await check();
    await db.execute(sql`UPDATE registre_etudiant SET id_user = NULL WHERE id_etudiant = ${a.idEtudiant}`);
    await check();
    await softDeleteDossier(db, da.idDossier);
    await check();
    await db.execute(sql`UPDATE dossier SET deleted_at = NULL WHERE id_dossier = ${da.idDossier}`);
    await check();
    await db.execute(
      sql`UPDATE dossier SET id_session_cenou = ${sessionBob} WHERE id_dossier = ${da.idDossier}`,
    );
    await check();
    // A session closed and reopened: its dossiers leave and come back without touching a counter.
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou = ${sessionBob}`,
    );
    await check();
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = 'OUVERT' WHERE id_session_cenou = ${sessionBob}`,
    );
    await check();
    // Hard deletes (several rows in one statement) and a bulk insert.
    await db.execute(sql`DELETE FROM dossier_critere WHERE id_dossier = ${da.idDossier}`);
    await db.execute(sql`DELETE FROM dossier WHERE id_dossier = ${da.idDossier}`);
    await check();
    const c = await insertStudent(db, { ville: 'Ouagadougou', account: false });
    await db.execute(
      sql`DELETE FROM registre_etudiant WHERE id_etudiant IN (${b.idEtudiant}, ${c.idEtudiant})`,
    );
    await check();
    await db.execute(
      sql`INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
            ville_orientation, id_ville, type_pays, recherche)
          SELECT 'CT' || lpad(i::text, 10, '0'), 'Kaboré', 'Lot ' || i, 'F', date '2004-01-01', v.nom_ville, v.id_ville,
                 'NATIONAL', ''
          FROM generate_series(1, 30) i
          JOIN ville v ON v.nom_ville = CASE WHEN i % 2 = 0 THEN 'Ouagadougou' ELSE 'Bobo-Dioulasso' END
           AND v.deleted_at IS NULL`,
    );
    await check();
    // The counters themselves equal a recount.
    const drift = await rows(
      db,
      sql`SELECT v.id_ville FROM ville v
          LEFT JOIN compteur_registre c ON c.id_ville = v.id_ville
          WHERE coalesce(c.nb, 0) <> (SELECT count(*) FROM registre_etudiant r WHERE r.id_ville = v.id_ville AND r.deleted_at IS NULL)
             OR coalesce(c.inscrits, 0) <> (SELECT count(*) FROM registre_etudiant r JOIN users u ON u.id = r.id_user
                                            AND u.deleted_at IS NULL WHERE r.id_ville = v.id_ville AND r.deleted_at IS NULL)
          UNION ALL
          SELECT x.id_ville FROM (
            SELECT d.id_session_cenou, r.id_ville, count(*) AS n FROM dossier d
            JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant WHERE d.deleted_at IS NULL GROUP BY 1, 2) x
          FULL JOIN compteur_depot c ON c.id_session_cenou = x.id_session_cenou AND c.id_ville = x.id_ville
          WHERE coalesce(x.n, 0) <> coalesce(c.nb, 0)`,
    );
    expect(drift).toEqual([]);
    // Every delta was folded by its statement (the fold runs on the updates that set a counted
    // column), and an update of another column writes none.
    await db.execute(sql`UPDATE dossier SET reference_dossier = reference_dossier WHERE deleted_at IS NULL`);
    await db.execute(sql`UPDATE registre_etudiant SET contact = contact WHERE deleted_at IS NULL`);
    const [left] = await rows<{ n: number }>(
      db,
      sql`SELECT ((SELECT count(*) FROM compteur_registre_delta) + (SELECT count(*) FROM compteur_depot_delta))::int AS n`,
    );
    expect(left.n).toBe(0);
    await check();
  });

  it('a regional manager sees its own direction only (403 for another); central roles choose', async () => {
    expect((await dash('dr')).json()).toEqual({ villeDepotDtos: await expected(oua) });
    expect((await dash('dr', `idDirection=${oua}`)).json()).toEqual({ villeDepotDtos: await expected(oua) });
    expectCode(await dash('dr', `idDirection=${bob}`), 403, 'INTERDIT');
    expectCode(await dash('dr2', `idDirection=${oua}`), 403, 'INTERDIT');
    expect((await dash('cenou', `idDirection=${bob}`)).json()).toEqual({
      villeDepotDtos: await expected(bob),
    });
    const bobo = (await dash('dr2')).json().villeDepotDtos as Ville[];
    expect(bobo.map((v) => v.libelleVille)).toContain('Bobo-Dioulasso');
    expect(bobo.find((v) => v.libelleVille === 'Bobo-Dioulasso')!.nbEtudiantDepose).toBe(3);
    expectCode(await dash('etudiant'), 403, 'INTERDIT');
    expectFieldError(await dash('admin', 'idDirection=x'), 'idDirection');
  });
});
