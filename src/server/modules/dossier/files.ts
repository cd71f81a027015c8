import type { Db } from '../../db/client';
import type { DocumentStorage } from '../../files/storage';
import { referencedKeys } from './repository';
import { FINAL_PREFIX, PENDING_PREFIX, finalKeyOf, pendingKeyOf } from './staging';

/**
 * The proofs' life after the rows (docs/decisions/006-deposit.md):
 * - after the commit, each used staged file moves `pending/<uuid>` → `dossier/<uuid>` (the key the
 *   rows already name); files no longer named by a live dossier (replaced, deleted) are removed;
 * - a proof read before its move (the process stopped between the commit and the move) is moved then;
 * - the sweep finishes what a stopped process left: old `pending/` files are moved when a live
 *   dossier names their final key and removed otherwise; `dossier/` files no live dossier names
 *   (a removal that never ran) are removed.
 */

/**
 * Moves the staged files the committed rows name into place, together (one statement in the
 * database store). A failure is left to the sweep.
 */
export async function promote(storage: DocumentStorage, pendingKeys: string[]): Promise<void> {
  if (pendingKeys.length === 0) return;
  await storage.moveMany(pendingKeys.map((k) => ({ from: k, to: finalKeyOf(k) }))).catch(() => undefined);
}

/** Removes documents the committed rows no longer name, together. A failure is left to the sweep. */
export async function removeAll(storage: DocumentStorage, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await storage.removeMany(keys).catch(() => undefined);
}

/** Opens a proof by its final key, finishing its move first when the process stopped before it. */
export async function openProof(storage: DocumentStorage, finalKey: string) {
  if (!(await storage.exists(finalKey))) {
    const pending = pendingKeyOf(finalKey);
    if (await storage.exists(pending)) await storage.move(pending, finalKey);
  }
  return storage.open(finalKey);
}

interface SweepResult {
  promoted: number;
  removed: number;
}

/**
 * Puts the storage back in line with the database: files older than `olderThanMs` (default one
 * hour: no request lasts that long) under `pending/` are moved into place when a live dossier
 * names them, removed otherwise; files under `dossier/` no live dossier names are removed.
 */
export async function sweepProofs(
  db: Db,
  storage: DocumentStorage,
  opts: { olderThanMs?: number; now?: Date } = {},
): Promise<SweepResult> {
  const limit = (opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? 3_600_000);
  const result: SweepResult = { promoted: 0, removed: 0 };
  const old = (list: { key: string; modifiedAt: Date }[]) =>
    list.filter((f) => f.modifiedAt.getTime() <= limit).map((f) => f.key);

  const pending = old(await storage.list(PENDING_PREFIX));
  for (let i = 0; i < pending.length; i += 500) {
    const batch = pending.slice(i, i + 500);
    const named = await referencedKeys(db, batch.map(finalKeyOf));
    for (const key of batch) {
      if (named.has(finalKeyOf(key))) {
        await storage.move(key, finalKeyOf(key)).catch(() => undefined);
        result.promoted += 1;
      } else {
        await storage.remove(key);
        result.removed += 1;
      }
    }
  }

  const placed = old(await storage.list(FINAL_PREFIX));
  for (let i = 0; i < placed.length; i += 500) {
    const batch = placed.slice(i, i + 500);
    const named = await referencedKeys(db, batch);
    for (const key of batch) {
      if (!named.has(key)) {
        await storage.remove(key);
        result.removed += 1;
      }
    }
  }
  return result;
}
