/**
 * The dossier calls' shapes as the client reads them (CONTRACT §5). Fields the server may add are
 * optional, so that the screens keep working while the server side grows.
 */

/** One criterion a student may choose; `obligatoire` = the criterion needs a proof. */
export interface CritereOption {
  idCritere: number;
  libelleCritere: string;
  obligatoire: boolean;
}

/** One criterion type of the deposit form; `obligatoire` = a criterion must be chosen. */
export interface TypeCritereDepot {
  idTypeCritere: number;
  libelleTypeCritere: string;
  obligatoire: boolean;
  justificatif: boolean;
  listeCritere: CritereOption[];
}

/** `GET campus/dossier/depot/?ineEtudiant=…`: the deposit form. */
export interface DepotForm {
  idSessionCenou: number | null;
  idEtudiant: number | null;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: string | null;
  dateNaissance: string | null;
  lieuNaissance: string | null;
  typePays: string | null;
  serieBac: string | null;
  moyenneBac: number | null;
  listeDossierCritere: TypeCritereDepot[];
  /** The student's live dossier of this session, if any. */
  dossierExistant?: { idDossier: number; referenceDossier: string } | null;
}

/** One row of `GET campus/dossier/etudiant/{ine}`. */
export interface DossierResume {
  idDossier: number;
  referenceDossier: string;
  idSessionCenou: number;
  etatSession: string | null;
  statutSession: string | null;
  statutDossier: string | null;
  admis: string | null;
  rang: number | null;
  moyenne: number | null;
  dateDepot: string | null;
  typeDossier: string | null;
  /** The ville of deposit. */
  nomVille?: string | null;
  libelleDirection?: string | null;
  /** The server's verdicts: edit and delete are possible now (session OUVERT in INSCRIPTION…). */
  modificationPossible?: boolean;
  suppressionPossible?: boolean;
  /** An assignment, once a bed is given (CONTRACT §7). */
  nomCite?: string | null;
  libelleBatiment?: string | null;
  libelleNiveau?: string | null;
  libelleCouloir?: string | null;
  libelleChambre?: string | null;
  libelleLit?: string | null;
}

/** One answer of a dossier, as read (consultation, edit). */
export interface DossierCritereLu {
  idDossierCritere: number;
  idTypeCritere: number;
  libelleTypeCritere: string;
  idCritere: number;
  libelleCritere: string;
  nomFichier: string | null;
  valeurAnalyse: string | null;
}

/** `GET campus/dossier/depot?ineEtudiant=…&idDossier=…`: one dossier with its answers. */
export interface DossierDetail {
  idDossier: number;
  referenceDossier?: string | null;
  idSessionCenou?: number | null;
  etatSession?: string | null;
  statutSession?: string | null;
  statutDossier?: string | null;
  typeDossier?: string | null;
  modificationPossible?: boolean;
  listeDossierCritere: DossierCritereLu[];
}

/** The JSON part `dossier` of `PUT campus/dossier`. */
export interface DossierEnvoi {
  idDossier?: number;
  typeDossier?: string;
  listeDossierCritere: { idTypeCritere: number; idCritere: number; nomFichier?: string }[];
}

/** The answer of `PUT campus/dossier` (201 created, 200 updated). */
export interface DossierEnregistre {
  idDossier: number;
  referenceDossier: string;
}
