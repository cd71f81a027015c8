import { describe, expect, it } from 'vitest';
import { inventoryDeadline, inventoryRefusal } from './cite-life';

const key = new Date('2026-10-01T08:00:00Z');
const base = { annulee: false, remiseLe: key, type: 'ENTREE' as const, valide: false, resident: true };

describe('when an inventory may be written', () => {
  it('gives the resident 72 hours from the key for its arrival inventory, an agent any time', () => {
    expect(inventoryDeadline(key)?.toISOString()).toBe('2026-10-04T08:00:00.000Z');
    expect(inventoryRefusal({ ...base, now: new Date('2026-10-04T07:59:00Z') })).toBeNull();
    expect(inventoryRefusal({ ...base, now: new Date('2026-10-04T08:00:00Z') })).toBe(
      'etatDesLieuxDelaiDepasse',
    );
    expect(inventoryRefusal({ ...base, resident: false, now: new Date('2026-11-01T00:00:00Z') })).toBeNull();
  });

  it('refuses before the key, after the assignment ended and once countersigned', () => {
    const now = new Date('2026-10-02T00:00:00Z');
    expect(inventoryRefusal({ ...base, remiseLe: null, now })).toBe('etatDesLieuxSansCle');
    expect(inventoryRefusal({ ...base, annulee: true, now })).toBe('affectationTerminee');
    expect(inventoryRefusal({ ...base, valide: true, now })).toBe('etatDesLieuxDejaValide');
  });
});
