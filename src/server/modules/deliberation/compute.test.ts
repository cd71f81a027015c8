import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ValeurAnalyse } from '../../../domain/enums';
import {
  candidateTable,
  computeRun,
  isoOf,
  outcomeOf,
  type CandidateInput,
  type RunCatalogue,
} from './compute';

/**
 * The verification of a run (docs/agency-rules.md, docs/deliberation.md): a run ranked, its inputs
 * stored as the publication stores them (one JSON round trip: what the database gives back), and
 * ranked again with the settings stored with it, gives every dossier the same status, list and rank.
 */
const CATALOGUE: RunCatalogue = {
  types: [
    { idTypeCritere: 1, libelleTypeCritere: 'Nationalité', coefficient: 1, obligatoire: true, live: true },
    { idTypeCritere: 2, libelleTypeCritere: 'Situation', coefficient: 3, obligatoire: false, live: true },
    { idTypeCritere: 3, libelleTypeCritere: 'Handicap', coefficient: 2, obligatoire: false, live: true },
  ],
  criteres: [
    {
      idCritere: 10,
      idTypeCritere: 1,
      libelleCritere: 'Burkinabè',
      note: 10,
      listeDeliberation: 'NATIONAUX',
    },
    { idCritere: 11, idTypeCritere: 1, libelleCritere: 'Étranger', note: 10, listeDeliberation: 'ETRANGERS' },
    { idCritere: 20, idTypeCritere: 2, libelleCritere: 'Pupille', note: 20, listeDeliberation: 'PUPILLES' },
    { idCritere: 21, idTypeCritere: 2, libelleCritere: 'Orphelin', note: 12, listeDeliberation: null },
    {
      idCritere: 30,
      idTypeCritere: 3,
      libelleCritere: 'Moteur',
      note: 15,
      listeDeliberation: null,
      handicap: true,
    },
  ],
};

const valeur = fc.constantFrom<ValeurAnalyse | null>('VALIDE', 'VALIDE', 'VALIDE', 'INVALIDE', null);
const inputArb = (id: number) =>
  fc
    .record({
      nationalite: fc.constantFrom(10, 10, 11),
      n: valeur,
      situation: fc.option(fc.tuple(fc.constantFrom(20, 21), valeur), { nil: undefined }),
      handicap: fc.option(valeur, { nil: undefined }),
      bac: fc.option(fc.integer({ min: 20, max: 30 }), { nil: null }),
      day: fc.integer({ min: 1, max: 3 }),
      sexe: fc.constantFrom('F', 'M'),
      readmission: fc.boolean(),
      annees: fc.constantFrom(0, 0, 1, 2, 3, 4),
    })
    .map((o): CandidateInput => ({
      idDossier: id,
      ine: `N${id}`,
      moyenneBac: o.bac === null ? null : o.bac / 2,
      dateDepot: isoOf(Date.UTC(2026, 9, o.day, 8)),
      criteres: [
        [1, o.nationalite, o.n],
        ...(o.situation ? [[2, o.situation[0], o.situation[1]] as CandidateInput['criteres'][number]] : []),
        ...(o.handicap !== undefined ? [[3, 30, o.handicap] as CandidateInput['criteres'][number]] : []),
      ],
      sexe: o.sexe,
      readmission: o.readmission,
      anneesHebergement: o.annees,
    }));

describe('a run ranked again from its stored inputs', () => {
  it('gives every dossier the same status, list and rank, with the settings it was published with', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 40 })
          .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => inputArb(i + 1)))),
        fc.record({
          PUPILLES: fc.integer({ min: 0, max: 5 }),
          ETRANGERS: fc.integer({ min: 0, max: 5 }),
          NATIONAUX: fc.integer({ min: 0, max: 12 }),
        }),
        fc.record({
          placesReadmission: fc.integer({ min: 0, max: 6 }),
          partFemmes: fc.integer({ min: 0, max: 100 }),
        }),
        fc.string({ maxLength: 8 }),
        (inputs, places, settings, seed) => {
          const table = candidateTable(inputs);
          const run = computeRun(CATALOGUE, table, seed, places, settings);
          const stored = JSON.parse(JSON.stringify({ inputs, catalogue: CATALOGUE, places, settings })) as {
            inputs: CandidateInput[];
            catalogue: RunCatalogue;
            places: typeof places;
            settings: typeof settings;
          };
          // Stored in another order (the verification reads them by id): the same outcomes.
          const again = candidateTable([...stored.inputs].reverse());
          const rerun = computeRun(stored.catalogue, again, seed, stored.places, stored.settings);
          const byId = (t: typeof table, r: typeof run) =>
            new Map(Array.from({ length: t.n }, (_, i) => [t.idDossier[i], outcomeOf(t, r, i)]));
          expect(byId(again, rerun)).toEqual(byId(table, run));
        },
      ),
      { numRuns: 300 },
    );
  });
});
