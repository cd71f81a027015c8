import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListeDeliberation, ValeurAnalyse } from './enums';
import {
  drawKey,
  nonCandidateReason,
  orderCandidates,
  rankDossiers,
  type Places,
  type RankingCritere,
  type RankingDossier,
} from './ranking';
import { sha256Hex } from './sha256';

const NATIONALITE = 1;
const SITUATION = 2;
const BAC = 3;

/** A dossier: a nationality (NATIONAUX or ETRANGERS, mandatory type), maybe a situation criterion. */
function dossier(
  id: number,
  o: Partial<Omit<RankingDossier, 'criteres'>> & {
    liste?: ListeDeliberation;
    pupille?: boolean;
    nationalite?: ValeurAnalyse | null;
    extra?: RankingCritere[];
  } = {},
): RankingDossier {
  const criteres: RankingCritere[] = [
    {
      idTypeCritere: NATIONALITE,
      idCritere: o.liste === 'ETRANGERS' ? 11 : 10,
      valeurAnalyse: o.nationalite === undefined ? 'VALIDE' : o.nationalite,
      listeDeliberation: o.liste === 'ETRANGERS' ? 'ETRANGERS' : 'NATIONAUX',
      typeObligatoire: true,
    },
    ...(o.pupille
      ? [
          {
            idTypeCritere: SITUATION,
            idCritere: 20,
            valeurAnalyse: 'VALIDE' as const,
            listeDeliberation: 'PUPILLES' as const,
            typeObligatoire: false,
          },
        ]
      : []),
    ...(o.extra ?? []),
  ];
  return {
    idDossier: id,
    ine: o.ine ?? `N${String(id).padStart(8, '0')}`,
    moyenne: o.moyenne ?? 10,
    moyenneBac: o.moyenneBac === undefined ? 12 : o.moyenneBac,
    dateDepot: o.dateDepot ?? '2026-10-01T08:00:00.000Z',
    criteres,
  };
}

const places = (p: Partial<Places>): Places => ({ PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 0, ...p });
const ids = (list: { idDossier: number }[]) => list.map((d) => d.idDossier);

describe('sha256Hex', () => {
  it('matches Node’s crypto, accents and empty text included', () => {
    for (const text of ['', 'abc', 'graine-2026N00000001', 'é à ç — 𝄞', 'x'.repeat(200)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
  it('matches Node’s crypto on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 150 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 200 },
    );
  });
});

describe('candidates', () => {
  it('a never-analysed dossier and one whose mandatory criterion is not VALIDE are not candidates', () => {
    const never = dossier(1, { nationalite: null });
    const invalid = dossier(2, { nationalite: 'INVALIDE' });
    const unjustified = dossier(3, { nationalite: 'INJUSTIFIE' });
    const optionalInvalid = dossier(4, {
      extra: [
        {
          idTypeCritere: BAC,
          idCritere: 30,
          valeurAnalyse: 'INVALIDE',
          listeDeliberation: null,
          typeObligatoire: false,
        },
      ],
    });
    expect(nonCandidateReason(never)).toBe('NON_ANALYSE');
    expect(nonCandidateReason(invalid)).toBe('CRITERE_OBLIGATOIRE_NON_VALIDE');
    expect(nonCandidateReason(unjustified)).toBe('CRITERE_OBLIGATOIRE_NON_VALIDE');
    expect(nonCandidateReason(optionalInvalid)).toBeNull();
    const r = rankDossiers({
      seed: 's',
      dossiers: [never, invalid, optionalInvalid],
      places: places({ NATIONAUX: 5 }),
    });
    expect(ids(r.admis.NATIONAUX)).toEqual([4]);
    expect(r.nonCandidats.map((n) => [n.idDossier, n.raison])).toEqual([
      [1, 'NON_ANALYSE'],
      [2, 'CRITERE_OBLIGATOIRE_NON_VALIDE'],
    ]);
  });

  it('an empty session gives empty lists, and all places roll over to NATIONAUX', () => {
    const r = rankDossiers({
      seed: 's',
      dossiers: [],
      places: places({ PUPILLES: 2, ETRANGERS: 3, NATIONAUX: 5 }),
    });
    expect(r.admis).toEqual({ READMISSIONS: [], PUPILLES: [], ETRANGERS: [], NATIONAUX: [] });
    expect(r.attente).toEqual([]);
    expect(r.placesEffectives).toEqual({ READMISSIONS: 0, PUPILLES: 2, ETRANGERS: 3, NATIONAUX: 10 });
  });
});

describe('order', () => {
  it('breaks ties at every level: moyenne, moyenneBac (missing last), dateDepot, then the draw', () => {
    const seed = 'graine';
    const a = dossier(1, { moyenne: 14 });
    const b = dossier(2, { moyenne: 12, moyenneBac: 15 });
    const c = dossier(3, { moyenne: 12, moyenneBac: 13 });
    const d = dossier(4, { moyenne: 12, moyenneBac: null });
    const e = dossier(5, { moyenne: 11, dateDepot: '2026-10-01T08:00:00.000Z' });
    const f = dossier(6, { moyenne: 11, dateDepot: '2026-09-30T08:00:00.000Z' });
    const g = dossier(7, { moyenne: 10, ine: 'A1' });
    const h = dossier(8, { moyenne: 10, ine: 'B2' });
    const drawFirst = drawKey(seed, 'A1') < drawKey(seed, 'B2') ? 7 : 8;
    const ordered = orderCandidates(seed, [h, g, f, e, d, c, b, a]);
    expect(ids(ordered)).toEqual([1, 2, 3, 4, 6, 5, drawFirst, drawFirst === 7 ? 8 : 7]);
  });

  it('the same seed gives the same order, whatever the input order; another seed may not', () => {
    const all = Array.from({ length: 40 }, (_, i) => dossier(i + 1, { moyenne: 10, moyenneBac: 12 }));
    const one = ids(orderCandidates('s1', all));
    expect(ids(orderCandidates('s1', [...all].reverse()))).toEqual(one);
    expect(ids(orderCandidates('s2', all))).not.toEqual(one);
  });

  it('draws only for the candidates a tie reaches the draw for, and orders as the eager draw would', () => {
    const drawn: string[] = [];
    const counting = (seed: string, ine: string) => {
      drawn.push(ine);
      return drawKey(seed, ine);
    };
    const distinct = Array.from({ length: 30 }, (_, i) => dossier(i + 1, { moyenne: i, ine: `D${i}` }));
    expect(ids(orderCandidates('s', distinct, counting))).toEqual(distinct.map((d) => d.idDossier).reverse());
    expect(drawn).toEqual([]);
    const tied = Array.from({ length: 30 }, (_, i) => dossier(i + 1, { moyenne: 10, ine: `T${i}` }));
    const eager = [...tied].sort((x, y) => (drawKey('s', x.ine) < drawKey('s', y.ine) ? -1 : 1));
    expect(ids(orderCandidates('s', [...tied, dossier(99, { moyenne: 20 })], counting))).toEqual([
      99,
      ...ids(eager),
    ]);
    // Each tied candidate drawn once, whatever the number of comparisons; the lone one never.
    expect(drawn).toHaveLength(30);
    expect(new Set(drawn).size).toBe(30);
    expect(drawn).not.toContain(dossier(99).ine);
  });
});

describe('lists', () => {
  it('fills PUPILLES, then ETRANGERS, then NATIONAUX with the unused places rolled over', () => {
    const dossiers = [
      dossier(1, { moyenne: 15, pupille: true }),
      dossier(2, { moyenne: 14, liste: 'ETRANGERS' }),
      dossier(3, { moyenne: 13 }),
      dossier(4, { moyenne: 12 }),
      dossier(5, { moyenne: 11 }),
      dossier(6, { moyenne: 10 }),
    ];
    // 3 PUPILLES places for 1 pupille, 2 ETRANGERS places for 1 foreigner: 3 places roll over.
    const r = rankDossiers({
      seed: 's',
      dossiers,
      places: places({ PUPILLES: 3, ETRANGERS: 2, NATIONAUX: 1 }),
    });
    expect(ids(r.admis.PUPILLES)).toEqual([1]);
    expect(ids(r.admis.ETRANGERS)).toEqual([2]);
    expect(r.placesEffectives.NATIONAUX).toBe(4);
    expect(ids(r.admis.NATIONAUX)).toEqual([3, 4, 5, 6]);
    expect(r.attente).toEqual([]);
  });

  it('a candidate holding criteria of two lists takes the first list it may, once', () => {
    // A national pupille: PUPILLES first; it does not take a NATIONAUX place too.
    const dossiers = [
      dossier(1, { moyenne: 9, pupille: true }),
      dossier(2, { moyenne: 15 }),
      dossier(3, { moyenne: 14 }),
    ];
    const r = rankDossiers({ seed: 's', dossiers, places: places({ PUPILLES: 1, NATIONAUX: 1 }) });
    expect(ids(r.admis.PUPILLES)).toEqual([1]);
    expect(ids(r.admis.NATIONAUX)).toEqual([2]);
    expect(r.attente.map((d) => [d.idDossier, d.rang])).toEqual([[3, 1]]);
  });

  it('a foreigner not admitted on ETRANGERS does not take a NATIONAUX place: it waits', () => {
    const dossiers = [
      dossier(1, { moyenne: 16, liste: 'ETRANGERS' }),
      dossier(2, { moyenne: 15, liste: 'ETRANGERS' }),
      dossier(3, { moyenne: 10 }),
    ];
    const r = rankDossiers({ seed: 's', dossiers, places: places({ ETRANGERS: 1, NATIONAUX: 2 }) });
    expect(ids(r.admis.ETRANGERS)).toEqual([1]);
    expect(ids(r.admis.NATIONAUX)).toEqual([3]);
    expect(ids(r.attente)).toEqual([2]);
  });

  it('ranks count from 1 within each list and the waiting list', () => {
    const dossiers = Array.from({ length: 7 }, (_, i) =>
      dossier(i + 1, { moyenne: 20 - i, pupille: i % 3 === 0 }),
    );
    const r = rankDossiers({ seed: 's', dossiers, places: places({ PUPILLES: 2, NATIONAUX: 2 }) });
    expect(r.admis.PUPILLES.map((d) => d.rang)).toEqual([1, 2]);
    expect(r.admis.NATIONAUX.map((d) => d.rang)).toEqual([1, 2]);
    expect(r.attente.map((d) => d.rang)).toEqual([1, 2, 3]);
  });
});

describe('properties', () => {
  const listeArb = fc.constantFrom<ListeDeliberation>('NATIONAUX', 'ETRANGERS');
  const dossierArb = (id: number) =>
    fc
      .record({
        moyenne: fc.integer({ min: 0, max: 40 }).map((n) => n / 2),
        moyenneBac: fc.option(
          fc.integer({ min: 20, max: 36 }).map((n) => n / 2),
          { nil: null },
        ),
        day: fc.integer({ min: 1, max: 3 }),
        liste: listeArb,
        pupille: fc.boolean(),
        nationalite: fc.constantFrom<ValeurAnalyse | null>('VALIDE', 'VALIDE', 'VALIDE', 'INVALIDE', null),
      })
      .map((o) =>
        dossier(id, {
          moyenne: o.moyenne,
          moyenneBac: o.moyenneBac,
          dateDepot: `2026-10-0${o.day}T08:00:00.000Z`,
          liste: o.liste,
          pupille: o.pupille,
          nationalite: o.nationalite,
        }),
      );
  const inputArb = fc.record({
    seed: fc.string({ maxLength: 12 }),
    dossiers: fc
      .integer({ min: 0, max: 40 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => dossierArb(i + 1)))),
    places: fc.record({
      PUPILLES: fc.integer({ min: 0, max: 8 }),
      ETRANGERS: fc.integer({ min: 0, max: 8 }),
      NATIONAUX: fc.integer({ min: 0, max: 20 }),
    }),
  });

  it('nobody is admitted twice, no list exceeds its places, every candidate is admitted or waits', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = rankDossiers(input);
        const admitted = [...r.admis.PUPILLES, ...r.admis.ETRANGERS, ...r.admis.NATIONAUX].map(
          (d) => d.idDossier,
        );
        expect(new Set(admitted).size).toBe(admitted.length);
        expect(r.admis.PUPILLES.length).toBeLessThanOrEqual(input.places.PUPILLES);
        expect(r.admis.ETRANGERS.length).toBeLessThanOrEqual(input.places.ETRANGERS);
        expect(r.admis.NATIONAUX.length).toBeLessThanOrEqual(r.placesEffectives.NATIONAUX);
        const total = input.places.PUPILLES + input.places.ETRANGERS + input.places.NATIONAUX;
        expect(admitted.length).toBeLessThanOrEqual(total);
        const waiting = r.attente.map((d) => d.idDossier);
        const non = r.nonCandidats.map((d) => d.idDossier);
        expect([...admitted, ...waiting, ...non].sort((a, b) => a - b)).toEqual(
          input.dossiers.map((d) => d.idDossier),
        );
        // Each list is in candidate order, and the waiting list too.
        const order = ids(
          orderCandidates(
            input.seed,
            input.dossiers.filter((d) => nonCandidateReason(d) === null),
          ),
        );
        for (const list of [r.admis.PUPILLES, r.admis.ETRANGERS, r.admis.NATIONAUX, r.attente]) {
          const pos = list.map((d) => order.indexOf(d.idDossier));
          expect(pos).toEqual([...pos].sort((a, b) => a - b));
        }
        // Nobody waiting could have taken a place left free on a list it may enter.
        for (const liste of ['PUPILLES', 'ETRANGERS', 'NATIONAUX'] as const) {
          if (r.admis[liste].length < r.placesEffectives[liste]) {
            for (const w of r.attente) {
              const d = input.dossiers.find((x) => x.idDossier === w.idDossier)!;
              expect(
                d.criteres.some((c) => c.listeDeliberation === liste && c.valeurAnalyse === 'VALIDE'),
              ).toBe(false);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same input gives the same result, whatever the input order', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const a = rankDossiers(input);
        const b = rankDossiers({ ...input, dossiers: [...input.dossiers].reverse() });
        expect(b.admis).toEqual(a.admis);
        expect(b.attente).toEqual(a.attente);
      }),
      { numRuns: 100 },
    );
  });
});
