/**
 * The INE and the dates a student types to register (docs/accounts.md): pure rules, without zod, so
 * that the registration page's first step (src/web/features/registration/IdentificationForm.tsx)
 * checks them without loading the registry's schemas. `registry.ts` re-exports them for the server.
 */
import { INE_MAX_LENGTH, INE_MIN_LENGTH } from './limits';

/** INE: INE_MIN_LENGTH to INE_MAX_LENGTH letters and digits (the format is not published). */
export const INE_PATTERN = new RegExp(`^[A-Za-z0-9]{${INE_MIN_LENGTH},${INE_MAX_LENGTH}}$`);

export function isValidIne(value: string): boolean {
  return INE_PATTERN.test(value);
}

/** INE as stored and compared: trimmed, upper case (the registry's uniqueness ignores case). */
export function normalizeIne(value: string): string {
  return value.trim().toUpperCase();
}

/** A leap year of four digits. */
const LEAP = '(?:\\d\\d(?:[2468][048]|[13579][26])|\\d\\d0[48]|[02468][048]00|[13579][26]00)';
const ISO_DATE_SOURCE = `(?:${LEAP}-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))`;
const FRENCH_DATE_SOURCE = `(?:29\\/0?2\\/${LEAP}|(?:(?:0?[1-9]|[12]\\d|3[01])\\/(?:0?[13578]|1[02])|(?:0?[1-9]|[12]\\d|30)\\/(?:0?[469]|11)|(?:0?[1-9]|1\\d|2[0-8])\\/0?2)\\/\\d{4})`;

/**
 * Exactly the real dates `parseDate` reads, as a pattern (for the API's description): `YYYY-MM-DD`
 * or `DD/MM/YYYY` (also `D/M/YYYY`), spaces around allowed.
 */
export const DATE_TEXT_PATTERN = new RegExp(`^\\s*(?:${ISO_DATE_SOURCE}|${FRENCH_DATE_SOURCE})\\s*$`);

/** `YYYY-MM-DD` or `DD/MM/YYYY` (also `D/M/YYYY`) → `YYYY-MM-DD`, or null when not a real date. */
export function parseDate(value: string): string | null {
  const s = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  // setUTCFullYear: Date.UTC would read the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A birth date: a real date between 1900-01-01 and today. */
export function parseBirthDate(value: string, today = new Date()): string | null {
  const iso = parseDate(value);
  if (!iso) return null;
  return iso >= '1900-01-01' && iso <= today.toISOString().slice(0, 10) ? iso : null;
}
