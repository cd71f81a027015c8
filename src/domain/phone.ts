/**
 * Phone numbers as the SMS channel stores them (docs/messages.md#sms): E.164, `+` and digits.
 * Burkina Faso's numbers have 8 digits after its code 226; a number written without a country code
 * is one of them (`70 12 34 56`, `0022670123456`, `+226 70-12-34-56` are all `+22670123456`).
 * Another country's number is kept when written with its code (`+225…`, `00225…`).
 */
const BURKINA_CODE = '226';

/** Separators a number may be written with between its digits. */
const SEP = String.raw`[\s().\-/]*`;
const DIGITS = (n: string) => String.raw`(?:${SEP}\d)${n}`;
const CODE = `2${SEP}2${SEP}6`;

/**
 * Exactly the numbers `normalisePhone` reads (for the API's schemas and their description): `+`
 * or `00` then Burkina Faso's code and 8 digits or another country's 8 to 15 digits; without
 * them, 8 digits, or 226 and 8 digits; separators (spaces, dots, dashes, slashes, brackets)
 * anywhere between.
 */
export const PHONE_PATTERN = new RegExp(
  String.raw`^\s*(?:(?:\+|00)${SEP}(?:${CODE}${DIGITS('{8}')}|(?!${CODE})[1-9]${DIGITS('{7,14}')})|(?!00)${SEP}(?:${CODE})?${DIGITS('{8}')})${SEP}$`,
);

/** The numbers mobile money can debit (`mobileMoneyPhone`): Burkina Faso's only. */
export const MOBILE_PHONE_PATTERN = new RegExp(
  String.raw`^\s*(?:(?:\+|00)${SEP}${CODE}|(?!00)${SEP}(?:${CODE})?)${DIGITS('{8}')}${SEP}$`,
);

export function normalisePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!PHONE_PATTERN.test(raw)) return null;
  const trimmed = raw.trim();
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

/**
 * A number as a person reads it, on every screen, PDF and message: Burkina Faso's in pairs after
 * its code, joined by no-break spaces (`+226 70 12 34 56`), however it was stored or typed (a
 * registry's `70 12 34 56`, E.164 `+22670123456`); another country's, or text that is no number,
 * as it is.
 */
export function phoneForDisplay(phone: string): string {
  const m = /^\+226(\d{8})$/.exec(normalisePhone(phone) ?? phone);
  return m ? `+226\u00a0${m[1].replace(/(\d\d)(?=\d)/g, '$1\u00a0')}` : phone;
}
