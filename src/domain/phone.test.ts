import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneForDisplay } from './phone';

describe('phoneForDisplay', () => {
  it('reads a Burkina Faso number in pairs after its code, joined by no-break spaces', () => {
    expect(phoneForDisplay('+22670123456')).toBe('+226\u00a070\u00a012\u00a034\u00a056');
    expect(phoneForDisplay(normalisePhone('70 12 34 56')!)).toBe('+226\u00a070\u00a012\u00a034\u00a056');
  });
  it('reads a number stored as typed (the registry’s) the same way', () => {
    expect(phoneForDisplay('70 12 34 56')).toBe('+226\u00a070\u00a012\u00a034\u00a056');
    expect(phoneForDisplay('0022670123456')).toBe('+226\u00a070\u00a012\u00a034\u00a056');
    expect(phoneForDisplay('inconnu')).toBe('inconnu');
  });
  it('keeps another country’s number as stored', () => {
    expect(phoneForDisplay('+2250701020304')).toBe('+2250701020304');
  });
});
