import { describe, expect, it } from 'vitest';
import { dailyAvailability, movedDeadline, outageMinutes } from './availability';

const d = (s: string) => new Date(s);

describe('availability rules', () => {
  const deadline = d('2026-09-10T23:59:00Z');

  it('moves a deadline by the outage plus 24 hours when the outage passes the setting within the last 24 hours', () => {
    const outage = { debut: d('2026-09-10T20:00:00Z'), fin: d('2026-09-10T21:30:00Z') };
    expect(movedDeadline(deadline, outage, 60)?.toISOString()).toBe('2026-09-12T01:29:00.000Z');
  });

  it('moves nothing for an outage one minute short of the setting, or at the setting exactly', () => {
    expect(
      movedDeadline(deadline, { debut: d('2026-09-10T20:00:00Z'), fin: d('2026-09-10T20:59:00Z') }, 60),
    ).toBeNull();
    expect(
      movedDeadline(deadline, { debut: d('2026-09-10T20:00:00Z'), fin: d('2026-09-10T21:00:00Z') }, 60),
    ).toBeNull();
  });

  it('moves nothing for an outage outside the last 24 hours or after the deadline', () => {
    expect(
      movedDeadline(deadline, { debut: d('2026-09-08T10:00:00Z'), fin: d('2026-09-09T22:00:00Z') }, 60),
    ).toBeNull();
    expect(
      movedDeadline(deadline, { debut: d('2026-09-11T00:00:00Z'), fin: d('2026-09-11T03:00:00Z') }, 60),
    ).toBeNull();
  });

  it('counts an outage that began before the window and ends inside it', () => {
    const outage = { debut: d('2026-09-09T22:00:00Z'), fin: d('2026-09-10T01:00:00Z') };
    expect(movedDeadline(deadline, outage, 60)?.toISOString()).toBe('2026-09-12T02:59:00.000Z');
  });

  it('gives each day its share outside outages, null before the first heartbeat, today up to now', () => {
    const now = d('2026-09-10T12:00:00Z');
    const days = dailyAvailability(
      [{ debut: d('2026-09-09T00:00:00Z'), fin: d('2026-09-09T02:24:00Z') }],
      d('2026-09-08T12:00:00Z'),
      now,
      4,
    );
    expect(days).toEqual([
      { date: '2026-09-07', disponibilite: null },
      { date: '2026-09-08', disponibilite: 100 },
      { date: '2026-09-09', disponibilite: 90 },
      { date: '2026-09-10', disponibilite: 100 },
    ]);
  });

  it('counts overlapping outages once', () => {
    const now = d('2026-09-10T12:00:00Z');
    const [day] = dailyAvailability(
      [
        { debut: d('2026-09-10T10:00:00Z'), fin: d('2026-09-10T12:00:00Z') },
        { debut: d('2026-09-10T11:00:00Z'), fin: d('2026-09-10T12:00:00Z') },
      ],
      d('2026-09-10T09:00:00Z'),
      now,
      1,
    );
    expect(day.disponibilite).toBe(33.3);
  });

  it('tells an outage in whole minutes', () => {
    expect(outageMinutes({ debut: d('2026-09-09T00:00:00Z'), fin: d('2026-09-09T01:30:20Z') })).toBe(90);
  });
});
