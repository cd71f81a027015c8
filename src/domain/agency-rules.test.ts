import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  depositEligibility,
  depositRuleRefusal,
  depositSituation,
  menCap,
  womenPlaces,
  womenShareApplies,
  yearsOfStay,
} from './agency-rules';
import { LISTES_ADMISSION, type ListeAdmission, type ListeDeliberation, type ValeurAnalyse } from './enums';
import { promotionFor, type WaitingCandidate } from './promotion';
import {
  nonCandidateReason,
  orderCandidates,
  rankDossiers,
  type AgencySettings,
  type Places,
  type RankingCritere,
  type RankingDossier,
  type RankingInput,
} from './ranking';

const LATER: readonly ListeDeliberation[] = ['PUPILLES', 'ETRANGERS', 'NATIONAUX'];

function dossier(
  id: number,
  o: {
    moyenne?: number;
    moyenneBac?: number | null;
    day?: number;
    liste?: 'NATIONAUX' | 'ETRANGERS';
    pupille?: boolean;
    nationalite?: ValeurAnalyse | null;
    sexe?: 'M' | 'F';
    readmission?: boolean;
    annees?: number;
    handicap?: ValeurAnalyse | null;
  } = {},
): RankingDossier {
  const criteres: RankingCritere[] = [
    {
      idTypeCritere: 1,
      idCritere: o.liste === 'ETRANGERS' ? 11 : 10,
      valeurAnalyse: o.nationalite === undefined ? 'VALIDE' : o.nationalite,
      listeDeliberation: o.liste ?? 'NATIONAUX',
      typeObligatoire: true,
    },
  ];
  if (o.pupille)
    criteres.push({
      idTypeCritere: 2,
      idCritere: 20,
      valeurAnalyse: 'VALIDE',
      listeDeliberation: 'PUPILLES',
      typeObligatoire: false,
    });
  if (o.handicap !== undefined)
    criteres.push({
      idTypeCritere: 3,
      idCritere: 30,
      valeurAnalyse: o.handicap,
      listeDeliberation: null,
      typeObligatoire: false,
      handicap: true,
    });
  return {
    idDossier: id,
    ine: `N${String(id).padStart(8, '0')}`,
    moyenne: o.moyenne ?? 10,
    moyenneBac: o.moyenneBac === undefined ? 12 : o.moyenneBac,
    dateDepot: `2026-10-0${o.day ?? 1}T08:00:00.000Z`,
    criteres,
    sexeEtudiant: o.sexe ?? 'M',
    readmission: o.readmission ?? false,
    anneesHebergement: o.annees ?? 0,
  };
}

const places = (p: Partial<Places>): Places => ({ PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 0, ...p });
const ids = (list: { idDossier: number }[]) => list.map((d) => d.idDossier);

/**
 * The lists as they were before the agency's rules (docs/deliberation.md, the code of before),
 * written plainly over objects: the reference "today's lists" are compared with.
 */
function listsOfBefore(input: RankingInput) {
  const candidates = input.dossiers.filter((d) => nonCandidateReason(d) === null);
  const ordered = orderCandidates(input.seed, candidates);
  const holds = (d: RankingDossier, l: ListeDeliberation) =>
    d.criteres.some((c) => c.listeDeliberation === l && c.valeurAnalyse === 'VALIDE');
  const admitted = new Set<number>();
  const out: Record<ListeDeliberation, number[]> = { PUPILLES: [], ETRANGERS: [], NATIONAUX: [] };
  let unused = 0;
  for (const l of LATER) {
    const room = l === 'NATIONAUX' ? input.places.NATIONAUX + unused : input.places[l];
    for (const d of ordered) {
      if (out[l].length >= room) break;
      if (admitted.has(d.idDossier) || !holds(d, l)) continue;
      admitted.add(d.idDossier);
      out[l].push(d.idDossier);
    }
    if (l !== 'NATIONAUX') unused += room - out[l].length;
  }
  return { admis: out, attente: ordered.filter((d) => !admitted.has(d.idDossier)).map((d) => d.idDossier) };
}

const dossierArb = (id: number) =>
  fc
    .record({
      moyenne: fc.integer({ min: 0, max: 30 }).map((n) => n / 2),
      moyenneBac: fc.option(
        fc.integer({ min: 20, max: 30 }).map((n) => n / 2),
        { nil: null },
      ),
      day: fc.integer({ min: 1, max: 3 }),
      liste: fc.constantFrom<'NATIONAUX' | 'ETRANGERS'>('NATIONAUX', 'NATIONAUX', 'ETRANGERS'),
      pupille: fc.boolean(),
      nationalite: fc.constantFrom<ValeurAnalyse | null>(
        'VALIDE',
        'VALIDE',
        'VALIDE',
        'VALIDE',
        'INVALIDE',
        null,
      ),
      sexe: fc.constantFrom<'M' | 'F'>('M', 'F'),
      readmission: fc.boolean(),
      annees: fc.constantFrom(0, 0, 0, 1, 2, 3, 4),
      handicap: fc.constantFrom<ValeurAnalyse | null | undefined>(undefined, undefined, 'VALIDE', 'INVALIDE'),
    })
    .map((o) => dossier(id, o));

const inputArb = (settings: fc.Arbitrary<AgencySettings>) =>
  fc.record({
    seed: fc.string({ maxLength: 8 }),
    dossiers: fc
      .integer({ min: 0, max: 45 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => dossierArb(i + 1)))),
    places: fc.record({
      PUPILLES: fc.integer({ min: 0, max: 6 }),
      ETRANGERS: fc.integer({ min: 0, max: 6 }),
      NATIONAUX: fc.integer({ min: 0, max: 15 }),
    }),
    settings,
  });
const settingsArb = fc.record({
  placesReadmission: fc.integer({ min: 0, max: 8 }),
  partFemmes: fc.oneof(fc.constantFrom(0, 50, 60, 100), fc.integer({ min: 0, max: 100 })),
});

/** Where each dossier ended: `liste:rang`, `ATTENTE:rang` or the non-candidate reason. */
function outcomes(r: ReturnType<typeof rankDossiers>): Map<number, string> {
  const out = new Map<number, string>();
  for (const l of LISTES_ADMISSION) for (const d of r.admis[l]) out.set(d.idDossier, `${l}:${d.rang}`);
  for (const d of r.attente) out.set(d.idDossier, `ATTENTE:${d.rang}`);
  for (const d of r.nonCandidats) out.set(d.idDossier, d.raison);
  return out;
}

describe('the share for women and re-admission: properties', () => {
  it('with partFemmes 0 and no re-admission places, the lists are those of before', () => {
    fc.assert(
      fc.property(inputArb(fc.constant({ placesReadmission: 0, partFemmes: 0 })), (input) => {
        // Years of stay would exclude some: the rule of before had none, so none is over the limit here.
        const dossiers = input.dossiers.map((d) => ({ ...d, anneesHebergement: 0 }));
        const r = rankDossiers({ ...input, dossiers });
        const before = listsOfBefore({ ...input, dossiers });
        expect(ids(r.admis.READMISSIONS)).toEqual([]);
        for (const l of LATER) expect(ids(r.admis[l])).toEqual(before.admis[l]);
        expect(ids(r.attente)).toEqual(before.attente);
        // Settings left out are the same as both at 0.
        expect(rankDossiers({ seed: input.seed, dossiers, places: input.places })).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it('the share is met whenever enough women are candidates of the list', () => {
    fc.assert(
      fc.property(inputArb(settingsArb), (input) => {
        const r = rankDossiers(input);
        const byId = new Map(input.dossiers.map((d) => [d.idDossier, d]));
        const admittedBefore = new Set(ids(r.admis.READMISSIONS));
        for (const l of LATER) {
          const n = r.placesEffectives[l];
          const wanted = womenPlaces(n, input.settings.partFemmes);
          const women = r.admis[l].filter((d) => byId.get(d.idDossier)!.sexeEtudiant === 'F').length;
          // The women who could take a place of the list when its turn came.
          const available = input.dossiers.filter(
            (d) =>
              nonCandidateReason(d) === null &&
              d.sexeEtudiant === 'F' &&
              !admittedBefore.has(d.idDossier) &&
              d.criteres.some((c) => c.listeDeliberation === l && c.valeurAnalyse === 'VALIDE'),
          ).length;
          expect(women).toBeGreaterThanOrEqual(Math.min(wanted, available));
          // Never more men than the cap while a woman of the list waits.
          const men = r.admis[l].length - women;
          if (available > women) expect(men).toBeLessThanOrEqual(menCap(n, input.settings.partFemmes));
          for (const d of r.admis[l]) admittedBefore.add(d.idDossier);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('no man is passed over when the share is met, and a man passed over stays first in line', () => {
    fc.assert(
      fc.property(inputArb(settingsArb), (input) => {
        const r = rankDossiers(input);
        const byId = new Map(input.dossiers.map((d) => [d.idDossier, d]));
        const order = ids(
          orderCandidates(
            input.seed,
            input.dossiers.filter((d) => nonCandidateReason(d) === null),
          ),
        );
        const admittedBefore = new Set(ids(r.admis.READMISSIONS));
        for (const l of LATER) {
          const onList = new Set(ids(r.admis[l]));
          const eligibleMen = order.filter((id) => {
            const d = byId.get(id)!;
            return (
              d.sexeEtudiant !== 'F' &&
              !admittedBefore.has(id) &&
              d.criteres.some((c) => c.listeDeliberation === l && c.valeurAnalyse === 'VALIDE')
            );
          });
          // The men admitted are the first eligible men: none is ever passed by a man after him.
          const admittedMen = eligibleMen.filter((id) => onList.has(id));
          expect(admittedMen).toEqual(eligibleMen.slice(0, admittedMen.length));
          // A man left out while someone after him got a place: that one is a woman, and the men
          // were at their cap (the share was not met without her).
          const n = r.placesEffectives[l];
          const firstLeft = eligibleMen.find((id) => !onList.has(id));
          if (firstLeft !== undefined) {
            const after = order.slice(order.indexOf(firstLeft) + 1).filter((id) => onList.has(id));
            for (const id of after) expect(byId.get(id)!.sexeEtudiant).toBe('F');
            if (after.length)
              expect(admittedMen.length).toBeGreaterThanOrEqual(menCap(n, input.settings.partFemmes));
          }
          for (const id of onList) admittedBefore.add(id);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a candidate’s list and rank never depend on the input order', () => {
    fc.assert(
      fc.property(
        inputArb(settingsArb).chain((input) =>
          fc
            .array(fc.double({ noNaN: true }), {
              minLength: input.dossiers.length,
              maxLength: input.dossiers.length,
            })
            .map((keys) => ({ input, keys })),
        ),
        ({ input, keys }) => {
          const shuffled = input.dossiers
            .map((d, i) => ({ d, k: keys[i] }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.d);
          expect(outcomes(rankDossiers({ ...input, dossiers: shuffled }))).toEqual(
            outcomes(rankDossiers(input)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('READMISSIONS takes the re-admission requests first, in order, up to its places; the others compete', () => {
    fc.assert(
      fc.property(inputArb(settingsArb), (input) => {
        const r = rankDossiers(input);
        const byId = new Map(input.dossiers.map((d) => [d.idDossier, d]));
        const order = ids(
          orderCandidates(
            input.seed,
            input.dossiers.filter((d) => nonCandidateReason(d) === null),
          ),
        );
        const requests = order.filter((id) => byId.get(id)!.readmission === true);
        expect(ids(r.admis.READMISSIONS)).toEqual(requests.slice(0, input.settings.placesReadmission));
        // Every list in candidate order, nobody twice, every candidate somewhere.
        const seen = new Set<number>();
        for (const list of [...LISTES_ADMISSION.map((l) => r.admis[l]), r.attente]) {
          const pos = list.map((d) => order.indexOf(d.idDossier));
          expect(pos).toEqual([...pos].sort((a, b) => a - b));
          expect(list.map((d) => d.rang)).toEqual(list.map((_, i) => i + 1));
          for (const d of list) {
            expect(seen.has(d.idDossier)).toBe(false);
            seen.add(d.idDossier);
          }
        }
        expect(seen.size).toBe(order.length);
        // Unused places of READMISSIONS, PUPILLES and ETRANGERS go to NATIONAUX.
        const unused = (['READMISSIONS', 'PUPILLES', 'ETRANGERS'] as const).reduce(
          (s, l) => s + r.placesEffectives[l] - r.admis[l].length,
          0,
        );
        expect(r.placesEffectives.NATIONAUX).toBe(input.places.NATIONAUX + unused);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the share for women: examples', () => {
  it('10 places at 60 %: at most 4 men while a woman waits; a man passed over takes a place left', () => {
    // Ten men first, then three women: the women's 6 places are kept for them while they wait;
    // once the three are in, the first men passed over take the three places left.
    const men = Array.from({ length: 10 }, (_, i) => dossier(i + 1, { moyenne: 20 - i }));
    const women = Array.from({ length: 3 }, (_, i) => dossier(11 + i, { moyenne: 5 - i, sexe: 'F' }));
    const r = rankDossiers({
      seed: 's',
      dossiers: [...men, ...women],
      places: places({ NATIONAUX: 10 }),
      settings: { placesReadmission: 0, partFemmes: 60 },
    });
    expect(ids(r.admis.NATIONAUX)).toEqual([1, 2, 3, 4, 5, 6, 7, 11, 12, 13]);
    expect(ids(r.attente)).toEqual([8, 9, 10]);
  });

  it('⌈N × part / 100⌉: 3 places at 60 % keep 2 for women; 0 % keeps none; 100 % keeps all', () => {
    expect(womenPlaces(3, 60)).toBe(2);
    expect(womenPlaces(10, 60)).toBe(6);
    expect(womenPlaces(7, 0)).toBe(0);
    expect(womenPlaces(7, 100)).toBe(7);
    expect(womenPlaces(1, 1)).toBe(1);
    expect(menCap(3, 60)).toBe(1);
  });

  it('a re-admission not admitted on READMISSIONS competes in the other lists', () => {
    const r = rankDossiers({
      seed: 's',
      dossiers: [
        dossier(1, { moyenne: 8, readmission: true }),
        dossier(2, { moyenne: 12, readmission: true }),
        dossier(3, { moyenne: 10 }),
      ],
      places: places({ NATIONAUX: 1 }),
      settings: { placesReadmission: 1, partFemmes: 0 },
    });
    expect(ids(r.admis.READMISSIONS)).toEqual([2]);
    expect(ids(r.admis.NATIONAUX)).toEqual([3]);
    expect(ids(r.attente)).toEqual([1]);
  });

  it('over the stay limit is not a candidate; a VALIDE handicap raises the limit to 4 years', () => {
    expect(nonCandidateReason(dossier(1, { annees: 2 }))).toBe('DUREE_MAXIMALE');
    expect(nonCandidateReason(dossier(1, { annees: 1 }))).toBeNull();
    expect(nonCandidateReason(dossier(1, { annees: 3, handicap: 'VALIDE' }))).toBeNull();
    expect(nonCandidateReason(dossier(1, { annees: 3, handicap: 'INVALIDE' }))).toBe('DUREE_MAXIMALE');
    expect(nonCandidateReason(dossier(1, { annees: 4, handicap: 'VALIDE' }))).toBe('DUREE_MAXIMALE');
  });
});

describe('years of stay and the deposit', () => {
  it('counts distinct years before the session’s, plus the registry’s earlier years', () => {
    expect(yearsOfStay([2024, 2024, 2025, 2026], 2026, 1)).toBe(3);
    expect(yearsOfStay([], 2026, 0)).toBe(0);
  });

  it('refuses over 2 years without a handicap criterion, over 4 with one; RENOUVELLEMENT only when housed last year here', () => {
    const at = (annees: number, lastYear = false) => depositEligibility(annees, lastYear);
    expect(depositRuleRefusal(at(1), { handicapChoisi: false, renouvellement: false })).toBeNull();
    expect(depositRuleRefusal(at(2), { handicapChoisi: false, renouvellement: false })).toBe(
      'dureeMaximaleAtteinte',
    );
    expect(depositRuleRefusal(at(3), { handicapChoisi: true, renouvellement: false })).toBeNull();
    expect(depositRuleRefusal(at(4), { handicapChoisi: true, renouvellement: false })).toBe(
      'dureeMaximaleAtteinte',
    );
    expect(depositRuleRefusal(at(1), { handicapChoisi: false, renouvellement: true })).toBe(
      'renouvellementImpossible',
    );
    expect(depositRuleRefusal(at(1, true), { handicapChoisi: false, renouvellement: true })).toBeNull();
    expect(at(2)).toMatchObject({ depotPossible: true, handicapRequis: true });
    expect(at(4, true)).toMatchObject({ depotPossible: false, renouvellementPossible: false });
  });
});

describe('promotion keeps the share', () => {
  const w = (
    idDossier: number,
    rang: number,
    femme: boolean,
    ...listes: ListeAdmission[]
  ): WaitingCandidate => ({
    idDossier,
    rang,
    femme,
    listes,
  });

  it('the first waiting woman while the list lacks women, otherwise the first waiting candidate', () => {
    const waiting = [w(1, 1, false, 'NATIONAUX'), w(2, 2, true, 'ETRANGERS'), w(3, 3, true, 'NATIONAUX')];
    expect(promotionFor('NATIONAUX', waiting, () => true)).toEqual({ idDossier: 3, liste: 'NATIONAUX' });
    expect(promotionFor('NATIONAUX', waiting, () => false)).toEqual({ idDossier: 1, liste: 'NATIONAUX' });
    // No woman may take it: as before.
    expect(promotionFor('NATIONAUX', [w(1, 1, false, 'NATIONAUX')], () => true)).toEqual({
      idDossier: 1,
      liste: 'NATIONAUX',
    });
    // A READMISSIONS place nobody waiting can take goes to NATIONAUX, by its own share.
    expect(promotionFor('READMISSIONS', waiting, (l) => l === 'NATIONAUX')).toEqual({
      idDossier: 3,
      liste: 'NATIONAUX',
    });
  });
});

describe('the share for women', () => {
  it('applies to PUPILLES, ETRANGERS and NATIONAUX, never to READMISSIONS nor the waiting list', () => {
    for (const liste of ['PUPILLES', 'ETRANGERS', 'NATIONAUX']) expect(womenShareApplies(liste)).toBe(true);
    for (const liste of ['READMISSIONS', 'ATTENTE', 'LISTE_ATTENTE', null, undefined])
      expect(womenShareApplies(liste)).toBe(false);
  });
});

describe('depositSituation', () => {
  const open = { etatSession: 'INSCRIPTION', statutSession: 'OUVERT' } as const;
  const housedLastYear = depositEligibility(1, true);
  const situation = (over: Partial<Parameters<typeof depositSituation>[0]> = {}) =>
    depositSituation({
      hasCite: true,
      session: open,
      dossierExistant: false,
      eligibilite: housedLastYear,
      ...over,
    });

  it('invites a student housed last year here, with no dossier of the open session yet', () => {
    expect(situation()).toEqual({ depotPossible: true, refus: null, readmissionPossible: true });
  });

  it('does not invite a student who has its dossier of the session already', () => {
    expect(situation({ dossierExistant: true })).toEqual({
      depotPossible: true,
      refus: null,
      readmissionPossible: false,
    });
  });

  it('does not invite a student the rules refuse RENOUVELLEMENT (not housed here last year, or at the stay limit)', () => {
    expect(situation({ eligibilite: depositEligibility(0, false) }).readmissionPossible).toBe(false);
    expect(situation({ eligibilite: depositEligibility(4, true) }).readmissionPossible).toBe(false);
  });

  it('takes no deposit and invites nobody while the session does not take deposits', () => {
    expect(situation({ session: null, eligibilite: null })).toEqual({
      depotPossible: false,
      refus: 'sessionDepotFermee',
      readmissionPossible: false,
    });
    expect(situation({ session: { etatSession: 'ANALYSE', statutSession: 'OUVERT' } })).toEqual({
      depotPossible: false,
      refus: 'sessionDepotFermee',
      readmissionPossible: false,
    });
    expect(situation({ session: { etatSession: 'INSCRIPTION', statutSession: 'SUSPENDU' } })).toEqual({
      depotPossible: false,
      refus: 'sessionSuspendue',
      readmissionPossible: false,
    });
  });

  it('says first that the direction has no cité', () => {
    expect(situation({ hasCite: false, session: null })).toEqual({
      depotPossible: false,
      refus: 'villeSansCite',
      readmissionPossible: false,
    });
  });
});
