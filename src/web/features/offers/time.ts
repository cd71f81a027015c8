import { fill } from '../../lib/format';
import { frenchDateTimeShort, OUAGA_TIME_ZONE } from '../../../domain/format';
import { messages } from '../../../domain/messages';

/** Burkina Faso's time (UTC+0 all year, no summer time): deadlines are read in it wherever the phone is. */
export const OUAGA = OUAGA_TIME_ZONE;

function parse(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
/**
 * The days from Sunday (`getUTCDay`'s order) and the months from January, as the catalogue writes
 * them; each read as `messages.key`, which the build writes as its text (the catalogue itself stays
 * out of the entry: `inlineMessages`, vite.config.ts).
 */
const DAYS = [
  messages.jourDimanche,
  messages.jourLundi,
  messages.jourMardi,
  messages.jourMercredi,
  messages.jourJeudi,
  messages.jourVendredi,
  messages.jourSamedi,
];
/** The months' names, January first (a `Date`'s `getUTCMonth()`). */
export const MONTHS = [
  messages.moisJanvier,
  messages.moisFevrier,
  messages.moisMars,
  messages.moisAvril,
  messages.moisMai,
  messages.moisJuin,
  messages.moisJuillet,
  messages.moisAout,
  messages.moisSeptembre,
  messages.moisOctobre,
  messages.moisNovembre,
  messages.moisDecembre,
];

/**
 * 'lundi 23 novembre 2026 à 14:05', in Ouagadougou's time; '' for no date, the text itself when
 * unreadable. Written from the date's fields with the catalogue's names of days and months, as
 * `Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short' })` writes it (a unit test
 * compares them), without making one: the first date formatter a page makes loads the locale's and
 * the time zone's data, 12 to 34 ms of a desktop's main thread in one piece, four times that on a
 * phone, for the two dates of the room choice's slot or an offer's deadline
 * (docs/decisions/136-room-choice-lighter-page-and-read.md). Ouagadougou keeps UTC all year (no
 * summer time), so its day and hour are UTC's.
 */
export function ouagaDateTime(value: string | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return value == null ? '' : String(value);
  return fill(messages.datePleine, {
    jour: DAYS[d.getUTCDay()],
    date: d.getUTCDate(),
    mois: MONTHS[d.getUTCMonth()],
    annee: d.getUTCFullYear(),
    heure: ouagaTime(d),
  });
}

/**
 * '14:05', the time of day in Ouagadougou (UTC all year: its hour is UTC's), from the date's fields:
 * a hold's end, where the day goes without saying; the time of `ouagaDateTime` too.
 */
export function ouagaTime(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  return `${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`;
}

/** '23/11/2026 14:05', in Ouagadougou's time (tables). */
export function ouagaDateTimeShort(value: string | Date | null | undefined): string {
  const d = parse(value);
  if (!d) return value == null ? '' : String(value);
  return frenchDateTimeShort(d);
}

const unit = (n: number, one: string, many: string) => (n === 1 ? one : fill(many, { n }));

/**
 * The time left before `deadline`, rounded down: 'Il reste 2 jours et 5 heures', 'Il reste
 * 3 heures et 12 minutes', 'Il reste 8 minutes', 'Il reste moins d’une minute'; null once it has passed.
 */
export function timeLeft(deadline: string | Date | null | undefined, now: Date): string | null {
  const d = parse(deadline);
  if (!d) return null;
  const ms = d.getTime() - now.getTime();
  if (ms <= 0) return null;
  if (ms < 60_000) return messages.dureeMoinsUneMinute;
  return fill(messages.dureeReste, { duree: minutesInWords(Math.floor(ms / 60_000)) });
}

/** A whole number of minutes (at least 1) in words: '2 jours et 5 heures', '3 heures et 12 minutes', '8 minutes'. */
export function minutesInWords(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const j = unit(days, messages.dureeJour, messages.dureeJours);
  const h = unit(hours, messages.dureeHeure, messages.dureeHeures);
  const m = unit(mins, messages.dureeMinute, messages.dureeMinutes);
  if (days > 0) return hours > 0 ? fill(messages.dureeEt, { a: j, b: h }) : j;
  if (hours > 0) return mins > 0 ? fill(messages.dureeEt, { a: h, b: m }) : h;
  return m;
}

/** '1er', '2e', '15e': a rank as read in French. */
export const rangOrdinal = (rang: number) =>
  rang === 1 ? messages.rangPremier : fill(messages.rangNieme, { n: rang });
