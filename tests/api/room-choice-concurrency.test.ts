/**
 * Room choice under concurrency, on PostgreSQL with two instances of the server on one database
 * (docs/room-choice.md#correct-under-any-load, docs/decisions/046-room-choice.md): many students
 * after the last beds of a room, a hold expiring while others ask for it, a confirmation racing an
 * expiry, a member leaving its group while another holds. After each: no bed held twice, none both
 * held and assigned.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { buildApp } from '../../src/server/app';
import { one, openDatabase, rows, type Database } from '../../src/server/db/client';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { studentToken } from '../helpers/payments';
import { describeOnPostgres } from '../helpers/postgres';

const JWT = 'x'.repeat(48);
const base = `${API_BASE}/campus/choix-chambre`;

describeOnPostgres('room choice on two instances (PostgreSQL)', () => {
  let t: TestContext;
  let other: { app: FastifyInstance; database: Database };
  let s: number;
  let cite: MadeCite;
  let students: Admitted[];
  const db = () => t.database.db;
  const room = (code: string) => cite.chambres[`A/N1/C1/${code}`];

  /** A call as the student through one of the two instances. */
  const call = (i: number, who: Admitted, method: 'POST' | 'DELETE', url: string, body?: object) => {
    const app = i % 2 ? other.app : t.app;
    return app.inject({
      method,
      url: `${base}/${url}`,
      headers: { authorization: `Bearer ${studentToken(app, who)}` },
      payload: body,
    });
  };

  /** What no interleaving may break. */
  async function invariants() {
    const heldAndAssigned = await rows(
      db(),
      sql`SELECT rl.id_lit FROM reservation_lit rl JOIN reservation rv ON rv.id_reservation = rl.id_reservation
          JOIN affectation a ON a.id_lit = rl.id_lit AND a.deleted_at IS NULL AND a.id_session_cenou = ${s}
          WHERE rv.etat = 'ACTIVE' AND rv.expire_a > now()`,
    );
    const assignedTwice = await rows(
      db(),
      sql`SELECT id_lit FROM affectation WHERE id_session_cenou = ${s} AND deleted_at IS NULL
          GROUP BY id_lit HAVING count(*) > 1`,
    );
    const endedWithBeds = await rows(
      db(),
      sql`SELECT rl.id_lit FROM reservation_lit rl JOIN reservation rv ON rv.id_reservation = rl.id_reservation
          WHERE rv.etat <> 'ACTIVE'`,
    );
    expect({ heldAndAssigned, assignedTwice, endedWithBeds }).toEqual({
      heldAndAssigned: [],
      assignedTwice: [],
      endedWithBeds: [],
    });
  }

  beforeAll(async () => {
    t = await setupTestApp();
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const database = await openDatabase({ databaseUrl: url, poolSize: 8, listen: false });
    const app = await buildApp({ config: t.config, db: database.db, jwtSecret: JWT });
    await app.ready();
    other = { app, database };

    const oua = await directionId(db(), 'OUA');
    await db().execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
    );
    s = await insertSession(db(), oua, 'DELIBERATION');
    cite = await insertCite(db(), {
      batiments: [
        {
          code: 'A',
          sexe: 'MIXTE',
          chambres: [
            { code: 'LAST', lits: 3 },
            { code: 'EXP', lits: 1 },
            ...[1, 2, 3, 4, 5, 6].map((n) => ({ code: `C${n}`, lits: 1 })),
            { code: 'GRP', lits: 2 },
            { code: 'INV', lits: 2 },
          ],
        },
      ],
    });
    students = [];
    for (let i = 1; i <= 26; i++)
      students.push(
        await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'NATIONAUX', rang: i }),
      );
    const res = await t.api('POST', 'campus/choix-chambre/campagne', {
      token: await t.token('dr'),
      body: {
        idSessionCenou: s,
        idDirection: oua,
        debut: new Date(Date.now() - 30_000).toISOString(),
        fin: new Date(Date.now() + 3_600_000).toISOString(),
        etudiantsParCreneau: 100,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await t?.close();
  });

  it('twelve students after the 3 beds of one room at once, over both instances: exactly 3 holds', async () => {
    const racers = students.slice(0, 12);
    const answers = await Promise.all(
      racers.map((who, i) => call(i, who, 'POST', 'reservation', { idChambre: room('LAST') })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const held = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM reservation_lit rl JOIN lit l ON l.id_lit = rl.id_lit
          WHERE l.id_chambre = ${room('LAST')}`,
    );
    expect(held!.n).toBe(3);
    await invariants();
  });

  it('a hold expiring while others ask for its bed and its holder extends it: one of them has it', async () => {
    const [holder, a, b] = students.slice(12, 15);
    const first = await call(0, holder, 'POST', 'reservation', { idChambre: room('EXP') });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().idReservation as number;
    await db().execute(sql`UPDATE reservation SET expire_a = now() WHERE id_reservation = ${id}`);
    const [ea, eb, ext] = await Promise.all([
      call(0, a, 'POST', 'reservation', { idChambre: room('EXP') }),
      call(1, b, 'POST', 'reservation', { idChambre: room('EXP') }),
      call(1, holder, 'POST', `reservation/${id}/prolongation`),
    ]);
    expect(ext.statusCode).toBe(409);
    expect([ea.statusCode, eb.statusCode].sort()).toEqual([201, 409]);
    await invariants();
  });

  it('a confirmation racing its hold’s expiry and another student: the bed goes to one of them at most', async () => {
    const pairs = [1, 2, 3, 4, 5, 6].map((n, i) => ({
      code: `C${n}`,
      holder: students[15 + i],
      rival: students[(i + 3) % 12],
    }));
    // The rivals of the first test are released (they held LAST or nothing).
    await db().execute(
      sql`UPDATE reservation SET etat = 'ANNULEE' WHERE etat = 'ACTIVE' AND id_chambre = ${room('LAST')}`,
    );
    await db().execute(
      sql`DELETE FROM reservation_lit WHERE id_reservation IN (SELECT id_reservation FROM reservation WHERE etat <> 'ACTIVE')`,
    );
    for (const [i, p] of pairs.entries()) {
      const h = await call(i, p.holder, 'POST', 'reservation', { idChambre: room(p.code) });
      expect(h.statusCode, h.body).toBe(201);
      const id = h.json().idReservation as number;
      // Expiring within a few milliseconds: sometimes before the confirmation, sometimes after.
      await db().execute(
        sql`UPDATE reservation SET expire_a = now() + ${`${i * 15} milliseconds`}::interval WHERE id_reservation = ${id}`,
      );
      const [confirmed, rival] = await Promise.all([
        call(i, p.holder, 'POST', `reservation/${id}/confirmation`),
        call(i + 1, p.rival, 'POST', 'reservation', { idChambre: room(p.code) }),
      ]);
      // Never both; neither when the rival asked just before the end and the confirmation came just after.
      expect([200, 409], confirmed.body).toContain(confirmed.statusCode);
      expect([201, 409], rival.body).toContain(rival.statusCode);
      expect([confirmed.statusCode, rival.statusCode]).not.toEqual([200, 201]);
      await invariants();
    }
  });

  it('a member leaving its group while another holds for the group: the hold counts who is still in it', async () => {
    const [a, b] = students.slice(21, 23);
    const made = await call(0, a, 'POST', 'groupe', { ines: [b.ine] });
    expect(made.statusCode, made.body).toBe(201);
    const idGroupe = made.json().idGroupe as number;
    expect((await call(1, b, 'POST', `groupe/${idGroupe}/reponse`, { reponse: 'ACCEPTE' })).statusCode).toBe(
      200,
    );
    const [left, held] = await Promise.all([
      call(1, b, 'DELETE', `groupe/${idGroupe}/membre`),
      call(0, a, 'POST', 'reservation', { idChambre: room('GRP') }),
    ]);
    expect(held.statusCode, held.body).toBe(201);
    const lits = held.json().lits as { ine: string }[];
    if (left.statusCode === 200) expect(lits.map((l) => l.ine)).toEqual([a.ine]);
    else {
      expect(left.statusCode).toBe(409);
      expect(lits.map((l) => l.ine).sort()).toEqual([a.ine, b.ine].sort());
    }
    await invariants();
  });

  it('an invitee cannot join a group while it holds a room: the hold has no bed for it', async () => {
    const [a, b, c] = students.slice(23, 26);
    const made = await call(0, a, 'POST', 'groupe', { ines: [b.ine, c.ine] });
    expect(made.statusCode, made.body).toBe(201);
    const idGroupe = made.json().idGroupe as number;
    expect((await call(1, b, 'POST', `groupe/${idGroupe}/reponse`, { reponse: 'ACCEPTE' })).statusCode).toBe(
      200,
    );
    const held = await call(0, a, 'POST', 'reservation', { idChambre: room('INV') });
    expect(held.statusCode, held.body).toBe(201);
    const join = await call(1, c, 'POST', `groupe/${idGroupe}/reponse`, { reponse: 'ACCEPTE' });
    expect(join.statusCode).toBe(409);
    expect(join.json().message).toBe(messages.choixGroupeReserveRejoindre);
    await invariants();
  });
});
