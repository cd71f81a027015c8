/**
 * The one French message catalogue, shared by the server (error bodies, mails) and the client
 * (toasts, labels, screens). Texts come from the two specifications' error catalogues with their
 * spelling corrected (CONTRACT §2). Never write a French sentence elsewhere: add it here.
 */
export const messages = {
  // --- generic outcomes ---
  operationReussie: 'Opération réussie !',
  echecOperation: "Échec de l'opération !",
  champObligatoire: 'Ce champ est obligatoire.',
  confirmerTitre: 'Confirmez',
  confirmerSuppression: 'Êtes-vous sûr de supprimer cet élément ?',
  oui: 'OUI',
  non: 'NON',
  quitter: 'Quitter',
  enregistrer: 'Enregistrer',
  ajouter: 'Ajouter',
  rafraichir: 'Rafraîchir',
  rechercheGlobale: 'Recherche globale...',
  exporter: 'Exporter',
  modifier: 'Modifier',
  supprimer: 'Supprimer',
  aucunResultat: 'Aucun résultat.',
  chargement: 'Chargement…',
  problemeConnexion: 'Problème de connexion, reconnectez-vous !',
  echecEnvoiDonnees: "Échec d'envoi des données !",

  // --- error codes (CONTRACT §2) ---
  erreurValidation: 'Les données envoyées sont invalides.',
  erreurNonAuthentifie: 'Vous devez vous connecter pour accéder à cette ressource.',
  erreurSessionExpiree: 'Votre session a expiré, reconnectez-vous.',
  erreurInterdit: "Vous n'êtes pas autorisé à effectuer cette opération.",
  erreurInterditDirection: "Vous n'êtes pas autorisé à accéder aux données d'une autre direction.",
  erreurIntrouvable: "L'élément demandé est introuvable.",
  erreurRouteIntrouvable: "La ressource demandée n'existe pas.",
  erreurDoublon: 'Cette valeur existe déjà.',
  erreurReferenceUtilisee: 'Suppression impossible : cet élément est utilisé par d’autres données.',
  erreurSessionFermee: "La session ne permet pas cette opération pour l'instant.",
  erreurFichierTropGrand: 'Le fichier ou la requête est trop volumineux.',
  erreurTypeFichier: "Le type du fichier n'est pas accepté.",
  erreurTropDeTentatives: 'Trop de tentatives, réessayez plus tard.',
  erreurInterne: 'Une erreur inattendue est survenue, réessayez plus tard.',
  erreurServiceIndisponible: 'Le service est momentanément indisponible, réessayez plus tard.',
  erreurJsonInvalide: "Le corps de la requête n'est pas un JSON valide.",
  erreurTypeContenu: "Le type de contenu de la requête n'est pas accepté.",

  // --- field rules ---
  valeurEntiere: 'Saisissez un nombre entier.',
  valeurPositive: 'La valeur doit être positive ou nulle.',
  valeurStrictementPositive: 'La valeur doit être supérieure à zéro.',
  valeurTropLongue: 'Le texte est trop long.',
  valeurInvalide: 'La valeur saisie est invalide.',
  dateInvalide: 'Saisissez une date au format AAAA-MM-JJ.',
  emailInvalide: 'Saisissez une adresse e-mail valide.',
  choixInvalide: "La valeur choisie n'est pas proposée.",
  referenceInexistante: "L'élément choisi n'existe pas ou a été supprimé.",
  motDePasseCourt: 'Le mot de passe doit contenir au moins 8 caractères.',
  motsDePasseDifferents: 'Les deux mots de passe ne correspondent pas.',
  triInvalide: "Ce tri n'est pas autorisé.",
  roleEtudiantInterdit: 'Les comptes étudiants se créent uniquement par l’inscription.',

  // --- sign-in (workflow §8) ---
  connexionReussie: 'Connexion réussie !',
  erreurConnexion: 'Erreur de connexion réessayer',
  identifiantsInvalides: 'Identifiant ou mot de passe incorrect.',
  compteVerrouille: 'Trop de tentatives de connexion pour ce compte, réessayez dans quelques minutes.',
  copierMotDePasse: 'Copiez-collez le mot de passe reçu par e-mail.',
  seConnecter: 'Se connecter',
  deconnexion: 'Déconnexion',

  // --- registration (workflow §8) ---
  inscriptionReussie: 'Consultez votre e-mail pour récupérer le mot de passe, inscription effectuée !',
  donneesComplementaires: 'Renseigner les données complémentaires !',
  compteExistant: 'Un compte existe déjà avec le même INE !',
  ineInvalide: 'Votre INE est invalide, réessayez !',
  tropDeTentativesIne: 'Trop de tentatives pour cet INE, réessayez dans quelques minutes.',
  connexionImpossible: 'Connexion impossible, réessayez !',
  compteInexistant: 'Compte inexistant',

  // --- passwords ---
  motDePasseModifie: 'Votre mot de passe a été modifié.',
  motDePasseReinitialise: 'Le mot de passe a été réinitialisé et envoyé par e-mail.',
  ancienMotDePasseIncorrect: 'Le mot de passe actuel est incorrect.',

  // --- deposit (workflow §8) ---
  depotEffectue: 'Dépôt de dossier effectué !',
  champsObligatoires: 'Renseigner les champs obligatoires !',
  dossierExistant: "Vous disposez déjà d'un dossier !",
  villeSansCite:
    "Vous n'êtes pas autorisé à faire un dépôt car votre ville d'orientation ne dispose pas de cités universitaires pour le moment !",
  sessionDepotFermee: 'La session de dépôt est fermée !',
  fichiersPdfSeulement: 'Veuillez ne renseigner que des fichiers PDF !',
  fichierTropGrand: 'Veuillez renseigner des fichiers d’une taille inférieure ou égale à 3 Mo (3 000 Ko) !',
  joindreFichiers: 'Veuillez joindre des fichiers aux critères justifiables !',
  fichierPdfAttendu: 'Vous devez renseigner un fichier PDF.',
  fichierTaille: 'La taille du fichier ne doit pas dépasser 3 Mo.',
  suppressionDossierImpossible:
    "Vous ne pouvez pas supprimer votre dossier, la session d'inscription est close !",

  // --- analysis, deliberation, lists (workflow §8) ---
  analyseEffectuee: 'Analyse de dossier effectuée !',
  analyserTousCriteres: 'Veuillez analyser tous les critères !',
  analyseEchouee: "L'analyse a échoué !",
  echecChargement: 'Échec du chargement !',
  chargementReussi: 'Chargement réussi !',
  exportReussi: 'Export réussi !',
  sessionAnalyseClose: "Session d'analyse close",
  sessionDeliberationClose: 'Session de délibération close',
  sessionInscriptionClose: "Session d'inscription close",
  deliberationReservee: 'La délibération est réservée aux Directions régionales !',

  // --- sessions and quotas ---
  sessionDejaOuverte: 'Cette direction a déjà une session ouverte ou suspendue.',
  phaseRetour: 'La phase d’une session ne peut qu’avancer : inscription, analyse puis délibération.',
  quotaSessionDeliberation: 'Un quota ne se fixe que sur une session ouverte en phase de délibération.',
  quotaCritereSansListe: 'Un quota ne se fixe que sur un critère rattaché à une liste de délibération.',
  sessionFermeeDefinitivement: 'Une session fermée ne peut plus être rouverte.',
  sessionDirectionFigee: 'Cette session est déjà utilisée : sa direction ne peut plus changer.',
  dateFermetureAvantOuverture: 'La date de fermeture doit suivre la date d’ouverture.',

  // --- housing stock ---
  categorieAutreCite: 'Cette catégorie de chambre appartient à une autre cité.',
  categorieCiteFigee: 'Cette catégorie est déjà utilisée par des chambres : sa cité ne peut plus changer.',

  // --- registry import ---
  importReussi: 'Import réussi.',
  fichierCsvAttendu: 'Veuillez choisir un fichier CSV.',
  csvVide: 'Le fichier est vide ou ne contient pas de ligne de données.',
  csvEntete: "L'en-tête du fichier ne correspond pas au modèle.",
  villeInconnue: "Cette ville d'orientation n'existe pas.",
  ineFormat: "L'INE doit contenir de 6 à 20 lettres ou chiffres.",
  ineEnDouble: 'Cet INE figure plusieurs fois dans le fichier.',
  importRejete: "Le fichier contient des erreurs : aucune ligne n'a été importée.",
  csvEnteteManquante: "Cette colonne manque dans l'en-tête du fichier.",
  csvEnteteInconnue: "Cette colonne est inconnue ou en double dans l'en-tête du fichier.",
  csvColonnesEnTrop: "Cette ligne a plus de colonnes que l'en-tête.",
  csvGuillemets: "Un guillemet ouvert n'est jamais refermé.",
  fichierNonCsv:
    "Le fichier n'est pas un fichier CSV lisible (texte séparé par des points-virgules ou des virgules).",
  fichierBase64Invalide: 'Le contenu du fichier est mal encodé (base64 attendu).',
  sexeInvalide: 'Le sexe doit valoir M ou F.',
  typePaysInvalide: 'Le type de pays doit valoir NATIONAL ou ETRANGER.',
  dateNaissanceInvalide: 'Saisissez une date de naissance réelle au format JJ/MM/AAAA ou AAAA-MM-JJ.',
  telephoneInvalide: 'Saisissez un numéro de téléphone valide.',
  anneeInvalide: 'Saisissez une année valide (AAAA).',
  anneeAcademiqueInvalide: "L'année académique doit être de la forme 2025-2026.",
  moyenneInvalide: 'La moyenne doit être un nombre entre 0 et 20.',
  caseACocher: 'Cette case doit être cochée.',

  // --- web client: shell and navigation ---
  appTitre: 'CENOU — Hébergement universitaire',
  appSigle: 'CENOU',
  appSousTitre: 'Hébergement universitaire',
  piedDePage: 'Centre national des œuvres universitaires (CENOU) — Burkina Faso',
  menuAccueil: 'Accueil',
  menuFaq: 'FAQ',
  menuConnexion: 'Connexion',
  menuReglages: 'Réglages',
  menuProfil: 'Profil',
  menuPrincipal: 'Menu principal',
  ouvrirMenu: 'Ouvrir le menu',
  fermerMenu: 'Fermer le menu',
  filAriane: "Fil d'Ariane",
  changerMotDePasse: 'Changer le mot de passe',
  accesRefuseTitre: 'Accès refusé',
  accesRefuseTexte: "Votre compte ne permet pas d'ouvrir cette page.",
  pageIntrouvableTitre: 'Page introuvable',
  pageIntrouvableTexte: "La page demandée n'existe pas ou a été déplacée.",
  retourAccueil: "Retour à l'accueil",
  erreurReseau: 'Impossible de joindre le serveur, vérifiez votre connexion internet.',
  erreurChargementPage: "La page n'a pas pu être chargée. Vérifiez votre connexion internet puis réessayez.",
  reessayer: 'Réessayer',
  fermer: 'Fermer',

  // --- web client: sign-in and own password ---
  connexionTitre: 'Connexion',
  connexionIntro: 'Étudiants : connectez-vous avec votre INE. Personnel du CENOU : avec votre identifiant.',
  champIdentifiant: 'INE ou identifiant',
  champMotDePasse: 'Mot de passe',
  champAncienMotDePasse: 'Mot de passe actuel',
  champNouveauMotDePasse: 'Nouveau mot de passe',
  champConfirmationMotDePasse: 'Confirmation du nouveau mot de passe',
  motDePasseRegle: 'Au moins 8 caractères.',
  afficherMotDePasse: 'Afficher le mot de passe',
  masquerMotDePasse: 'Masquer le mot de passe',

  // --- web client: settings screens ---
  reglagesIntro:
    'Choisissez un écran pour gérer les données de référence, le parc de logements et les comptes du personnel.',
  menuReglagesSection: 'Écrans des réglages',
  groupeCite: 'Paramètres cité',
  groupeCritere: 'Paramètres critère',
  groupePaiement: 'Paramètres paiement',
  groupeAutres: 'Autres paramètres',
  groupeAdministration: 'Administration',
  exportMenu: 'Export des données',
  exportTitre: 'Liste des données des cités',
  colonneActions: 'Actions',
  rapportPagination: '{first} à {last} sur {totalRecords}',
  utilisateursTrouves: '{n} utilisateur(s) trouvé(s)',
  rechercheUtilisateur: 'Rechercher par INE ou identifiant',
  rechercher: 'Rechercher',
  reinitialiserMotDePasse: 'Réinitialiser le mot de passe',
  confirmerReinitialisation:
    'Réinitialiser le mot de passe de {nom} ? Un nouveau mot de passe lui sera envoyé par e-mail.',
  filtrerColonne: 'Filtrer : {colonne}',
  tous: 'Tous',
  choisir: 'Choisir…',
  choisirDabord: "Choisissez d'abord : {champ}",
  vrai: 'Oui',
  faux: 'Non',
  obligatoire: 'obligatoire',

  // --- web client: registration (/inscription, workflow §2) ---
  sInscrire: "S'inscrire",
  inscriptionTitre: 'Inscription',
  inscriptionIntro:
    "Saisissez votre INE et votre date de naissance tels qu'ils figurent dans le registre transmis par votre université.",
  inscriptionEtape: 'Étape {n} sur 2',
  ineAide: 'Identifiant national de l’étudiant : 6 à 20 lettres ou chiffres, par exemple N01234567890.',
  creationCompte: 'Création de compte',
  creationCompteIntro:
    'Vérifiez votre identité, indiquez l’adresse e-mail où recevoir votre mot de passe et la personne à prévenir en cas de besoin, puis acceptez les quatre engagements.',
  identiteTitre: 'Votre identité',
  identiteAide: 'Ces informations viennent du registre de votre université et ne se modifient pas ici.',
  complementsTitre: 'Données complémentaires',
  engagementsTitre: 'Engagements',
  emailInscriptionAide: 'Votre mot de passe sera envoyé à cette adresse.',
  emailRegistreIndice:
    'Adresse transmise par votre université : {email}. Saisissez-la en entier ou indiquez une autre adresse que vous consultez : votre mot de passe y sera envoyé.',
  personnelBesoinAide: 'Nom et prénom(s) d’un parent ou d’un proche.',
  contactAide: 'Numéro de téléphone de cette personne.',
  engagementStatutReglement: 'Engagement au statut et au règlement intérieur',
  engagementPersonnelCaution: 'Engagement personnel de caution',
  declarationSurHonneur: "Déclaration sur l'honneur",
  luApprouve: 'Lu et approuvé',
  consulterDocument: 'Consulter le document',
  nouvelOnglet: 's’ouvre dans un nouvel onglet',
  creerCompte: 'Créer compte',
  modifierIne: 'Modifier l’INE ou la date de naissance',
  motDePasseEnvoyeA: 'Le mot de passe a été envoyé à {email}.',
  cliquerPourConnecter: 'Cliquer ici pour vous connecter',

  // --- web client: registration documents ---
  documentsTitre: 'Textes à consulter avant l’inscription',
  docStatutReglementTitre: 'Statut et règlement intérieur des cités universitaires',
  docCautionTitre: 'Engagement personnel de caution',
  docDeclarationHonneurTitre: 'Déclaration sur l’honneur',
  imprimer: 'Imprimer',
  autresDocuments: 'Autres textes',

  // --- web client: student registry ---
  registreTitre: 'Registre des étudiants',
  registreDirection: 'Étudiants de votre direction : {direction}',
  importer: 'Importer',
  importTitre: 'Importer le registre des étudiants',
  importAide:
    'Fichier CSV encodé en UTF-8, séparé par des points-virgules ou des virgules, avec la ligne d’en-tête du modèle. Un INE déjà présent est mis à jour. Si une seule ligne contient une erreur, aucune ligne n’est importée.',
  colonnesAttendues: 'Colonnes attendues, dans n’importe quel ordre :',
  telechargerModele: 'Télécharger le modèle',
  champFichierCsv: 'Fichier CSV',
  fichierChoisi: '{nom} ({taille} Ko)',
  validerChargement: 'Valider le chargement',
  importCompte: '{importes} étudiant(s) importé(s), {misAJour} mis à jour.',
  erreursFichier: 'Erreurs du fichier',
  colonneLigne: 'Ligne',
  colonneChamp: 'Champ',
  colonneMessage: 'Message',

  // --- web client: audit log (journal des opérations) ---
  journalTitre: 'Journal des opérations',
  journalIntro:
    'Chaque création, modification et suppression dans les réglages, chaque import du registre et chaque changement de mot de passe, avec son auteur. Les plus récentes en premier.',
  colonneDateHeure: 'Date et heure',
  colonneUtilisateur: 'Utilisateur',
  colonneAction: 'Action',
  colonneRessource: 'Ressource',
  colonneIdentifiant: 'Identifiant',
  colonneDetail: 'Détail',
  exporterCsv: 'Exporter en CSV',
  auditAucuneModification: 'Aucune modification.',
  auditMotDePasseModifie: 'Mot de passe modifié.',
  auditMotDePasseEnvoye: '{compte} : nouveau mot de passe envoyé par e-mail.',
  auditImport: 'Fichier {fichier} : {importes} étudiant(s) importé(s), {misAJour} mis à jour.',
  auditValeurVide: '(vide)',
} as const;

export type MessageKey = keyof typeof messages;

export function msg(key: MessageKey): string {
  return messages[key];
}

/** Actions of the audit log (journal des opérations), with their labels. */
export const auditActionLabels = {
  CREER: 'Création',
  MODIFIER: 'Modification',
  SUPPRIMER: 'Suppression',
  REINITIALISER_MOT_DE_PASSE: 'Réinitialisation du mot de passe',
  CHANGER_MOT_DE_PASSE: 'Changement du mot de passe',
  IMPORTER: 'Import',
} as const;

export type AuditAction = keyof typeof auditActionLabels;

/** Labels of enumeration values, as shown to people. */
export const enumLabels: Record<string, string> = {
  ...auditActionLabels,
  ROLE_HEBERGEMENT_ADMIN: 'Administrateur',
  ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU: 'Gestionnaire CENOU',
  ROLE_HEBERGEMENT_GESTIONNAIRE_DR: 'Gestionnaire de direction régionale',
  ROLE_HEBERGEMENT_ETUDIANT: 'Étudiant',
  INSCRIPTION: 'Inscription',
  ANALYSE: 'Analyse',
  DELIBERATION: 'Délibération',
  OUVERT: 'Ouverte',
  FERME: 'Fermée',
  SUSPENDU: 'Suspendue',
  OBLIGATOIRE: 'Obligatoire',
  FACULTATIF: 'Facultatif',
  PUPILLES: 'Pupilles de la Nation',
  ETRANGERS: 'Étrangers',
  NATIONAUX: 'Nationaux',
  M: 'Masculin',
  F: 'Féminin',
  MIXTE: 'Mixte',
  NATIONAL: 'National',
  ETRANGER: 'Étranger',
  VALIDE: 'Valide',
  INVALIDE: 'Invalide',
  INJUSTIFIE: 'Injustifié',
  DEPOSE: 'Déposé',
  ADMIS: 'Admis',
  LISTE_ATTENTE: "Liste d'attente",
  NON_ADMIS: 'Non admis',
  NOUVEAU: 'Nouveau',
  RENOUVELLEMENT: 'Renouvellement',
};

export function enumLabel(value: string | null | undefined): string {
  if (value == null) return '';
  return enumLabels[value] ?? value;
}
