import path from 'node:path';
import { ADMIN } from '../domain/enums';
import { fill, messages } from '../domain/messages';
import { enumLabel } from '../domain/messages-labels';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { ensureFirstAdmin, isEmptyDatabase, loadJwtSecret, underBootstrapLock } from './bootstrap';
import { tableauDeBordUrl } from './config/urls';
import { PeriodicJob } from './jobs/runner';
import { MailWorker } from './mail/worker';
import { SmsWorker } from './sms/worker';
import { SlotReminders } from './modules/room-choice/reminders';
import { runRepairJob } from './modules/repairs/service';
import { SmsAnswerJob } from './modules/sms-answers/job';
import { LOT_KINDS } from './modules/lot-kinds';
import { runOfferJob } from './modules/offers/job';
import { pulseJob } from './modules/availability/pulse';
import { checkPendingPayments } from './modules/payments/service';
import { runUploadCleanup } from './modules/televersement/job';
import { purgeExpiredCounters } from './security/rate-counter';
import { purgeUssdSessions } from './modules/ussd/service';
import { loadDemoData } from './seed/demo';
import { issueMissingInstalments } from './modules/rent/service';
import { accountsBlock, isPrettyLog, loggerOptions, type AccountLine } from './log/logger';
import { WEB_DIR } from './paths';

/** How often the offers job looks for lapsed offers and reminders to send. */
const OFFER_JOB_INTERVAL_MS = 60_000;
/** How often the repairs job looks for late and resolved requests. */
const REPAIR_JOB_INTERVAL_MS = 60_000;
/** How often expired resumable uploads are removed (docs/decisions/019-resumable-uploads.md). */
const UPLOAD_JOB_INTERVAL_MS = 5 * 60_000;
/** How often the payments still pending after 30 minutes are asked about again (docs/payments.md). */
const PAYMENT_JOB_INTERVAL_MS = 60_000;
/** How often the expired failure counters (sign-ins, INE look-ups) are removed. */
const PURGE_JOB_INTERVAL_MS = 10 * 60_000;
/** How often the USSD sessions answered more than 30 minutes ago are removed (docs/ussd.md). */
const USSD_PURGE_INTERVAL_MS = 5 * 60_000;
/** Once the port is closed, how long the jobs and the database have to finish before the process exits anyway. */
const CLOSE_LIMIT_MS = 20_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      listenUrl: config.DATABASE_LISTEN_URL,
      transactionPooler: config.DATABASE_TRANSACTION_POOLER,
      poolSize: config.DATABASE_POOL_MAX,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
    });
    await migrate(database.db);
  } catch (err) {
    const erreur = (err as Error).message;
    fail(
      config.DATABASE_URL
        ? fill(messages.consoleBaseInaccessible, {
            url: config.DATABASE_URL.replace(/:[^:@/]*@/, ':***@'),
            erreur,
          })
        : fill(messages.consoleBaseEmbarqueeInaccessible, { dossier: path.resolve(config.DATA_DIR), erreur }),
    );
  }
  const { db } = database;

  const jwtSecret = loadJwtSecret(config);
  const app = await buildApp({
    config,
    db,
    jwtSecret,
    webDir: WEB_DIR,
    notifications: database.notifications,
    logger: loggerOptions(config),
  });
  const log = app.log;
  // The listening connection (decision 017): while it is down, every call reads its account.
  database.notifications.onLive((live) =>
    live
      ? log.info(messages.consoleEcouteComptesRetablie)
      : log.warn(messages.consoleEcouteComptesInterrompue),
  );
  if (!database.notifications.live) log.warn(messages.consoleEcouteComptesIndisponible);
  if (config.PASSWORD_HASH_COST === 'test') log.warn(messages.consoleHachageDeTest);

  // Instances started together on an empty database fill it one at a time (the first admin, the
  // demo data); the others wait, then find it filled (docs/operations.md).
  const { admin, accounts } = await underBootstrapLock(
    database,
    async () => {
      const wasEmpty = await isEmptyDatabase(db);
      const admin = await ensureFirstAdmin(db, config);
      const accounts =
        wasEmpty && config.DEMO_DATA !== false
          ? await loadDemoData(db, {
              log,
              storage: app.storage,
              dashboardUrl: tableauDeBordUrl(config),
              procurationKey: jwtSecret,
            })
          : [];
      // Assignments made before rent existed get their instalments, once (docs/rent.md#instalments).
      await issueMissingInstalments(db);
      return { admin, accounts };
    },
    () => log.info(messages.consoleInitialisationAttente),
  );
  // Passwords are printed once: as log lines, and on a terminal also set apart in a frame.
  const shown: AccountLine[] = [];
  if (admin) {
    log.info(
      admin.password
        ? fill(messages.consolePremierAdmin, { identifiant: admin.userName, motDePasse: admin.password })
        : fill(messages.consolePremierAdminMotDePasseFourni, { identifiant: admin.userName }),
    );
    if (admin.password)
      shown.push({ label: enumLabel('role', ADMIN), userName: admin.userName, password: admin.password });
  }
  for (const a of accounts) {
    log.info(
      fill(messages.consoleCompteDemo, {
        description: a.description,
        identifiant: a.userName,
        motDePasse: a.password,
      }),
    );
    shown.push({ label: a.description, userName: a.userName, password: a.password });
  }
  if (shown.length && isPrettyLog(config)) {
    process.stdout.write(
      accountsBlock(messages.consoleComptesTitre, shown, messages.consoleComptesAvertissement),
    );
  }

  for (const r of config.renamedSettings) log.warn(fill(messages.configReglageRenomme, { ...r }));
  const worker = new MailWorker({
    db,
    log,
    smtpUrl: config.SMTP_URL,
    mailDir: path.resolve(config.DATA_DIR, 'mail'),
    from: config.MAIL_FROM,
    intervalMs: config.QUEUE_INTERVAL_MS,
    lotKinds: LOT_KINDS,
    wake: database.notifications,
  });
  worker.start();
  // Answers by SMS (decision 030): each message from a phone answered once across instances, at
  // once when this instance stored it, else when its commit is told (or at the next tick).
  const smsAnswers = new SmsAnswerJob(db, {
    dashboardUrl: tableauDeBordUrl(config),
    storage: app.storage,
    log,
    intervalMs: config.SMS_ANSWERS_INTERVAL_MS,
    wake: database.notifications,
  });
  smsAnswers.start();
  // SMS (docs/messages.md#sms): the same outbox rules, through SMPP_URL or to files.
  const smsWorker = new SmsWorker({
    db,
    log,
    smppUrl: config.SMPP_URL,
    smsDir: path.resolve(config.DATA_DIR, 'sms'),
    sender: config.SMS_EXPEDITEUR,
    health: app.providerHealth,
    window: config.SMPP_WINDOW,
    intervalMs: config.QUEUE_INTERVAL_MS,
    onMessage: () => smsAnswers.kick(),
    wake: database.notifications,
  });
  smsWorker.start();
  // The platform's pulse (docs/availability.md): every minute, each instance stamps it; the first
  // stamp after a gap records the outage and moves the deadlines it overlapped, before any expiry.
  const pulse = pulseJob({
    db,
    log,
    availability: app.availability,
    intervalMs: config.HEARTBEAT_INTERVAL_MS,
    plafondMinutes: config.PANNE_PLAFOND_MINUTES,
  });
  await pulse.runOnce().catch((err: unknown) => log.error({ err }, 'heartbeat failed'));
  pulse.start();
  // Offers (docs/offers.md): expiries and reminders every minute, claimed once across instances,
  // each run after a heartbeat (an outage's moved deadlines are written before any expiry).
  const offers = new PeriodicJob(
    'offers job',
    async () => {
      await pulse.runOnce();
      return runOfferJob(db, { dashboardUrl: tableauDeBordUrl(config) });
    },
    {
      intervalMs: OFFER_JOB_INTERVAL_MS,
      log,
    },
  );
  offers.start();
  // Room choice (docs/room-choice.md): each chooser reminded once when its slot opens.
  const slotReminders = new SlotReminders({
    db,
    log,
    intervalMs: config.QUEUE_INTERVAL_MS,
    dashboardUrl: tableauDeBordUrl(config),
    wake: database.notifications,
  });
  slotReminders.start();
  // Repairs (docs/life-in-the-cite.md#repairs): each late request told once to its agents, each
  // request resolved 7 days ago closed; claimed once across instances.
  const repairs = new PeriodicJob('repairs job', () => runRepairJob(db), {
    intervalMs: REPAIR_JOB_INTERVAL_MS,
    log,
  });
  repairs.start();
  // Resumable uploads (decision 019): expired ones removed, claimed once across instances.
  const uploads = new PeriodicJob('uploads job', () => runUploadCleanup(db, app.storage), {
    intervalMs: UPLOAD_JOB_INTERVAL_MS,
    log,
  });
  uploads.start();
  const purge = new PeriodicJob('rate counters purge', () => purgeExpiredCounters(db), {
    intervalMs: PURGE_JOB_INTERVAL_MS,
    firstDelayMs: PURGE_JOB_INTERVAL_MS,
    log,
  });
  purge.start();
  // USSD sessions (docs/ussd.md#a-session-cut-by-the-network): the rows past the resume window's use
  // removed here rather than at each new session; each instance runs it, a second finds nothing.
  const ussdPurge = new PeriodicJob('ussd sessions purge', () => purgeUssdSessions(db), {
    intervalMs: USSD_PURGE_INTERVAL_MS,
    firstDelayMs: USSD_PURGE_INTERVAL_MS,
    log,
  });
  ussdPurge.start();
  // Mobile money (docs/payments.md): payments pending for 30 minutes asked about again, claimed
  // once across instances; without a provider, the simulator's webhooks sent through their outbox.
  const pendingPayments = new PeriodicJob(
    'pending payments job',
    () => checkPendingPayments(db, app.payments),
    {
      intervalMs: PAYMENT_JOB_INTERVAL_MS,
      log,
    },
  );
  pendingPayments.start();
  app.paymentSimulator?.start();
  if (app.payments.simulation) log.warn(messages.consolePaiementsSimules);

  // A graceful stop (docs/operations.md#the-reference-deployment): the health answers 503 at once,
  // the instance keeps serving for SHUTDOWN_DRAIN_MS while the balancer takes it out, then closes
  // its port (the requests under way finish), lets a job under way finish its transaction, closes
  // the database and exits with 0. A second signal exits at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn(fill(messages.consoleArretImmediat, { signal }));
      process.exit(1);
    }
    closing = true;
    app.lifecycle.stopping = true;
    const drain = config.SHUTDOWN_DRAIN_MS;
    log.info(
      drain > 0
        ? fill(messages.consoleArretDrain, { signal, ms: drain })
        : fill(messages.consoleArretDemande, { signal }),
    );
    if (drain > 0) await new Promise((resolve) => setTimeout(resolve, drain));
    const force = setTimeout(() => process.exit(1), CLOSE_LIMIT_MS);
    force.unref();
    try {
      await Promise.all([
        app.close(),
        pulse.stop(),
        offers.stop(),
        slotReminders.stop(),
        repairs.stop(),
        uploads.stop(),
        purge.stop(),
        ussdPurge.stop(),
        pendingPayments.stop(),
        app.paymentSimulator?.stop(),
        worker.stop(),
        smsWorker.stop(),
        smsAnswers.stop(),
      ]);
      await database.close();
      log.info(messages.consoleArretTermine);
      process.exit(0);
    } catch (err) {
      log.error({ err }, messages.consoleArretIncomplet);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await pulse.stop();
    await offers.stop();
    await slotReminders.stop();
    await repairs.stop();
    await uploads.stop();
    await purge.stop();
    await ussdPurge.stop();
    await pendingPayments.stop();
    await app.paymentSimulator?.stop();
    await worker.stop();
    await smsWorker.stop();
    await smsAnswers.stop();
    await database.close();
    fail(
      fill(messages.consoleEcouteImpossible, {
        adresse: `${config.HOST}:${config.PORT}`,
        erreur: (err as Error).message,
      }),
    );
  }
  log.info(fill(messages.consolePret, { url: `http://${config.HOST}:${config.PORT}/` }));
}

void main();
