import { sql } from 'drizzle-orm';
import { ADMIN } from '../../../domain/enums';
import { one, type Db } from '../../db/client';

/** The key of the transaction-scoped advisory lock under which admin accounts lose their role. */
const ADMINS_LOCK = 7242020;

/**
 * Admin accounts lose their role (a delete, a change of role) one at a time: the lock is held until
 * the transaction ends, and whoever takes it next counts the admins again (READ COMMITTED: each
 * statement sees what was committed before it). Taken after the account's own row lock, and no row
 * lock is waited for while holding it, so it cannot deadlock with another write of accounts.
 */
export async function lockAdmins(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK}::bigint)`);
}

/** Whether a live admin account other than `id` exists. */
export async function otherAdminExists(tx: Db, id: number): Promise<boolean> {
  const row = await one(
    tx,
    sql`SELECT 1 FROM users WHERE role = ${ADMIN} AND deleted_at IS NULL AND id <> ${id} LIMIT 1`,
  );
  return row !== undefined;
}
