import { sql } from 'drizzle-orm';
import { one, rows, type Db } from '../../db/client';

/**
 * The SQL of the resumable uploads (docs/decisions/019-resumable-uploads.md). Times cross the
 * driver as milliseconds since the epoch (PGlite and node-postgres read timestamps differently)
 * and go in as ISO texts: every "now" is the caller's, so that tests can move the clock.
 */

export interface UploadRow {
  idTeleversement: string;
  idUser: number;
  idTypeCritere: number;
  nomFichier: string;
  metadonnees: string;
  longueur: number;
  decalage: number;
  /** The first bytes received, in hexadecimal. */
  entete: string;
  jeton: string | null;
  jetonDepuisMs: number | null;
  expireMs: number;
  termine: boolean;
  utilise: boolean;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
const ms = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

const COLUMNS = sql`id_televersement AS "idTeleversement", id_user AS "idUser",
  id_type_critere AS "idTypeCritere", nom_fichier AS "nomFichier", metadonnees, longueur, decalage, entete,
  jeton, ${ms('jeton_depuis')} AS "jetonDepuisMs", ${ms('expire_le')} AS "expireMs",
  termine_le IS NOT NULL AS termine, utilise_le IS NOT NULL AS utilise`;

export async function uploadOf(db: Db, id: string): Promise<UploadRow | undefined> {
  return one<UploadRow>(db, sql`SELECT ${COLUMNS} FROM televersement WHERE id_televersement = ${id}`);
}

/** The upload locked until the end of the transaction (a deposit consuming it). */
export async function uploadForUpdate(tx: Db, id: string): Promise<UploadRow | undefined> {
  return one<UploadRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM televersement WHERE id_televersement = ${id} FOR UPDATE`,
  );
}

/** The student's uploads still alive and not used by a deposit. */
export async function uploadsInProgress(db: Db, idUser: number, now: Date): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM televersement
        WHERE id_user = ${idUser} AND utilise_le IS NULL AND expire_le > ${at(now)}`,
  );
  return row?.n ?? 0;
}

/** Whether the criterion type exists (live). */
export async function typeCritereExists(db: Db, idTypeCritere: number): Promise<boolean> {
  const row = await one<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM type_critere WHERE id_type_critere = ${idTypeCritere} AND deleted_at IS NULL`,
  );
  return row !== undefined;
}

export async function insertUpload(
  db: Db,
  u: {
    idTeleversement: string;
    idUser: number;
    idTypeCritere: number;
    nomFichier: string;
    metadonnees: string;
    longueur: number;
    expire: Date;
  },
): Promise<UploadRow> {
  return (await one<UploadRow>(
    db,
    sql`INSERT INTO televersement (id_televersement, id_user, id_type_critere, nom_fichier, metadonnees,
          longueur, expire_le)
        VALUES (${u.idTeleversement}, ${u.idUser}, ${u.idTypeCritere}, ${u.nomFichier}, ${u.metadonnees},
          ${u.longueur}, ${at(u.expire)})
        RETURNING ${COLUMNS}`,
  ))!;
}

/**
 * A PATCH takes the upload at `offset`: its token replaces any other (an older PATCH still
 * receiving is superseded: its bytes will not count). Nothing when the upload moved on, is
 * another's, used or expired.
 */
export async function claimUpload(
  db: Db,
  c: { id: string; idUser: number; offset: number; token: string; now: Date; expire: Date },
): Promise<UploadRow | undefined> {
  return one<UploadRow>(
    db,
    sql`UPDATE televersement SET jeton = ${c.token}, jeton_depuis = ${at(c.now)}, expire_le = ${at(c.expire)}
        WHERE id_televersement = ${c.id} AND id_user = ${c.idUser} AND decalage = ${c.offset}
          AND utilise_le IS NULL AND expire_le > ${at(c.now)}
        RETURNING ${COLUMNS}`,
  );
}

/** The PATCH gives the upload back without bytes to count. */
export async function releaseUpload(db: Db, id: string, token: string): Promise<void> {
  await db.execute(
    sql`UPDATE televersement SET jeton = NULL, jeton_depuis = NULL
        WHERE id_televersement = ${id} AND jeton = ${token}`,
  );
}

/**
 * Counts a PATCH's bytes, only if that PATCH still holds the upload at the offset it started
 * from (fenced by its token); the part row is written by the caller in the same transaction.
 */
export async function advanceUpload(
  tx: Db,
  a: { id: string; token: string; offset: number; size: number; entete: string; now: Date; expire: Date },
): Promise<UploadRow | undefined> {
  return one<UploadRow>(
    tx,
    sql`UPDATE televersement SET decalage = decalage + ${a.size}, entete = ${a.entete},
          expire_le = ${at(a.expire)}, jeton = NULL, jeton_depuis = NULL,
          termine_le = CASE WHEN decalage + ${a.size} = longueur THEN ${at(a.now)} END
        WHERE id_televersement = ${a.id} AND jeton = ${a.token} AND decalage = ${a.offset}
        RETURNING ${COLUMNS}`,
  );
}

export async function insertPart(
  tx: Db,
  p: { cle: string; idTeleversement: string; debut: number; taille: number },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO televersement_partie (cle, id_televersement, debut, taille)
        VALUES (${p.cle}, ${p.idTeleversement}, ${p.debut}, ${p.taille})`,
  );
}

/** Deletes the upload and its part rows; returns the parts' storage keys (removed after the commit). */
export async function deleteUpload(tx: Db, id: string): Promise<string[]> {
  const keys = await rows<{ cle: string }>(
    tx,
    sql`DELETE FROM televersement_partie WHERE id_televersement = ${id} RETURNING cle`,
  );
  await tx.execute(sql`DELETE FROM televersement WHERE id_televersement = ${id}`);
  return keys.map((k) => k.cle);
}

/** An upload with its parts' storage keys, in the order of their bytes. */
export interface UploadWithParts extends UploadRow {
  parts: string[];
}

/** The uploads of these ids (those that exist), each with its parts' keys: one statement. */
export async function uploadsWithParts(db: Db, ids: string[]): Promise<UploadWithParts[]> {
  if (ids.length === 0) return [];
  return rows<UploadWithParts>(
    db,
    sql`SELECT ${COLUMNS},
          COALESCE((SELECT array_agg(p.cle ORDER BY p.debut) FROM televersement_partie p
                    WHERE p.id_televersement = u.id_televersement), '{}') AS parts
        FROM televersement u WHERE id_televersement IN ${list(ids)}`,
  );
}

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
  const row = await one<{ found: UploadRow[] | null; used: string[] | null; keys: string[] | null }>(
    tx,
    sql`WITH locked AS (
          SELECT ${COLUMNS} FROM televersement WHERE id_televersement IN ${list(ids)}
          ORDER BY id_televersement FOR UPDATE
        ), used AS (
          UPDATE televersement t SET utilise_le = ${at(now)}
          FROM locked l
          WHERE t.id_televersement = l."idTeleversement" AND l."idUser" = ${idUser} AND NOT l.utilise
          RETURNING t.id_televersement
        ), parts AS (
          DELETE FROM televersement_partie p USING used
          WHERE p.id_televersement = used.id_televersement RETURNING p.cle
        )
        SELECT (SELECT json_agg(locked) FROM locked) AS found,
          (SELECT array_agg(id_televersement) FROM used) AS used, (SELECT array_agg(cle) FROM parts) AS keys`,
  );
  return { found: row?.found ?? [], used: new Set(row?.used ?? []), keys: row?.keys ?? [] };
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
  const claimed = await rows<{ id: string }>(
    tx,
    sql`SELECT id_televersement AS id FROM televersement WHERE expire_le <= ${at(now)}
        ORDER BY expire_le LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  if (claimed.length === 0) return { ids: 0, keys: [] };
  const ids = claimed.map((c) => c.id);
  const keys = await rows<{ cle: string }>(
    tx,
    sql`DELETE FROM televersement_partie WHERE id_televersement IN ${list(ids)} RETURNING cle`,
  );
  await tx.execute(sql`DELETE FROM televersement WHERE id_televersement IN ${list(ids)}`);
  return { ids: ids.length, keys: keys.map((k) => k.cle) };
}

/** Which of these storage keys a part row names. */
export async function namedParts(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await rows<{ cle: string }>(
    db,
    sql`SELECT cle FROM televersement_partie WHERE cle IN ${list(keys)}`,
  );
  return new Set(found.map((f) => f.cle));
}
