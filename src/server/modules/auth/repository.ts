import { sql } from 'drizzle-orm';
import { one, type Db } from '../../db/client';

export interface AccountRow {
  id: number;
  userName: string;
  nom: string;
  prenom: string;
  email: string;
  role: string;
  idDirection: number | null;
  libelleDirection: string | null;
  passwordHash: string;
  tokenVersion: number;
}

const select = sql`SELECT u.id, u.user_name AS "userName", u.nom, u.prenom, u.email, u.role,
  u.id_direction AS "idDirection", d.libelle_direction AS "libelleDirection",
  u.password_hash AS "passwordHash", u.token_version AS "tokenVersion"
  FROM users u LEFT JOIN direction d ON d.id_direction = u.id_direction`;

export function findAccountByUserName(db: Db, userName: string) {
  return one<AccountRow>(
    db,
    sql`${select} WHERE lower(u.user_name) = lower(${userName}) AND u.deleted_at IS NULL`,
  );
}

export function findAccountById(db: Db, id: number) {
  return one<AccountRow>(db, sql`${select} WHERE u.id = ${id} AND u.deleted_at IS NULL`);
}

/** Sets a new password hash and raises the token version: older tokens stop working. */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<number> {
  const row = await one<{ tokenVersion: number }>(
    db,
    sql`UPDATE users SET password_hash = ${passwordHash}, token_version = token_version + 1, updated_at = now()
        WHERE id = ${id} AND deleted_at IS NULL RETURNING token_version AS "tokenVersion"`,
  );
  return row?.tokenVersion ?? 0;
}

// ---------------------------------------------------------------- verification codes

/** The purposes of a code (`code_verification.purpose`). */
export type CodePurpose = 'MOT_DE_PASSE' | 'TELEPHONE';

/** Revokes the account's live codes of this purpose (a new one was asked for, or one served). */
export async function revokeCodes(db: Db, idUser: number, purpose: CodePurpose): Promise<void> {
  await db.execute(
    sql`UPDATE code_verification SET revoked_at = now()
        WHERE id_user = ${idUser} AND purpose = ${purpose} AND used_at IS NULL AND revoked_at IS NULL`,
  );
}

export async function insertCode(
  db: Db,
  code: {
    idUser: number;
    purpose: CodePurpose;
    codeHash: string;
    minutes: number;
    telephone?: string | null;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO code_verification (id_user, purpose, telephone, code_hash, expires_at)
        VALUES (${code.idUser}, ${code.purpose}, ${code.telephone ?? null}, ${code.codeHash},
                now() + make_interval(mins => ${code.minutes}))`,
  );
}

/**
 * Counts one try on the account's live code of this purpose (not used, not revoked, not expired,
 * fewer than `maxTries` tries so far) and returns it; none such: undefined. One statement, so that
 * tries made at once are all counted.
 */
export function spendCodeTry(db: Db, idUser: number, purpose: CodePurpose, maxTries: number) {
  return one<{ id: number; codeHash: string; telephone: string | null }>(
    db,
    sql`UPDATE code_verification SET tries = tries + 1
        WHERE id = (SELECT id FROM code_verification
                    WHERE id_user = ${idUser} AND purpose = ${purpose} AND used_at IS NULL
                      AND revoked_at IS NULL AND expires_at > now()
                    ORDER BY id DESC LIMIT 1)
          AND tries < ${maxTries} AND used_at IS NULL AND revoked_at IS NULL
        RETURNING id, code_hash AS "codeHash", telephone`,
  );
}

/** Marks the code used, once: false when another call used or revoked it first. */
export async function useCode(db: Db, id: number): Promise<boolean> {
  const row = await one<{ id: number }>(
    db,
    sql`UPDATE code_verification SET used_at = now()
        WHERE id = ${id} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
  );
  return row !== undefined;
}
