import { sql, type WithSubquery } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { insertInto } from '../db/bulk';
import { builtOnce, placeholderAs, type Db } from '../db/client';
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
  await insertAuditStatement(tx).execute({
    at: e.at,
    userId: e.userId,
    userName: e.userName,
    action: e.action,
    resource: e.resource,
    resourceId: e.resourceId,
    detail: e.detail,
  });
}

/** `insertAudit`'s statement (read through a CTE, the form a prepared statement takes), built once per connection. */
const insertAuditStatement = builtOnce((tx) => {
  const ins = tx.$with('ins', { one: sql<number>`one`.as('one') }).as(
    sql`${insertInto(a, [a.at, a.userId, a.userName, a.action, a.resource, a.resourceId, a.detail])}
        VALUES (coalesce(${placeholderAs('at', 'timestamptz')}, now()), ${placeholderAs('userId', 'int')}, ${placeholderAs('userName', 'text')},
                ${placeholderAs('action', 'text')}, ${placeholderAs('resource', 'text')}, ${placeholderAs('resourceId', 'text')}, ${placeholderAs('detail', 'jsonb')})
        RETURNING 1 AS one`,
  );
  return tx.with(ins).select({ one: ins.one }).from(ins).prepare('journal_ecrit');
});

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
  await auditInsertAfter(tx, with_, values);
}

/** `insertAuditAfter`'s statement, not run: for a caller that prepares it once (`builtOnce`). */
export function auditInsertAfter(tx: Db, with_: WithSubquery[], values: PgInsertValue<typeof a>) {
  return tx
    .with(...with_)
    .insert(a)
    .values(values);
}
