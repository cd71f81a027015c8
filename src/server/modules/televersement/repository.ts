import { and, eq, gt, gte, inArray, isNull, lte, not, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { builtOnce, placeholderAs, type Db } from '../../db/client';
import { televersement, televersementPartie, typeCritere } from '../../db/schema';

/**
 * The SQL of the resumable uploads (docs/decisions/019-resumable-uploads.md), the one writer of
 * `televersement` and `televersement_partie`, built over the schema's tables
 * (docs/decisions/043-typed-queries.md). Times cross the
 * driver as milliseconds since the epoch (PGlite and node-postgres read timestamps differently)
 * and go in as ISO texts: every "now" is the caller's, so that tests can move the clock.
 */

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (column: AnyPgColumn) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;
const t = televersement;

/** An upload's columns, with its times in milliseconds and its life as flags (aliased: a CTE reads them too). */
const COLUMNS = {
  idTeleversement: t.idTeleversement,
  idUser: t.idUser,
  idTypeCritere: t.idTypeCritere,
  usage: t.usage,
  nomFichier: t.nomFichier,
  metadonnees: t.metadonnees,
  longueur: t.longueur,
  decalage: t.decalage,
  /** The first bytes received, in hexadecimal. */
  entete: t.entete,
  jeton: t.jeton,
  jetonDepuisMs: sql<number | null>`${ms(t.jetonDepuis)}`.as('jetonDepuisMs'),
  expireMs: sql<number>`${ms(t.expireLe)}`.as('expireMs'),
  termine: sql<boolean>`${t.termineLe} IS NOT NULL`.as('termine'),
  utilise: sql<boolean>`${t.utiliseLe} IS NOT NULL`.as('utilise'),
};

/** What an upload is for: a proof of a dossier (PDF) or a photo of an inventory (JPEG, PNG). */
export type UploadUsage = (typeof t.$inferSelect)['usage'];

/** An upload as the service reads it. */
export type UploadRow = NonNullable<Awaited<ReturnType<typeof uploadOf>>>;

export async function uploadOf(db: Db, id: string) {
  const [row] = await db.select(COLUMNS).from(t).where(eq(t.idTeleversement, id));
  return row;
}

/** The upload locked until the end of the transaction (a deposit consuming it). */
export async function uploadForUpdate(tx: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await tx.select(COLUMNS).from(t).where(eq(t.idTeleversement, id)).for('update');
  return row;
}

/** The checks of a new proof or photo, built once per connection. */
const uploadChecksStatement = (proof: boolean, name: string) =>
  builtOnce((db) =>
    db
      .select({
        inProgress: sql<number>`(SELECT count(*)::int FROM ${t}
        WHERE ${t.idUser} = ${sql.placeholder('idUser')} AND ${t.utiliseLe} IS NULL
          AND ${t.expireLe} > ${sql.placeholder('now')}::timestamptz)`,
        typeExists: proof
          ? sql<boolean>`EXISTS (SELECT 1 FROM ${typeCritere}
              WHERE ${typeCritere.idTypeCritere} = ${sql.placeholder('idTypeCritere')}
                AND ${typeCritere.deletedAt} IS NULL)`
          : sql<boolean>`true`,
      })
      .from(sql`(SELECT 1) AS one`)
      .prepare(name),
  );
/** For a proof and for a photo: three times in a student's deposit. */
const uploadChecksStatements = {
  proof: uploadChecksStatement(true, 'televersement_verifications_justificatif'),
  photo: uploadChecksStatement(false, 'televersement_verifications_photo'),
};

/**
 * What a new upload is checked against, in one statement: how many of the student's uploads are
 * alive and not used by a deposit, and, for a proof, whether its criterion type exists (live).
 */
export async function uploadChecks(
  db: Db,
  idUser: number,
  now: Date,
  idTypeCritere: number | null,
): Promise<{ inProgress: number; typeExists: boolean }> {
  const [row] = await (idTypeCritere === null ? uploadChecksStatements.photo : uploadChecksStatements.proof)(
    db,
  ).execute({ idUser, now: now.toISOString(), idTypeCritere });
  return { inProgress: Number(row.inProgress), typeExists: row.typeExists };
}

/** Built once per connection: each proof of a deposit starts with it. */
const insertUploadStatement = builtOnce((db) =>
  db
    .insert(t)
    .values({
      idTeleversement: sql.placeholder('idTeleversement'),
      idUser: sql.placeholder('idUser'),
      idTypeCritere: sql.placeholder('idTypeCritere'),
      usage: sql.placeholder('usage'),
      nomFichier: sql.placeholder('nomFichier'),
      metadonnees: sql.placeholder('metadonnees'),
      longueur: sql.placeholder('longueur'),
      expireLe: placeholderAs('expire', 'timestamptz'),
    })
    .returning(COLUMNS)
    .prepare('televersement_cree'),
);

export async function insertUpload(
  db: Db,
  u: {
    idTeleversement: string;
    idUser: number;
    idTypeCritere: number | null;
    usage: UploadUsage;
    nomFichier: string;
    metadonnees: string;
    longueur: number;
    expire: Date;
  },
): Promise<UploadRow> {
  const [row] = await insertUploadStatement(db).execute({ ...u, expire: u.expire.toISOString() });
  return row;
}

/** The claim's three forms (any PATCH; one while free; one while free with bytes still to come), built once per connection. */
const claimStatement = (free: 'no' | 'free' | 'atLeast', name: string) =>
  builtOnce((db) =>
    db
      .update(t)
      .set({
        jeton: sql`${sql.placeholder('token')}`,
        jetonDepuis: placeholderAs('now', 'timestamptz'),
        expireLe: placeholderAs('expire', 'timestamptz'),
      })
      .where(
        and(
          eq(t.idTeleversement, sql.placeholder('id')),
          eq(t.idUser, sql.placeholder('idUser')),
          eq(t.decalage, sql.placeholder('offset')),
          isNull(t.utiliseLe),
          gt(t.expireLe, placeholderAs('now', 'timestamptz')),
          ...(free === 'no' ? [] : [isNull(t.jeton), gt(t.longueur, t.decalage)]),
          ...(free === 'atLeast'
            ? [gte(sql`${t.longueur} - ${t.decalage}`, sql.placeholder('atLeast'))]
            : []),
        ),
      )
      .returning(COLUMNS)
      .prepare(name),
  );
const claimStatements = {
  no: claimStatement('no', 'televersement_pris'),
  free: claimStatement('free', 'televersement_pris_libre'),
  atLeast: claimStatement('atLeast', 'televersement_pris_libre_octets'),
};

/**
 * A PATCH takes the upload at `offset`: its token replaces any other (an older PATCH still
 * receiving is superseded: its bytes will not count). Nothing when the upload moved on, is
 * another's, used or expired. `free`: only when no PATCH holds it and bytes are still to come
 * (at least `atLeast` when given): the PATCH's first statement in the common case, the row read
 * and the checks with their refusals otherwise.
 */
export async function claimUpload(
  db: Db,
  c: {
    id: string;
    idUser: number;
    offset: number;
    token: string;
    now: Date;
    expire: Date;
    free?: { atLeast: number | null };
  },
): Promise<UploadRow | undefined> {
  const form = !c.free ? 'no' : c.free.atLeast === null ? 'free' : 'atLeast';
  const [row] = await claimStatements[form](db).execute({
    id: c.id,
    idUser: c.idUser,
    offset: c.offset,
    token: c.token,
    now: c.now.toISOString(),
    expire: c.expire.toISOString(),
    atLeast: c.free?.atLeast ?? null,
  });
  return row;
}

/** The PATCH gives the upload back without bytes to count. */
export async function releaseUpload(db: Db, id: string, token: string): Promise<void> {
  await db
    .update(t)
    .set({ jeton: null, jetonDepuis: null })
    .where(and(eq(t.idTeleversement, id), eq(t.jeton, token)));
}

/**
 * Counts a PATCH's bytes, only if that PATCH still holds the upload at the offset it started
 * from (fenced by its token); the part row is written by the caller in the same transaction.
 */
export interface UploadAdvance {
  id: string;
  token: string;
  offset: number;
  size: number;
  entete: string;
  now: Date;
  expire: Date;
}

/**
 * A PATCH's bytes counted, fenced by its token and the offset it started from; its values are
 * placeholders (`advanceValues`): the statements below are built once per connection.
 */
const advance = (db: Db) =>
  db
    .update(t)
    .set({
      decalage: sql`${t.decalage} + ${sql.placeholder('size')}`,
      entete: sql`${sql.placeholder('entete')}`,
      expireLe: placeholderAs('expire', 'timestamptz'),
      jeton: null,
      jetonDepuis: null,
      termineLe: sql`CASE WHEN ${t.decalage} + ${sql.placeholder('size')} = ${t.longueur}
        THEN ${sql.placeholder('now')}::timestamptz END`,
    })
    .where(
      and(
        eq(t.idTeleversement, sql.placeholder('id')),
        eq(t.jeton, sql.placeholder('token')),
        eq(t.decalage, sql.placeholder('offset')),
      ),
    )
    .returning(COLUMNS);

const advanceValues = (a: UploadAdvance) => ({
  id: a.id,
  token: a.token,
  offset: a.offset,
  size: a.size,
  entete: a.entete,
  expire: a.expire.toISOString(),
  now: a.now.toISOString(),
});

const advanceStatement = builtOnce((db) => advance(db).prepare('televersement_avance'));

export async function advanceUpload(tx: Db, a: UploadAdvance): Promise<UploadRow | undefined> {
  const [row] = await advanceStatement(tx).execute({ ...advanceValues(a) });
  return row;
}

const advanceWithPartStatement = builtOnce((db) => {
  const advanced = db.$with('advanced').as(advance(db));
  const part = db.$with('part').as(
    db
      .insert(televersementPartie)
      .select(
        db
          .select({
            cle: sql<string>`${sql.placeholder('cle')}::text`.as('cle'),
            idTeleversement: advanced.idTeleversement,
            debut: sql<number>`${sql.placeholder('offset')}::int`.as('debut'),
            taille: sql<number>`${sql.placeholder('size')}::int`.as('taille'),
          })
          .from(advanced),
      )
      .returning({ cle: televersementPartie.cle }),
  );
  // A data-modifying WITH runs whether the query reads it or not.
  return db
    .with(advanced, part)
    .select(advanced._.selectedFields)
    .from(advanced)
    .prepare('televersement_avance_partie');
});

/**
 * `advanceUpload` and the part's row (`insertPart`) in one statement: the part is written only
 * when the upload advanced. For a PATCH whose outcome is known before it counts (not the last
 * bytes, or the last bytes of a proof whose first bytes say PDF), so that no transaction is needed.
 */
export async function advanceUploadWithPart(
  db: Db,
  a: UploadAdvance & { cle: string },
): Promise<UploadRow | undefined> {
  const [row] = await advanceWithPartStatement(db).execute({ ...advanceValues(a), cle: a.cle });
  return row;
}

/** A finished photo upload named by its bytes (`photoFileName`): its row as it now reads. */
export async function renameUpload(tx: Db, id: string, nomFichier: string): Promise<UploadRow | undefined> {
  const [row] = await tx.update(t).set({ nomFichier }).where(eq(t.idTeleversement, id)).returning(COLUMNS);
  return row;
}

export async function insertPart(
  tx: Db,
  p: { cle: string; idTeleversement: string; debut: number; taille: number },
): Promise<void> {
  await tx.insert(televersementPartie).values(p);
}

/** Deletes the upload and its part rows; returns the parts' storage keys (removed after the commit). */
export async function deleteUpload(tx: Db, id: string): Promise<string[]> {
  const keys = await tx
    .delete(televersementPartie)
    .where(eq(televersementPartie.idTeleversement, id))
    .returning({ cle: televersementPartie.cle });
  await tx.delete(t).where(eq(t.idTeleversement, id));
  return keys.map((k) => k.cle);
}

/** An upload with its parts' storage keys, in the order of their bytes. */
export type UploadWithParts = Awaited<ReturnType<typeof uploadsWithParts>>[number];

/** The uploads of these ids (those that exist), each with its parts' keys: one statement. */
export async function uploadsWithParts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const p = televersementPartie;
  // Nested, so that Drizzle keeps its columns qualified (a one-table select writes its own bare).
  const parts = sql`COALESCE((SELECT array_agg(${p.cle} ORDER BY ${p.debut}) FROM ${p}
    WHERE ${p.idTeleversement} = ${t.idTeleversement}), '{}')`;
  return db
    .select({ ...COLUMNS, parts: sql<string[]>`${parts}` })
    .from(t)
    .where(inArray(t.idTeleversement, ids));
}

/** `consumeUploadsSql`'s statement, the uploads as an array of ids, built once per connection. */
const consumeStatement = builtOnce((tx) => {
  const locked = tx.$with('locked').as(
    tx
      .select(COLUMNS)
      .from(t)
      .where(sql`${t.idTeleversement} = ANY(${placeholderAs('ids', 'text[]')})`)
      .orderBy(t.idTeleversement)
      .for('update'),
  );
  const used = tx.$with('used').as(
    tx
      .update(t)
      .set({ utiliseLe: placeholderAs('now', 'timestamptz') })
      .from(locked)
      .where(
        and(
          eq(t.idTeleversement, locked.idTeleversement),
          eq(locked.idUser, sql.placeholder('idUser')),
          not(locked.utilise),
        ),
      )
      .returning({ id: t.idTeleversement }),
  );
  const parts = tx.$with('parts').as(
    tx
      .delete(televersementPartie)
      .where(inArray(televersementPartie.idTeleversement, tx.select({ id: used.id }).from(used)))
      .returning({ cle: televersementPartie.cle }),
  );
  return tx
    .with(locked, used, parts)
    .select({
      ...locked._.selectedFields,
      marked: sql<boolean>`${locked.idTeleversement} IN (SELECT ${used.id} FROM ${used})`,
      keys: sql<string[] | null>`(SELECT array_agg(${parts.cle}) FROM ${parts})`,
    })
    .from(locked)
    .prepare('televersements_utilises');
});

/**
 * A deposit uses these uploads, in one statement: each is locked (`FOR UPDATE`: two deposits never
 * both use one; a deposit that waited reads the row as the other one left it), then those still
 * the actor's and unused are marked used and their part rows deleted. Returns every locked row as
 * it was when locked (the caller refuses the deposit, and so rolls this back, when one is not
 * usable), the ids marked used and the deleted parts' keys.
 */
export async function consumeUploadsSql(
  tx: Db,
  ids: string[],
  idUser: number,
  now: Date,
): Promise<{ found: UploadRow[]; used: Set<string>; keys: string[] }> {
  if (ids.length === 0) return { found: [], used: new Set(), keys: [] };
  const rows = await consumeStatement(tx).execute({ ids, idUser, now: now.toISOString() });
  return {
    found: rows.map(({ marked: _m, keys: _k, ...row }) => row),
    used: new Set(rows.filter((r) => r.marked).map((r) => r.idTeleversement)),
    keys: rows[0]?.keys ?? [],
  };
}

/**
 * Claims expired uploads for removal (`FOR UPDATE SKIP LOCKED`: an instance never waits for
 * another, and never takes the same row), deletes them with their part rows, and returns the
 * parts' keys. In the caller's transaction.
 */
export async function deleteExpired(
  tx: Db,
  now: Date,
  limit: number,
): Promise<{ ids: number; keys: string[] }> {
  const claimed = await tx
    .select({ id: t.idTeleversement })
    .from(t)
    .where(lte(t.expireLe, at(now)))
    .orderBy(t.expireLe)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (claimed.length === 0) return { ids: 0, keys: [] };
  const ids = claimed.map((c) => c.id);
  const keys = await tx
    .delete(televersementPartie)
    .where(inArray(televersementPartie.idTeleversement, ids))
    .returning({ cle: televersementPartie.cle });
  await tx.delete(t).where(inArray(t.idTeleversement, ids));
  return { ids: ids.length, keys: keys.map((k) => k.cle) };
}

/** Which of these storage keys a part row names. */
export async function namedParts(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await db
    .select({ cle: televersementPartie.cle })
    .from(televersementPartie)
    .where(inArray(televersementPartie.cle, keys));
  return new Set(found.map((f) => f.cle));
}
