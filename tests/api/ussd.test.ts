import { NoopLogger, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USSD_PATH } from '../../src/domain/api';
import { gsmSeptets } from '../../src/domain/gsm';
import { USSD_MAX_SEPTETS } from '../../src/domain/messages-ussd';
import { ETUDIANT } from '../../src/domain/enums';
import { directionId } from '../../src/server/seed/factories';
import { one, rows } from '../../src/server/db/client';
import { ussdSecret } from '../../src/server/modules/ussd/secret';
import { studentRent } from '../../src/server/modules/rent/service';
import { signToken } from '../../src/server/plugins/auth';
import { purgeUssdSessions } from '../../src/server/modules/ussd/service';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite } from '../helpers/assignment';
import { addDossier, setQuota, setupDeliberation, type DelibFixture } from '../helpers/deliberation';
import { insertSession } from '../helpers/dossiers';
import { assignedOn, owedRent, weekBefore } from '../helpers/rent';
import { formatFcfa } from '../../src/domain/money';
import { todayUtc } from '../../src/server/modules/rent/repository';

/** Today in UTC, the day H's first instalment falls due. */
const today = todayUtc();

/**
 * The USSD menu (docs/ussd.md) through the gateway's route as Africa's Talking calls it: the secret,
 * a number that is no student's, each menu, an answer accepted (its history's channel, the SMS in
 * the outbox) and one refused by its deadline, a refusal that promotes the waiting list, a session
 * cut and resumed, every answer within 182 GSM characters; and the staff's USSD phone.
 */

const SECRET = 'secret-ussd-des-tests';
let t: TestContext;
let f: DelibFixture;
const db = () => t.database.db;

/** The students: A and B admitted (offers), W waiting, H housed in Bobo-Dioulasso with rent. */
type Key = 'A' | 'B' | 'C' | 'W' | 'H';
const s = {} as Record<
  Key,
  { idDossier: number; idUser: number; ine: string; reference: string; phone: string }
>;
/** Each student's verified number (A: its registry's). */
const PHONES: Record<Key, string> = {
  A: '+22671000001',
  B: '+22671000002',
  C: '+22671000003',
  W: '+22671000004',
  H: '+22671000005',
};
const UNKNOWN = '+22671999999';

/** Every answer of the gateway seen by the tests, for the length check. */
const answers: string[] = [];
let serial = 0;

async function ussd(sessionId: string, phoneNumber: string, text: string, secret: string | null = SECRET) {
  const res = await t.app.inject({
    method: 'POST',
    url: USSD_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(secret === null ? {} : { 'x-ussd-secret': secret }),
    },
    payload: new URLSearchParams({ sessionId, serviceCode: '*356#', phoneNumber, text }).toString(),
  });
  if (res.statusCode === 200) {
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    answers.push(res.body);
  }
  return res;
}

/** The phone's earlier sessions moved out of the resume window (each test starts afresh). */
const age = (phone: string) =>
  db().execute(
    sql`UPDATE ussd_session SET updated_at = now() - interval '10 minutes' WHERE telephone = ${phone}`,
  );

/** The screen after each input of a new session, the inputs sent as the operator sends them. */
async function walk(phone: string, inputs: string[], sessionId = `s${++serial}`) {
  await age(phone);
  const screens: string[] = [];
  for (let i = 0; i <= inputs.length; i++) {
    const res = await ussd(sessionId, phone, inputs.slice(0, i).join('*'));
    expect(res.statusCode, res.body).toBe(200);
    screens.push(res.body);
  }
  return screens;
}

const dossierRow = (k: Key) =>
  one<{ statut: string; reponse: string | null }>(
    db(),
    sql`SELECT statut_dossier AS statut, reponse FROM dossier WHERE id_dossier = ${s[k].idDossier}`,
  );

beforeAll(async () => {
  t = await setupTestApp({ USSD_SECRET: SECRET });
  f = await setupDeliberation(db());
  await setQuota(f, 'burkinabe', 3);
  const nat = (bourse: 'VALIDE' | 'INJUSTIFIE') =>
    [
      ['burkinabe', 'VALIDE'],
      ['nonPupille', 'VALIDE'],
      ['parents', 'VALIDE'],
      ['boursier', bourse],
    ] as never;
  const specs: Record<'A' | 'B' | 'C' | 'W', { entries: never; moyenneBac: number }> = {
    A: { entries: nat('VALIDE'), moyenneBac: 16 },
    B: { entries: nat('VALIDE'), moyenneBac: 15 },
    C: { entries: nat('VALIDE'), moyenneBac: 14 },
    W: { entries: nat('INJUSTIFIE'), moyenneBac: 12 },
  };
  let n = 0;
  for (const [k, spec] of Object.entries(specs) as ['A' | 'B' | 'C' | 'W', (typeof specs)['A']][]) {
    n += 1;
    const made = await addDossier(f, { ...spec, ine: `USSD${String(n).padStart(8, '0')}` });
    const reference = `USS-2026-${String(n).padStart(6, '0')}`;
    await db().execute(
      sql`UPDATE dossier SET reference_dossier = ${reference} WHERE id_dossier = ${made.idDossier}`,
    );
    s[k] = { ...made, reference, phone: PHONES[k] };
  }
  // A's number is its registry's (it verified none); the others verified theirs.
  await db().execute(
    sql`UPDATE registre_etudiant SET tel_etudiant = '71 00 00 01' WHERE id_user = ${s.A.idUser}`,
  );
  for (const k of ['B', 'C', 'W'] as const)
    await db().execute(sql`UPDATE users SET telephone = ${PHONES[k]} WHERE id = ${s[k].idUser}`);
  const res = await t.api('POST', 'campus/deliberation', {
    token: await t.token('dr'),
    body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'ussd' },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const k of ['A', 'B', 'C'] as const) expect(await dossierRow(k), k).toMatchObject({ statut: 'ADMIS' });
  expect((await dossierRow('W'))!.statut).toBe('LISTE_ATTENTE');

  // H: housed in Bobo-Dioulasso a week ago, its rent's first instalment today.
  const bob = await directionId(db(), 'BOB');
  const session = await insertSession(db(), bob, 'DELIBERATION');
  await db().execute(
    sql`UPDATE session_cenou SET premiere_echeance = ${today}, mois_loyer = 10 WHERE id_session_cenou = ${session}`,
  );
  const cite = await insertCite(db(), {
    ville: 'Bobo-Dioulasso',
    nom: 'Cité universitaire de Bobo-Dioulasso',
    montant: 5000,
    batiments: [{ code: 'A', sexe: 'F', chambres: [{ code: '12', lits: 2 }] }],
  });
  const h = await insertAdmitted(db(), {
    idSessionCenou: session,
    sexe: 'F',
    rang: 1,
    ville: 'Bobo-Dioulasso',
  });
  const assigned = await assignedOn(db(), weekBefore(today), async () =>
    t.api('POST', 'campus/affectation', {
      token: await t.token('cenou'),
      body: { idSessionCenou: session, idCite: cite.idCite, etudiants: [h.ine] },
    }),
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  await db().execute(sql`UPDATE users SET telephone = ${PHONES.H} WHERE id = ${h.idUser}`);
  s.H = { idDossier: h.idDossier, idUser: h.idUser, ine: h.ine, reference: '', phone: PHONES.H };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the gateway', () => {
  it('a wrong or missing secret → 401, nothing answered', async () => {
    expect((await ussd('x1', s.B.phone, '', 'mauvais')).statusCode).toBe(401);
    expect((await ussd('x1', s.B.phone, '', null)).statusCode).toBe(401);
    const stored = await rows<{ id: string }>(db(), sql`SELECT id_session AS id FROM ussd_session`);
    expect(stored).toEqual([]);
  });

  it('without USSD_SECRET, the secret is derived from the JWT secret', () => {
    expect(ussdSecret({ USSD_SECRET: undefined }, 'x'.repeat(48))).toMatch(/^ussd_[0-9a-f]{40}$/);
    expect(ussdSecret({ USSD_SECRET: SECRET }, 'x'.repeat(48))).toBe(SECRET);
  });

  it('a bad request → 400 with the field named', async () => {
    const res = await ussd('bad id!', s.B.phone, '');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('sessionId');
  });

  it('is described: its operation, its form body, its text answer and its statuses', async () => {
    const doc = (await t.app.inject({ url: '/service/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const op = doc.paths[USSD_PATH].post as {
      operationId: string;
      requestBody: { content: Record<string, unknown> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(op.operationId).toBe('postUssd');
    expect(Object.keys(op.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(op.responses['200'].content ?? {})).toEqual(['text/plain']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });

  it('a number that is no student’s gets one END screen saying how to register', async () => {
    const res = await ussd('inconnu-1', UNKNOWN, '');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^END Ce numéro n'est lié à aucun étudiant\. Inscrivez-vous/);
    expect(
      await one(db(), sql`SELECT 1 AS x FROM ussd_session WHERE telephone = ${UNKNOWN}`),
    ).toBeUndefined();
  });

  it('a staff account’s phone is no student’s: the same END screen, nothing stored', async () => {
    const staffPhone = '+22670990012';
    await db().execute(sql`UPDATE users SET telephone = ${staffPhone} WHERE id = ${t.accounts.cenou.id}`);
    try {
      const res = await ussd('personnel-1', staffPhone, '');
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/^END Ce numéro n'est lié à aucun étudiant\. Inscrivez-vous/);
      expect(
        await one(db(), sql`SELECT 1 AS x FROM ussd_session WHERE telephone = ${staffPhone}`),
      ).toBeUndefined();
    } finally {
      await db().execute(sql`UPDATE users SET telephone = NULL WHERE id = ${t.accounts.cenou.id}`);
    }
  });
});

describe('the menus', () => {
  it('the main menu, then 1 Mon dossier: state and reference; 0 goes back', async () => {
    const [menu, dossier, back] = await walk(s.B.phone, ['1', '0']);
    expect(menu).toBe(
      "CON CENOU Logement\n1 Mon dossier\n2 Répondre à l'offre\n3 Mon loyer\n4 Mon logement\n0 Quitter",
    );
    expect(dossier).toContain(
      `CON Dossier ${s.B.reference}\nSession 2026-2027\nÉtat : Admis, offre : en attente de réponse`,
    );
    expect(dossier).toMatch(
      /Répondez à l'offre avant le \d\d\/\d\d\/2026 à \d\d:\d\d \(menu 2\)\.\n0 Retour$/,
    );
    expect(back).toBe(menu);
  });

  it('the registry number of a student who verified none opens its menu', async () => {
    const [, dossier] = await walk(s.A.phone, ['1']);
    expect(dossier).toContain(`Dossier ${s.A.reference}`);
  });

  it('an input a screen does not take shows it again after « Choix invalide. »', async () => {
    const [, wrong] = await walk(s.B.phone, ['7']);
    expect(wrong).toBe(
      "CON Choix invalide.\nCENOU Logement\n1 Mon dossier\n2 Répondre à l'offre\n3 Mon loyer\n4 Mon logement\n0 Quitter",
    );
  });

  it('3 Mon loyer and 4 Mon logement for a housed student', async () => {
    const [, loyer, , logement] = await walk(s.H.phone, ['3', '0', '4']);
    // What H owes of its session's ten instalments from today (the rule of the months lived).
    const { totalDu } = owedRent(
      { premiereEcheance: today, moisLoyer: 10, montant: 5000 },
      weekBefore(today),
    );
    expect(
      loyer.startsWith(
        `CON Loyer Cité universitaire de Bobo-Dioulasso\nReste à payer : ${formatFcfa(totalDu, { plain: true })} FCFA\n`,
      ),
      loyer,
    ).toBe(true);
    expect(loyer).toMatch(/Prochaine échéance : 5 000 FCFA le \d\d\/\d\d\/\d{4}\n0 Retour$/);
    // The stored labels already say « Bâtiment A », « Chambre 12 », « Lit 1 »: each word written once.
    expect(logement).toBe(
      'CON Logement 2026-2027\nCité universitaire de Bobo-Dioulasso\nBatiment A\nChambre 12\nLit 1\n0 Retour',
    );
  });

  it('3 Mon loyer names the next instalment as the web does: its date and what is left on it', async () => {
    const web = await t.api('GET', 'campus/loyer/etudiant', {
      token: signToken(t.app, { id: s.H.idUser, role: ETUDIANT, tokenVersion: 0 }),
    });
    expect(web.statusCode, web.body).toBe(200);
    const [rent] = web.json() as {
      paiementPropose: { prochaineEcheance: { dateEcheance: string; reste: number } | null } | null;
    }[];
    const next = rent!.paiementPropose!.prochaineEcheance!;
    // The first instalment falls due today: it is due (late), not to come; the next is a month on.
    expect(next.dateEcheance.slice(0, 10) > new Date().toISOString().slice(0, 10)).toBe(true);
    const [, loyer] = await walk(s.H.phone, ['3']);
    const said = /Prochaine échéance : (.+) le (\d\d)\/(\d\d)\/(\d{4})\n/.exec(loyer);
    expect(said, loyer).not.toBeNull();
    expect(Number(said![1]!.replace(/\D/g, ''))).toBe(next.reste);
    expect(`${said![4]}-${said![3]}-${said![2]}`).toBe(next.dateEcheance.slice(0, 10));
  });

  it('4 Mon logement shows this year’s bed: a bed of a closed session (last year) is not', async () => {
    const session = sql`(SELECT a.id_session_cenou FROM affectation a JOIN dossier d USING (id_dossier)
                          WHERE d.id_user = ${s.H.idUser})`;
    await db().execute(
      sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou IN ${session}`,
    );
    try {
      const [, logement] = await walk(s.H.phone, ['4']);
      expect(logement).toBe('CON Aucun lit ne vous est attribué pour le moment.\n0 Retour');
    } finally {
      await db().execute(
        sql`UPDATE session_cenou SET statut_session = 'OUVERT' WHERE id_session_cenou IN ${session}`,
      );
    }
  });

  it('0 Quitter on the main menu ends the session', async () => {
    const sessionId = `s${++serial}`;
    const [menu, fin] = await walk(s.B.phone, ['0'], sessionId);
    expect(menu).toMatch(/\n0 Quitter$/);
    expect(fin).toBe("END Merci d'avoir utilisé le menu du CENOU. Au revoir.");
    const row = await one<{ terminee: boolean }>(
      db(),
      sql`SELECT terminee FROM ussd_session WHERE id_session = ${sessionId}`,
    );
    expect(row?.terminee).toBe(true);
    // Dialled again at once: the menu, nothing offered to resume (the session ended).
    expect((await ussd(`s${++serial}`, s.B.phone, '')).body).toBe(menu);
  });

  it('3 and 4 for a student without a bed; 2 for a student without an offer', async () => {
    const [, loyer, , logement] = await walk(s.W.phone, ['3', '0', '4']);
    expect(loyer).toBe("CON Vous n'avez pas de loyer : aucun lit ne vous est attribué.\n0 Retour");
    expect(logement).toBe('CON Aucun lit ne vous est attribué pour le moment.\n0 Retour');
    const [, offre, again] = await walk(s.W.phone, ['2', '1']);
    expect(offre).toBe("CON Aucune offre n'attend votre réponse.\n0 Retour");
    expect(again).toBe("CON Choix invalide.\nAucune offre n'attend votre réponse.\n0 Retour");
  });
});

describe('2 Répondre à l’offre', () => {
  it('accept: a confirmation, then the answer as POST …/reponse records it, channel USSD, and an SMS', async () => {
    const [, offre, confirm, done] = await walk(s.B.phone, ['2', '1', '1']);
    expect(offre).toMatch(
      new RegExp(
        `^CON Une place vous est offerte \\(dossier ${s.B.reference}\\)\\.\\nRépondez avant le .+\\.\\n1 Accepter\\n2 Refuser\\n0 Retour$`,
      ),
    );
    expect(confirm).toBe(
      `CON Vous acceptez la place du dossier ${s.B.reference} ?\n1 Oui, je confirme\n0 Retour`,
    );
    expect(done).toBe(
      `END Votre acceptation de la place (dossier ${s.B.reference}) est enregistrée. Un SMS vous la confirme.`,
    );
    expect(await dossierRow('B')).toMatchObject({ statut: 'ADMIS', reponse: 'ACCEPTE' });
    const history = (
      await t.api('GET', `campus/dossier/${s.B.idDossier}/historique`, { token: await t.token('admin') })
    ).json() as { evenement: string; canal: string | null }[];
    expect(history.find((e) => e.evenement === 'REPONSE_ACCEPTEE')).toMatchObject({ canal: 'USSD' });
    const sms = await rows<{ kind: string; recipient: string; text: string }>(
      db(),
      sql`SELECT kind, recipient, text_body AS text FROM outbox_sms WHERE id_dossier = ${s.B.idDossier} AND kind = 'REPONSE_ACCEPTEE'`,
    );
    expect(sms).toEqual([expect.objectContaining({ recipient: s.B.phone })]);
    expect(sms[0].text).toContain(s.B.reference);
    // Answered: the offer's screen says there is none left.
    const [, after] = await walk(s.B.phone, ['2']);
    expect(after).toBe("CON Aucune offre n'attend votre réponse.\n0 Retour");
  });

  it('refuse: the place goes to the waiting list’s first', async () => {
    const [, , confirm, done] = await walk(s.A.phone, ['2', '2', '1']);
    expect(confirm).toContain('Elle sera proposée à un autre étudiant.\n1 Oui, je refuse\n0 Retour');
    expect(done).toBe(
      `END Votre refus de la place (dossier ${s.A.reference}) est enregistré. Un SMS vous le confirme.`,
    );
    expect(await dossierRow('A')).toMatchObject({ statut: 'DESISTE', reponse: 'REFUSE' });
    expect(await dossierRow('W')).toMatchObject({ statut: 'ADMIS', reponse: 'EN_ATTENTE' });
  });

  it('past the deadline: the confirmation is refused by the offer’s rules, nothing recorded', async () => {
    const session = `s${++serial}`;
    for (const text of ['', '2', '2*1']) expect((await ussd(session, s.C.phone, text)).statusCode).toBe(200);
    await db().execute(
      sql`UPDATE dossier SET date_limite_reponse = now() - interval '1 minute' WHERE id_dossier = ${s.C.idDossier}`,
    );
    const res = await ussd(session, s.C.phone, '2*1*1');
    expect(res.body).toBe(
      `END Réponse non enregistrée : le délai pour répondre à l'offre du dossier ${s.C.reference} est passé.`,
    );
    expect(await dossierRow('C')).toMatchObject({ statut: 'ADMIS', reponse: 'EN_ATTENTE' });
    const [, offre] = await walk(s.C.phone, ['2']);
    expect(offre).toMatch(
      /^CON Dossier USS-2026-000003 : le délai pour répondre à l'offre est passé \(.+\)\.\n0 Retour$/,
    );
  });
});

describe('a session cut by the network', () => {
  it('a new session within 5 minutes first offers to resume; 1 goes back where it stood', async () => {
    await age(s.H.phone);
    const cut = `s${++serial}`;
    await ussd(cut, s.H.phone, '');
    const logement = (await ussd(cut, s.H.phone, '4')).body;
    // The network cuts: no END. A new session from the same phone:
    const next = `s${++serial}`;
    expect((await ussd(next, s.H.phone, '')).body).toBe(
      'CON Votre session précédente a été coupée.\n1 Reprendre\n2 Menu principal',
    );
    expect((await ussd(next, s.H.phone, '1')).body).toBe(logement);
    expect((await ussd(next, s.H.phone, '1*0')).body).toMatch(/^CON CENOU Logement/);
  });

  it('2 opens the main menu; after 5 minutes, or after an END, nothing is offered', async () => {
    await age(s.H.phone);
    const cut = `s${++serial}`;
    await ussd(cut, s.H.phone, '');
    await ussd(cut, s.H.phone, '3');
    const next = `s${++serial}`;
    expect((await ussd(next, s.H.phone, '')).body).toMatch(/Reprendre/);
    expect((await ussd(next, s.H.phone, '2')).body).toMatch(/^CON CENOU Logement/);
    expect((await ussd(next, s.H.phone, '2*3')).body).toMatch(/^CON Loyer/);
    await db().execute(
      sql`UPDATE ussd_session SET updated_at = now() - interval '6 minutes' WHERE telephone = ${s.H.phone}`,
    );
    expect((await ussd(`s${++serial}`, s.H.phone, '')).body).toMatch(/^CON CENOU Logement/);
    // A session that ended (END sent: here W, promoted, accepts) is not offered again.
    const [, , confirm] = await walk(s.W.phone, ['2', '1']);
    expect(confirm).toMatch(/^CON Vous acceptez/);
    expect((await ussd(`s${serial}`, s.W.phone, '2*1*1')).body).toMatch(/^END Votre acceptation/);
    expect((await ussd(`s${++serial}`, s.W.phone, '')).body).toMatch(/^CON CENOU Logement/);
  });

  it('rows answered more than 30 minutes ago are deleted by the purge, not by a new session', async () => {
    await db().execute(sql`UPDATE ussd_session SET updated_at = now() - interval '31 minutes'`);
    const before = await rows<{ id: string }>(db(), sql`SELECT id_session AS id FROM ussd_session`);
    await ussd(`s${++serial}`, s.H.phone, '');
    const kept = await rows<{ id: string }>(db(), sql`SELECT id_session AS id FROM ussd_session`);
    expect(kept).toHaveLength(before.length + 1);
    await purgeUssdSessions(db());
    const left = await rows<{ id: string }>(db(), sql`SELECT id_session AS id FROM ussd_session`);
    expect(left).toEqual([{ id: `s${serial}` }]);
  });

  it('a session keeps its student; a row whose account is gone finds the phone’s student again', async () => {
    const sessionId = `s${++serial}`;
    await age(s.H.phone);
    expect((await ussd(sessionId, s.H.phone, '')).body).toMatch(/^CON CENOU Logement/);
    const row = await one<{ idUser: number | null }>(
      db(),
      sql`SELECT id_user AS "idUser" FROM ussd_session WHERE id_session = ${sessionId}`,
    );
    expect(row?.idUser).toBe(s.H.idUser);
    await db().execute(sql`UPDATE ussd_session SET id_user = NULL WHERE id_session = ${sessionId}`);
    expect((await ussd(sessionId, s.H.phone, '4')).body).toMatch(/^CON Logement 2026-2027/);
  });
});

describe('the work of a screen', () => {
  it('a session’s first screen: 3 statements; a later one: its row moved to its step, its screen’s data', async () => {
    // Every statement sent by a builder, a prepared statement or raw SQL goes through the
    // session's logger (drizzle's, a no-op here): counted per screen.
    const logged = vi.spyOn(NoopLogger.prototype, 'logQuery');
    await age(s.H.phone);
    const sessionId = `s${++serial}`;
    const counts: number[] = [];
    for (const text of ['', '1', '1*0', '1*0*3']) {
      logged.mockClear();
      expect((await ussd(sessionId, s.H.phone, text)).statusCode).toBe(200);
      counts.push(logged.mock.calls.length);
    }
    logged.mockClear();
    const actor = { id: s.H.idUser, role: ETUDIANT, idDirection: null, userName: s.H.ine };
    await studentRent(db(), actor);
    const rentReads = logged.mock.calls.length;
    logged.mockRestore();
    await age(s.H.phone);
    // The main menu: the phone's student, its cut session, the upsert. The dossier: the row moved
    // to its step (read with its account), the dossiers. The menu again: the row moved. The rent:
    // the row moved, the rent's own reads.
    expect(counts).toEqual([3, 2, 1, 1 + rentReads]);
  });

  it('the sessions’ table is unlogged, and a step writes no indexed column', async () => {
    const table = await one<{ persistence: string }>(
      db(),
      sql`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'ussd_session'`,
    );
    expect(table?.persistence).toBe('u');
    // A step sets etat, terminee and updated_at: none of them may be in an index, or its update
    // could no longer stay in its page (HOT).
    const indexed = await rows<{ column: string }>(
      db(),
      sql`SELECT a.attname AS column FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
          WHERE i.indrelid = 'ussd_session'::regclass ORDER BY 1`,
    );
    expect(indexed.map((r) => r.column)).toEqual(['id_session', 'telephone']);
  });
});

describe('the staff’s USSD phone', () => {
  it('sends the step through the gateway with the secret, journaled; students and DR refused', async () => {
    const body = { sessionId: 'demo-1', phoneNumber: '71 00 00 05', text: '' };
    const res = await t.api('POST', 'campus/ussd/simulateur', { token: await t.token('admin'), body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reponse: expect.stringMatching(/^CON CENOU Logement/),
      codeService: '*356#',
    });
    expect(JSON.stringify(res.json())).not.toContain(SECRET);
    const again = await t.api('POST', 'campus/ussd/simulateur', {
      token: await t.token('cenou'),
      body: { ...body, text: '4' },
    });
    expect((again.json() as { reponse: string }).reponse).toMatch(/^CON Logement 2026-2027/);
    const audit = await rows<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE action = 'SIMULER_USSD'`,
    );
    expect(audit).toHaveLength(2);
    const dr = await t.api('POST', 'campus/ussd/simulateur', { token: await t.token('dr'), body });
    expect(dr.statusCode).toBe(403);
  });
});

describe('every screen', () => {
  it('every answer seen, prefix included, holds at most 182 GSM characters', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const a of answers) {
      expect(a, a).toMatch(/^(CON|END) /);
      const n = gsmSeptets(a);
      expect(n, a).not.toBeNull();
      expect(n!, a).toBeLessThanOrEqual(USSD_MAX_SEPTETS);
    }
  });
});
