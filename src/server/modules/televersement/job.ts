import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { DocumentStorage } from '../../files/storage';
import { deleteExpired, namedParts } from './repository';
import { removeKeys, UPLOAD_PREFIX } from './service';

/**
 * The uploads job (docs/decisions/019-resumable-uploads.md), run every few minutes by each
 * instance (`PeriodicJob`):
 * - an upload past its expiry (24 hours after its last byte, unless a deposit used it) is removed
 *   with its parts; rows are claimed with `FOR UPDATE SKIP LOCKED`, so that each is removed by
 *   one instance once, and the parts' documents are removed after the commit;
 * - parts older than `orphanAgeMs` that no row names (a PATCH whose process stopped before
 *   counting them, a removal that never ran) are removed.
 */
interface UploadCleanupResult {
  expires: number;
  orphelins: number;
}

const BATCH = 100;

export async function runUploadCleanup(
  db: Db,
  storage: DocumentStorage,
  opts: { now?: Date; orphanAgeMs?: number } = {},
): Promise<UploadCleanupResult> {
  const now = opts.now ?? new Date();
  let expires = 0;
  for (;;) {
    const batch = await withTransaction(db, (tx) => deleteExpired(tx, now, BATCH));
    expires += batch.ids;
    await removeKeys(storage, batch.keys);
    if (batch.ids < BATCH) break;
  }

  // No request lasts an hour: a part older than that and named by no row is left over.
  const limit = now.getTime() - (opts.orphanAgeMs ?? 3_600_000);
  const old = (await storage.list(UPLOAD_PREFIX))
    .filter((f) => f.modifiedAt.getTime() <= limit)
    .map((f) => f.key);
  let orphelins = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const named = await namedParts(db, batch);
    const unnamed = batch.filter((k) => !named.has(k));
    await removeKeys(storage, unnamed);
    orphelins += unnamed.length;
  }
  return { expires, orphelins };
}
