/**
 * Issue 24's benchmarks (docs/benchmarks.md, "SMS"), PostgreSQL only, on a database and servers of
 * their own (the main bench server's SMS worker would otherwise take their SMS):
 * - `sms-publication`: BENCH_SMS_SIZE (100,000) analysed dossiers of registered students with a
 *   phone, published at once; the mail worker expands the result lot (mails to an SMTP sink of the
 *   bench) and queues one result SMS per student; the SMS worker sends them through SMPP to a local
 *   SMS centre (bench/lib/smsc.ts, window SMPP_WINDOW). When a third is accepted, the centre goes
 *   away for BENCH_SMS_DOWN_SECONDS (3) (connections ended, port closed), then comes back on the
 *   same port. Reported: SMS/s from the first accepted to the last, each student's SMS accepted
 *   once (none twice, none missing), binds.
 * - `sms-answers`: a second instance binds to the same centre; BENCH_SMS_ANSWERS (1,000) admitted
 *   students answer `OUI <référence>` from their registry number, all at once, spread over both
 *   instances' binds, and each message is delivered a second time (same id) on the other bind.
 *   Reported: the time until every message is answered, each offer accepted once (one event), one
 *   confirmation SMS each, accepted once by the centre.
 */
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { seed } from './deliberation';
import { signin, API_BASE } from './api';
import { BenchSmsc } from './smsc';
import type { TargetOutcome } from './results';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createPgDatabase, startServer, type BenchServer } from './server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SmsPublicationReport {
  dossiers: number;
  window: number;
  seedSeconds: number;
  publishMs: number;
  publishStatus: number;
  /** Result SMS queued by the publication (one per student). */
  smsQueued: number;
  /** From the publication's answer to the last SMS accepted, s. */
  totalSeconds: number;
  /** From the first SMS accepted to the last, s, and the rate over that span. */
  sendSeconds: number;
  perSecond: number;
  /** The centre away: after how many accepted, for how long; binds in all. */
  downAfter: number;
  downSeconds: number;
  binds: number;
  accepted: number;
  duplicates: number;
  /** Students whose result SMS the centre never accepted. */
  missing: number;
  error?: string;
}

export interface SmsAnswersReport {
  students: number;
  /** deliver_sm sent (each message twice, same id, on the two instances' binds). */
  delivered: number;
  instances: number;
  /** From the first deliver_sm to the last message answered, s. */
  seconds: number;
  perSecond: number;
  stored: number;
  accepted: number;
  /** Dossiers with more than one answer event: must be 0. */
  doubleAnswers: number;
  confirmationsQueued: number;
  confirmationsAccepted: number;
  confirmationDuplicates: number;
  /** The SMS the answers were told, by kind (`REPONSE_ACCEPTEE`, `REPONSE_HORS_DELAI`…). */
  outcomes?: Record<string, number>;
  error?: string;
}

export interface SmsReport {
  publication?: SmsPublicationReport;
  answers?: SmsAnswersReport;
}

/** An SMTP server that takes every mail and keeps nothing (the result mails are not measured here). */
async function smtpSink(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function until(check: () => Promise<boolean>, ms: number, every = 250): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(every);
  }
  return false;
}

export async function benchSms(opts: {
  adminUrl: string;
  size: number;
  answers: number;
  window: number;
  downSeconds: number;
  which: ('sms-publication' | 'sms-answers')[];
  log: (s: string) => void;
}): Promise<SmsReport> {
  const report: SmsReport = {};
  const database = await createPgDatabase(opts.adminUrl);
  const centre = new BenchSmsc();
  await centre.start();
  const smtp = await smtpSink();
  const env = {
    SMPP_URL: centre.url(),
    SMPP_WINDOW: String(opts.window),
    SMTP_URL: smtp.url,
    QUEUE_INTERVAL_MS: '200',
    SMS_ANSWERS_INTERVAL_MS: '200',
  };
  const servers: BenchServer[] = [];
  const c = new pg.Client({ connectionString: database.url });
  try {
    const first = await startServer({ databaseUrl: database.url, env });
    servers.push(first);
    await c.connect();
    const count = async (text: string, values: unknown[] = []) =>
      Number((await c.query<{ n: string }>(text, values)).rows[0].n);
    const t0 = performance.now();
    const { idSession, idDirection } = await seed(c, opts.size);
    // The deliberation's seed writes accounts and registry rows apart: linked here, as a
    // registration links them, so that each student's SMS go to its registry number.
    await c.query(
      `UPDATE registre_etudiant r SET id_user = u.id FROM users u
       WHERE u.user_name = r.ine AND r.id_user IS NULL AND r.ine LIKE 'DB%'`,
    );
    const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
    opts.log(`   ${opts.size} dossiers analysés écrits en ${seedSeconds} s`);
    const token = await signin(first.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);

    // ---- One publication, its result SMS through the centre, the centre away for a while.
    const before = centre.acceptedCount;
    // The rate and the result SMS looked for are this publication's: the demo's own SMS (its past
    // publications' results among them) went out to the centre when the server started.
    centre.firstAcceptedAt = 0;
    const queuedFrom = new Date();
    const p0 = performance.now();
    const res = await fetch(`${first.baseUrl}${API_BASE}/campus/deliberation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ idSessionCenou: idSession, idDirection, seed: 'sms' }),
      signal: AbortSignal.timeout(300_000),
    });
    await res.text();
    const publishMs = Math.round(performance.now() - p0);
    opts.log(`   publication : ${res.status} en ${publishMs} ms`);
    const published = Date.now();
    const downAfter = Math.round(opts.size / 3);
    let downAt = 0;
    let upAt = 0;
    const resultKinds = `kind IN ('RESULTAT_ADMIS', 'RESULTAT_ATTENTE', 'RESULTAT_NON_ADMIS')`;
    const deadline = Date.now() + Math.max(600_000, opts.size * 20);
    let smsQueued = 0;
    for (;;) {
      if (!downAt && centre.acceptedCount - before >= downAfter) {
        downAt = Date.now();
        await centre.goDown();
        opts.log(`   centre SMS coupé après ${centre.acceptedCount - before} SMS acceptés`);
        await sleep(opts.downSeconds * 1000);
        await centre.comeBack();
        upAt = Date.now();
        opts.log('   centre SMS rétabli');
      }
      smsQueued = await count(
        `SELECT count(*) AS n FROM outbox_sms WHERE ${resultKinds} AND created_at >= $1`,
        [queuedFrom],
      );
      const lotsLeft = await count(`SELECT count(*) AS n FROM outbox_lot WHERE termine_le IS NULL`);
      const waiting = await count(
        `SELECT count(*) AS n FROM outbox_sms WHERE ${resultKinds} AND state = 'EN_ATTENTE'`,
      );
      if (lotsLeft === 0 && smsQueued > 0 && waiting === 0 && downAt) break;
      if (lotsLeft === 0 && smsQueued === 0 && Date.now() - published > 60_000)
        throw new Error('aucun SMS de résultat en file une minute après la publication');
      if (Date.now() > deadline) throw new Error(`SMS non envoyés : ${waiting} en attente, ${lotsLeft} lots`);
      await sleep(downAt ? 500 : 100);
    }
    // A result SMS names the student's dossier (« dossier DOR-… », or « OUI DOR-… » for an offer).
    const resultText = (t: string) => t.startsWith('CENOU : ') && /\bDOR-\d/.test(t);
    const destinations = await c.query<{ tel: string }>(
      `SELECT DISTINCT replace(recipient, ' ', '') AS tel FROM outbox_sms WHERE ${resultKinds} AND created_at >= $1`,
      [queuedFrom],
    );
    const missing = destinations.rows.filter(
      (r) => !(centre.accepted.get(`226${r.tel}`) ?? []).some(resultText),
    ).length;
    const sendSeconds = (centre.lastAcceptedAt - centre.firstAcceptedAt) / 1000;
    const accepted = centre.acceptedCount - before;
    report.publication = {
      dossiers: opts.size,
      window: opts.window,
      seedSeconds,
      publishMs,
      publishStatus: res.status,
      smsQueued,
      totalSeconds: Math.round((centre.lastAcceptedAt - published) / 100) / 10,
      sendSeconds: Math.round(sendSeconds * 10) / 10,
      perSecond: Math.round(accepted / Math.max(sendSeconds, 0.001)),
      downAfter,
      downSeconds: Math.round((upAt - downAt) / 100) / 10,
      binds: centre.binds,
      accepted,
      duplicates: centre.duplicates(resultText),
      missing,
    };
    opts.log(`   ${JSON.stringify(report.publication)}`);

    // ---- 1,000 answers at once, on two instances, each delivered twice.
    if (opts.which.includes('sms-answers')) {
      const second = await startServer({ databaseUrl: database.url, env });
      servers.push(second);
      await until(async () => centre.sessions.size >= 2, 60_000);
      const picked = await c.query<{ idDossier: number; reference: string; tel: string }>(
        `SELECT d.id_dossier AS "idDossier", d.reference_dossier AS reference, r.tel_normalise AS tel
         FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
         WHERE d.id_session_cenou = $1 AND d.statut_dossier = 'ADMIS' AND d.reponse = 'EN_ATTENTE'
         ORDER BY d.id_dossier LIMIT $2`,
        [idSession, opts.answers],
      );
      const n = picked.rows.length;
      const ids = picked.rows.map((r) => r.idDossier);
      const acceptedBefore = centre.acceptedCount;
      // The demo's own SMS answers are in the table already: only this stage's are waited for.
      const processedBefore = await count(
        `SELECT count(*) AS n FROM sms_entrant WHERE kind = 'MESSAGE' AND processed_at IS NOT NULL`,
      );
      const a0 = Date.now();
      picked.rows.forEach((r, i) => {
        const from = r.tel.replace(/^\+/, '');
        centre.message(i, from, `oui ${r.reference.toLowerCase()}`, `mo-${r.idDossier}`);
        centre.message(i + 1, from, `oui ${r.reference.toLowerCase()}`, `mo-${r.idDossier}`);
      });
      const done = await until(
        async () =>
          (await count(
            `SELECT count(*) AS n FROM sms_entrant WHERE kind = 'MESSAGE' AND processed_at IS NOT NULL`,
          )) -
            processedBefore >=
            n && centre.deliverAnswers.length >= 2 * n,
        600_000,
        100,
      );
      const seconds = (Date.now() - a0) / 1000;
      const stored = await count(`SELECT count(*) AS n FROM sms_entrant WHERE kind = 'MESSAGE'`);
      const acceptedOffers = await count(
        `SELECT count(*) AS n FROM dossier WHERE id_dossier = ANY($1::int[]) AND reponse = 'ACCEPTE'`,
        [ids],
      );
      const doubleAnswers = await count(
        `SELECT count(*) AS n FROM (SELECT id_dossier FROM dossier_evenement
           WHERE id_dossier = ANY($1::int[]) AND evenement LIKE 'REPONSE_%' GROUP BY id_dossier HAVING count(*) > 1) x`,
        [ids],
      );
      const confirmationsQueued = await count(
        `SELECT count(DISTINCT id_dossier) AS n FROM outbox_sms WHERE kind = 'REPONSE_ACCEPTEE'`,
      );
      // What the answers were told, by kind (an acceptance, a deadline passed, no offer waiting…).
      const outcomes = await c.query<{ kind: string; n: string }>(
        `SELECT kind, count(*) AS n FROM outbox_sms WHERE kind LIKE 'REPONSE_%' GROUP BY kind ORDER BY kind`,
      );
      const isConfirmation = (t: string) => t.includes('votre acceptation de la place');
      await until(async () => centre.acceptedCount - acceptedBefore >= confirmationsQueued, 120_000);
      let confirmationsAccepted = 0;
      for (const texts of centre.accepted.values())
        confirmationsAccepted += texts.filter(isConfirmation).length;
      report.answers = {
        students: n,
        delivered: centre.deliverAnswers.length,
        instances: 2,
        seconds: Math.round(seconds * 10) / 10,
        perSecond: Math.round(n / seconds),
        stored,
        accepted: acceptedOffers,
        doubleAnswers,
        confirmationsQueued,
        confirmationsAccepted,
        confirmationDuplicates: centre.duplicates(isConfirmation),
        outcomes: Object.fromEntries(outcomes.rows.map((r) => [r.kind, Number(r.n)])),
        ...(done ? {} : { error: 'messages non traités dans le temps imparti' }),
      };
      opts.log(`   ${JSON.stringify(report.answers)}`);
    }
  } catch (err) {
    const message = (err as Error).message;
    opts.log(`   échec : ${message}`);
    for (const s of servers) opts.log(s.logs?.slice(-20).join('') ?? '');
    if (!report.publication)
      report.publication = {
        dossiers: opts.size,
        window: opts.window,
        seedSeconds: 0,
        publishMs: 0,
        publishStatus: 0,
        smsQueued: 0,
        totalSeconds: 0,
        sendSeconds: 0,
        perSecond: 0,
        downAfter: 0,
        downSeconds: 0,
        binds: centre.binds,
        accepted: centre.acceptedCount,
        duplicates: 0,
        missing: opts.size,
        error: message,
      };
  } finally {
    await c.end().catch(() => undefined);
    for (const s of servers) await s.stop().catch(() => undefined);
    await centre.stop();
    await smtp.close();
    await database.drop().catch(() => undefined);
  }
  return report;
}

/** The figures as the bench prints them. */
export function smsTable(r: SmsReport): string {
  const lines: string[] = [];
  const p = r.publication;
  if (p)
    lines.push(
      `   publication de ${p.dossiers} dossiers (${p.publishMs} ms) : ${p.smsQueued} SMS de résultat, ${p.accepted} acceptés par le centre en ${p.sendSeconds} s, ${p.perSecond} SMS/s (fenêtre ${p.window}) ; ${p.duplicates} en double, ${p.missing} manquants ; centre coupé ${p.downSeconds} s après ${p.downAfter}, ${p.binds} connexions${p.error ? ` ; ${p.error}` : ''}`,
    );
  const a = r.answers;
  if (a)
    lines.push(
      `   ${a.students} réponses OUI à la fois (${a.delivered} deliver_sm, ${a.instances} instances) : traitées en ${a.seconds} s (${a.perSecond}/s) ; ${a.accepted} offres acceptées, ${a.doubleAnswers} réponses en double, ${a.confirmationsQueued} confirmations (${a.confirmationDuplicates} en double)${a.error ? ` ; ${a.error}` : ''}`,
    );
  return lines.join('\n');
}

/** The issue's targets: ≥ 100 SMS/s, none twice, none missing; no answer twice. Skipped when not run. */
export function evaluateSms(r: SmsReport | undefined): TargetOutcome[] {
  const p = r?.publication;
  const a = r?.answers;
  const skip = (id: string, description: string, limit: string): TargetOutcome => ({
    id,
    description,
    limit,
    actual: 'non mesuré',
    status: 'SKIP',
  });
  return [
    p
      ? {
          id: 'sms.rate',
          description: `SMS de résultat d’une publication (${p.dossiers}) remis au centre SMPP`,
          limit: '≥ 100 SMS/s',
          actual: `${p.perSecond} SMS/s`,
          status: !p.error && p.perSecond >= 100 ? 'PASS' : 'FAIL',
        }
      : skip('sms.rate', 'SMS de résultat d’une publication remis au centre SMPP', '≥ 100 SMS/s'),
    p
      ? {
          id: 'sms.once',
          description: 'Chaque SMS de résultat accepté une fois, centre coupé puis rétabli',
          limit: '0 en double, 0 manquant',
          actual: `${p.duplicates} en double, ${p.missing} manquants`,
          status: !p.error && p.duplicates === 0 && p.missing === 0 ? 'PASS' : 'FAIL',
        }
      : skip('sms.once', 'Chaque SMS de résultat accepté une fois', '0 en double, 0 manquant'),
    a
      ? {
          id: 'sms.answers',
          description: `${a.students} réponses OUI par SMS à la fois, chacune reçue deux fois`,
          limit: 'toutes acceptées, 0 en double',
          actual: `${a.accepted} acceptées, ${a.doubleAnswers} en double, ${a.confirmationDuplicates} confirmations en double, ${a.seconds} s`,
          status:
            !a.error && a.accepted === a.students && a.doubleAnswers === 0 && a.confirmationDuplicates === 0
              ? 'PASS'
              : 'FAIL',
        }
      : skip('sms.answers', 'Réponses OUI par SMS à la fois', 'toutes acceptées, 0 en double'),
  ];
}
