/**
 * The USSD sessions (docs/ussd.md): the one writer of `ussd_session`. Every statement is built over
 * the schema's table (docs/decisions/043-typed-queries.md). The gateway's statements are built once
 * per database object and prepared by name: on PostgreSQL each connection parses and plans them
 * once, and the server does not build their text again at each request
 * (docs/decisions/079-ussd-one-row-a-screen.md).
 */
import { and, desc, eq, getTableColumns, isNull, lt, ne, sql } from 'drizzle-orm';
import { builtOnce, type Db } from '../../db/client';
import { ussdSession, users } from '../../db/schema';

const since = (minutes: number | ReturnType<typeof sql.placeholder>) =>
  sql`now() - make_interval(mins => ${minutes})`;

const sessionOf = builtOnce((db) =>
  db
    .select({
      ...getTableColumns(ussdSession),
      userName: users.userName,
      idDirection: users.idDirection,
    })
    .from(ussdSession)
    .leftJoin(users, and(eq(users.id, ussdSession.idUser), isNull(users.deletedAt)))
    .where(eq(ussdSession.idSession, sql.placeholder('idSession')))
    .prepare('ussd_session_lue'),
);

/**
 * A session by the operator's id, with its student's account (`userName` and `idDirection` null
 * when the row names none, or an account deleted since).
 */
export async function ussdSessionOf(db: Db, idSession: string) {
  const [row] = await sessionOf(db).execute({ idSession });
  return row;
}

export type UssdSessionRow = typeof ussdSession.$inferSelect;

const latestOther = builtOnce((db) =>
  db
    .select({
      ...getTableColumns(ussdSession),
      recent: sql<boolean>`${ussdSession.updatedAt} > ${since(sql.placeholder('minutes'))}`,
    })
    .from(ussdSession)
    .where(
      and(
        eq(ussdSession.telephone, sql.placeholder('telephone')),
        ne(ussdSession.idSession, sql.placeholder('idSession')),
      ),
    )
    .orderBy(desc(ussdSession.updatedAt))
    .limit(1)
    .prepare('ussd_session_coupee'),
);

/**
 * The phone's latest other session, when it was still open (no END sent) and answered less than
 * `minutes` ago: a session the network cut. One statement.
 */
export async function cutSessionOf(
  db: Db,
  telephone: string,
  idSession: string,
  minutes: number,
): Promise<UssdSessionRow | undefined> {
  const [row] = await latestOther(db).execute({ telephone, idSession, minutes });
  if (!row || row.terminee || !row.recent) return undefined;
  const { recent: _recent, ...session } = row;
  return session;
}

const upsert = builtOnce((db) =>
  db
    .insert(ussdSession)
    .values({
      idSession: sql.placeholder('idSession'),
      telephone: sql.placeholder('telephone'),
      idUser: sql.placeholder('idUser'),
      etat: sql.placeholder('etat'),
      reprise: sql.placeholder('reprise'),
    })
    // Another request of the same id may have made the row first: that row is answered, unchanged.
    .onConflictDoUpdate({ target: ussdSession.idSession, set: { idSession: sql`excluded.id_session` } })
    .returning()
    .prepare('ussd_session_ouverte'),
);

/** A new session (the first request of its id); the row as stored (another request may have made it first). */
export async function insertUssdSession(
  db: Db,
  row: { idSession: string; telephone: string; idUser: number; etat: string; reprise: string | null },
): Promise<UssdSessionRow> {
  const [stored] = await upsert(db).execute({ ...row });
  return stored;
}

const update = builtOnce((db) =>
  db
    .update(ussdSession)
    .set({
      etat: sql`${sql.placeholder('etat')}`,
      terminee: sql`${sql.placeholder('terminee')}`,
      updatedAt: sql`now()`,
    })
    .where(eq(ussdSession.idSession, sql.placeholder('idSession')))
    .prepare('ussd_session_avancee'),
);

/** Where a session stands after its request; `terminee` once an END was sent. */
export async function updateUssdSession(
  db: Db,
  idSession: string,
  change: { etat: string; terminee: boolean },
): Promise<void> {
  await update(db).execute({ idSession, ...change });
}

const advance = builtOnce((db) =>
  db
    .update(ussdSession)
    .set({
      etat: sql`${sql.placeholder('etat')}`,
      terminee: sql`${sql.placeholder('terminee')}`,
      updatedAt: sql`now()`,
    })
    .from(users)
    .where(
      and(
        eq(ussdSession.idSession, sql.placeholder('idSession')),
        eq(ussdSession.telephone, sql.placeholder('telephone')),
        eq(ussdSession.terminee, false),
        isNull(ussdSession.reprise),
        eq(users.id, ussdSession.idUser),
        isNull(users.deletedAt),
      ),
    )
    .returning({ idUser: users.id, userName: users.userName, idDirection: users.idDirection })
    .prepare('ussd_session_suivie'),
);

/**
 * A later request whose step the inputs alone tell: the session's row moved to it, in one
 * statement, when the row is this phone's, still open, did not begin by offering to resume, and
 * names a live account; that account, or undefined (nothing written: the request reads the row).
 */
export async function advanceUssdSession(
  db: Db,
  step: { idSession: string; telephone: string; etat: string; terminee: boolean },
): Promise<{ idUser: number; userName: string; idDirection: number | null } | undefined> {
  const [row] = await advance(db).execute({ ...step });
  return row;
}

/** Deletes the sessions answered more than `minutes` ago (no operator keeps one that long). */
export async function deleteOldUssdSessions(db: Db, minutes: number): Promise<void> {
  await db.delete(ussdSession).where(lt(ussdSession.updatedAt, since(minutes)));
}
