import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gsmSeptets, SMS_MAX_SEPTETS } from '../../src/domain/gsm';
import { normalisePhone } from '../../src/domain/phone';
import { SMS_NUMERO_REPONSE } from '../../src/domain/sms-answer';
import { tableauDeBordUrl } from '../../src/server/config/urls';
import { one, rows } from '../../src/server/db/client';
import { expandLots } from '../../src/server/mail/lots';
import { LOT_KINDS } from '../../src/server/modules/lot-kinds';
import { SmsAnswerJob, runSmsAnswers } from '../../src/server/modules/sms-answers/job';
import { hashPassword } from '../../src/server/security/passwords';
import { createRegistryStudent } from '../../src/server/seed/factories';
import { SmsWorker, type SmsWorkerOptions } from '../../src/server/sms/worker';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { addDossier, setQuota, setupDeliberation, type DelibFixture } from '../helpers/deliberation';
import { describeOnPostgres } from '../helpers/postgres';
import { TestSmsc, until } from '../helpers/smpp';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * Answers to offers by SMS (docs/messages.md#answers-by-sms, decision 030), through a real SMPP peer
 * on the loopback: an incoming `deliver_sm` accepts, refuses (the waiting list's first promoted),
 * comes after the deadline, from a number that is no student's, with a wrong reference, twice; the
 * answer is in the history with its channel, a confirmation or the help goes back by SMS. Also
 * the file drop without SMPP_URL, and the database's normalised registry number.
 */

let t: TestContext;
let f: DelibFixture;
const db = () => t.database.db;
type Key = 'A' | 'B' | 'C' | 'D' | 'F' | 'G';
const d = {} as Record<Key, { idDossier: number; idUser: number; ine: string; reference: string }>;

/** Each student's registry number (as imported) and its normalised form. */
const REGISTRY: Record<Key, string> = {
  A: '70 00 00 01',
  B: '70000002',
  C: '+226 70-00-00-03',
  D: '0022670000004',
  F: '70 00 00 05',
  G: '(70) 00 00 06',
};
const e164 = (k: Key) => normalisePhone(REGISTRY[k])!;
/** A's own verified number: its registry number no longer counts for it. */
const A_VERIFIED = '+22676000001';
const digits = (phone: string) => phone.replace(/^\+/, '');

let centre: TestSmsc;
let worker: SmsWorker;
let answers: SmsAnswerJob;

async function state(k: Key) {
  return (await one<{ statut: string; reponse: string | null; liste: string | null }>(
    db(),
    sql`SELECT statut_dossier AS statut, reponse, liste_deliberation AS liste FROM dossier WHERE id_dossier = ${d[k].idDossier}`,
  ))!;
}

/** The incoming messages, newest last, with what became of them. */
const incoming = () =>
  rows<{ id: number; sender: string; text: string; result: string | null; processedAt: string | null }>(
    db(),
    sql`SELECT id, sender, text_body AS text, result, processed_at AS "processedAt"
        FROM sms_entrant WHERE kind = 'MESSAGE' ORDER BY id`,
  );

/** The SMS queued in answer to incoming messages. */
const replies = () =>
  rows<{ kind: string; recipient: string; text: string; idSmsEntrant: number; idDossier: number | null }>(
    db(),
    sql`SELECT kind, recipient, text_body AS text, id_sms_entrant AS "idSmsEntrant", id_dossier AS "idDossier"
        FROM outbox_sms WHERE id_sms_entrant IS NOT NULL ORDER BY id`,
  );

/** Sends a message from a phone through the centre, waits until it is answered; returns its row. */
async function send(from: string, text: string, messageId?: string) {
  const before = (await incoming()).length;
  const acks = centre.deliverAnswers.length;
  centre.message(digits(from), text, messageId);
  await until(() => centre.deliverAnswers.length > acks, PATIENCE_MS, 'deliver_sm_resp');
  expect(centre.deliverAnswers.at(-1)).toBe(0);
  await until(
    async () => (await incoming()).every((m) => m.processedAt !== null),
    PATIENCE_MS,
    'message answered',
  );
  const list = await incoming();
  return { stored: list.length - before, last: list.at(-1)! };
}

const history = async (k: Key) =>
  (
    await t.api('GET', `campus/dossier/${d[k].idDossier}/historique`, { token: await t.token('admin') })
  ).json() as { evenement: string; canal: string | null; auteur: string | null; acteur: string }[];

beforeAll(async () => {
  t = await setupTestApp();
  f = await setupDeliberation(db());
  await setQuota(f, 'burkinabe', 4);
  const nat = (social: 'orphelin' | 'parents', bourse: 'VALIDE' | 'INJUSTIFIE') =>
    [
      ['burkinabe', 'VALIDE'],
      ['nonPupille', 'VALIDE'],
      [social, 'VALIDE'],
      ['boursier', bourse],
    ] as never;
  const specs: Record<Key, { entries: never; moyenneBac?: number }> = {
    A: { entries: nat('orphelin', 'VALIDE') }, // admitted
    B: { entries: nat('parents', 'VALIDE'), moyenneBac: 15 }, // admitted
    C: { entries: nat('parents', 'VALIDE'), moyenneBac: 14 }, // admitted
    D: { entries: nat('parents', 'VALIDE'), moyenneBac: 13 }, // admitted
    F: { entries: nat('parents', 'INJUSTIFIE'), moyenneBac: 12 }, // waiting 1
    G: { entries: nat('parents', 'INJUSTIFIE'), moyenneBac: 11 }, // waiting 2
  };
  let n = 0;
  for (const [k, spec] of Object.entries(specs) as [Key, (typeof specs)[Key]][]) {
    n += 1;
    const ine = `SMSREP${String(n).padStart(6, '0')}`;
    const idEtudiant = await createRegistryStudent(db(), {
      ine,
      nomEtudiant: 'Candidat',
      prenomEtudiant: k,
      sexeEtudiant: 'M',
      dateNaissance: '2004-05-06',
      villeOrientation: 'Ouagadougou',
      anneeBac: 2025,
      moyenneBac: spec.moyenneBac,
      telEtudiant: REGISTRY[k],
    });
    const made = await addDossier(f, { ...spec, idEtudiant, ine });
    const reference = `TST-2026-${String(n).padStart(6, '0')}`;
    await db().execute(
      sql`UPDATE dossier SET reference_dossier = ${reference} WHERE id_dossier = ${made.idDossier}`,
    );
    d[k] = { ...made, reference };
  }
  await db().execute(
    sql`UPDATE users SET password_hash = ${await hashPassword(TEST_PASSWORD)}, telephone = CASE WHEN id = ${d.A.idUser} THEN ${A_VERIFIED} END
        WHERE id IN (${sql.join(
          Object.values(d).map((x) => sql`${x.idUser}`),
          sql`, `,
        )})`,
  );
  const res = await t.api('POST', 'campus/deliberation', {
    token: await t.token('dr'),
    body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed: 'sms' },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const k of ['A', 'B', 'C', 'D'] as const)
    expect(await state(k), k).toMatchObject({ statut: 'ADMIS', reponse: 'EN_ATTENTE' });
  for (const k of ['F', 'G'] as const) expect((await state(k)).statut, k).toBe('LISTE_ATTENTE');

  centre = new TestSmsc();
  await centre.start();
  answers = new SmsAnswerJob(db(), {
    dashboardUrl: tableauDeBordUrl(t.config),
    log: t.app.log,
    intervalMs: 50,
  });
  answers.start();
  worker = new SmsWorker({
    db: db(),
    log: t.app.log as SmsWorkerOptions['log'],
    smppUrl: centre.url(),
    smsDir: path.join(t.dataDir, 'sms'),
    sender: 'CENOU',
    intervalMs: 50,
    retryBaseMs: 100,
    maxRetryMs: 500,
    onMessage: () => answers.kick(),
    smpp: { enquireLinkMs: 1000, responseTimeoutMs: 10_000, reconnectMs: 50, bindWaitMs: 3000 },
  });
  worker.start();
  await until(() => centre.sessions.size === 1, PATIENCE_MS, 'bind');
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await answers?.stop();
  await centre?.stop();
  await t?.close();
});

describe('the registry number, normalised by the database', () => {
  it('tel_normalise is normalisePhone of tel_etudiant', async () => {
    const samples = [
      '70 12 34 56',
      '70123456',
      ' 70-12-34-56 ',
      '(70) 12.34.56',
      '+226 70 12 34 56',
      '0022670123456',
      '22670123456',
      '+225 07 12 34 56 78',
      '00225 0712345678',
      '+2267012345',
      '7012345',
      '0612345678',
      'pas de numéro',
      '70 12 34 56 / 76 00 00 00',
      '',
      '+0012345678',
    ];
    for (const [i, tel] of samples.entries()) {
      const id = await createRegistryStudent(db(), {
        ine: `TELNORM${String(i).padStart(5, '0')}`,
        nomEtudiant: 'Numéro',
        prenomEtudiant: 'Essai',
        sexeEtudiant: 'F',
        dateNaissance: '2004-01-01',
        villeOrientation: 'Ouagadougou',
        telEtudiant: tel,
      });
      const row = await one<{ n: string | null }>(
        db(),
        sql`SELECT tel_normalise AS n FROM registre_etudiant WHERE id_etudiant = ${id}`,
      );
      expect(row!.n, JSON.stringify(tel)).toBe(normalisePhone(tel));
    }
  });
});

describe('the SMS that guide the answer', () => {
  it('the result SMS of an admitted student says how to answer by SMS, its reference whole, in one SMS', async () => {
    // The publication's result mails and SMS are queued by its lot (what the mail worker runs).
    await expandLots(db(), { kinds: LOT_KINDS });
    const admis = await one<{ text: string; recipient: string }>(
      db(),
      sql`SELECT text_body AS text, recipient FROM outbox_sms WHERE kind = 'RESULTAT_ADMIS' AND id_dossier = ${d.B.idDossier}`,
    );
    const answer = `Répondez OUI ${d.B.reference} ou NON ${d.B.reference} au ${SMS_NUMERO_REPONSE} avant le `;
    expect(admis!.text).toMatch(
      new RegExp(
        `^CENOU : une place en cité vous est offerte\\. ${answer}\\d{2}/\\d{2}/\\d{4} à \\d{2}:\\d{2}, ou sur le site\\.$`,
      ),
    );
    expect(gsmSeptets(admis!.text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    // As the SMS centre received it (GSM 7-bit, data_coding 0).
    await until(
      () => centre.accepted.some((a) => a.destination === digits(e164('B')) && a.text === admis!.text),
      PATIENCE_MS,
      'result SMS sent',
    );
    // The waiting list's SMS says it, without an answer to give.
    const attente = await one<{ text: string }>(
      db(),
      sql`SELECT text_body AS text FROM outbox_sms WHERE kind = 'RESULTAT_ATTENTE' AND id_dossier = ${d.F.idDossier}`,
    );
    expect(attente!.text).toBe(
      `CENOU : dossier ${d.F.reference}, vous figurez sur la liste d'attente. Vous serez prévenu(e) par SMS si une place se libère.`,
    );
  });
});

describe('an incoming deliver_sm answers an offer', () => {
  it('accepts: OUI and the reference, any case, extra spaces, from the registry number', async () => {
    const { stored, last } = await send(e164('B'), `  oui   ${d.B.reference.toLowerCase()} `);
    expect(stored).toBe(1);
    expect(last).toMatchObject({ sender: e164('B'), result: 'ACCEPTE' });
    expect(await state('B')).toMatchObject({ statut: 'ADMIS', reponse: 'ACCEPTE' });
    const events = await history('B');
    expect(events.at(-1)).toMatchObject({
      evenement: 'REPONSE_ACCEPTEE',
      canal: 'SMS',
      libelle: 'Offre acceptée',
      acteur: 'L’étudiant, par SMS',
    });
    // The student reads it as its own answer, by SMS.
    const own = await t.api('POST', 'campus-auth/signin', {
      body: { username: d.B.ine, password: TEST_PASSWORD },
    });
    const mine = (
      await t.api('GET', `campus/dossier/${d.B.idDossier}/historique`, {
        token: (own.json() as { accessToken: string }).accessToken,
      })
    ).json() as { evenement: string; acteur: string }[];
    expect(mine.at(-1)).toMatchObject({ evenement: 'REPONSE_ACCEPTEE', acteur: 'Vous, par SMS' });
    expect(events.at(-1)!.auteur).toMatch(/Candidat/);
    const reply = (await replies()).find((r) => r.idSmsEntrant === last.id)!;
    expect(reply).toMatchObject({ kind: 'REPONSE_ACCEPTEE', recipient: e164('B'), idDossier: d.B.idDossier });
    expect(reply.text).toContain(d.B.reference);
    // The confirmation reaches the phone through the outbox and the centre.
    await until(
      () => centre.accepted.some((a) => a.destination === digits(e164('B')) && a.text === reply.text),
      PATIENCE_MS,
      'confirmation sent',
    );
    const audit = await one<{ detail: { canal: string; reponse: string } }>(
      db(),
      sql`SELECT detail FROM audit_log WHERE action = 'REPONDRE_OFFRE' AND resource_id = ${String(d.B.idDossier)}`,
    );
    expect(audit!.detail).toMatchObject({ reponse: 'ACCEPTE', canal: 'SMS' });
    // The journal's screen says the channel.
    const entry = await one<{ id: number }>(
      db(),
      sql`SELECT id::int AS id FROM audit_log WHERE action = 'REPONDRE_OFFRE' AND resource_id = ${String(d.B.idDossier)}`,
    );
    const read = (await t.api('GET', `campus/audit/${entry!.id}`, { token: await t.token('admin') })).json();
    expect(read.resume.replace(/\u00a0/g, ' ')).toBe('Réponse : Acceptée, par SMS.');
    expect(read.libelleObjet).toContain(d.B.reference);
  });

  it('the same message delivered twice (same id) is stored and answered once', async () => {
    const text = `OUI ${d.C.reference}`;
    const first = await send(e164('C'), text, 'mo-c-1');
    expect(first.stored).toBe(1);
    const again = await send(e164('C'), text, 'mo-c-1');
    expect(again.stored).toBe(0);
    expect(centre.deliverAnswers.slice(-2)).toEqual([0, 0]);
    const mine = (await replies()).filter((r) => r.idDossier === d.C.idDossier);
    expect(mine.map((r) => r.kind)).toEqual(['REPONSE_ACCEPTEE']);
    expect((await history('C')).filter((e) => e.evenement === 'REPONSE_ACCEPTEE')).toHaveLength(1);
    // Without an id, the same text from the same number at once: the same message (DOUBLON), nothing sent.
    const noId = await send(e164('C'), text);
    expect(noId.last.result).toBe('DOUBLON');
    expect((await replies()).filter((r) => r.idDossier === d.C.idDossier)).toHaveLength(1);
    // Later, a new answer to an answered offer: refused by the rules of the route, and told so.
    await db().execute(
      sql`UPDATE sms_entrant SET received_at = received_at - interval '1 hour' WHERE sender = ${e164('C')}`,
    );
    const late = await send(e164('C'), `NON ${d.C.reference}`);
    expect(late.last.result).toBe('REFUSE_REFUSEE:offreDejaRepondue');
    expect(await state('C')).toMatchObject({ statut: 'ADMIS', reponse: 'ACCEPTE' });
    expect((await replies()).at(-1)).toMatchObject({ kind: 'REPONSE_DEJA_DONNEE', idDossier: d.C.idDossier });
  });

  it('refuses from the verified number: the admission ends and the first waiting student is promoted', async () => {
    // A verified another number: its registry number is no longer its own, and gets nothing.
    const fromRegistry = await send(e164('A'), `NON ${d.A.reference}`);
    expect(fromRegistry.last.result).toBe('INCONNU');
    expect((await replies()).some((r) => r.idSmsEntrant === fromRegistry.last.id)).toBe(false);
    expect(await state('A')).toMatchObject({ reponse: 'EN_ATTENTE' });

    const { last } = await send(A_VERIFIED, `Non ${d.A.reference}`);
    expect(last.result).toBe('REFUSE');
    expect(await state('A')).toMatchObject({ statut: 'DESISTE', reponse: 'REFUSE' });
    expect((await history('A')).at(-1)).toMatchObject({ evenement: 'REPONSE_REFUSEE', canal: 'SMS' });
    expect(await state('F')).toMatchObject({ statut: 'ADMIS', reponse: 'EN_ATTENTE', liste: 'NATIONAUX' });
    expect((await history('F')).map((e) => e.evenement)).toEqual(['PUBLICATION', 'PROMOTION', 'OFFRE']);
    const all = await replies();
    expect(all.find((r) => r.idSmsEntrant === last.id)).toMatchObject({
      kind: 'REPONSE_REFUSEE',
      recipient: A_VERIFIED,
    });
    // The promoted student is told by SMS, at its registry number.
    const promotion = await one<{ recipient: string; text: string }>(
      db(),
      sql`SELECT recipient, text_body AS text FROM outbox_sms WHERE kind = 'PROMOTION' AND id_dossier = ${d.F.idDossier}`,
    );
    expect(promotion!.recipient).toBe(REGISTRY.F);
    // It says how to answer by SMS, with F's own reference, whole, in one SMS.
    expect(promotion!.text).toMatch(
      new RegExp(
        `^CENOU : une place s'est libérée pour vous\\. Répondez OUI ${d.F.reference} ou NON ${d.F.reference} au ${SMS_NUMERO_REPONSE} avant le \\d{2}/\\d{2}/\\d{4} à \\d{2}:\\d{2}, ou sur le site\\.$`,
      ),
    );
    expect(gsmSeptets(promotion!.text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    await until(
      () => centre.accepted.some((a) => a.destination === digits(e164('F')) && a.text === promotion!.text),
      PATIENCE_MS,
      'promotion SMS sent',
    );

    // The promoted student answers on the site: the channel is WEB.
    const signin = await t.api('POST', 'campus-auth/signin', {
      body: { username: d.F.ine, password: TEST_PASSWORD },
    });
    const token = (signin.json() as { accessToken: string }).accessToken;
    const web = await t.api('POST', `campus/dossier/${d.F.idDossier}/reponse`, {
      token,
      body: { reponse: 'ACCEPTE' },
    });
    expect(web.statusCode, web.body).toBe(200);
    expect((await history('F')).at(-1)).toMatchObject({
      evenement: 'REPONSE_ACCEPTEE',
      canal: 'WEB',
      acteur: 'L’étudiant, sur le site',
    });
    const entry = await one<{ id: number }>(
      db(),
      sql`SELECT id::int AS id FROM audit_log WHERE action = 'REPONDRE_OFFRE' AND resource_id = ${String(d.F.idDossier)}`,
    );
    const read = (await t.api('GET', `campus/audit/${entry!.id}`, { token: await t.token('admin') })).json();
    expect(read.resume.replace(/\u00a0/g, ' ')).toBe('Réponse : Acceptée, sur le site.');
  });

  it('after the deadline: nothing changes, and the student is told the deadline passed', async () => {
    await db().execute(
      sql`UPDATE dossier SET date_limite_reponse = now() - interval '1 minute' WHERE id_dossier = ${d.D.idDossier}`,
    );
    const { last } = await send(e164('D'), `OUI ${d.D.reference}`);
    expect(last.result).toBe('ACCEPTE_REFUSEE:offreExpiree');
    expect(await state('D')).toMatchObject({ statut: 'ADMIS', reponse: 'EN_ATTENTE' });
    expect((await replies()).at(-1)).toMatchObject({ kind: 'REPONSE_HORS_DELAI', recipient: e164('D') });
    expect((await history('D')).some((e) => e.evenement.startsWith('REPONSE_'))).toBe(false);
  });

  it('a number that is no student’s gets nothing, even with a right reference', async () => {
    const before = (await replies()).length;
    const { last } = await send('+22699887766', `OUI ${d.G.reference}`);
    expect(last).toMatchObject({ result: 'INCONNU' });
    expect((await replies()).length).toBe(before);
    const garbage = await send('+22699887766', 'Bonjour');
    expect(garbage.last.result).toBe('INCONNU');
    expect((await replies()).length).toBe(before);
  });

  it('a staff account’s phone is no student’s: its SMS get nothing, even with a right reference', async () => {
    const staffPhone = '+22670990011';
    await db().execute(sql`UPDATE users SET telephone = ${staffPhone} WHERE id = ${t.accounts.dr.id}`);
    try {
      const before = (await replies()).length;
      const was = await state('G');
      const { last } = await send(staffPhone, `OUI ${d.G.reference}`);
      expect(last).toMatchObject({ result: 'INCONNU' });
      expect((await replies()).length).toBe(before);
      expect(await state('G')).toEqual(was);
    } finally {
      await db().execute(sql`UPDATE users SET telephone = NULL WHERE id = ${t.accounts.dr.id}`);
    }
  });

  it('a wrong reference, or another student’s, gets one help SMS; nothing is answered', async () => {
    const wrong = await send(e164('G'), 'OUI TST-2026-999999');
    expect(wrong.last.result).toBe('AIDE');
    const help = (await replies()).at(-1)!;
    expect(help).toMatchObject({ kind: 'AIDE_REPONSE', recipient: e164('G'), idDossier: null });
    // The example is G's own reference (never another direction's), to the number to write to.
    expect(help.text).toBe(
      `CENOU : pour répondre à une offre de logement, envoyez au ${SMS_NUMERO_REPONSE} OUI ou NON suivi du numéro de dossier, par exemple : OUI ${d.G.reference}`,
    );
    expect(gsmSeptets(help.text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    await until(
      () => centre.accepted.some((a) => a.destination === digits(e164('G')) && a.text === help.text),
      PATIENCE_MS,
      'help SMS sent',
    );
    // Another student's reference from G's number: not G's, so help (already sent: not again).
    const other = await send(e164('G'), `NON ${d.D.reference}`);
    expect(other.last.result).toBe('AIDE_DEJA_ENVOYEE');
    expect(await state('D')).toMatchObject({ reponse: 'EN_ATTENTE' });
    expect((await replies()).filter((r) => r.kind === 'AIDE_REPONSE')).toHaveLength(1);
    // Once the window has passed, anything else gets the help again.
    await db().execute(
      sql`UPDATE sms_entrant SET processed_at = processed_at - interval '1 hour', received_at = received_at - interval '1 hour'
          WHERE sender = ${e164('G')}`,
    );
    const chat = await send(e164('G'), 'Je voudrais une chambre');
    expect(chat.last.result).toBe('AIDE');
    expect((await replies()).filter((r) => r.kind === 'AIDE_REPONSE')).toHaveLength(2);
  });
});

describe('without SMPP_URL: messages dropped as files', () => {
  it('a file under DATA_DIR/sms/entrant is stored once, removed, and answered', async () => {
    const dir = path.join(t.dataDir, 'sms-fichiers');
    mkdirSync(path.join(dir, 'entrant'), { recursive: true });
    writeFileSync(path.join(dir, 'entrant', 'essai-1.txt'), `From: ${REGISTRY.G}\n\nSTOP\n`);
    writeFileSync(path.join(dir, 'entrant', 'illisible.txt'), `Bonjour sans en-tête\n`);
    const fileWorker = new SmsWorker({
      db: db(),
      log: t.app.log as SmsWorkerOptions['log'],
      smsDir: dir,
      sender: 'CENOU',
      intervalMs: 50,
    });
    await fileWorker.runOnce();
    expect(readdirSync(path.join(dir, 'entrant')).sort()).toEqual(['illisible.txt.rejete']);
    const row = await one<{ id: number; sender: string; messageId: string }>(
      db(),
      sql`SELECT id, sender, message_id AS "messageId" FROM sms_entrant WHERE kind = 'MESSAGE' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ sender: e164('G'), messageId: 'essai-1' });
    await runSmsAnswers(db(), { dashboardUrl: tableauDeBordUrl(t.config) });
    // The answers job started above may have taken the message first (each is answered once): wait for it.
    const result = async () =>
      (await one<{ result: string | null }>(
        db(),
        sql`SELECT result FROM sms_entrant WHERE id = ${row!.id}`,
      ))!;
    await until(async () => (await result()).result !== null, PATIENCE_MS, 'file message answered');
    const done = await result();
    // G was sent the help a moment ago: not again.
    expect(done!.result).toBe('AIDE_DEJA_ENVOYEE');
    // The same file dropped again (same name, same id): stored once.
    writeFileSync(path.join(dir, 'entrant', 'essai-1.txt'), `From: ${REGISTRY.G}\n\nSTOP\n`);
    await fileWorker.runOnce();
    const n = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM sms_entrant WHERE message_id = 'essai-1'`,
    );
    expect(n!.n).toBe(1);
    await fileWorker.stop();
  });
});

describeOnPostgres('answers by SMS across instances (PostgreSQL)', () => {
  it('two runs at once answer each message once, a sender’s messages in order', async () => {
    const phone = '+22670555555';
    const idEtudiant = await createRegistryStudent(db(), {
      ine: 'SMSPAR000001',
      nomEtudiant: 'Candidat',
      prenomEtudiant: 'Parallèle',
      sexeEtudiant: 'F',
      dateNaissance: '2004-05-06',
      villeOrientation: 'Ouagadougou',
      telEtudiant: phone,
    });
    const made = await addDossier(f, { entries: [], idEtudiant, ine: 'SMSPAR000001' });
    await db().execute(
      sql`UPDATE dossier SET reference_dossier = 'PAR-2026-000001', statut_dossier = 'ADMIS',
            liste_deliberation = 'NATIONAUX', rang = 99, reponse = 'EN_ATTENTE',
            date_limite_reponse = now() + interval '2 days'
          WHERE id_dossier = ${made.idDossier}`,
    );
    await answers.stop();
    // Four messages from the student (OUI first), thirty from numbers of no one.
    await db().execute(
      sql`INSERT INTO sms_entrant (kind, sender, text_body, message_id)
          SELECT 'MESSAGE', ${phone}, x.t, 'par-' || x.n FROM (VALUES (1, 'OUI PAR-2026-000001'),
            (2, 'NON PAR-2026-000001'), (3, 'OUI PAR-2026-000001 '), (4, 'non par-2026-000001')) AS x(n, t)`,
    );
    await db().execute(
      sql`INSERT INTO sms_entrant (kind, sender, text_body) SELECT 'MESSAGE', '+2269000' || lpad(g::text, 4, '0'), 'OUI'
          FROM generate_series(1, 30) g`,
    );
    const ctx = { dashboardUrl: tableauDeBordUrl(t.config) };
    const [a, b] = await Promise.all([runSmsAnswers(db(), ctx), runSmsAnswers(db(), ctx)]);
    expect(a + b).toBe(34);
    const mine = await rows<{ result: string }>(
      db(),
      sql`SELECT result FROM sms_entrant WHERE sender = ${phone} ORDER BY id`,
    );
    expect(mine.map((m) => m.result)).toEqual([
      'ACCEPTE',
      'REFUSE_REFUSEE:offreDejaRepondue',
      'ACCEPTE_REFUSEE:offreDejaRepondue',
      'REFUSE_REFUSEE:offreDejaRepondue',
    ]);
    const answered = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM dossier_evenement WHERE id_dossier = ${made.idDossier} AND evenement LIKE 'REPONSE_%'`,
    );
    expect(answered!.n).toBe(1);
    answers.start();
  });
});
