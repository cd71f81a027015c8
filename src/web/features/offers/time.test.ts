import { describe, expect, it } from 'vitest';
import { ouagaDateTime, ouagaDateTimeShort, rangOrdinal, timeLeft } from './time';

const now = new Date('2026-11-23T10:00:00Z');
const plus = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('offer deadlines', () => {
  it('says the time left, rounded down, in French', () => {
    expect(timeLeft(plus(2 * 1440 + 5 * 60 + 59), now)).toBe('Il reste 2 jours et 5 heures');
    expect(timeLeft(plus(1440), now)).toBe('Il reste 1 jour');
    expect(timeLeft(plus(1440 + 60), now)).toBe('Il reste 1 jour et 1 heure');
    expect(timeLeft(plus(3 * 60 + 12), now)).toBe('Il reste 3 heures et 12 minutes');
    expect(timeLeft(plus(60), now)).toBe('Il reste 1 heure');
    expect(timeLeft(plus(8), now)).toBe('Il reste 8 minutes');
    expect(timeLeft(plus(1), now)).toBe('Il reste 1 minute');
    expect(timeLeft(plus(0.5), now)).toBe('Il reste moins d’une minute');
  });

  it('says nothing once the deadline has passed or without one', () => {
    expect(timeLeft(plus(0), now)).toBeNull();
    expect(timeLeft(plus(-5), now)).toBeNull();
    expect(timeLeft(null, now)).toBeNull();
    expect(timeLeft('pas une date', now)).toBeNull();
  });

  it('shows dates in Ouagadougou’s time (UTC+0), whatever the device’s zone', () => {
    expect(ouagaDateTime('2026-11-26T23:30:00.000Z')).toBe('jeudi 26 novembre 2026 à 23:30');
    expect(ouagaDateTimeShort('2026-11-26T23:30:00.000Z')).toBe('26/11/2026 23:30');
    expect(ouagaDateTime(null)).toBe('');
  });

  it('writes a moment in full as the browser’s French formatter does, without making one', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Africa/Ouagadougou',
      dateStyle: 'full',
      timeStyle: 'short',
    });
    // Every 7 h 13 min over four years: each day of the week, each month, midnight and noon near.
    const from = Date.UTC(2025, 0, 1);
    for (let t = from; t < from + 4 * 366 * 86_400_000; t += 433 * 60_000) {
      const d = new Date(t);
      expect(ouagaDateTime(d)).toBe(intl.format(d));
    }
    expect(ouagaDateTime('2026-03-01T00:00:00Z')).toBe('dimanche 1 mars 2026 à 00:00');
    expect(ouagaDateTime('2026-01-05T09:05:00Z')).toBe('lundi 5 janvier 2026 à 09:05');
    expect(ouagaDateTime('pas une date')).toBe('pas une date');
  });

  it('reads ranks as ordinals', () => {
    expect(rangOrdinal(1)).toBe('1er');
    expect(rangOrdinal(2)).toBe('2e');
  });
});
