/**
 * The GSM 03.38 default alphabet (7-bit), the one an SMS of 160 characters is written in
 * (docs/messages.md#sms). The extension table's characters (`€`, `[`, `{`…) take two of the 160
 * (an escape, then the character). Pure: the SMS texts' test and the server both read it.
 */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

/** One SMS in the 7-bit alphabet (a longer one would be split, and billed, in parts). */
export const SMS_MAX_SEPTETS = 160;

const BASIC = new Set(GSM_BASIC.replace('\u001b', ''));
const EXTENSION = new Set(GSM_EXTENSION);

/** How many septets a text takes in the GSM alphabet; null when a character is not in it. */
export function gsmSeptets(text: string): number | null {
  let n = 0;
  for (const c of text) {
    if (BASIC.has(c)) n += 1;
    else if (EXTENSION.has(c)) n += 2;
    else return null;
  }
  return n;
}

/** Characters written another way: French letters the alphabet lacks (docs/messages.md#sms), typography. */
const REPLACEMENTS: Record<string, string> = {
  ê: 'e',
  ë: 'e',
  â: 'a',
  î: 'i',
  ï: 'i',
  ô: 'o',
  û: 'u',
  ç: 'c',
  œ: 'oe',
  Œ: 'OE',
  ÿ: 'y',
  Ê: 'E',
  È: 'E',
  Ë: 'E',
  Â: 'A',
  À: 'A',
  Î: 'I',
  Ï: 'I',
  Ô: 'O',
  Û: 'U',
  Ù: 'U',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2019': "'",
  '\u2018': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
};

/** Every character in the basic alphabet, none a line break (which `toGsmBasic` makes a space). */
function inBasicAlphabet(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\n' || c === '\r' || !BASIC.has(c)) return false;
  }
  return true;
}

/**
 * A value (a name, a cité, a reference) written in the basic GSM alphabet only: the French letters
 * it lacks lose their accent, other accents are dropped, anything else becomes `?`; the extension
 * table is avoided too (its characters count double). At most `max` characters.
 */
export function toGsmBasic(value: string, max = Infinity): string {
  // Most values (codes, most names) are in the alphabet already: they stay as they are, read once
  // (a cité's fill writes 6,000 SMS of four values each).
  if (inBasicAlphabet(value)) return value.length > max ? value.slice(0, max) : value;
  let out = '';
  // French quotes hold their text with spaces (« Chinoise »); English ones do not ("Chinoise").
  const quoted = value.replace(/«[\s\u00a0\u202f]*/g, '"').replace(/[\s\u00a0\u202f]*»/g, '"');
  for (const c of quoted) {
    let r = REPLACEMENTS[c] ?? c;
    if (![...r].every((x) => BASIC.has(x))) {
      const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
      r = [...bare].every((x) => BASIC.has(x)) ? bare : '?';
    }
    if (r === '\n' || r === '\r') r = ' ';
    out += r;
  }
  return [...out].slice(0, max).join('');
}
