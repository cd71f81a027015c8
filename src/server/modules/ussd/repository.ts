/**
 * The USSD sessions (docs/ussd.md): the one writer of `ussd_session`. Every statement is built over
 * the schema's table (docs/decisions/043-typed-queries.md).
 */
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ussdSession } from '../../db/schema';

export type UssdSessionRow = typeof ussdSession.$inferSelect;

const since = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;

/** A session by the operator's id. */
export async function ussdSessionOf(db: Db, idSession: string): Promise<UssdSessionRow | undefined> {
  const [row] = await db.select().from(ussdSession).where(eq(ussdSession.idSession, idSession));
  return row;
}

/**
 * The phone's latest other session, when it was still open (no END sent) and answered less than
 * `minutes` ago: a session the network cut.
 */
export async function cutSessionOf(
  db: Db,
  telephone: string,
  idSession: string,
  minutes: number,
): Promise<UssdSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(ussdSession)
    .where(and(eq(ussdSession.telephone, telephone), ne(ussdSession.idSession, idSession)))
    .orderBy(desc(ussdSession.updatedAt))
    .limit(1);
  if (!row || row.terminee) return undefined;
  const [recent] = await db
    .select({ id: ussdSession.idSession })
    .from(ussdSession)
    .where(and(eq(ussdSession.idSession, row.idSession), gt(ussdSession.updatedAt, since(minutes))));
  return recent ? row : undefined;
}

/** A new session (the first request of its id); the row as stored (another request may have made it first). */
export async function insertUssdSession(
  db: Db,
  row: { idSession: string; telephone: string; etat: string; reprise: string | null },
): Promise<UssdSessionRow> {
  await db.insert(ussdSession).values(row).onConflictDoNothing({ target: ussdSession.idSession });
  return (await ussdSessionOf(db, row.idSession))!;
}

/** Where a session stands after its request; `terminee` once an END was sent. */
export async function updateUssdSession(
  db: Db,
  idSession: string,
  change: { etat: string; terminee: boolean },
): Promise<void> {
  await db
    .update(ussdSession)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(ussdSession.idSession, idSession));
}

/** Deletes the sessions answered more than `minutes` ago (no operator keeps one that long). */
export async function deleteOldUssdSessions(db: Db, minutes: number): Promise<void> {
  await db.delete(ussdSession).where(lt(ussdSession.updatedAt, since(minutes)));
}
