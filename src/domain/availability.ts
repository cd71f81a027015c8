/**
 * The platform's availability (docs/availability.md): what counts as an outage, how an outage moves
 * a deadline, and each day's availability. Pure: the server feeds it the stored outages.
 */

export const COMPOSANTS = ['PLATEFORME', 'PAIEMENT', 'SMS'] as const;
export type Composant = (typeof COMPOSANTS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** More than this without any heartbeat (none written, or the database unreachable): the platform was down. */
export const PLATFORM_GAP_MS = 2 * MINUTE;
/** A provider whose every call failed for more than this was down. */
export const PROVIDER_FAILURE_MS = 10 * MINUTE;
/** The days the status page shows. */
export const STATUS_DAYS = 90;
/** The window before a deadline in which an outage counts, and what is added to its length. */
export const DEADLINE_WINDOW_MS = DAY;

export interface Outage {
  debut: Date;
  fin: Date;
}

/**
 * The deadline an outage gives, or null when it moves nothing: an outage longer than `plafondMinutes`
 * that overlaps the last 24 hours before `deadline` pushes it by the outage's length plus 24 hours.
 */
export function movedDeadline(deadline: Date, outage: Outage, plafondMinutes: number): Date | null {
  const length = outage.fin.getTime() - outage.debut.getTime();
  if (length <= plafondMinutes * MINUTE) return null;
  const windowStart = deadline.getTime() - DEADLINE_WINDOW_MS;
  if (!(outage.debut.getTime() < deadline.getTime() && outage.fin.getTime() > windowStart)) return null;
  return new Date(deadline.getTime() + length + DEADLINE_WINDOW_MS);
}

/**
 * An instalment's due day an outage of the payment provider moves, or null (docs/rent.md#a-due-date-moved-by-an-outage):
 * an instalment is owed from the first moment of its day (the arrears count it from then), so that
 * moment is its deadline and the day before is its last 24 hours; the moved deadline is rounded up to
 * the next day's start, so the student never has less than the outage's length plus 24 hours.
 */
export function movedDueDay(day: string, outage: Outage, plafondMinutes: number): string | null {
  const moved = movedDeadline(new Date(`${day}T00:00:00Z`), outage, plafondMinutes);
  return moved ? dayOf(new Date(moved.getTime() + DAY - 1)) : null;
}

/**
 * The due days an outage can move (those whose last 24 hours it overlaps): from the day after its
 * start to the day after its end (ISO days, inclusive).
 */
export function dueDaysNear(outage: Outage): { from: string; to: string } {
  return {
    from: dayOf(new Date(outage.debut.getTime() + DAY)),
    to: dayOf(new Date(outage.fin.getTime() - 1 + DAY)),
  };
}

/** The UTC day (YYYY-MM-DD) of a moment: Burkina Faso lives on UTC, all year. */
export function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export interface DayAvailability {
  date: string;
  /** Percent of the day the platform was up (one decimal); null before its first heartbeat. */
  disponibilite: number | null;
}

/**
 * The last `days` days up to `now` (today last, counted up to now), each with the share of its time
 * outside the platform's outages; a day (or its part) before `firstHeartbeat` is not counted.
 */
export function dailyAvailability(
  outages: readonly Outage[],
  firstHeartbeat: Date | null,
  now: Date,
  days = STATUS_DAYS,
): DayAvailability[] {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const spans = union(outages);
  const out: DayAvailability[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const start = today - i * DAY;
    const end = Math.min(start + DAY, now.getTime());
    const from = firstHeartbeat ? Math.max(start, firstHeartbeat.getTime()) : end;
    if (!firstHeartbeat || from >= end) {
      out.push({ date: dayOf(new Date(start)), disponibilite: null });
      continue;
    }
    let down = 0;
    for (const [oa, ob] of spans) {
      const a = Math.max(from, oa);
      const b = Math.min(end, ob);
      if (b > a) down += b - a;
    }
    const share = 100 * (1 - down / (end - from));
    out.push({ date: dayOf(new Date(start)), disponibilite: Math.round(share * 10) / 10 });
  }
  return out;
}

/** The outages as disjoint spans (two that overlap count once), in order. */
function union(outages: readonly Outage[]): [number, number][] {
  const sorted = outages
    .map((o): [number, number] => [o.debut.getTime(), o.fin.getTime()])
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** An outage's length in whole minutes (at least 1). */
export function outageMinutes(o: Outage): number {
  return Math.max(1, Math.round((o.fin.getTime() - o.debut.getTime()) / MINUTE));
}
