import { API_BASE as API_PATH } from '../../domain/api';

/**
 * Every URL the web client uses, in one place: the pages (client routes), the public documents and
 * the API calls (relative to the API base). Resource screens take their path from their
 * definition (`ResourceDef.path`), which the server and the menus share.
 */
export const API_BASE = `${API_PATH}/`;

export const paths = {
  accueil: '/',
  faq: '/faq',
  connexion: '/connexion',
  inscription: '/inscription',
  /** Staff screens (workflow specification §2): deposits, dashboard, consultation, analysis. */
  depotDirection: '/depot-direction',
  depotGeneral: '/depot-general',
  consultDossierEtudiant: '/consult-dossier-etudiant/:idDossier/:ine',
  analyse: '/analyse',
  analyseDossier: '/analyse-dossier/:idDossier/:ine',
  staff: {
    consulter: (idDossier: number | string, ine: string) =>
      `/consult-dossier-etudiant/${idDossier}/${encodeURIComponent(ine)}`,
    analyser: (idDossier: number | string, ine: string) =>
      `/analyse-dossier/${idDossier}/${encodeURIComponent(ine)}`,
  },
  deconnexion: '/deconnexion',
  motDePasse: '/profil/mot-de-passe',
  parametre: '/parametre',
  exportCites: '/parametre/export',
  journal: '/parametre/journal',
  registre: '/registre',
  depot: '/depot',
  tableauDeBord: '/tableau-de-bord',
  /** Route patterns of one dossier, and the links to them. */
  consultDossier: '/consult-dossier/:idDossier',
  editDossier: '/edit-dossier/:idDossier',
  dossier: {
    consulter: (idDossier: number | string) => `/consult-dossier/${idDossier}`,
    modifier: (idDossier: number | string) => `/edit-dossier/${idDossier}`,
  },
  documents: {
    index: '/documents',
    statutReglement: '/documents/statut-reglement',
    caution: '/documents/caution',
    declarationHonneur: '/documents/declaration-honneur',
  },
  api: {
    /** Staff: the dossiers (paged; `?idDirection&etatSession`), the dashboard, the analysis. */
    dossiers: 'campus/dossier',
    tableauDeBord: 'campus/dash-board',
    analyseDossier: 'campus/analyse-dossier',
    dossierLecture: 'campus/dossier/depot',
    signin: 'campus-auth/signin',
    motDePasse: 'campus-auth/password',
    liste: (resource: string) => `campus/${resource}`,
    element: (resource: string, id: number | string) => `campus/${resource}/${id}`,
    reinitialiserMotDePasse: (idUtilisateur: number | string) => `campus/users/${idUtilisateur}/reset`,
    identiteEtudiant: (ine: string) => `campus-auth/hebergement-etudiant/${encodeURIComponent(ine)}`,
    inscription: 'campus-auth/hebergement-etudiant/',
    registre: 'campus/registre-etudiant',
    registreModele: 'campus/registre-etudiant/modele',
    registreImport: 'campus/registre-etudiant/import',
    journal: 'campus/audit',
    /** The deposit form (`?ineEtudiant`), or one dossier with its answers (`?ineEtudiant&idDossier`). */
    depot: 'campus/dossier/depot/',
    dossierDetail: 'campus/dossier/depot',
    /** `PUT`: deposit or update (multipart). */
    dossier: 'campus/dossier',
    dossiersEtudiant: (ine: string) => `campus/dossier/etudiant/${encodeURIComponent(ine)}`,
    /** `PATCH`: delete. */
    dossierElement: (idDossier: number | string) => `campus/dossier/${idDossier}`,
    justificatif: (idDossier: number | string, idDossierCritere: number | string) =>
      `campus/dossier/${idDossier}/${idDossierCritere}`,
  },
} as const;
