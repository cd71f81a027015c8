/**
 * Phone numbers as the SMS channel stores them (docs/messages.md#sms): E.164, `+` and digits.
 * Burkina Faso's numbers have 8 digits after its code 226; a number written without a country code
 * is one of them (`70 12 34 56`, `0022670123456`, `+226 70-12-34-56` are all `+22670123456`).
 * Another country's number is kept when written with its code (`+225…`, `00225…`).
 */
export const BURKINA_CODE = '226';

export function normalisePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  if (!/^[+\d\s().\-/]+$/.test(trimmed)) return null;
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  if (!international) {
    if (digits.length === 8) return `+${BURKINA_CODE}${digits}`;
    if (digits.length === 11 && digits.startsWith(BURKINA_CODE)) return `+${digits}`;
    return null;
  }
  if (digits.startsWith(BURKINA_CODE)) return digits.length === 11 ? `+${digits}` : null;
  return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null;
}

/** The number as SMPP's `destination_addr` takes it with an international type of number: digits only. */
export const smppAddress = (e164: string) => e164.replace(/^\+/, '');
