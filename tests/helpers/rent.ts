/**
 * Rent's expected figures, read from the rule itself (docs/rent.md#the-rule-of-the-months-lived):
 * what an assignment made on a day owes of its session's schedule, and what of it is due by a day.
 * Tests compare the journal with these, never with a count written by hand, so that they hold
 * whatever the month they run in (an instalment in August or September is not owed).
 */
import { sql } from 'drizzle-orm';
import { addDays, instalmentSchedule, owedInstalments, type Instalment } from '../../src/domain/rent';
import type { Db } from '../../src/server/db/client';
import { todayUtc } from '../../src/server/modules/rent/repository';

export interface OwedRent {
  /** The owed instalments, each with its number in the schedule and its due day. */
  instalments: Instalment[];
  /** The year's rent (`totalDu`). */
  totalDu: number;
  /** What is due by `today` (`duADate`). */
  duADate: number;
  /** The owed instalments due by `today`. */
  due: Instalment[];
  /** The owed instalments not yet due on `today`. */
  notYetDue: Instalment[];
}

/** What an assignment made on `jour` owes of the schedule, and what of it is due by `today`. */
export function owedRent(
  schedule: { premiereEcheance: string; moisLoyer: number; montant: number },
  jour: string,
  today = todayUtc(),
): OwedRent {
  const instalments = owedInstalments(instalmentSchedule(schedule), jour);
  const due = instalments.filter((i) => i.dateEcheance <= today);
  const sum = (list: Instalment[]) => list.reduce((s, i) => s + i.montant, 0);
  return {
    instalments,
    totalDu: sum(instalments),
    duADate: sum(due),
    due,
    notYetDue: instalments.filter((i) => i.dateEcheance > today),
  };
}

/**
 * The day a week before the first instalment: an assignment made then owes every instalment of the
 * schedule on its own day (none moved by the grace on arrival), except those of the months the
 * cités are closed.
 */
export const weekBefore = (premiereEcheance: string) => addDays(premiereEcheance, -7);

/**
 * Runs `fn` with the assignments it makes dated `jour` (their `created_at`, 09:00 UTC): the
 * column's default set for the call, then put back, so that an assignment made through the API
 * (`POST campus/affectation`) or by plain SQL is made on that day and owes its rent from it.
 */
export async function assignedOn<T>(db: Db, jour: string, fn: () => Promise<T>): Promise<T> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(jour)) throw new Error(`assignedOn: ${jour}`);
  await db.execute(
    sql.raw(`ALTER TABLE affectation ALTER COLUMN created_at SET DEFAULT '${jour}T09:00:00Z'::timestamptz`),
  );
  try {
    return await fn();
  } finally {
    await db.execute(sql`ALTER TABLE affectation ALTER COLUMN created_at SET DEFAULT now()`);
  }
}
