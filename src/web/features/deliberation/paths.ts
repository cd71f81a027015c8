/** Client routes and API calls of the deliberation and the admissible lists. */
export const delibPaths = {
  deliberation: '/deliberation',
  resultat: '/resultat',
  listeAdmissible: '/liste-admissible',
  exportDeliberation: '/export-deliberation',
  chargementAdmissibles: '/charger-fichier-admissibles',
  /** The admin's recomputation of the published runs. */
  verification: '/verification-deliberation',
  /** The student's own result (the lead may fold it into the student's dashboard). */
  monResultat: '/mon-resultat/:idDossier',
  monResultatDe: (idDossier: number | string) => `/mon-resultat/${idDossier}`,
  api: {
    apercu: 'campus/deliberation-nationaux',
    deliberation: 'campus/deliberation',
    admis: 'campus/etudiant-admis',
    exportDeliberation: 'campus/export-deliberation',
    chargement: 'campus/chargement-admissibles',
    chargementModele: 'campus/chargement-admissibles/modele',
    resultat: (idDossier: number | string) => `campus/dossier/${idDossier}/resultat`,
    verification: (idDeliberation: number) => `campus/deliberation/${idDeliberation}/verification`,
  },
} as const;
