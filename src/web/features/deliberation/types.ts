/**
 * The deliberation calls' shapes as the screens read them (CONTRACT §6, §6 bis). Fields the server
 * may leave out are optional or nullable, so that a screen keeps working while the server grows.
 */

/** One student of a preview or published list. */
export interface ListeItem {
  idDossier: number;
  ine: string;
  nomEtudiant: string | null;
  prenomEtudiant: string | null;
  sexeEtudiant?: string | null;
  dateNaissance?: string | null;
  lieuNaissance?: string | null;
  anneeBac?: number | null;
  moyenne: number | null;
  rang: number | null;
  nomVille?: string | null;
}

/** `GET campus/deliberation-nationaux` and `POST campus/deliberation`. */
export interface DeliberationLists {
  seed: string;
  listeAdmisPupilles: ListeItem[];
  listeAdmisEtrangers: ListeItem[];
  listeAdmisNationaux: ListeItem[];
  listeAttente: ListeItem[];
  /** Places of each list (sum of the quotas), and those used after the roll-over to NATIONAUX. */
  places?: Record<string, number>;
  placesEffectives?: Record<string, number>;
  /** Dossiers of the session that are not candidates (not analysed, a mandatory criterion not valid). */
  nonCandidats?: number;
}

/** The four lists, in the order they fill, with the `liste` of their PDF. */
export const LISTS = [
  { key: 'listeAdmisPupilles', liste: 'PUPILLES' },
  { key: 'listeAdmisEtrangers', liste: 'ETRANGERS' },
  { key: 'listeAdmisNationaux', liste: 'NATIONAUX' },
  { key: 'listeAttente', liste: 'ATTENTE' },
] as const;

export type ListeCode = (typeof LISTS)[number]['liste'];

/** One run of `GET campus/deliberation`. */
export interface DeliberationRun {
  idDeliberation: number;
  seed: string;
  /** When it was published (ISO timestamp). */
  datePublication?: string | null;
  dateDeliberation?: string | null;
  date?: string | null;
  auteur?: string | null;
  /** The author as people read it (`Prénom Nom`). */
  nomAuteur?: string | null;
  nbPupilles?: number | null;
  nbEtrangers?: number | null;
  nbNationaux?: number | null;
  nbAttente?: number | null;
  /** The run whose results hold now (a republication replaces the previous one). */
  courante?: boolean;
  [field: string]: unknown;
}

/** One line of a score breakdown (`src/domain/score.ts`). */
export interface ResultatLigne {
  libelleTypeCritere: string;
  libelleCritere: string;
  coefficient: number;
  note: number;
  valeurAnalyse: string | null;
  compte: boolean;
  produit: number;
}

/** `GET campus/dossier/{idDossier}/resultat`. */
export interface DossierResultat {
  /** Whether a publication ranked this dossier (before it: no list, rank nor detail). */
  publie?: boolean;
  statutDossier: string | null;
  liste: string | null;
  rang: number | null;
  moyenne: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
  detail: { lignes: ResultatLigne[]; total: number; diviseur: number; moyenne: number } | null;
}

/** A stored outcome of one dossier: status, list and rank. */
export interface Issue {
  statut: string;
  liste: string | null;
  rang: number | null;
}

/** `GET campus/deliberation/{id}/verification`: the run ranked again from its stored inputs. */
export interface Verification {
  identique: boolean;
  nbDifferences: number;
  /** The first 100 differences. */
  differences: { idDossier: number; ine: string; enregistre: Issue; recalcule: Issue }[];
}
