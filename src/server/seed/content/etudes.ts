/**
 * Studies for the demo student registry (CONTEXT.md): the orientation villes with their universities,
 * baccalaureate series (A4 and D by far the most common) and the filières each series leads to.
 */

interface VilleOrientationSeed {
  /** A ville of migration 0001. */
  ville: string;
  /** Share of the registry, in per cent. */
  poids: number;
  universites: readonly (readonly [string, number])[];
}

/** Mostly the three university cities that have cités; a few students elsewhere (no cité there). */
export const VILLES_ORIENTATION: readonly VilleOrientationSeed[] = [
  {
    ville: 'Ouagadougou',
    poids: 52,
    universites: [
      ['Université Joseph Ki-Zerbo', 70],
      ['Université Thomas Sankara', 30],
    ],
  },
  { ville: 'Bobo-Dioulasso', poids: 24, universites: [['Université Nazi Boni', 1]] },
  { ville: 'Koudougou', poids: 21, universites: [['Université Norbert Zongo', 1]] },
  { ville: 'Ouahigouya', poids: 1, universites: [['Université Lédéa Bernard Ouédraogo', 1]] },
  { ville: "Fada N'Gourma", poids: 0.7, universites: [['Université Yembila Abdoulaye Toguyeni', 1]] },
  { ville: 'Dédougou', poids: 0.7, universites: [['Université Daniel Ouezzin Coulibaly', 1]] },
  { ville: 'Kaya', poids: 0.3, universites: [['Centre universitaire de Kaya', 1]] },
  { ville: 'Tenkodogo', poids: 0.3, universites: [['Centre universitaire de Tenkodogo', 1]] },
];

type Domaine = 'sciences' | 'lettres' | 'gestion' | 'technique';

export const SERIES_BAC: readonly (readonly [string, number, Domaine])[] = [
  ['D', 38, 'sciences'],
  ['A4', 36, 'lettres'],
  ['C', 5, 'sciences'],
  ['G2', 7, 'gestion'],
  ['G1', 3, 'gestion'],
  ['A3', 2, 'lettres'],
  ['A5', 2, 'lettres'],
  ['E', 1, 'technique'],
  ['F1', 1, 'technique'],
  ['F2', 1, 'technique'],
  ['F3', 1, 'technique'],
  ['F4', 1, 'technique'],
  ['H', 1, 'gestion'],
];

export const FILIERES: Record<Domaine, readonly string[]> = {
  sciences: [
    'Mathématiques',
    'Physique',
    'Chimie',
    'Sciences de la vie et de la terre',
    'Informatique',
    'Médecine',
    'Pharmacie',
    'Sciences biologiques',
    'Mathématiques-Physique-Chimie-Informatique',
  ],
  lettres: [
    'Lettres modernes',
    'Anglais',
    'Allemand',
    'Histoire et archéologie',
    'Géographie',
    'Sociologie',
    'Philosophie',
    'Psychologie',
    'Droit',
    'Communication et journalisme',
    'Linguistique',
  ],
  gestion: [
    'Sciences économiques et de gestion',
    'Gestion des entreprises',
    'Comptabilité, contrôle, audit',
    'Droit',
  ],
  technique: ['Génie civil', 'Génie électrique', 'Génie mécanique', 'Informatique'],
};

export const NIVEAUX_ETUDE = ['L1', 'L2', 'L3', 'M1', 'M2'] as const;

/** Bands of the baccalaureate average with their share (French scale: mentions). */
export const MOYENNES_BAC: readonly (readonly [[number, number], number])[] = [
  [[10, 12], 48], // Passable
  [[12, 14], 32], // Assez bien
  [[14, 16], 16], // Bien
  [[16, 17], 4], // Très bien
];
