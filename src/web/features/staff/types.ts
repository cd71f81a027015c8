/**
 * The staff calls' shapes as the screens read them (CONTRACT §5, §6; workflow specification §3).
 * Fields the server may leave out are optional or nullable, so that a screen keeps working while
 * the server side grows.
 */
/** One row of `GET campus/dossier` (paged). */
export interface DossierRow {
  idDossier: number;
  referenceDossier: string | null;
  idSessionCenou: number | null;
  etatSession: string | null;
  statutSession: string | null;
  idDirection: number | null;
  libelleDirection: string | null;
  ine: string;
  nomEtudiant: string | null;
  prenomEtudiant: string | null;
  sexeEtudiant: string | null;
  dateNaissance: string | null;
  lieuNaissance: string | null;
  telEtudiant: string | null;
  nomVille: string | null;
  typeDossier: string | null;
  statutDossier: string | null;
  admis: string | null;
  moyenne: number | null;
  rang: number | null;
  dateDepot: string | null;
}

/** One city of `GET campus/dash-board`. */
export interface VilleDepot {
  idVille: number;
  libelleVille: string;
  nbEtudiant: number;
  nbEtudiantInscrit: number;
  nbEtudiantDepose: number;
}

export interface DashboardData {
  villeDepotDtos: VilleDepot[];
}

/** A row of `GET campus/session-cenou`. */
export interface SessionRow {
  idSessionCenou: number;
  idDirection: number;
  libelleDirection?: string | null;
  etatSession: string;
  statutSession: string;
}

/** A row of `GET campus/direction`. */
export interface DirectionRow {
  idDirection: number;
  libelleDirection: string;
}

/** `GET campus/dossier/depot?ineEtudiant&idDossier`: one dossier, read as the student's screens read it. */
export type {
  DossierDetail as DossierLu,
  DossierCritereLu as DossierCritere,
} from '../../../domain/schemas/dossier';
