import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTES_DELIBERATION, type ListeDeliberation } from './enums';
import { closeUp, promote, promotionFor, type WaitingCandidate } from './promotion';

const w = (idDossier: number, rang: number, ...listes: ListeDeliberation[]): WaitingCandidate => ({
  idDossier,
  rang,
  listes,
});

describe('promotionFor', () => {
  it('gives the place to the first waiting candidate who may take a place of that list', () => {
    const waiting = [w(1, 1, 'NATIONAUX'), w(2, 2, 'ETRANGERS'), w(3, 3, 'ETRANGERS')];
    expect(promotionFor('ETRANGERS', waiting)).toEqual({ idDossier: 2, liste: 'ETRANGERS' });
    expect(promotionFor('NATIONAUX', waiting)).toEqual({ idDossier: 1, liste: 'NATIONAUX' });
  });

  it('a PUPILLES or ETRANGERS place nobody can take falls back to the first of NATIONAUX', () => {
    const waiting = [w(5, 2, 'NATIONAUX'), w(4, 1, 'ETRANGERS')];
    expect(promotionFor('PUPILLES', waiting)).toEqual({ idDossier: 5, liste: 'NATIONAUX' });
  });

  it('a NATIONAUX place nobody can take stays free; so does any place of an empty list', () => {
    expect(promotionFor('NATIONAUX', [w(1, 1, 'ETRANGERS')])).toBeNull();
    expect(promotionFor('PUPILLES', [])).toBeNull();
  });

  it('follows the ranks, whatever the input order', () => {
    expect(promotionFor('NATIONAUX', [w(9, 3, 'NATIONAUX'), w(8, 2, 'NATIONAUX')])).toEqual({
      idDossier: 8,
      liste: 'NATIONAUX',
    });
  });

  it('closeUp renumbers the waiting list from 1', () => {
    expect(closeUp([w(1, 1), w(2, 2), w(3, 3)], 2).map((x) => [x.idDossier, x.rang])).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });
});

/**
 * A season in miniature: lists with places, a waiting list; any sequence of admissions ending
 * (declines, expiries, withdrawals) each promotes at once. The invariants hold after every step.
 */
describe('after any sequence of answers, expiries and withdrawals', () => {
  const listeArb = fc.constantFrom<ListeDeliberation>(...LISTES_DELIBERATION);
  const scenarioArb = fc.record({
    places: fc.record({
      PUPILLES: fc.integer({ min: 0, max: 4 }),
      ETRANGERS: fc.integer({ min: 0, max: 4 }),
      NATIONAUX: fc.integer({ min: 0, max: 8 }),
    }),
    candidates: fc.array(fc.uniqueArray(listeArb, { minLength: 1, maxLength: 3 }), {
      minLength: 0,
      maxLength: 30,
    }),
    ends: fc.array(fc.nat(), { maxLength: 40 }),
  });

  it('no list holds more than its places, nobody is admitted twice, promotions follow the waiting order', () => {
    fc.assert(
      fc.property(scenarioArb, ({ places, candidates, ends }) => {
        // Initial admission: fill each list in order from the candidates, the rest wait.
        const admitted = new Map<number, ListeDeliberation>();
        const count = (l: ListeDeliberation) => [...admitted.values()].filter((x) => x === l).length;
        const capacity = { ...places };
        candidates.forEach((listes, i) => {
          for (const l of LISTES_DELIBERATION) {
            if (listes.includes(l) && count(l) < capacity[l]) {
              admitted.set(i, l);
              break;
            }
          }
        });
        let waiting: WaitingCandidate[] = candidates
          .map((listes, i) => ({ idDossier: i, listes, rang: 0 }))
          .filter((c) => !admitted.has(c.idDossier))
          .map((c, i) => ({ ...c, rang: i + 1 }));
        const gone = new Set<number>();

        for (const pick of ends) {
          const current = [...admitted.keys()];
          if (current.length === 0) break;
          const leaving = current[pick % current.length];
          const liste = admitted.get(leaving)!;
          admitted.delete(leaving);
          gone.add(leaving);
          const before = waiting;
          const promoted = promotionFor(liste, waiting);
          if (promoted) {
            // The promoted is the first of the waiting list who may take that place.
            const eligible = before
              .filter((x) => x.listes.includes(promoted.liste))
              .sort((a, b) => a.rang - b.rang);
            expect(eligible[0].idDossier).toBe(promoted.idDossier);
            if (promoted.liste !== liste) {
              expect(before.some((x) => x.listes.includes(liste))).toBe(false);
              expect(promoted.liste).toBe('NATIONAUX');
              capacity[liste] -= 1;
              capacity.NATIONAUX += 1;
            }
            expect(admitted.has(promoted.idDossier)).toBe(false);
            expect(gone.has(promoted.idDossier)).toBe(false);
            admitted.set(promoted.idDossier, promoted.liste as ListeDeliberation);
            waiting = closeUp(waiting, promoted.idDossier);
          }
          // Invariants: no list over its places, the total never above the initial places, ranks 1..n.
          for (const l of LISTES_DELIBERATION) expect(count(l)).toBeLessThanOrEqual(capacity[l]);
          expect(admitted.size).toBeLessThanOrEqual(places.PUPILLES + places.ETRANGERS + places.NATIONAUX);
          expect(waiting.map((x) => x.rang)).toEqual(waiting.map((_, i) => i + 1));
          expect(waiting.some((x) => admitted.has(x.idDossier) || gone.has(x.idDossier))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('promote', () => {
  it('gives the place, the next rank of the list, and the waiting list closed up', () => {
    const waiting = [w(1, 1, 'ETRANGERS'), w(2, 2, 'NATIONAUX'), w(3, 3, 'NATIONAUX')];
    const last = { READMISSIONS: 0, PUPILLES: 1, ETRANGERS: 1, NATIONAUX: 3 };
    const out = promote('NATIONAUX', waiting, (l) => last[l]);
    expect(out.promotion).toEqual({ idDossier: 2, liste: 'NATIONAUX' });
    expect(out.rang).toBe(4);
    expect(out.waiting.map((x) => [x.idDossier, x.rang])).toEqual([
      [1, 1],
      [3, 2],
    ]);
    // A PUPILLES place nobody can take: NATIONAUX, ranked after that list's last.
    expect(promote('PUPILLES', waiting, (l) => last[l])).toMatchObject({
      promotion: { idDossier: 2, liste: 'NATIONAUX' },
      rang: 4,
    });
    expect(promote('NATIONAUX', [w(1, 1, 'ETRANGERS')], (l) => last[l])).toEqual({
      promotion: null,
      rang: null,
      waiting: [w(1, 1, 'ETRANGERS')],
    });
  });

  it('agrees with promotionFor and closeUp on any waiting list', () => {
    const listeArb = fc.constantFrom<ListeDeliberation>(...LISTES_DELIBERATION);
    fc.assert(
      fc.property(
        listeArb,
        fc.array(fc.uniqueArray(listeArb, { minLength: 1, maxLength: 3 }), { maxLength: 20 }),
        fc.nat({ max: 50 }),
        (liste, lists, last) => {
          const waiting = lists.map((listes, i) => w(i + 1, i + 1, ...listes));
          const out = promote(liste, waiting, () => last);
          const expected = promotionFor(liste, waiting);
          expect(out.promotion).toEqual(expected);
          expect(out.rang).toBe(expected ? last + 1 : null);
          expect(out.waiting).toEqual(expected ? closeUp(waiting, expected.idDossier) : waiting);
        },
      ),
      { numRuns: 200 },
    );
  });
});
