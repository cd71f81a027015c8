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
  addDays,
  citesFermees,
  owedInstalments,
  allocateCharges,
  owedParts,
  proposedPayment,
  departureBalance,
  owedAtDeparture,
} from './rent';
import { DELAI_PREMIERE_ECHEANCE_JOURS } from './limits';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the schedule', () => {
  it('starts on 5 November of the session’s first year by default', () => {
    expect(defaultPremiereEcheance(2026)).toBe('2026-11-05');
  });

  it('falls on the same day of each month, across the new year; none owed while the cités are closed', () => {
    const s = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 10, montant: 7500 });
    expect(s.map((i) => i.dateEcheance).at(-1)).toBe('2027-08-05');
    const owed = owedInstalments(s);
    expect(owed.map((i) => i.dateEcheance)).toEqual([
      '2026-11-05',
      '2026-12-05',
      '2027-01-05',
      '2027-02-05',
      '2027-03-05',
      '2027-04-05',
      '2027-05-05',
      '2027-06-05',
      '2027-07-05',
    ]);
    // The 10th (5 August) is not owed: the cités are closed from 1 August to 30 September.
    expect(owed.map((i) => i.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(owed.every((i) => i.montant === 7500)).toBe(true);
    expect(citesFermees('2027-08-05')).toBe(true);
    expect(citesFermees('2027-09-30')).toBe(true);
    expect(citesFermees('2027-10-01')).toBe(false);
  });

  it('owes nothing before the assignment; one due within the grace moves to its last day', () => {
    const at = (debut: string) =>
      owedInstalments(
        instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 10, montant: 4000 }),
        debut,
      ).map((i) => [i.numero, i.dateEcheance]);
    // Assigned on 1 October: the whole schedule, as from the session.
    expect(at('2026-10-01')).toHaveLength(9);
    // Assigned on 2 November: November's is owed, 7 days after the assignment.
    expect(at('2026-11-02').slice(0, 2)).toEqual([
      [1, '2026-11-09'],
      [2, '2026-12-05'],
    ]);
    // Assigned on 5 November (the instalment's day) or on the 20th: November is not owed.
    expect(at('2026-11-05')[0]).toEqual([2, '2026-12-05']);
    expect(at('2026-11-20')[0]).toEqual([2, '2026-12-05']);
    // Assigned on 29 November: December's falls within the grace, due on 6 December.
    expect(at('2026-11-29')).toEqual([
      [2, '2026-12-06'],
      [3, '2027-01-05'],
      [4, '2027-02-05'],
      [5, '2027-03-05'],
      [6, '2027-04-05'],
      [7, '2027-05-05'],
      [8, '2027-06-05'],
      [9, '2027-07-05'],
    ]);
    // 8 × 4,000 = 32,000 FCFA for December to July, the months lived.
    expect(at('2026-11-29')).toHaveLength(8);
    // Assigned on 30 July: July's is not owed, nor anything after (the cités close).
    expect(at('2027-07-30')).toEqual([]);
    expect(at('2027-07-01')).toEqual([[9, '2027-07-08']]);
  });

  it('never owes before the assignment nor while the cités are closed, the months lived alone (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: -60, max: 400 }),
        (start, n, m, offset) => {
          const debut = addDays(start, offset);
          const schedule = instalmentSchedule({ premiereEcheance: start, moisLoyer: n, montant: m });
          const whole = owedInstalments(schedule);
          const s = owedInstalments(schedule, debut);
          for (const i of s) {
            expect(i.dateEcheance > debut).toBe(true);
            expect(i.dateEcheance >= addDays(debut, DELAI_PREMIERE_ECHEANCE_JOURS)).toBe(true);
            expect(citesFermees(i.dateEcheance)).toBe(false);
          }
          // Dates and numbers in order, one per month of the schedule.
          for (let k = 1; k < s.length; k++) {
            expect(s[k].numero).toBeGreaterThan(s[k - 1].numero);
            expect(s[k].dateEcheance > s[k - 1].dateEcheance).toBe(true);
          }
          // What is owed: the open months of the schedule begun after the assignment, each once.
          const lived = whole.filter((i) => i.dateEcheance > debut).map((i) => i.numero);
          expect(s.map((i) => i.numero).every((k) => lived.includes(k))).toBe(true);
          expect(s.length).toBeGreaterThanOrEqual(lived.length - 1);
          expect(s.reduce((t, i) => t + i.montant, 0)).toBe(s.length * m);
          // A later assignment never owes more.
          const later = owedInstalments(schedule, addDays(debut, 17));
          expect(later.length).toBeLessThanOrEqual(s.length);
          // Assigned before the first instalment's grace: the session's whole schedule.
          const early = owedInstalments(schedule, addDays(start, -DELAI_PREMIERE_ECHEANCE_JOURS));
          expect(early).toEqual(whole);
        },
      ),
    );
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
          // Owed: every month of the schedule but those the cités are closed.
          const open = s.map((i) => i.dateEcheance).filter((d) => !citesFermees(d));
          expect(owedInstalments(s).map((i) => i.dateEcheance)).toEqual(open);
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

describe('the damage charged at departure', () => {
  it('is paid after the instalments, oldest first; the lines add up to the balance', () => {
    const s = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 2, montant: 3500 });
    const paid = 5000;
    const inst = allocatePayments(s, paid, '2027-01-10');
    const left = paid - inst.reduce((t, i) => t + i.paye, 0);
    const charges = allocateCharges([{ montant: 7500 }], left);
    expect(charges).toEqual([{ montant: 7500, paye: 0, reste: 7500, statut: 'ECHUE' }]);
    const solde = 2 * 3500 + 7500 - paid;
    expect([...inst, ...charges].reduce((t, l) => t + l.reste, 0)).toBe(solde);
    expect(owedParts(solde, 7500)).toEqual({ loyer: 2000, degradations: 7500 });
    expect(owedParts(3000, 7500)).toEqual({ loyer: 0, degradations: 3000 });
    expect(owedParts(-500, 7500)).toEqual({ loyer: 0, degradations: 0 });
    expect(allocateCharges([{ montant: 7500 }, { montant: 1000 }], 8000).map((c) => c.statut)).toEqual([
      'PAYEE',
      'ECHUE',
    ]);
  });
});

describe('the payment proposed', () => {
  const schedule = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 3, montant: 10_000 });
  const base = { montantChambre: 10_000, annulee: false, dateDepart: null };
  const at = (paid: number, today: string) => {
    const echeances = allocatePayments(schedule, paid, today);
    const { arriere, solde } = rentSummary(schedule, paid, today);
    return proposedPayment({ ...base, arriere, solde, echeances, today });
  };

  it('what is late, not ahead, while something is late', () => {
    expect(at(0, '2026-12-10')).toEqual({
      montant: 20_000,
      avance: false,
      prochaineEcheance: { dateEcheance: '2027-01-05', reste: 10_000 },
    });
  });

  it('nothing due yet, or the due paid: ahead, one month, the next instalment named', () => {
    expect(at(0, '2026-11-01')).toEqual({
      montant: 10_000,
      avance: true,
      prochaineEcheance: { dateEcheance: '2026-11-05', reste: 10_000 },
    });
    expect(at(15_000, '2026-11-10')).toEqual({
      montant: 10_000,
      avance: true,
      prochaineEcheance: { dateEcheance: '2026-12-05', reste: 5_000 },
    });
  });

  it('after a departure, all that remains in one payment, never ahead', () => {
    // Left on 1 December: December's instalment (due the 5th) stays owed, with 7,500 of damage;
    // January's is reversed. The balance left is what the departure form said was due.
    const due = departureBalance(
      { echeances: schedule.map((e) => ({ ...e })), degradations: 7_500, paye: 10_000 },
      '2026-12-01',
    );
    expect(due.du).toBe(17_500);
    const echeances = allocatePayments(schedule.slice(0, 2), 10_000, '2026-12-01');
    expect(
      proposedPayment({
        ...base,
        dateDepart: '2026-12-01',
        arriere: 7_500,
        solde: due.du,
        echeances,
        today: '2026-12-01',
      }),
    ).toEqual({
      montant: due.du,
      avance: false,
      prochaineEcheance: { dateEcheance: '2026-12-05', reste: 10_000 },
    });
  });

  it('never above what remains; nothing when the year is paid', () => {
    expect(at(25_000, '2026-11-10')).toMatchObject({ montant: 5_000, avance: true });
    expect(at(30_000, '2026-11-10')).toBeNull();
  });
});

describe('departureBalance (decision 141): what a departure leaves to pay', () => {
  const echeances = instalmentSchedule({ premiereEcheance: '2026-11-05', moisLoyer: 10, montant: 7_500 });
  it('the month of the departure stays owed, even left on its 1st; the later months are no longer due', () => {
    expect(owedAtDeparture('2026-12-05', '2026-12-01')).toBe(true);
    expect(owedAtDeparture('2027-01-05', '2026-12-31')).toBe(false);
    expect(departureBalance({ echeances, degradations: 7_500, paye: 7_500 }, '2026-12-01')).toEqual({
      echeancesDues: 15_000,
      degradations: 7_500,
      paye: 7_500,
      du: 15_000,
      nbPlusDues: 8,
      plusDues: 60_000,
    });
  });
  it('a credit when paid beyond; sums add up to the year whatever the day', () => {
    expect(departureBalance({ echeances, degradations: 0, paye: 30_000 }, '2026-11-30').du).toBe(-22_500);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 90_000 }), (day, paye) => {
        const b = departureBalance({ echeances, degradations: 0, paye }, addDays('2026-10-01', day));
        expect(b.echeancesDues + b.plusDues).toBe(75_000);
        expect(b.du).toBe(b.echeancesDues - paye);
        expect(b.nbPlusDues).toBe(
          echeances.filter((e) => !owedAtDeparture(e.dateEcheance, addDays('2026-10-01', day))).length,
        );
      }),
    );
  });
});
