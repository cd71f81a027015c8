import { sql, type WithSubquery } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { insertInto } from '../db/bulk';
import type { Db } from '../db/client';
import { auditLog as a } from '../db/schema';

/**
 * The audit log's one writer (docs/decisions/122-one-writer-per-table.md): every entry is inserted
 * here, in the caller's transaction; `record.ts` builds the entries (who acted, the detail without
 * secrets) and the changes of other modules call it. Table and columns are named from the schema,
 * so a column renamed there fails to compile here.
 */

type Entry = typeof a.$inferSelect;

/**
 * An entry as it is stored, its columns typed as the schema's (the action one of its values), but
 * the moment as ISO text (null: now) and the detail already without secrets, as JSON text.
 */
export type StoredAudit = Pick<Entry, 'userId' | 'userName' | 'action' | 'resource' | 'resourceId'> & {
  at: string | null;
  detail: string | null;
};

/** One entry; `at` null: now. */
export async function insertAudit(tx: Db, e: StoredAudit): Promise<void> {
  await tx.execute(
    sql`${insertInto(a, [a.at, a.userId, a.userName, a.action, a.resource, a.resourceId, a.detail])}
        VALUES (coalesce(${e.at}::timestamptz, now()), ${e.userId},
                ${e.userName}, ${e.action}, ${e.resource},
                ${e.resourceId}, ${e.detail}::jsonb)`,
  );
}

/**
 * Several entries of one author at the same instant in one statement: `list` is the JSON array of
 * `{action, resource, resourceId, detail}`.
 */
export async function insertAudits(
  tx: Db,
  author: { userId: number | null; userName: string | null },
  list: string,
): Promise<void> {
  await tx.execute(
    sql`${insertInto(a, [a.userId, a.userName, a.action, a.resource, a.resourceId, a.detail])}
        SELECT ${author.userId}::int, ${author.userName}::text, x.action, x.resource, x."resourceId", x.detail
        FROM jsonb_to_recordset(${list}::jsonb)
          AS x(action text, resource text, "resourceId" text, detail jsonb)`,
  );
}

/**
 * Entries each with its own author and time, in one statement, in the order of their times: `list`
 * is the JSON array of `{at, userId, userName, action, resource, resourceId, detail}`.
 */
export async function insertPastAudits(tx: Db, list: string): Promise<void> {
  await tx.execute(
    sql`${insertInto(a, [a.at, a.userId, a.userName, a.action, a.resource, a.resourceId, a.detail])}
        SELECT x.at, x."userId", x."userName", x.action, x.resource, x."resourceId", x.detail
        FROM jsonb_to_recordset(${list}::jsonb)
          AS x(at timestamptz, "userId" int, "userName" text, action text, resource text, "resourceId" text, detail jsonb)
        ORDER BY x.at`,
  );
}

/**
 * One entry written by the statement of a change, after the change's CTEs (`with`), whose values
 * may read them: the dossier's deposit and edit write the dossier, its history's event and this
 * entry in one statement (modules/dossier/repository.ts, `writeWithEvent`).
 */
export async function insertAuditAfter(
  tx: Db,
  with_: WithSubquery[],
  values: PgInsertValue<typeof a>,
): Promise<void> {
  await tx
    .with(...with_)
    .insert(a)
    .values(values);
}
