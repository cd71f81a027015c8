import { frenchNumber, OUAGA_TIME_ZONE } from '../../domain/format';
import { fill, messages } from '../../domain/messages';

/** Fills `{name}` placeholders of a catalogue text (the domain's one helper). */
export { fill };

/** `YYYY-MM-DD` of a date picked in the calendar (local day, no time-zone shift). */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The local day of a `YYYY-MM-DD` value, or null. */
export function fromIsoDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** `DD/MM/YYYY`, as dates are read in Burkina Faso. */
export function frenchDate(value: unknown): string {
  const d = fromIsoDate(value);
  if (!d) return value == null ? '' : String(value);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

let percentFormat: Intl.NumberFormat | undefined;

/** A count as read in French: `12 345` (a narrow no-break space between thousands). */
export function frenchInteger(value: number): string {
  return frenchNumber(value);
}

/** `part` as a share of `whole` in French (`45,5 %`), or null when `whole` is not a positive count. */
export function frenchPercent(part: number, whole: number): string | null {
  if (!(whole > 0) || !Number.isFinite(part)) return null;
  percentFormat ??= new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
  return percentFormat.format(part / whole);
}

/** A file's size in French (« 250 octets », « 466 Ko », « 1,2 Mo »): the domain's one formatter. */
export { frenchFileSize } from '../../domain/format';

let dateTimeLong: Intl.DateTimeFormat | undefined;

/**
 * '29 novembre 2026 à 21 h 58' ('1er décembre' on a month's first day), in Ouagadougou's time: a
 * moment in a sentence (« jusqu'au … »); the formatter made on first use.
 */
export function frenchDateTimeLong(d: Date): string {
  dateTimeLong ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: OUAGA_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = dateTimeLong.formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('day') === '1' ? '1er' : get('day');
  return fill(messages.dateHeureLongue, {
    date: `${day} ${get('month')} ${get('year')}`,
    h: get('hour'),
    m: get('minute'),
  });
}
