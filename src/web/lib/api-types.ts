/**
 * Generated from the API’s OpenAPI description by `npm run api:types` (scripts/api-types.ts):
 * do not edit. Paths are under API_BASE.
 */

export interface paths {
  '/campus-auth/attestation/{code}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Vérifier une attestation de logement par son code (public) */
    get: operations['getAuthAttestationByCode'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/hebergement-etudiant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Créer son compte étudiant (mot de passe envoyé par e-mail) */
    post: operations['postAuthHebergementEtudiant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/hebergement-etudiant/{ine}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Identité d'un étudiant du registre (INE et date de naissance ; téléphone et e-mail masqués) */
    get: operations['getAuthHebergementEtudiantByIne'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/mot-de-passe-oublie': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mot de passe oublié : un code à 6 chiffres par e-mail (et par SMS à un étudiant) ; toujours la même réponse */
    post: operations['postAuthMotDePasseOublie'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/mot-de-passe-oublie/confirmation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mot de passe oublié : le code reçu et le nouveau mot de passe ; les anciens jetons cessent de valoir */
    post: operations['postAuthMotDePasseOublieConfirmation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changer son propre mot de passe */
    put: operations['putAuthPassword'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/procuration': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Aidant : l’INE de l’étudiant et le code de sa procuration → une session d’une heure au plus, pour cette seule tâche */
    post: operations['postAuthProcuration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/recu/{referencePaiement}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Vérifier un reçu de paiement par sa référence (public) */
    get: operations['getAuthRecuByReferencePaiement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus-auth/signin': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Connexion (identifiant ou INE, mot de passe) */
    post: operations['postAuthSignin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Affectations d’une session (idSessionCenou obligatoire, idCite ; paginé ; format=csv|xlsx|pdf) */
    get: operations['getAffectation'];
    put?: never;
    /** Affecter des lits : la liste etudiants (INE) en entier ou rien ; sans liste, les admis sans lit par rang jusqu’à remplir la cité */
    post: operations['postAffectation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une affectation */
    get: operations['getAffectationById'];
    /** Déplacer une affectation vers un autre lit (mêmes règles ; l’ancien lit est libéré) */
    put: operations['putAffectationById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Annuler une affectation (corps vide ou {motif}) : le lit est libéré, l’attestation n’est plus valide */
    patch: operations['patchAffectationById'];
    trace?: never;
  };
  '/campus/affectation/{id}/arrivee': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** La remise de la clé au résident (son code) : les 72 heures de son état des lieux commencent */
    post: operations['postAffectationByIdArrivee'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/{id}/attestation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Attestation de logement (PDF avec QR code) */
    get: operations['getAffectationByIdAttestation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/{id}/degradation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Facturer la dégradation d’un élément en plus mauvais état à la sortie qu’à l’entrée (une fois par élément) */
    post: operations['postAffectationByIdDegradation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/{id}/degradation/{idDegradation}/recu': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le reçu d’une dégradation facturée (PDF nommant les deux états des lieux) */
    get: operations['getAffectationByIdDegradationByIdDegradationRecu'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/{id}/depart': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Le départ du résident (une fois l’état des lieux de sortie rempli) : l’affectation prend fin ce jour, le lit est libre, les échéances des mois suivants sont annulées */
    post: operations['postAffectationByIdDepart'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/disponibilites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lits libres d’une cité pour une session, par sexe (et par bâtiment) */
    get: operations['getAffectationDisponibilites'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/etudiant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mes affectations en cours (l’étudiant connecté ; la session la plus récente d’abord) */
    get: operations['getAffectationEtudiant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/affectation/sans-lit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Admis ayant accepté leur place et encore sans lit, par rang (idSessionCenou obligatoire ; paginé) */
    get: operations['getAffectationSansLit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/agent-cite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les agents de cité et leurs cités */
    get: operations['getAgentCite'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/agent-cite/{idUser}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Les cités d’un agent (au moins une) : elles remplacent les précédentes */
    put: operations['putAgentCiteByIdUser'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/analyse-dossier': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Analyser un dossier : une valeur (VALIDE, INVALIDE, INJUSTIFIE) par critère ; calcule la moyenne */
    patch: operations['patchAnalyseDossier'];
    trace?: never;
  };
  '/campus/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Journal des opérations (paginé ; format=csv|xlsx) */
    get: operations['getAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/audit/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une opération du journal */
    get: operations['getAuditById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/batiment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Bâtiments */
    get: operations['getBatiment'];
    put?: never;
    /** Créer : Informations bâtiment */
    post: operations['postBatiment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/batiment/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations bâtiment */
    get: operations['getBatimentById'];
    /** Modifier : Informations bâtiment */
    put: operations['putBatimentById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchBatimentById'];
    trace?: never;
  };
  '/campus/categorie-chambre': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Catégories de chambre */
    get: operations['getCategorieChambre'];
    put?: never;
    /** Créer : Informations catégorie de chambre */
    post: operations['postCategorieChambre'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/categorie-chambre/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations catégorie de chambre */
    get: operations['getCategorieChambreById'];
    /** Modifier : Informations catégorie de chambre */
    put: operations['putCategorieChambreById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchCategorieChambreById'];
    trace?: never;
  };
  '/campus/chambre': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Chambres */
    get: operations['getChambre'];
    put?: never;
    /** Créer : Informations chambre */
    post: operations['postChambre'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/chambre/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations chambre */
    get: operations['getChambreById'];
    /** Modifier : Informations chambre */
    put: operations['putChambreById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchChambreById'];
    trace?: never;
  };
  '/campus/chargement-admissibles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Charger les admissibles d’une session (CSV en base64, tout ou rien, remplace le précédent) */
    post: operations['postChargementAdmissibles'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/chargement-admissibles/modele': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Modèle CSV du chargement des admissibles (public) */
    get: operations['getChargementAdmissiblesModele'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/campagne': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** La campagne d’une session et d’une direction, avec ses créneaux ; null sans campagne */
    get: operations['getChoixChambreCampagne'];
    put?: never;
    /** Créer la campagne de choix des chambres d’une session et d’une direction (créneaux calculés, étudiants prévenus) */
    post: operations['postChoixChambreCampagne'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/campagne/{idCampagne}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Modifier une campagne avant son début (créneaux recalculés ; 409 après le début) */
    put: operations['putChoixChambreCampagneByIdCampagne'];
    post?: never;
    /** Annuler une campagne avant son début (409 après le début) */
    delete: operations['deleteChoixChambreCampagneByIdCampagne'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/campagne/{idCampagne}/compteurs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Combien d’étudiants de la campagne en sont à chaque état (ceux du suivi) */
    get: operations['getChoixChambreCampagneByIdCampagneCompteurs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/campagne/{idCampagne}/suivi': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Suivi d’une campagne : chaque étudiant, son créneau et où il en est (paginé) */
    get: operations['getChoixChambreCampagneByIdCampagneSuivi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/chambres': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les chambres d’une cité qui me conviennent (sexe, lits libres pour mon groupe) ; étiquetée (ETag, 304) */
    get: operations['getChoixChambreChambres'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/en-cours': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les sessions dont le choix des chambres est en cours (campagne commencée, pas finie), dans son périmètre */
    get: operations['getChoixChambreEnCours'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/groupe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Former un groupe : inviter de 1 à 3 amis par leur INE */
    post: operations['postChoixChambreGroupe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/groupe/{idGroupe}/membre': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Quitter son groupe (tant qu’il ne réserve rien) */
    delete: operations['deleteChoixChambreGroupeByIdGroupeMembre'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/groupe/{idGroupe}/reponse': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accepter ou refuser une invitation dans un groupe */
    post: operations['postChoixChambreGroupeByIdGroupeReponse'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/moi': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mon créneau, la fin de la campagne, mon groupe et ma réservation en cours ; null sans campagne qui me donne un créneau */
    get: operations['getChoixChambreMoi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/reservation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Réserver une chambre (un lit par membre accepté du groupe) pour quelques minutes */
    post: operations['postChoixChambreReservation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/reservation/{idReservation}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Annuler une réservation (l’étudiant la sienne, le personnel celles de sa direction) */
    delete: operations['deleteChoixChambreReservationByIdReservation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/reservation/{idReservation}/confirmation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirmer sa réservation : chaque membre reçoit son lit (attestation, échéances, SMS) */
    post: operations['postChoixChambreReservationByIdReservationConfirmation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/choix-chambre/reservation/{idReservation}/prolongation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Prolonger sa réservation (au plus 10 fois, jamais après la fin de la campagne) */
    post: operations['postChoixChambreReservationByIdReservationProlongation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/cite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Cités */
    get: operations['getCite'];
    put?: never;
    /** Créer : Informations cité */
    post: operations['postCite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/cite-agent/residents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les résidents de l’année des cités de l’agent (paginé ; q : nom, INE, chambre, lit ; filtre.idCite, filtre.etat : ARRIVEE, A_CONTRESIGNER, INSTALLE, DEPART_EN_COURS, PARTI) */
    get: operations['getCiteAgentResidents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/cite-agent/tableau-de-bord': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le tableau de bord de l’agent : ses cités, les arrivées attendues et les états des lieux à contresigner */
    get: operations['getCiteAgentTableauDeBord'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/cite-categorie/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une cité avec ses catégories de chambre */
    get: operations['getCiteCategorieById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/cite/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations cité */
    get: operations['getCiteById'];
    /** Modifier : Informations cité */
    put: operations['putCiteById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchCiteById'];
    trace?: never;
  };
  '/campus/couloir': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Couloirs */
    get: operations['getCouloir'];
    put?: never;
    /** Créer : Informations couloir */
    post: operations['postCouloir'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/couloir/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations couloir */
    get: operations['getCouloirById'];
    /** Modifier : Informations couloir */
    put: operations['putCouloirById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchCouloirById'];
    trace?: never;
  };
  '/campus/critere': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Critères */
    get: operations['getCritere'];
    put?: never;
    /** Créer : Informations critère */
    post: operations['postCritere'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/critere/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations critère */
    get: operations['getCritereById'];
    /** Modifier : Informations critère */
    put: operations['putCritereById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchCritereById'];
    trace?: never;
  };
  '/campus/dash-board': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Tableau de bord : étudiants, inscrits et dossiers par ville (idDirection facultatif) */
    get: operations['getDashBoard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/delai-reporte': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Délais reportés par une panne : une ligne par offre ou échéance de loyer reportée, avec la panne (paginé ; format=csv|xlsx|pdf) */
    get: operations['getDelaiReporte'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/deliberation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les publications de la session, la plus récente en premier */
    get: operations['getDeliberation'];
    put?: never;
    /** Publier les listes de l’aperçu de ce tirage (remplace la publication précédente) */
    post: operations['postDeliberation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/deliberation-nationaux': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Aperçu des listes (n’écrit rien) ; seed facultatif (tiré au hasard sinon) ; format=pdf&liste=PUPILLES|ETRANGERS|NATIONAUX|ATTENTE */
    get: operations['getDeliberationNationaux'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/deliberation/{idDeliberation}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une liste d’une publication, en PDF, telle qu’elle a été publiée */
    get: operations['getDeliberationByIdDeliberationPdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/deliberation/{idDeliberation}/verification': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reclasser une publication à partir de ses données enregistrées et comparer */
    get: operations['getDeliberationByIdDeliberationVerification'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/direction': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Directions */
    get: operations['getDirection'];
    put?: never;
    /** Créer : Informations direction */
    post: operations['postDirection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/direction/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations direction */
    get: operations['getDirectionById'];
    /** Modifier : Informations direction */
    put: operations['putDirectionById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchDirectionById'];
    trace?: never;
  };
  '/campus/dossier': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Dossiers déposés (paginé ; format=csv|xlsx) */
    get: operations['getDossier'];
    /** Déposer (201) ou, avec idDossier, modifier (200) son dossier : JSON avec fichiers en base64, ou multipart/form-data (champ « dossier » et une partie « fichier-{idTypeCritere} » par justificatif) */
    put: operations['putDossier'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer son dossier (session ouverte en phase d'inscription) */
    patch: operations['patchDossierById'];
    trace?: never;
  };
  '/campus/dossier/{idDossier}/{idDossierCritere}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le justificatif (PDF) d'un critère d'un dossier */
    get: operations['getDossierByIdDossierByIdDossierCritere'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{idDossier}/historique': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** L’historique du dossier : dépôt, analyse, résultat, offre, réponse et son canal, lit, loyers */
    get: operations['getDossierByIdDossierHistorique'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{idDossier}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les e-mails et SMS envoyés à l’étudiant du dossier, avec leur état */
    get: operations['getDossierByIdDossierMessages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{idDossier}/reponse': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accepter ou refuser son offre d’admission avant la date limite */
    post: operations['postDossierByIdDossierReponse'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{idDossier}/resultat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le résultat d’un dossier et le détail de sa moyenne (publie: false avant la publication) */
    get: operations['getDossierByIdDossierResultat'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{idDossier}/retrait': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Retirer une admission (même acceptée) ; le lit est libéré, la place donnée au suivant */
    post: operations['postDossierByIdDossierRetrait'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/{idDossier}/telephone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le numéro où vont les SMS de l’étudiant du dossier, et s’il l’a vérifié */
    get: operations['getDossierByIdDossierTelephone'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/brouillon': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le brouillon de dossier enregistré (par un aidant ou par l’étudiant) ; null sans brouillon */
    get: operations['getDossierBrouillon'];
    /** Enregistrer le formulaire de dépôt comme brouillon (justificatifs par téléversement) ; seul l’étudiant le dépose */
    put: operations['putDossierBrouillon'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/brouillon/depot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Déposer le brouillon enregistré (l’étudiant seul) : comme PUT campus/dossier */
    post: operations['postDossierBrouillonDepot'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/depot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sans idDossier : le formulaire de dépôt de l’étudiant connecté ; avec idDossier : un dossier et ses critères */
    get: operations['getDossierDepot'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/etudiant/{ine}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les dossiers d'un étudiant (l'étudiant : les siens) */
    get: operations['getDossierEtudiantByIne'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/dossier/situation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** La situation de dépôt de l’étudiant connecté : dépôt possible (sinon pourquoi), réadmission à proposer, année universitaire */
    get: operations['getDossierSituation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/element-inventaire': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Inventaire des chambres */
    get: operations['getElementInventaire'];
    put?: never;
    /** Créer : Informations élément d’inventaire */
    post: operations['postElementInventaire'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/element-inventaire/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations élément d’inventaire */
    get: operations['getElementInventaireById'];
    /** Modifier : Informations élément d’inventaire */
    put: operations['putElementInventaireById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchElementInventaireById'];
    trace?: never;
  };
  '/campus/etat-des-lieux': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les états des lieux d’une affectation, la clé remise et l’inventaire de la chambre */
    get: operations['getEtatDesLieux'];
    put?: never;
    /** Remplir un état des lieux (ENTREE ou SORTIE) : l’état de chaque élément et ses photos (téléversements) */
    post: operations['postEtatDesLieux'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etat-des-lieux/{id}/validation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Contresigner un état des lieux : il ne change plus ensuite */
    post: operations['postEtatDesLieuxByIdValidation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etat-des-lieux/comparaison': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les états des lieux d’entrée et de sortie comparés élément par élément, les dégradations facturées, le départ et le solde */
    get: operations['getEtatDesLieuxComparaison'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etat-des-lieux/photo/{idPhoto}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une photo d’un état des lieux (JPEG ou PNG) */
    get: operations['getEtatDesLieuxPhotoByIdPhoto'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etudiant-admis': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les admis de la session : délibération publiée et liste chargée (paginé ; format=csv|xlsx) */
    get: operations['getEtudiantAdmis'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etudiant-admis/compteurs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les offres de la session par état, et les admis par promotion */
    get: operations['getEtudiantAdmisCompteurs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etudiant/arrivee': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mes affectations en cours (la plus récente d’abord), pour mon état des lieux */
    get: operations['getEtudiantArrivee'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etudiant/depart': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mes affectations avec un état des lieux de sortie ou un départ (la plus récente d’abord) */
    get: operations['getEtudiantDepart'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etudiant/telephone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le numéro où vont mes SMS : vérifié par moi, ou celui du registre */
    get: operations['getEtudiantTelephone'];
    put?: never;
    /** Un nouveau numéro : un code à 6 chiffres lui est envoyé par SMS (15 minutes, 5 essais) */
    post: operations['postEtudiantTelephone'];
    /** Oublier le numéro vérifié : les SMS vont de nouveau au numéro du registre */
    delete: operations['deleteEtudiantTelephone'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/etudiant/telephone/confirmation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Le code reçu par SMS : le numéro devient celui de mes SMS */
    post: operations['postEtudiantTelephoneConfirmation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/export-deliberation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les admis de la session avec leur téléphone (paginé ; format=csv|xlsx) */
    get: operations['getExportDeliberation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/intervention': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les demandes d’intervention visibles (paginé ; filtre.idCite, filtre.statut, filtre.priorite, filtre.categorie, filtre.enRetard ; format=xlsx|pdf) */
    get: operations['getIntervention'];
    put?: never;
    /** Signaler un problème : une chambre (idChambre) ou un lieu commun (idCite + lieu), avec ses photos (téléversements) */
    post: operations['postIntervention'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/intervention/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une demande d’intervention, ses photos et les changements d’état que je peux faire */
    get: operations['getInterventionById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Changer l’état d’une demande : l’agent la prend en charge puis la résout, le résident la confirme ou la rouvre */
    patch: operations['patchInterventionById'];
    trace?: never;
  };
  '/campus/intervention/{id}/historique': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** L’historique d’une demande : chaque état, son auteur, sa date, son commentaire */
    get: operations['getInterventionByIdHistorique'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/intervention/lieux': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Où je peux signaler un problème : mes chambres et mes cités */
    get: operations['getInterventionLieux'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/intervention/par-cite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Par cité : lits, lits occupés et taux d’occupation, demandes ouvertes, en retard, délai médian de résolution en heures (paginé ; format=csv|xlsx|pdf) */
    get: operations['getInterventionParCite'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/intervention/photo/{idPhoto}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Une photo d’une demande d’intervention (JPEG ou PNG) */
    get: operations['getInterventionPhotoByIdPhoto'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/lit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Lits */
    get: operations['getLit'];
    put?: never;
    /** Créer : Informations lit */
    post: operations['postLit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/lit/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations lit */
    get: operations['getLitById'];
    /** Modifier : Informations lit */
    put: operations['putLitById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchLitById'];
    trace?: never;
  };
  '/campus/lit/{id}/cles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les clés remises pour un lit, de la plus récente à la plus ancienne */
    get: operations['getLitByIdCles'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/loyer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Loyers d’une session par affectation : dû à ce jour, payé, arriéré, reste à payer (idSessionCenou obligatoire, idCite ; paginé ; format=csv|xlsx|pdf) */
    get: operations['getLoyer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/loyer/affectation/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Le loyer d’une affectation : échéances, paiements reçus (avec leurs reçus), sommes */
    get: operations['getLoyerAffectationById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/loyer/etudiant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mon loyer : mes échéances (payées, dues), mes paiements et mon solde, par affectation */
    get: operations['getLoyerEtudiant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/loyer/rapprochement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Rapprochement journalier : par jour et par opérateur (et par caisse de cité), nombre et somme des paiements, tirés du journal (du, au ; paginé ; format=csv|xlsx|pdf) */
    get: operations['getLoyerRapprochement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/loyer/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les sessions qui ont des affectations (dans son périmètre), la plus récente d’abord */
    get: operations['getLoyerSessions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/messages/compteurs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les e-mails et SMS des dossiers de la session, par canal et par état */
    get: operations['getMessagesCompteurs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/niveau': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Niveaux */
    get: operations['getNiveau'];
    put?: never;
    /** Créer : Informations niveau */
    post: operations['postNiveau'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/niveau/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations niveau */
    get: operations['getNiveauById'];
    /** Modifier : Informations niveau */
    put: operations['putNiveauById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchNiveauById'];
    trace?: never;
  };
  '/campus/operateur': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Opérateurs */
    get: operations['getOperateur'];
    put?: never;
    /** Créer : Informations opérateur */
    post: operations['postOperateur'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/operateur/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations opérateur */
    get: operations['getOperateurById'];
    /** Modifier : Informations opérateur */
    put: operations['putOperateurById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchOperateurById'];
    trace?: never;
  };
  '/campus/paiement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Payer son loyer par mobile money : l’opérateur est invité à débiter le numéro (suivre ensuite le paiement) */
    post: operations['postPaiement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/paiement/{referencePaiement}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Où en est un paiement : EN_ATTENTE, REUSSI ou ECHOUE */
    get: operations['getPaiementByReferencePaiement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/paiement/{referencePaiement}/recu': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reçu d’un paiement réussi (PDF avec QR code de la page de vérification) */
    get: operations['getPaiementByReferencePaiementRecu'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/paiement/especes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Enregistrer un paiement en espèces au guichet (numéro du carnet de reçus unique ; montant entier, au plus le reste à payer) */
    post: operations['postPaiementEspeces'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/paiement/operateurs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Les opérateurs de paiement mobile proposés à l’étudiant (et si les paiements sont simulés) */
    get: operations['getPaiementOperateurs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/paiement/remboursement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rembourser un trop-perçu (affectation annulée ou déplacée après paiement) : au plus le crédit détenu, en espèces au guichet ou par un opérateur */
    post: operations['postPaiementRemboursement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/procuration': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mes procurations : active, utilisée (quand, depuis quelle adresse), révoquée, expirée */
    get: operations['getProcuration'];
    put?: never;
    /** Donner une procuration d’une tâche (DEPOT ou PAIEMENT) pour 1 à 24 heures : le code est montré cette seule fois */
    post: operations['postProcuration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/procuration/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Révoquer une de mes procurations : son code et la session qu’il a ouverte cessent de valoir */
    delete: operations['deleteProcurationById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/quota': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Quotas */
    get: operations['getQuota'];
    put?: never;
    /** Créer : Informations quota */
    post: operations['postQuota'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/quota/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations quota */
    get: operations['getQuotaById'];
    /** Modifier : Informations quota */
    put: operations['putQuotaById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchQuotaById'];
    trace?: never;
  };
  '/campus/registre-etudiant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Registre des étudiants (paginé ; format=csv|xlsx) */
    get: operations['getRegistreEtudiant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/registre-etudiant/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Un étudiant du registre */
    get: operations['getRegistreEtudiantById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/registre-etudiant/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Importer le registre (CSV en base64, tout ou rien) */
    post: operations['postRegistreEtudiantImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/registre-etudiant/modele': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Modèle CSV d'import du registre (public) */
    get: operations['getRegistreEtudiantModele'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/session-cenou': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Sessions */
    get: operations['getSessionCenou'];
    put?: never;
    /** Créer : Informations session */
    post: operations['postSessionCenou'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/session-cenou/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations session */
    get: operations['getSessionCenouById'];
    /** Modifier : Informations session */
    put: operations['putSessionCenouById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchSessionCenouById'];
    trace?: never;
  };
  '/campus/statistiques': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Statistiques par année académique : demandes, admis et renonciations par direction ; occupation, délais et arriérés par cité (format=xlsx) */
    get: operations['getStatistiques'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/televersement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Commencer le téléversement d’un justificatif (tus) : Upload-Length et Upload-Metadata (filename, idTypeCritere) ; l’URL à suivre est dans Location */
    post: operations['postTeleversement'];
    delete?: never;
    /** Ce que le serveur de téléversement (tus) prend en charge : version, extensions, taille maximale */
    options: operations['optionsTeleversement'];
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/televersement/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Abandonner un téléversement (tus) : ses octets sont supprimés */
    delete: operations['deleteTeleversementById'];
    options?: never;
    /** Où en est un téléversement : Upload-Offset (octets reçus), Upload-Length, Upload-Expires */
    head: operations['headTeleversementById'];
    /** Envoyer des octets d’un téléversement à partir de Upload-Offset (application/offset+octet-stream) ; les derniers octets doivent faire un PDF (415 sinon, et le téléversement est supprimé) */
    patch: operations['patchTeleversementById'];
    trace?: never;
  };
  '/campus/type-critere': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Types de critères */
    get: operations['getTypeCritere'];
    put?: never;
    /** Créer : Informations type de critère */
    post: operations['postTypeCritere'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/type-critere/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations type de critère */
    get: operations['getTypeCritereById'];
    /** Modifier : Informations type de critère */
    put: operations['putTypeCritereById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchTypeCritereById'];
    trace?: never;
  };
  '/campus/type-paiement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Types de paiement */
    get: operations['getTypePaiement'];
    put?: never;
    /** Créer : Informations type de paiement */
    post: operations['postTypePaiement'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/type-paiement/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations type de paiement */
    get: operations['getTypePaiementById'];
    /** Modifier : Informations type de paiement */
    put: operations['putTypePaiementById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchTypePaiementById'];
    trace?: never;
  };
  '/campus/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Utilisateurs */
    get: operations['getUsers'];
    put?: never;
    /** Créer : Informations utilisateur */
    post: operations['postUsers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations utilisateur */
    get: operations['getUsersById'];
    /** Modifier : Informations utilisateur */
    put: operations['putUsersById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchUsersById'];
    trace?: never;
  };
  '/campus/users/{id}/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Réinitialiser le mot de passe d’un compte (envoyé par courriel) */
    put: operations['putUsersByIdReset'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/ussd/simulateur': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Téléphone USSD de démonstration : une saisie envoyée au menu USSD comme par l’opérateur */
    post: operations['postUssdSimulateur'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/ville': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liste : Villes */
    get: operations['getVille'];
    put?: never;
    /** Créer : Informations ville */
    post: operations['postVille'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/campus/ville/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Lire : Informations ville */
    get: operations['getVilleById'];
    /** Modifier : Informations ville */
    put: operations['putVilleById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Supprimer */
    patch: operations['patchVilleById'];
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ErrorBody: {
      /** @enum {string} */
      code:
        | 'VALIDATION'
        | 'NON_AUTHENTIFIE'
        | 'IDENTIFIANTS_INVALIDES'
        | 'INTERDIT'
        | 'INTROUVABLE'
        | 'DOUBLON'
        | 'REFERENCE_UTILISEE'
        | 'SESSION_FERMEE'
        | 'CONFLIT'
        | 'METHODE_NON_AUTORISEE'
        | 'FICHIER_TROP_GRAND'
        | 'TYPE_FICHIER'
        | 'TROP_DE_TENTATIVES'
        | 'INDISPONIBLE'
        | 'VERSION_NON_PRISE_EN_CHARGE'
        | 'ERREUR_INTERNE';
      errors?: {
        champ: string;
        ligne?: number;
        message: string;
      }[];
      message: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getAuthAttestationByCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        code: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string;
            anneeTerminee: boolean;
            dateAnnulation: string | null;
            nomCite: string;
            nomEtudiant: string;
            prenomEtudiant: string;
            valide: boolean;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAuthHebergementEtudiant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          contact: string & string;
          dateNaissance: string;
          /** @enum {boolean} */
          declarationSurHonneur: true;
          emailEtudiant: string & string;
          /** @enum {boolean} */
          engagementPersonnelCaution: true;
          /** @enum {boolean} */
          engagementStatutReglement: true;
          ine: string & string;
          /** @enum {boolean} */
          luApprouve: true;
          personnelBesoin: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
            username: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAuthHebergementEtudiantByIne: {
    parameters: {
      query: {
        dateNaissance: string;
      };
      header?: never;
      path: {
        ine: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeBac: number | null;
            dateNaissance: string;
            emailEtudiant: string | null;
            filiere: string | null;
            ine: string;
            libellePays: string | null;
            lieuNaissance: string | null;
            moyenneBac: number | null;
            niveau: string | null;
            nomEtudiant: string;
            prenomEtudiant: string;
            serieBac: string | null;
            sexeEtudiant: string;
            telEtudiant: string | null;
            typePays: string;
            universite: string | null;
            villeOrientation: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAuthMotDePasseOublie: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          username: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAuthMotDePasseOublieConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string & string;
          nouveauMotDePasse: string;
          username: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putAuthPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ancienMotDePasse: string;
          nouveauMotDePasse: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            accessToken: string;
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAuthProcuration: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
          ine: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            accessToken: string;
            expireA: string;
            nom: string;
            prenom: string;
            /** @enum {string} */
            tache: 'DEPOT' | 'PAIEMENT';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAuthRecuByReferencePaiement: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        referencePaiement: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string;
            datePaiement: string;
            etudiant: string;
            libelleElement: string | null;
            libelleNature: string;
            libelleOperateur: string | null;
            montant: number;
            /** @enum {string} */
            nature: 'PAIEMENT' | 'DEGRADATION';
            nomCite: string;
            referencePaiement: string;
            resteAPayer: number | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAuthSignin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
          username: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            accessToken: string;
            idDirection: number | null;
            libelleDirection: string | null;
            nom: string;
            prenom: string;
            roles: string[];
            username: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectation: {
    parameters: {
      query: {
        'filtre.codeVerification'?: string;
        'filtre.idAffectation'?: string;
        'filtre.idBatiment'?: string;
        'filtre.idChambre'?: string;
        'filtre.idCite'?: string;
        'filtre.idCouloir'?: string;
        'filtre.idDossier'?: string;
        'filtre.idLit'?: string;
        'filtre.idNiveau'?: string;
        'filtre.idSessionCenou'?: string;
        'filtre.ine'?: string;
        'filtre.libelleBatiment'?: string;
        'filtre.libelleChambre'?: string;
        'filtre.libelleCouloir'?: string;
        'filtre.libelleLit'?: string;
        'filtre.libelleNiveau'?: string;
        'filtre.montantChambre'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.sexeEtudiant'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx' | 'pdf';
        idCite?: number;
        idSessionCenou: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idAffectation, idSessionCenou, idDossier, ine, nomEtudiant, prenomEtudiant, sexeEtudiant, idCite, nomCite, idBatiment, libelleBatiment, idNiveau, libelleNiveau, idCouloir, libelleCouloir, idChambre, libelleChambre, idLit, libelleLit, montantChambre, codeVerification, dateAffectation. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeVerification: string;
            dateAffectation: string;
            idAffectation: number;
            idBatiment: number;
            idChambre: number;
            idCite: number;
            idCouloir: number;
            idDossier: number;
            idLit: number;
            idNiveau: number;
            idSessionCenou: number;
            ine: string;
            libelleBatiment: string;
            libelleChambre: string;
            libelleCouloir: string;
            libelleLit: string;
            libelleNiveau: string;
            montantChambre: number;
            nomCite: string;
            nomEtudiant: string;
            prenomEtudiant: string;
            /** @enum {string} */
            sexeEtudiant: 'M' | 'F';
          }[];
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAffectation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Les INE à loger ; sans : les admis sans lit, par rang. */
          etudiants?: string[];
          idCite: number;
          idSessionCenou: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affectes: {
              codeVerification: string;
              dateAffectation: string;
              idAffectation: number;
              idBatiment: number;
              idChambre: number;
              idCite: number;
              idCouloir: number;
              idDossier: number;
              idLit: number;
              idNiveau: number;
              idSessionCenou: number;
              ine: string;
              libelleBatiment: string;
              libelleChambre: string;
              libelleCouloir: string;
              libelleLit: string;
              libelleNiveau: string;
              montantChambre: number;
              nomCite: string;
              nomEtudiant: string;
              prenomEtudiant: string;
              /** @enum {string} */
              sexeEtudiant: 'M' | 'F';
            }[];
            nonAffectes: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeVerification: string;
            dateAffectation: string;
            idAffectation: number;
            idBatiment: number;
            idChambre: number;
            idCite: number;
            idCouloir: number;
            idDossier: number;
            idLit: number;
            idNiveau: number;
            idSessionCenou: number;
            ine: string;
            libelleBatiment: string;
            libelleChambre: string;
            libelleCouloir: string;
            libelleLit: string;
            libelleNiveau: string;
            montantChambre: number;
            nomCite: string;
            nomEtudiant: string;
            prenomEtudiant: string;
            /** @enum {string} */
            sexeEtudiant: 'M' | 'F';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putAffectationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idLit: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeVerification: string;
            dateAffectation: string;
            idAffectation: number;
            idBatiment: number;
            idChambre: number;
            idCite: number;
            idCouloir: number;
            idDossier: number;
            idLit: number;
            idNiveau: number;
            idSessionCenou: number;
            ine: string;
            libelleBatiment: string;
            libelleChambre: string;
            libelleCouloir: string;
            libelleLit: string;
            libelleNiveau: string;
            montantChambre: number;
            nomCite: string;
            nomEtudiant: string;
            prenomEtudiant: string;
            /** @enum {string} */
            sexeEtudiant: 'M' | 'F';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchAffectationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          motif?: string | null;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAffectationByIdArrivee: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeCle: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeCle: string;
            idRemiseCle: number;
            limiteEtatDesLieux: string;
            message: string;
            remiseLe: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectationByIdAttestation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAffectationByIdDegradation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idElementInventaire: number;
          montant: number;
          motif: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateFacturation: string;
            idDegradation: number;
            idElementInventaire: number;
            libelleElement: string;
            message: string;
            montant: number;
            motif: string;
            reference: string;
            solde: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectationByIdDegradationByIdDegradationRecu: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
        idDegradation: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postAffectationByIdDepart: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date */
          date: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateDepart: string;
            echeancesAnnulees: number;
            idAffectation: number;
            message: string;
            solde: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectationDisponibilites: {
    parameters: {
      query: {
        idCite: number;
        idSessionCenou: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            F: number;
            M: number;
            parBatiment: {
              F: number;
              idBatiment: number;
              libelleBatiment: string;
              M: number;
              sexe: string;
              total: number;
            }[];
            total: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectationEtudiant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string;
            codeVerification: string;
            dateAffectation: string;
            idAffectation: number;
            idBatiment: number;
            idChambre: number;
            idCite: number;
            idCouloir: number;
            idDossier: number;
            idLit: number;
            idNiveau: number;
            idSessionCenou: number;
            ine: string;
            libelleBatiment: string;
            libelleChambre: string;
            libelleCouloir: string;
            libelleDirection: string | null;
            libelleLit: string;
            libelleNiveau: string;
            montantChambre: number;
            nomCite: string;
            nomEtudiant: string;
            nomVille: string | null;
            prenomEtudiant: string;
            /** @enum {string} */
            sexeEtudiant: 'M' | 'F';
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAffectationSansLit: {
    parameters: {
      query: {
        'filtre.idDossier'?: string;
        'filtre.ine'?: string;
        'filtre.listeDeliberation'?: string;
        'filtre.moyenne'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.rang'?: string;
        'filtre.sexeEtudiant'?: string;
        idSessionCenou: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idDossier, ine, nomEtudiant, prenomEtudiant, sexeEtudiant, listeDeliberation, rang, moyenne, dateDepot. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDossier: number;
            ine: string;
            listeDeliberation: string | null;
            moyenne: number | null;
            nomEtudiant: string;
            prenomEtudiant: string;
            rang: number | null;
            /** @enum {string} */
            sexeEtudiant: 'M' | 'F';
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAgentCite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cites: {
              idCite: number;
              nomCite: string;
            }[];
            id: number;
            nom: string;
            prenom: string;
            telephone: string | null;
            userName: string;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putAgentCiteByIdUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idUser: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          citesAgent: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchAnalyseDossier: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idDossier: number;
          listeDossierCritere?: {
            idDossierCritere: number;
            /** @description VALIDE, INVALIDE ou INJUSTIFIE. */
            valeurAnalyse?: unknown;
          }[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            analysePar: number | null;
            dateAnalyse: string | null;
            dateDepot: string;
            detailMoyenne: {
              diviseur: number;
              lignes: {
                coefficient: number;
                compte: boolean;
                idCritere: number;
                idTypeCritere: number;
                libelleCritere: string;
                libelleTypeCritere: string;
                note: number;
                produit: number;
                /** @enum {string|null} */
                valeurAnalyse: 'VALIDE' | 'INVALIDE' | 'INJUSTIFIE' | null;
              }[];
              total: number;
            };
            idDirection: number;
            idDossier: number;
            idEtudiant: number;
            idSessionCenou: number;
            ine: string;
            listeDossierCritere: {
              idCritere: number;
              idDossierCritere: number;
              idTypeCritere: number;
              libelleCritere: string;
              libelleTypeCritere: string;
              nomFichier: string | null;
              /** @enum {string|null} */
              valeurAnalyse: 'VALIDE' | 'INVALIDE' | 'INJUSTIFIE' | null;
            }[];
            moyenne: number | null;
            nomEtudiant: string;
            prenomEtudiant: string;
            referenceDossier: string;
            /** @enum {string} */
            statutDossier: 'DEPOSE' | 'ANALYSE' | 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS' | 'DESISTE';
            /** @enum {string} */
            typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAudit: {
    parameters: {
      query?: {
        'filtre.action'?: string;
        'filtre.at'?: string;
        'filtre.detail'?: string;
        'filtre.resource'?: string;
        'filtre.resourceId'?: string;
        'filtre.userName'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : at, userName, action, resource. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            action: string;
            at: string;
            dateHeure: string;
            detail: unknown;
            id: number;
            libelleObjet: string | null;
            libelleRessource: string;
            libelleUtilisateur: string | null;
            resource: string;
            resourceId: string | null;
            resume: string;
            userId: number | null;
            userName: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAuditById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            action: string;
            at: string;
            dateHeure: string;
            detail: unknown;
            id: number;
            libelleObjet: string | null;
            libelleRessource: string;
            libelleUtilisateur: string | null;
            resource: string;
            resourceId: string | null;
            resume: string;
            userId: number | null;
            userName: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getBatiment: {
    parameters: {
      query?: {
        'filtre.codeBatiment'?: string;
        'filtre.idBatiment'?: string;
        'filtre.idCite'?: string;
        'filtre.idDirection'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleBatiment'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sexe'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idBatiment?: number;
        idCite?: number;
        idDirection?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idBatiment, idCite, libelleBatiment, codeBatiment, sexe, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postBatiment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeBatiment: string & string;
          idCite: number;
          libelleBatiment: string & string;
          /** @enum {string} */
          sexe?: 'M' | 'F' | 'MIXTE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getBatimentById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putBatimentById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeBatiment: string & string;
          idCite: number;
          libelleBatiment: string & string;
          /** @enum {string} */
          sexe?: 'M' | 'F' | 'MIXTE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchBatimentById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCategorieChambre: {
    parameters: {
      query?: {
        'filtre.idCategorieChambre'?: string;
        'filtre.idCite'?: string;
        'filtre.idDirection'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleCategorieChambre'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.montantChambre'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idCategorieChambre?: number;
        idCite?: number;
        idDirection?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idCategorieChambre, idCite, libelleCategorieChambre, montantChambre, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postCategorieChambre: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idCite: number;
          libelleCategorieChambre: string & string;
          montantChambre: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCategorieChambreById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putCategorieChambreById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idCite: number;
          libelleCategorieChambre: string & string;
          montantChambre: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchCategorieChambreById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChambre: {
    parameters: {
      query?: {
        'filtre.codeBatiment'?: string;
        'filtre.codeChambre'?: string;
        'filtre.codeCouloir'?: string;
        'filtre.codeNiveau'?: string;
        'filtre.idBatiment'?: string;
        'filtre.idCategorieChambre'?: string;
        'filtre.idChambre'?: string;
        'filtre.idCite'?: string;
        'filtre.idCouloir'?: string;
        'filtre.idDirection'?: string;
        'filtre.idNiveau'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleBatiment'?: string;
        'filtre.libelleCategorieChambre'?: string;
        'filtre.libelleChambre'?: string;
        'filtre.libelleCouloir'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libelleNiveau'?: string;
        'filtre.montantChambre'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sexe'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idBatiment?: number;
        idCategorieChambre?: number;
        idChambre?: number;
        idCite?: number;
        idCouloir?: number;
        idDirection?: number;
        idNiveau?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idChambre, idCouloir, idCategorieChambre, libelleChambre, codeChambre, libelleCouloir, codeCouloir, idNiveau, libelleNiveau, codeNiveau, idBatiment, libelleBatiment, codeBatiment, sexe, idCite, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection, libelleCategorieChambre, montantChambre. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChambre: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeChambre?: string | null;
          idCategorieChambre: number;
          idCouloir: number;
          libelleChambre: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChambreById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putChambreById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeChambre?: string | null;
          idCategorieChambre: number;
          idCouloir: number;
          libelleChambre: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchChambreById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChargementAdmissibles: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Le fichier CSV en base64. */
          fichier: string;
          idSession: number;
          nomFichier: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dejaAdmis: number;
            importes: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChargementAdmissiblesModele: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChoixChambreCampagne: {
    parameters: {
      query: {
        idDirection: number;
        idSessionCenou: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            creneaux: {
              debutCreneau: string;
              ine: string;
            }[];
            debut: string;
            dureeCreneauMinutes: number;
            dureeReservationMinutes: number;
            etudiantsParCreneau: number;
            fin: string;
            idCampagne: number;
            idDirection: number;
            idSessionCenou: number;
          } | null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChoixChambreCampagne: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date-time */
          debut: string;
          dureeCreneauMinutes?: number;
          dureeReservationMinutes?: number;
          etudiantsParCreneau?: number;
          /** Format: date-time */
          fin: string;
          idDirection: number;
          idSessionCenou: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            creneaux: {
              debutCreneau: string;
              ine: string;
            }[];
            debut: string;
            dureeCreneauMinutes: number;
            dureeReservationMinutes: number;
            etudiantsParCreneau: number;
            fin: string;
            idCampagne: number;
            idDirection: number;
            idSessionCenou: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putChoixChambreCampagneByIdCampagne: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idCampagne: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date-time */
          debut: string;
          dureeCreneauMinutes?: number;
          dureeReservationMinutes?: number;
          etudiantsParCreneau?: number;
          /** Format: date-time */
          fin: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            creneaux: {
              debutCreneau: string;
              ine: string;
            }[];
            debut: string;
            dureeCreneauMinutes: number;
            dureeReservationMinutes: number;
            etudiantsParCreneau: number;
            fin: string;
            idCampagne: number;
            idDirection: number;
            idSessionCenou: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteChoixChambreCampagneByIdCampagne: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idCampagne: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChoixChambreCampagneByIdCampagneCompteurs: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idCampagne: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            CHOISI: number;
            EN_ATTENTE: number;
            EN_RESERVATION: number;
            PAS_ENCORE_OUVERT: number;
            SANS_CHOIX: number;
            total: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChoixChambreCampagneByIdCampagneSuivi: {
    parameters: {
      query?: {
        'filtre.etat'?: string;
        'filtre.idGroupe'?: string;
        'filtre.ine'?: string;
        'filtre.listeDeliberation'?: string;
        'filtre.nomCreateurGroupe'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.numero'?: string;
        'filtre.ordre'?: string;
        'filtre.prenomCreateurGroupe'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.rang'?: string;
        'filtre.sexeEtudiant'?: string;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : ine, nomEtudiant, prenomEtudiant, sexeEtudiant, ordre, numero, debutCreneau, handicap, listeDeliberation, rang, idGroupe, statutGroupe, nomCreateurGroupe, prenomCreateurGroupe, idReservation, etat, lieu, finReservation. */
        sort?: string;
      };
      header?: never;
      path: {
        idCampagne: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            creneauGroupe: string | null;
            debutCreneau: string;
            /** @enum {string} */
            etat: 'CHOISI' | 'EN_RESERVATION' | 'EN_ATTENTE' | 'PAS_ENCORE_OUVERT' | 'SANS_CHOIX';
            finReservation: string | null;
            handicap: boolean;
            idGroupe: number | null;
            idReservation: number | null;
            ine: string;
            lieu: string | null;
            listeDeliberation: string | null;
            nomCreateurGroupe: string | null;
            nomEtudiant: string;
            numero: number;
            ordre: number;
            prenomCreateurGroupe: string | null;
            prenomEtudiant: string;
            rang: number | null;
            /** @enum {string} */
            sexeEtudiant: 'M' | 'F';
            /** @enum {string|null} */
            statutGroupe: 'INVITE' | 'ACCEPTE' | null;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChoixChambreChambres: {
    parameters: {
      query: {
        idCite: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            categorie: string;
            idChambre: number;
            idCite: number;
            libelleBatiment: string;
            libelleChambre: string;
            litsLibres: number;
            montantChambre: number;
            niveau: string;
            nomCite: string;
          }[];
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChoixChambreEnCours: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDirection: number;
            idSessionCenou: number;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChoixChambreGroupe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ines: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idGroupe: number;
            membres: {
              ine: string;
              nomEtudiant: string | null;
              prenomEtudiant: string | null;
              /** @enum {string} */
              statut: 'INVITE' | 'ACCEPTE' | 'REFUSE';
            }[];
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteChoixChambreGroupeByIdGroupeMembre: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idGroupe: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChoixChambreGroupeByIdGroupeReponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idGroupe: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          reponse: 'ACCEPTE' | 'REFUSE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idGroupe: number;
            membres: {
              ine: string;
              nomEtudiant: string | null;
              prenomEtudiant: string | null;
              /** @enum {string} */
              statut: 'INVITE' | 'ACCEPTE' | 'REFUSE';
            }[];
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getChoixChambreMoi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cites: {
              idCite: number;
              litsLibres: number;
              nomCite: string;
            }[];
            debutCreneau: string;
            dureeReservationMinutes: number;
            fin: string;
            groupe: {
              idGroupe: number;
              membres: {
                ine: string;
                nomEtudiant: string | null;
                prenomEtudiant: string | null;
                /** @enum {string} */
                statut: 'INVITE' | 'ACCEPTE' | 'REFUSE';
              }[];
            } | null;
            idCampagne: number;
            loge: boolean;
            reservation: {
              expireA: string;
              idChambre: number;
              idReservation: number;
              libelleBatiment: string;
              libelleChambre: string;
              lits: {
                idLit: number;
                ine: string;
                libelleLit: string;
              }[];
              nomCite: string;
              prolongations: number;
            } | null;
          } | null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChoixChambreReservation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idChambre: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            expireA: string;
            idChambre: number;
            idReservation: number;
            libelleBatiment: string;
            libelleChambre: string;
            lits: {
              idLit: number;
              ine: string;
              libelleLit: string;
            }[];
            nomCite: string;
            prolongations: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteChoixChambreReservationByIdReservation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idReservation: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChoixChambreReservationByIdReservationConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idReservation: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affectations: {
              codeVerification: string;
              dateAffectation: string;
              idAffectation: number;
              idBatiment: number;
              idChambre: number;
              idCite: number;
              idCouloir: number;
              idDossier: number;
              idLit: number;
              idNiveau: number;
              idSessionCenou: number;
              ine: string;
              libelleBatiment: string;
              libelleChambre: string;
              libelleCouloir: string;
              libelleLit: string;
              libelleNiveau: string;
              montantChambre: number;
              nomCite: string;
              nomEtudiant: string;
              prenomEtudiant: string;
              /** @enum {string} */
              sexeEtudiant: 'M' | 'F';
            }[];
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postChoixChambreReservationByIdReservationProlongation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idReservation: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            expireA: string;
            idChambre: number;
            idReservation: number;
            libelleBatiment: string;
            libelleChambre: string;
            lits: {
              idLit: number;
              ine: string;
              libelleLit: string;
            }[];
            nomCite: string;
            prolongations: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCite: {
    parameters: {
      query?: {
        'filtre.adresseCite'?: string;
        'filtre.idCite'?: string;
        'filtre.idDirection'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.nbLit'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idCite?: number;
        idDirection?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idCite, idVille, nomCite, nbLit, adresseCite, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresseCite?: string | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nbLit?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postCite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          adresseCite?: string | null;
          idVille: number;
          nbLit: number;
          nomCite: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresseCite?: string | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nbLit?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCiteAgentResidents: {
    parameters: {
      query?: {
        'filtre.departPossible'?: string;
        'filtre.etat'?: string;
        'filtre.etudiant'?: string;
        'filtre.idAffectation'?: string;
        'filtre.idCite'?: string;
        'filtre.ine'?: string;
        'filtre.libelleChambre'?: string;
        'filtre.libelleLit'?: string;
        'filtre.nomCite'?: string;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idAffectation, idCite, nomCite, libelleChambre, libelleLit, etudiant, ine, etat, remiseLe, dateDepart, departPossible. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateDepart: string | null;
            departPossible: boolean;
            /** @enum {string} */
            etat: 'ARRIVEE' | 'A_CONTRESIGNER' | 'INSTALLE' | 'DEPART_EN_COURS' | 'PARTI';
            etudiant: string;
            idAffectation: number;
            idCite: number;
            ine: string;
            libelleChambre: string;
            libelleLit: string;
            nomCite: string;
            remiseLe: string | null;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCiteAgentTableauDeBord: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            arrivees: {
              etudiant: string;
              idAffectation: number;
              idEtatDesLieux: number | null;
              ine: string;
              libelleChambre: string;
              libelleLit: string;
              nomCite: string;
              remiseLe: string | null;
            }[];
            cites: {
              aContresigner: number;
              arriveesAttendues: number;
              departs: number;
              departsEnCours: number;
              idCite: number;
              nomCite: string;
              residents: number;
            }[];
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCiteCategorieById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresseCite?: string | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            listeCategorieChambre: {
              idCategorieChambre?: number | null;
              idCite?: number | null;
              idDirection?: number | null;
              idVille?: number | null;
              libelleCategorieChambre?: string | null;
              libelleDirection?: string | null;
              montantChambre?: number | null;
              nomCite?: string | null;
              nomVille?: string | null;
              sigleDirection?: string | null;
            }[];
            nbLit?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCiteById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresseCite?: string | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nbLit?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putCiteById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          adresseCite?: string | null;
          idVille: number;
          nbLit: number;
          nomCite: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresseCite?: string | null;
            idCite?: number | null;
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nbLit?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchCiteById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCouloir: {
    parameters: {
      query?: {
        'filtre.codeBatiment'?: string;
        'filtre.codeCouloir'?: string;
        'filtre.codeNiveau'?: string;
        'filtre.idBatiment'?: string;
        'filtre.idCite'?: string;
        'filtre.idCouloir'?: string;
        'filtre.idDirection'?: string;
        'filtre.idNiveau'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleBatiment'?: string;
        'filtre.libelleCouloir'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libelleNiveau'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sexe'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idBatiment?: number;
        idCite?: number;
        idCouloir?: number;
        idDirection?: number;
        idNiveau?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idCouloir, idNiveau, libelleCouloir, codeCouloir, libelleNiveau, codeNiveau, idBatiment, libelleBatiment, codeBatiment, sexe, idCite, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postCouloir: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeCouloir?: string | null;
          idNiveau: number;
          libelleCouloir: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCouloirById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putCouloirById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeCouloir?: string | null;
          idNiveau: number;
          libelleCouloir: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeCouloir?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchCouloirById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCritere: {
    parameters: {
      query?: {
        'filtre.coefficient'?: string;
        'filtre.handicap'?: string;
        'filtre.idCritere'?: string;
        'filtre.idTypeCritere'?: string;
        'filtre.justificatifRequis'?: string;
        'filtre.libelleCritere'?: string;
        'filtre.libelleTypeCritere'?: string;
        'filtre.listeDeliberation'?: string;
        'filtre.note'?: string;
        'filtre.statutItem'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idCritere?: number;
        idTypeCritere?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idCritere, libelleCritere, note, idTypeCritere, justificatifRequis, listeDeliberation, handicap, libelleTypeCritere, coefficient, statutItem. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            handicap?: boolean | null;
            idCritere?: number | null;
            idTypeCritere?: number | null;
            justificatifRequis?: boolean | null;
            libelleCritere?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            note?: number | null;
            statutItem?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postCritere: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          handicap?: boolean | null;
          idTypeCritere: number;
          justificatifRequis?: boolean | null;
          libelleCritere: string & string;
          /** @enum {string|null} */
          listeDeliberation?: 'PUPILLES' | 'ETRANGERS' | 'NATIONAUX' | null;
          note: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            handicap?: boolean | null;
            idCritere?: number | null;
            idTypeCritere?: number | null;
            justificatifRequis?: boolean | null;
            libelleCritere?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            note?: number | null;
            statutItem?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getCritereById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            handicap?: boolean | null;
            idCritere?: number | null;
            idTypeCritere?: number | null;
            justificatifRequis?: boolean | null;
            libelleCritere?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            note?: number | null;
            statutItem?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putCritereById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          handicap?: boolean | null;
          idTypeCritere: number;
          justificatifRequis?: boolean | null;
          libelleCritere: string & string;
          /** @enum {string|null} */
          listeDeliberation?: 'PUPILLES' | 'ETRANGERS' | 'NATIONAUX' | null;
          note: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            handicap?: boolean | null;
            idCritere?: number | null;
            idTypeCritere?: number | null;
            justificatifRequis?: boolean | null;
            libelleCritere?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            note?: number | null;
            statutItem?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchCritereById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDashBoard: {
    parameters: {
      query?: {
        idDirection?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            villeDepotDtos: {
              idVille: number;
              libelleVille: string;
              nbEtudiant: number;
              nbEtudiantDepose: number;
              nbEtudiantInscrit: number;
            }[];
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDelaiReporte: {
    parameters: {
      query?: {
        'filtre.ancienneDate'?: string;
        'filtre.cle'?: string;
        'filtre.composant'?: string;
        'filtre.debutPanne'?: string;
        'filtre.deplaceLe'?: string;
        'filtre.finPanne'?: string;
        'filtre.idDirection'?: string;
        'filtre.ine'?: string;
        'filtre.lieu'?: string;
        'filtre.natureReport'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.nouvelleDate'?: string;
        'filtre.numeroEcheance'?: string;
        'filtre.prenomEtudiant'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx' | 'pdf';
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : cle, idDirection, ine, nomEtudiant, prenomEtudiant, natureReport, numeroEcheance, lieu, ancienneDate, nouvelleDate, composant, debutPanne, finPanne, deplaceLe. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ancienneDate: string;
            /** @description Key of the row: the event of an offer, or the move of an instalment. */
            cle: number;
            /** @enum {string} */
            composant: 'PLATEFORME' | 'PAIEMENT' | 'SMS';
            /** Format: date-time */
            debutPanne: string;
            /** Format: date-time */
            deplaceLe: string;
            /** Format: date-time */
            finPanne: string;
            idDirection: number;
            ine: string;
            lieu: string | null;
            /** @enum {string} */
            natureReport: 'OFFRE' | 'ECHEANCE';
            nomEtudiant: string;
            nouvelleDate: string;
            numeroEcheance: number | null;
            prenomEtudiant: string;
          }[];
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDeliberation: {
    parameters: {
      query: {
        idDirection: number;
        idSessionCenou: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            auteur: string | null;
            courante: boolean;
            datePublication: string;
            dateRemplacement: string | null;
            effectifs: {
              ETRANGERS: {
                F: number;
                M: number;
              };
              NATIONAUX: {
                F: number;
                M: number;
              };
              PUPILLES: {
                F: number;
                M: number;
              };
              READMISSIONS: {
                F: number;
                M: number;
              };
            } | null;
            idDeliberation: number;
            idDirection: number;
            idSessionCenou: number;
            nbAttente: number;
            nbEtrangers: number;
            nbNationaux: number;
            nbNonAdmis: number;
            nbPupilles: number;
            nbReadmissions: number;
            nomAuteur: string | null;
            partFemmes: number;
            places: {
              ETRANGERS: number;
              NATIONAUX: number;
              PUPILLES: number;
              READMISSIONS: number;
            };
            placesEffectives: {
              ETRANGERS: number;
              NATIONAUX: number;
              PUPILLES: number;
              READMISSIONS: number;
            };
            placesReadmission: number;
            quotas: {
              idCritere: number;
              libelleCritere: string;
              listeDeliberation: string;
              valeurQuota: number;
            }[];
            seed: string;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postDeliberation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idDirection: number;
          idSessionCenou: number;
          seed: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDeliberation: number;
            listeAdmisEtrangers: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAdmisNationaux: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAdmisPupilles: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAdmisReadmissions: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAttente: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            nonCandidats: number;
            nonCandidatsParRaison: {
              CRITERE_OBLIGATOIRE_NON_VALIDE: number;
              DUREE_MAXIMALE: number;
              NON_ANALYSE: number;
            };
            partFemmes: number;
            places: {
              ETRANGERS: number;
              NATIONAUX: number;
              PUPILLES: number;
              READMISSIONS: number;
            };
            placesEffectives: {
              ETRANGERS: number;
              NATIONAUX: number;
              PUPILLES: number;
              READMISSIONS: number;
            };
            placesReadmission: number;
            seed: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDeliberationNationaux: {
    parameters: {
      query: {
        format?: 'pdf';
        idDirection: number;
        idSessionCenou: number;
        /** @description La liste du PDF (obligatoire avec format=pdf). */
        liste?: 'READMISSIONS' | 'PUPILLES' | 'ETRANGERS' | 'NATIONAUX' | 'ATTENTE';
        /** @description Le tirage à rejouer ; sans : un nouveau tirage au hasard. */
        seed?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            listeAdmisEtrangers: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAdmisNationaux: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAdmisPupilles: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAdmisReadmissions: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            listeAttente: {
              anneeBac: number | null;
              dateNaissance: string;
              idDossier: number;
              ine: string;
              lieuNaissance: string | null;
              moyenne: number;
              nomEtudiant: string;
              nomVille: string;
              prenomEtudiant: string;
              rang: number;
              sexeEtudiant: string;
            }[];
            nonCandidats: number;
            nonCandidatsParRaison: {
              CRITERE_OBLIGATOIRE_NON_VALIDE: number;
              DUREE_MAXIMALE: number;
              NON_ANALYSE: number;
            };
            partFemmes: number;
            places: {
              ETRANGERS: number;
              NATIONAUX: number;
              PUPILLES: number;
              READMISSIONS: number;
            };
            placesEffectives: {
              ETRANGERS: number;
              NATIONAUX: number;
              PUPILLES: number;
              READMISSIONS: number;
            };
            placesReadmission: number;
            seed: string;
          };
          'application/pdf': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDeliberationByIdDeliberationPdf: {
    parameters: {
      query: {
        /** @description La liste du PDF : READMISSIONS, PUPILLES, ETRANGERS, NATIONAUX ou ATTENTE. */
        liste: 'READMISSIONS' | 'PUPILLES' | 'ETRANGERS' | 'NATIONAUX' | 'ATTENTE';
      };
      header?: never;
      path: {
        idDeliberation: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDeliberationByIdDeliberationVerification: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDeliberation: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            differences: {
              enregistre: {
                liste: string | null;
                rang: number | null;
                statut: string;
              };
              idDossier: number;
              ine: string;
              recalcule: {
                liste: string | null;
                rang: number | null;
                statut: string;
              };
            }[];
            identique: boolean;
            nbDifferences: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDirection: {
    parameters: {
      query?: {
        'filtre.emailDirection'?: string;
        'filtre.idDirection'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.sigleDirection'?: string;
        'filtre.telDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idDirection, libelleDirection, sigleDirection, emailDirection, telDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            emailDirection?: string | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            sigleDirection?: string | null;
            telDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postDirection: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          emailDirection?: (string & string) | null;
          libelleDirection: string & string;
          sigleDirection?: string | null;
          telDirection?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            emailDirection?: string | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            sigleDirection?: string | null;
            telDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDirectionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            emailDirection?: string | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            sigleDirection?: string | null;
            telDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putDirectionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          emailDirection?: (string & string) | null;
          libelleDirection: string & string;
          sigleDirection?: string | null;
          telDirection?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            emailDirection?: string | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            sigleDirection?: string | null;
            telDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchDirectionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossier: {
    parameters: {
      query?: {
        anneeDebut?: number;
        etatSession?: 'INSCRIPTION' | 'ANALYSE' | 'DELIBERATION';
        'filtre.admis'?: string;
        'filtre.anneeAcademique'?: string;
        'filtre.dateDepot'?: string;
        'filtre.dateNaissance'?: string;
        'filtre.etatSession'?: string;
        'filtre.idDirection'?: string;
        'filtre.idDossier'?: string;
        'filtre.idSessionCenou'?: string;
        'filtre.ine'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.lieuNaissance'?: string;
        'filtre.moyenne'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.nomVille'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.rang'?: string;
        'filtre.referenceDossier'?: string;
        'filtre.sexeEtudiant'?: string;
        'filtre.statutDossier'?: string;
        'filtre.statutSession'?: string;
        'filtre.telEtudiant'?: string;
        'filtre.typeDossier'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        idSessionCenou?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idDossier, referenceDossier, idSessionCenou, anneeAcademique, etatSession, statutSession, idDirection, libelleDirection, ine, nomEtudiant, prenomEtudiant, sexeEtudiant, dateNaissance, lieuNaissance, telEtudiant, nomVille, typeDossier, statutDossier, admis, moyenne, rang, dateDepot. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string|null} */
            admis: 'OUI' | 'NON' | null;
            anneeAcademique: string;
            dateDepot: string;
            /** Format: date */
            dateNaissance: string;
            /** @enum {string} */
            etatSession: 'INSCRIPTION' | 'ANALYSE' | 'DELIBERATION';
            idDirection: number;
            idDossier: number;
            idSessionCenou: number;
            ine: string;
            libelleDirection: string;
            lieuNaissance: string | null;
            moyenne: number | null;
            nomEtudiant: string;
            nomVille: string;
            prenomEtudiant: string;
            rang: number | null;
            referenceDossier: string;
            sexeEtudiant: string;
            /** @enum {string} */
            statutDossier: 'DEPOSE' | 'ANALYSE' | 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS' | 'DESISTE';
            /** @enum {string} */
            statutSession: 'OUVERT' | 'FERME' | 'SUSPENDU';
            telEtudiant: string | null;
            /** @enum {string} */
            typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putDossier: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Le dossier à modifier ; sans : un nouveau dépôt. */
          idDossier?: number | null;
          listeDossierCritere: {
            /** @description Le justificatif (PDF, 3000000 octets au plus) en base64 ; un préfixe « data:…;base64, » est accepté. */
            fichier?: string | null;
            /** @description Sans : le type n’est pas renseigné. */
            idCritere?: number | null;
            idTypeCritere: number;
            nomFichier?: string | null;
            /** @description Au lieu d’un fichier : un téléversement terminé de l’étudiant (la fin de l’URL Location de POST campus/televersement), consommé par le dépôt. */
            televersement?: string | null;
          }[];
          /** @enum {string|null} */
          typeDossier?: 'NOUVEAU' | 'RENOUVELLEMENT' | null;
        };
        'multipart/form-data': {
          /** @description Le dossier sans ses fichiers, en JSON (partie de type application/json). */
          dossier: {
            /** @description Le dossier à modifier ; sans : un nouveau dépôt. */
            idDossier?: number | null;
            listeDossierCritere: {
              /** @description Sans : le type n’est pas renseigné. */
              idCritere?: number | null;
              idTypeCritere: number;
              nomFichier?: string | null;
              /** @description Au lieu d’un fichier : un téléversement terminé de l’étudiant (la fin de l’URL Location de POST campus/televersement), consommé par le dépôt. */
              televersement?: string | null;
            }[];
            /** @enum {string|null} */
            typeDossier?: 'NOUVEAU' | 'RENOUVELLEMENT' | null;
          };
        } & {
          [key: string]: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admis: string | null;
            anneeAcademique: string;
            anneeBac: number | null;
            anneesHebergement: number;
            dateDepot: string;
            dateFinAdmission: string | null;
            dateLimiteReponse: string | null;
            dateNaissance: string;
            etatSession: string;
            idDirection: number;
            idDossier: number;
            idEtudiant: number;
            idSessionCenou: number;
            ine: string;
            libelleDirection: string;
            lieuNaissance: string | null;
            listeDeliberation: string | null;
            listeDossierCritere: {
              idCritere: number;
              idDossierCritere: number;
              idTypeCritere: number;
              justificatifRequis: boolean;
              libelleCritere: string;
              libelleTypeCritere: string;
              nomFichier: string | null;
              obligatoire: boolean;
              tailleFichier: number | null;
              valeurAnalyse: string | null;
            }[];
            modificationPossible: boolean;
            moyenne: number | null;
            moyenneBac: number | null;
            nomEtudiant: string;
            nomVille: string;
            prenomEtudiant: string;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            serieBac: string | null;
            sexeEtudiant: string;
            statutDossier: string;
            statutSession: string;
            suppressionPossible: boolean;
            telEtudiant: string | null;
            /** @enum {string} */
            typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
            typePays: string;
            villeOrientation: string;
          };
        };
      };
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admis: string | null;
            anneeAcademique: string;
            anneeBac: number | null;
            anneesHebergement: number;
            dateDepot: string;
            dateFinAdmission: string | null;
            dateLimiteReponse: string | null;
            dateNaissance: string;
            etatSession: string;
            idDirection: number;
            idDossier: number;
            idEtudiant: number;
            idSessionCenou: number;
            ine: string;
            libelleDirection: string;
            lieuNaissance: string | null;
            listeDeliberation: string | null;
            listeDossierCritere: {
              idCritere: number;
              idDossierCritere: number;
              idTypeCritere: number;
              justificatifRequis: boolean;
              libelleCritere: string;
              libelleTypeCritere: string;
              nomFichier: string | null;
              obligatoire: boolean;
              tailleFichier: number | null;
              valeurAnalyse: string | null;
            }[];
            modificationPossible: boolean;
            moyenne: number | null;
            moyenneBac: number | null;
            nomEtudiant: string;
            nomVille: string;
            prenomEtudiant: string;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            serieBac: string | null;
            sexeEtudiant: string;
            statutDossier: string;
            statutSession: string;
            suppressionPossible: boolean;
            telEtudiant: string | null;
            /** @enum {string} */
            typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
            typePays: string;
            villeOrientation: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchDossierById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierByIdDossierByIdDossierCritere: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
        idDossierCritere: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierByIdDossierHistorique: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            acteur: string;
            auteur: string | null;
            /** @enum {string|null} */
            canal: 'WEB' | 'SMS' | 'USSD' | null;
            commentaire: string | null;
            date: string;
            details: string[];
            /** @enum {string} */
            evenement:
              | 'DEPOT'
              | 'MODIFICATION'
              | 'ANALYSE'
              | 'PUBLICATION'
              | 'OFFRE'
              | 'RAPPEL'
              | 'REPONSE_ACCEPTEE'
              | 'REPONSE_REFUSEE'
              | 'EXPIRATION'
              | 'RETRAIT'
              | 'PROMOTION'
              | 'AFFECTATION'
              | 'CHANGEMENT_LIT'
              | 'ANNULATION_AFFECTATION'
              | 'PAIEMENT'
              | 'REMBOURSEMENT'
              | 'DELAI_PROLONGE'
              | 'PROCURATION'
              | 'ARRIVEE'
              | 'DEPART';
            libelle: string;
            motif: string | null;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierByIdDossierMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            canal: 'MAIL' | 'SMS';
            contenu: string;
            dateCreation: string;
            dateEnvoi: string | null;
            dateRemise: string | null;
            destinataire: string;
            erreur: string | null;
            /** @enum {string} */
            etat: 'EN_ATTENTE' | 'ENVOYE' | 'DELIVRE' | 'ECHEC';
            type: string;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postDossierByIdDossierReponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          reponse: 'ACCEPTE' | 'REFUSE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admis: string | null;
            dateLimiteReponse: string | null;
            idDossier: number;
            idSessionCenou: number;
            listeDeliberation: string | null;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            statutDossier: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierByIdDossierResultat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateDepart: string | null;
            dateLimiteReponse: string | null;
            detail: {
              diviseur: number;
              lignes: {
                coefficient: number;
                compte: boolean;
                idCritere: number;
                idTypeCritere: number;
                libelleCritere: string;
                libelleTypeCritere: string;
                note: number;
                produit: number;
                /** @enum {string|null} */
                valeurAnalyse: 'VALIDE' | 'INVALIDE' | 'INJUSTIFIE' | null;
              }[];
              moyenne: number;
              total: number;
            } | null;
            liste: string | null;
            litAttribue: boolean;
            moyenne: number | null;
            nonCandidat: {
              anneesHebergement: number;
              dureeMaximale: number;
              /** @enum {string} */
              raison: 'NON_ANALYSE' | 'CRITERE_OBLIGATOIRE_NON_VALIDE' | 'DUREE_MAXIMALE';
            } | null;
            partFemmes: number | null;
            placesReadmission: number | null;
            publie: boolean;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            statutDossier: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postDossierByIdDossierRetrait: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          commentaire?: string | null;
          /** @enum {string} */
          motif:
            'DESISTEMENT' | 'ABSENCE_DE_REPONSE' | 'FAUSSE_DECLARATION' | 'INSCRIPTION_ANNULEE' | 'AUTRE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admis: string | null;
            dateLimiteReponse: string | null;
            idDossier: number;
            idSessionCenou: number;
            listeDeliberation: string | null;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            statutDossier: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierByIdDossierTelephone: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idDossier: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string|null} */
            source: 'VERIFIE' | 'REGISTRE' | null;
            telephone: string | null;
            telephoneRegistre: string | null;
            telephoneVerifie: string | null;
            verificationEnCours: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierBrouillon: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresse: string | null;
            brouillon: {
              /** @description Le dossier à modifier ; sans : un nouveau dépôt. */
              idDossier?: number | null;
              listeDossierCritere: {
                /** @description Le justificatif (PDF, 3000000 octets au plus) en base64 ; un préfixe « data:…;base64, » est accepté. */
                fichier?: string | null;
                /** @description Sans : le type n’est pas renseigné. */
                idCritere?: number | null;
                idTypeCritere: number;
                nomFichier?: string | null;
                /** @description Au lieu d’un fichier : un téléversement terminé de l’étudiant (la fin de l’URL Location de POST campus/televersement), consommé par le dépôt. */
                televersement?: string | null;
              }[];
              /** @enum {string|null} */
              typeDossier?: 'NOUVEAU' | 'RENOUVELLEMENT' | null;
            };
            idProcuration: number | null;
            modifieA: string;
          } | null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putDossierBrouillon: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Le dossier à modifier ; sans : un nouveau dépôt. */
          idDossier?: number | null;
          listeDossierCritere: {
            /** @description Le justificatif (PDF, 3000000 octets au plus) en base64 ; un préfixe « data:…;base64, » est accepté. */
            fichier?: string | null;
            /** @description Sans : le type n’est pas renseigné. */
            idCritere?: number | null;
            idTypeCritere: number;
            nomFichier?: string | null;
            /** @description Au lieu d’un fichier : un téléversement terminé de l’étudiant (la fin de l’URL Location de POST campus/televersement), consommé par le dépôt. */
            televersement?: string | null;
          }[];
          /** @enum {string|null} */
          typeDossier?: 'NOUVEAU' | 'RENOUVELLEMENT' | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresse: string | null;
            brouillon: {
              /** @description Le dossier à modifier ; sans : un nouveau dépôt. */
              idDossier?: number | null;
              listeDossierCritere: {
                /** @description Le justificatif (PDF, 3000000 octets au plus) en base64 ; un préfixe « data:…;base64, » est accepté. */
                fichier?: string | null;
                /** @description Sans : le type n’est pas renseigné. */
                idCritere?: number | null;
                idTypeCritere: number;
                nomFichier?: string | null;
                /** @description Au lieu d’un fichier : un téléversement terminé de l’étudiant (la fin de l’URL Location de POST campus/televersement), consommé par le dépôt. */
                televersement?: string | null;
              }[];
              /** @enum {string|null} */
              typeDossier?: 'NOUVEAU' | 'RENOUVELLEMENT' | null;
            };
            idProcuration: number | null;
            modifieA: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postDossierBrouillonDepot: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admis: string | null;
            anneeAcademique: string;
            anneeBac: number | null;
            anneesHebergement: number;
            dateDepot: string;
            dateFinAdmission: string | null;
            dateLimiteReponse: string | null;
            dateNaissance: string;
            etatSession: string;
            idDirection: number;
            idDossier: number;
            idEtudiant: number;
            idSessionCenou: number;
            ine: string;
            libelleDirection: string;
            lieuNaissance: string | null;
            listeDeliberation: string | null;
            listeDossierCritere: {
              idCritere: number;
              idDossierCritere: number;
              idTypeCritere: number;
              justificatifRequis: boolean;
              libelleCritere: string;
              libelleTypeCritere: string;
              nomFichier: string | null;
              obligatoire: boolean;
              tailleFichier: number | null;
              valeurAnalyse: string | null;
            }[];
            modificationPossible: boolean;
            moyenne: number | null;
            moyenneBac: number | null;
            nomEtudiant: string;
            nomVille: string;
            prenomEtudiant: string;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            serieBac: string | null;
            sexeEtudiant: string;
            statutDossier: string;
            statutSession: string;
            suppressionPossible: boolean;
            telEtudiant: string | null;
            /** @enum {string} */
            typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
            typePays: string;
            villeOrientation: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierDepot: {
    parameters: {
      query?: {
        /** @description Avec : le dossier et ses critères ; sans : le formulaire. */
        idDossier?: number;
        /** @description L’INE de l’étudiant (celui du compte connecté). */
        ineEtudiant?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                admis: string | null;
                anneeAcademique: string;
                anneeBac: number | null;
                anneesHebergement: number;
                dateDepot: string;
                dateFinAdmission: string | null;
                dateLimiteReponse: string | null;
                dateNaissance: string;
                etatSession: string;
                idDirection: number;
                idDossier: number;
                idEtudiant: number;
                idSessionCenou: number;
                ine: string;
                libelleDirection: string;
                lieuNaissance: string | null;
                listeDeliberation: string | null;
                listeDossierCritere: {
                  idCritere: number;
                  idDossierCritere: number;
                  idTypeCritere: number;
                  justificatifRequis: boolean;
                  libelleCritere: string;
                  libelleTypeCritere: string;
                  nomFichier: string | null;
                  obligatoire: boolean;
                  tailleFichier: number | null;
                  valeurAnalyse: string | null;
                }[];
                modificationPossible: boolean;
                moyenne: number | null;
                moyenneBac: number | null;
                nomEtudiant: string;
                nomVille: string;
                prenomEtudiant: string;
                rang: number | null;
                referenceDossier: string;
                reponse: string | null;
                serieBac: string | null;
                sexeEtudiant: string;
                statutDossier: string;
                statutSession: string;
                suppressionPossible: boolean;
                telEtudiant: string | null;
                /** @enum {string} */
                typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
                typePays: string;
                villeOrientation: string;
              }
            | {
                anneeAcademique: string;
                anneeBac: number | null;
                dateNaissance: string;
                dossierExistant: {
                  idDossier: number;
                  referenceDossier: string;
                } | null;
                eligibilite: {
                  anneesHebergement: number;
                  depotPossible: boolean;
                  dureeMaximale: number;
                  dureeMaximaleHandicap: number;
                  handicapRequis: boolean;
                  renouvellementPossible: boolean;
                };
                emailEtudiant: string | null;
                filiere: string | null;
                idDirection: number;
                idEtudiant: number;
                idSessionCenou: number;
                idVille: number;
                ine: string;
                libelleDirection: string;
                libellePays: string | null;
                lieuNaissance: string | null;
                listeDossierCritere: {
                  idTypeCritere: number;
                  justificatif: boolean;
                  libelleTypeCritere: string;
                  listeCritere: {
                    handicap: boolean;
                    idCritere: number;
                    libelleCritere: string;
                    obligatoire: boolean;
                  }[];
                  obligatoire: boolean;
                }[];
                moyenneBac: number | null;
                niveau: string | null;
                nomEtudiant: string;
                nomVille: string;
                prenomEtudiant: string;
                serieBac: string | null;
                sexeEtudiant: string;
                telEtudiant: string | null;
                typePays: string;
                universite: string | null;
                villeOrientation: string;
              };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierEtudiantByIne: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        ine: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admis: string | null;
            anneeAcademique: string;
            dateDepot: string;
            dateFinAdmission: string | null;
            dateLimiteReponse: string | null;
            etatSession: string;
            idDirection: number;
            idDossier: number;
            idEtudiant: number;
            idSessionCenou: number;
            ine: string;
            libelleDirection: string;
            listeDeliberation: string | null;
            modificationPossible: boolean;
            moyenne: number | null;
            nomVille: string;
            rang: number | null;
            referenceDossier: string;
            reponse: string | null;
            statutDossier: string;
            statutSession: string;
            suppressionPossible: boolean;
            /** @enum {string} */
            typeDossier: 'NOUVEAU' | 'RENOUVELLEMENT';
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getDossierSituation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string | null;
            depotPossible: boolean;
            motif: string | null;
            readmissionPossible: boolean;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getElementInventaire: {
    parameters: {
      query?: {
        'filtre.idCategorieChambre'?: string;
        'filtre.idCite'?: string;
        'filtre.idDirection'?: string;
        'filtre.idElementInventaire'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleCategorieChambre'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libelleElement'?: string;
        'filtre.montantChambre'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.quantite'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idCategorieChambre?: number;
        idCite?: number;
        idDirection?: number;
        idElementInventaire?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idElementInventaire, idCategorieChambre, libelleElement, quantite, libelleCategorieChambre, montantChambre, idCite, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idElementInventaire?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            libelleElement?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            quantite?: number | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postElementInventaire: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idCategorieChambre: number;
          libelleElement: string & string;
          quantite?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idElementInventaire?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            libelleElement?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            quantite?: number | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getElementInventaireById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idElementInventaire?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            libelleElement?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            quantite?: number | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putElementInventaireById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idCategorieChambre: number;
          libelleElement: string & string;
          quantite?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idCategorieChambre?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idElementInventaire?: number | null;
            idVille?: number | null;
            libelleCategorieChambre?: string | null;
            libelleDirection?: string | null;
            libelleElement?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            quantite?: number | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchElementInventaireById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtatDesLieux: {
    parameters: {
      query: {
        idAffectation: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeCle: string | null;
            departPossible: boolean;
            elementsChambre: {
              idElementInventaire: number;
              libelleElement: string;
              quantite: number;
            }[];
            etudiant: string;
            idAffectation: number;
            ine: string;
            inventaires: {
              dateSaisie: string;
              elements: {
                commentaire: string | null;
                /** @enum {string} */
                etat: 'BON' | 'USE' | 'ABIME' | 'MANQUANT';
                idElementInventaire: number;
                libelleElement: string;
                photos: number[];
                quantite: number;
              }[];
              idEtatDesLieux: number;
              parResidant: boolean;
              /** @enum {string} */
              type: 'ENTREE' | 'SORTIE';
              valideLe: string | null;
            }[];
            libelleChambre: string;
            libelleLit: string;
            limiteEtatDesLieux: string | null;
            nomCite: string;
            peutRemplirEntree: boolean;
            peutRemplirSortie: boolean;
            remiseLe: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postEtatDesLieux: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          elements: {
            commentaire?: string | null;
            /** @enum {string} */
            etat: 'BON' | 'USE' | 'ABIME' | 'MANQUANT';
            idElementInventaire: number;
            photos?: string[];
          }[];
          idAffectation: number;
          /** @enum {string} */
          type: 'ENTREE' | 'SORTIE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idEtatDesLieux: number;
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postEtatDesLieuxByIdValidation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtatDesLieuxComparaison: {
    parameters: {
      query: {
        idAffectation: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            annulee: boolean;
            compte: {
              degradations: number;
              echeances: {
                dateEcheance: string;
                montant: number;
              }[];
              paye: number;
            };
            dateDepart: string | null;
            degradations: {
              dateFacturation: string;
              idDegradation: number;
              idElementInventaire: number;
              libelleElement: string;
              montant: number;
              motif: string;
              reference: string;
            }[];
            elements: {
              degrade: boolean;
              entree: {
                commentaire: string | null;
                /** @enum {string} */
                etat: 'BON' | 'USE' | 'ABIME' | 'MANQUANT';
                photos: number[];
              } | null;
              idDegradation: number | null;
              idElementInventaire: number;
              libelleElement: string;
              quantite: number;
              sortie: {
                commentaire: string | null;
                /** @enum {string} */
                etat: 'BON' | 'USE' | 'ABIME' | 'MANQUANT';
                photos: number[];
              } | null;
            }[];
            etudiant: string;
            idAffectation: number;
            idEntree: number | null;
            idSortie: number | null;
            ine: string;
            libelleChambre: string;
            libelleLit: string;
            nomCite: string;
            remiseLe: string | null;
            solde: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtatDesLieuxPhotoByIdPhoto: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idPhoto: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
          'image/png': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtudiantAdmis: {
    parameters: {
      query: {
        'filtre.anneeBac'?: string;
        'filtre.dateLimiteReponse'?: string;
        'filtre.dateNaissance'?: string;
        'filtre.idDossier'?: string;
        'filtre.ine'?: string;
        'filtre.lieuNaissance'?: string;
        'filtre.listeDeliberation'?: string;
        'filtre.moyenne'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.nomVille'?: string;
        'filtre.origine'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.rang'?: string;
        'filtre.reponse'?: string;
        'filtre.sexeEtudiant'?: string;
        'filtre.telEtudiant'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        idSessionCenou: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : ine, nomEtudiant, prenomEtudiant, sexeEtudiant, dateNaissance, lieuNaissance, anneeBac, moyenne, nomVille, telEtudiant, listeDeliberation, rang, reponse, dateLimiteReponse, origine, idDossier. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeBac: number | null;
            dateLimiteReponse: string | null;
            dateNaissance: string | null;
            idDossier: number | null;
            ine: string;
            lieuNaissance: string | null;
            listeDeliberation: string | null;
            moyenne: number | null;
            nomEtudiant: string;
            nomVille: string | null;
            /** @enum {string} */
            origine: 'DELIBERATION' | 'CHARGEMENT';
            prenomEtudiant: string;
            rang: number | null;
            reponse: string | null;
            sexeEtudiant: string | null;
            telEtudiant: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtudiantAdmisCompteurs: {
    parameters: {
      query: {
        idDirection?: number;
        idSessionCenou: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            acceptes: number;
            charges: number;
            enAttente: number;
            expires: number;
            listes: number;
            promus: number;
            refuses: number;
            retires: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtudiantArrivee: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idAffectation: number;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtudiantDepart: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateDepart: string | null;
            idAffectation: number;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getEtudiantTelephone: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string|null} */
            source: 'VERIFIE' | 'REGISTRE' | null;
            telephone: string | null;
            telephoneRegistre: string | null;
            telephoneVerifie: string | null;
            verificationEnCours: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postEtudiantTelephone: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          telephone: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
            telephone: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteEtudiantTelephone: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
            /** @enum {string|null} */
            source: 'VERIFIE' | 'REGISTRE' | null;
            telephone: string | null;
            telephoneRegistre: string | null;
            telephoneVerifie: string | null;
            verificationEnCours: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postEtudiantTelephoneConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
            telephone: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getExportDeliberation: {
    parameters: {
      query: {
        'filtre.anneeBac'?: string;
        'filtre.dateLimiteReponse'?: string;
        'filtre.dateNaissance'?: string;
        'filtre.idDossier'?: string;
        'filtre.ine'?: string;
        'filtre.lieuNaissance'?: string;
        'filtre.listeDeliberation'?: string;
        'filtre.moyenne'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.nomVille'?: string;
        'filtre.origine'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.rang'?: string;
        'filtre.reponse'?: string;
        'filtre.sexeEtudiant'?: string;
        'filtre.telEtudiant'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        idSessionCenou: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : ine, nomEtudiant, prenomEtudiant, sexeEtudiant, dateNaissance, lieuNaissance, anneeBac, moyenne, nomVille, telEtudiant, listeDeliberation, rang, reponse, dateLimiteReponse, origine, idDossier. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeBac: number | null;
            dateLimiteReponse: string | null;
            dateNaissance: string | null;
            idDossier: number | null;
            ine: string;
            lieuNaissance: string | null;
            listeDeliberation: string | null;
            moyenne: number | null;
            nomEtudiant: string;
            nomVille: string | null;
            /** @enum {string} */
            origine: 'DELIBERATION' | 'CHARGEMENT';
            prenomEtudiant: string;
            rang: number | null;
            reponse: string | null;
            sexeEtudiant: string | null;
            telEtudiant: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getIntervention: {
    parameters: {
      query?: {
        'filtre.auteur'?: string;
        'filtre.categorie'?: string;
        'filtre.description'?: string;
        'filtre.enRetard'?: string;
        'filtre.idChambre'?: string;
        'filtre.idCite'?: string;
        'filtre.idIntervention'?: string;
        'filtre.libelleChambre'?: string;
        'filtre.lieu'?: string;
        'filtre.nomCite'?: string;
        'filtre.priorite'?: string;
        'filtre.statut'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx' | 'pdf';
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idIntervention, idCite, nomCite, idChambre, libelleChambre, lieu, categorie, priorite, statut, description, auteur, dateSignalement, echeance, enRetard, resolueLe. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            auteur: string;
            /** @enum {string} */
            categorie: 'PLOMBERIE' | 'ELECTRICITE' | 'SERRURERIE' | 'MOBILIER' | 'NUISIBLES' | 'AUTRE';
            dateSignalement: string;
            description: string;
            echeance: string;
            enRetard: boolean;
            idChambre: number | null;
            idCite: number;
            idIntervention: number;
            libelleChambre: string | null;
            /** @enum {string|null} */
            lieu: 'SANITAIRES' | 'CUISINE' | 'COULOIR' | 'SALLE_COMMUNE' | 'EXTERIEUR' | 'AUTRE' | null;
            nomCite: string;
            /** @enum {string} */
            priorite: 'URGENCE' | 'HAUTE' | 'NORMALE';
            resolueLe: string | null;
            /** @enum {string} */
            statut: 'NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE';
          }[];
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postIntervention: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          categorie: 'PLOMBERIE' | 'ELECTRICITE' | 'SERRURERIE' | 'MOBILIER' | 'NUISIBLES' | 'AUTRE';
          description: string;
          idChambre?: number;
          idCite?: number;
          /** @enum {string} */
          lieu?: 'SANITAIRES' | 'CUISINE' | 'COULOIR' | 'SALLE_COMMUNE' | 'EXTERIEUR' | 'AUTRE';
          photos?: string[];
          /** @enum {string} */
          priorite: 'URGENCE' | 'HAUTE' | 'NORMALE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            echeance: string;
            idIntervention: number;
            message: string;
            /** @enum {string} */
            statut: 'NOUVELLE';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getInterventionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actions: ('NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE')[];
            auteur: string;
            /** @enum {string} */
            categorie: 'PLOMBERIE' | 'ELECTRICITE' | 'SERRURERIE' | 'MOBILIER' | 'NUISIBLES' | 'AUTRE';
            clotureLe: string | null;
            dateSignalement: string;
            description: string;
            echeance: string;
            enRetard: boolean;
            idChambre: number | null;
            idCite: number;
            idIntervention: number;
            libelleChambre: string | null;
            /** @enum {string|null} */
            lieu: 'SANITAIRES' | 'CUISINE' | 'COULOIR' | 'SALLE_COMMUNE' | 'EXTERIEUR' | 'AUTRE' | null;
            nomCite: string;
            parResidant: boolean;
            photos: number[];
            /** @enum {string} */
            priorite: 'URGENCE' | 'HAUTE' | 'NORMALE';
            resolueLe: string | null;
            /** @enum {string} */
            statut: 'NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchInterventionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          commentaire?: string | null;
          /** @enum {string} */
          statut: 'NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getInterventionByIdHistorique: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            auteur: string | null;
            commentaire: string | null;
            date: string;
            /** @enum {string} */
            statut: 'NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE';
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getInterventionLieux: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            chambres: {
              idChambre: number;
              libelleChambre: string;
              nomCite: string;
            }[];
            cites: {
              idCite: number;
              nomCite: string;
            }[];
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getInterventionParCite: {
    parameters: {
      query?: {
        'filtre.delaiMedianHeures'?: string;
        'filtre.enRetard'?: string;
        'filtre.idCite'?: string;
        'filtre.lits'?: string;
        'filtre.litsOccupes'?: string;
        'filtre.nomCite'?: string;
        'filtre.ouvertes'?: string;
        'filtre.tauxOccupation'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx' | 'pdf';
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idCite, nomCite, lits, litsOccupes, tauxOccupation, ouvertes, enRetard, delaiMedianHeures. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            delaiMedianHeures: number | null;
            enRetard: number;
            idCite: number;
            lits: number;
            litsOccupes: number;
            nomCite: string;
            ouvertes: number;
            tauxOccupation: number | null;
          }[];
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getInterventionPhotoByIdPhoto: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        idPhoto: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
          'image/png': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLit: {
    parameters: {
      query?: {
        'filtre.codeBatiment'?: string;
        'filtre.codeChambre'?: string;
        'filtre.codeCouloir'?: string;
        'filtre.codeLit'?: string;
        'filtre.codeNiveau'?: string;
        'filtre.idBatiment'?: string;
        'filtre.idCategorieChambre'?: string;
        'filtre.idChambre'?: string;
        'filtre.idCite'?: string;
        'filtre.idCouloir'?: string;
        'filtre.idDirection'?: string;
        'filtre.idLit'?: string;
        'filtre.idNiveau'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleBatiment'?: string;
        'filtre.libelleCategorieChambre'?: string;
        'filtre.libelleChambre'?: string;
        'filtre.libelleCouloir'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libelleLit'?: string;
        'filtre.libelleNiveau'?: string;
        'filtre.montantChambre'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sexe'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idBatiment?: number;
        idCategorieChambre?: number;
        idChambre?: number;
        idCite?: number;
        idCouloir?: number;
        idDirection?: number;
        idLit?: number;
        idNiveau?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idLit, idChambre, libelleLit, codeLit, libelleChambre, codeChambre, idCouloir, libelleCouloir, codeCouloir, idNiveau, libelleNiveau, codeNiveau, idBatiment, libelleBatiment, codeBatiment, sexe, idCite, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection, idCategorieChambre, libelleCategorieChambre, montantChambre. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeLit?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idLit?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleLit?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postLit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeLit?: string | null;
          idChambre: number;
          libelleLit: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeLit?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idLit?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleLit?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLitById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeLit?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idLit?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleLit?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putLitById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeLit?: string | null;
          idChambre: number;
          libelleLit: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeChambre?: string | null;
            codeCouloir?: string | null;
            codeLit?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCategorieChambre?: number | null;
            idChambre?: number | null;
            idCite?: number | null;
            idCouloir?: number | null;
            idDirection?: number | null;
            idLit?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleCategorieChambre?: string | null;
            libelleChambre?: string | null;
            libelleCouloir?: string | null;
            libelleDirection?: string | null;
            libelleLit?: string | null;
            libelleNiveau?: string | null;
            montantChambre?: number | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchLitById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLitByIdCles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeCle: string;
            etudiant: string;
            idAffectation: number;
            idRemiseCle: number;
            remiseLe: string;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLoyer: {
    parameters: {
      query: {
        'filtre.annulation'?: string;
        'filtre.annulee'?: string;
        'filtre.arriere'?: string;
        'filtre.dateDepart'?: string;
        'filtre.degradations'?: string;
        'filtre.duADate'?: string;
        'filtre.idAffectation'?: string;
        'filtre.idCite'?: string;
        'filtre.idSessionCenou'?: string;
        'filtre.ine'?: string;
        'filtre.libelleChambre'?: string;
        'filtre.libelleLit'?: string;
        'filtre.montantChambre'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.paye'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.resteAPayer'?: string;
        'filtre.solde'?: string;
        'filtre.totalDu'?: string;
        'filtre.tropPercu'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx' | 'pdf';
        idCite?: number;
        idSessionCenou: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idAffectation, idSessionCenou, ine, nomEtudiant, prenomEtudiant, idCite, nomCite, libelleChambre, libelleLit, montantChambre, totalDu, degradations, duADate, paye, arriere, solde, resteAPayer, tropPercu, annulee, dateDepart, annulation. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            annulation: boolean;
            annulee: boolean;
            arriere: number;
            dateDepart: string | null;
            duADate: number;
            idAffectation: number;
            idCite: number;
            idSessionCenou: number;
            ine: string;
            libelleChambre: string;
            libelleLit: string;
            montantChambre: number;
            nomCite: string;
            nomEtudiant: string;
            paye: number;
            prenomEtudiant: string;
            solde: number;
            totalDu: number;
          }[];
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLoyerAffectationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string;
            annulation: boolean;
            annulee: boolean;
            arriere: number;
            chargesDegradation: {
              dateCharge: string;
              libelle: string;
              montant: number;
              paye: number;
              reference: string;
              reste: number;
              /** @enum {string} */
              statut: 'PAYEE' | 'PARTIELLE' | 'ECHUE' | 'A_VENIR';
            }[];
            dateDepart: string | null;
            degradations: number;
            duADate: number;
            echeances: {
              dateEcheance: string;
              montant: number;
              numero: number;
              paye: number;
              reste: number;
              /** @enum {string} */
              statut: 'PAYEE' | 'PARTIELLE' | 'ECHUE' | 'A_VENIR';
            }[];
            idAffectation: number;
            idSessionCenou: number;
            libelleChambre: string;
            libelleLit: string;
            montantChambre: number;
            nomCite: string;
            paiementPropose: {
              avance: boolean;
              montant: number;
              prochaineEcheance: {
                dateEcheance: string;
                reste: number;
              } | null;
            } | null;
            paiements: {
              datePaiement: string;
              idProcuration: number | null;
              libelleOperateur: string;
              montant: number;
              numeroRecu: string | null;
              referencePaiement: string;
            }[];
            payable: boolean;
            paye: number;
            remboursements: {
              dateRemboursement: string;
              libelleOperateur: string;
              montant: number;
              numeroPiece: string;
              referenceRemboursement: string;
            }[];
            solde: number;
            totalDu: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLoyerEtudiant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string;
            annulation: boolean;
            annulee: boolean;
            arriere: number;
            chargesDegradation: {
              dateCharge: string;
              libelle: string;
              montant: number;
              paye: number;
              reference: string;
              reste: number;
              /** @enum {string} */
              statut: 'PAYEE' | 'PARTIELLE' | 'ECHUE' | 'A_VENIR';
            }[];
            dateDepart: string | null;
            degradations: number;
            duADate: number;
            echeances: {
              dateEcheance: string;
              montant: number;
              numero: number;
              paye: number;
              reste: number;
              /** @enum {string} */
              statut: 'PAYEE' | 'PARTIELLE' | 'ECHUE' | 'A_VENIR';
            }[];
            idAffectation: number;
            idSessionCenou: number;
            libelleChambre: string;
            libelleLit: string;
            montantChambre: number;
            nomCite: string;
            paiementPropose: {
              avance: boolean;
              montant: number;
              prochaineEcheance: {
                dateEcheance: string;
                reste: number;
              } | null;
            } | null;
            paiements: {
              datePaiement: string;
              idProcuration: number | null;
              libelleOperateur: string;
              montant: number;
              numeroRecu: string | null;
              referencePaiement: string;
            }[];
            payable: boolean;
            paye: number;
            remboursements: {
              dateRemboursement: string;
              libelleOperateur: string;
              montant: number;
              numeroPiece: string;
              referenceRemboursement: string;
            }[];
            solde: number;
            totalDu: number;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLoyerRapprochement: {
    parameters: {
      query?: {
        au?: string;
        du?: string;
        'filtre.cle'?: string;
        'filtre.compte'?: string;
        'filtre.idCite'?: string;
        'filtre.idOperateur'?: string;
        'filtre.jour'?: string;
        'filtre.libelleCompte'?: string;
        'filtre.montant'?: string;
        'filtre.nombre'?: string;
        'filtre.nomCite'?: string;
        'filtre.typeCompte'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx' | 'pdf';
        idCite?: number;
        idDirection?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : cle, jour, compte, typeCompte, libelleCompte, idOperateur, idCite, nomCite, nombre, montant. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cle: number;
            compte: string;
            idCite: number | null;
            idOperateur: number | null;
            jour: string;
            libelleCompte: string;
            montant: number;
            nombre: number;
            nomCite: string | null;
            /** @enum {string} */
            typeCompte: 'OPERATEUR' | 'CAISSE';
          }[];
          'application/pdf': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getLoyerSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affectations: number;
            idDirection: number;
            idSessionCenou: number;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getMessagesCompteurs: {
    parameters: {
      query: {
        idDirection?: number;
        idSessionCenou: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            canal: 'MAIL' | 'SMS';
            delivre: number;
            echec: number;
            enAttente: number;
            envoye: number;
            total: number;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getNiveau: {
    parameters: {
      query?: {
        'filtre.codeBatiment'?: string;
        'filtre.codeNiveau'?: string;
        'filtre.idBatiment'?: string;
        'filtre.idCite'?: string;
        'filtre.idDirection'?: string;
        'filtre.idNiveau'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleBatiment'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libelleNiveau'?: string;
        'filtre.nomCite'?: string;
        'filtre.nomVille'?: string;
        'filtre.sexe'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idBatiment?: number;
        idCite?: number;
        idDirection?: number;
        idNiveau?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idNiveau, idBatiment, libelleNiveau, codeNiveau, libelleBatiment, codeBatiment, sexe, idCite, nomCite, idVille, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postNiveau: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeNiveau?: string | null;
          idBatiment: number;
          libelleNiveau: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getNiveauById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putNiveauById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          codeNiveau?: string | null;
          idBatiment: number;
          libelleNiveau: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeBatiment?: string | null;
            codeNiveau?: string | null;
            idBatiment?: number | null;
            idCite?: number | null;
            idDirection?: number | null;
            idNiveau?: number | null;
            idVille?: number | null;
            libelleBatiment?: string | null;
            libelleDirection?: string | null;
            libelleNiveau?: string | null;
            nomCite?: string | null;
            nomVille?: string | null;
            sexe?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchNiveauById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getOperateur: {
    parameters: {
      query?: {
        'filtre.actif'?: string;
        'filtre.codeOperateur'?: string;
        'filtre.codeTypePaiement'?: string;
        'filtre.idOperateur'?: string;
        'filtre.idTypePaiement'?: string;
        'filtre.libelleOperateur'?: string;
        'filtre.libelleTypePaiement'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idOperateur?: number;
        idTypePaiement?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idOperateur, libelleOperateur, codeOperateur, idTypePaiement, actif, libelleTypePaiement, codeTypePaiement. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeOperateur?: string | null;
            codeTypePaiement?: string | null;
            idOperateur?: number | null;
            idTypePaiement?: number | null;
            libelleOperateur?: string | null;
            libelleTypePaiement?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postOperateur: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          actif?: boolean;
          codeOperateur: string & string;
          idTypePaiement: number;
          libelleOperateur: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeOperateur?: string | null;
            codeTypePaiement?: string | null;
            idOperateur?: number | null;
            idTypePaiement?: number | null;
            libelleOperateur?: string | null;
            libelleTypePaiement?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getOperateurById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeOperateur?: string | null;
            codeTypePaiement?: string | null;
            idOperateur?: number | null;
            idTypePaiement?: number | null;
            libelleOperateur?: string | null;
            libelleTypePaiement?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putOperateurById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          actif?: boolean;
          codeOperateur: string & string;
          idTypePaiement: number;
          libelleOperateur: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeOperateur?: string | null;
            codeTypePaiement?: string | null;
            idOperateur?: number | null;
            idTypePaiement?: number | null;
            libelleOperateur?: string | null;
            libelleTypePaiement?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchOperateurById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postPaiement: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idAffectation: number;
          idOperateur: number;
          montant: number;
          telephone: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            referencePaiement: string;
            /** @enum {string} */
            statut: 'EN_ATTENTE' | 'REUSSI' | 'ECHOUE';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getPaiementByReferencePaiement: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        referencePaiement: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateCreation: string;
            dateReussite: string | null;
            idAffectation: number;
            idOperateur: number;
            libelleOperateur: string;
            montant: number;
            referencePaiement: string;
            /** @enum {string} */
            statut: 'EN_ATTENTE' | 'REUSSI' | 'ECHOUE';
            telephone: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getPaiementByReferencePaiementRecu: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        referencePaiement: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postPaiementEspeces: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idAffectation: number;
          montant: number;
          numeroRecu: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            datePaiement: string | null;
            idAffectation: number;
            montant: number;
            numeroRecu: string | null;
            referencePaiement: string;
            solde: number;
            /** @enum {string} */
            statut: 'EN_ATTENTE' | 'REUSSI' | 'ECHOUE';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getPaiementOperateurs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            operateurs: {
              idOperateur: number;
              libelleOperateur: string;
            }[];
            simulation: boolean;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postPaiementRemboursement: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idAffectation: number;
          idOperateur?: number | null;
          montant: number;
          numeroPiece: string;
          telephone?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateRemboursement: string;
            idAffectation: number;
            libelleOperateur: string;
            montant: number;
            numeroPiece: string;
            referenceRemboursement: string;
            solde: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getProcuration: {
    parameters: {
      query?: {
        'filtre.adresseUtilisation'?: string;
        'filtre.etat'?: string;
        'filtre.idProcuration'?: string;
        'filtre.tache'?: string;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idProcuration, tache, etat, creeeA, expireA, utiliseeA, adresseUtilisation, revoqueeA. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            adresseUtilisation: string | null;
            creeeA: string;
            /** @enum {string} */
            etat: 'ACTIVE' | 'UTILISEE' | 'REVOQUEE' | 'EXPIREE';
            expireA: string;
            idProcuration: number;
            revoqueeA: string | null;
            /** @enum {string} */
            tache: 'DEPOT' | 'PAIEMENT';
            utiliseeA: string | null;
          }[];
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postProcuration: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          dureeHeures: number;
          /** @enum {string} */
          tache: 'DEPOT' | 'PAIEMENT';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            code: string;
            expireA: string;
            idProcuration: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteProcurationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getQuota: {
    parameters: {
      query?: {
        'filtre.anneeDebut'?: string;
        'filtre.coefficient'?: string;
        'filtre.etatSession'?: string;
        'filtre.idCritere'?: string;
        'filtre.idDirection'?: string;
        'filtre.idQuota'?: string;
        'filtre.idSessionCenou'?: string;
        'filtre.idTypeCritere'?: string;
        'filtre.libelleCritere'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libelleTypeCritere'?: string;
        'filtre.listeDeliberation'?: string;
        'filtre.sigleDirection'?: string;
        'filtre.statutItem'?: string;
        'filtre.statutSession'?: string;
        'filtre.valeurQuota'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idCritere?: number;
        idDirection?: number;
        idQuota?: number;
        idSessionCenou?: number;
        idTypeCritere?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idQuota, idSessionCenou, idCritere, valeurQuota, etatSession, statutSession, anneeDebut, idDirection, libelleDirection, sigleDirection, libelleCritere, listeDeliberation, idTypeCritere, libelleTypeCritere, coefficient, statutItem. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            coefficient?: number | null;
            etatSession?: string | null;
            idCritere?: number | null;
            idDirection?: number | null;
            idQuota?: number | null;
            idSessionCenou?: number | null;
            idTypeCritere?: number | null;
            libelleCritere?: string | null;
            libelleDirection?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            sigleDirection?: string | null;
            statutItem?: string | null;
            statutSession?: string | null;
            valeurQuota?: number | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postQuota: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idCritere: number;
          idSessionCenou: number;
          valeurQuota: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            coefficient?: number | null;
            etatSession?: string | null;
            idCritere?: number | null;
            idDirection?: number | null;
            idQuota?: number | null;
            idSessionCenou?: number | null;
            idTypeCritere?: number | null;
            libelleCritere?: string | null;
            libelleDirection?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            sigleDirection?: string | null;
            statutItem?: string | null;
            statutSession?: string | null;
            valeurQuota?: number | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getQuotaById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            coefficient?: number | null;
            etatSession?: string | null;
            idCritere?: number | null;
            idDirection?: number | null;
            idQuota?: number | null;
            idSessionCenou?: number | null;
            idTypeCritere?: number | null;
            libelleCritere?: string | null;
            libelleDirection?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            sigleDirection?: string | null;
            statutItem?: string | null;
            statutSession?: string | null;
            valeurQuota?: number | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putQuotaById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idCritere: number;
          idSessionCenou: number;
          valeurQuota: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            coefficient?: number | null;
            etatSession?: string | null;
            idCritere?: number | null;
            idDirection?: number | null;
            idQuota?: number | null;
            idSessionCenou?: number | null;
            idTypeCritere?: number | null;
            libelleCritere?: string | null;
            libelleDirection?: string | null;
            libelleTypeCritere?: string | null;
            listeDeliberation?: string | null;
            sigleDirection?: string | null;
            statutItem?: string | null;
            statutSession?: string | null;
            valeurQuota?: number | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchQuotaById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRegistreEtudiant: {
    parameters: {
      query?: {
        compte?: 'true' | 'false';
        'filtre.anneeAcademique'?: string;
        'filtre.anneeBac'?: string;
        'filtre.anneesHebergementAnterieures'?: string;
        'filtre.compte'?: string;
        'filtre.contact'?: string;
        'filtre.dateNaissance'?: string;
        'filtre.declarationSurHonneur'?: string;
        'filtre.emailEtudiant'?: string;
        'filtre.engagementPersonnelCaution'?: string;
        'filtre.engagementStatutReglement'?: string;
        'filtre.filiere'?: string;
        'filtre.idDirection'?: string;
        'filtre.idEtudiant'?: string;
        'filtre.idVille'?: string;
        'filtre.ine'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.libellePays'?: string;
        'filtre.lieuNaissance'?: string;
        'filtre.luApprouve'?: string;
        'filtre.moyenneBac'?: string;
        'filtre.niveau'?: string;
        'filtre.nomEtudiant'?: string;
        'filtre.nomVille'?: string;
        'filtre.personnelBesoin'?: string;
        'filtre.prenomEtudiant'?: string;
        'filtre.serieBac'?: string;
        'filtre.sexeEtudiant'?: string;
        'filtre.telEtudiant'?: string;
        'filtre.typePays'?: string;
        'filtre.universite'?: string;
        'filtre.villeOrientation'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idEtudiant, ine, nomEtudiant, prenomEtudiant, sexeEtudiant, dateNaissance, lieuNaissance, telEtudiant, emailEtudiant, universite, filiere, niveau, villeOrientation, idVille, nomVille, idDirection, libelleDirection, anneeAcademique, anneeBac, serieBac, moyenneBac, libellePays, typePays, anneesHebergementAnterieures, compte, personnelBesoin, contact, engagementStatutReglement, engagementPersonnelCaution, declarationSurHonneur, luApprouve. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string | null;
            anneeBac: number | null;
            anneesHebergement: number;
            anneesHebergementAnterieures: number;
            compte: boolean;
            contact: string | null;
            dateNaissance: string;
            declarationSurHonneur: boolean;
            emailEtudiant: string | null;
            engagementPersonnelCaution: boolean;
            engagementStatutReglement: boolean;
            filiere: string | null;
            idDirection: number;
            idEtudiant: number;
            idVille: number;
            ine: string;
            libelleDirection: string;
            libellePays: string | null;
            lieuNaissance: string | null;
            luApprouve: boolean;
            moyenneBac: number | null;
            niveau: string | null;
            nomEtudiant: string;
            nomVille: string;
            personnelBesoin: string | null;
            prenomEtudiant: string;
            serieBac: string | null;
            sexeEtudiant: string;
            telEtudiant: string | null;
            typePays: string;
            universite: string | null;
            villeOrientation: string;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRegistreEtudiantById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeAcademique: string | null;
            anneeBac: number | null;
            anneesHebergement: number;
            anneesHebergementAnterieures: number;
            compte: boolean;
            contact: string | null;
            dateNaissance: string;
            declarationSurHonneur: boolean;
            emailEtudiant: string | null;
            engagementPersonnelCaution: boolean;
            engagementStatutReglement: boolean;
            filiere: string | null;
            idDirection: number;
            idEtudiant: number;
            idVille: number;
            ine: string;
            libelleDirection: string;
            libellePays: string | null;
            lieuNaissance: string | null;
            luApprouve: boolean;
            moyenneBac: number | null;
            niveau: string | null;
            nomEtudiant: string;
            nomVille: string;
            personnelBesoin: string | null;
            prenomEtudiant: string;
            serieBac: string | null;
            sexeEtudiant: string;
            telEtudiant: string | null;
            typePays: string;
            universite: string | null;
            villeOrientation: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postRegistreEtudiantImport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          fichier: string;
          nomFichier: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            importes: number;
            misAJour: number;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getRegistreEtudiantModele: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getSessionCenou: {
    parameters: {
      query?: {
        'filtre.anneeDebut'?: string;
        'filtre.dateFermeture'?: string;
        'filtre.dateOuverture'?: string;
        'filtre.delaiReponseHeures'?: string;
        'filtre.etatSession'?: string;
        'filtre.idDirection'?: string;
        'filtre.idSessionCenou'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.moisLoyer'?: string;
        'filtre.partFemmes'?: string;
        'filtre.placesReadmission'?: string;
        'filtre.premiereEcheance'?: string;
        'filtre.sigleDirection'?: string;
        'filtre.statutSession'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        idSessionCenou?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idSessionCenou, idDirection, etatSession, statutSession, dateOuverture, dateFermeture, anneeDebut, delaiReponseHeures, placesReadmission, partFemmes, moisLoyer, premiereEcheance, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            dateFermeture?: string | null;
            dateOuverture?: string | null;
            delaiReponseHeures?: number | null;
            etatSession?: string | null;
            idDirection?: number | null;
            idSessionCenou?: number | null;
            libelleDirection?: string | null;
            moisLoyer?: number | null;
            partFemmes?: number | null;
            placesReadmission?: number | null;
            premiereEcheance?: string | null;
            sigleDirection?: string | null;
            statutSession?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postSessionCenou: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date */
          dateFermeture?: string | null;
          /** Format: date */
          dateOuverture: string;
          delaiReponseHeures?: number;
          /** @enum {string} */
          etatSession?: 'INSCRIPTION' | 'ANALYSE' | 'DELIBERATION';
          idDirection: number;
          moisLoyer?: number;
          partFemmes?: number;
          placesReadmission?: number;
          /** Format: date */
          premiereEcheance?: string | null;
          /** @enum {string} */
          statutSession: 'OUVERT' | 'FERME' | 'SUSPENDU';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            dateFermeture?: string | null;
            dateOuverture?: string | null;
            delaiReponseHeures?: number | null;
            etatSession?: string | null;
            idDirection?: number | null;
            idSessionCenou?: number | null;
            libelleDirection?: string | null;
            moisLoyer?: number | null;
            partFemmes?: number | null;
            placesReadmission?: number | null;
            premiereEcheance?: string | null;
            sigleDirection?: string | null;
            statutSession?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getSessionCenouById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            dateFermeture?: string | null;
            dateOuverture?: string | null;
            delaiReponseHeures?: number | null;
            etatSession?: string | null;
            idDirection?: number | null;
            idSessionCenou?: number | null;
            libelleDirection?: string | null;
            moisLoyer?: number | null;
            partFemmes?: number | null;
            placesReadmission?: number | null;
            premiereEcheance?: string | null;
            sigleDirection?: string | null;
            statutSession?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putSessionCenouById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date */
          dateFermeture?: string | null;
          /** Format: date */
          dateOuverture: string;
          delaiReponseHeures?: number;
          /** @enum {string} */
          etatSession?: 'INSCRIPTION' | 'ANALYSE' | 'DELIBERATION';
          idDirection: number;
          moisLoyer?: number;
          partFemmes?: number;
          placesReadmission?: number;
          /** Format: date */
          premiereEcheance?: string | null;
          /** @enum {string} */
          statutSession: 'OUVERT' | 'FERME' | 'SUSPENDU';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            anneeDebut?: number | null;
            dateFermeture?: string | null;
            dateOuverture?: string | null;
            delaiReponseHeures?: number | null;
            etatSession?: string | null;
            idDirection?: number | null;
            idSessionCenou?: number | null;
            libelleDirection?: string | null;
            moisLoyer?: number | null;
            partFemmes?: number | null;
            placesReadmission?: number | null;
            premiereEcheance?: string | null;
            sigleDirection?: string | null;
            statutSession?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchSessionCenouById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getStatistiques: {
    parameters: {
      query: {
        anneeDebut: number;
        anneeFin?: number;
        format?: 'xlsx';
        idDirection?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cites: {
              anneeAcademique: string;
              anneeDebut: number;
              delaiMedianInterventionHeures: number | null;
              delaiMedianReattributionJours: number | null;
              idCite: number;
              idDirection: number;
              lits: number;
              litsLiberesEnAttente: number;
              nomCite: string;
              occupationParMois: (number | null)[];
              partArrieres: number | null;
            }[];
            directions: {
              admis: number;
              anneeAcademique: string;
              anneeDebut: number;
              demandes: number;
              idDirection: number;
              libelleDirection: string;
              renonciations: number;
            }[];
            /**
             * Format: date-time
             * @description When the figures of the sessions still open in the years asked were computed (stored for a few minutes, docs/statistics.md#speed); null when none is open.
             */
            enCoursCalculeLe: string | null;
          };
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postTeleversement: {
    parameters: {
      query?: never;
      header: {
        /** @description Version du protocole tus : 1.0.0 (une autre version : 412). */
        'tus-resumable': string;
        /** @description La taille du fichier en octets, à partir de 1 (plus de 3000000 : 413). */
        'upload-length': string & string;
        /** @description Métadonnées tus (clé espace valeur en base64, séparées par des virgules) : filename (nom se terminant par .pdf) et idTypeCritere pour un justificatif ; usage photo et filename (.jpg, .jpeg ou .png) pour une photo d’état des lieux. */
        'upload-metadata': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dateExpiration: string;
            decalage: number;
            idTypeCritere: number | null;
            longueur: number;
            nomFichier: string;
            televersement: string;
            /** @enum {string} */
            usage: 'justificatif' | 'photo';
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description La version du protocole demandée n’est pas prise en charge. */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  optionsTeleversement: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sans corps. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteTeleversementById: {
    parameters: {
      query?: never;
      header: {
        /** @description Version du protocole tus : 1.0.0 (une autre version : 412). */
        'tus-resumable': string;
      };
      path: {
        /** @description L’identifiant du téléversement (fin de l’URL Location). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sans corps. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description La version du protocole demandée n’est pas prise en charge. */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  headTeleversementById: {
    parameters: {
      query?: never;
      header: {
        /** @description Version du protocole tus : 1.0.0 (une autre version : 412). */
        'tus-resumable': string;
      };
      path: {
        /** @description L’identifiant du téléversement (fin de l’URL Location). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sans corps. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description La version du protocole demandée n’est pas prise en charge. */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchTeleversementById: {
    parameters: {
      query?: never;
      header: {
        /** @description Version du protocole tus : 1.0.0 (une autre version : 412). */
        'tus-resumable': string;
        /** @description La position du premier octet envoyé : celle que donne HEAD. */
        'upload-offset': string & string;
      };
      path: {
        /** @description L’identifiant du téléversement (fin de l’URL Location). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/offset+octet-stream': string;
      };
    };
    responses: {
      /** @description Sans corps. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description La version du protocole demandée n’est pas prise en charge. */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Trop de tentatives, réessayez plus tard. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTypeCritere: {
    parameters: {
      query?: {
        'filtre.coefficient'?: string;
        'filtre.idTypeCritere'?: string;
        'filtre.libelleTypeCritere'?: string;
        'filtre.statutItem'?: string;
        'filtre.typeItem'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idTypeCritere?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idTypeCritere, libelleTypeCritere, coefficient, typeItem, statutItem. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            idTypeCritere?: number | null;
            libelleTypeCritere?: string | null;
            statutItem?: string | null;
            typeItem?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postTypeCritere: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          coefficient: number;
          libelleTypeCritere: string & string;
          /** @enum {string} */
          statutItem?: 'OBLIGATOIRE' | 'FACULTATIF';
          typeItem?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            idTypeCritere?: number | null;
            libelleTypeCritere?: string | null;
            statutItem?: string | null;
            typeItem?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTypeCritereById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            idTypeCritere?: number | null;
            libelleTypeCritere?: string | null;
            statutItem?: string | null;
            typeItem?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putTypeCritereById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          coefficient: number;
          libelleTypeCritere: string & string;
          /** @enum {string} */
          statutItem?: 'OBLIGATOIRE' | 'FACULTATIF';
          typeItem?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            coefficient?: number | null;
            idTypeCritere?: number | null;
            libelleTypeCritere?: string | null;
            statutItem?: string | null;
            typeItem?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchTypeCritereById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTypePaiement: {
    parameters: {
      query?: {
        'filtre.actif'?: string;
        'filtre.codeTypePaiement'?: string;
        'filtre.idTypePaiement'?: string;
        'filtre.libelleTypePaiement'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idTypePaiement?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idTypePaiement, libelleTypePaiement, codeTypePaiement, actif. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeTypePaiement?: string | null;
            idTypePaiement?: number | null;
            libelleTypePaiement?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postTypePaiement: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          actif?: boolean;
          /** @enum {string} */
          codeTypePaiement: 'MOBILE_MONEY' | 'ESPECES' | 'VIREMENT';
          libelleTypePaiement: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeTypePaiement?: string | null;
            idTypePaiement?: number | null;
            libelleTypePaiement?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTypePaiementById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeTypePaiement?: string | null;
            idTypePaiement?: number | null;
            libelleTypePaiement?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putTypePaiementById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          actif?: boolean;
          /** @enum {string} */
          codeTypePaiement: 'MOBILE_MONEY' | 'ESPECES' | 'VIREMENT';
          libelleTypePaiement: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actif?: boolean | null;
            codeTypePaiement?: string | null;
            idTypePaiement?: number | null;
            libelleTypePaiement?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchTypePaiementById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getUsers: {
    parameters: {
      query?: {
        'filtre.email'?: string;
        'filtre.id'?: string;
        'filtre.idDirection'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.nom'?: string;
        'filtre.prenom'?: string;
        'filtre.role'?: string;
        'filtre.sigleDirection'?: string;
        'filtre.telephone'?: string;
        'filtre.userName'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        id?: number;
        idDirection?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : id, userName, nom, prenom, email, telephone, role, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
        username?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email?: string | null;
            id?: number | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            nom?: string | null;
            prenom?: string | null;
            role?: string | null;
            sigleDirection?: string | null;
            telephone?: string | null;
            userName?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string & string;
          idDirection?: number | null;
          nom: string & string;
          password: string;
          prenom: string & string;
          /** @enum {string} */
          role:
            | 'ROLE_HEBERGEMENT_ADMIN'
            | 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU'
            | 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR'
            | 'ROLE_HEBERGEMENT_ETUDIANT'
            | 'ROLE_HEBERGEMENT_AGENT_CITE';
          telephone?: string | null;
          userName: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email?: string | null;
            id?: number | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            nom?: string | null;
            prenom?: string | null;
            role?: string | null;
            sigleDirection?: string | null;
            telephone?: string | null;
            userName?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getUsersById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email?: string | null;
            id?: number | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            nom?: string | null;
            prenom?: string | null;
            role?: string | null;
            sigleDirection?: string | null;
            telephone?: string | null;
            userName?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putUsersById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string & string;
          idDirection?: number | null;
          nom: string & string;
          password?: string | null;
          prenom: string & string;
          /** @enum {string} */
          role:
            | 'ROLE_HEBERGEMENT_ADMIN'
            | 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU'
            | 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR'
            | 'ROLE_HEBERGEMENT_ETUDIANT'
            | 'ROLE_HEBERGEMENT_AGENT_CITE';
          telephone?: string | null;
          userName: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email?: string | null;
            id?: number | null;
            idDirection?: number | null;
            libelleDirection?: string | null;
            nom?: string | null;
            prenom?: string | null;
            role?: string | null;
            sigleDirection?: string | null;
            telephone?: string | null;
            userName?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchUsersById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putUsersByIdReset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postUssdSimulateur: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          phoneNumber: string;
          sessionId: string;
          text?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codeService: string;
            reponse: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getVille: {
    parameters: {
      query?: {
        'filtre.idDirection'?: string;
        'filtre.idVille'?: string;
        'filtre.libelleDirection'?: string;
        'filtre.nomVille'?: string;
        'filtre.sigleDirection'?: string;
        /** @description Sans valeur : la page en JSON ; sinon le fichier de toutes les lignes choisies. */
        format?: 'csv' | 'xlsx';
        idDirection?: number;
        idVille?: number;
        /** @description Numéro de page, à partir de 0. */
        page?: number;
        /** @description Recherche (contient, sans tenir compte de la casse ni des accents). */
        q?: string;
        /** @description Taille de la page, de 1 à 200. */
        size?: number;
        /** @description Tri : « colonne,asc » ou « colonne,desc », séparés par « ; ». Colonnes : idVille, nomVille, idDirection, libelleDirection, sigleDirection. */
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          }[];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'text/csv': string;
        };
      };
      /** @description Inchangée depuis l’étiquette envoyée (If-None-Match) : sans corps. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': null;
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  postVille: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idDirection: number;
          nomVille: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getVilleById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  putVilleById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          idDirection: number;
          nomVille: string & string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            idDirection?: number | null;
            idVille?: number | null;
            libelleDirection?: string | null;
            nomVille?: string | null;
            sigleDirection?: string | null;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  patchVilleById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Les données envoyées sont invalides. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous devez vous connecter pour accéder à cette ressource. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Vous n’êtes pas autorisé à effectuer cette opération. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description L’élément demandé est introuvable. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Cette opération n’est pas possible dans l’état actuel des données. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le fichier ou la requête est trop volumineux. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le type de contenu de la requête n’est pas accepté. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Le service est momentanément indisponible, réessayez plus tard. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
}
