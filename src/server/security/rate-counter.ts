import type { Db } from '../db/client';
import { failuresIn } from './repository';

/**
 * Fixed-window failure counters kept in the database, so that every instance behind a load
 * balancer sees the same counts (sign-in failures per username, INE look-up failures per INE).
 * Their statements are in `./repository.ts`, the one writer of `rate_counter`.
 */
export { clearFailures, failuresColumn, failuresIn, purgeExpiredCounters, recordFailure } from './repository';

export async function isOverLimit(db: Db, key: string, max: number, windowMinutes: number): Promise<boolean> {
  return (await failuresIn(db, key, windowMinutes)) >= max;
}
