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
