import { describe, expect, it } from 'vitest';
import { studentMenuState } from './student-menu';

describe('studentMenuState (decision 066)', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('offers nothing of the cités to a student without an assignment', () => {
    expect(studentMenuState([], now)).toEqual({ resident: false, depart: false, loyer: false });
  });
  it('offers everything to a resident', () => {
    expect(studentMenuState([{ annulee: false, dateDepart: null, solde: 0 }], now)).toEqual({
      resident: true,
      depart: true,
      loyer: true,
    });
  });
  it('keeps the departure and the rent for a year after leaving', () => {
    const left = (dateDepart: string, solde = 0) =>
      studentMenuState([{ annulee: true, dateDepart, solde }], now);
    expect(left('2026-06-30')).toEqual({ resident: false, depart: true, loyer: true });
    expect(left('2025-06-30')).toEqual({ resident: false, depart: false, loyer: false });
    // Money owed either way keeps the rent, whenever the student left.
    expect(left('2025-06-30', 4_500)).toEqual({ resident: false, depart: false, loyer: true });
    expect(left('2025-06-30', -4_500)).toEqual({ resident: false, depart: false, loyer: true });
  });
  it('shows a cancelled assignment with money owed only in the rent', () => {
    expect(studentMenuState([{ annulee: true, dateDepart: null, solde: 12_000 }], now)).toEqual({
      resident: false,
      depart: false,
      loyer: true,
    });
  });
  it('offers « Dépôt » as the server says the direction takes a deposit, once read', () => {
    expect(studentMenuState([], now, { depotPossible: true })).toEqual({
      resident: false,
      depart: false,
      loyer: false,
      depot: true,
    });
    expect(studentMenuState([], now, { depotPossible: false }).depot).toBe(false);
    // Not read yet: nothing said, the entry shows.
    expect(studentMenuState([], now)).not.toHaveProperty('depot');
  });
});
