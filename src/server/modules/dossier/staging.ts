import type { Multipart } from '@fastify/multipart';
import { PDF_MAX_BYTES, proofRefusal, safeDisplayName } from '../../../domain/dossier';
import { messages, type MessageKey } from '../../../domain/messages';
import { ID_MAX } from '../../../domain/schemas/common';
import { AppError, fieldError, fieldErrors } from '../../errors';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { newKey, StoredTooLarge, type DocumentStorage } from '../../files/storage';
import { copyUpload, findUploads, takeableUpload } from '../televersement/service';

/**
 * The proofs of one deposit request, written under `pending/` before any row (docs/sessions-and-dossiers.md: a
 * dossier, its criteria and its files are saved together or not at all; docs/decisions/006).
 * A staged proof's final key is `dossier/<same uuid>`: the rows name it, and it is moved there
 * only after the commit. Whatever fails before, `discard()` removes every staged file; a process
 * killed meanwhile leaves files under `pending/` only, which the sweep finds (files.ts). A finished
 * upload that is one document of the database store is not staged: the deposit's transaction
 * moves that document to a new `dossier/` key itself (`takeProofs`), undone with it on a failure.
 */
export interface StagedProof {
  idTypeCritere: number;
  /** Where the proof waits for the commit; null when the deposit takes an upload's document (`taken`). */
  pendingKey: string | null;
  finalKey: string;
  /**
   * The document of a finished upload that the deposit's transaction moves to `finalKey` itself
   * (`takeProofs`), no byte copied (the database store; docs/decisions/135-journey-cpu-cut.md).
   */
  taken?: string;
  nomFichier: string;
  size: number;
  /** The proof is a finished resumable upload (docs/decisions/019): the deposit consumes it. */
  upload?: { id: string; champ: string };
}

export const PENDING_PREFIX = 'pending';
export const FINAL_PREFIX = 'dossier';

export const finalKeyOf = (pendingKey: string) => pendingKey.replace(/^pending\//, `${FINAL_PREFIX}/`);
export const pendingKeyOf = (finalKey: string) => finalKey.replace(/^dossier\//, `${PENDING_PREFIX}/`);

/** The body of a deposit without its files: the JSON as sent (checked later by the service). */
export type RawDeposit = Record<string, unknown>;

export class Staging {
  readonly proofs = new Map<number, StagedProof>();

  constructor(readonly storage: DocumentStorage) {}

  /** Removes every staged file (after a failure, or the ones the deposit did not use). */
  async discard(keep: Set<string> = new Set()): Promise<void> {
    await Promise.all(
      [...this.proofs.values()]
        .map((p) => p.pendingKey)
        .filter((k): k is string => k !== null && !keep.has(k))
        .map((k) => this.storage.remove(k).catch(() => undefined)),
    );
  }

  private add(
    champ: string,
    idTypeCritere: number,
    proof: Omit<StagedProof, 'idTypeCritere' | 'finalKey' | 'pendingKey'> & { pendingKey: string },
  ) {
    if (this.proofs.has(idTypeCritere)) {
      void this.storage.remove(proof.pendingKey).catch(() => undefined);
      throw fieldError(champ, 'fichierEnDouble');
    }
    this.proofs.set(idTypeCritere, { ...proof, idTypeCritere, finalKey: finalKeyOf(proof.pendingKey) });
  }

  /**
   * In the deposit's transaction, after it consumed the uploads: the documents of the proofs it
   * takes (`taken`) moved to their final keys, in one statement. One that is not there any more
   * refuses the deposit (400 naming its entry: the upload is to be sent again), so that no row
   * names a missing document. → the keys moved (not to be removed after the commit).
   */
  async takeProofs(tx: Db, proofs: readonly StagedProof[]): Promise<Set<string>> {
    const taken = proofs.filter((p) => p.taken !== undefined);
    if (taken.length === 0 || !this.storage.moveWithin) return new Set();
    const moved = await this.storage.moveWithin(
      tx,
      taken.map((p) => ({ from: p.taken!, to: p.finalKey })),
    );
    const missing = taken.find((p) => !moved.has(p.taken!));
    if (missing) throw fieldError(missing.upload?.champ ?? 'listeDossierCritere', 'televersementIntrouvable');
    return moved;
  }

  /**
   * JSON form: each entry's `fichier` (base64, a `data:…;base64,` prefix accepted) is checked
   * (name, size, `%PDF-`) and written under `pending/`; the entry keeps its `nomFichier` only.
   * Returns the body without file contents.
   */
  async fromJson(body: unknown): Promise<RawDeposit> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw fieldError('body');
    const raw = { ...(body as RawDeposit) };
    const list = raw.listeDossierCritere;
    if (!Array.isArray(list)) return raw;
    const decoded: { i: number; idTypeCritere: number; name: string; bytes: Buffer }[] = [];
    raw.listeDossierCritere = list.map((entry: unknown, i) => {
      if (!entry || typeof entry !== 'object') return entry;
      const { fichier, ...rest } = entry as Record<string, unknown>;
      if (fichier === undefined || fichier === null || fichier === '') return rest;
      const champ = `listeDossierCritere.${i}.fichier`;
      const bytes = typeof fichier === 'string' ? decodeBase64(fichier) : null;
      if (!bytes) throw fieldError(champ, 'fichierBase64Invalide');
      const name = typeof rest.nomFichier === 'string' ? rest.nomFichier : '';
      const refusal = proofRefusal({ name, size: bytes.length, head: bytes.subarray(0, 8) });
      if (refusal) throw proofError(refusal, champ);
      const idTypeCritere = Number(rest.idTypeCritere);
      if (!Number.isInteger(idTypeCritere))
        throw fieldError(`listeDossierCritere.${i}.idTypeCritere`, 'valeurInvalide');
      decoded.push({ i, idTypeCritere, name, bytes });
      return rest;
    });
    // Every proof checked first, then written: a bad third file writes nothing.
    try {
      for (const d of decoded) {
        const pendingKey = await this.storage.put(d.bytes, { prefix: PENDING_PREFIX });
        this.add(`listeDossierCritere.${d.i}.fichier`, d.idTypeCritere, {
          pendingKey,
          nomFichier: safeDisplayName(d.name),
          size: d.bytes.length,
        });
      }
    } catch (err) {
      await this.discard();
      throw err;
    }
    return raw;
  }

  /**
   * Entries naming a finished resumable upload (`televersement`, JSON or multipart): each is
   * checked (the student's, finished, unused, of the entry's criterion type: 400 naming the entry
   * otherwise; then the proof rules, as for a sent file) before any is copied, then copied whole
   * under `pending/` like a sent file. The uploads stay untouched: the deposit's transaction
   * consumes them, and a failed deposit leaves them usable.
   */
  async fromUploads(raw: RawDeposit, db: Db, actor: Actor): Promise<void> {
    const list = raw.listeDossierCritere;
    if (!Array.isArray(list)) return;
    const named: { champ: string; id: string; idTypeCritere: number }[] = [];
    list.forEach((entry: unknown, i) => {
      if (!entry || typeof entry !== 'object') return;
      const { televersement, idTypeCritere } = entry as Record<string, unknown>;
      if (televersement === undefined || televersement === null || televersement === '') return;
      const champ = `listeDossierCritere.${i}.televersement`;
      if (typeof televersement !== 'string' || televersement.length > 64)
        throw fieldError(champ, 'televersementIntrouvable');
      if (!Number.isInteger(idTypeCritere))
        throw fieldError(`listeDossierCritere.${i}.idTypeCritere`, 'valeurInvalide');
      named.push({ champ, id: televersement, idTypeCritere: idTypeCritere as number });
    });
    try {
      // The named uploads in one statement, then each checked and copied in turn.
      const found = named.length
        ? await findUploads(
            db,
            named.map((n) => n.id),
          )
        : undefined;
      for (const n of named) {
        if (this.proofs.has(n.idTypeCritere)) throw fieldError(n.champ, 'fichierEnDouble');
        // One document already (the database store): the transaction moves it, nothing is copied.
        const whole = found ? takeableUpload(actor, { ...n, storage: this.storage, found }) : null;
        if (whole) {
          this.proofs.set(n.idTypeCritere, {
            idTypeCritere: n.idTypeCritere,
            pendingKey: null,
            finalKey: newKey(FINAL_PREFIX),
            taken: whole.key,
            nomFichier: whole.nomFichier,
            size: whole.longueur,
            upload: { id: n.id, champ: n.champ },
          });
          const refusal = proofRefusal({ name: whole.nomFichier, size: whole.longueur, head: whole.head });
          if (refusal) throw proofError(refusal, n.champ);
          continue;
        }
        const copy = await copyUpload(db, actor, {
          ...n,
          storage: this.storage,
          prefix: PENDING_PREFIX,
          found,
        });
        this.add(n.champ, n.idTypeCritere, {
          pendingKey: copy.stored.key,
          nomFichier: copy.nomFichier,
          size: copy.stored.size,
          upload: { id: n.id, champ: n.champ },
        });
        const refusal =
          copy.stored.size !== copy.longueur
            ? { code: 'VALIDATION' as const, message: 'televersementInacheve' as const }
            : proofRefusal({ name: copy.nomFichier, size: copy.stored.size, head: copy.stored.head });
        if (refusal?.code === 'VALIDATION') throw fieldError(n.champ, refusal.message);
        if (refusal) throw proofError(refusal, n.champ);
      }
    } catch (err) {
      await this.discard();
      throw err;
    }
  }

  /**
   * Multipart form: a text field `dossier` (the JSON without files) and one file part per proof
   * named `fichier-{idTypeCritere}`, each streamed to `pending/` (never held whole in memory),
   * counted and checked (`.pdf` name, `%PDF-` start, 3,000,000 bytes: the multipart limit
   * truncates a longer file, which is refused with 413).
   */
  async fromMultipart(parts: AsyncIterableIterator<Multipart>): Promise<RawDeposit> {
    let raw: RawDeposit | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname !== 'dossier') continue;
          if (part.valueTruncated) throw new AppError('FICHIER_TROP_GRAND');
          try {
            const value: unknown = JSON.parse(String(part.value));
            if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
            raw = value as RawDeposit;
          } catch {
            throw fieldErrors([{ champ: 'dossier', message: messages.erreurJsonInvalide }]);
          }
          continue;
        }
        const match = /^fichier-(\d{1,10})$/.exec(part.fieldname);
        const champ = part.fieldname;
        // The part names a criterion type by its id (an id the database can hold).
        if (!match || Number(match[1]) > ID_MAX) {
          part.file.resume();
          throw fieldError(champ, 'fichierSansCritere');
        }
        if (!/\.pdf$/i.test(part.filename ?? '')) {
          part.file.resume();
          throw proofError(proofRefusal({ name: part.filename, size: 0 })!, champ);
        }
        let stored;
        try {
          stored = await this.storage.putStream(part.file, {
            prefix: PENDING_PREFIX,
            maxBytes: PDF_MAX_BYTES,
          });
        } catch (err) {
          if (err instanceof StoredTooLarge) throw proofError(tooLarge, champ);
          throw err;
        }
        const idTypeCritere = Number(match[1]);
        const refusal = part.file.truncated
          ? tooLarge
          : proofRefusal({ name: part.filename, size: stored.size, head: stored.head });
        if (refusal) {
          await this.storage.remove(stored.key);
          throw proofError(refusal, champ);
        }
        this.add(champ, idTypeCritere, {
          pendingKey: stored.key,
          nomFichier: safeDisplayName(part.filename),
          size: stored.size,
        });
      }
    } catch (err) {
      await this.discard();
      throw err;
    }
    if (!raw) {
      await this.discard();
      throw fieldError('dossier');
    }
    return raw;
  }
}

const tooLarge: { code: 'FICHIER_TROP_GRAND'; message: MessageKey } = {
  code: 'FICHIER_TROP_GRAND',
  message: 'fichierTropGrand',
};

/** A refused proof: 415 or 413 with the catalogue message, naming the field. */
function proofError(
  refusal: { code: 'TYPE_FICHIER' | 'FICHIER_TROP_GRAND'; message: MessageKey },
  champ: string,
) {
  return new AppError(refusal.code, refusal.message, [{ champ, message: messages[refusal.message] }]);
}

/** `data:application/pdf;base64,` prefixes (FileReader.readAsDataURL) are accepted. */
export function decodeBase64(value: string): Buffer | null {
  const body = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  return Buffer.from(body, 'base64');
}
