import { describe, expect, it } from 'vitest';
import {
  academicMonths,
  arrearsShare,
  daysBetween,
  median,
  medianOfCounts,
  monthOccupancy,
  statisticsYearChoices,
  weightedMonthOccupancy,
  yearRange,
} from './statistics';

describe('statistics', () => {
  it('walks an academic year from October to September, with each month its days', () => {
    const months = academicMonths(2027);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ debut: '2027-10-01', fin: '2027-11-01', jours: 31 });
    expect(months[4]).toEqual({ debut: '2028-02-01', fin: '2028-03-01', jours: 29 }); // leap year
    expect(months[11]).toEqual({ debut: '2028-09-01', fin: '2028-10-01', jours: 30 });
    expect(months.reduce((s, m) => s + m.jours, 0)).toBe(366);
  });

  it('counts the bed-days of each month from the spans, a month under way over its days gone by', () => {
    const spans = [
      { debut: '2025-09-20', fin: null }, // the whole year (began before it)
      { debut: '2025-10-01', fin: '2025-10-16' }, // the first 15 days of October
      { debut: '2025-10-21', fin: null, n: 2 }, // two beds from 21 October
    ];
    const occ = monthOccupancy(spans, 4, 2025, '2025-12-11');
    // October: 31 + 15 + 2 × 11 = 68 bed-days over 4 × 31.
    expect(occ[0]).toBe(Math.round((68 / 124) * 1000) / 10);
    // November: 30 + 2 × 30 = 90 over 120.
    expect(occ[1]).toBe(75);
    // December, 10 days gone by and today: 11 + 2 × 11 = 33 over 44.
    expect(occ[2]).toBe(75);
    // The months not begun are null.
    expect(occ.slice(3)).toEqual(Array(9).fill(null));
  });

  it('reads a day as its number of days from 1970-01-01 the same as its text', () => {
    const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    const spans = [
      { debut: '2025-09-20', fin: null },
      { debut: '2025-10-01', fin: '2025-10-16' },
      { debut: '2025-10-21', fin: '2026-03-02', n: 2 },
    ];
    const numbered = spans.map((s) => ({
      ...s,
      debut: days(s.debut),
      fin: s.fin === null ? null : days(s.fin),
    }));
    expect(numbered[1]).toMatchObject({ debut: 20362, fin: 20377 });
    for (const today of ['2025-12-11', '2026-09-30', '2027-01-01'])
      expect(monthOccupancy(numbered, 4, 2025, today)).toEqual(monthOccupancy(spans, 4, 2025, today));
  });

  it('counts today: beds given this morning fill the month under way', () => {
    // 54 of 60 beds given on 29 November, the day under way: November is measured over its 29 days.
    const occ = monthOccupancy([{ debut: '2026-11-29', fin: null, n: 54 }], 60, 2026, '2026-11-29');
    expect(occ[0]).toBe(0);
    expect(occ[1]).toBe(Math.round(((54 * 1) / (60 * 29)) * 1000) / 10);
    expect(occ[1]).toBeGreaterThan(0);
    // The next day, two days of the 54 beds held.
    expect(monthOccupancy([{ debut: '2026-11-29', fin: null, n: 54 }], 60, 2026, '2026-11-30')[1]).toBe(
      Math.round(((54 * 2) / (60 * 30)) * 1000) / 10,
    );
    // A bed freed today was held until this morning only: today is not its.
    expect(monthOccupancy([{ debut: '2026-11-01', fin: '2026-11-29' }], 1, 2026, '2026-11-29')[1]).toBe(
      Math.round((28 / 29) * 1000) / 10,
    );
    // The first day of a month counts for it.
    expect(monthOccupancy([{ debut: '2026-12-01', fin: null }], 1, 2026, '2026-12-01')[2]).toBe(100);
  });

  it('offers the years from the first with a session to the year under way', () => {
    expect(statisticsYearChoices([2026, 2025, 2025], 2026)).toEqual([2026, 2025]);
    expect(statisticsYearChoices([], 2026)).toEqual([2026]);
    // A session prepared for next year is offered too; a year out of range is not.
    expect(statisticsYearChoices([2027, 2024, 1900], 2026)).toEqual([2027, 2026, 2025, 2024]);
  });

  it('has no occupancy for a cité without beds', () => {
    expect(monthOccupancy([], 0, 2024, '2030-01-01')).toEqual(Array(12).fill(null));
    // October to July measured; August and September, the cités closed, not.
    expect(monthOccupancy([], 3, 2024, '2030-01-01')).toEqual([...Array(10).fill(0), null, null]);
  });

  it('measures no month the cités are closed, though an assignment runs to the year’s end', () => {
    const occ = monthOccupancy([{ debut: '2025-10-01', fin: null }], 1, 2025, '2026-12-01');
    expect(occ.slice(0, 10)).toEqual(Array(10).fill(100));
    expect(occ.slice(10)).toEqual([null, null]);
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 4])).toBe(4);
    expect(median([1, 2, 10, 4])).toBe(3);
    expect(
      medianOfCounts([
        { valeur: 5, n: 3 },
        { valeur: 1, n: 1 },
        { valeur: 20, n: 1 },
      ]),
    ).toBe(5);
    expect(
      medianOfCounts([
        { valeur: 2, n: 2 },
        { valeur: 6, n: 2 },
      ]),
    ).toBe(4);
    expect(medianOfCounts([{ valeur: 2, n: 0 }])).toBeNull();
  });

  it('gives the share of rent in arrears, null when nothing was due', () => {
    expect(arrearsShare(0, 0)).toBeNull();
    expect(arrearsShare(3_500, 35_000)).toBe(10);
    expect(arrearsShare(1, 3)).toBe(33.3);
  });

  it('counts days and years', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(yearRange(2023, 2025)).toEqual([2023, 2024, 2025]);
  });

  it('sums several cités into one occupancy a month, weighted by their beds', () => {
    const months = (first: (number | null)[]) => [...first, ...Array(12 - first.length).fill(null)];
    const got = weightedMonthOccupancy([
      { lits: 100, occupationParMois: months([50, 100, null]) },
      { lits: 300, occupationParMois: months([90, 0, null]) },
      { lits: 0, occupationParMois: months([10, 10, 10]) },
    ]);
    // (50 × 100 + 90 × 300) / 400 = 80; (100 × 100 + 0) / 400 = 25; a month no cité with beds has: empty.
    expect(got.slice(0, 3)).toEqual([80, 25, null]);
    expect(got).toHaveLength(12);
    expect(weightedMonthOccupancy([{ lits: 3, occupationParMois: months([33.33]) }])[0]).toBe(33.3);
    expect(weightedMonthOccupancy([]).every((v) => v === null)).toBe(true);
  });
});
