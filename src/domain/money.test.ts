import { describe, expect, it } from 'vitest';
import { fill, messages } from './messages';
import { formatFcfa } from './money';

describe('formatFcfa', () => {
  it('groups the thousands with a narrow no-break space on screens', () => {
    expect(formatFcfa(25000)).toBe('25\u202f000');
    expect(formatFcfa(1250000)).toBe('1\u202f250\u202f000');
    expect(formatFcfa(500)).toBe('500');
  });

  it('groups them with a plain space for the PDFs, the mails and the SMS', () => {
    expect(formatFcfa(25000, { plain: true })).toBe('25 000');
    expect(formatFcfa(1250000, { plain: true })).toBe('1 250 000');
    expect(formatFcfa(0, { plain: true })).toBe('0');
  });

  it('adds the unit from the catalogue', () => {
    expect(formatFcfa(25000, { unit: true })).toBe(fill(messages.montantFcfa, { montant: '25\u202f000' }));
    expect(formatFcfa(12500, { plain: true, unit: true })).toBe('12 500 FCFA');
  });
});
