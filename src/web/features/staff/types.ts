/**
 * `GET campus/dossier/depot?ineEtudiant&idDossier`: one dossier, read as the student's screens read
 * it (docs/sessions-and-dossiers.md). The lists' and the dashboard's shapes are the routes' own
 * schemas (`src/domain/schemas/staff.ts`).
 */
export type {
  DossierDetail as DossierLu,
  DossierCritereLu as DossierCritere,
} from '../../../domain/schemas/dossier';
