import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocatePayments,
  minimumPayment,
  paymentAmountRefusal,
  refundAmountRefusal,
  defaultPremiereEcheance,
  instalmentSchedule,
  notYetDue,
  rentSummary,
} from './rent';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the schedule', () => {
  it('starts on 5 November of the session’s first year by default', () => {
    expect(defaultPremiereEcheance(2026)).toBe('2026-11-05');
  });

  it('falls on the same day of each month, across the new year', () => {
    const s = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 10, montant: 7500 });
    expect(s.map((i) => i.dateEcheance)).toEqual([
      '2026-11-05',
      '2026-12-05',
      '2027-01-05',
      '2027-02-05',
      '2027-03-05',
      '2027-04-05',
      '2027-05-05',
      '2027-06-05',
      '2027-07-05',
      '2027-08-05',
    ]);
    expect(s.map((i) => i.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s.every((i) => i.montant === 7500)).toBe(true);
  });

  it('takes the last day of a short month, and the 31st again after it', () => {
    expect(
      instalmentSchedule({ premiereEcheance: '2027-01-31', moisLoyer: 4, montant: 1 }).map(
        (i) => i.dateEcheance,
      ),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(addMonths('2028-01-30', 1)).toBe('2028-02-29');
  });

  it('holds for any start, length and amount (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (start, n, m) => {
          const s = instalmentSchedule({ premiereEcheance: start, moisLoyer: n, montant: m });
          expect(s).toHaveLength(n);
          expect(s[0].dateEcheance).toBe(start);
          expect(s.reduce((t, i) => t + i.montant, 0)).toBe(n * m);
          const day = Number(start.slice(8));
          for (let k = 1; k < s.length; k++) {
            const [py, pm] = s[k - 1].dateEcheance.split('-').map(Number);
            const [y, mo, d] = s[k].dateEcheance.split('-').map(Number);
            // One month later, on the same day or the month's last one.
            expect(y * 12 + mo).toBe(py * 12 + pm + 1);
            const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
            expect(d).toBe(Math.min(day, last));
          }
        },
      ),
    );
  });

  it('changes only what is not yet due', () => {
    const s = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 10, montant: 5000 });
    expect(notYetDue(s, '2027-01-05').map((i) => i.numero)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(notYetDue(s, '2026-11-04')).toHaveLength(10);
    expect(notYetDue(s, '2030-01-01')).toHaveLength(0);
  });
});

describe('the allocation of payments', () => {
  const s = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 4, montant: 5000 });

  it('pays the oldest instalment first and tells each one’s state', () => {
    const a = allocatePayments(s, 7000, '2026-12-10');
    expect(a.map((i) => [i.paye, i.reste, i.statut])).toEqual([
      [5000, 0, 'PAYEE'],
      [2000, 3000, 'ECHUE'],
      [0, 5000, 'A_VENIR'],
      [0, 5000, 'A_VENIR'],
    ]);
    expect(allocatePayments(s, 12000, '2026-11-10').map((i) => i.statut)).toEqual([
      'PAYEE',
      'PAYEE',
      'PARTIELLE',
      'A_VENIR',
    ]);
  });

  it('sums: due by today, paid, arrears, balance', () => {
    expect(rentSummary(s, 7000, '2026-12-10')).toEqual({
      totalDu: 20000,
      duADate: 10000,
      paye: 7000,
      arriere: 3000,
      solde: 13000,
    });
    // Due on its own day; a prepayment is no arrears, a credit a negative balance.
    expect(rentSummary(s, 0, '2026-11-05').arriere).toBe(5000);
    expect(rentSummary(s, 25000, '2026-11-05')).toMatchObject({ arriere: 0, solde: -5000 });
  });

  it('never allocates more than paid nor more than owed, oldest first (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ date: isoDate, montant: fc.integer({ min: 0, max: 100_000 }) }), {
          maxLength: 12,
        }),
        fc.integer({ min: 0, max: 2_000_000 }),
        isoDate,
        (items, paid, today) => {
          const list = items.map((x, i) => ({ numero: i + 1, dateEcheance: x.date, montant: x.montant }));
          const a = allocatePayments(list, paid, today);
          const total = list.reduce((t, i) => t + i.montant, 0);
          expect(a.reduce((t, i) => t + i.paye, 0)).toBe(Math.min(paid, total));
          for (const [k, i] of a.entries()) {
            expect(i.paye + i.reste).toBe(i.montant);
            expect(i.paye).toBeGreaterThanOrEqual(0);
            // Nothing goes to an instalment while an older one still owes.
            if (i.paye > 0) expect(a.slice(0, k).every((p) => p.reste === 0)).toBe(true);
          }
          const sum = rentSummary(list, paid, today);
          // Due instalments are the oldest, paid first: the arrears are what they still owe.
          expect(sum.arriere).toBe(a.filter((i) => i.dateEcheance <= today).reduce((t, i) => t + i.reste, 0));
          expect(sum.solde).toBe(total - paid);
        },
      ),
    );
  });
});

describe('a cash amount', () => {
  it('is refused with nothing to pay, or above the balance', () => {
    expect(paymentAmountRefusal(1000, 0)).toBe('rienARegler');
    expect(paymentAmountRefusal(1000, -500)).toBe('rienARegler');
    expect(paymentAmountRefusal(5001, 5000)).toBe('montantAuDelaDuSolde');
    expect(paymentAmountRefusal(5000, 5000)).toBeNull();
    expect(paymentAmountRefusal(1, 5000)).toBeNull();
  });
  it('by mobile money: at least one instalment, or all that remains when less', () => {
    expect(paymentAmountRefusal(7499, 75000, 7500)).toBe('montantInsuffisant');
    expect(paymentAmountRefusal(7500, 75000, 7500)).toBeNull();
    expect(paymentAmountRefusal(3000, 3000, 7500)).toBeNull();
    expect(paymentAmountRefusal(2999, 3000, 7500)).toBe('montantInsuffisant');
    expect(paymentAmountRefusal(3001, 3000, 7500)).toBe('montantAuDelaDuSolde');
    expect(paymentAmountRefusal(7500, 0, 7500)).toBe('rienARegler');
    expect(minimumPayment(3000, 7500)).toBe(3000);
    expect(minimumPayment(-10, 7500)).toBe(0);
  });
});

describe('a refund amount', () => {
  it('is refused without a credit, or above it', () => {
    expect(refundAmountRefusal(1000, 0)).toBe('aucunTropPercu');
    expect(refundAmountRefusal(1000, 5000)).toBe('aucunTropPercu');
    expect(refundAmountRefusal(5001, -5000)).toBe('montantAuDelaDuCredit');
    expect(refundAmountRefusal(5000, -5000)).toBeNull();
    expect(refundAmountRefusal(1, -5000)).toBeNull();
  });
});
