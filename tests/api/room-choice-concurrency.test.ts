/**
 * Room choice under concurrency, on PostgreSQL with two instances of the server on one database
 * (docs/room-choice.md#correct-under-any-load, docs/decisions/046-room-choice.md): many students
 * after the last beds of a room, a hold expiring while others ask for it, a confirmation racing an
 * expiry, a member leaving its group while another holds, confirmations side by side with staff's
 * assignment. After each: no bed held twice, none both held and assigned. Then the slots on two
 * instances: disability first, a student refused before its slot, a group at its latest member's
 * slot, and after the end staff's assignment of every student left while holds are refused.
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
            ...[1, 2, 3, 4, 5, 6].map((n) => ({ code: `P${n}`, lits: 1 })),
            { code: 'STAFF', lits: 2 },
            { code: 'KEEP', lits: 4 },
          ],
        },
      ],
    });
    students = [];
    for (let i = 1; i <= 36; i++)
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

  it('six confirmations at once over both instances, and staff assigning named students meanwhile: each its own bed', async () => {
    const choosers = students.slice(26, 32);
    const holds: number[] = [];
    for (const [i, who] of choosers.entries()) {
      const h = await call(i, who, 'POST', 'reservation', { idChambre: room(`P${i + 1}`) });
      expect(h.statusCode, h.body).toBe(201);
      holds.push(h.json().idReservation as number);
    }
    const named = students.slice(32, 34);
    const [staff, ...confirmed] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `${API_BASE}/campus/affectation`,
        headers: { authorization: `Bearer ${await t.token('dr')}` },
        payload: { idSessionCenou: s, idCite: cite.idCite, etudiants: named.map((x) => x.ine) },
      }),
      ...choosers.map((who, i) => call(i, who, 'POST', `reservation/${holds[i]}/confirmation`)),
    ]);
    expect(confirmed.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(staff.statusCode, staff.body).toBe(200);
    const given = await rows<{ idEtudiant: number; idLit: number }>(
      db(),
      sql`SELECT id_etudiant AS "idEtudiant", id_lit AS "idLit" FROM affectation
          WHERE id_session_cenou = ${s} AND deleted_at IS NULL`,
    );
    for (const [i, who] of choosers.entries())
      expect(given.find((g) => g.idEtudiant === who.idEtudiant)?.idLit).toBe(
        cite.lits[`A/N1/C1/P${i + 1}/1`],
      );
    // Staff's run never takes a held or chosen bed.
    const staffBeds = (staff.json().affectes as { idLit: number }[]).map((a) => a.idLit);
    expect(staffBeds.some((b) => choosers.some((_, i) => cite.lits[`A/N1/C1/P${i + 1}/1`] === b))).toBe(
      false,
    );
    await invariants();
  });

  it('a list kept past the second by one instance shows at once a hold made through the other, and frees its beds at its end', async () => {
    // This instance is told of changes by the database (decision 145); the other is not listening.
    const [reader, holder] = students.slice(34, 36);
    const free = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}/chambres?idCite=${cite.idCite}`,
        headers: { authorization: `Bearer ${studentToken(t.app, reader)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { idChambre: number; litsLibres: number }[]).find(
        (r) => r.idChambre === room('KEEP'),
      )?.litsLibres;
    };
    const before = await free();
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await free()).toBe(before); // past the second, nothing changed: the list kept
    const held = await call(1, holder, 'POST', 'reservation', { idChambre: room('KEEP') });
    expect(held.statusCode, held.body).toBe(201);
    // The notification on its way to this instance: without it, the list kept would stay as it was.
    let seen = await free();
    for (let i = 0; i < 60 && seen === before; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await free();
    }
    expect(seen).toBe(before! - 1);
    // The hold ends by its time, without a write: the list is not served past that end.
    await db().execute(
      sql`UPDATE reservation SET expire_a = now() + interval '1500 milliseconds' WHERE id_reservation = ${held.json().idReservation as number}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await free()).toBe(before! - 1);
    await new Promise((r) => setTimeout(r, 1_400));
    expect(await free()).toBe(before);
    await invariants();
  });
});

describeOnPostgres('slots, their order and the end, on two instances (PostgreSQL)', () => {
  let t: TestContext;
  let other: { app: FastifyInstance; database: Database };
  let s: number;
  let bob: number;
  let idCampagne: number;
  let cite: MadeCite;
  let ranked: Admitted[];
  let disabled: Admitted;
  const db = () => t.database.db;
  const call = (i: number, who: Admitted, method: 'GET' | 'POST', url: string, body?: object) => {
    const app = i % 2 ? other.app : t.app;
    return app.inject({
      method,
      url: `${base}/${url}`,
      headers: { authorization: `Bearer ${studentToken(app, who)}` },
      payload: body,
    });
  };

  beforeAll(async () => {
    t = await setupTestApp();
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const database = await openDatabase({ databaseUrl: url, poolSize: 8, listen: false });
    const app = await buildApp({ config: t.config, db: database.db, jwtSecret: JWT });
    await app.ready();
    other = { app, database };
    bob = await directionId(db(), 'BOB');
    await db().execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${bob} AND statut_session <> 'FERME'`,
    );
    s = await insertSession(db(), bob, 'DELIBERATION');
    cite = await insertCite(db(), {
      ville: 'Bobo-Dioulasso',
      batiments: [
        { code: 'A', sexe: 'F', chambres: [1, 2, 3, 4, 5].map((n) => ({ code: `R${n}`, lits: 2 })) },
      ],
    });
    ranked = [];
    for (let i = 1; i <= 4; i++)
      ranked.push(
        await insertAdmitted(db(), {
          idSessionCenou: s,
          ville: 'Bobo-Dioulasso',
          sexe: 'F',
          liste: 'NATIONAUX',
          rang: i,
        }),
      );
    // The last of the list has a disability: it chooses first.
    disabled = ranked[3];
    const type = await one<{ id: number }>(
      db(),
      sql`INSERT INTO type_critere (libelle_type_critere) VALUES ('Handicap (deux instances)') RETURNING id_type_critere AS id`,
    );
    const crit = await one<{ id: number }>(
      db(),
      sql`INSERT INTO critere (id_type_critere, libelle_critere, handicap) VALUES (${type!.id}, 'Handicap visuel', true)
          RETURNING id_critere AS id`,
    );
    await db().execute(
      sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
          VALUES (${disabled.idDossier}, ${type!.id}, ${crit!.id}, 'VALIDE')`,
    );
    // One student a slot of an hour: the first slot open now, the others later.
    const res = await t.api('POST', 'campus/choix-chambre/campagne', {
      token: await t.token('cenou'),
      body: {
        idSessionCenou: s,
        idDirection: bob,
        debut: new Date(Date.now() - 30_000).toISOString(),
        fin: new Date(Date.now() + 6 * 3_600_000).toISOString(),
        etudiantsParCreneau: 1,
        dureeCreneauMinutes: 60,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    idCampagne = res.json().idCampagne as number;
    expect((res.json().creneaux as { ine: string }[]).map((c) => c.ine)).toEqual([
      disabled.ine,
      ranked[0].ine,
      ranked[1].ine,
      ranked[2].ine,
    ]);
  }, 120_000);
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await t?.close();
  });

  it('before its slot a student is refused on either instance; the disabled student, first, holds', async () => {
    const answers = await Promise.all([
      call(0, ranked[0], 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R1'] }),
      call(1, ranked[0], 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R1'] }),
      call(1, disabled, 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R2'] }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409, 201]);
    expect(answers[0].json().message).toBe(messages.choixCreneauPasOuvert);
    expect(answers[1].json().message).toBe(messages.choixCreneauPasOuvert);
  });

  it('a group never chooses earlier than its latest member: open slot joined with a later one, refused on both instances', async () => {
    // The disabled student's slot is open (now); ranked[1]'s opens two hours later.
    await db().execute(
      sql`UPDATE reservation SET etat = 'ANNULEE' WHERE id_campagne = ${idCampagne} AND etat = 'ACTIVE'`,
    );
    await db().execute(
      sql`DELETE FROM reservation_lit WHERE id_reservation IN (SELECT id_reservation FROM reservation WHERE etat <> 'ACTIVE')`,
    );
    const made = await call(0, disabled, 'POST', 'groupe', { ines: [ranked[1].ine] });
    expect(made.statusCode, made.body).toBe(201);
    const idGroupe = made.json().idGroupe as number;
    const accepted = await other.app.inject({
      method: 'POST',
      url: `${base}/groupe/${idGroupe}/reponse`,
      headers: { authorization: `Bearer ${studentToken(other.app, ranked[1])}` },
      payload: { reponse: 'ACCEPTE' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [a, b] = await Promise.all([
      call(0, disabled, 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R3'] }),
      call(1, disabled, 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R3'] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([409, 409]);
    expect(a.json().message).toBe(messages.choixCreneauPasOuvert);
    const mine = await call(1, disabled, 'GET', 'moi');
    const theirs = await call(0, ranked[1], 'GET', 'moi');
    expect(mine.json().debutCreneau).toBe(theirs.json().debutCreneau);
  });

  it('after the end: holds refused on both instances while staff’s assignment places every student left, once', async () => {
    await db().execute(
      sql`UPDATE campagne_choix SET debut = now() - interval '7 hours', fin = now() - interval '1 second'
          WHERE id_campagne = ${idCampagne}`,
    );
    const [rest, h0, h1] = await Promise.all([
      t.api('POST', 'campus/affectation', {
        token: await t.token('cenou'),
        body: { idSessionCenou: s, idCite: cite.idCite },
      }),
      call(0, ranked[0], 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R4'] }),
      call(1, ranked[2], 'POST', 'reservation', { idChambre: cite.chambres['A/N1/C1/R5'] }),
    ]);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(
      rest
        .json()
        .affectes.map((x: { ine: string }) => x.ine)
        .sort(),
    ).toEqual([...ranked].map((x) => x.ine).sort());
    // Refused: the campaign has ended, or (once placed) the student no longer chooses.
    expect([h0.statusCode, h1.statusCode]).toEqual([409, 409]);
    const twice = await rows(
      db(),
      sql`SELECT id_etudiant FROM affectation WHERE id_session_cenou = ${s} AND deleted_at IS NULL
          GROUP BY id_etudiant HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const again = await t.api('POST', 'campus/affectation', {
      token: await t.token('cenou'),
      body: { idSessionCenou: s, idCite: cite.idCite },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().affectes).toEqual([]);
  });
});
