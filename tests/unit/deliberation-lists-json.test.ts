import { describe, expect, it } from 'vitest';
import {
  listsJson,
  type DeliberationLists,
  type ListItem,
} from '../../src/server/modules/deliberation/service';

/** Rows `from` … `from + n - 1` of a table, in rank order. */
const ranked = (n: number, from: number): Int32Array => Int32Array.from({ length: n }, (_, i) => from + i);

const item = (row: number, rang: number): ListItem => ({
  idDossier: row,
  ine: `N${String(row).padStart(11, '0')}`,
  nomEtudiant: row % 3 ? 'Ouédraogo' : 'Nom "entre guillemets" \\ et \u0001',
  prenomEtudiant: 'Awa',
  sexeEtudiant: 'F',
  dateNaissance: '2004-01-02',
  lieuNaissance: row % 2 ? null : 'Dori',
  anneeBac: row % 2 ? null : 2024,
  moyenne: row / 7,
  rang,
  nomVille: 'Koudougou',
});
const items = (rows: Int32Array) => Array.from(rows, (row, i) => item(row, i + 1));

describe('the deliberation answer written in chunks (listsJson)', () => {
  it('gives the very text of one JSON.stringify of the whole answer, across chunk boundaries', () => {
    const lists: DeliberationLists = {
      seed: 'graine "x"',
      places: { READMISSIONS: 3, PUPILLES: 2, ETRANGERS: 0, NATIONAUX: 1200 },
      placesEffectives: { READMISSIONS: 3, PUPILLES: 2, ETRANGERS: 0, NATIONAUX: 1200 },
      settings: { placesReadmission: 3, partFemmes: 60 },
      lists: {
        listeAdmisReadmissions: ranked(3, 7000),
        listeAdmisPupilles: ranked(2, 1),
        listeAdmisEtrangers: new Int32Array(0),
        listeAdmisNationaux: ranked(1001, 10),
        listeAttente: ranked(500, 5000),
      },
      item,
      nonCandidats: 7,
      nonCandidatsParRaison: { NON_ANALYSE: 4, CRITERE_OBLIGATOIRE_NON_VALIDE: 2, DUREE_MAXIMALE: 1 },
    };
    const chunks = [...listsJson(lists, { idDeliberation: 42 })];
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.join('')).toBe(
      JSON.stringify({
        seed: lists.seed,
        places: lists.places,
        placesEffectives: lists.placesEffectives,
        placesReadmission: 3,
        partFemmes: 60,
        listeAdmisReadmissions: items(lists.lists.listeAdmisReadmissions),
        listeAdmisPupilles: items(lists.lists.listeAdmisPupilles),
        listeAdmisEtrangers: [],
        listeAdmisNationaux: items(lists.lists.listeAdmisNationaux),
        listeAttente: items(lists.lists.listeAttente),
        nonCandidats: 7,
        nonCandidatsParRaison: { NON_ANALYSE: 4, CRITERE_OBLIGATOIRE_NON_VALIDE: 2, DUREE_MAXIMALE: 1 },
        idDeliberation: 42,
      }),
    );
  });
});
