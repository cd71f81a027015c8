import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../../src/server/db/client';
import { pgErrorCode } from '../../src/server/db/transaction';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { describeOnPostgres } from '../helpers/postgres';
import { PATIENCE_MS } from '../helpers/wait';

let t: TestContext;
let oua: number;

beforeAll(async () => {
  t = await setupTestApp();
  oua = await directionId(t.database.db, 'OUA');
});
afterAll(() => t?.close());

const db = () => t.database.db;

async function freshSession(): Promise<number> {
  await db().execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
  );
  return insertSession(db(), oua, 'DELIBERATION');
}

/** What no interleaving may break, read from the database. */
async function invariants(idSessionCenou: number) {
  const bedTwice = await rows(
    db(),
    sql`SELECT id_lit FROM affectation WHERE id_session_cenou = ${idSessionCenou} AND deleted_at IS NULL
        GROUP BY id_lit HAVING count(*) > 1`,
  );
  const studentTwice = await rows(
    db(),
    sql`SELECT id_etudiant FROM affectation WHERE id_session_cenou = ${idSessionCenou} AND deleted_at IS NULL
        GROUP BY id_etudiant HAVING count(*) > 1`,
  );
  const mixedRooms = await rows(
    db(),
    sql`SELECT a.id_chambre FROM affectation a JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
        WHERE a.id_session_cenou = ${idSessionCenou} AND a.deleted_at IS NULL
        GROUP BY a.id_chambre HAVING count(DISTINCT r.sexe_etudiant) > 1`,
  );
  const wrongBuilding = await rows(
    db(),
    sql`SELECT a.id_affectation FROM affectation a JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
        JOIN chambre ch ON ch.id_chambre = a.id_chambre JOIN couloir co ON co.id_couloir = ch.id_couloir
        JOIN niveau n ON n.id_niveau = co.id_niveau JOIN batiment b ON b.id_batiment = n.id_batiment
        WHERE a.id_session_cenou = ${idSessionCenou} AND a.deleted_at IS NULL
          AND b.sexe <> 'MIXTE' AND b.sexe <> r.sexe_etudiant`,
  );
  expect({ bedTwice, studentTwice, mixedRooms, wrongBuilding }).toEqual({
    bedTwice: [],
    studentTwice: [],
    mixedRooms: [],
    wrongBuilding: [],
  });
}

describe('the database stands behind the rules', () => {
  it('a second live assignment of a bed or of a student in a session is refused by the unique indexes', async () => {
    const s = await freshSession();
    const cite = await insertCite(db(), {
      batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '1', lits: 2 }] }],
    });
    const [a, b] = [
      await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 1 }),
      await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 2 }),
    ];
    const [l1, l2] = Object.values(cite.lits);
    const insert = (who: Admitted, idLit: number, code: string) =>
      db().execute(
        sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
            VALUES (${s}, ${who.idDossier}, ${who.idEtudiant}, ${cite.idCite}, ${Object.values(cite.chambres)[0]}, ${idLit}, ${code})`,
      );
    await insert(a, l1, 'TESTCODE0001');
    const codeOf = async (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => pgErrorCode(e),
      );
    expect(await codeOf(insert(b, l1, 'TESTCODE0002'))).toBe('23505'); // the bed
    expect(await codeOf(insert(a, l2, 'TESTCODE0003'))).toBe('23505'); // the student
    expect(await codeOf(insert(b, l2, 'TESTCODE0001'))).toBe('23505'); // the code
    // A cancelled one frees both.
    await db().execute(
      sql`UPDATE affectation SET deleted_at = now() WHERE code_verification = 'TESTCODE0001'`,
    );
    expect(await codeOf(insert(b, l1, 'TESTCODE0004'))).toBe('ok');
  });
});

/**
 * Many assignment, move and cancel requests fired at once (PostgreSQL only: PGlite has one
 * connection, so nothing runs at once there): only 200s and the expected 409s, and never a bed
 * twice, a student twice, a room of two sexes or a student in the other sex's building.
 */
describeOnPostgres('concurrent assignments (PostgreSQL)', () => {
  let s: number;
  let cites: MadeCite[];
  let students: Admitted[];

  beforeAll(async () => {
    s = await freshSession();
    const building = (code: string, sexe: 'M' | 'F' | 'MIXTE') => ({
      code,
      sexe,
      chambres: [1, 2, 3, 4].map((n) => ({ code: `${n}`, lits: 2 })),
    });
    cites = [
      await insertCite(db(), { batiments: [building('A', 'M'), building('B', 'F'), building('C', 'MIXTE')] }),
      await insertCite(db(), { batiments: [building('A', 'MIXTE'), building('B', 'MIXTE')] }),
    ];
    students = [];
    for (let i = 0; i < 60; i++)
      students.push(await insertAdmitted(db(), { idSessionCenou: s, sexe: i % 3 ? 'M' : 'F', rang: i + 1 }));
  });

  it('50 requests on one cité at once: lists, automatic fills; no bed twice', async () => {
    const token = await t.token('dr');
    const cite = cites[0];
    const calls = Array.from({ length: 50 }, (_, i) => {
      const body =
        i % 5 === 0
          ? { idSessionCenou: s, idCite: cite.idCite }
          : {
              idSessionCenou: s,
              idCite: cite.idCite,
              etudiants: [students[i % 40].ine, students[(i * 7) % 40].ine],
            };
      return t.api('POST', 'campus/affectation', { token, body });
    });
    const answers = await Promise.all(calls);
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((x) => x === 200 || x === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses).toContain(200);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(['DOUBLON', 'CONFLIT']).toContain((r.json() as { code: string }).code);
    await invariants(s);
    const [{ n }] = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM affectation WHERE id_session_cenou = ${s} AND deleted_at IS NULL`,
    );
    expect(n).toBe(24); // 8 M beds + 8 F beds + 8 MIXTE beds: 60 students, 20 women, 40 men: full
  });

  it('moves, cancels and assignments on two cités at once', async () => {
    const token = await t.token('admin');
    const live = await rows<{ id: number; idLit: number }>(
      db(),
      sql`SELECT id_affectation AS id, id_lit AS "idLit" FROM affectation
          WHERE id_session_cenou = ${s} AND deleted_at IS NULL ORDER BY id_affectation`,
    );
    const beds = [...Object.values(cites[0].lits), ...Object.values(cites[1].lits)];
    const calls = [
      ...live.slice(0, 8).map((a) => t.api('PATCH', `campus/affectation/${a.id}`, { token })),
      ...live
        .slice(8)
        .map((a, i) =>
          t.api('PUT', `campus/affectation/${a.id}`, { token, body: { idLit: beds[(i * 5) % beds.length] } }),
        ),
      ...cites.map((c) =>
        t.api('POST', 'campus/affectation', { token, body: { idSessionCenou: s, idCite: c.idCite } }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        t.api('POST', 'campus/affectation', {
          token,
          body: { idSessionCenou: s, idCite: cites[i % 2].idCite, etudiants: [students[40 + i].ine] },
        }),
      ),
    ];
    const answers = await Promise.all(calls);
    for (const r of answers) {
      expect([200, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 409) expect(['DOUBLON', 'CONFLIT']).toContain((r.json() as { code: string }).code);
    }
    await invariants(s);
  });
});

describeOnPostgres('an assignment and its bed’s delete at once (PostgreSQL, decision 091)', () => {
  // The bed is checked once per statement, key-share locked: whichever commits first, the other
  // fails, and no assignment names a bed that is gone.
  it('the delete waits for the assignment and fails; the assignment waits for the delete and fails', async () => {
    const s = await freshSession();
    const c = await insertCite(db(), {
      batiments: [{ code: 'R', sexe: 'MIXTE', chambres: [{ code: '1', lits: 2 }] }],
    });
    const [a, b] = [
      await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 1 }),
      await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', rang: 2 }),
    ];
    const room = c.chambres['R/N1/C1/1'];
    const pool = (t.database.db as unknown as { $client: import('pg').Pool }).$client;
    const insert = (who: Admitted, bed: number, code: string) =>
      `INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
       VALUES (${s}, ${who.idDossier}, ${who.idEtudiant}, ${c.idCite}, ${room}, ${bed}, '${code}')`;
    const waiting = async (q: import('pg').PoolClient) =>
      (
        await q.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype IN ('transactionid', 'tuple') AND NOT granted
            AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`,
        )
      ).rows[0].n as number;
    const race = async (first: string, second: string) => {
      const one = await pool.connect();
      const two = await pool.connect();
      try {
        await one.query('BEGIN');
        await one.query(first);
        let done = false;
        const pending = two.query(second).then(
          () => ((done = true), null),
          (err: unknown) => ((done = true), err as { constraint?: string }),
        );
        await vi.waitUntil(async () => done || (await waiting(one)) > 0, {
          timeout: PATIENCE_MS,
          interval: 50,
        });
        expect(done).toBe(false);
        await one.query('COMMIT');
        return await pending;
      } finally {
        one.release();
        two.release();
      }
    };
    const first = c.lits['R/N1/C1/1/1'];
    const lost = await race(
      insert(a, first, `RACE1${Date.now()}`),
      `DELETE FROM lit WHERE id_lit = ${first}`,
    );
    expect(lost?.constraint).toBe('affectation_id_lit_existe');
    const second = c.lits['R/N1/C1/1/2'];
    const refused = await race(
      `DELETE FROM lit WHERE id_lit = ${second}`,
      insert(b, second, `RACE2${Date.now()}`),
    );
    expect(refused?.constraint).toBe('affectation_id_lit_existe');
    const dangling = await rows(
      db(),
      sql`SELECT a.id_affectation FROM affectation a LEFT JOIN lit l ON l.id_lit = a.id_lit WHERE l.id_lit IS NULL`,
    );
    expect(dangling).toEqual([]);
    expect(await rows(db(), sql`SELECT 1 FROM affectation WHERE id_session_cenou = ${s}`)).toHaveLength(1);
  });
});
