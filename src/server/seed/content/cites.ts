/**
 * Demo housing stock: the 13 public cités of CENOU in the three university cities (CONTEXT.md).
 * Known figures are kept: Kossodo's pavilions A–D (about 750 beds in A and B), Larlé for girls
 * only, Koubawè's 2,552 beds in 4-bed rooms with phase II's three 504-bed pavilions (two for men,
 * one for women), Fasotex's 450 beds, Espérance I's 24 beds and Koudougou's 1,500-bed cité of 2019.
 * Other counts are plausible defaults (about 6,300 beds in all, for the public "about 6,000").
 * Of the Koudougou cités named in the sources, Bourkina is left out to keep the public count of 13.
 *
 * Each bâtiment is described by its shape; the loader (../housing.ts) numbers the rooms
 * `<bâtiment>-<niveau><nn>` (A-101 = first room of the 1st floor, A-001 on the ground floor) and the
 * beds `<room>-<n>` (A-101-1), rooms numbered on across the corridors of a floor.
 */
import type { SexeBatiment } from '../../../domain/enums';

interface CouloirSeed {
  code: string;
  libelle: string;
}

interface CategorieSeed {
  libelle: string;
  /** Rent per bed and month, FCFA. */
  montant: number;
  /** Beds in a room of this category. */
  lits: number;
}

interface BatimentSeed {
  code: string;
  libelle: string;
  sexe: SexeBatiment;
  /** Floors, the ground floor (RDC) included. */
  niveaux: number;
  couloirs: readonly CouloirSeed[];
  chambresParCouloir: number;
  /** Libellé of one of the cité's categories. */
  categorie: string;
}

export interface CiteSeed {
  /** A ville of migration 0001, as named there. */
  ville: string;
  nom: string;
  adresse: string;
  categories: readonly CategorieSeed[];
  batiments: readonly BatimentSeed[];
}

export const NIVEAUX: readonly { code: string; libelle: string }[] = [
  { code: 'RDC', libelle: 'Rez-de-chaussée' },
  { code: 'E1', libelle: '1er étage' },
  { code: 'E2', libelle: '2e étage' },
  { code: 'E3', libelle: '3e étage' },
  { code: 'E4', libelle: '4e étage' },
];

const DEUX_AILES: readonly CouloirSeed[] = [
  { code: 'G', libelle: 'Aile gauche' },
  { code: 'D', libelle: 'Aile droite' },
];
const UN_COULOIR: readonly CouloirSeed[] = [{ code: 'C', libelle: 'Couloir central' }];

const DEUX_LITS = 'Chambre de 2 lits';
const QUATRE_LITS = 'Chambre de 4 lits';

function pavillon(
  code: string,
  sexe: SexeBatiment,
  niveaux: number,
  couloirs: readonly CouloirSeed[],
  chambresParCouloir: number,
  categorie: string,
  libelle?: string,
): BatimentSeed {
  const pour = sexe === 'M' ? ' (garçons)' : sexe === 'F' ? ' (filles)' : '';
  return {
    code,
    libelle: libelle ?? `Bâtiment ${code}${pour}`,
    sexe,
    niveaux,
    couloirs,
    chambresParCouloir,
    categorie,
  };
}

export const CITES: readonly CiteSeed[] = [
  // Ouagadougou
  {
    ville: 'Ouagadougou',
    nom: 'Cité universitaire de Kossodo',
    adresse: 'Kossodo, arrondissement 4, Ouagadougou (siège du CENOU)',
    categories: [{ libelle: DEUX_LITS, montant: 4000, lits: 2 }],
    batiments: [
      pavillon('A', 'M', 4, DEUX_AILES, 24, DEUX_LITS),
      pavillon('B', 'F', 4, DEUX_AILES, 23, DEUX_LITS),
      pavillon('C', 'F', 3, DEUX_AILES, 10, DEUX_LITS),
      pavillon('D', 'M', 3, DEUX_AILES, 10, DEUX_LITS),
    ],
  },
  {
    ville: 'Ouagadougou',
    nom: "Cité universitaire de la Patte d'Oie",
    adresse: "Patte d'Oie, arrondissement 11, Ouagadougou",
    categories: [{ libelle: DEUX_LITS, montant: 4000, lits: 2 }],
    batiments: [
      pavillon('A', 'M', 2, DEUX_AILES, 8, DEUX_LITS),
      pavillon('B', 'F', 2, DEUX_AILES, 8, DEUX_LITS),
    ],
  },
  {
    ville: 'Ouagadougou',
    nom: 'Cité universitaire de Gounghin',
    adresse: 'Gounghin, arrondissement 2, Ouagadougou',
    categories: [{ libelle: DEUX_LITS, montant: 4000, lits: 2 }],
    batiments: [
      pavillon('A', 'M', 2, UN_COULOIR, 12, DEUX_LITS),
      pavillon('B', 'F', 2, UN_COULOIR, 12, DEUX_LITS),
    ],
  },
  {
    ville: 'Ouagadougou',
    nom: 'Cité universitaire de Larlé (filles)',
    adresse: 'Larlé, arrondissement 1, Ouagadougou',
    categories: [{ libelle: DEUX_LITS, montant: 4000, lits: 2 }],
    batiments: [
      pavillon('A', 'F', 2, DEUX_AILES, 7, DEUX_LITS),
      pavillon('B', 'F', 2, DEUX_AILES, 7, DEUX_LITS),
    ],
  },
  {
    ville: 'Ouagadougou',
    nom: 'Cité « Chinoise »',
    adresse: 'Près du stade du 4-Août, Ouagadougou',
    categories: [
      { libelle: DEUX_LITS, montant: 5000, lits: 2 },
      { libelle: QUATRE_LITS, montant: 3500, lits: 4 },
    ],
    batiments: [
      pavillon('B1', 'M', 2, DEUX_AILES, 6, QUATRE_LITS, 'Bloc 1 (garçons)'),
      pavillon('B2', 'F', 2, DEUX_AILES, 12, DEUX_LITS, 'Bloc 2 (filles)'),
    ],
  },
  // Bobo-Dioulasso
  {
    ville: 'Bobo-Dioulasso',
    nom: 'Cité universitaire de Koubawè',
    adresse: 'Koubawè (ex-Belleville), secteur 29, Bobo-Dioulasso',
    categories: [{ libelle: QUATRE_LITS, montant: 3000, lits: 4 }],
    batiments: [
      pavillon('P1', 'M', 5, DEUX_AILES, 13, QUATRE_LITS, 'Bâtiment 1 (garçons)'),
      pavillon('P2', 'F', 5, DEUX_AILES, 13, QUATRE_LITS, 'Bâtiment 2 (filles)'),
      pavillon('P3', 'M', 3, DEUX_AILES, 21, QUATRE_LITS, 'Bâtiment 3 – phase II (garçons)'),
      pavillon('P4', 'M', 3, DEUX_AILES, 21, QUATRE_LITS, 'Bâtiment 4 – phase II (garçons)'),
      pavillon('P5', 'F', 3, DEUX_AILES, 21, QUATRE_LITS, 'Bâtiment 5 – phase II (filles)'),
    ],
  },
  // Koudougou
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire des 1\u00a0500 lits',
    adresse: "Ouverte en 2019, près de l'Université Norbert Zongo, Koudougou",
    categories: [{ libelle: DEUX_LITS, montant: 3500, lits: 2 }],
    batiments: [
      pavillon('A', 'F', 3, DEUX_AILES, 25, DEUX_LITS, 'Bâtiment A (filles)'),
      pavillon('B', 'F', 3, DEUX_AILES, 25, DEUX_LITS, 'Bâtiment B (filles)'),
      pavillon('C', 'F', 3, DEUX_AILES, 25, DEUX_LITS, 'Bâtiment C (filles)'),
      pavillon('D', 'M', 3, DEUX_AILES, 25, DEUX_LITS, 'Bâtiment D (garçons)'),
      pavillon('E', 'M', 3, DEUX_AILES, 25, DEUX_LITS, 'Bâtiment E (garçons)'),
    ],
  },
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire Fasotex',
    adresse: 'Quartier Fasotex, Koudougou',
    categories: [{ libelle: QUATRE_LITS, montant: 2500, lits: 4 }],
    batiments: [
      pavillon('A', 'M', 2, DEUX_AILES, 14, QUATRE_LITS),
      pavillon('B', 'F', 2, DEUX_AILES, 14, QUATRE_LITS),
    ],
  },
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire Bon Séjour',
    adresse: 'Secteur 3, Koudougou',
    categories: [{ libelle: DEUX_LITS, montant: 3000, lits: 2 }],
    batiments: [pavillon('A', 'M', 2, DEUX_AILES, 12, DEUX_LITS, 'Bâtiment A (garçons)')],
  },
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire Yeelba (filles)',
    adresse: 'Secteur 7, Koudougou',
    categories: [{ libelle: DEUX_LITS, montant: 3000, lits: 2 }],
    batiments: [pavillon('A', 'F', 2, DEUX_AILES, 10, DEUX_LITS, 'Bâtiment A (filles)')],
  },
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire Oasis',
    adresse: 'Secteur 8, Koudougou',
    categories: [{ libelle: DEUX_LITS, montant: 3000, lits: 2 }],
    batiments: [pavillon('A', 'M', 2, UN_COULOIR, 16, DEUX_LITS, 'Bâtiment A (garçons)')],
  },
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire Espérance I',
    adresse: 'Secteur 9, Koudougou',
    categories: [{ libelle: QUATRE_LITS, montant: 2500, lits: 4 }],
    batiments: [
      pavillon('A', 'M', 1, UN_COULOIR, 3, QUATRE_LITS, 'Bloc A (garçons)'),
      pavillon('B', 'F', 1, UN_COULOIR, 3, QUATRE_LITS, 'Bloc B (filles)'),
    ],
  },
  {
    ville: 'Koudougou',
    nom: 'Cité universitaire Espérance II',
    adresse: 'Secteur 9, Koudougou',
    categories: [{ libelle: DEUX_LITS, montant: 3000, lits: 2 }],
    batiments: [
      pavillon('A', 'M', 1, UN_COULOIR, 12, DEUX_LITS, 'Bloc A (garçons)'),
      pavillon('B', 'F', 1, UN_COULOIR, 12, DEUX_LITS, 'Bloc B (filles)'),
    ],
  },
];
