import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ADMIN } from '../domain/enums';
import type { Config } from './config/env';
import { one, type Db } from './db/client';
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
  const row = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  return (row?.n ?? 0) === 0;
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
  const direction = await one<{ id: number }>(
    db,
    sql`SELECT id_direction AS id FROM direction WHERE deleted_at IS NULL ORDER BY id_direction LIMIT 1`,
  );
  await db.execute(
    sql`INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
        VALUES (${direction?.id ?? null}, ${config.ADMIN_USERNAME}, 'Administrateur', 'CENOU', 'admin@cenou.bf', ${ADMIN},
                ${await hashPassword(password)})`,
  );
  return { userName: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD ? undefined : password };
}
