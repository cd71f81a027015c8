import { describe, expect, it } from 'vitest';
import { dailyAvailability, dueDaysNear, movedDeadline, movedDueDay, outageMinutes } from './availability';

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

  it('moves an instalment due on a day when the outage overlaps the day before, rounded up to a day’s start', () => {
    // Owed from 05/05 00:00; the provider down on 04/05 from 19:40 to 22:05 (2 h 25): 06/05 02:25 → 07/05.
    const outage = { debut: d('2026-05-04T19:40:00Z'), fin: d('2026-05-04T22:05:00Z') };
    expect(movedDueDay('2026-05-05', outage, 60)).toBe('2026-05-07');
    // The same outage ends a day before the 06/05's window, and after the 04/05's deadline.
    expect(movedDueDay('2026-05-06', outage, 60)).toBeNull();
    expect(movedDueDay('2026-05-04', outage, 60)).toBeNull();
    // One minute short of the setting (60 min): nothing.
    expect(
      movedDueDay('2026-05-05', { debut: d('2026-05-04T19:40:00Z'), fin: d('2026-05-04T20:39:00Z') }, 60),
    ).toBeNull();
    // A moved moment on a day's start exactly stays that day: 24 hours down, 05/05 + 48 h = 07/05 00:00.
    expect(
      movedDueDay('2026-05-05', { debut: d('2026-05-04T00:00:00Z'), fin: d('2026-05-05T00:00:00Z') }, 60),
    ).toBe('2026-05-07');
    expect(
      movedDueDay('2026-05-05', { debut: d('2026-05-04T00:00:00Z'), fin: d('2026-05-05T00:01:00Z') }, 60),
    ).toBe('2026-05-08');
    expect(dueDaysNear(outage)).toEqual({ from: '2026-05-05', to: '2026-05-05' });
    expect(dueDaysNear({ debut: d('2026-05-04T23:00:00Z'), fin: d('2026-05-05T01:00:00Z') })).toEqual({
      from: '2026-05-05',
      to: '2026-05-06',
    });
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
