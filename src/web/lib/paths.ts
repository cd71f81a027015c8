/**
 * Every URL the web client uses, in one place: the pages (client routes), the public documents and
 * the API calls (relative to the API base). Resource screens take their path from their
 * definition (`ResourceDef.path`), which the server and the menus share.
 */
export const API_BASE = '/service/api/hebergement-cenou/';

export const paths = {
  accueil: '/',
  faq: '/faq',
  connexion: '/connexion',
  inscription: '/inscription',
  deconnexion: '/deconnexion',
  motDePasse: '/profil/mot-de-passe',
  parametre: '/parametre',
  exportCites: '/parametre/export',
  journal: '/parametre/journal',
  registre: '/registre',
  documents: {
    index: '/documents',
    statutReglement: '/documents/statut-reglement',
    caution: '/documents/caution',
    declarationHonneur: '/documents/declaration-honneur',
  },
  api: {
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
  },
} as const;
