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
