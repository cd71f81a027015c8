/** Fills `{name}` placeholders of a catalogue text (the domain's one helper). */
export { fill } from '../../domain/messages';

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

const integerFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/** A count as read in French: `12 345` (a narrow no-break space between thousands). */
export function frenchInteger(value: number): string {
  return integerFormat.format(value);
}

/** `part` as a share of `whole` in French (`45,5 %`), or null when `whole` is not a positive count. */
export function frenchPercent(part: number, whole: number): string | null {
  if (!(whole > 0) || !Number.isFinite(part)) return null;
  return percentFormat.format(part / whole);
}

/** A file's size in French (« 250 octets », « 466 Ko », « 1,2 Mo »): the domain's one formatter. */
export { frenchFileSize } from '../../domain/format';
