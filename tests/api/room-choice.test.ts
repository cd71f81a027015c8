/**
 * Room choice by the students (docs/room-choice.md) through the HTTP stack on a real database: the
 * campaign and its slots, groups, holds, their expiry and extension, the confirmation made by the
 * assignment module, staff's assignment during and after the campaign, bad inputs and each role.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_EXAMPLE } from '../../src/domain/admissibles';
import { messages } from '../../src/domain/messages';
import { one, rows } from '../../src/server/db/client';
import { directionId } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite, type Admitted, type MadeCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { studentToken } from '../helpers/payments';

let t: TestContext;
let oua: number;
const db = () => t.database.db;
const base = 'campus/choix-chambre';

beforeAll(async () => {
  t = await setupTestApp();
  oua = await directionId(db(), 'OUA');
});
afterAll(() => t?.close());

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** A new OUVERT session in DELIBERATION of Ouagadougou (the others closed). */
async function freshSession(): Promise<number> {
  await db().execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_direction = ${oua} AND statut_session <> 'FERME'`,
  );
  return insertSession(db(), oua, 'DELIBERATION');
}

/** A VALIDE disability criterion on the dossier. */
async function giveDisability(a: Admitted) {
  const type = await one<{ id: number }>(
    db(),
    sql`INSERT INTO type_critere (libelle_type_critere) VALUES ('Handicap test') RETURNING id_type_critere AS id`,
  );
  const crit = await one<{ id: number }>(
    db(),
    sql`INSERT INTO critere (id_type_critere, libelle_critere, handicap) VALUES (${type!.id}, 'Handicap moteur', true)
        RETURNING id_critere AS id`,
  );
  await db().execute(
    sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
        VALUES (${a.idDossier}, ${type!.id}, ${crit!.id}, 'VALIDE')`,
  );
}

const as = (s: { idUser: number }) => studentToken(t.app, s);

async function createCampaign(idSessionCenou: number, body: Record<string, unknown> = {}) {
  const res = await t.api('POST', `${base}/campagne`, {
    token: await t.token('dr'),
    body: { idSessionCenou, idDirection: oua, debut: minutes(-0.5), fin: minutes(120), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    idCampagne: number;
    creneaux: { ine: string; debutCreneau: string }[];
  };
}

describe('the campaign and its slots', () => {
  let s: number;
  let students: Admitted[];
  beforeAll(async () => {
    s = await freshSession();
    // Ranks 1..5 on NATIONAUX; the 4th has a disability; one on READMISSIONS.
    students = [];
    for (let i = 1; i <= 4; i++)
      students.push(
        await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'NATIONAUX', rang: i }),
      );
    students.push(
      await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'READMISSIONS', rang: 1 }),
    );
    // Not choosers: waiting for an answer, and refused.
    await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 9, reponse: 'EN_ATTENTE' });
    await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', rang: 10, reponse: 'REFUSE' });
    await giveDisability(students[3]);
  });

  it('orders disability first, then READMISSIONS, then the lists by rank, 2 a slot, and tells each by SMS and mail', async () => {
    const debut = new Date(Date.now() + 60 * 60_000);
    const res = await t.api('POST', `${base}/campagne`, {
      token: await t.token('dr'),
      body: {
        idSessionCenou: s,
        idDirection: oua,
        debut: debut.toISOString(),
        fin: minutes(600),
        etudiantsParCreneau: 2,
        dureeCreneauMinutes: 15,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as {
      idCampagne: number;
      dureeReservationMinutes: number;
      creneaux: { ine: string; debutCreneau: string }[];
    };
    expect(body.dureeReservationMinutes).toBe(5);
    expect(body.creneaux.map((c) => c.ine)).toEqual([
      students[3].ine,
      students[4].ine,
      students[0].ine,
      students[1].ine,
      students[2].ine,
    ]);
    const at = (k: number) => new Date(debut.getTime() + k * 15 * 60_000).toISOString();
    expect(body.creneaux.map((c) => c.debutCreneau)).toEqual([at(0), at(0), at(1), at(1), at(2)]);
    const sms = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_sms WHERE kind = 'CRENEAU_CHOIX'
          AND id_user IN (${sql.join(
            students.map((x) => sql`${x.idUser}`),
            sql`, `,
          )})`,
    );
    expect(sms[0].n).toBe(5);
    const mail = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_mail WHERE kind = 'CRENEAU_CHOIX'
          AND recipient = ${`${students[0].ine.toLowerCase()}@exemple.bf`}`,
    );
    expect(mail[0].n).toBe(1);

    // A second campaign for the same session and direction: 409.
    const again = await t.api('POST', `${base}/campagne`, {
      token: await t.token('dr'),
      body: { idSessionCenou: s, idDirection: oua, debut: minutes(10), fin: minutes(60) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.choixCampagneExiste);

    // The student before its slot: 409 with the catalogue's words.
    const early = await t.api('POST', `${base}/reservation`, {
      token: as(students[0]),
      body: { idChambre: 1 },
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe('Votre créneau n’est pas encore ouvert.');

    // Read, changed and cancelled before its start.
    const read = await t.api('GET', `${base}/campagne?idSessionCenou=${s}&idDirection=${oua}`, {
      token: await t.token('cenou'),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().creneaux).toHaveLength(5);
    const changed = await t.api('PUT', `${base}/campagne/${body.idCampagne}`, {
      token: await t.token('dr'),
      body: { debut: debut.toISOString(), fin: minutes(600), etudiantsParCreneau: 5 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(new Set(changed.json().creneaux.map((c: { debutCreneau: string }) => c.debutCreneau)).size).toBe(
      1,
    );
    const gone = await t.api('DELETE', `${base}/campagne/${body.idCampagne}`, { token: await t.token('dr') });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe(messages.choixCampagneAnnulee);
  });

  it('refuses bad settings with 400, an unknown session with 404, another direction with 403, a started campaign’s change with 409', async () => {
    const token = await t.token('dr');
    const bad = await t.api('POST', `${base}/campagne`, {
      token,
      body: { idSessionCenou: s, idDirection: oua, debut: minutes(60), fin: minutes(30) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ champ: 'fin', message: messages.choixCampagneDates });
    const hold = await t.api('POST', `${base}/campagne`, {
      token,
      body: {
        idSessionCenou: s,
        idDirection: oua,
        debut: 'demain',
        fin: minutes(30),
        dureeReservationMinutes: 31,
      },
    });
    expect(hold.statusCode).toBe(400);
    expect(
      hold
        .json()
        .errors.map((e: { champ: string }) => e.champ)
        .sort(),
    ).toEqual(['debut', 'dureeReservationMinutes']);
    // The last slot and one hold must fit before the end: nothing written when they don't.
    const short = await t.api('POST', `${base}/campagne`, {
      token,
      body: {
        idSessionCenou: s,
        idDirection: oua,
        debut: minutes(1),
        fin: minutes(20),
        dureeReservationMinutes: 30,
      },
    });
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().errors[0]).toEqual({ champ: 'fin', message: messages.choixCampagneCreneauxApresFin });
    expect(
      (await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM campagne_choix WHERE id_session_cenou = ${s}`,
      ))!.n,
    ).toBe(0);
    const unknown = await t.api('POST', `${base}/campagne`, {
      token: await t.token('cenou'),
      body: { idSessionCenou: 999_999, idDirection: oua, debut: minutes(1), fin: minutes(30) },
    });
    expect(unknown.statusCode).toBe(404);
    const other = await t.api('POST', `${base}/campagne`, {
      token: await t.token('dr2'),
      body: { idSessionCenou: s, idDirection: oua, debut: minutes(1), fin: minutes(30) },
    });
    expect(other.statusCode).toBe(403);
    const started = await createCampaign(s);
    const change = await t.api('PUT', `${base}/campagne/${started.idCampagne}`, {
      token,
      body: { debut: minutes(5), fin: minutes(60) },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(messages.choixCampagneCommencee);
    const del = await t.api('DELETE', `${base}/campagne/${started.idCampagne}`, { token });
    expect(del.statusCode).toBe(409);
    const student = await t.api('GET', `${base}/campagne?idSessionCenou=${s}&idDirection=${oua}`, {
      token: as(students[0]),
    });
    expect(student.statusCode).toBe(403);
  });
  it('gives the students of the uploaded list a slot too, after the deliberation’s lists, in the list’s order', async () => {
    const session = await freshSession();
    const admitted = await insertAdmitted(db(), {
      idSessionCenou: session,
      sexe: 'M',
      liste: 'NATIONAUX',
      rang: 1,
    });
    // Dossiers in analysis, no list, no offer: the upload admits two of them (the better score first).
    const upload = async (n: number) =>
      insertAdmitted(db(), {
        idSessionCenou: session,
        sexe: 'M',
        statutDossier: 'ANALYSE',
        liste: null,
        reponse: null,
        moyenne: n,
      });
    const [second, first, notLoaded] = [await upload(11), await upload(15), await upload(17)];
    const line = (ine: string, moyenne: number) => {
      const row: Record<string, unknown> = {
        ...ADMISSIBLE_TEMPLATE_EXAMPLE,
        ine,
        sexeEtudiant: 'M',
        villeOrientation: 'Ouagadougou',
        moyenne,
      };
      return ADMISSIBLE_COLUMNS.map((c) => row[c]).join(';');
    };
    const csv =
      [ADMISSIBLE_COLUMNS.join(';'), line(second.ine, 11), line(first.ine, 15)].join('\r\n') + '\r\n';
    const res = await t.api('POST', 'campus/chargement-admissibles', {
      token: await t.token('admin'),
      body: {
        nomFichier: 'admissibles.csv',
        fichier: Buffer.from(csv).toString('base64'),
        idSession: session,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = await createCampaign(session);
    expect(campaign.creneaux.map((c) => c.ine)).toEqual([admitted.ine, first.ine, second.ine]);
    expect(campaign.creneaux.map((c) => c.ine)).not.toContain(notLoaded.ine);
    // The uploaded student chooses like the others: its slot, the rooms, a hold.
    const moi = await t.api('GET', `${base}/moi`, { token: as(first) });
    expect(moi.statusCode, moi.body).toBe(200);
    expect(moi.json().debutCreneau).toBe(campaign.creneaux[1].debutCreneau);
  });
});

describe('groups, holds and the confirmation', () => {
  let s: number;
  let cite: MadeCite;
  let friends: Admitted[];
  let man: Admitted;
  let idCampagne: number;
  const room = (code: string) => cite.chambres[`A/N1/C1/${code}`];

  beforeAll(async () => {
    s = await freshSession();
    cite = await insertCite(db(), {
      batiments: [
        {
          code: 'A',
          sexe: 'MIXTE',
          chambres: [
            { code: '101', lits: 2 },
            { code: '102', lits: 3 },
            { code: '103', lits: 1 },
            { code: '104', lits: 2 },
          ],
        },
      ],
    });
    friends = [];
    for (let i = 1; i <= 4; i++)
      friends.push(await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'NATIONAUX', rang: i }));
    man = await insertAdmitted(db(), { idSessionCenou: s, sexe: 'M', liste: 'NATIONAUX', rang: 5 });
    // One a slot of an hour: the 1st opens now, the 2nd in an hour… the group waits for its latest;
    // the end leaves the last slot its time.
    const made = await createCampaign(s, {
      debut: minutes(-0.5),
      fin: minutes(300),
      etudiantsParCreneau: 1,
      dureeCreneauMinutes: 60,
    });
    idCampagne = made.idCampagne;
  });

  /** The SMS of a group's step queued for one student, oldest first. */
  const groupSms = async (kind: string, idUser: number) =>
    (
      await rows<{ textBody: string }>(
        db(),
        sql`SELECT text_body AS "textBody" FROM outbox_sms WHERE kind = ${kind} AND id_user = ${idUser} ORDER BY id`,
      )
    ).map((r) => r.textBody);

  it('a group chooses at its latest member’s slot: grouping never moves anyone earlier', async () => {
    const [a, b, c] = friends;
    const sexes = await t.api('POST', `${base}/groupe`, { token: as(a), body: { ines: [man.ine] } });
    expect(sexes.statusCode).toBe(409);
    expect(sexes.json().message).toBe(messages.choixGroupeInvitationImpossible);
    const self = await t.api('POST', `${base}/groupe`, { token: as(a), body: { ines: [a.ine] } });
    expect(self.statusCode).toBe(400);
    const tooMany = await t.api('POST', `${base}/groupe`, {
      token: as(a),
      body: { ines: [b.ine, c.ine, friends[3].ine, man.ine] },
    });
    expect(tooMany.statusCode).toBe(400);

    const res = await t.api('POST', `${base}/groupe`, { token: as(a), body: { ines: [b.ine] } });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json() as { idGroupe: number; membres: { ine: string; statut: string }[] };
    expect(group.membres.map((m) => [m.ine, m.statut])).toEqual([
      [a.ine, 'ACCEPTE'],
      [b.ine, 'INVITE'],
    ]);
    const invited = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_sms WHERE kind = 'GROUPE_INVITATION' AND id_user = ${b.idUser}`,
    );
    expect(invited!.n).toBe(1);
    // Already in a group: 409.
    const twice = await t.api('POST', `${base}/groupe`, { token: as(c), body: { ines: [b.ine] } });
    expect(twice.statusCode).toBe(409);

    const mineBefore = (await t.api('GET', `${base}/moi`, { token: as(a) })).json();
    const accept = await t.api('POST', `${base}/groupe/${group.idGroupe}/reponse`, {
      token: as(b),
      body: { reponse: 'ACCEPTE' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const again = await t.api('POST', `${base}/groupe/${group.idGroupe}/reponse`, {
      token: as(b),
      body: { reponse: 'REFUSE' },
    });
    expect(again.statusCode).toBe(409);
    // Every step is told to the other members: a reads b's acceptance, b is not told its own.
    expect(await groupSms('GROUPE_ACCEPTE', a.idUser)).toEqual([
      `CENOU : l'étudiant ${b.ine} a rejoint votre groupe pour le choix de la chambre.`,
    ]);
    expect(await groupSms('GROUPE_ACCEPTE', b.idUser)).toEqual([]);
    const mineAfter = (await t.api('GET', `${base}/moi`, { token: as(a) })).json();
    // a's own slot is now; the group's is b's, an hour later.
    expect(new Date(mineAfter.debutCreneau).getTime()).toBeGreaterThan(
      new Date(mineBefore.debutCreneau).getTime(),
    );
    const held = await t.api('POST', `${base}/reservation`, {
      token: as(a),
      body: { idChambre: room('101') },
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(messages.choixCreneauPasOuvert);
    // b leaves (the group holds nothing): a chooses alone again, at its own slot.
    const leave = await t.api('DELETE', `${base}/groupe/${group.idGroupe}/membre`, { token: as(b) });
    expect(leave.statusCode, leave.body).toBe(200);
    const alone = (await t.api('GET', `${base}/moi`, { token: as(a) })).json();
    expect(alone.debutCreneau).toBe(mineBefore.debutCreneau);
    expect(await groupSms('GROUPE_DEPART', a.idUser)).toEqual([
      `CENOU : l'étudiant ${b.ine} a quitté votre groupe pour le choix de la chambre.`,
    ]);
    expect(await groupSms('GROUPE_DEPART', b.idUser)).toEqual([]);

    // b, free again, invites c, who refuses: b is told, c is in no group and b chooses alone.
    const second = await t.api('POST', `${base}/groupe`, { token: as(b), body: { ines: [c.ine] } });
    expect(second.statusCode, second.body).toBe(201);
    const idSecond = (second.json() as { idGroupe: number }).idGroupe;
    expect(await groupSms('GROUPE_INVITATION', c.idUser)).toHaveLength(1);
    const refuse = await t.api('POST', `${base}/groupe/${idSecond}/reponse`, {
      token: as(c),
      body: { reponse: 'REFUSE' },
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    expect(await groupSms('GROUPE_REFUSE', b.idUser)).toEqual([
      `CENOU : l'étudiant ${c.ine} a refusé de rejoindre votre groupe pour le choix de la chambre.`,
    ]);
    expect(await groupSms('GROUPE_REFUSE', c.idUser)).toEqual([]);
    const bLeaves = await t.api('DELETE', `${base}/groupe/${idSecond}/membre`, { token: as(b) });
    expect(bLeaves.statusCode, bLeaves.body).toBe(200);
    expect((await t.api('GET', `${base}/moi`, { token: as(b) })).json().groupe ?? null).toBeNull();
  });

  it('holds a room, lists it as full, extends, confirms through the assignment (certificate, instalments, SMS)', async () => {
    const a = friends[0];
    const list = await t.api('GET', `${base}/chambres?idCite=${cite.idCite}`, { token: as(a) });
    expect(list.statusCode, list.body).toBe(200);
    const etag = list.headers.etag as string;
    expect(etag).toBeTruthy();
    const same = await t.api('GET', `${base}/chambres?idCite=${cite.idCite}`, {
      token: as(a),
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(list.json().map((r: { idChambre: number }) => r.idChambre)).toContain(room('103'));

    const held = await t.api('POST', `${base}/reservation`, {
      token: as(a),
      body: { idChambre: room('103') },
    });
    expect(held.statusCode, held.body).toBe(201);
    const h = held.json() as {
      idReservation: number;
      lits: { idLit: number; ine: string }[];
      expireA: string;
    };
    expect(h.lits).toEqual([{ idLit: cite.lits['A/N1/C1/103/1'], libelleLit: 'Lit 1', ine: a.ine }]);
    const after = await t.api('GET', `${base}/chambres?idCite=${cite.idCite}`, {
      token: as(a),
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().map((r: { idChambre: number }) => r.idChambre)).not.toContain(room('103'));
    // The same room again is no new hold: its time and extensions would start afresh.
    const again = await t.api('POST', `${base}/reservation`, {
      token: as(a),
      body: { idChambre: room('103') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.choixChambreDejaReservee);

    // Another student's call on this hold: 404.
    const other = await t.api('POST', `${base}/reservation/${h.idReservation}/prolongation`, {
      token: as(friends[1]),
    });
    expect(other.statusCode).toBe(404);
    const extended = await t.api('POST', `${base}/reservation/${h.idReservation}/prolongation`, {
      token: as(a),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().prolongations).toBe(1);
    // The hold gets its whole length again from the extension's moment: made a moment ago, its end
    // moves by that moment, not by another 5 minutes; a second extension at once does not stack.
    const gained = new Date(extended.json().expireA).getTime() - new Date(h.expireA).getTime();
    expect(gained).toBeGreaterThanOrEqual(0);
    expect(gained).toBeLessThan(60_000);
    const again2 = await t.api('POST', `${base}/reservation/${h.idReservation}/prolongation`, {
      token: as(a),
    });
    expect(again2.statusCode, again2.body).toBe(200);
    expect(again2.json().prolongations).toBe(2);
    expect(new Date(again2.json().expireA).getTime() - new Date(h.expireA).getTime()).toBeLessThan(60_000);

    const done = await t.api('POST', `${base}/reservation/${h.idReservation}/confirmation`, { token: as(a) });
    expect(done.statusCode, done.body).toBe(200);
    const [aff] = done.json().affectations as { idLit: number; codeVerification: string; ine: string }[];
    expect(aff).toMatchObject({ idLit: cite.lits['A/N1/C1/103/1'], ine: a.ine });
    expect(aff.codeVerification).toMatch(/^[A-Z2-9]{12}$/);
    const sms = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_sms WHERE kind = 'AFFECTATION_LIT' AND id_user = ${a.idUser}`,
    );
    expect(sms!.n).toBe(1);
    const instalments = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM journal_transaction jt JOIN affectation af ON af.id_affectation = jt.id_affectation
          WHERE af.id_etudiant = ${a.idEtudiant}`,
    );
    expect(instalments!.n).toBeGreaterThan(0);
    const twice = await t.api('POST', `${base}/reservation/${h.idReservation}/confirmation`, {
      token: as(a),
    });
    expect(twice.statusCode).toBe(409);
    const mine = (await t.api('GET', `${base}/moi`, { token: as(a) })).json();
    expect(mine.reservation).toBeNull();
    // Housed now: its slot stays, but it holds nothing more.
    const housed = await t.api('POST', `${base}/reservation`, {
      token: as(a),
      body: { idChambre: room('102') },
    });
    expect(housed.statusCode).toBe(409);
    expect(housed.json().message).toBe(messages.choixPasChoisisseur);
  });

  it('an expired hold frees its beds at once for the next student', async () => {
    // The second student's slot: opened by moving it now.
    const [, b, c] = friends;
    await db().execute(
      sql`UPDATE campagne_creneau SET debut_creneau = now() - interval '1 minute'
          WHERE id_campagne = ${idCampagne} AND id_etudiant IN (${b.idEtudiant}, ${c.idEtudiant})`,
    );
    const first = await t.api('POST', `${base}/reservation`, {
      token: as(b),
      body: { idChambre: room('101') },
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.api('POST', `${base}/reservation`, {
      token: as(c),
      body: { idChambre: room('101') },
    });
    expect(again.statusCode).toBe(201); // one bed left in 101 (2 beds)
    const full = await t.api('POST', `${base}/reservation`, {
      token: as(friends[3]),
      body: { idChambre: room('101') },
    });
    expect(full.statusCode).toBe(409);
    const idB = first.json().idReservation as number;
    await db().execute(
      sql`UPDATE reservation SET expire_a = now() - interval '1 second' WHERE id_reservation = ${idB}`,
    );
    await db().execute(
      sql`UPDATE campagne_creneau SET debut_creneau = now() - interval '1 minute'
          WHERE id_campagne = ${idCampagne} AND id_etudiant = ${friends[3].idEtudiant}`,
    );
    const taken = await t.api('POST', `${base}/reservation`, {
      token: as(friends[3]),
      body: { idChambre: room('101') },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const state = await one<{ etat: string; n: number }>(
      db(),
      sql`SELECT etat, (SELECT count(*)::int FROM reservation_lit WHERE id_reservation = ${idB}) AS n
          FROM reservation WHERE id_reservation = ${idB}`,
    );
    expect(state).toEqual({ etat: 'EXPIREE', n: 0 });
    const late = await t.api('POST', `${base}/reservation/${idB}/confirmation`, { token: as(b) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.choixReservationExpiree);
    const extendLate = await t.api('POST', `${base}/reservation/${idB}/prolongation`, { token: as(b) });
    expect(extendLate.statusCode).toBe(409);
  });

  it('staff: during the campaign only named students and never a held bed; the follow-up; a hold cancelled; after the end, the rest', async () => {
    const token = await t.token('dr');
    const all = await t.api('POST', 'campus/affectation', {
      token,
      body: { idSessionCenou: s, idCite: cite.idCite },
    });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toBe(messages.choixAffectationPendantCampagne);
    const named = await t.api('POST', 'campus/affectation', {
      token,
      body: { idSessionCenou: s, idCite: cite.idCite, etudiants: [man.ine] },
    });
    expect(named.statusCode, named.body).toBe(200);
    const held = await rows<{ idLit: number }>(db(), sql`SELECT id_lit AS "idLit" FROM reservation_lit`);
    expect(held.map((x) => x.idLit)).not.toContain(named.json().affectes[0].idLit);
    // Staff cannot move an assignment onto a bed a student holds either.
    const moveOntoHeld = await t.api('PUT', `campus/affectation/${named.json().affectes[0].idAffectation}`, {
      token,
      body: { idLit: held[0].idLit },
    });
    expect(moveOntoHeld.statusCode, moveOntoHeld.body).toBe(409);
    expect(moveOntoHeld.json().message).toBe(messages.affectationLitReserve);

    const follow = await t.api('GET', `${base}/campagne/${idCampagne}/suivi?page=0&size=20`, { token });
    expect(follow.statusCode, follow.body).toBe(200);
    const states = Object.fromEntries(
      (follow.json() as { ine: string; etat: string }[]).map((r) => [r.ine, r.etat]),
    );
    expect(states[friends[0].ine]).toBe('CHOISI');
    expect(states[friends[2].ine]).toBe('EN_RESERVATION');
    expect(states[friends[1].ine]).toBe('EN_ATTENTE');
    expect(states[man.ine]).toBe('CHOISI');
    // A chosen bed is named: its cité, building and room; none while nothing is chosen.
    const places = Object.fromEntries(
      (follow.json() as { ine: string; lieu: string | null }[]).map((r) => [r.ine, r.lieu]),
    );
    expect(places[friends[0].ine]).toMatch(/^.+, .+, .+$/);
    expect(places[friends[1].ine]).toBeNull();
    const other = await t.api('GET', `${base}/campagne/${idCampagne}/suivi`, { token: await t.token('dr2') });
    expect(other.statusCode).toBe(403);

    const holdOfC = await one<{ id: number }>(
      db(),
      sql`SELECT id_reservation AS id FROM reservation WHERE id_etudiant = ${friends[2].idEtudiant} AND etat = 'ACTIVE'`,
    );
    const cancelOther = await t.api('DELETE', `${base}/reservation/${holdOfC!.id}`, {
      token: await t.token('dr2'),
    });
    expect(cancelOther.statusCode).toBe(403);
    const cancel = await t.api('DELETE', `${base}/reservation/${holdOfC!.id}`, { token });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // The end: no hold outlives it.
    await db().execute(
      sql`UPDATE campagne_choix SET debut = now() - interval '2 hours', fin = now() - interval '1 second'
          WHERE id_campagne = ${idCampagne}`,
    );
    await db().execute(
      sql`UPDATE reservation SET expire_a = now() - interval '1 second' WHERE id_campagne = ${idCampagne}`,
    );
    const afterEnd = await t.api('GET', `${base}/campagne/${idCampagne}/suivi`, { token });
    expect(
      (afterEnd.json() as { ine: string; etat: string }[]).find((r) => r.ine === friends[1].ine)?.etat,
    ).toBe('SANS_CHOIX');
    const rest = await t.api('POST', 'campus/affectation', {
      token,
      body: { idSessionCenou: s, idCite: cite.idCite },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(
      rest
        .json()
        .affectes.map((x: { ine: string }) => x.ine)
        .sort(),
    ).toEqual([friends[1].ine, friends[2].ine, friends[3].ine].sort());
    const closed = await t.api('POST', `${base}/reservation`, {
      token: as(friends[1]),
      body: { idChambre: room('102') },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(messages.choixCampagneTerminee);
  });

  it('the journal records the campaign, the groups, the holds, their extensions and the confirmations, in French', async () => {
    type Entry = {
      action: string;
      resource: string;
      libelleRessource: string;
      libelleObjet: string | null;
      resume: string;
    };
    const read = async (filter: string) => {
      const res = await t.api('GET', `campus/audit?${filter}&size=200`, { token: await t.token('admin') });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Entry[];
    };
    const campagnes = await read('filtre.resource=campagne_choix');
    expect(campagnes.length).toBeGreaterThan(0);
    // Its direction and session, or its number once the campaign is cancelled.
    for (const e of campagnes) {
      expect(e.libelleRessource).toBe('Campagne de choix des chambres');
      expect(e.libelleObjet).toMatch(/(, session \d{4}-\d{4}|^n° \d+)$/);
    }
    expect(campagnes.some((e) => /, session \d{4}-\d{4}$/.test(e.libelleObjet ?? ''))).toBe(true);
    expect(campagnes.find((e) => e.action === 'CREER')!.resume).toMatch(
      /^Du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} au /,
    );
    const holds = await read('filtre.resource=reservation');
    for (const action of ['RESERVER_CHAMBRE', 'PROLONGER_RESERVATION', 'CONFIRMER_CHOIX']) {
      const e = holds.find((x) => x.action === action);
      expect(e, action).toBeDefined();
      expect(e!.libelleRessource).toBe('Réservation de chambre');
      // The student and the room, in words.
      expect(e!.libelleObjet, action).toMatch(/\(INE [A-Z0-9]+\) — .+, .+/);
      expect(e!.resume, action).not.toBe('');
    }
    const groups = await read('filtre.resource=groupe_choix');
    for (const action of ['CREER_GROUPE', 'REPONDRE_GROUPE']) {
      const e = groups.find((x) => x.action === action);
      expect(e, action).toBeDefined();
      expect(e!.libelleObjet, action).toMatch(/^Groupe de .+ \(INE [A-Z0-9]+\)$/);
    }
    expect(groups.find((x) => x.action === 'REPONDRE_GROUPE')!.resume).toMatch(
      /^Réponse\s:\s(Acceptée|Refusée)\.$/,
    );
  });

  it('bad inputs: clear French 400 and 404, never a 5xx', async () => {
    const a = friends[0];
    const cases: [string, string, unknown, number][] = [
      ['POST', `${base}/reservation`, { idChambre: 'x' }, 400],
      ['POST', `${base}/reservation`, {}, 400],
      ['POST', `${base}/reservation/abc/prolongation`, undefined, 400],
      ['POST', `${base}/reservation/999999/confirmation`, undefined, 404],
      ['DELETE', `${base}/reservation/999999`, undefined, 404],
      ['POST', `${base}/groupe`, { ines: [] }, 400],
      ['POST', `${base}/groupe`, { ines: ['!!'] }, 400],
      ['POST', `${base}/groupe/999999/reponse`, { reponse: 'PEUT-ETRE' }, 400],
      ['POST', `${base}/groupe/999999/reponse`, { reponse: 'ACCEPTE' }, 404],
      ['DELETE', `${base}/groupe/999999/membre`, undefined, 404],
      ['GET', `${base}/chambres`, undefined, 400],
      ['GET', `${base}/chambres?idCite=999999`, undefined, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await t.api(method, url, { token: as(a), body });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(/[a-zé]/);
    }
    // A student who chooses nothing (no campaign gives it a slot): no slot, read without an error.
    const stranger = await insertAdmitted(db(), {
      idSessionCenou: s,
      sexe: 'F',
      rang: 50,
      reponse: 'EN_ATTENTE',
    });
    const none = await t.api('GET', `${base}/moi`, { token: as(stranger) });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });
});

describe('the sessions whose room choice runs now', () => {
  it('lists a started campaign’s session to its direction and the CENOU, not one to come nor another direction’s', async () => {
    const s = await freshSession();
    await insertAdmitted(db(), { idSessionCenou: s, sexe: 'F', liste: 'NATIONAUX', rang: 1 });
    const running = (token: string) => t.api('GET', `${base}/en-cours`, { token });
    const listed = async (token: string) =>
      (((await running(token)).json() as { idSessionCenou: number }[]) ?? []).some(
        (r) => r.idSessionCenou === s,
      );
    // Not yet started: its phase is still the deliberation.
    const later = await t.api('POST', `${base}/campagne`, {
      token: await t.token('dr'),
      body: { idSessionCenou: s, idDirection: oua, debut: minutes(60), fin: minutes(120) },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(await listed(await t.token('dr'))).toBe(false);
    // Started: listed, with its direction, to its manager and the CENOU; not to another direction's.
    await db().execute(
      sql`UPDATE campagne_choix SET debut = now() - interval '1 minute' WHERE id_session_cenou = ${s}`,
    );
    const mine = await running(await t.token('dr'));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toContainEqual({ idSessionCenou: s, idDirection: oua });
    expect(await listed(await t.token('cenou'))).toBe(true);
    expect(await listed(await t.token('dr2'))).toBe(false);
    // Ended: no more.
    await db().execute(
      sql`UPDATE campagne_choix SET fin = now() - interval '1 second' WHERE id_session_cenou = ${s}`,
    );
    expect(await listed(await t.token('cenou'))).toBe(false);
    // A student, and the admin (who follows no room choice), are refused.
    expect((await running(await t.token('admin'))).statusCode).toBe(403);
  });
});
