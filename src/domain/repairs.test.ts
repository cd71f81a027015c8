import { describe, expect, it } from 'vitest';
import {
  autoCloseAt,
  isLate,
  isOpenAndLate,
  medianHours,
  moveRefusal,
  movesOf,
  repairDeadline,
} from './repairs';

const at = (iso: string) => new Date(iso);

describe('repairs: due dates', () => {
  it('24 hours for an emergency, 72 for a high priority, 7 days for a normal one', () => {
    const t = '2026-11-02T08:00:00.000Z';
    expect(repairDeadline('URGENCE', t).toISOString()).toBe('2026-11-03T08:00:00.000Z');
    expect(repairDeadline('HAUTE', t).toISOString()).toBe('2026-11-05T08:00:00.000Z');
    expect(repairDeadline('NORMALE', t).toISOString()).toBe('2026-11-09T08:00:00.000Z');
  });

  it('a request is late once past due while still open, and stays late when resolved after it', () => {
    const due = '2026-11-03T08:00:00.000Z';
    expect(isLate('NOUVELLE', due, at('2026-11-03T08:00:01Z'), null)).toBe(true);
    expect(isLate('REOUVERTE', due, at('2026-11-04T00:00:00Z'), '2026-11-02T09:00:00Z')).toBe(true);
    expect(isLate('PRISE_EN_CHARGE', due, at('2026-11-03T07:59:59Z'), null)).toBe(false);
    expect(isLate('RESOLUE', due, at('2026-12-01T00:00:00Z'), '2026-11-03T07:00:00Z')).toBe(false);
    expect(isLate('CLOTUREE', due, at('2026-12-01T00:00:00Z'), '2026-11-03T07:00:00Z')).toBe(false);
    expect(isLate('RESOLUE', due, at('2026-12-01T00:00:00Z'), '2026-11-03T09:00:00Z')).toBe(true);
    expect(isLate('CLOTUREE', due, at('2026-12-01T00:00:00Z'), '2026-11-03T09:00:00Z')).toBe(true);
    expect(isOpenAndLate('CLOTUREE', due, at('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isOpenAndLate('NOUVELLE', due, at('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('a resolved request closes by itself 7 days later', () => {
    expect(autoCloseAt('2026-11-02T08:00:00.000Z').toISOString()).toBe('2026-11-09T08:00:00.000Z');
  });
});

describe('repairs: the moves', () => {
  const now = at('2026-11-05T00:00:00Z');
  const move = (de: string, vers: string, cote: 'agent' | 'residant', resolueLe: string | null = null) =>
    moveRefusal({ de: de as never, vers: vers as never, cote, resolueLe, now });

  it('the agent takes and resolves, takes again a reopened request', () => {
    expect(move('NOUVELLE', 'PRISE_EN_CHARGE', 'agent')).toBeNull();
    expect(move('PRISE_EN_CHARGE', 'RESOLUE', 'agent')).toBeNull();
    expect(move('REOUVERTE', 'PRISE_EN_CHARGE', 'agent')).toBeNull();
  });

  it('the resident closes or reopens within 7 days of the resolution', () => {
    expect(move('RESOLUE', 'CLOTUREE', 'residant', '2026-11-01T00:00:00Z')).toBeNull();
    expect(move('RESOLUE', 'REOUVERTE', 'residant', '2026-11-01T00:00:00Z')).toBeNull();
    expect(move('RESOLUE', 'REOUVERTE', 'residant', '2026-10-28T00:00:00Z')).toBe('conflit');
  });

  it('a move of the other side is forbidden, a move not in the list a conflict', () => {
    expect(move('NOUVELLE', 'PRISE_EN_CHARGE', 'residant')).toBe('interdit');
    expect(move('RESOLUE', 'CLOTUREE', 'agent', '2026-11-01T00:00:00Z')).toBe('interdit');
    expect(move('NOUVELLE', 'RESOLUE', 'agent')).toBe('conflit');
    expect(move('CLOTUREE', 'REOUVERTE', 'residant')).toBe('conflit');
    expect(move('NOUVELLE', 'NOUVELLE', 'agent')).toBe('conflit');
  });

  it('lists the buttons of each side', () => {
    expect(movesOf('RESOLUE', 'residant')).toEqual(['CLOTUREE', 'REOUVERTE']);
    expect(movesOf('RESOLUE', 'agent')).toEqual([]);
    expect(movesOf('REOUVERTE', 'agent')).toEqual(['PRISE_EN_CHARGE']);
  });
});

describe('repairs: median time to resolve', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(medianHours([])).toBeNull();
    expect(medianHours([5, 1, 3])).toBe(3);
    expect(medianHours([1, 2, 3, 10])).toBe(2.5);
  });
});
