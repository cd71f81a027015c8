import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxLot } from '../db/schema';
import type { RowOf } from '../db/rows';

/**
 * The mail lots' one writer (`outbox_lot`, docs/decisions/122-one-writer-per-table.md): a change
 * queues its lot here (`queueLot` in outbox.ts), and the mail worker claims, moves and closes the
 * lots here (lots.ts), each in its caller's transaction.
 */

/** A lot as its kind reads it (`templates`: the template ids by key; `dernierIdDossier`: the cursor). */
const lotColumns = {
  id: outboxLot.id,
  kind: outboxLot.kind,
  idDeliberation: outboxLot.idDeliberation,
  templates: outboxLot.templates,
  /** The cursor: the last dossier whose mail was queued (0 before the first chunk). */
  dernierIdDossier: outboxLot.dernierIdDossier,
};
export type Lot = RowOf<typeof lotColumns>;

/** A new lot, to expand from its first item. */
export async function insertLot(
  tx: Db,
  lot: { kind: string; idDeliberation: number; templates: Record<string, number> },
): Promise<void> {
  await tx.insert(outboxLot).values(lot);
}

/** The first due lot, locked until the end of the transaction; the ones other instances hold are skipped. */
export async function claimDueLot(tx: Db): Promise<Lot | undefined> {
  const [lot] = await tx
    .select(lotColumns)
    .from(outboxLot)
    .where(and(isNull(outboxLot.termineLe), lte(outboxLot.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outboxLot.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return lot;
}

/** An outdated lot stops: the rest of its mails is never queued. */
export async function stopLot(tx: Db, id: number): Promise<void> {
  await tx
    .update(outboxLot)
    .set({ termineLe: sql`now()`, interrompu: true, lastError: null })
    .where(eq(outboxLot.id, id));
}

/** A chunk done: the cursor moves to `last`; `finished`, the lot is done. */
export async function advanceLot(tx: Db, id: number, last: number, finished: boolean): Promise<void> {
  await tx
    .update(outboxLot)
    .set({ dernierIdDossier: last, termineLe: finished ? sql`now()` : null, lastError: null })
    .where(eq(outboxLot.id, id));
}

/** A chunk failed: the lot keeps its cursor, records the error and waits `retrySeconds`. */
export async function failLot(db: Db, id: number, error: string, retrySeconds: number): Promise<void> {
  await db
    .update(outboxLot)
    .set({
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${retrySeconds})`,
    })
    .where(eq(outboxLot.id, id));
}
