import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { buildApp, DEFAULT_WEB_DIR } from './app';
import { ensureFirstAdmin, isEmptyDatabase, loadJwtSecret } from './bootstrap';
import { MailWorker } from './mail/worker';
import { purgeExpiredCounters } from './security/rate-counter';
import { loadDemoData } from './seed/demo';
import { enumLabel } from '../domain/messages';

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
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await migrate(database.db);
  } catch (err) {
    fail(
      `Impossible d'ouvrir la base de données ${config.DATABASE_URL ? `(DATABASE_URL=${config.DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})` : `embarquée (${path.resolve(config.DATA_DIR)})`} : ${(err as Error).message}`,
    );
  }
  const { db } = database;

  const app = await buildApp({
    config,
    db,
    jwtSecret: loadJwtSecret(config),
    webDir: DEFAULT_WEB_DIR,
    logger: { level: config.LOG_LEVEL },
  });
  const log = app.log;

  const wasEmpty = await isEmptyDatabase(db);
  const admin = await ensureFirstAdmin(db, config);
  if (admin) {
    log.info(
      admin.password
        ? `Premier administrateur créé : identifiant « ${admin.userName} », mot de passe « ${admin.password} » (affiché une seule fois).`
        : `Premier administrateur créé : identifiant « ${admin.userName} » (mot de passe de ADMIN_PASSWORD).`,
    );
  }
  if (wasEmpty && config.DEMO_DATA !== false) {
    const accounts = await loadDemoData(db, { log });
    for (const a of accounts) {
      log.info(
        `Compte de démonstration (${enumLabel(a.role)}) : identifiant « ${a.userName} », mot de passe « ${a.password} » (affiché une seule fois).`,
      );
    }
  }

  const worker = new MailWorker({
    db,
    log,
    smtpUrl: config.SMTP_URL,
    mailDir: path.resolve(config.DATA_DIR, 'mail'),
    from: config.MAIL_FROM,
    intervalMs: config.MAIL_WORKER_INTERVAL_MS,
  });
  worker.start();
  const purge = setInterval(() => {
    purgeExpiredCounters(db).catch((err) => log.warn({ err }, 'purge of rate counters failed'));
  }, 10 * 60_000);
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} reçu : arrêt en cours (les requêtes en cours se terminent).`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      clearInterval(purge);
      await app.close();
      await worker.stop();
      await database.close();
      log.info('Arrêt terminé.');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'arrêt incomplet');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await worker.stop();
    await database.close();
    fail(`Impossible d'écouter sur ${config.HOST}:${config.PORT} : ${(err as Error).message}`);
  }
  log.info(`CENOU Hébergement prêt sur http://${config.HOST}:${config.PORT}/`);
}

void main();
