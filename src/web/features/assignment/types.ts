/**
 * The assignment calls' shapes as the screens read them (CONTRACT §7). Fields the server may leave
 * out are optional or nullable, so that a screen keeps working while the server side grows.
 */
import type { Sexe, SexeBatiment } from '../../../domain/enums';

/** One row of `GET campus/affectation` (paged), also an item of `POST campus/affectation`'s `affectes`. */
export interface AffectationRow {
  idAffectation: number;
  idSessionCenou: number;
  ine: string;
  nomEtudiant: string | null;
  prenomEtudiant: string | null;
  sexeEtudiant: Sexe | null;
  idCite: number;
  nomCite: string | null;
  idBatiment: number;
  libelleBatiment: string | null;
  idNiveau: number;
  libelleNiveau?: string | null;
  idCouloir: number;
  libelleCouloir?: string | null;
  idChambre: number;
  libelleChambre: string | null;
  idLit: number;
  libelleLit: string | null;
  montantChambre: number | null;
  codeVerification: string | null;
}

/** The student's own assignment (its dashboard card): the row and where the cité stands. */
export interface MonAffectation extends AffectationRow {
  libelleDirection?: string | null;
  nomVille?: string | null;
  anneeAcademique?: string | null;
}

/** An admitted student who accepted its place and has no bed yet (rank order). */
export interface EtudiantSansLit {
  idDossier?: number | null;
  ine: string;
  nomEtudiant: string | null;
  prenomEtudiant: string | null;
  sexeEtudiant: Sexe | null;
  rang?: number | null;
  listeDeliberation?: string | null;
  moyenne?: number | null;
}

/** `POST campus/affectation`'s answer. */
export interface AffectationResultat {
  affectes: AffectationRow[];
  /** Students left without a bed: their count, or the students themselves. */
  nonAffectes?: number | EtudiantSansLit[] | null;
}

/** `GET campus/affectation/disponibilites`: free beds a student of each sex could take now. */
export type Disponibilites = Partial<Record<Sexe, number>> & Record<string, unknown>;

/** A row of `GET campus/cite`. */
export interface CiteOption {
  idCite: number;
  nomCite: string;
  idDirection?: number | null;
  nomVille?: string | null;
  nbLit?: number | null;
}

/** A row of `GET campus/lit?idCite=` (the bed with its room, corridor, level and building). */
export interface LitRow {
  idLit: number;
  libelleLit: string;
  codeLit: string | null;
  idChambre: number;
  libelleChambre: string;
  codeChambre: string | null;
  idCouloir: number;
  libelleCouloir: string;
  codeCouloir: string | null;
  idNiveau: number;
  libelleNiveau: string;
  codeNiveau: string | null;
  idBatiment: number;
  libelleBatiment: string;
  codeBatiment: string | null;
  sexe: SexeBatiment;
  libelleCategorieChambre?: string | null;
  montantChambre?: number | null;
}

/** `GET campus-auth/attestation/{code}` (public). */
export interface AttestationVerifiee {
  valide: boolean;
  nomEtudiant: string | null;
  prenomEtudiant: string | null;
  nomCite: string | null;
  anneeAcademique: string | null;
  dateAnnulation?: string | null;
}
