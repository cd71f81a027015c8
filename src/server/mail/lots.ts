import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { advanceLot, claimDueLot, failLot, stopLot, type Lot } from './repository';

/**
 * Lots: many template-form mails queued as one row (`outbox_lot`, `queueLot` in outbox.ts) by a
 * change too big to write them all in its own transaction (a publication's 100,000 result mails).
 * The mail worker expands them into `outbox_mail` rows before it claims mails, a chunk per
 * transaction: the lot is claimed `FOR UPDATE SKIP LOCKED` (several instances share the lots, a row
 * lock only: docs/README.md#background-work-and-several-instances), the chunk's mails are inserted and the cursor moved in the same
 * transaction, so that a failure leaves neither a duplicate nor a gap. There is still one outbox:
 * once expanded, the mails are claimed, sent and retried like any other. The lots' statements are
 * `./repository.ts`'s, the table's one writer.
 */

export type { Lot };

/** What a kind of lot does; its SQL lives with the module that queues it. */
export interface LotKind {
  /** false: the lot is outdated; it stops here, the rest of its mails is never queued. */
  stillDue(tx: Db, lot: Lot): Promise<boolean>;
  /**
   * Queues the mails of the next `limit` items after the cursor, in the cursor's order; returns
   * how many items it read (fewer than `limit`: the last chunk), the last item's key and the mails queued.
   */
  expand(tx: Db, lot: Lot, limit: number): Promise<{ items: number; last: number; mails: number }>;
}

/** The kinds by name (`outbox_lot.kind`), from the modules that queue them (modules/lot-kinds.ts). */
export type LotKinds = Readonly<Record<string, LotKind>>;

/** Items per chunk (one transaction each): about 0.1 s of work, a short lock on the lot. */
const LOT_CHUNK = 2000;

/** How long a lot whose expansion failed waits before the next try (the other mails go on). */
const RETRY_SECONDS = 60;

interface ExpandOptions {
  kinds: LotKinds;
  chunk?: number;
  /** Checked between chunks (the worker stopping). */
  shouldStop?: () => boolean;
  log?: FastifyBaseLogger;
}

/**
 * Expands the due lots, a chunk per transaction, until none is due (or `shouldStop`); returns how
 * many mails it queued. A chunk that fails rolls back whole; the lot keeps its cursor, records the
 * error and waits `RETRY_SECONDS`.
 */
export async function expandLots(db: Db, opts: ExpandOptions): Promise<number> {
  const chunk = opts.chunk ?? LOT_CHUNK;
  let mails = 0;
  while (!opts.shouldStop?.()) {
    let claimed: number | undefined;
    try {
      const queued = await db.transaction(async (tx) => {
        const lot = await claimDueLot(tx);
        if (!lot) return null;
        claimed = lot.id;
        const kind = Object.hasOwn(opts.kinds, lot.kind) ? opts.kinds[lot.kind] : undefined;
        if (!kind) throw new Error(`unknown lot kind ${lot.kind}`);
        if (!(await kind.stillDue(tx, lot))) {
          await stopLot(tx, lot.id);
          return 0;
        }
        const done = await kind.expand(tx, lot, chunk);
        await advanceLot(tx, lot.id, done.items ? done.last : lot.dernierIdDossier, done.items < chunk);
        return done.mails;
      });
      if (queued === null) break;
      mails += queued;
    } catch (err) {
      if (claimed === undefined) throw err;
      opts.log?.error({ err, lot: claimed }, 'mail lot not expanded, will retry');
      // The database's own message (drizzle wraps it in a "Failed query: …" error).
      const e = err as { message?: string; cause?: { message?: string } };
      await failLot(db, claimed, String(e.cause?.message ?? e.message ?? err).slice(0, 500), RETRY_SECONDS);
    }
  }
  return mails;
}
