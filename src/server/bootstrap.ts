import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ADMIN } from '../domain/enums';
import type { Config } from './config/env';
import { one, type Database, type Db } from './db/client';
import { hasAccounts, insertAccount } from './modules/accounts/repository';
import { hashPassword, generatePassword } from './security/passwords';

/** JWT_SECRET, or a random secret generated once and kept in DATA_DIR (README.md). */
export function loadJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export async function isEmptyDatabase(db: Db): Promise<boolean> {
  return !(await hasAccounts(db));
}

/**
 * Creates the first admin on an empty database (ADMIN_USERNAME / ADMIN_PASSWORD); with no password
 * given, one is generated and returned so that it can be printed once.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Config,
): Promise<{ userName: string; password?: string } | null> {
  if (!(await isEmptyDatabase(db))) return null;
  const password = config.ADMIN_PASSWORD ?? generatePassword(16);
  // The admin belongs to no direction (docs/roles.md).
  await insertAccount(db, {
    idDirection: null,
    userName: config.ADMIN_USERNAME,
    nom: 'Administrateur',
    prenom: 'CENOU',
    email: 'admin@cenou.bf',
    role: ADMIN,
    passwordHash: await hashPassword(password),
  });
  return { userName: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD ? undefined : password };
}

/** The key of the lock under which one instance at a time fills an empty database. */
const BOOTSTRAP_LOCK = 7242002;

/**
 * Runs `fill` (the first admin, the demo data) while holding a transaction-scoped advisory lock,
 * on PostgreSQL: instances started together on an empty database fill it one at a time, and the
 * next one finds it filled. The lock's transaction writes nothing and waits without a statement
 * timeout; `fill` writes through other connections of the pool (so the pool has two at least).
 * `waiting` is called when another instance holds the lock. PGlite has one process: no lock.
 */
export async function underBootstrapLock<T>(
  database: Pick<Database, 'db' | 'kind'>,
  fill: () => Promise<T>,
  waiting?: () => void,
): Promise<T> {
  if (database.kind !== 'pg') return fill();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    // An advisory lock: nothing of the schema to type; its one column read as it comes.
    const free = await one(tx, sql`SELECT pg_try_advisory_xact_lock(${BOOTSTRAP_LOCK}) AS ok`);
    if (free?.ok !== true) {
      waiting?.();
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    }
    return fill();
  });
}
