/**
 * Room choice, the staff's side and the review of the server (docs/room-choice.md,
 * docs/decisions/053-room-choice-staff-and-late-choosers.md) on a real database: a start in the
 * past refused, the follow-up's states and counts that agree, the reminder when a slot opens sent
 * once by two queues, a late acceptance given a slot after the last, invitations that tell nothing
 * about an INE and are limited, the rooms compressed and tagged, a student never holding two beds.
 */
import { sql } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { groupName } from '../../src/domain/room-choice-names';
import type { FollowRow } from '../../src/domain/schemas/room-choice';
import { one } from '../../src/server/db/client';
import { SlotReminders } from '../../src/server/modules/room-choice/reminders';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { studentToken } from '../helpers/payments';

let t: TestContext;
let oua: number;
const db = () => t.database.db;
const base = 'campus/choix-chambre';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const as = (s: { idUser: number }) => studentToken(t.app, s);

beforeAll(async () => {
  t = await setupTestApp({ INE_MAX_FAILURES: 3 });
  oua = await directionId(db(), 'OUA');
});
afterAll(() => t?.close());

async function freshSession(): Promise<number> {
  await db().execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
  );
  return insertSession(db(), oua, 'DELIBERATION');
}

async function create(idSessionCenou: number, body: Record<string, unknown>) {
  return t.api('POST', `${base}/campagne`, {
    token: await t.token('dr'),
    body: { idSessionCenou, idDirection: oua, ...body },
  });
}

const count = async (kind: string, idUser: number) =>
  (await one<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM outbox_sms WHERE kind = ${kind} AND id_user = ${idUser}`,
  ))!.n;

describe('the campaign for staff', () => {
  let s: number;
  let students: Admitted[];
  let idCampagne: number;

  beforeAll(async () => {
    s = await freshSession();
    students = [];
    for (let i = 1; i <= 4; i++)
      students.push(await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: i }));
  });

  it('refuses a start in the past (400 on debut), on the database’s clock', async () => {
    const res = await create(s, { debut: minutes(-15), fin: minutes(60) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { champ: string }) => e.champ)).toEqual(['debut']);
    expect(res.json().errors[0].message).toBe(messages.choixCampagneDebutPasse);
  });

  it('follows each chooser with its state, filters by state, and counts that agree with the table', async () => {
    // Slots of 2 students, 30 minutes apart: two open now, two in 30 minutes (reminded then).
    const made = await create(s, {
      debut: minutes(0),
      fin: minutes(240),
      etudiantsParCreneau: 2,
      dureeCreneauMinutes: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    idCampagne = made.json().idCampagne;
    const token = await t.token('dr');
    const follow = await t.api('GET', `${base}/campagne/${idCampagne}/suivi?size=50`, { token });
    expect(follow.statusCode, follow.body).toBe(200);
    const rows = follow.json() as {
      ine: string;
      etat: string;
      ordre: number;
      rang: number;
      handicap: boolean;
    }[];
    expect(rows.map((r) => r.ine)).toEqual(students.map((x) => x.ine));
    expect(rows.map((r) => r.etat)).toEqual([
      'EN_ATTENTE',
      'EN_ATTENTE',
      'PAS_ENCORE_OUVERT',
      'PAS_ENCORE_OUVERT',
    ]);
    expect(rows.map((r) => r.rang)).toEqual([1, 2, 3, 4]);
    expect(rows.every((r) => r.handicap === false)).toBe(true);
    const waiting = await t.api('GET', `${base}/campagne/${idCampagne}/suivi?filtre.etat=PAS_ENCORE_OUVERT`, {
      token,
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.headers['x-total-count']).toBe('2');
    const counts = await t.api('GET', `${base}/campagne/${idCampagne}/compteurs`, { token });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json()).toEqual({
      CHOISI: 0,
      EN_RESERVATION: 0,
      EN_ATTENTE: 2,
      PAS_ENCORE_OUVERT: 2,
      SANS_CHOIX: 0,
      total: 4,
    });
  });

  it('reminds each chooser once when its slot opens, whatever the queues polling', async () => {
    const make = () =>
      new SlotReminders({ db: db(), log: t.app.log, intervalMs: 60_000, dashboardUrl: 'http://x/tableau' });
    const [one1, two] = [make(), make()];
    // The first slot was told at creation (it opens at once): no reminder; the second not open yet.
    await Promise.all([one1.runOnce(), two.runOnce()]);
    for (const x of students) expect(await count('RAPPEL_CRENEAU', x.idUser)).toBe(0);
    // The second slot opens: both queues poll at once, each student reminded once.
    await db().execute(
      sql`UPDATE campagne_creneau SET debut_creneau = now() - interval '1 second', rappel_a = now() - interval '1 second'
          WHERE id_campagne = ${idCampagne} AND numero = 1`,
    );
    await Promise.all([one1.runOnce(), two.runOnce()]);
    await Promise.all([one1.runOnce(), two.runOnce()]);
    expect(await count('RAPPEL_CRENEAU', students[2].idUser)).toBe(1);
    expect(await count('RAPPEL_CRENEAU', students[3].idUser)).toBe(1);
    expect(await count('RAPPEL_CRENEAU', students[0].idUser)).toBe(0);
    const mail = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_mail WHERE kind = 'RAPPEL_CRENEAU' AND id_user = ${students[2].idUser}`,
    );
    expect(mail!.n).toBe(1);
  });

  it('gives a student who accepts its offer during the campaign a slot after the last, told by SMS', async () => {
    const late = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 1, reponse: 'EN_ATTENTE' });
    await db().execute(
      sql`UPDATE dossier SET date_limite_reponse = now() + interval '2 days' WHERE id_dossier = ${late.idDossier}`,
    );
    const answer = await t.api('POST', `campus/dossier/${late.idDossier}/reponse`, {
      token: as(late),
      body: { reponse: 'ACCEPTE' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const slot = await one<{ ordre: number; numero: number; debut: boolean }>(
      db(),
      sql`SELECT ordre, numero, debut_creneau >= (SELECT max(debut_creneau) FROM campagne_creneau
            WHERE id_campagne = ${idCampagne} AND id_etudiant <> ${late.idEtudiant}) AS debut
          FROM campagne_creneau WHERE id_campagne = ${idCampagne} AND id_etudiant = ${late.idEtudiant}`,
    );
    // First on its list, but after everyone already told: the 5th, in the 3rd slot.
    expect(slot).toEqual({ ordre: 4, numero: 2, debut: true });
    expect(await count('CRENEAU_CHOIX', late.idUser)).toBe(1);
    const mine = await t.api('GET', `${base}/moi`, { token: as(late) });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

describe('invitations, rooms and holds', () => {
  let s: number;
  let cite: MadeCite;
  let women: Admitted[];
  let man: Admitted;
  const room = (code: string) => cite.chambres[`S/N1/C1/${code}`];

  beforeAll(async () => {
    s = await freshSession();
    cite = await insertCite(db(), {
      nom: 'Cité du suivi',
      batiments: [
        {
          code: 'S',
          sexe: 'MIXTE',
          chambres: [
            { code: '201', lits: 4 },
            { code: '202', lits: 4 },
          ],
        },
      ],
    });
    women = [];
    for (let i = 1; i <= 4; i++)
      women.push(await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: i }));
    man = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', rang: 5 });
    const made = await create(s, { debut: minutes(0), fin: minutes(120), etudiantsParCreneau: 10 });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('one generic 409 for an INE that does not choose, of the other sex or in a group; names after acceptance; limited', async () => {
    const [a, b, c] = women;
    const group = await t.api('POST', `${base}/groupe`, { token: as(b), body: { ines: [c.ine] } });
    expect(group.statusCode, group.body).toBe(201);
    // The invitee's name is not shown before it accepts.
    const invited = group.json().membres.find((m: { ine: string }) => m.ine === c.ine);
    expect(invited).toMatchObject({ nomEtudiant: null, prenomEtudiant: null, statut: 'INVITE' });
    const answers = [];
    for (const ine of ['N99999999999', man.ine, c.ine])
      answers.push(await t.api('POST', `${base}/groupe`, { token: as(a), body: { ines: [ine] } }));
    expect(answers.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(new Set(answers.map((r) => r.json().message))).toEqual(
      new Set([messages.choixGroupeInvitationImpossible]),
    );
    // Three refusals (the test's limit): the next call is refused before it is looked at.
    const over = await t.api('POST', `${base}/groupe`, { token: as(a), body: { ines: [women[3].ine] } });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(messages.choixInvitationsTrop);
  });

  /** The follow-up's rows of this campaign, by INE. */
  async function followed() {
    const idCampagne = (await one<{ id: number }>(
      db(),
      sql`SELECT id_campagne AS id FROM campagne_choix WHERE id_session_cenou = ${s}`,
    ))!.id;
    const res = await t.api('GET', `${base}/campagne/${idCampagne}/suivi?size=50`, {
      token: await t.token('dr'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as FollowRow[]).map((r) => [r.ine, r]));
  }
  /** A group's name, as every screen writes it: after the student who formed it. */
  const nameOf = async (st: Admitted) => {
    const n = (await one<{ nom: string; prenom: string }>(
      db(),
      sql`SELECT nom_etudiant AS nom, prenom_etudiant AS prenom FROM registre_etudiant WHERE id_etudiant = ${st.idEtudiant}`,
    ))!;
    return { ...n, groupe: groupName(n.nom, n.prenom) };
  };

  it('follows a group by the name the journal gives it, and an invitation not answered yet', async () => {
    const [a, b, c] = women;
    const rows = await followed();
    // b formed the group (accepted); c is invited and has not answered; a chooses alone.
    expect(rows.get(b.ine)).toMatchObject({
      statutGroupe: 'ACCEPTE',
      creneauGroupe: rows.get(b.ine)!.debutCreneau,
    });
    const leader = await nameOf(b);
    expect(rows.get(b.ine)).toMatchObject({
      nomCreateurGroupe: leader.nom,
      prenomCreateurGroupe: leader.prenom,
    });
    expect(rows.get(c.ine)).toMatchObject({
      statutGroupe: 'INVITE',
      nomCreateurGroupe: leader.nom,
      prenomCreateurGroupe: leader.prenom,
      // Only an accepted member chooses at its group's slot.
      creneauGroupe: null,
    });
    expect(rows.get(a.ine)).toMatchObject({ statutGroupe: null, idGroupe: null, creneauGroupe: null });
    // The search finds the group's members by the name of the student who formed it.
    const idCampagne =
      rows.get(b.ine) &&
      (await one<{ id: number }>(
        db(),
        sql`SELECT id_campagne AS id FROM campagne_choix WHERE id_session_cenou = ${s}`,
      ))!.id;
    const searched = await t.api(
      'GET',
      `${base}/campagne/${idCampagne}/suivi?q=${encodeURIComponent(leader.prenom)}`,
      {
        token: await t.token('dr'),
      },
    );
    expect((searched.json() as FollowRow[]).map((r) => r.ine).sort()).toEqual([b.ine, c.ine].sort());
    // The journal names it the same: « Groupe de … (INE …) ».
    const journal = await t.api('GET', `campus/audit?filtre.resource=groupe_choix&size=200`, {
      token: await t.token('admin'),
    });
    const created = (
      journal.json() as { action: string; resourceId: string; libelleObjet: string; resume: string }[]
    ).find((e) => e.action === 'CREER_GROUPE' && e.resourceId === String(rows.get(b.ine)!.idGroupe));
    expect(created?.libelleObjet).toBe(`${leader.groupe} (INE ${b.ine})`);
    // Its detail names the invited student as the journal names students, not by its INE alone.
    const invited = await nameOf(c);
    expect(created?.resume).toBe(
      fill(messages.auditGroupeInvites, {
        etudiants: fill(messages.auditObjetEtudiant, {
          nom: invited.nom,
          prenom: invited.prenom,
          ine: c.ine,
        }),
      }),
    );
  });

  it('sends the rooms compressed and tagged, 304 when unchanged', async () => {
    const d = women[3];
    const res = await t.api('GET', `${base}/chambres?idCite=${cite.idCite}`, {
      token: as(d),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const list = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as {
      libelleChambre: string;
      litsLibres: number;
    }[];
    expect(list.map((r) => r.litsLibres)).toEqual([4, 4]);
    const same = await t.api('GET', `${base}/chambres?idCite=${cite.idCite}`, {
      token: as(d),
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(same.statusCode).toBe(304);
  });

  it('a member’s own hold is released when its group holds: never two beds for one student', async () => {
    const [, b, c] = women;
    // c holds alone, then accepts b's invitation; b holds for the group.
    const solo = await t.api('POST', `${base}/reservation`, {
      token: as(c),
      body: { idChambre: room('202') },
    });
    expect(solo.statusCode, solo.body).toBe(201);
    const idGroupe = (await one<{ id: number }>(
      db(),
      sql`SELECT id_groupe AS id FROM groupe_membre WHERE id_etudiant = ${c.idEtudiant} AND statut = 'INVITE'`,
    ))!.id;
    const accept = await t.api('POST', `${base}/groupe/${idGroupe}/reponse`, {
      token: as(c),
      body: { reponse: 'ACCEPTE' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const held = await t.api('POST', `${base}/reservation`, {
      token: as(b),
      body: { idChambre: room('201') },
    });
    expect(held.statusCode, held.body).toBe(201);
    const beds = await one<{ n: number; solo: string }>(
      db(),
      sql`SELECT (SELECT count(*)::int FROM reservation_lit WHERE id_etudiant = ${c.idEtudiant}) AS n,
            (SELECT etat FROM reservation WHERE id_reservation = ${solo.json().idReservation as number}) AS solo`,
    );
    expect(beds).toEqual({ n: 1, solo: 'ANNULEE' });
    // The database itself refuses a second bed for a student.
    const twice = db().execute(
      sql`INSERT INTO reservation_lit (id_reservation, id_lit, id_etudiant)
          SELECT ${held.json().idReservation as number}, l.id_lit, ${c.idEtudiant} FROM lit l
          WHERE l.id_chambre = ${room('202')} LIMIT 1`,
    );
    await expect(twice).rejects.toThrow();
    // The group's hold is the group's in the journal, by the same name; its confirmation writes
    // that name in each member's history.
    const leader = await nameOf(b);
    const journal = await t.api('GET', `campus/audit?filtre.resource=reservation&size=200`, {
      token: await t.token('admin'),
    });
    const idReservation = String(held.json().idReservation);
    const entry = (journal.json() as { action: string; resourceId: string; libelleObjet: string }[]).find(
      (e) => e.action === 'RESERVER_CHAMBRE' && e.resourceId === idReservation,
    );
    expect(entry?.libelleObjet).toMatch(new RegExp(`^${leader.groupe} \\(INE ${b.ine}\\) — Cité du suivi, `));
    const done = await t.api('POST', `${base}/reservation/${idReservation}/confirmation`, { token: as(b) });
    expect(done.statusCode, done.body).toBe(200);
    const history = await t.api('GET', `campus/dossier/${c.idDossier}/historique`, {
      token: await t.token('dr'),
    });
    const bed = (history.json() as { evenement: string; details: string[] }[]).find(
      (e) => e.evenement === 'AFFECTATION',
    );
    expect(bed?.details).toContain(fill(messages.historiqueChoixGroupe, { groupe: leader.groupe }));
  });
});
