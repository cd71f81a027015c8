import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { hasPdfMagic, hasPdfName, photoFileName, safeDisplayName } from '../../../domain/proof';
import {
  PDF_MAX_BYTES,
  PHOTO_MAX_BYTES,
  UPLOAD_EXPIRY_HOURS,
  UPLOADS_IN_PROGRESS_MAX,
} from '../../../domain/limits';
import { messages, type MessageKey } from '../../../domain/messages';
import { ID_MAX } from '../../../domain/schemas/common';
import { scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../errors';
import { StoredTooLarge, type DocumentStorage } from '../../files/storage';
import {
  advanceUpload,
  advanceUploadWithPart,
  claimUpload,
  deleteUpload,
  insertPart,
  insertUpload,
  consumeUploadsSql,
  releaseUpload,
  renameUpload,
  uploadChecks,
  uploadForUpdate,
  uploadOf,
  uploadsWithParts,
  type UploadRow,
  type UploadUsage,
  type UploadWithParts,
} from './repository';

/**
 * Resumable proof uploads (tus 1.0.0: core, creation, termination, expiration;
 * docs/decisions/019-resumable-uploads.md). The state lives in the database (`televersement`),
 * the bytes in the storage interface: each PATCH streams its bytes into a part of its own
 * (`televersement/<uuid>`), counted once the request ends, even when the student's link dropped
 * half-way (the bytes received stay: the client resumes from there). A PATCH holds the upload by a
 * token; a newer PATCH takes it over and the older one's bytes are then dropped, so that two
 * requests never both count, on any instance. Nothing is kept in an instance's memory.
 */

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,termination,expiration';
/** The storage prefix of the parts. */
export const UPLOAD_PREFIX = 'televersement';
const EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 3_600_000;
/** The ids this module makes (randomBytes(16) in hexadecimal); any other is unknown. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** How long a HEAD or a PATCH waits for a PATCH still receiving to count its bytes. */
const PATCH_WAIT_MS = 3000;
/** A PATCH holding the upload for longer than this is not waited for (its process may be gone). */
const PATCH_STALE_MS = 10 * 60_000;
/** How many bytes of the start are kept for the `%PDF-` check. */
const HEAD_BYTES = 16;

export interface UploadState {
  id: string;
  idTypeCritere: number | null;
  usage: UploadUsage;
  nomFichier: string;
  metadonnees: string;
  longueur: number;
  decalage: number;
  expire: Date;
}

const stateOf = (row: UploadRow): UploadState => ({
  id: row.idTeleversement,
  idTypeCritere: row.idTypeCritere,
  usage: row.usage,
  nomFichier: row.nomFichier,
  metadonnees: row.metadonnees,
  longueur: row.longueur,
  decalage: row.decalage,
  expire: new Date(row.expireMs),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The headers of a request, as the service reads them (lower-case names). */
type TusHeaders = Record<string, string | string[] | undefined>;

const header = (headers: TusHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * `Tus-Resumable` must say 1.0.0: missing → 400 naming it; another version → 412 (the route adds
 * `Tus-Version`).
 */
function checkTusVersion(headers: TusHeaders): void {
  const v = header(headers, 'tus-resumable');
  if (v === undefined || v.trim() === '') throw fieldError('Tus-Resumable');
  if (v.trim() !== TUS_VERSION) throw new AppError('VERSION_NON_PRISE_EN_CHARGE', 'televersementVersion');
}

/** A non-negative decimal integer header (no sign, no exponent), or null. */
function integerHeader(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * `Upload-Metadata` as tus writes it: `key base64value` pairs separated by commas, keys unique
 * and without spaces or commas; a value may be absent. Null when malformed.
 */
function parseMetadata(raw: string): Map<string, string | null> | null {
  const out = new Map<string, string | null>();
  for (const pair of raw.split(',')) {
    const parts = pair.trim().split(' ');
    const [key, value] = parts;
    if (!key || parts.length > 2 || out.has(key) || !/^[\x21-\x2b\x2d-\x7e]+$/.test(key)) return null;
    if (value !== undefined && (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value))) return null;
    out.set(key, value === undefined ? null : Buffer.from(value, 'base64').toString('utf8'));
  }
  return out;
}

const isUploadId = (id: string) => UPLOAD_ID.test(id);
const expired = (row: UploadRow, now: Date) => row.expireMs <= now.getTime();

/** The upload if it is the actor's, alive and not yet used by a deposit; 404 otherwise. */
function ownLive(row: UploadRow | undefined, actor: Actor, now: Date): UploadRow {
  if (!row || row.idUser !== actor.id || expired(row, now) || row.utilise) throw notFound();
  return row;
}

/** Waits (a little) for a PATCH still receiving the upload to count its bytes; the row as it then is. */
async function settled(db: Db, row: UploadRow | undefined, now: Date): Promise<UploadRow | undefined> {
  let current = row;
  const deadline = Date.now() + PATCH_WAIT_MS;
  while (
    current?.jeton &&
    current.jetonDepuisMs !== null &&
    now.getTime() - current.jetonDepuisMs < PATCH_STALE_MS &&
    Date.now() < deadline
  ) {
    await sleep(50);
    current = await uploadOf(db, current.idTeleversement);
  }
  return current;
}

/**
 * `POST televersement`: a new upload of `Upload-Length` bytes (1 to PDF_MAX_BYTES; more: 413,
 * nothing stored), named by `Upload-Metadata` (`filename` ending in `.pdf`, else 415; an
 * existing `idTypeCritere`). A student has at most UPLOADS_IN_PROGRESS_MAX uploads not yet used.
 */
export async function createUpload(
  db: Db,
  actor: Actor,
  input: { headers: TusHeaders; now?: Date },
): Promise<UploadState> {
  scopeFor(actor, 'upload');
  const now = input.now ?? new Date();
  checkTusVersion(input.headers);
  if (header(input.headers, 'upload-defer-length') !== undefined) throw fieldError('Upload-Length');
  const lengthHeader = header(input.headers, 'upload-length');
  if (lengthHeader === undefined) throw fieldError('Upload-Length');
  const longueur = integerHeader(lengthHeader);
  if (longueur === null || longueur < 1) throw fieldError('Upload-Length', 'valeurInvalide');

  const metadonnees = header(input.headers, 'upload-metadata') ?? '';
  if (metadonnees.trim() === '') throw fieldError('Upload-Metadata');
  const meta = parseMetadata(metadonnees);
  if (!meta) throw fieldError('Upload-Metadata', 'valeurInvalide');
  const usageText = meta.get('usage') ?? 'justificatif';
  if (usageText !== 'justificatif' && usageText !== 'photo')
    throw fieldError('Upload-Metadata.usage', 'valeurInvalide');
  const usage: UploadUsage = usageText;
  // A proof is a student's deposit; a photo of an inventory, a resident's or an agent's.
  scopeFor(actor, usage === 'photo' ? 'photo.upload' : 'dossier.deposit');
  if (longueur > (usage === 'photo' ? PHOTO_MAX_BYTES : PDF_MAX_BYTES))
    throw new AppError('FICHIER_TROP_GRAND', usage === 'photo' ? 'photoTropGrande' : 'fichierTropGrand');
  const filename = meta.get('filename');
  if (!filename) throw fieldError('Upload-Metadata.filename');
  let idTypeCritere: number | null = null;
  let proofType: number | null = null;
  if (usage === 'justificatif') {
    const typeText = meta.get('idTypeCritere');
    if (!typeText) throw fieldError('Upload-Metadata.idTypeCritere');
    const id = /^\d{1,10}$/.test(typeText) ? Number(typeText) : NaN;
    if (!(id >= 1 && id <= ID_MAX)) throw fieldError('Upload-Metadata.idTypeCritere', 'valeurInvalide');
    if (!hasPdfName(filename))
      throw new AppError('TYPE_FICHIER', 'fichiersPdfSeulement', [
        { champ: 'Upload-Metadata.filename', message: messages.fichiersPdfSeulement },
      ]);
    proofType = id;
  } else if (!/\.(jpe?g|png)$/i.test(filename.trim()))
    throw new AppError('TYPE_FICHIER', 'photosJpegPngSeulement', [
      { champ: 'Upload-Metadata.filename', message: messages.photosJpegPngSeulement },
    ]);
  // The criterion type and the uploads in progress read together, refused in that order.
  const checks = await uploadChecks(db, actor.id, now, proofType);
  if (!checks.typeExists) throw fieldError('Upload-Metadata.idTypeCritere', 'typeCritereInconnu');
  idTypeCritere = proofType;
  if (checks.inProgress >= UPLOADS_IN_PROGRESS_MAX)
    throw new AppError('CONFLIT', 'televersementsTropNombreux');

  const row = await insertUpload(db, {
    idTeleversement: randomBytes(16).toString('hex'),
    idUser: actor.id,
    idTypeCritere,
    usage,
    nomFichier: safeDisplayName(filename),
    metadonnees,
    longueur,
    expire: new Date(now.getTime() + EXPIRY_MS),
  });
  return stateOf(row);
}

/** Whether a finished upload's first bytes are of its kind: `%PDF-` for a proof, JPEG or PNG for a photo. */
export function hasMagicOf(usage: UploadUsage, head: Buffer): boolean {
  if (usage === 'justificatif') return hasPdfMagic(head);
  return photoType(head) !== null;
}

/** The media type of a photo by its first bytes (JPEG, PNG), or null. */
export function photoType(head: Buffer): 'image/jpeg' | 'image/png' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return null;
}

/** `HEAD televersement/{id}`: the bytes received so far (after a PATCH still receiving has counted its own). */
export async function uploadStatus(
  db: Db,
  actor: Actor,
  input: { id: string; headers: TusHeaders; now?: Date },
): Promise<UploadState> {
  scopeFor(actor, 'upload');
  const now = input.now ?? new Date();
  checkTusVersion(input.headers);
  if (!isUploadId(input.id)) throw notFound();
  const row = ownLive(await uploadOf(db, input.id), actor, now);
  return stateOf(ownLive(await settled(db, row, now), actor, now));
}

/**
 * The request's bytes as a stream that ends, rather than fails, when the client's connection is
 * cut: what arrived before the cut is kept (tus: the server SHOULD keep it).
 */
function keptOnCut(source: Readable): { stream: Readable; cut: () => boolean } {
  const out = new PassThrough();
  let cut = false;
  const stop = () => {
    if (source.readableEnded) return;
    cut = true;
    source.unpipe(out);
    if (!out.writableEnded) out.end();
  };
  source.on('error', stop);
  source.on('aborted', stop);
  source.on('close', stop);
  source.pipe(out);
  return { stream: out, cut: () => cut };
}

interface PatchResult extends UploadState {
  /** The client's connection was cut: the bytes received were kept, nobody reads the answer. */
  cut: boolean;
}

/**
 * `PATCH televersement/{id}`: appends the bytes at `Upload-Offset` (which must be the bytes
 * received: 409 otherwise; more bytes than announced: 413). The bytes are streamed into a new
 * part; once the request ends (completely or cut) the part is counted if this PATCH still holds
 * the upload. The last bytes finish it: if the file does not start with `%PDF-` it is refused
 * (415) and removed.
 */
export async function appendUpload(
  db: Db,
  actor: Actor,
  input: {
    id: string;
    headers: TusHeaders;
    body: Readable;
    storage: DocumentStorage;
    now?: () => Date;
  },
): Promise<PatchResult> {
  scopeFor(actor, 'upload');
  const clock = input.now ?? (() => new Date());
  checkTusVersion(input.headers);
  if (!isUploadId(input.id)) throw notFound();
  const contentType = (header(input.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const offsetHeader = header(input.headers, 'upload-offset');
  const offsetGiven = offsetHeader === undefined ? null : integerHeader(offsetHeader);
  const lengthHeader = header(input.headers, 'content-length');
  const contentLength = lengthHeader === undefined ? null : integerHeader(lengthHeader);
  const token = randomUUID();
  let start = clock();
  const claim = (offset: number, free?: { atLeast: number | null }) =>
    claimUpload(db, {
      id: input.id,
      idUser: actor.id,
      offset,
      token,
      now: start,
      expire: new Date(start.getTime() + EXPIRY_MS),
      free,
    });
  // The common case in one statement: the student's live upload, at that offset, held by no other
  // PATCH, with the bytes sent still to come, is taken at once. Otherwise (or when the headers
  // are wrong) the row is read and checked, and the first rule broken answers.
  let claimed =
    contentType === 'application/offset+octet-stream' && offsetGiven !== null && contentLength !== 0
      ? await claim(offsetGiven, { atLeast: contentLength })
      : undefined;
  let row: UploadRow;
  if (claimed) row = claimed;
  else {
    row = ownLive(await uploadOf(db, input.id), actor, clock());
    if (contentType !== 'application/offset+octet-stream')
      throw new AppError('TYPE_FICHIER', 'televersementTypeContenu');
    if (offsetHeader === undefined) throw fieldError('Upload-Offset');
    if (offsetGiven === null) throw fieldError('Upload-Offset', 'valeurInvalide');
    row = ownLive(await settled(db, row, clock()), actor, clock());
    if (row.decalage !== offsetGiven) throw new AppError('CONFLIT', 'televersementDecalage');
    const left = row.longueur - offsetGiven;
    if (contentLength !== null && contentLength > left)
      throw new AppError('FICHIER_TROP_GRAND', 'televersementDepasse');
    if (left === 0 || contentLength === 0) return { ...stateOf(row), cut: false };
    start = clock();
    claimed = await claim(offsetGiven);
    if (!claimed) throw new AppError('CONFLIT', 'televersementDecalage');
  }
  const offset = row.decalage;
  const remaining = row.longueur - offset;

  const received = keptOnCut(input.body);
  let stored;
  try {
    stored = await input.storage.putStream(received.stream, { prefix: UPLOAD_PREFIX, maxBytes: remaining });
  } catch (err) {
    await releaseUpload(db, row.idTeleversement, token);
    if (err instanceof StoredTooLarge) throw new AppError('FICHIER_TROP_GRAND', 'televersementDepasse');
    throw err;
  }
  const cut = received.cut();
  if (stored.size === 0) {
    await input.storage.remove(stored.key).catch(() => undefined);
    await releaseUpload(db, row.idTeleversement, token);
    return { ...stateOf(claimed), cut };
  }

  const entete =
    offset < HEAD_BYTES
      ? Buffer.concat([Buffer.from(claimed.entete, 'hex'), stored.head])
          .subarray(0, HEAD_BYTES)
          .toString('hex')
      : claimed.entete;
  const end = clock();
  // The fence (token and offset) makes the outcome known before counting: bytes that do not
  // finish the upload, or the last bytes of a proof that starts as a PDF, are counted with their
  // part's row in one statement; a photo's last bytes (named by their type) and a refusal take the
  // transaction below.
  const finishes = offset + stored.size === row.longueur;
  const counted = {
    id: row.idTeleversement,
    token,
    offset,
    size: stored.size,
    entete,
    now: end,
    expire: new Date(end.getTime() + EXPIRY_MS),
  };
  if (!finishes || (row.usage === 'justificatif' && hasMagicOf(row.usage, Buffer.from(entete, 'hex')))) {
    const advanced = await advanceUploadWithPart(db, { ...counted, cle: stored.key });
    if (advanced) return { ...stateOf(advanced), cut };
    await input.storage.remove(stored.key).catch(() => undefined);
    if (!(await uploadOf(db, row.idTeleversement))) throw notFound();
    throw new AppError('CONFLIT', 'televersementDecalage');
  }
  const outcome = await withTransaction(db, async (tx) => {
    const advanced = await advanceUpload(tx, counted);
    if (!advanced) return { kind: 'superseded' as const };
    const head = Buffer.from(advanced.entete, 'hex');
    if (advanced.termine && !hasMagicOf(row.usage, head)) {
      const keys = await deleteUpload(tx, row.idTeleversement);
      return { kind: 'refused' as const, keys };
    }
    // A photo is named by what its bytes are (`.png`, `.jpg`), whatever name it was sent with.
    let done = advanced;
    if (advanced.termine && row.usage === 'photo') {
      const nom = photoFileName(advanced.nomFichier, photoType(head) ?? '');
      if (nom !== advanced.nomFichier) done = (await renameUpload(tx, row.idTeleversement, nom)) ?? advanced;
    }
    await insertPart(tx, {
      cle: stored.key,
      idTeleversement: row.idTeleversement,
      debut: offset,
      taille: stored.size,
    });
    return { kind: 'counted' as const, row: done };
  });
  if (outcome.kind === 'counted') return { ...stateOf(outcome.row), cut };
  await input.storage.remove(stored.key).catch(() => undefined);
  if (outcome.kind === 'superseded') {
    // Another PATCH took the upload over (or it was ended): these bytes do not count.
    if (!(await uploadOf(db, row.idTeleversement))) throw notFound();
    throw new AppError('CONFLIT', 'televersementDecalage');
  }
  await removeKeys(input.storage, outcome.keys);
  throw new AppError(
    'TYPE_FICHIER',
    row.usage === 'photo' ? 'photosJpegPngSeulement' : 'fichiersPdfSeulement',
  );
}

/** Removes stored parts; a failure is left to the job's sweep of unnamed parts. */
export async function removeKeys(storage: DocumentStorage, keys: string[]): Promise<void> {
  if (keys.length > 0) await storage.removeMany(keys).catch(() => undefined);
}

/** `DELETE televersement/{id}` (tus termination): the upload and its bytes are removed. */
export async function terminateUpload(
  db: Db,
  actor: Actor,
  input: { id: string; headers: TusHeaders; storage: DocumentStorage; now?: Date },
): Promise<void> {
  scopeFor(actor, 'upload');
  const now = input.now ?? new Date();
  checkTusVersion(input.headers);
  if (!isUploadId(input.id)) throw notFound();
  const keys = await withTransaction(db, async (tx) => {
    ownLive(await uploadForUpdate(tx, input.id), actor, now);
    return deleteUpload(tx, input.id);
  });
  await removeKeys(input.storage, keys);
}

// ---------------------------------------------------------------- the deposit naming an upload

/** Why a deposit may not use the upload (a 400 naming the entry's field), or null. */
function unusable(
  row: UploadRow | undefined,
  actor: Actor,
  idTypeCritere: number,
  now: Date,
): MessageKey | null {
  if (!row || row.idUser !== actor.id) return 'televersementIntrouvable';
  if (row.utilise) return 'televersementDejaUtilise';
  if (expired(row, now)) return 'televersementIntrouvable';
  if (!row.termine) return 'televersementInacheve';
  if (row.usage !== 'justificatif' || row.idTypeCritere !== idTypeCritere) return 'televersementAutreType';
  return null;
}

/**
 * The uploads a deposit names, read in one statement before they are copied (`copyUpload`'s
 * `found`): by id, those that exist; an id this module does not make is left out (unknown).
 */
export async function findUploads(db: Db, ids: string[]): Promise<Map<string, UploadWithParts>> {
  const found = await uploadsWithParts(db, [...new Set(ids.filter(isUploadId))]);
  return new Map(found.map((u) => [u.idTeleversement, u]));
}

/**
 * The upload `id` among those read by `findUploads`, when a deposit may use it for the answer
 * `champ` of the criterion type `idTypeCritere` (the student's, finished, unused, of that type);
 * else 400 naming `champ`.
 */
function usableUpload(
  actor: Actor,
  found: Map<string, UploadWithParts>,
  input: { id: string; idTypeCritere: number; champ: string },
): UploadWithParts {
  const row = found.get(input.id);
  const refusal = unusable(row, actor, input.idTypeCritere, new Date());
  if (refusal || !row) throw fieldError(input.champ, refusal ?? 'televersementIntrouvable');
  return row;
}

/**
 * A finished upload named by a deposit, checked (the student's, finished, unused, for that
 * criterion type: 400 naming `champ` otherwise) and copied whole into a new document under
 * `prefix` (the deposit's `pending/`), streamed part after part. The upload itself is untouched
 * until the deposit's transaction consumes it (`consumeUploads`). `found`: the uploads already
 * read by `findUploads` (else the upload is read here).
 */
export async function copyUpload(
  db: Db,
  actor: Actor,
  input: {
    id: string;
    idTypeCritere: number;
    champ: string;
    storage: DocumentStorage;
    prefix: string;
    found?: Map<string, UploadWithParts>;
  },
) {
  const row = usableUpload(actor, input.found ?? (await findUploads(db, [input.id])), input);
  // Another deposit naming the same upload may commit between the read above and the copy (a
  // double submission): its parts are then gone, and the copy comes out short or fails. The
  // upload read again tells why, so that the student reads « déjà utilisé », not « inachevé ».
  const usedMeanwhile = async () => (await uploadOf(db, input.id))?.utilise === true;
  let stored;
  try {
    stored = await input.storage.concat(row.parts, { prefix: input.prefix, maxBytes: PDF_MAX_BYTES });
  } catch (err) {
    // A part gone from the storage (removed meanwhile): the student sends the file again.
    if ((err as { code?: string }).code === 'ENOENT')
      throw fieldError(
        input.champ,
        (await usedMeanwhile()) ? 'televersementDejaUtilise' : 'televersementIntrouvable',
      );
    throw err;
  }
  if (stored.size !== row.longueur && (await usedMeanwhile())) {
    await input.storage.remove(stored.key).catch(() => undefined);
    throw fieldError(input.champ, 'televersementDejaUtilise');
  }
  return { stored, nomFichier: row.nomFichier, longueur: row.longueur };
}

/**
 * A finished upload named by a deposit, checked as `copyUpload` checks it (400 naming `champ`),
 * that the deposit takes whole instead of copying it: its bytes are one stored document (sent in
 * one PATCH) and the storage moves documents within the deposit's transaction (`moveWithin`, the
 * database store). → its document's key, name, size and first bytes; null when it must be copied.
 * The upload is untouched until the deposit's transaction consumes it and moves that document.
 */
export function takeableUpload(
  actor: Actor,
  input: {
    id: string;
    idTypeCritere: number;
    champ: string;
    storage: DocumentStorage;
    found: Map<string, UploadWithParts>;
  },
): { key: string; nomFichier: string; longueur: number; head: Buffer } | null {
  if (!input.storage.moveWithin) return null;
  const row = usableUpload(actor, input.found, input);
  if (row.parts.length !== 1) return null;
  return {
    key: row.parts[0],
    nomFichier: row.nomFichier,
    longueur: row.longueur,
    head: Buffer.from(row.entete, 'hex'),
  };
}

/** An upload a deposit uses for the answer `champ` of the criterion type `idTypeCritere`. */
export interface NamedUpload {
  id: string;
  idTypeCritere: number;
  champ: string;
}

/**
 * In the deposit's transaction, in one statement for all the uploads it names: each is the
 * student's, finished, unused and of its entry's type (checked again under a row lock, so that two
 * deposits never both use one; else 400 naming the first entry refused, in the order given), and is
 * marked used with its part rows deleted. Returns the parts' keys, removed once the deposit is
 * committed.
 */
export async function consumeUploads(
  tx: Db,
  actor: Actor,
  named: readonly NamedUpload[],
  now: Date = new Date(),
): Promise<string[]> {
  if (named.length === 0) return [];
  const { found, used, keys } = await consumeUploadsSql(
    tx,
    [...new Set(named.map((n) => n.id))],
    actor.id,
    now,
  );
  const rows = new Map(found.map((u) => [u.idTeleversement, u]));
  for (const n of named) {
    const refusal =
      unusable(rows.get(n.id), actor, n.idTypeCritere, now) ??
      (used.has(n.id) ? null : 'televersementDejaUtilise');
    if (refusal) throw fieldError(n.champ, refusal);
  }
  return keys;
}

/** One upload consumed (`consumeUploads`). */
export function consumeUpload(tx: Db, actor: Actor, input: NamedUpload & { now?: Date }): Promise<string[]> {
  return consumeUploads(tx, actor, [input], input.now);
}

// ---------------------------------------------------------------- an inventory naming its photos

/** A photo an inventory names, copied into a document of its own (`useInventoryPhotos`). */
export interface CopiedPhoto {
  id: string;
  cle: string;
  typeMime: 'image/jpeg' | 'image/png';
  taille: number;
}

/** How many photos are copied at once (each a stream of a few hundred KB through the storage). */
const PHOTO_COPIES_AT_ONCE = 4;

/**
 * The photos an inventory names (docs/life-in-the-cite.md), each checked (the actor's, a photo,
 * finished, unused, alive: else 400 naming its entry) and copied whole into a new document under
 * `prefix`, its first bytes JPEG or PNG. The uploads themselves are consumed by the inventory's
 * transaction (`consumePhotoUploads`). On a refusal the copies already made are removed.
 */
export async function copyPhotoUploads(
  db: Db,
  actor: Actor,
  input: { named: readonly { id: string; champ: string }[]; storage: DocumentStorage; prefix: string },
): Promise<CopiedPhoto[]> {
  const found = await findUploads(
    db,
    input.named.map((n) => n.id),
  );
  // The checks that read no bytes, every photo's first: the first refused names its entry, no copy made.
  const now = new Date();
  for (const n of input.named) {
    const row = found.get(n.id);
    if (!row || row.idUser !== actor.id || row.usage !== 'photo' || row.utilise || expired(row, now))
      throw fieldError(n.champ, 'photoIntrouvable');
    if (!row.termine) throw fieldError(n.champ, 'televersementInacheve');
  }
  // Then the copies, a few at a time (an arrival's 24 photos are not copied one after the other); a
  // refusal stops the others from starting, and every copy made is removed once all have settled.
  const copies: CopiedPhoto[] = [];
  let failure: { error: unknown; champ: string } | null = null;
  let next = 0;
  const worker = async () => {
    while (failure === null && next < input.named.length) {
      const n = input.named[next++];
      const row = found.get(n.id)!;
      try {
        const stored = await input.storage.concat(row.parts, {
          prefix: input.prefix,
          maxBytes: PHOTO_MAX_BYTES,
        });
        const typeMime = photoType(stored.head);
        copies.push({ id: n.id, cle: stored.key, typeMime: typeMime ?? 'image/jpeg', taille: stored.size });
        if (!typeMime || stored.size !== row.longueur) throw fieldError(n.champ, 'photoIntrouvable');
      } catch (error) {
        failure ??= { error, champ: n.champ };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_COPIES_AT_ONCE, input.named.length) }, worker));
  const failed = failure as { error: unknown; champ: string } | null;
  if (failed) {
    await removeKeys(
      input.storage,
      copies.map((c) => c.cle),
    );
    if ((failed.error as { code?: string }).code === 'ENOENT')
      throw fieldError(failed.champ, 'photoIntrouvable');
    throw failed.error;
  }
  return copies;
}

/**
 * In the inventory's transaction: its photo uploads marked used and their parts' rows deleted, in
 * one statement (under a row lock: two inventories never both use one; else 400 naming the entry).
 * Returns the parts' keys, removed once the inventory is committed.
 */
export async function consumePhotoUploads(
  tx: Db,
  actor: Actor,
  named: readonly { id: string; champ: string }[],
  now: Date = new Date(),
): Promise<string[]> {
  if (named.length === 0) return [];
  const { found, used, keys } = await consumeUploadsSql(
    tx,
    [...new Set(named.map((n) => n.id))],
    actor.id,
    now,
  );
  const rows = new Map(found.map((u) => [u.idTeleversement, u]));
  for (const n of named) {
    const row = rows.get(n.id);
    if (!row || row.usage !== 'photo' || !row.termine || expired(row, now) || !used.has(n.id))
      throw fieldError(n.champ, 'photoIntrouvable');
  }
  return keys;
}
