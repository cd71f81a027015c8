import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { one, rows } from '../../src/server/db/client';
import { SmsWorker, type SmsWorkerOptions } from '../../src/server/sms/worker';
import { createRegistryStudent } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { enqueueMail } from '../../src/server/mail/outbox';
import { depositReceiptMail } from '../../src/server/mail/templates';
import { enqueueSms } from '../../src/server/sms/outbox';
import { directionId } from '../../src/server/seed/factories';
import { insertDossier, insertSession, insertStudent } from '../helpers/dossiers';
import { describeOnPostgres } from '../helpers/postgres';
import { TEST_SMPP_TIMINGS, TestSmsc, until } from '../helpers/smpp';
import { PATIENCE_MS } from '../helpers/wait';

/**
 * The SMS channel (docs/messages.md#sms) against a real SMPP peer on the loopback (the `smpp`
 * package's server): sending, the window, a dropped connection, throttling, receipts, refusals,
 * incoming messages; the file fallback; two workers sharing the outbox on PostgreSQL.
 */

let t: TestContext;
const workers: SmsWorker[] = [];
const centres: TestSmsc[] = [];
const db = () => t.database.db;

function worker(opts: Partial<SmsWorkerOptions> = {}): SmsWorker {
  const w = new SmsWorker({
    db: db(),
    log: process.env.SMS_DEBUG ? (console as unknown as SmsWorkerOptions['log']) : t.app.log,
    smsDir: path.join(t.dataDir, 'sms'),
    sender: 'CENOU',
    intervalMs: 50,
    retryBaseMs: 100,
    maxRetryMs: 500,
    smpp: { ...TEST_SMPP_TIMINGS },
    ...opts,
  });
  workers.push(w);
  return w;
}

async function centre(): Promise<TestSmsc> {
  const c = new TestSmsc();
  await c.start();
  centres.push(c);
  return c;
}

let serial = 0;
/** Queues `n` SMS to distinct numbers, each text unique; returns their ids. */
async function queue(n: number, kind = 'TEST'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    serial++;
    const row = await one<{ id: number }>(
      db(),
      sql`INSERT INTO outbox_sms (kind, recipient, text_body)
          VALUES (${kind}, ${`70 ${String(100000 + serial).slice(-6)}`}, ${`Message numéro ${serial} à envoyer`})
          RETURNING id`,
    );
    ids.push(row!.id);
  }
  return ids;
}

const states = (ids: number[]) =>
  rows<{
    id: number;
    state: string;
    messageId: string | null;
    lastError: string | null;
    deliveredAt: string | null;
  }>(
    db(),
    sql`SELECT id, state, message_id AS "messageId", last_error AS "lastError", delivered_at AS "deliveredAt"
        FROM outbox_sms WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::bigint) ORDER BY id`,
  );

const textsOf = async (ids: number[]) =>
  (
    await rows<{ t: string }>(
      db(),
      sql`SELECT text_body AS t FROM outbox_sms
          WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)`,
    )
  ).map((r) => r.t);

/** Every text accepted exactly once by the centre. */
function acceptedOnce(c: TestSmsc, texts: string[]) {
  for (const text of texts) expect(c.accepted.filter((a) => a.text === text).length, text).toBe(1);
}

beforeAll(async () => {
  t = await setupTestApp();
}, 120_000);
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  for (const c of centres.splice(0)) await c.stop();
  // What a test left queued is no other test's business.
  await db().execute(sql`UPDATE outbox_sms SET state = 'ECHEC' WHERE state = 'EN_ATTENTE'`);
});
afterAll(() => t?.close());

describe('the SMS events', () => {
  it('a registration queues an SMS to the registry number, without the password, in the GSM alphabet', async () => {
    const ine = 'SMS000000001';
    await createRegistryStudent(db(), {
      ine,
      nomEtudiant: 'Ouédraogo',
      prenomEtudiant: 'Rasmané',
      sexeEtudiant: 'M',
      dateNaissance: '2004-03-02',
      villeOrientation: 'Ouagadougou',
      telEtudiant: '70 11 22 33',
    });
    const res = await t.api('POST', 'campus-auth/hebergement-etudiant', {
      body: {
        ine,
        dateNaissance: '2004-03-02',
        emailEtudiant: 'rasmane@exemple.bf',
        personnelBesoin: 'Kaboré Awa',
        contact: '70 00 00 01',
        engagementStatutReglement: true,
        engagementPersonnelCaution: true,
        declarationSurHonneur: true,
        luApprouve: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sms = await one<{
      kind: string;
      recipient: string;
      text: string;
      idUser: number;
      mailUser: number;
    }>(
      db(),
      sql`SELECT s.kind, s.recipient, s.text_body AS text, s.id_user AS "idUser",
            (SELECT m.id_user FROM outbox_mail m WHERE m.kind = 'COMPTE_CREE' AND m.recipient = 'rasmane@exemple.bf') AS "mailUser"
          FROM outbox_sms s JOIN users u ON u.id = s.id_user WHERE u.user_name = ${ine}`,
    );
    expect(sms).toMatchObject({ kind: 'COMPTE_CREE', recipient: '70 11 22 33' });
    expect(sms!.text).toContain(ine);
    expect(sms!.text).not.toMatch(/mot de passe\s*:/i);
    expect(sms!.mailUser).toBe(sms!.idUser);
  });
});

describe('the file fallback (no SMPP_URL)', () => {
  it('writes each SMS under DATA_DIR/sms, normalised number, and marks it sent', async () => {
    const ids = await queue(2);
    const w = worker();
    await w.runOnce();
    const files = readdirSync(path.join(t.dataDir, 'sms')).filter((f) => f.endsWith('.txt'));
    for (const id of ids) {
      const file = `${String(id).padStart(8, '0')}.txt`;
      expect(files).toContain(file);
      const body = readFileSync(path.join(t.dataDir, 'sms', file), 'utf8');
      expect(body).toMatch(/^To: \+22670\d{6}\nFrom: CENOU\n/);
    }
    expect((await states(ids)).map((s) => s.state)).toEqual(['ENVOYE', 'ENVOYE']);
  });

  it('an invalid number fails the SMS for good, without sending it', async () => {
    const row = await one<{ id: number }>(
      db(),
      sql`INSERT INTO outbox_sms (kind, recipient, text_body) VALUES ('TEST', 'pas un numéro', 'Bonjour') RETURNING id`,
    );
    await worker().runOnce();
    const [s] = await states([row!.id]);
    expect(s.state).toBe('ECHEC');
    expect(s.lastError).toMatch(/invalid number/);
  });
});

describe('through an SMPP peer on the loopback', () => {
  it('binds as transceiver, sends, keeps the link alive, and stores the delivery receipt', async () => {
    const c = await centre();
    c.behaviour = { receipt: 'DELIVRD' };
    const ids = await queue(3);
    const w = worker({ smppUrl: c.url() });
    w.start();
    await until(async () => (await states(ids)).every((s) => s.state === 'DELIVRE'), PATIENCE_MS, 'receipts');
    expect(c.binds).toBe(1);
    acceptedOnce(c, await textsOf(ids));
    const first = c.accepted.find((a) => a.text.includes(`numéro ${serial - 2} `))!;
    expect(first.destination).toMatch(/^22670\d{6}$/);
    expect(first).toMatchObject({ source: 'CENOU', sourceTon: 5, dataCoding: 0, registeredDelivery: 1 });
    const stored = await states(ids);
    expect(stored.every((s) => s.messageId && s.deliveredAt)).toBe(true);
    const receipts = await rows<{ messageId: string; receiptState: string }>(
      db(),
      sql`SELECT message_id AS "messageId", receipt_state AS "receiptState" FROM sms_entrant
          WHERE kind = 'ACCUSE' AND message_id IN (SELECT message_id FROM outbox_sms
            WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::bigint))`,
    );
    expect(receipts.length).toBe(3);
    expect(receipts.every((r) => r.receiptState === 'DELIVRD')).toBe(true);
    expect(c.deliverAnswers.every((s) => s === 0)).toBe(true);
    await until(() => c.enquireLinks > 0, PATIENCE_MS, 'enquire_link');
  });

  it('an undelivered receipt marks the SMS failed', async () => {
    const c = await centre();
    c.behaviour = { receipt: 'UNDELIV' };
    const ids = await queue(1);
    worker({ smppUrl: c.url() }).start();
    await until(async () => (await states(ids))[0].state === 'ECHEC', PATIENCE_MS, 'failure');
    expect((await states(ids))[0].lastError).toBe('UNDELIV');
  });

  it('keeps several submit_sm in flight, never more than the window', async () => {
    const c = await centre();
    c.behaviour = { holdUntil: 4, holdMs: 400 };
    const ids = await queue(12);
    worker({ smppUrl: c.url(), window: 4 }).start();
    await until(async () => (await states(ids)).every((s) => s.state === 'ENVOYE'), PATIENCE_MS, 'sent');
    expect(c.maxOutstanding).toBe(4);
    acceptedOnce(c, await textsOf(ids));
  });

  it('answers throttling by waiting, then sends each message once', async () => {
    const c = await centre();
    c.behaviour = { refusals: [smpp.ESME_RTHROTTLED, smpp.ESME_RMSGQFUL, smpp.ESME_RTHROTTLED] };
    const ids = await queue(5);
    const started = Date.now();
    worker({ smppUrl: c.url(), window: 1 }).start();
    await until(async () => (await states(ids)).every((s) => s.state === 'ENVOYE'), PATIENCE_MS, 'sent');
    expect(c.refused.length).toBe(3);
    // Three waits of 100, 200 and 400 ms (the wait doubles while the centre keeps refusing).
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    acceptedOnce(c, await textsOf(ids));
    // Throttling is not a failure of the message: none was put back to wait.
    expect((await states(ids)).every((s) => s.lastError === null)).toBe(true);
  });

  it('binds again after the peer drops, mid-run, and still delivers each message once', async () => {
    const c = await centre();
    c.behaviour = { holdUntil: 3, holdMs: 100 };
    const ids = await queue(30);
    worker({ smppUrl: c.url(), window: 3 }).start();
    await until(() => c.accepted.length >= 6, PATIENCE_MS, 'first messages');
    await c.dropAll();
    await until(async () => (await states(ids)).every((s) => s.state === 'ENVOYE'), PATIENCE_MS, 'all sent');
    expect(c.binds).toBeGreaterThanOrEqual(2);
    acceptedOnce(c, await textsOf(ids));
    expect(c.accepted.length).toBe(30);
  });

  it('a message the centre refuses for good is failed, the others go on', async () => {
    const c = await centre();
    c.behaviour = { refusals: [smpp.ESME_RINVDSTADR] };
    const ids = await queue(2);
    worker({ smppUrl: c.url(), window: 1 }).start();
    await until(async () => (await states(ids)).every((s) => s.state !== 'EN_ATTENTE'), PATIENCE_MS, 'done');
    const s = await states(ids);
    expect(s.map((x) => x.state).sort()).toEqual(['ECHEC', 'ENVOYE']);
    expect(s.find((x) => x.state === 'ECHEC')!.lastError).toMatch(/status 0xb$/);
  });

  it('waits for the centre while it is down, then sends', async () => {
    const c = new TestSmsc();
    const port = await c.start();
    await c.stop();
    const ids = await queue(2);
    const w = worker({
      smppUrl: `smpp://cenou:secret@127.0.0.1:${port}`,
      smpp: { reconnectMs: 50, bindWaitMs: 200, responseTimeoutMs: 10_000 },
    });
    w.start();
    await until(
      async () => (await states(ids)).every((s) => s.lastError !== null),
      PATIENCE_MS,
      'a failed try',
    );
    const back = new TestSmsc();
    centres.push(back);
    await back.start(port);
    await until(async () => (await states(ids)).every((s) => s.state === 'ENVOYE'), PATIENCE_MS, 'sent');
    acceptedOnce(back, await textsOf(ids));
  });

  it('stores a message from a phone (for the answers by SMS) and acknowledges it', async () => {
    const c = await centre();
    worker({ smppUrl: c.url() }).start();
    await until(() => c.binds === 1 && c.sessions.size === 1, PATIENCE_MS, 'bind');
    c.message('22670998877', 'oui  OUA-2026-000001');
    await until(() => c.deliverAnswers.length === 1, PATIENCE_MS, 'deliver_sm_resp');
    expect(c.deliverAnswers[0]).toBe(0);
    const stored = await one<{ sender: string; text: string; processedAt: string | null }>(
      db(),
      sql`SELECT sender, text_body AS text, processed_at AS "processedAt" FROM sms_entrant
          WHERE kind = 'MESSAGE' ORDER BY id DESC LIMIT 1`,
    );
    expect(stored).toEqual({ sender: '+22670998877', text: 'oui  OUA-2026-000001', processedAt: null });
  });

  it('blanks the code of a forgotten password in the stored copy once sent', async () => {
    const row = await one<{ id: number }>(
      db(),
      sql`INSERT INTO outbox_sms (kind, recipient, text_body)
          VALUES ('CODE_MOT_DE_PASSE', '70112233', 'CENOU : votre code est 123456. Valable 15 minutes.') RETURNING id`,
    );
    const c = await centre();
    worker({ smppUrl: c.url() }).start();
    await until(async () => (await states([row!.id]))[0].state === 'ENVOYE', PATIENCE_MS, 'sent');
    expect(c.accepted.some((a) => a.text.includes('123456'))).toBe(true);
    expect(await textsOf([row!.id])).toEqual(['CENOU : votre code est ******. Valable 15 minutes.']);
  });
});

describe('what the staff see of the messages sent', () => {
  it("per dossier: the student's mails and SMS with their state; per session: counts by state; scoped", async () => {
    const idDirection = await directionId(db(), 'OUA');
    const idSessionCenou = await insertSession(db(), idDirection, 'INSCRIPTION', 'FERME');
    const student = await insertStudent(db(), { ville: 'Ouagadougou' });
    const { idDossier, referenceDossier } = await insertDossier(db(), {
      idSessionCenou,
      student,
      criteres: [],
    });
    await db().transaction(async (tx) => {
      await enqueueMail(
        tx,
        'etudiant@exemple.bf',
        depositReceiptMail(
          { nom: 'Ouédraogo', prenom: 'Awa', referenceDossier, dateDepot: new Date() },
          'http://x',
        ),
        { idUser: student.idUser, idDossier },
      );
      await enqueueSms(tx, {
        kind: 'RECU_DEPOT',
        idUser: student.idUser,
        idDossier,
        text: `Dossier ${referenceDossier}`,
      });
    });
    const c = await centre();
    c.behaviour = { receipt: 'DELIVRD' };
    const w = worker({ smppUrl: c.url() });
    w.start();
    await until(
      async () =>
        (
          await rows<{ state: string }>(
            db(),
            sql`SELECT state FROM outbox_sms WHERE id_dossier = ${idDossier}`,
          )
        )[0]?.state === 'DELIVRE',
      PATIENCE_MS,
      'delivered',
    );

    const res = await t.api('GET', `campus/dossier/${idDossier}/messages`, { token: await t.token('dr') });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as {
      canal: string;
      type: string;
      etat: string;
      contenu: string;
      destinataire: string;
    }[];
    expect(list.map((m) => [m.canal, m.type, m.etat])).toEqual([
      ['MAIL', 'RECU_DEPOT', 'EN_ATTENTE'],
      ['SMS', 'RECU_DEPOT', 'DELIVRE'],
    ]);
    expect(list[1].destinataire).toMatch(/^70 00 /);

    const counts = await t.api('GET', `campus/messages/compteurs?idSessionCenou=${idSessionCenou}`, {
      token: await t.token('cenou'),
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json()).toEqual([
      { canal: 'MAIL', enAttente: 1, envoye: 0, delivre: 0, echec: 0, total: 1 },
      { canal: 'SMS', enAttente: 0, envoye: 0, delivre: 1, echec: 0, total: 1 },
    ]);
    // Another direction's manager: 403 on both; a student: 403 (staff only).
    expect(
      (await t.api('GET', `campus/dossier/${idDossier}/messages`, { token: await t.token('dr2') }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.api('GET', `campus/messages/compteurs?idSessionCenou=${idSessionCenou}`, {
          token: await t.token('dr2'),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.api('GET', `campus/dossier/${idDossier}/messages`, { token: await t.token('etudiant') }))
        .statusCode,
    ).toBe(403);
  });
});

describeOnPostgres('two workers share the SMS outbox (PostgreSQL)', () => {
  it('never sends an SMS twice', async () => {
    const c = await centre();
    const ids = await queue(60);
    const a = worker({ smppUrl: c.url(), batchSize: 5, window: 3 });
    const b = worker({ smppUrl: c.url(), batchSize: 5, window: 3 });
    a.start();
    b.start();
    await until(async () => (await states(ids)).every((s) => s.state === 'ENVOYE'), PATIENCE_MS, 'all sent');
    expect(c.binds).toBe(2);
    acceptedOnce(c, await textsOf(ids));
    expect(c.accepted.length).toBe(60);
  });

  it('runOnce on both at the same time, file fallback: each SMS written once', async () => {
    const ids = await queue(40);
    const a = worker({ batchSize: 4 });
    const b = worker({ batchSize: 4 });
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(na + nb).toBe(40);
    expect((await states(ids)).every((s) => s.state === 'ENVOYE')).toBe(true);
  });
});
