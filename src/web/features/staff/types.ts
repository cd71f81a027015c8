/**
 * One dossier as the staff screens read it (CONTRACT §5, §6; workflow specification §3). Fields the
 * server may leave out are optional or nullable. The lists' and the dashboard's shapes are the
 * routes' own schemas (`src/domain/schemas/staff.ts`).
 */
import type { DossierCritereLu, DossierDetail } from '../dossier/types';

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
