import { API_BASE as API_PATH } from '../../domain/api.ts';

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
  /** Staff screens: deposits, dashboard, consultation, analysis. */
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
  /** One-task procurations (docs/procurations.md): the student's page, the helper's public page. */
  procurations: '/procurations',
  aide: '/aide',
  /** The student's phone for the SMS (decision 030). */
  telephone: '/profil/telephone',
  /** A forgotten password: ask for a code, then type it with the new password (public). */
  motDePasseOublie: '/mot-de-passe-oublie',
  parametre: '/parametre',
  exportCites: '/parametre/export',
  journal: '/parametre/journal',
  /** The cité agents and their cités (docs/life-in-the-cite.md). */
  agentsCite: '/parametre/agent-cite',
  registre: '/registre',
  depot: '/depot',
  tableauDeBord: '/tableau-de-bord',
  /** The agency's statistics over years (docs/statistics.md). */
  statistiques: '/statistiques',
  /** Life in the cité (docs/life-in-the-cite.md): the resident's arrival, an assignment's arrival for the agent. */
  monArrivee: '/mon-arrivee',
  etatDesLieuxRoute: '/etat-des-lieux/:idAffectation',
  etatDesLieux: (idAffectation: number | string) => `/etat-des-lieux/${idAffectation}`,
  /** Repairs (docs/life-in-the-cite.md#repairs): report, the resident's own, the list, one request. */
  signalerProbleme: '/signaler-probleme',
  mesDemandes: '/mes-demandes',
  interventions: '/interventions',
  /** The agent's residents (docs/life-in-the-cite.md#the-residents), filtered by cité and situation. */
  residents: '/residents',
  interventionRoute: '/intervention/:id',
  intervention: (id: number | string) => `/intervention/${id}`,
  monDepart: '/mon-depart',
  departRoute: '/depart/:idAffectation',
  depart: (idAffectation: number | string) => `/depart/${idAffectation}`,
  /** Route patterns of one dossier, and the links to them. */
  consultDossier: '/consult-dossier/:idDossier',
  editDossier: '/edit-dossier/:idDossier',
  dossier: {
    consulter: (idDossier: number | string) => `/consult-dossier/${idDossier}`,
    modifier: (idDossier: number | string) => `/edit-dossier/${idDossier}`,
  },
  /** The deliberation and the admissible lists. */
  deliberation: {
    deliberation: '/deliberation',
    resultat: '/resultat',
    listeAdmissible: '/liste-admissible',
    exportDeliberation: '/export-deliberation',
    chargementAdmissibles: '/charger-fichier-admissibles',
    /** The admin's recomputation of the published runs. */
    verification: '/verification-deliberation',
    /** The student's own result. */
    monResultat: '/mon-resultat/:idDossier',
    monResultatDe: (idDossier: number | string) => `/mon-resultat/${idDossier}`,
  },
  /** Mobile money (docs/payments.md): the student pays its rent, then follows the payment. */
  paiement: {
    payer: '/paiement',
    suivi: '/paiement/:referencePaiement',
    suiviDe: (reference: string) => `/paiement/${encodeURIComponent(reference)}`,
  },
  /** The assignment screens (the original client's spelling of /afectation-lit kept). */
  affectation: {
    cite: '/affectationcite',
    chambre: '/affectationchambre',
    lit: '/afectation-lit',
    /** The public certificate check the QR code opens. */
    attestation: '/attestation/:code',
    attestationDe: (code: string) => `/attestation/${encodeURIComponent(code)}`,
  },
  /** Staff's room-choice campaign: create it, see its slots, follow it (docs/room-choice.md). */
  campagneChoix: '/campagne-choix-chambres',
  /** Rent (docs/rent.md): the staff's arrears list, the student's own rent, the public receipt check. */
  loyers: '/loyers',
  /** The USSD phone drawn on a screen (docs/ussd.md): staff walk the students' USSD menu. */
  telephoneUssd: '/telephone-ussd',
  rapprochement: '/loyers/rapprochement',
  /** The deadlines outages moved (docs/availability.md#the-deadlines-moved-staff). */
  delaisReportes: '/delais-reportes',
  monLoyer: '/mon-loyer',
  /** The student's room choice (docs/room-choice.md): its slot, group, the free rooms, its hold. */
  choixChambre: '/choix-chambre',
  recu: '/recu/:referencePaiement',
  recuDe: (reference: string) => `/recu/${encodeURIComponent(reference)}`,
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
    signin: 'campus-auth/signin',
    motDePasse: 'campus-auth/password',
    motDePasseOublie: 'campus-auth/mot-de-passe-oublie',
    motDePasseOublieConfirmation: 'campus-auth/mot-de-passe-oublie/confirmation',
    /** What was sent to the students: per dossier, per session. */
    messagesDossier: (idDossier: number | string) => `campus/dossier/${idDossier}/messages`,
    messagesCompteurs: 'campus/messages/compteurs',
    /** The student's phone: its own (`GET`, `POST` a new number, `DELETE`), the code, the staff's view. */
    telephone: 'campus/etudiant/telephone',
    telephoneConfirmation: 'campus/etudiant/telephone/confirmation',
    telephoneDossier: (idDossier: number | string) => `campus/dossier/${idDossier}/telephone`,
    liste: (resource: string) => `campus/${resource}`,
    element: (resource: string, id: number | string) => `campus/${resource}/${id}`,
    reinitialiserMotDePasse: (idUtilisateur: number | string) => `campus/users/${idUtilisateur}/reset`,
    identiteEtudiant: (ine: string) => `campus-auth/hebergement-etudiant/${encodeURIComponent(ine)}`,
    inscription: 'campus-auth/hebergement-etudiant/',
    registre: 'campus/registre-etudiant',
    registreModele: 'campus/registre-etudiant/modele',
    registreImport: 'campus/registre-etudiant/import',
    journal: 'campus/audit',
    /** The resumable proof uploads (tus): `POST` creates, the upload's own URL is in `Location`. */
    televersement: 'campus/televersement',
    /** The dossier calls. */
    dossier: {
      /** The deposit form (`?ineEtudiant`), or one dossier with its answers (`?ineEtudiant&idDossier`). */
      depot: 'campus/dossier/depot',
      /** `PUT`: deposit or update (JSON or multipart). */
      enregistrer: 'campus/dossier',
      etudiant: (ine: string) => `campus/dossier/etudiant/${encodeURIComponent(ine)}`,
      /** `PATCH`: delete. */
      element: (idDossier: number | string) => `campus/dossier/${idDossier}`,
      justificatif: (idDossier: number | string, idDossierCritere: number | string) =>
        `campus/dossier/${idDossier}/${idDossierCritere}`,
      resultat: (idDossier: number | string) => `campus/dossier/${idDossier}/resultat`,
      /** The offer's answer, its withdrawal, the dossier's history. */
      reponse: (idDossier: number | string) => `campus/dossier/${idDossier}/reponse`,
      retrait: (idDossier: number | string) => `campus/dossier/${idDossier}/retrait`,
      historique: (idDossier: number | string) => `campus/dossier/${idDossier}/historique`,
    },
    /** The deliberation: the preview, the runs (`GET`) and the publication (`POST`), a run's verification. */
    deliberation: {
      apercu: 'campus/deliberation-nationaux',
      publications: 'campus/deliberation',
      verification: (idDeliberation: number | string) => `campus/deliberation/${idDeliberation}/verification`,
      /** One list of a published run, as a PDF. */
      pdf: (idDeliberation: number | string) => `campus/deliberation/${idDeliberation}/pdf`,
    },
    /** The admissible lists, the offers' counts and the admissible upload. */
    admissibles: {
      admis: 'campus/etudiant-admis',
      compteurs: 'campus/etudiant-admis/compteurs',
      exportDeliberation: 'campus/export-deliberation',
      chargement: 'campus/chargement-admissibles',
      chargementModele: 'campus/chargement-admissibles/modele',
    },
    /** The assignments, the free beds, the students without a bed, the certificate and its public check. */
    paiement: {
      payer: 'campus/paiement',
      operateurs: 'campus/paiement/operateurs',
      element: (reference: string) => `campus/paiement/${encodeURIComponent(reference)}`,
    },
    /** Staff's room-choice calls (docs/room-choice.md#the-calls). */
    campagneChoix: {
      campagne: 'campus/choix-chambre/campagne',
      element: (idCampagne: number) => `campus/choix-chambre/campagne/${idCampagne}`,
      suivi: (idCampagne: number) => `campus/choix-chambre/campagne/${idCampagne}/suivi`,
      compteurs: (idCampagne: number) => `campus/choix-chambre/campagne/${idCampagne}/compteurs`,
      reservation: (idReservation: number) => `campus/choix-chambre/reservation/${idReservation}`,
    },
    affectation: {
      liste: 'campus/affectation',
      element: (idAffectation: number | string) => `campus/affectation/${idAffectation}`,
      disponibilites: 'campus/affectation/disponibilites',
      sansLit: 'campus/affectation/sans-lit',
      moi: 'campus/affectation/etudiant',
      attestation: (idAffectation: number | string) => `campus/affectation/${idAffectation}/attestation`,
      verifier: (code: string) => `campus-auth/attestation/${encodeURIComponent(code)}`,
    },
    /** Rent: the arrears list (paged, exports), the student's own rent, a cash payment at the counter. */
    loyer: {
      liste: 'campus/loyer',
      etudiant: 'campus/loyer/etudiant',
      especes: 'campus/paiement/especes',
      remboursement: 'campus/paiement/remboursement',
      sessions: 'campus/loyer/sessions',
      affectation: (idAffectation: number | string) => `campus/loyer/affectation/${idAffectation}`,
      rapprochement: 'campus/loyer/rapprochement',
      recu: (reference: string) => `campus/paiement/${encodeURIComponent(reference)}/recu`,
      verifierRecu: (reference: string) => `campus-auth/recu/${encodeURIComponent(reference)}`,
    },
  },
} as const;
