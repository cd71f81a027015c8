/**
 * The demo's workflow (issues 8, 9, 10): one direction per phase, so that a newcomer walks every
 * screen at once. Ouagadougou still takes deposits, Bobo-Dioulasso analyses them, Koudougou
 * deliberated with quotas smaller than its candidates (a waiting list exists), then published its
 * results, answered offers, gave beds and opened its room choice (../koudougou.ts).
 */
import type { EtatSession } from '../../../domain/enums';

export interface DirectionWorkflowSeed {
  /** Sigle of the direction (its open session is moved to `etat`). */
  sigle: string;
  etat: EtatSession;
  /** Students of the direction given an account (the ones with a dossier among them). */
  comptes: number;
  dossiers: number;
  /** Dossiers already analysed (every criterion judged, moyenne stored). */
  analyses: number;
  /** Deposits spread between these many days ago (oldest, newest), never before the session opened. */
  depot: readonly [number, number];
  /** Places per criterion carrying a deliberation list (by the criterion's label), DELIBERATION only. */
  quotas?: Readonly<Record<string, number>>;
  /** The agency's rules at work (docs/agency-rules.md); none: every dossier NOUVEAU, no year of stay. */
  agence?: AgencyRulesSeed;
  /** The session's delay to answer an offer, in hours (the product's default when absent). */
  delaiReponseHeures?: number;
}

/**
 * The agency's rules in a direction's demo (docs/agency-rules.md). A closed session of the previous
 * academic year holds the dossiers, admitted and accepted, and the beds of the students it housed.
 */
interface AgencyRulesSeed {
  /** Dossiers that ask for re-admission (RENOUVELLEMENT): their students were housed here last year. */
  renouvellements: number;
  /**
   * Among them, students the registry says were also housed a year before the product
   * (`anneesHebergementAnterieures` 1): 2 years, the limit, so they chose a Handicap criterion; once
   * analysed, half of them have it judged VALIDE (limit 4: candidates), half INVALIDE (DUREE_MAXIMALE).
   */
  auLimite: number;
  /**
   * Other dossiers (NOUVEAU) whose students the registry says were housed a year before the
   * product; the last of them two years, over the limit (the registry was imported after its deposit).
   */
  anterieures: number;
  /** Accounts without a dossier whose students were housed here last year: they may ask for re-admission. */
  libres: number;
  /** The session's `placesReadmission`. */
  placesReadmission: number;
}

export const WORKFLOW: readonly DirectionWorkflowSeed[] = [
  {
    sigle: 'OUA',
    etat: 'INSCRIPTION',
    comptes: 330,
    dossiers: 300,
    analyses: 0,
    depot: [12, 0],
    agence: { renouvellements: 12, auLimite: 0, anterieures: 4, libres: 1, placesReadmission: 8 },
  },
  {
    sigle: 'BOB',
    etat: 'ANALYSE',
    comptes: 300,
    dossiers: 300,
    analyses: 100,
    depot: [40, 16],
    agence: { renouvellements: 10, auLimite: 2, anterieures: 4, libres: 0, placesReadmission: 6 },
  },
  {
    sigle: 'KDG',
    etat: 'DELIBERATION',
    comptes: 300,
    dossiers: 300,
    analyses: 290,
    depot: [60, 35],
    // About 270 candidates for 160 places: the waiting list holds about a hundred.
    quotas: { 'Pupille de la Nation': 6, Étranger: 4, Burkinabè: 150 },
    // Published some days before the load (../koudougou.ts): a week to answer, so that a few
    // offers still wait within their deadline.
    delaiReponseHeures: 168,
    // About 25 re-admission requests for 10 places: the READMISSIONS list is full, the others compete.
    agence: { renouvellements: 24, auLimite: 4, anterieures: 6, libres: 0, placesReadmission: 10 },
  },
];

/** The seed string of the Koudougou ranking used to name its two demo students (docs/deliberation.md draw). */
export const KDG_RANKING_SEED = 'demo-koudougou';

/** Rank, within the NATIONAUX list, of the Koudougou student named as admitted. */
export const KDG_RANG_ADMIS = 10;

/**
 * How often each optional criterion type is answered, and with which criterion (labels of
 * content/criteres.ts). Nationality follows the registry's typePays, the baccalaureate mention its
 * moyenneBac; the others are drawn.
 */
export const CHOIX_FACULTATIFS: readonly {
  type: string;
  part: number;
  criteres: readonly (readonly [string, number])[];
}[] = [
  { type: 'Pupille de la Nation', part: 0.04, criteres: [['Pupille de la Nation', 1]] },
  {
    type: 'Orphelin',
    part: 0.45,
    criteres: [
      ['Non orphelin', 70],
      ['Orphelin de père ou de mère', 24],
      ['Orphelin de père et de mère', 6],
    ],
  },
  {
    type: 'Handicap',
    part: 0.02,
    criteres: [
      ['Handicap moteur', 2],
      ['Handicap visuel', 1],
      ['Handicap auditif', 1],
    ],
  },
  {
    type: 'Personne déplacée interne (PDI)',
    part: 0.07,
    criteres: [
      ['Personne déplacée interne', 4],
      ['Personne déplacée interne orpheline', 1],
    ],
  },
  {
    type: 'Profession des parents',
    part: 0.6,
    criteres: [
      ['Cultivateur / éleveur', 30],
      ['Secteur informel', 20],
      ['Commerçant', 15],
      ['Sans emploi', 10],
      ['Fonctionnaire', 10],
      ['Salarié du secteur privé', 8],
      ['Retraité', 7],
    ],
  },
  { type: 'Indigence', part: 0.08, criteres: [["Certificat d'indigence", 1]] },
  {
    type: 'Sportif ou artiste de haut niveau',
    part: 0.02,
    criteres: [
      ['Sportif de haut niveau', 2],
      ['Artiste de haut niveau', 1],
    ],
  },
];

/** Share of answers to the baccalaureate mention type. */
export const PART_MENTION = 0.7;

/** The mention of a moyenne au bac (French scale). */
export function mentionBac(moyenne: number | null): string {
  if (moyenne === null || moyenne < 12) return 'Passable';
  if (moyenne < 14) return 'Assez bien';
  if (moyenne < 16) return 'Bien';
  return 'Très bien';
}

/** The file name a student gives its proof, per criterion type. */
export const NOMS_JUSTIFICATIFS: Readonly<Record<string, string>> = {
  Nationalité: 'Certificat de nationalité.pdf',
  'Pupille de la Nation': 'Carte de pupille de la Nation.pdf',
  Orphelin: 'Acte de décès.pdf',
  Handicap: 'Certificat médical handicap.pdf',
  'Personne déplacée interne (PDI)': 'Attestation PDI.pdf',
  'Profession des parents': 'Attestation de travail des parents.pdf',
  Indigence: "Certificat d'indigence.pdf",
  'Mention au baccalauréat': 'Relevé de notes du bac.pdf',
  'Sportif ou artiste de haut niveau': 'Attestation de la fédération.pdf',
};

/** Analysis outcomes: mostly valid; a proof may be refused or missing its justification. */
export const ANALYSE_AVEC_JUSTIFICATIF: readonly (readonly ['VALIDE' | 'INVALIDE' | 'INJUSTIFIE', number])[] =
  [
    ['VALIDE', 90],
    ['INVALIDE', 6],
    ['INJUSTIFIE', 4],
  ];
export const ANALYSE_SANS_JUSTIFICATIF: readonly (readonly ['VALIDE' | 'INVALIDE', number])[] = [
  ['VALIDE', 97],
  ['INVALIDE', 3],
];
