/**
 * The staff calls' shapes as the screens read them (CONTRACT §5, §6; workflow specification §3).
 * Fields the server may leave out are optional or nullable, so that a screen keeps working while
 * the server side grows.
 */
import type { DossierCritereLu, DossierDetail } from '../dossier/types';

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

/** One criterion of a dossier as read (`listeDossierCritere`): the student's consultation reads the same. */
export type DossierCritere = DossierCritereLu;

/** `GET campus/dossier/depot?ineEtudiant&idDossier`: the student's reading, with the staff's facts. */
export interface DossierLu extends DossierDetail {
  ine?: string | null;
  nomEtudiant?: string | null;
  prenomEtudiant?: string | null;
  sexeEtudiant?: string | null;
  dateNaissance?: string | null;
  lieuNaissance?: string | null;
  telEtudiant?: string | null;
  libelleDirection?: string | null;
  nomVille?: string | null;
  moyenne?: number | null;
  rang?: number | null;
  dateDepot?: string | null;
}
