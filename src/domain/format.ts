/**
 * How the product writes a few kinds of figures in French, the same on every screen, PDF, mail and
 * message (docs/messages.md#figures). Pure code, shared by the server and the client.
 */

/**
 * Whether a numeric field is a year or an identifier (`anneeDebut`, `anneeBac`, `idDossier`): it is
 * written as its digits, never grouped by thousands (2026, not « 2 026 »). A count or an amount
 * (`anneesHebergementAnterieures`, `nbLit`, `montantChambre`) is grouped.
 */
export function isYearOrId(name: string): boolean {
  return /^id[A-Z]/.test(name) || /^annee(?!s)[A-Z]?/.test(name);
}

const numberFormats: Intl.NumberFormat[] = [];

/**
 * A number as read in French, grouped by thousands with a narrow no-break space (« 12 345 »), with
 * at most `decimals` decimals after a comma (« 1,2 »). A whole number is written here digit by
 * digit, exactly as `Intl.NumberFormat('fr-FR')` writes it; any other value goes through that
 * formatter, made on its first use. Making one loads the browser's French number data: made when
 * the entry loaded, it took 75 to 330 ms of the first load's main thread on a CPU slowed four times
 * (docs/decisions/101-student-routes-main-thread.md), for figures that are nearly all whole.
 */
export function frenchNumber(n: number, decimals: 0 | 1 = 0): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
    const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
    return n < 0 ? `-${digits}` : digits;
  }
  numberFormats[decimals] ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: decimals });
  return numberFormats[decimals].format(n);
}

/**
 * A file's size as read in French, in the decimal units the limits are set in (1 Ko = 1 000
 * octets): « 250 octets », « 466 Ko », « 1,2 Mo ». Rounded up, never down, so that a file over a
 * limit never reads as the limit itself (3 000 400 octets: « 3,1 Mo », not « 3 Mo »). The space
 * before the unit is a no-break space.
 */
export function frenchFileSize(bytes: number): string {
  const n = Math.max(0, Math.ceil(bytes));
  if (n < 1_000) return `${frenchNumber(n)}\u00a0${n > 1 ? 'octets' : 'octet'}`;
  const ko = Math.ceil(n / 1_000);
  if (ko < 1_000) return `${frenchNumber(ko)}\u00a0Ko`;
  return `${frenchNumber(Math.ceil(n / 100_000) / 10, 1)}\u00a0Mo`;
}

/** Burkina Faso's time (UTC+0 all year, no summer time): dates are read in it wherever the phone is. */
export const OUAGA_TIME_ZONE = 'Africa/Ouagadougou';

/**
 * A day as people read it, '01/12/2026', from an ISO day or moment ('2026-12-01', or its first ten
 * characters: a moment in UTC is Ouagadougou's day). The one writing of a day in the texts, the
 * journal, the SMS and the PDFs.
 */
export const frenchDay = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('/');

let dateTimeShort: Intl.DateTimeFormat | undefined;

/** '23/11/2026 14:05', in Ouagadougou's time: tables, histories (the formatter made on first use). */
export function frenchDateTimeShort(d: Date): string {
  dateTimeShort ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: OUAGA_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return dateTimeShort.format(d);
}

/** A text as HTML writes it: its markup characters as entities (mails, the status page). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A name as stored (« Cité « Chinoise » »), its French quotes held to the words they enclose by
 * no-break spaces, so that a line never starts with « » » nor ends with « « ».
 */
export const quotesHeld = (text: string): string =>
  text.replace(/«\s+/g, '«\u00a0').replace(/\s+»/g, '\u00a0»');

/**
 * A person's full name, the same on every screen, PDF, mail and message: the family name, then the
 * given names (« Nikièma Aïcha Bernadette »), as the agency's lists and registry sort them. A part
 * missing or blank is left out; neither gives ''.
 */
export function fullName(nom: string | null | undefined, prenom: string | null | undefined): string {
  return [nom, prenom]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}
