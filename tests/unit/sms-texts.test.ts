import { describe, expect, it } from 'vitest';
import { GSM_BASIC, gsmSeptets, SMS_MAX_SEPTETS, toGsmBasic } from '../../src/domain/gsm';
import {
  SMS_VALUE_MAX,
  smsPlaceholders,
  smsText,
  smsTexts,
  type SmsKind,
} from '../../src/domain/messages-sms';
import { normalisePhone } from '../../src/domain/phone';

/**
 * Every SMS text (docs/messages.md#sms) in the GSM 03.38 7-bit alphabet and within one SMS of 160
 * characters, filled with the longest value each placeholder may take, values made of the
 * alphabet's widest-looking letters and of letters it lacks (written another way); no password,
 * no average, no rank.
 */
const KINDS = Object.keys(smsTexts) as SmsKind[];

/** The longest plausible values: at their cap, with accents the alphabet lacks. */
const longest = (kind: SmsKind, fillWith: string) =>
  Object.fromEntries(
    smsPlaceholders(kind).map((p) => [
      p,
      fillWith.repeat(SMS_VALUE_MAX[p] * 2).slice(0, SMS_VALUE_MAX[p] * 2),
    ]),
  );

describe('SMS texts', () => {
  it.each(KINDS)('%s is written in the GSM alphabet, placeholders aside', (kind) => {
    const bare = smsTexts[kind].replace(/\{\w+\}/g, '');
    expect(gsmSeptets(bare), bare).not.toBeNull();
    // No character of the extension table (each counts double), no no-break space, no ’.
    expect([...bare].every((c) => GSM_BASIC.includes(c))).toBe(true);
  });

  it.each(KINDS)('%s fits one SMS with the longest values', (kind) => {
    for (const fillWith of ['W', 'ê', 'Ouédraogo Çœ’ ', '€[]{}']) {
      const text = smsText(kind, longest(kind, fillWith));
      const septets = gsmSeptets(text);
      expect(septets, text).not.toBeNull();
      expect(septets!, text).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    }
  });

  it.each(KINDS)('%s holds no password, average, rank or score', (kind) => {
    expect(smsTexts[kind]).not.toMatch(/mot de passe\s*:|moyenne|rang|score|\/ ?20/i);
  });

  it('writes the letters the alphabet lacks without their accent', () => {
    expect(toGsmBasic('Cité Kossodo, bâtiment Ô, chambre ç12 — « œil » l’été')).toBe(
      'Cité Kossodo, batiment O, chambre c12 - " oeil " l\'été',
    );
    expect(toGsmBasic('ABCDEFGH', 5)).toBe('ABCDE');
    expect(toGsmBasic('漢字')).toBe('??');
  });

  it('fills a text', () => {
    expect(smsText('CODE_MOT_DE_PASSE', { code: '012345', minutes: 15 })).toBe(
      'CENOU : votre code pour changer de mot de passe est 012345. Valable 15 minutes. Ne le donnez à personne.',
    );
  });
});

describe('phone numbers', () => {
  it.each([
    ['70 12 34 56', '+22670123456'],
    ['70-12-34-56', '+22670123456'],
    ['+226 70 12 34 56', '+22670123456'],
    ['0022670123456', '+22670123456'],
    ['22670123456', '+22670123456'],
    ['+225 07 08 09 10 11', '+2250708091011'],
    ['7012345', null],
    ['+226 7012345', null],
    ['pas un numéro', null],
    ['', null],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });
});
