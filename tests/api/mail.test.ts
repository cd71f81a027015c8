import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../../src/domain/messages';
import { loadConfig } from '../../src/server/config/env';
import { one, rows } from '../../src/server/db/client';
import { enqueueMail, placeholder, saveTemplates } from '../../src/server/mail/outbox';
import { resultMail } from '../../src/server/mail/templates';
import { MailWorker, type MailWorkerOptions } from '../../src/server/mail/worker';
import { LOT_KINDS } from '../../src/server/modules/lot-kinds';
import { createRegistryStudent, directionId, type RegistrySpec } from '../../src/server/seed/factories';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { passwordOf, queuedMails, readMailDir, TestSmtpServer } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';

let t: TestContext;
let mailDir: string;
const workers: MailWorker[] = [];
const servers: TestSmtpServer[] = [];

function worker(opts: Partial<MailWorkerOptions> = {}): MailWorker {
  const w = new MailWorker({
    db: t.database.db,
    log: t.app.log,
    mailDir,
    from: t.config.MAIL_FROM,
    intervalMs: 50,
    retryBaseMs: 100,
    lotKinds: LOT_KINDS,
    ...opts,
  });
  workers.push(w);
  return w;
}

async function smtpServer(port?: number): Promise<TestSmtpServer> {
  const s = new TestSmtpServer();
  await s.start(port ?? 0);
  servers.push(s);
  return s;
}

let serial = 0;
async function registeredStudent(
  ville = 'Bobo-Dioulasso',
): Promise<{ ine: string; email: string; spec: RegistrySpec }> {
  serial++;
  const spec: RegistrySpec = {
    ine: `M2000000000${serial}`,
    nomEtudiant: 'Konaté',
    prenomEtudiant: `Aïcha ${serial}`,
    sexeEtudiant: 'F',
    dateNaissance: '2004-06-0' + ((serial % 9) + 1),
    villeOrientation: ville,
  };
  await createRegistryStudent(t.database.db, spec);
  const email = `etudiante.${serial}@exemple.bf`;
  const res = await t.api('POST', 'campus-auth/hebergement-etudiant/', {
    body: {
      ine: spec.ine,
      dateNaissance: spec.dateNaissance,
      emailEtudiant: email,
      personnelBesoin: 'Konaté Moussa',
      contact: '+226 70 12 34 56',
      engagementStatutReglement: true,
      engagementPersonnelCaution: true,
      declarationSurHonneur: true,
      luApprouve: true,
    },
  });
  expect(res.statusCode).toBe(201);
  return { ine: spec.ine, email, spec };
}

const signin = (username: string, password: string) =>
  t.api('POST', 'campus-auth/signin', { body: { username, password } });

async function outboxRow(recipient: string) {
  return one<{
    id: number;
    attempts: number;
    sent_at: string | null;
    last_error: string | null;
    text_body: string;
    html_body: string;
  }>(
    t.database.db,
    sql`SELECT id, attempts, sent_at, last_error, text_body, html_body FROM outbox_mail WHERE recipient = ${recipient}`,
  );
}

beforeAll(async () => {
  t = await setupTestApp();
  mailDir = path.join(t.dataDir, 'mail');
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  for (const s of servers) await s.stop();
  await t.close();
});

describe('password mail through a real SMTP server', () => {
  it('is received, decoded, and its password signs the student in; the stored copy loses the password', async () => {
    const smtp = await smtpServer();
    const w = worker({ smtpUrl: smtp.url });
    const { ine, email } = await registeredStudent();
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toContain(email);
    expect(mail.subject).toBe('CENOU Hébergement\u00a0: votre compte est créé');
    expect(mail.text).toContain(`Identifiant (INE)\u00a0: ${ine}`);
    expect(mail.html).toContain('Mot de passe\u00a0: ');
    const password = passwordOf(mail);

    const res = await signin(ine, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: ine,
      roles: ['ROLE_HEBERGEMENT_ETUDIANT'],
      idDirection: await directionId(t.database.db, 'BOB'),
      nom: 'Konaté',
    });

    const row = await outboxRow(email);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.text_body).not.toContain(password);
    expect(row!.html_body).not.toContain(password);
    expect(row!.text_body).toContain('Mot de passe\u00a0: ********');
    // Nothing left to send: running again sends nothing more.
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('password mail without SMTP_URL', () => {
  it('is written as an .eml file (quoted-printable UTF-8) whose password signs the student in', async () => {
    const w = worker();
    const { ine, email } = await registeredStudent('Ouagadougou');
    expect(await w.runOnce()).toBe(1);
    const files = readMailDir(mailDir).filter((m) => m.to.includes(email));
    expect(files).toHaveLength(1);
    expect(files[0].subject).toBe('CENOU Hébergement\u00a0: votre compte est créé');
    expect(files[0].text).toContain('Votre compte sur la plateforme d’hébergement du CENOU est créé.');
    const password = passwordOf(files[0]);
    const res = await signin(ine.toLowerCase(), password);
    expect(res.statusCode).toBe(200);
    expect(res.json().idDirection).toBe(await directionId(t.database.db, 'OUA'));
    expect((await signin(ine, 'pas-le-bon-mot-de-passe')).statusCode).toBe(401);
  });

  it('the running worker writes it at its next round (every second by default: within 5 seconds)', async () => {
    expect(loadConfig({}).QUEUE_INTERVAL_MS).toBeLessThanOrEqual(1000);
    const w = worker({ intervalMs: 1000 });
    // Its rounds counted, and the one after which the file is there: a measure that no machine's
    // speed changes (the round under way when the mail is queued may miss it; the next one may not).
    let rounds = 0;
    let writtenAfter: number | undefined;
    const mine = (email: string) => readMailDir(mailDir).filter((m) => m.to.includes(email));
    let email = '';
    // The worker's queue's rounds (its loop calls the queue's runOnce).
    const queue = (w as unknown as { queue: { runOnce(): Promise<number> } }).queue;
    const runOnce = queue.runOnce.bind(queue);
    queue.runOnce = async () => {
      const sent = await runOnce();
      rounds += 1;
      if (email && writtenAfter === undefined && mine(email).length > 0) writtenAfter = rounds;
      return sent;
    };
    w.start();
    const student = await registeredStudent();
    const queuedAfter = rounds;
    email = student.email;
    await vi.waitUntil(() => writtenAfter !== undefined, { timeout: PATIENCE_MS, interval: 50 });
    expect(writtenAfter! - queuedAfter).toBeLessThanOrEqual(2);
    expect(mine(email)).toHaveLength(1);
    await w.stop();
  });
});

describe('while the SMTP server is down', () => {
  it('registration succeeds; the worker retries with backoff; the mail goes out once when the server is back', async () => {
    const probe = await smtpServer();
    const port = probe.port;
    await probe.stop();
    // A minute's backoff, which no slow machine outlasts; the test brings its end forward.
    const w = worker({ smtpUrl: `smtp://127.0.0.1:${port}`, retryBaseMs: 60_000 });
    const backoffOver = (id: number) =>
      t.database.db.execute(sql`UPDATE outbox_mail SET next_attempt_at = now() WHERE id = ${id}`);

    const { ine, email } = await registeredStudent();
    expect(await w.runOnce()).toBe(0);
    let row = await outboxRow(email);
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row!.last_error).toBeTruthy();
    const firstDue = await one<{ due: boolean }>(
      t.database.db,
      sql`SELECT next_attempt_at > now() AS due FROM outbox_mail WHERE id = ${row!.id}`,
    );
    expect(firstDue!.due).toBe(true); // backoff: not retried at once
    expect(await w.runOnce()).toBe(0);
    expect((await outboxRow(email))!.attempts).toBe(1);

    await backoffOver(row!.id);
    expect(await w.runOnce()).toBe(0);
    row = await outboxRow(email);
    expect(row!.attempts).toBe(2);
    // The second wait is twice the first (two minutes).
    const secondDue = await one<{ later: boolean }>(
      t.database.db,
      sql`SELECT next_attempt_at > now() + interval '90 seconds' AS later FROM outbox_mail WHERE id = ${row!.id}`,
    );
    expect(secondDue!.later).toBe(true);

    const smtp = await smtpServer(port);
    await backoffOver(row!.id);
    expect(await w.runOnce()).toBe(1);
    // Sent once: however many rounds follow, even once its retry time has passed, nothing more.
    await backoffOver(row!.id);
    for (let i = 0; i < 3; i++) expect(await w.runOnce()).toBe(0);
    const mine = smtp.received.filter((m) => m.to.includes(email));
    expect(mine).toHaveLength(1);
    row = await outboxRow(email);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.last_error).toBeNull();
    expect((await signin(ine, passwordOf(mine[0]))).statusCode).toBe(200);
  });

  it('holds back the rest of a batch when the server is unreachable, each claim still counted (the fence only rises)', async () => {
    const probe = await smtpServer();
    const port = probe.port;
    await probe.stop();
    const w = worker({ smtpUrl: `smtp://127.0.0.1:${port}`, retryBaseMs: 60_000 });
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        await enqueueMail(tx, `lot.${i}@exemple.bf`, {
          kind: 'TEST',
          subject: `Lot ${i}`,
          text: 'Bonjour',
          html: '<p>Bonjour</p>',
        });
      }
    });
    expect(await w.runOnce()).toBe(0);
    const lot = await rows<{ attempts: number; sent_at: string | null; later: boolean }>(
      t.database.db,
      sql`SELECT attempts, sent_at, next_attempt_at > now() + interval '30 seconds' AS later
          FROM outbox_mail WHERE recipient LIKE 'lot.%' ORDER BY id`,
    );
    expect(lot.map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(lot.every((r) => r.sent_at === null && r.later)).toBe(true);
    await t.database.db.execute(sql`DELETE FROM outbox_mail WHERE recipient LIKE 'lot.%'`);
  });
});

describe('several workers on one outbox', () => {
  it('send each mail exactly once', async () => {
    const smtp = await smtpServer();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++) {
        await enqueueMail(tx, `multi.${i}@exemple.bf`, {
          kind: 'TEST',
          subject: `Message ${i}`,
          text: `Numéro ${i}`,
          html: `<p>${i}</p>`,
        });
      }
    });
    const a = worker({ smtpUrl: smtp.url, batchSize: 3 });
    const b = worker({ smtpUrl: smtp.url, batchSize: 3 });
    const [sa, sb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(sa + sb).toBe(12);
    await Promise.all([a.runOnce(), b.runOnce()]);
    const got = smtp.received
      .filter((m) => m.to.includes('multi.'))
      .map((m) => m.subject)
      .sort();
    expect(got).toHaveLength(12);
    expect(new Set(got).size).toBe(12);
  });
});

describe('template form (the result mails of a publication)', () => {
  it('is sent exactly as the mail built directly, its values HTML-escaped', async () => {
    const smtp = await smtpServer();
    const w = worker({ smtpUrl: smtp.url });
    const recipient = 'gabarit.1@exemple.bf';
    const url = 'http://127.0.0.1/tableau-de-bord';
    const values = { nom: "O'Brien & <Fils>", prenom: 'Zoé "Zaza"', referenceDossier: 'OUA-2026-000123' };
    const direct = resultMail({ ...values, resultat: 'LISTE_ATTENTE', rang: 7, moyenne: '12,35' }, url);
    const template = resultMail(
      {
        nom: placeholder('N'),
        prenom: placeholder('P'),
        referenceDossier: placeholder('R'),
        rang: placeholder('G'),
        moyenne: placeholder('M'),
        resultat: 'LISTE_ATTENTE',
      },
      url,
    );
    const params = { N: values.nom, P: values.prenom, R: values.referenceDossier, G: '7', M: '12,35' };
    await t.database.db.transaction(async (tx) => {
      const ids = await saveTemplates(tx, { attente: template });
      await tx.execute(
        sql`INSERT INTO outbox_mail (kind, recipient, id_template, params)
            VALUES ('RESULTAT', ${recipient}, ${ids.get('attente')}, ${JSON.stringify(params)}::jsonb)`,
      );
    });
    const [queued] = await queuedMails(t.database.db, sql`m.recipient = ${recipient}`);
    expect({ subject: queued.subject, text: queued.text_body, html: queued.html_body }).toEqual({
      subject: direct.subject,
      text: direct.text,
      html: direct.html,
    });
    expect(direct.html).toContain('O&#39;Brien &amp; &lt;Fils&gt;');
    expect(await w.runOnce()).toBe(1);
    const got = smtp.received.filter((m) => m.to.includes(recipient));
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(direct.subject);
    expect(got[0].text.trim()).toBe(direct.text.trim());
    expect(got[0].html).toContain('Bonjour O&#39;Brien &amp; &lt;Fils&gt; Zoé &quot;Zaza&quot;,');
    expect((await outboxRow(recipient))!.sent_at).not.toBeNull();
  });

  it('needs its own text or a template (the table refuses a mail with neither)', async () => {
    await expect(
      t.database.db.execute(
        sql`INSERT INTO outbox_mail (kind, recipient, params) VALUES ('RESULTAT', 'rien@exemple.bf', '{}'::jsonb)`,
      ),
    ).rejects.toThrow();
  });
});

describe('password reset by the admin', () => {
  it('mails a new password; the old token and the old password stop working', async () => {
    const w = worker();
    const oldToken = await t.token('dr2');
    expect((await t.api('GET', 'campus/cite', { token: oldToken })).statusCode).toBe(200);
    const res = await t.api('PUT', `campus/users/${t.accounts.dr2.id}/reset`, {
      token: await t.token('admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.motDePasseReinitialise);
    expect(await w.runOnce()).toBe(1);

    const mails = readMailDir(mailDir).filter((m) => m.to.includes('gestionnaire.bobo@exemple.bf'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('CENOU Hébergement\u00a0: votre mot de passe a été réinitialisé');
    const password = passwordOf(mails[0]);
    expect(password).not.toBe(TEST_PASSWORD);

    expect((await t.api('GET', 'campus/cite', { token: oldToken })).statusCode).toBe(401);
    expect((await signin('gestionnaire.bobo', TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await signin('gestionnaire.bobo', password);
    expect(fresh.statusCode).toBe(200);
    expect((await t.api('GET', 'campus/cite', { token: fresh.json().accessToken })).statusCode).toBe(200);
  });

  it('is reserved to the admin', async () => {
    const res = await t.api('PUT', `campus/users/${t.accounts.dr.id}/reset`, {
      token: await t.token('cenou'),
    });
    expect(res.statusCode).toBe(403);
  });
});
