/**
 * What the student's room-choice screen reads of `GET campus/choix-chambre/moi` besides its slot
 * (docs/room-choice.md#the-students-screen): the cités of the campaign's direction where it chooses,
 * and whether it has its bed (its choice confirmed).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { studentToken } from '../helpers/payments';

let t: TestContext;
const db = () => t.database.db;
const base = 'campus/choix-chambre';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe('the student’s own view of its campaign', () => {
  let cite: MadeCite;
  let a: Admitted;
  let gone: Admitted;
  beforeAll(async () => {
    t = await setupTestApp();
    const oua = await directionId(db(), 'OUA');
    await db().execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
    );
    const s = await insertSession(db(), oua, 'DELIBERATION');
    cite = await insertCite(db(), {
      nom: 'Cité du choix',
      batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '101', lits: 2 }] }],
    });
    // A cité of the direction whose only building is the other sex's: no bed for her.
    await insertCite(db(), {
      nom: 'Cité des garçons',
      batiments: [{ code: 'G', sexe: 'M', chambres: [{ code: '1', lits: 2 }] }],
    });
    // A cité of another direction is not listed.
    await insertCite(db(), {
      ville: 'Bobo-Dioulasso',
      nom: 'Cité d’ailleurs',
      batiments: [{ code: 'B', sexe: 'MIXTE', chambres: [{ code: '1', lits: 1 }] }],
    });
    a = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 1 });
    gone = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 2 });
    const res = await t.api('POST', `${base}/campagne`, {
      token: await t.token('dr'),
      body: { idSessionCenou: s, idDirection: oua, debut: minutes(0), fin: minutes(120) },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(() => t?.close());

  it('refuses to invite a friend who no longer chooses (withdrawn since its slot was given)', async () => {
    await db().execute(
      sql`UPDATE dossier SET reponse = 'REFUSE', statut_dossier = 'DESISTE' WHERE id_etudiant = ${gone.idEtudiant}`,
    );
    const res = await t.api('POST', `${base}/groupe`, {
      token: studentToken(t.app, a),
      body: { ines: [gone.ine] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(messages.choixGroupeInvitationImpossible);
  });

  it('gives each cité the free beds that fit the student: none where the buildings are the other sex’s', async () => {
    const mine = (await t.api('GET', `${base}/moi`, { token: studentToken(t.app, a) })).json() as {
      cites: { idCite: number; nomCite: string; litsLibres: number }[];
    };
    const of = (nom: string) => mine.cites.find((c) => c.nomCite === nom)?.litsLibres;
    expect(of('Cité des garçons')).toBe(0);
    expect(of('Cité du choix')).toBe(2);
    // The very beds the rooms' list gives for that cité.
    const rooms = await t.api('GET', `${base}/chambres?idCite=${cite.idCite}`, {
      token: studentToken(t.app, a),
    });
    const list = rooms.json() as { litsLibres: number }[];
    expect(list.reduce((n, r) => n + r.litsLibres, 0)).toBe(2);
  });

  it('lists the cités of the direction by name, and says when its bed is given', async () => {
    const token = studentToken(t.app, a);
    const before = await t.api('GET', `${base}/moi`, { token });
    expect(before.statusCode, before.body).toBe(200);
    const mine = before.json() as { cites: { idCite: number; nomCite: string }[]; loge: boolean };
    expect(mine.cites.map((c) => c.nomCite)).toContain('Cité du choix');
    expect(mine.cites.map((c) => c.nomCite)).not.toContain('Cité d’ailleurs');
    expect(mine.loge).toBe(false);

    const held = await t.api('POST', `${base}/reservation`, {
      token,
      body: { idChambre: cite.chambres['A/N1/C1/101'] },
    });
    expect(held.statusCode, held.body).toBe(201);
    const done = await t.api('POST', `${base}/reservation/${held.json().idReservation}/confirmation`, {
      token,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await t.api('GET', `${base}/moi`, { token })).json();
    expect(after.loge).toBe(true);
    expect(after.reservation).toBeNull();
  });
});
