import { describe, expect, it } from 'vitest';
import { parseSmsAnswer } from '../../src/domain/sms-answer';

/** What an SMS answer may look like (docs/decisions/030-verified-phone-and-sms-answers.md). */
describe('parseSmsAnswer', () => {
  it.each([
    ['OUI OUA-2026-000123', 'ACCEPTE', 'OUA-2026-000123'],
    ['oui oua-2026-000123', 'ACCEPTE', 'OUA-2026-000123'],
    ['  Oui    OUA-2026-000123  ', 'ACCEPTE', 'OUA-2026-000123'],
    ['NON OUA-2026-000123', 'REFUSE', 'OUA-2026-000123'],
    ['non\toua 2026 000123', 'REFUSE', 'OUA-2026-000123'],
    ['Non, OUA - 2026 - 000123.', 'REFUSE', 'OUA-2026-000123'],
    ['OUI: BOB-2025-1234567', 'ACCEPTE', 'BOB-2025-1234567'],
  ])('%j → %s %s', (text, reponse, reference) => {
    expect(parseSmsAnswer(text)).toEqual({ reponse, reference });
  });

  it.each([
    '',
    'OUI',
    'NON',
    'OUIOUA-2026-000123',
    'PEUT-ETRE OUA-2026-000123',
    'OUI OUA-2026-12',
    'OUI OUA-2026-000123 et merci',
    'OUI OUA-2026-000123 NON',
    'Bonjour, je voudrais une chambre',
    'STOP',
  ])('%j is not an answer', (text) => {
    expect(parseSmsAnswer(text)).toBeNull();
  });
});
