import { describe, expect, it } from 'vitest';
import type { RankedDossier } from '../../src/domain/ranking';
import {
  listsJson,
  type DeliberationLists,
  type ListItem,
} from '../../src/server/modules/deliberation/service';

const ranked = (n: number, from: number): RankedDossier[] =>
  Array.from({ length: n }, (_, i) => ({
    idDossier: from + i,
    ine: `N${String(from + i).padStart(11, '0')}`,
    moyenne: (from + i) / 7,
    rang: i + 1,
  }));

const item = (r: RankedDossier): ListItem => ({
  idDossier: r.idDossier,
  ine: r.ine,
  nomEtudiant: r.idDossier % 3 ? 'Ouédraogo' : 'Nom "entre guillemets" \\ et \u0001',
  prenomEtudiant: 'Awa',
  sexeEtudiant: 'F',
  dateNaissance: '2004-01-02',
  lieuNaissance: r.idDossier % 2 ? null : 'Dori',
  anneeBac: r.idDossier % 2 ? null : 2024,
  moyenne: r.moyenne,
  rang: r.rang,
  nomVille: 'Koudougou',
});

describe('the deliberation answer written in chunks (listsJson)', () => {
  it('gives the very text of one JSON.stringify of the whole answer, across chunk boundaries', () => {
    const lists: DeliberationLists = {
      seed: 'graine "x"',
      places: { PUPILLES: 2, ETRANGERS: 0, NATIONAUX: 1200 },
      placesEffectives: { PUPILLES: 2, ETRANGERS: 0, NATIONAUX: 1200 },
      lists: {
        listeAdmisPupilles: ranked(2, 1),
        listeAdmisEtrangers: [],
        listeAdmisNationaux: ranked(1001, 10),
        listeAttente: ranked(500, 5000),
      },
      item,
      nonCandidats: 7,
    };
    const chunks = [...listsJson(lists, { idDeliberation: 42 })];
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.join('')).toBe(
      JSON.stringify({
        seed: lists.seed,
        places: lists.places,
        placesEffectives: lists.placesEffectives,
        listeAdmisPupilles: lists.lists.listeAdmisPupilles.map(item),
        listeAdmisEtrangers: [],
        listeAdmisNationaux: lists.lists.listeAdmisNationaux.map(item),
        listeAttente: lists.lists.listeAttente.map(item),
        nonCandidats: 7,
        idDeliberation: 42,
      }),
    );
  });
});
