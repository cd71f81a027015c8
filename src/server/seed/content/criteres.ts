/**
 * Demo criterion types and criteria (docs/sessions-and-dossiers.md and docs/deliberation.md). Proofs follow the
 * public FAQ (src/web/features/home/content.ts): required for nationality, ward of the nation, orphan status, disability,
 * parents' profession, internally displaced persons, high-level sport or art and indigence; not for
 * a non-orphan nor for the 'Passable' mention. The nationality type is mandatory and every candidate
 * holds one of its two criteria, so that everyone falls in the NATIONAUX or ETRANGERS list.
 * Score = Σ (coefficient × note) of the criteria judged valid / Σ of the coefficients.
 */
import type { ListeDeliberation, StatutItem } from '../../../domain/enums';

export interface CritereSeed {
  libelle: string;
  note: number;
  justificatif: boolean;
  liste?: ListeDeliberation;
  /** A handicap: judged VALIDE, the stay limit is 4 academic years (docs/agency-rules.md). */
  handicap?: boolean;
}

export interface TypeCritereSeed {
  libelle: string;
  coefficient: number;
  typeItem: string;
  statut: StatutItem;
  criteres: readonly CritereSeed[];
}

const CHOIX_UNIQUE = 'Choix unique';

export const TYPES_CRITERE: readonly TypeCritereSeed[] = [
  {
    libelle: 'Nationalité',
    coefficient: 1,
    typeItem: CHOIX_UNIQUE,
    statut: 'OBLIGATOIRE',
    criteres: [
      { libelle: 'Burkinabè', note: 10, justificatif: true, liste: 'NATIONAUX' },
      { libelle: 'Étranger', note: 10, justificatif: true, liste: 'ETRANGERS' },
    ],
  },
  {
    libelle: 'Pupille de la Nation',
    coefficient: 4,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [{ libelle: 'Pupille de la Nation', note: 20, justificatif: true, liste: 'PUPILLES' }],
  },
  {
    libelle: 'Orphelin',
    coefficient: 3,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [
      { libelle: 'Orphelin de père et de mère', note: 20, justificatif: true },
      { libelle: 'Orphelin de père ou de mère', note: 12, justificatif: true },
      { libelle: 'Non orphelin', note: 0, justificatif: false },
    ],
  },
  {
    libelle: 'Handicap',
    coefficient: 3,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [
      { libelle: 'Handicap moteur', note: 20, justificatif: true, handicap: true },
      { libelle: 'Handicap visuel', note: 20, justificatif: true, handicap: true },
      { libelle: 'Handicap auditif', note: 15, justificatif: true, handicap: true },
    ],
  },
  {
    libelle: 'Personne déplacée interne (PDI)',
    coefficient: 3,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [
      { libelle: 'Personne déplacée interne', note: 15, justificatif: true },
      { libelle: 'Personne déplacée interne orpheline', note: 20, justificatif: true },
    ],
  },
  {
    libelle: 'Profession des parents',
    coefficient: 2,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [
      { libelle: 'Sans emploi', note: 18, justificatif: true },
      { libelle: 'Cultivateur / éleveur', note: 16, justificatif: true },
      { libelle: 'Secteur informel', note: 14, justificatif: true },
      { libelle: 'Retraité', note: 10, justificatif: true },
      { libelle: 'Commerçant', note: 8, justificatif: true },
      { libelle: 'Salarié du secteur privé', note: 6, justificatif: true },
      { libelle: 'Fonctionnaire', note: 5, justificatif: true },
    ],
  },
  {
    libelle: 'Indigence',
    coefficient: 2,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [{ libelle: "Certificat d'indigence", note: 15, justificatif: true }],
  },
  {
    libelle: 'Mention au baccalauréat',
    coefficient: 2,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [
      { libelle: 'Passable', note: 5, justificatif: false },
      { libelle: 'Assez bien', note: 10, justificatif: true },
      { libelle: 'Bien', note: 15, justificatif: true },
      { libelle: 'Très bien', note: 20, justificatif: true },
    ],
  },
  {
    libelle: 'Sportif ou artiste de haut niveau',
    coefficient: 1,
    typeItem: CHOIX_UNIQUE,
    statut: 'FACULTATIF',
    criteres: [
      { libelle: 'Sportif de haut niveau', note: 10, justificatif: true },
      { libelle: 'Artiste de haut niveau', note: 10, justificatif: true },
    ],
  },
];
