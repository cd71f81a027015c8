/**
 * The agency's statistics over years (docs/statistics.md): the pure computations the server feeds
 * with what it read — an academic year's months, the occupancy of each month from the spans of the
 * assignments, medians. Days are UTC days written YYYY-MM-DD (Burkina Faso lives on UTC).
 */
import { citesFermees } from './rent.ts';

const DAY_MS = 86_400_000;

/** Days from 1970-01-01 of a YYYY-MM-DD day (a number already: itself). */
const dayNumber = (day: string | number): number =>
  typeof day === 'number' ? day : Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const isoOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * Every figure of the statistics to the tenth, as the screen and the spreadsheet both show it (a
 * median read « 125 » on the screen is 125 in the spreadsheet's cell, not 124.99).
 */
export const tenth = (v: number): number => Math.round(v * 10) / 10;

/** The years a statistics call may name (the first year of an academic year). */
export const STATISTICS_YEAR_MIN = 2000;
export const STATISTICS_YEAR_MAX = 2100;
/** At most this many academic years in one call. */
export const STATISTICS_MAX_YEARS = 20;

/**
 * How long the stored figures of a session still open are read as they are (docs/statistics.md#speed):
 * older, or computed before today (UTC), they are computed again; a write to the session's dossiers,
 * assignments or journal lines drops them at once.
 */
export const STATISTICS_OPEN_FRESHNESS_MINUTES = 5;

/** An academic year's first day (1 October of its first year) and the day after its last (1 October of the next). */
export function academicYearBounds(anneeDebut: number): { debut: string; fin: string } {
  return { debut: `${anneeDebut}-10-01`, fin: `${anneeDebut + 1}-10-01` };
}

export interface Month {
  /** Its first day. */
  debut: string;
  /** The first day of the next month (excluded). */
  fin: string;
  jours: number;
}

/** The 12 months of an academic year, October first. */
export function academicMonths(anneeDebut: number): Month[] {
  const months: Month[] = [];
  for (let i = 0; i < 12; i++) {
    const m = (9 + i) % 12; // 0-based month: 9 is October
    const y = anneeDebut + (9 + i >= 12 ? 1 : 0);
    const next = new Date(Date.UTC(y, m + 1, 1));
    const debut = isoOf(Date.UTC(y, m, 1) / DAY_MS);
    const fin = next.toISOString().slice(0, 10);
    months.push({ debut, fin, jours: dayNumber(fin) - dayNumber(debut) });
  }
  return months;
}

/**
 * A bed held from `debut` (included) to `fin` (excluded; null: still held), `n` beds the same days
 * (spans of identical days read once, counted). A day is YYYY-MM-DD, or its number of days from
 * 1970-01-01 (as the server reads them).
 */
export interface Span {
  debut: string | number;
  fin: string | number | null;
  n?: number;
}

/**
 * The occupancy of each month of the academic year, October first, in percent with one decimal:
 * the bed-days held in the month over the beds × the month's days. Days up to `today` count, today
 * included (a bed given this morning is held today): a month under way is measured over its days
 * gone by and today; a month not begun yet, a month the cités are closed (August and September:
 * an assignment runs to the year's end, but nobody lives there), or a cité without beds, is null.
 */
export function monthOccupancy(
  spans: readonly Span[],
  lits: number,
  anneeDebut: number,
  today: string,
): (number | null)[] {
  const last = dayNumber(today) + 1; // excluded: the day after today
  // Each span's days read once (not once a month): a five-year call has about 2,000 spans.
  const from = new Float64Array(spans.length);
  const to = new Float64Array(spans.length);
  const n = new Float64Array(spans.length);
  spans.forEach((s, i) => {
    from[i] = dayNumber(s.debut);
    to[i] = s.fin === null ? Infinity : dayNumber(s.fin);
    n[i] = s.n ?? 1;
  });
  return academicMonths(anneeDebut).map((month) => {
    const start = dayNumber(month.debut);
    const end = Math.min(dayNumber(month.fin), last);
    if (lits <= 0 || end <= start || citesFermees(month.debut)) return null;
    let held = 0;
    for (let i = 0; i < from.length; i++) {
      const a = Math.max(from[i], start);
      const b = Math.min(to[i], end);
      if (b > a) held += (b - a) * n[i];
    }
    const percent = (held / (lits * (end - start))) * 100;
    return tenth(Math.min(percent, 100));
  });
}

/** A value met `n` times. */
export interface Counted {
  valeur: number;
  n: number;
}

/**
 * The median of values met several times each: the middle value, or the mean of the two middle
 * ones for an even count; null for none.
 */
export function medianOfCounts(values: readonly Counted[]): number | null {
  const sorted = values.filter((v) => v.n > 0).sort((a, b) => a.valeur - b.valeur);
  const total = sorted.reduce((s, v) => s + v.n, 0);
  if (total === 0) return null;
  const at = (k: number): number => {
    let seen = 0;
    for (const v of sorted) {
      seen += v.n;
      if (k < seen) return v.valeur;
    }
    return sorted[sorted.length - 1].valeur;
  };
  const lo = at(Math.floor((total - 1) / 2));
  const hi = at(Math.floor(total / 2));
  return (lo + hi) / 2;
}

/** The median of plain values (null for none). */
export const median = (values: readonly number[]): number | null =>
  medianOfCounts(values.map((valeur) => ({ valeur, n: 1 })));

/**
 * The share of rent in arrears, in percent with one decimal: what was due and is unpaid over what
 * was due (docs/rent.md#sums); null when nothing was due.
 */
export function arrearsShare(arriere: number, duADate: number): number | null {
  if (duADate <= 0) return null;
  return tenth((arriere / duADate) * 100);
}

/** Days between two days (`to` − `from`). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The academic years from `anneeDebut` to `anneeFin`, both included. */
export const yearRange = (anneeDebut: number, anneeFin: number): number[] =>
  Array.from({ length: anneeFin - anneeDebut + 1 }, (_, i) => anneeDebut + i);

/**
 * The academic years the statistics' choosers offer, newest first: from the first year that has a
 * session (the first with figures) to the year under way, or to the newest session's if later. No
 * session yet: the year under way alone.
 */
export function statisticsYearChoices(sessionYears: readonly number[], current: number): number[] {
  const years = sessionYears.filter(
    (y) => Number.isInteger(y) && y >= STATISTICS_YEAR_MIN && y <= STATISTICS_YEAR_MAX,
  );
  const first = Math.min(current, ...years);
  const last = Math.max(current, ...years);
  return yearRange(first, last).reverse();
}

/**
 * The occupancy of several cités as one figure a month: each cité's share weighted by its beds,
 * among those with a figure that month (null when none has one: a month not yet begun). Rounded to
 * one decimal, as the cités' own figures.
 */
export function weightedMonthOccupancy(
  cites: readonly { lits: number; occupationParMois: readonly (number | null)[] }[],
): (number | null)[] {
  return Array.from({ length: 12 }, (_, m) => {
    let beds = 0;
    let weighted = 0;
    for (const c of cites) {
      const v = c.occupationParMois[m];
      if (v === null || v === undefined || c.lits <= 0) continue;
      beds += c.lits;
      weighted += v * c.lits;
    }
    return beds > 0 ? tenth(weighted / beds) : null;
  });
}

/** Rows in groups of one key, in the order the key first appears (the answer is sorted by key then year). */
export function groupRows<T>(rows: readonly T[], key: (row: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return [...groups.values()];
}

/** A direction's figures of one year, as the answer gives them. */
interface DirectionYearCounts {
  idDirection: number;
  libelleDirection: string;
  demandes: number;
  admis: number;
  renonciations: number;
}

/**
 * The directions' rows split as the screen and the spreadsheet both show them: the rows of each
 * direction with a request, an admission or a renunciation in a year shown (grouped by direction,
 * in the answer's order), and the names of the others, said in one sentence under the table
 * instead of rows of zeros.
 */
export function splitIdleDirections<T extends DirectionYearCounts>(
  rows: readonly T[],
): { active: T[][]; idle: string[] } {
  const active: T[][] = [];
  const idle: string[] = [];
  for (const group of groupRows(rows, (r) => r.idDirection)) {
    if (group.some((d) => d.demandes + d.admis + d.renonciations > 0)) active.push(group);
    else idle.push(group[0]!.libelleDirection);
  }
  return { active, idle };
}
