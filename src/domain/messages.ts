/**
 * The one French message catalogue, shared by the server (error bodies, exports, the console) and
 * the client (toasts, labels, screens). Texts keep the wording of the original service's messages,
 * with their spelling corrected.
 *
 * The rule (docs/messages.md): every French text a person reads is written here, and nowhere else,
 * but for these, each for a reason:
 * - long-form content, in content modules loaded only with what shows it, since this catalogue is
 *   in the web client's entry bundle and every page pays for it: `src/web/features/home/content.ts`
 *   (home page), `src/web/features/home/faq-content.ts` (FAQ),
 *   `src/web/features/documents/content.ts` (the registration documents), each loaded with its lazy
 *   page; `src/server/mail/templates.ts` (mail bodies, server only);
 * - field labels and resource titles, declared with the resources they name:
 *   `src/domain/resources/labels.ts`, the titles of `src/domain/resources/screens.ts` and the labels
 *   of `src/domain/resources/definitions.ts`;
 * - data, not interface: the demo data with its loader's checks and report (`src/server/seed/`),
 *   the directions and towns (`src/domain/villes.ts`), the CSV templates' example rows
 *   (`*_TEMPLATE_EXAMPLE`);
 * - the API's documentation for developers, beside the routes it documents (a route schema's
 *   `summary` and `description`).
 * tests/unit/french-texts.test.ts enforces it. A text with a value in it takes a `{name}`
 * placeholder (`fill`); a text that states a rule's value (a size, a length) is built from that
 * value in `limits.ts` when this module loads, never written again by hand.
 */
import {
  GRADE_SCALE,
  INE_MAX_LENGTH,
  PART_FEMMES_DEFAULT,
  INE_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  PDF_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_ELEMENT,
  INVENTORY_HOURS,
  RESET_CODE_LENGTH,
  RESET_CODE_MINUTES,
} from './limits.ts';
import { frenchFileSize, frenchNumber } from './format.ts';
import { STATISTICS_MAX_YEARS, STATISTICS_YEAR_MAX, STATISTICS_YEAR_MIN } from './statistics.ts';

/**
 * A limit restated in Ko beside its size (« 3 Mo (3 000 Ko) », as the agency words the PDF limit):
 * 3_000_000 → '3 000 Ko'. Every size shown is written by `frenchFileSize` (src/domain/format.ts).
 */
export const limitKo = (bytes: number): string => `${frenchNumber(bytes / 1000, 1)}\u00a0Ko`;
const PDF_MAX = frenchFileSize(PDF_MAX_BYTES);
const PDF_MAX_KO = limitKo(PDF_MAX_BYTES);

export const messages = {
  // --- the resumable uploads' headers, as the API description states them ---
  descriptionUploadLength: `La taille du fichier en octets, à partir de 1 (plus de ${PDF_MAX_BYTES}\u00a0: 413).`,
  descriptionUploadOffset: 'La position du premier octet envoyé\u00a0: celle que donne HEAD.',
  // --- generic outcomes ---
  operationReussie: 'Opération réussie\u00a0!',
  echecOperation: 'Échec de l’opération\u00a0!',
  champObligatoire: 'Ce champ est obligatoire.',
  confirmerTitre: 'Confirmez',
  confirmerSuppression: 'Êtes-vous sûr de supprimer cet élément\u00a0?',
  confirmerSuppressionDossier:
    'Supprimer le dossier {reference}\u00a0? Votre demande de logement est retirée et ses justificatifs effacés. Tant que la session de dépôt est ouverte, vous pouvez en déposer un nouveau.',
  supprimerLeDossier: 'Supprimer le dossier',
  garderLeDossier: 'Garder mon dossier',
  oui: 'OUI',
  non: 'NON',
  quitter: 'Quitter',
  enregistrer: 'Enregistrer',
  ajouter: 'Ajouter',
  rafraichir: 'Rafraîchir',
  rechercheGlobale: 'Recherche globale…',
  exporter: 'Exporter',
  modifier: 'Modifier',
  supprimer: 'Supprimer',
  aucunResultat: 'Aucun résultat.',
  chargement: 'Chargement…',
  problemeConnexion: 'Problème de connexion, reconnectez-vous\u00a0!',
  echecEnvoiDonnees: 'Échec d’envoi des données\u00a0!',

  // --- error codes (docs/api.md) ---
  erreurValidation: 'Les données envoyées sont invalides.',
  erreurNonAuthentifie: 'Vous devez vous connecter pour accéder à cette ressource.',
  erreurSessionExpiree: 'Votre session a expiré, reconnectez-vous.',
  erreurInterdit: 'Vous n’êtes pas autorisé à effectuer cette opération.',
  erreurInterditDirection: 'Vous n’êtes pas autorisé à accéder aux données d’une autre direction.',
  erreurInterditCite: 'Vous n’êtes pas autorisé à accéder aux données d’une autre cité.',
  erreurIntrouvable: 'L’élément demandé est introuvable.',
  erreurDossierIntrouvable: 'Dossier introuvable.',
  erreurRouteIntrouvable: 'La ressource demandée n’existe pas.',
  erreurMethodeNonAutorisee: 'Cette ressource n’accepte pas cette méthode.',
  erreurDoublon: 'Cette valeur existe déjà.',
  erreurReferenceUtilisee: 'Suppression impossible\u00a0: cet élément est utilisé par d’autres données.',
  erreurSessionFermee: 'La session ne permet pas cette opération pour l’instant.',
  erreurFichierTropGrand: 'Le fichier ou la requête est trop volumineux.',
  erreurTypeFichier: 'Le type du fichier n’est pas accepté.',
  erreurTropDeTentatives: 'Trop de tentatives, réessayez plus tard.',
  erreurInterne: 'Une erreur inattendue est survenue, réessayez plus tard.',
  erreurServiceIndisponible: 'Le service est momentanément indisponible, réessayez plus tard.',
  erreurJsonInvalide: 'Le corps de la requête n’est pas un JSON valide.',
  erreurTypeContenu: 'Le type de contenu de la requête n’est pas accepté.',
  erreurVersionProtocole: 'La version du protocole demandée n’est pas prise en charge.',

  // --- field rules ---
  valeurEntiere: 'Saisissez un nombre entier.',
  valeurPositive: 'La valeur doit être positive ou nulle.',
  valeurStrictementPositive: 'La valeur doit être supérieure à zéro.',
  valeurTropGrande: 'La valeur doit être au plus {max}.',
  valeurTropLongue: 'Le texte est trop long.',
  valeurInvalide: 'La valeur saisie est invalide.',
  parametreInconnu: 'Ce paramètre n’est pas accepté par cet appel.',
  dateInvalide: 'Saisissez une date au format AAAA-MM-JJ.',
  emailInvalide: 'Saisissez une adresse e-mail valide.',
  choixInvalide: 'La valeur choisie n’est pas proposée.',
  statistiquesAnneeHorsBornes: `Choisissez une année entre ${STATISTICS_YEAR_MIN} et ${STATISTICS_YEAR_MAX}.`,
  statistiquesAnneeFinAvant: 'L’année de fin doit être la même que l’année de début ou une année suivante.',
  statistiquesTropDAnnees: `Choisissez au plus ${STATISTICS_MAX_YEARS} années académiques à la fois.`,
  referenceInexistante: 'L’élément choisi n’existe pas ou a été supprimé.',
  motDePasseCourt: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  motsDePasseDifferents: 'Les deux mots de passe ne correspondent pas.',
  triInvalide: 'Ce tri n’est pas autorisé.',
  roleEtudiantInterdit: 'Les comptes étudiants se créent uniquement par l’inscription.',
  directionSansObjet:
    'Un administrateur ou un gestionnaire du CENOU n’est rattaché à aucune direction. Laissez ce champ vide.',
  /** The header's label of an account that belongs to no direction (admin, central manager). */
  toutesLesDirections: 'Toutes les directions',

  // --- sign-in ---
  connexionReussie: 'Connexion réussie\u00a0!',
  erreurConnexion:
    'Connexion impossible\u00a0: vérifiez votre identifiant et votre mot de passe, puis réessayez.',
  identifiantsInvalides: 'Identifiant ou mot de passe incorrect.',
  compteVerrouille: 'Trop de tentatives de connexion pour ce compte, réessayez dans quelques minutes.',
  consoleProcurationDemo:
    'Procuration de démonstration\u00a0: un aidant peut préparer le dépôt de l’étudiant {ine} sur /aide avec le code {code} (24\u00a0heures, une seule session)\u00a0; le code {revoque}, qu’il a révoqué, y est refusé.',
  consoleProcurationPaiementDemo:
    'Procuration de démonstration utilisée\u00a0: un aidant a payé {montant} du loyer de l’étudiant {ine} par mobile money depuis un cybercafé (procuration n°\u00a0{id}, paiement {reference}).',
  demoPaiementParProcuration:
    'Étudiant logé cette année dont un aidant a payé une échéance de {montant} par procuration, depuis un cybercafé (Procurations, Mon loyer)',
  procurationCodeInvalide: 'INE ou code de procuration incorrect, déjà utilisé, révoqué ou expiré.',
  procurationTropDEssais: 'Trop de codes erronés pour cet INE, réessayez dans une heure.',
  procurationSessionFinie: 'Cette session d’aide a pris fin (procuration révoquée ou expirée).',
  procurationHorsTache: 'Cette action ne fait pas partie de la procuration donnée par l’étudiant.',
  procurationTropActives: 'Vous avez déjà {max} procurations actives\u00a0: révoquez-en une d’abord.',
  procurationRienAPayer:
    'Vous n’avez aucun loyer à payer en ce moment\u00a0: une procuration «\u00a0Payer mon loyer\u00a0» ne servirait à rien.',
  procurationRevoquee: 'La procuration est révoquée\u00a0: son code ne vaut plus.',
  auteurAidant: '{nom}, aidant par procuration n°\u00a0{id}',
  brouillonAbsent: 'Aucun brouillon de dossier n’a été enregistré pour vous.',
  brouillonEnregistre: 'Le brouillon est enregistré. Seul l’étudiant peut maintenant déposer le dossier.',
  brouillonTeleversement: 'Dans un brouillon, chaque justificatif est envoyé par téléversement.',
  copierMotDePasse: 'Copiez-collez le mot de passe reçu par e-mail.',
  seConnecter: 'Se connecter',
  deconnexion: 'Déconnexion',

  // --- registration ---
  inscriptionReussie: 'Consultez votre e-mail pour récupérer le mot de passe, inscription effectuée\u00a0!',
  donneesComplementaires: 'Renseigner les données complémentaires\u00a0!',
  compteExistant: 'Un compte existe déjà avec le même INE\u00a0!',
  compteExistantConnexion: 'Se connecter avec cet INE',
  ineInvalide:
    'L’INE et la date de naissance saisis ne correspondent à aucun étudiant du registre\u00a0: vérifiez-les, puis réessayez.',
  tropDeTentativesIne: 'Trop de tentatives pour cet INE, réessayez dans quelques minutes.',
  connexionImpossible: 'Connexion impossible, réessayez\u00a0!',
  compteInexistant: 'Compte inexistant',

  // --- passwords ---
  motDePasseModifie: 'Votre mot de passe a été modifié.',
  motDePasseReinitialise: 'Le mot de passe a été réinitialisé et envoyé par e-mail.',
  ancienMotDePasseIncorrect: 'Le mot de passe actuel est incorrect.',

  // --- forgotten password (docs/accounts.md#forgotten-password) ---
  motDePasseOublieLien: 'Mot de passe oublié\u00a0?',
  motDePasseOublieTitre: 'Mot de passe oublié',
  motDePasseOublieIntro: `Saisissez votre INE (étudiants) ou votre identifiant (personnel du CENOU)\u00a0: un code de ${RESET_CODE_LENGTH} chiffres vous sera envoyé par e-mail et, aux étudiants, aussi par SMS.`,
  recevoirCode: 'Recevoir un code',
  codeEnvoye: `Si ce compte existe, un code de ${RESET_CODE_LENGTH} chiffres vient d’être envoyé par e-mail et, pour un étudiant, par SMS. Il est valable ${RESET_CODE_MINUTES} minutes.`,
  codeEtapeIntro: 'Saisissez le code reçu et choisissez votre nouveau mot de passe.',
  champCode: 'Code reçu',
  codeAide: `${RESET_CODE_LENGTH} chiffres, reçus par e-mail ou par SMS.`,
  codeFormat: `Le code est fait de ${RESET_CODE_LENGTH} chiffres.`,
  codeInvalide: 'Ce code est invalide ou a expiré. Vérifiez-le, ou demandez un nouveau code.',
  tropDeDemandesCode: 'Trop de demandes pour ce compte, réessayez dans quelques minutes.',
  motDePasseOublieReussi: 'Votre mot de passe a été changé\u00a0: connectez-vous avec le nouveau.',
  changerLeMotDePasse: 'Changer le mot de passe',
  demanderNouveauCode: 'Demander un nouveau code',
  dejaUnCode: 'J’ai déjà reçu un code',
  retourConnexion: 'Retour à la connexion',

  // --- the student's phone (docs/accounts.md#the-students-phone, decision 030) ---
  telephoneTitre: 'Mon téléphone',
  codeTelephoneEnvoye: `Un code de ${RESET_CODE_LENGTH} chiffres vient d’être envoyé par SMS au {telephone}. Il est valable ${RESET_CODE_MINUTES} minutes.`,
  telephoneVerifieMessage:
    'Le numéro {telephone} est vérifié\u00a0: les SMS du CENOU y sont désormais envoyés.',
  telephoneNonValide: 'Ce numéro n’est pas valide. Exemple\u00a0: 70 12 34 56.',
  telephoneDejaPris: 'Ce numéro est déjà vérifié pour un autre compte.',
  telephoneDejaVerifie: 'Ce numéro est déjà votre numéro vérifié.',
  telephoneCompteDejaPris: 'Ce numéro est déjà celui d’un autre compte\u00a0: chaque compte a le sien.',
  telephoneEtudiantParLuiMeme:
    'Le numéro d’un étudiant est celui qu’il vérifie lui-même depuis son compte («\u00a0Mon téléphone\u00a0»).',
  telephoneRetire: 'Les SMS seront de nouveau envoyés au numéro du registre des étudiants.',

  // --- messages sent to a student (docs/messages.md#sms): the staff's view ---
  messagesEnvoyesTitre: 'Messages envoyés à l’étudiant',
  messagesEnvoyesVide: 'Aucun message envoyé à cet étudiant pour l’instant.',
  colonneCanal: 'Canal',
  colonneEtatMessage: 'État',
  colonneDateMessage: 'Date',
  colonneDestinataire: 'Destinataire',
  messageDestinataire: 'Destinataire\u00a0: {destinataire}',
  colonneTotal: 'Total',
  messageErreur: 'Erreur\u00a0: {erreur}',
  compteursMessagesTitre: 'Messages de la session (e-mails et SMS)',

  // --- deposit ---
  depotEffectue: 'Dépôt de dossier effectué\u00a0!',
  champsObligatoires: 'Renseigner les champs obligatoires\u00a0!',
  dossierExistant: 'Vous disposez déjà d’un dossier\u00a0!',
  dureeMaximaleAtteinte: 'Vous avez atteint la durée maximale d’hébergement.',
  demandeReadmission:
    'Demande de réadmission (vous étiez hébergé l’année universitaire précédente dans cette direction)',
  colonneAdmisReadmissions: 'Réadmissions',
  listeCourteReadmissions: 'Réadmissions',
  effectifsCourts: '{femmes}\u00a0F, {hommes}\u00a0H',
  dureeMaximaleHandicap:
    'Vous avez été hébergé {annees} années universitaires\u00a0: un nouveau dépôt n’est possible qu’avec un critère de handicap, que la commission devra juger valide.',
  renouvellementImpossible:
    'Le renouvellement est réservé aux étudiants hébergés l’année universitaire précédente dans cette direction.',
  anneesHebergementComptees:
    'Années d’hébergement déjà comptées\u00a0: {annees} (au plus {max}, {maxHandicap} avec un handicap reconnu).',
  colonneAnneesHebergement: 'Années d’hébergement antérieures',
  anneesHebergementValeur: '{annees} (au plus {max}, {maxHandicap} avec un handicap reconnu)',
  villeSansCite:
    'Vous n’êtes pas autorisé à faire un dépôt car votre ville d’orientation ne dispose pas de cités universitaires pour le moment\u00a0!',
  sessionDepotFermee: 'La session de dépôt est fermée\u00a0!',
  fichiersPdfSeulement: 'Veuillez ne renseigner que des fichiers PDF\u00a0!',
  fichierTropGrand: `Veuillez renseigner des fichiers d’une taille inférieure ou égale à ${PDF_MAX} (${PDF_MAX_KO})\u00a0!`,
  joindreFichiers: 'Veuillez joindre des fichiers aux critères justifiables\u00a0!',
  fichierPdfAttendu: 'Joignez le justificatif\u00a0: un fichier PDF, ou des photos.',
  fichierPdfOuPhoto: 'Choisissez un fichier PDF, ou une photo JPEG ou PNG (elle devient un PDF).',
  fichierTaille: `La taille du fichier ne doit pas dépasser ${PDF_MAX}.`,
  suppressionDossierImpossible:
    'Vous ne pouvez pas supprimer votre dossier, la session d’inscription est close\u00a0!',
  critereHorsType: 'Ce critère n’appartient pas à ce type de critère.',
  typeCritereInconnu: 'Ce type de critère n’existe pas ou n’a aucun critère proposé.',
  typeCritereEnDouble: 'Ce type de critère figure plusieurs fois dans le dossier.',
  fichierSansCritere: 'Ce fichier ne correspond à aucun critère du dossier.',
  fichierEnDouble: 'Un seul fichier est accepté par type de critère.',
  justificatifIntrouvable: 'Ce justificatif n’existe pas ou a été remplacé.',

  // --- resumable uploads (tus, docs/decisions/019-resumable-uploads.md) ---
  televersementIntrouvable: 'Ce fichier envoyé est introuvable ou a expiré\u00a0: choisissez-le à nouveau.',
  televersementInacheve: 'L’envoi de ce fichier n’est pas terminé\u00a0: reprenez-le avant de déposer.',
  televersementDejaUtilise: 'Ce fichier envoyé a déjà servi à un dépôt\u00a0: choisissez-le à nouveau.',
  televersementAutreType: 'Ce fichier a été envoyé pour un autre type de critère.',
  televersementDecalage:
    'L’envoi ne reprend pas là où le serveur s’est arrêté\u00a0: reprenez-le depuis la position qu’il indique.',
  televersementDepasse: 'Plus d’octets que la taille annoncée du fichier ont été envoyés.',
  televersementTypeContenu: 'Les octets d’un fichier s’envoient en application/offset+octet-stream.',
  televersementVersion:
    'Cette version du protocole d’envoi (tus) n’est pas prise en charge\u00a0: 1.0.0 attendue.',
  televersementsTropNombreux:
    'Vous avez trop d’envois de fichiers en cours\u00a0: terminez-en ou abandonnez-en avant d’en commencer un autre.',

  // --- analysis, deliberation, lists ---
  analyseEffectuee: 'Analyse de dossier effectuée\u00a0!',
  analyserTousCriteres: 'Veuillez analyser tous les critères\u00a0!',
  analyseEchouee: 'L’analyse a échoué\u00a0!',
  echecChargement: 'Échec du chargement\u00a0!',
  chargementReussi: 'Chargement réussi\u00a0!',
  exportReussi: 'Export réussi\u00a0!',
  sessionAnalyseClose: 'Session d’analyse close',
  sessionDeliberationClose: 'Session de délibération close',
  sessionInscriptionClose: 'Session d’inscription close',
  deliberationReservee: 'La délibération est réservée aux Directions régionales\u00a0!',
  deliberationAutreDirection: 'Cette session n’appartient pas à cette direction.',
  critereListeFigee:
    'Ce critère porte des quotas\u00a0: sa liste de délibération ne peut pas changer. Supprimez d’abord ses quotas.',
  pdfTitreAdmissibles: 'Admissibles {liste} {annee} - {direction}',
  pdfTitreAttente: 'Liste d’attente {annee} - {direction}',
  pdfPage: 'Page {n} / {total}',
  listeAttente: 'Liste d’attente',
  origineDeliberation: 'Délibération',
  origineChargement: 'Chargement',
  feuilleAdmissibles: 'Admissibles',
  feuilleExportDeliberation: 'Délibération',
  analyseCritereEtranger: 'Ce critère n’appartient pas à ce dossier.',
  analyseStatutInterdit: 'Ce dossier ne peut plus être analysé\u00a0: les résultats sont publiés.',
  dossiersTitre: 'Dossiers déposés',
  auditAnalyse: 'Dossier {reference} ({ine})\u00a0: moyenne {moyenne}.',

  // --- sessions and quotas ---
  sessionDejaOuverte: 'Cette direction a déjà une session ouverte ou suspendue.',
  phaseRetour: 'La phase d’une session ne peut qu’avancer\u00a0: inscription, analyse puis délibération.',
  quotaSessionDeliberation: 'Un quota ne se fixe que sur une session ouverte en phase de délibération.',
  quotaCritereSansListe: 'Un quota ne se fixe que sur un critère rattaché à une liste de délibération.',
  sessionFermeeDefinitivement: 'Une session fermée ne peut plus être rouverte.',
  sessionDirectionFigee: 'Cette session est déjà utilisée\u00a0: sa direction ne peut plus changer.',
  dateFermetureAvantOuverture: 'La date de fermeture doit suivre la date d’ouverture.',
  sessionSuspendue: 'La session est suspendue\u00a0: aucune modification n’est possible pour le moment.',

  // --- offers and the waiting list (docs/offers.md) ---
  offreDejaRepondue: 'Cette offre a déjà reçu une réponse ou n’est plus valable.',
  offreExpiree: 'Le délai de réponse à cette offre est dépassé.',
  retraitCommentaireRequis: 'Précisez le motif du retrait dans le commentaire.',
  offreAbsente: 'Ce dossier n’a pas d’offre d’admission en cours.',
  auteurSysteme: 'Traitement automatique',
  publicationFigee:
    'La délibération ne peut plus être publiée à nouveau\u00a0: une offre a déjà reçu une réponse ou un lit a été attribué.',

  // --- housing stock ---
  categorieAutreCite: 'Cette catégorie de chambre appartient à une autre cité.',
  categorieCiteFigee:
    'Cette catégorie est déjà utilisée par des chambres\u00a0: sa cité ne peut plus changer.',
  logementAffecteFige:
    'Des étudiants sont logés dans cet élément\u00a0: il ne peut être ni déplacé ni supprimé tant que leurs affectations ne sont pas annulées ou déplacées.',
  logementCategorieAutreCite:
    'Les chambres de cet élément ont une catégorie de leur cité\u00a0: il ne peut pas passer dans une autre cité.',
  batimentSexeOccupe:
    'Des étudiants de l’autre sexe logent dans ce bâtiment\u00a0: son sexe ne peut pas changer tant qu’ils y sont affectés.',

  // --- assignment (docs/assignment.md) ---
  erreurConflit: 'Cette opération n’est pas possible dans l’état actuel des données.',
  affectationsTitre: 'Affectations',
  affectationsPdfTitre: 'Affectations {annee}',
  affectationCiteAutreDirection: 'Cette cité n’appartient pas à la direction de la session.',
  affectationEtudiantsNonEligibles:
    'Ces étudiants ne sont pas admis ou n’ont pas accepté leur place pour cette session\u00a0: {ines}.',
  affectationEtudiantsDejaLoges: 'Ces étudiants ont déjà un lit pour cette session\u00a0: {ines}.',
  affectationEtudiantDejaLoge: 'Cet étudiant a déjà un lit pour cette session.',
  affectationEtudiantNonEligible:
    'Cet étudiant n’est pas admis ou n’a pas accepté sa place pour cette session.',
  affectationLitsInsuffisants:
    'Pas assez de lits libres adaptés dans cette cité\u00a0: {nombre} {nombre|étudiant resterait|étudiants resteraient} sans lit. Aucune affectation n’a été faite.',
  affectationLitOccupe: 'Ce lit est déjà attribué pour cette session.',
  affectationLitIncompatible:
    'Ce lit ne convient pas\u00a0: son bâtiment ou sa chambre accueille l’autre sexe.',
  affectationAnnuleeMessage: 'L’affectation est annulée et le lit libéré.',
  // --- room choice (docs/room-choice.md) ---
  dateHeureInvalide: 'Saisissez une date et une heure au format ISO 8601, par exemple 2026-09-01T08:00:00Z.',
  choixAffectationPendantCampagne:
    'Les étudiants choisissent leur chambre jusqu’à la fin de la campagne\u00a0: nommez les étudiants à loger, ou attendez la fin de la campagne.',
  choixCampagneExiste:
    'Une campagne de choix des chambres existe déjà pour cette session et cette direction.',
  choixCampagneCommencee: 'La campagne a commencé\u00a0: elle ne peut plus être modifiée ni annulée.',
  choixCampagneAucune: 'Aucune campagne de choix des chambres n’est ouverte pour vous.',
  choixCampagneDates: 'La fin de la campagne doit venir après son début.',
  choixCampagneCreneauxApresFin:
    'Les créneaux ne tiennent pas avant la fin de la campagne\u00a0: reculez la fin, raccourcissez les créneaux ou mettez plus d’étudiants par créneau.',
  choixCampagneDebutPasse: 'Le début de la campagne ne peut pas être dans le passé.',
  choixCampagneAutreDirection: 'Cette session n’appartient pas à cette direction.',
  choixCampagneTerminee: 'La campagne de choix des chambres est terminée.',
  choixCampagneAnnulee: 'La campagne de choix des chambres est annulée.',
  choixPasChoisisseur:
    'Vous ne faites pas partie des étudiants qui choisissent leur chambre dans cette campagne.',
  choixCreneauPasOuvert: 'Votre créneau n’est pas encore ouvert.',
  choixGroupeNonChoisisseurs:
    'Ces étudiants ne choisissent pas leur chambre dans cette campagne\u00a0: {ines}.',
  choixGroupeSexe: 'Les membres d’un groupe doivent être du même sexe\u00a0: {ines}.',
  choixGroupeDejaMembres: 'Ces étudiants font déjà partie d’un groupe\u00a0: {ines}.',
  choixGroupeDejaMembre: 'Vous faites déjà partie d’un groupe.',
  choixGroupeSoiMeme: 'Invitez vos amis par leur INE, pas le vôtre, chacun une seule fois.',
  choixGroupeDejaRepondu: 'Vous avez déjà répondu à cette invitation.',
  choixGroupeReserve:
    'Votre groupe a une réservation en cours\u00a0: il faut l’annuler avant de quitter le groupe.',
  choixGroupeQuitte: 'Vous avez quitté le groupe.',
  choixGroupeReserveRejoindre:
    'Ce groupe a une réservation en cours\u00a0: vous pourrez le rejoindre quand elle sera confirmée ou annulée.',
  choixChambreDejaReservee:
    'Vous réservez déjà cette chambre\u00a0: confirmez-la, ou prolongez la réservation.',
  choixChambreLitsInsuffisants: 'Cette chambre n’a plus assez de lits libres\u00a0: il en faut {nombre}.',
  choixChambreIncompatible:
    'Cette chambre ne vous convient pas\u00a0: son bâtiment ou ses occupants sont de l’autre sexe.',
  choixChambreAutreDirection: 'Cette chambre n’est pas dans une cité de la direction de la campagne.',
  choixReservationExpiree: 'Votre réservation a expiré\u00a0: ses lits sont de nouveau libres.',
  choixProlongationMaximum: 'Cette réservation a déjà été prolongée {max} fois.',
  choixProlongationFin: 'La réservation atteint déjà la fin de la campagne.',
  choixReservationTerminee: 'Cette réservation n’est plus en cours.',
  choixReservationAnnulee: 'La réservation est annulée et ses lits sont libérés.',
  choixGroupeInvitationImpossible:
    'Cette invitation n’est pas possible\u00a0: vérifiez les INE. Chaque ami invité doit choisir sa chambre dans la même campagne que vous, être du même sexe et n’être dans aucun autre groupe.',
  choixInvitationsTrop: 'Trop d’invitations refusées, réessayez dans quelques minutes.',
  // --- room choice, staff's screen ---
  menuChoixChambres: 'Choix des chambres',
  choixStaffIntro:
    'Les étudiants admis qui ont accepté leur place choisissent eux-mêmes leur chambre, par créneaux\u00a0: les étudiants en situation de handicap d’abord, puis les réadmissions, puis chaque liste par rang. Créez la campagne de la session, puis suivez-la en direct.',
  choixAucuneCampagne: 'Aucune campagne de choix des chambres pour cette session.',
  choixCreerCampagne: 'Créer la campagne',
  choixModifierCampagne: 'Modifier la campagne',
  choixAnnulerCampagne: 'Annuler la campagne',
  choixEnregistrerCampagne: 'Enregistrer',
  choixAnnulerCampagneConfirmation:
    'Annuler la campagne de choix des chambres\u00a0? Ses créneaux et ses groupes sont supprimés\u00a0; les étudiants seront logés par l’affectation du CENOU.',
  choixCampagneCreee:
    'La campagne est créée\u00a0: {nombre} étudiants sont prévenus de leur créneau par SMS et par courriel.',
  choixCampagneModifiee:
    'La campagne est modifiée\u00a0: {nombre} étudiants sont prévenus de leur nouveau créneau.',
  choixCampagneCreeeUn:
    'La campagne est créée\u00a0: 1 étudiant est prévenu de son créneau par SMS et par courriel.',
  choixCampagneModifieeUn: 'La campagne est modifiée\u00a0: 1 étudiant est prévenu de son nouveau créneau.',
  choixCampagneSansEtudiant:
    'La campagne est enregistrée, mais aucun étudiant ne peut encore choisir\u00a0: il faut être admis (délibération publiée) et avoir accepté son offre. Ceux qui accepteront recevront un créneau après les autres.',
  choixCampagneResume:
    'Du {debut} au {fin}\u00a0: un créneau de {etudiants} étudiants s’ouvre toutes les {creneau}\u00a0min et reste ouvert jusqu’à la fin de la campagne\u00a0; réservation de {reservation}\u00a0min.',
  choixCampagneModifiable: 'Modifiable ou annulable jusqu’à son début.',
  choixCampagneEnCours: 'La campagne a commencé\u00a0: elle ne peut plus être modifiée ni annulée.',
  champDebutCampagne: 'Début de la campagne',
  champFinCampagne: 'Fin de la campagne',
  champDureeCreneau: 'Durée d’un créneau (minutes)',
  champEtudiantsParCreneau: 'Étudiants par créneau',
  champDureeReservation: 'Durée d’une réservation (minutes)',
  choixDureeReservationAide: 'De 1 à 30 minutes\u00a0; l’étudiant peut la prolonger 10 fois.',
  choixEntierEntre: 'Saisissez un nombre entier de {min} à {max}.',
  choixSuiviTitre: 'Créneaux et suivi en direct',
  choixSuiviAide:
    'La liste se met à jour toute seule toutes les 10 secondes. Chaque ligne dit le créneau de l’étudiant et pourquoi il passe à ce rang.',
  choixOrdreAide:
    'Ordre des créneaux\u00a0: d’abord les étudiants en situation de handicap, puis les listes de la délibération (réadmissions, pupilles de la Nation, étrangers, nationaux) chacune par rang, puis la liste des admissibles téléversée\u00a0; un groupe choisit au créneau du dernier de ses membres dans cet ordre.',
  choixReservationJusqua: 'réservée jusqu’à {heure}',
  choixColOrdre: 'N°',
  choixColCreneau: 'Créneau',
  choixColPriorite: 'Priorité',
  choixColGroupe: 'Groupe',
  choixColEtudiant: 'Étudiant',
  choixColEtat: 'État',
  choixPrioriteListeTeleversee: 'Liste des admissibles téléversée',
  choixRang: '{liste}, rang {rang}',
  choixGroupeDe: 'Groupe de {nom}',
  choixGroupeInvite: 'Invité(e) dans le groupe de {nom} (en attente)',
  choixCreneauGroupe: 'Avec le groupe\u00a0: {creneau}',
  choixPrioriteHandicapRang: 'Handicap — {rang}',
  choixAnnulerReservation: 'Annuler la réservation',
  choixAnnulerReservationConfirmation:
    'Annuler la réservation de {nom} ({ine})\u00a0? Les lits réservés sont aussitôt libres pour les autres étudiants\u00a0; l’étudiant peut réserver de nouveau tant que la campagne dure.',
  choixAnnulerReservationChambre: 'Chambre réservée\u00a0: {chambre}.',
  affectationLitReserve:
    'Ce lit est réservé par un étudiant qui choisit sa chambre\u00a0: choisissez-en un autre.',
  affectationLitsReserves:
    'Des lits de ce plan viennent d’être réservés par des étudiants. Aucune affectation n’a été faite\u00a0: relancez l’affectation.',

  // --- rent (docs/rent.md) ---
  loyerRienARegler: 'Rien à régler\u00a0: cette affectation ne doit plus rien.',
  loyerMontantAuDelaDuSolde: 'Le montant dépasse le reste à payer ({solde}).',
  loyerAucunOperateurEspeces:
    'Aucun opérateur de paiement en espèces n’est actif\u00a0: l’administrateur doit en créer un dans les paramètres de paiement.',
  loyerNumeroRecuPris: 'Ce numéro du carnet de reçus est déjà enregistré.',
  loyerSessionFigee:
    'Des échéances ont déjà été émises pour cette session\u00a0: le nombre de mois de loyer et la première échéance ne peuvent plus changer.',
  loyerJournalEcheance: 'Loyer, échéance {numero} sur {total}',
  loyerJournalDeplacement: 'Changement de catégorie de chambre',
  loyerJournalAnnulation: 'Annulation de l’affectation',
  loyerJournalEspeces: 'Paiement en espèces, n°\u00a0du carnet de reçus {numero}',
  loyerJournalPaiement: 'Paiement par {operateur}',
  loyerJournalRemboursementEspeces: 'Remboursement en espèces, pièce n°\u00a0{numero}',
  loyerJournalRemboursement: 'Remboursement par {operateur}, référence {numero}',
  loyerAucunTropPercu: 'Rien à rembourser\u00a0: cette affectation ne détient aucun trop-perçu.',
  loyerRemboursementAuDelaDuCredit: 'Le montant dépasse le trop-perçu ({credit}).',
  loyerNumeroPiecePris: 'Ce numéro de pièce est déjà enregistré pour un remboursement.',
  loyerRemboursementOperateurInconnu:
    'Choisissez un opérateur actif, ou laissez vide pour un remboursement en espèces au guichet.',
  loyerRemboursementTelephoneRequis: 'Indiquez le numéro de téléphone crédité par l’opérateur.',
  loyerRembourserDe: 'Rembourser le trop-perçu de {nom}',
  loyerRemboursementAide:
    'Trop-perçu à rembourser\u00a0: {credit}. Le remboursement ne peut pas le dépasser. Remettez l’argent au guichet ou envoyez-le par l’opérateur, puis reportez la pièce ou la référence du transfert.',
  loyerRemboursementReussi: 'Remboursement de {montant} enregistré (pièce n°\u00a0{numero}).',
  loyerChampMontantRembourse: 'Montant remboursé (FCFA)',
  loyerChampMoyen: 'Moyen de remboursement',
  loyerMoyenEspeces: 'Espèces au guichet de la cité',
  loyerChampNumeroPiece: 'Numéro de pièce ou référence du transfert',
  loyerChampTelephone: 'Numéro crédité',
  loyerEnregistrerRemboursement: 'Enregistrer le remboursement',
  loyersTitre: 'Loyers et arriérés',
  rapprochementTitre: 'Rapprochement journalier',
  rapprochementPdfTitre: 'Rapprochement journalier des paiements',
  rapprochementIntro:
    'Chaque jour, par opérateur de paiement mobile et par caisse de cité\u00a0: le nombre de paiements reçus et leur somme, tirés du journal, à comparer au relevé de l’opérateur ou au carnet de reçus. Tout ce qui est encaissé y figure, quelle que soit l’année académique et que le paiement règle un loyer ou une dégradation\u00a0: la somme peut donc dépasser le «\u00a0Payé\u00a0» d’une session dans Loyers.',
  rapprochementCaisse: 'Caisse de la cité {cite}',
  rapprochementOperateur: 'Opérateur {operateur}',
  rapprochementColonneMontant: 'Montant net encaissé',
  rapprochementTousComptes: 'Tous les opérateurs et caisses',
  rapprochementFiltreCompte: 'Opérateur ou caisse contenant «\u00a0{texte}\u00a0»',
  rapprochementDu: 'Du',
  rapprochementAu: 'Au',
  rapprochementVoir: 'Rapprochement journalier',
  rapprochementRetour: 'Loyers et arriérés',
  rapprochementTotal: 'Total affiché\u00a0: {nombre} paiements, {montant}',
  loyersPdfTitre: 'Loyers et arriérés {annee}',
  loyerColonneMensuel: 'Loyer mensuel',
  loyerColonneAnnulee: 'Annulée',
  loyerColonneDateDepart: 'Date de départ',
  exportMontantsFcfa: 'Montants en FCFA',
  exportColonneFcfa: '{libelle} (FCFA)',
  exportPeriode: 'Du {du} au {au}',
  exportDepuis: 'Depuis le {du}',
  exportJusqua: 'Jusqu’au {au}',
  exportToutesDates: 'Toutes les dates',
  exportToutesDirections: 'Toutes les directions',
  exportArreteAu: 'Sommes arrêtées au {date}',
  /** A file's heading line when the list was searched: the text typed. */
  exportRecherche: 'Recherche\u00a0: {texte}',
  exportEditeLe: 'Édité le {date}',
  loyersIntro:
    'Pour chaque étudiant logé\u00a0: ce qui est dû à ce jour, ce qui est payé et l’arriéré. Encaissez un paiement en espèces avec le numéro du carnet de reçus.',
  loyersAucun: 'Aucune affectation pour cette session.',
  loyersColonneLogement: 'Cité et lit',
  loyerEncaisser: 'Encaisser',
  loyerEncaisserDe: 'Encaisser un paiement de {nom}',
  loyerEncaissementTitre: 'Paiement en espèces',
  loyerEncaissementAide:
    'Reste à payer\u00a0: {solde}. Reportez le numéro imprimé sur le reçu remis à l’étudiant.',
  loyerEncaissementReussi: 'Paiement de {montant} enregistré (n°\u00a0du carnet de reçus {numero}).',
  loyerAnnulee: 'Affectation annulée',
  /** A departure (docs/life-in-the-cite.md#departure) is no cancellation: the rent's screens say so. */
  loyerDepart: 'Départ le {date}',
  /** Mon loyer after a departure: why an instalment due after the day still shows. */
  monLoyerDepartEcheances:
    'Après votre départ, les échéances jusqu’au mois du départ restent dues (celle de ce mois comprise, même si sa date tombe après le départ)\u00a0; les suivantes sont annulées.',
  menuLoyers: 'Loyers',
  menuStatistiques: 'Statistiques',
  toutesLesCites: 'Toutes les cités',
  loyerChampMontant: 'Montant reçu (FCFA)',
  loyerChampNumeroRecu: 'N° du carnet de reçus',
  /** A payment's receipt number: the reference the public check accepts (never the receipt book's). */
  monLoyerNumeroRecu: 'Numéro du reçu',
  loyerEnregistrer: 'Enregistrer le paiement',
  loyerMontantEntier: 'Saisissez un nombre entier de FCFA, sans espace ni virgule.',
  menuChoixChambre: 'Choisir ma chambre',
  monLoyerTitre: 'Mon loyer',
  monLoyerAucun: 'Aucun loyer à payer\u00a0: aucun lit ne vous est attribué.',
  monLoyerLogement: '{cite}, {chambre}, {lit} — année {annee}',
  monLoyerMensuel: 'Loyer mensuel\u00a0: {montant}',
  monLoyerEcheances: 'Échéances',
  monLoyerEcheancesAvantArriveeUne:
    'Les échéances sont numérotées sur toute l’année universitaire\u00a0: la n°\u00a01, d’avant votre arrivée, ne vous est pas due.',
  monLoyerEcheancesAvantArrivee:
    'Les échéances sont numérotées sur toute l’année universitaire\u00a0: celles d’avant votre arrivée (n°\u00a01 à {dernier}) ne vous sont pas dues.',
  monLoyerPaiements: 'Paiements reçus',
  /** A payment's line on Mon loyer and staff's payments: a helper paid it. */
  monLoyerPayeParAidant: 'payé par un aidant (procuration n°\u00a0{id})',
  monLoyerAucunPaiement: 'Aucun paiement reçu pour l’instant.',
  tropPercuARembourser: 'Trop-perçu à rembourser',
  tropPercuMontant: 'Trop-perçu à rembourser\u00a0: {montant}',
  monLoyerTropPercu:
    'Ces {montant} ne paient aucun loyer à venir\u00a0: présentez-vous au guichet de votre cité, où le CENOU vous les rembourse en espèces ou par mobile money.',
  monLoyerTarifPrecedent: 'facturée au tarif de la chambre précédente',
  /** A damage charged at departure, as a line of /mon-loyer's table (docs/rent.md#a-departure). */
  monLoyerDegradation: 'Dégradations',
  monLoyerDegradationReference: 'réf. {reference}',
  monLoyerTotal: 'Total',
  monLoyerRienAPayer: 'Rien à payer\u00a0: votre loyer de l’année {annee} est entièrement réglé.',
  paiementRienTropPercu:
    'Rien à payer. Trop-perçu à rembourser\u00a0: {montant}, que le CENOU vous rend au guichet de votre cité (en espèces ou par mobile money).',
  monLoyerRemboursements: 'Remboursements',
  monLoyerRemboursementLigne: 'Remboursé',
  monLoyerPayer: 'Payer par mobile money',
  paiementAvance:
    'Rien n’est dû à ce jour\u00a0: un paiement fait maintenant va à la prochaine échéance, le {date} ({montant}).',
  attestationPdfTitre: 'Attestation de logement en cité universitaire',
  attestationPdfIntro:
    'Le Centre national des œuvres universitaires (CENOU) atteste que l’étudiant(e) désigné(e) ci-dessous est logé(e) en cité universitaire\u00a0:',
  attestationPdfIntroPassee:
    'Le Centre national des œuvres universitaires (CENOU) atteste que l’étudiant(e) désigné(e) ci-dessous a été logé(e) en cité universitaire au cours de l’année académique {annee}, aujourd’hui terminée\u00a0:',
  attestationPdfEtudiant: 'Étudiant(e)',
  attestationPdfIne: 'INE',
  attestationPdfNaissance: 'Né(e) le',
  attestationPdfSession: 'Session',
  attestationPdfAnnee: 'Année académique',
  attestationPdfDirection: 'Direction régionale',
  attestationPdfCite: 'Cité universitaire',
  attestationPdfBatiment: 'Bâtiment',
  attestationPdfNiveau: 'Niveau',
  attestationPdfCouloir: 'Couloir',
  attestationPdfChambre: 'Chambre',
  attestationPdfLit: 'Lit',
  attestationPdfMontant: 'Loyer mensuel',
  attestationPdfMontantValeur: '{montant} FCFA',
  attestationPdfCode: 'Code de vérification',
  attestationPdfVerifier: 'Vérifiez cette attestation en scannant le QR code ou à l’adresse\u00a0:',
  attestationPdfDelivree: 'Délivrée le {date}.',
  attestationPdfAnnulee: 'AFFECTATION ANNULÉE LE {date}\u00a0: CETTE ATTESTATION N’EST PLUS VALIDE.',
  colonneCodeVerification: 'Code de vérification',
  colonneNiveauLogement: 'Niveau',
  colonneCouloir: 'Couloir',

  // --- registry import ---
  importReussi: 'Import réussi.',
  fichierCsvAttendu: 'Veuillez choisir un fichier CSV.',
  csvVide: 'Le fichier est vide ou ne contient pas de ligne de données.',
  csvEntete: 'L’en-tête du fichier ne correspond pas au modèle.',
  villeInconnue: 'Cette ville d’orientation n’existe pas.',
  ineFormat: `L’INE doit contenir de ${INE_MIN_LENGTH} à ${INE_MAX_LENGTH} lettres ou chiffres.`,
  ineEnDouble: 'Cet INE figure plusieurs fois dans le fichier.',
  importRejete: 'Le fichier contient des erreurs\u00a0: aucune ligne n’a été importée.',
  csvEnteteManquante: 'Cette colonne manque dans l’en-tête du fichier.',
  csvEnteteInconnue: 'Cette colonne est inconnue ou en double dans l’en-tête du fichier.',
  csvColonnesEnTrop: 'Cette ligne a plus de colonnes que l’en-tête.',
  csvGuillemets: 'Un guillemet ouvert n’est jamais refermé.',
  fichierNonCsv:
    'Le fichier n’est pas un fichier CSV lisible (texte séparé par des points-virgules ou des virgules).',
  fichierBase64Invalide: 'Le contenu du fichier est mal encodé (base64 attendu).',
  sexeInvalide: 'Le sexe doit valoir M ou F.',
  typePaysInvalide: 'Le type de pays doit valoir NATIONAL ou ETRANGER.',
  dateNaissanceInvalide: 'Saisissez une date de naissance réelle au format JJ/MM/AAAA ou AAAA-MM-JJ.',
  telephoneInvalide: 'Saisissez un numéro de téléphone valide.',
  anneeInvalide: 'Saisissez une année valide (AAAA).',
  anneeAcademiqueInvalide: 'L’année académique doit être de la forme 2025-2026.',
  moyenneInvalide: `La moyenne doit être un nombre entre 0 et ${GRADE_SCALE}.`,
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
  filAriane: 'Fil d’Ariane',
  changerMotDePasse: 'Changer le mot de passe',
  accesRefuseTitre: 'Accès refusé',
  accesRefuseTexte: 'Votre compte ne permet pas d’ouvrir cette page.',
  pageIntrouvableTitre: 'Page introuvable',
  pageIntrouvableTexte: 'La page demandée n’existe pas ou a été déplacée.',
  dossierIntrouvableTitre: 'Dossier introuvable',
  dossierIntrouvableTexte: 'Aucun dossier ne porte ce numéro\u00a0: il n’existe pas ou a été supprimé.',
  retourAccueil: 'Retour à l’accueil',
  erreurReseau: 'Impossible de joindre le serveur, vérifiez votre connexion internet.',
  erreurServeurMuet: 'Le serveur n’a pas répondu à temps. Vérifiez votre connexion, puis réessayez.',
  erreurChargementPage: 'La page n’a pas pu être chargée. Vérifiez votre connexion internet puis réessayez.',
  reessayer: 'Réessayer',
  fermer: 'Fermer',

  // --- web client: the installable app, offline (docs/decisions/021-installable-offline-app.md) ---
  appNomCourt: 'CENOU',
  appDescription:
    'Plateforme du CENOU pour demander un logement en cité universitaire au Burkina Faso\u00a0: inscription, dépôt du dossier et résultats.',
  horsConnexionDonnees:
    'Hors connexion\u00a0: les données affichées datent du {date} à {heure}\u00a0; elles ont pu changer depuis.',
  horsConnexionSansDonnees:
    'Hors connexion\u00a0: cette page n’a pas encore de données enregistrées sur cet appareil\u00a0; elles s’afficheront au retour du réseau.',
  horsConnexionPages: 'Hors connexion\u00a0: les pages déjà ouvertes sur cet appareil restent consultables.',
  serveurInjoignableDonnees:
    'Serveur injoignable\u00a0: les données affichées datent du {date} à {heure}\u00a0; elles ont pu changer depuis.',
  heureMinute: '{h}\u00a0h\u00a0{m}',
  dateHeureLongue: '{date} à {h}\u00a0h\u00a0{m}',
  // A moment in full (« lundi 5 janvier 2026 à 09:05 »: an offer's deadline, a room choice's slot),
  // written from the date's own fields and the names below, without the browser's date formatter
  // (docs/decisions/136-room-choice-lighter-page-and-read.md).
  datePleine: '{jour} {date} {mois} {annee} à {heure}',
  jourDimanche: 'dimanche',
  jourLundi: 'lundi',
  jourMardi: 'mardi',
  jourMercredi: 'mercredi',
  jourJeudi: 'jeudi',
  jourVendredi: 'vendredi',
  jourSamedi: 'samedi',
  moisJanvier: 'janvier',
  moisFevrier: 'février',
  moisMars: 'mars',
  moisAvril: 'avril',
  moisMai: 'mai',
  moisJuin: 'juin',
  moisJuillet: 'juillet',
  moisAout: 'août',
  moisSeptembre: 'septembre',
  moisOctobre: 'octobre',
  moisNovembre: 'novembre',
  moisDecembre: 'décembre',
  nouvelleVersion: 'Une nouvelle version est disponible.',
  mettreAJour: 'Mettre à jour',
  plusTard: 'Plus tard',

  // --- web client: sign-in and own password ---
  connexionTitre: 'Connexion',
  connexionIntro:
    'Étudiants\u00a0: connectez-vous avec votre INE. Personnel du CENOU\u00a0: avec votre identifiant.',
  champIdentifiant: 'INE ou identifiant',
  champMotDePasse: 'Mot de passe',
  champAncienMotDePasse: 'Mot de passe actuel',
  champNouveauMotDePasse: 'Nouveau mot de passe',
  champConfirmationMotDePasse: 'Confirmation du nouveau mot de passe',
  motDePasseRegle: `Au moins ${PASSWORD_MIN_LENGTH} caractères.`,
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
  utilisateursTrouves: '{n} {n|utilisateur trouvé|utilisateurs trouvés}',
  rechercheUtilisateur: 'Rechercher par INE ou identifiant',
  rechercher: 'Rechercher',
  reinitialiserMotDePasse: 'Réinitialiser le mot de passe',
  confirmerReinitialisation:
    'Réinitialiser le mot de passe de {nom}\u00a0? Un nouveau mot de passe lui sera envoyé par e-mail.',
  filtrerColonne: 'Filtrer\u00a0: {colonne}',
  /** A column filter's placeholder: short, so that it shows whole in the narrowest column. */
  filtrer: 'Filtrer',
  // Neutral: a filter's columns are masculine (« État ») and feminine (« Cité », « Phase ») alike.
  tous: 'Tout',
  /** A staff table's filters on a phone (its header row, where they sit on a wider screen, is hidden). */
  filtresTableau: 'Filtrer la liste',
  filtresTableauActifs: 'Filtrer la liste ({n}\u00a0{n|filtre actif|filtres actifs})',
  effacerFiltres: 'Effacer les filtres',
  /** A table wider than the screen, which scrolls sideways in its box. */
  tableauDefiler: 'Faites défiler le tableau vers la droite pour voir toutes ses colonnes.',
  choisir: 'Choisir…',
  choisirDabord: 'Choisissez d’abord\u00a0: {champ}',
  vrai: 'Oui',
  faux: 'Non',
  obligatoire: 'obligatoire',

  // --- web client: registration (/inscription) ---
  sInscrire: 'S’inscrire',
  inscriptionTitre: 'Inscription',
  inscriptionIntro:
    'Saisissez votre INE et votre date de naissance tels qu’ils figurent dans le registre transmis par votre université.',
  inscriptionEtape: 'Étape {n} sur 2',
  ineAide: `Identifiant national de l’étudiant\u00a0: ${INE_MIN_LENGTH} à ${INE_MAX_LENGTH} lettres ou chiffres, par exemple N01234567890.`,
  creationCompte: 'Création de compte',
  creationCompteIntro:
    'Vérifiez votre identité, indiquez l’adresse e-mail où recevoir votre mot de passe et la personne à prévenir en cas de besoin, puis acceptez les engagements.',
  identiteTitre: 'Votre identité',
  identiteAide: 'Ces informations viennent du registre de votre université et ne se modifient pas ici.',
  complementsTitre: 'Données complémentaires',
  engagementsTitre: 'Engagements',
  emailInscriptionAide: 'Votre mot de passe sera envoyé à cette adresse.',
  emailRegistreIndice:
    'Adresse transmise par votre université\u00a0: {email}. Saisissez-la en entier ou indiquez une autre adresse que vous consultez\u00a0: votre mot de passe y sera envoyé.',
  personnelBesoinAide: 'Nom et prénoms d’un parent ou d’un proche.',
  contactAide: 'Numéro de téléphone de cette personne.',
  engagementStatutReglement: 'Engagement au statut et au règlement intérieur',
  engagementPersonnelCaution: 'Engagement personnel de caution',
  declarationSurHonneur: 'Déclaration sur l’honneur',
  luApprouve: 'Lu et approuvé',
  consulterDocument: 'Consulter le document',
  nouvelOnglet: 's’ouvre dans un nouvel onglet',
  creerCompte: 'Créer mon compte',
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
  registreDirection: 'Étudiants de votre direction\u00a0: {direction}',
  importer: 'Importer',
  importTitre: 'Importer le registre des étudiants',
  importAide:
    'Fichier CSV encodé en UTF-8, séparé par des points-virgules ou des virgules, avec la ligne d’en-tête du modèle. Un INE déjà présent est mis à jour. Si une seule ligne contient une erreur, aucune ligne n’est importée.',
  colonnesAttendues: 'Colonnes attendues, dans n’importe quel ordre\u00a0:',
  colonneFacultative:
    'Colonne facultative, les années universitaires passées en cité avant cette application (de 0 à 20\u00a0; sans cette colonne, les années déjà enregistrées restent)\u00a0:',
  telechargerModele: 'Télécharger le modèle',
  champFichierCsv: 'Fichier CSV',
  fichierChoisi: '{nom} ({taille})',
  /** The file picker's own words (the browser's « Choose File » follows the phone's language). */
  choisirFichier: 'Choisir un fichier',
  aucunFichierChoisi: 'Aucun fichier choisi',
  ajouterPhoto: 'Ajouter une photo',
  validerChargement: 'Valider le chargement',
  importCompte: '{importes} {importes|étudiant importé|étudiants importés}, {misAJour} mis à jour.',
  erreursFichier: 'Erreurs du fichier',
  colonneLigne: 'Ligne',
  colonneChamp: 'Champ',
  colonneMessage: 'Message',

  // --- web client: audit log (journal des opérations) ---
  journalTitre: 'Journal des opérations',
  journalIntro:
    'Chaque création, modification et suppression dans les réglages, chaque import, chaque changement de mot de passe et chaque étape des dossiers (analyse, publication, réponses, affectations), avec son auteur. Les plus récentes en premier.',
  colonneDateHeure: 'Date et heure',
  colonneUtilisateur: 'Utilisateur',
  colonneAction: 'Action',
  colonneRessource: 'Ressource',
  colonneIdentifiant: 'Identifiant',
  colonneDetail: 'Détail',
  exporterCsv: 'Exporter en CSV',
  exportFeuille: 'Données',
  auditAucuneModification: 'Aucune modification.',
  auditMotDePasseModifie: 'Mot de passe modifié.',
  auditMotDePasseEnvoye: '{compte}\u00a0: nouveau mot de passe envoyé par e-mail.',
  auditImport:
    'Fichier {fichier}\u00a0: {importes} {importes|étudiant importé|étudiants importés}, {misAJour} mis à jour.',
  auditValeurVide: '(vide)',
  ressourceDossier: 'Dossier',
  ressourceAffectation: 'Affectation de lit',
  ressourcePaiement: 'Paiement de loyer',
  ressourceProcuration: 'Procuration',
  historiqueProcuration: '{acte} par un aidant, procuration n°\u00a0{id}, depuis l’adresse {adresse}',
  historiqueProcurationBrouillon: 'Brouillon du dossier préparé',
  historiqueProcurationPaiement: 'Paiement du loyer lancé',
  ressourceRemboursement: 'Remboursement de loyer',
  ressourceDeliberation: 'Délibération',
  ressourceChargementAdmissibles: 'Chargement des admissibles',
  ressourceCampagneChoix: 'Campagne de choix des chambres',
  ressourceReservation: 'Réservation de chambre',
  ressourceGroupeChoix: 'Groupe d’amis (choix des chambres)',
  auditObjetReservation: '{etudiant} — {cite}, {chambre}',
  auditObjetGroupe: '{groupe} (INE {ine})',
  auditCampagneChoix: 'Du {debut} au {fin}.',
  auditReservationChambre: '{lits} {lits|lit réservé|lits réservés} jusqu’au {expireA}.',
  auditProlongation: 'Réservation prolongée jusqu’au {expireA}.',
  auditChoixConfirme: '{lits} {lits|lit attribué|lits attribués} par ce choix.',
  auditGroupeInvites: 'Invitation envoyée à\u00a0: {etudiants}.',
  colonneObjet: 'Concerne',
  auditObjetEtudiant: '{nom} {prenom} (INE {ine})',
  auditObjetDossier: '{reference} — {etudiant}',
  auditObjetAffectation: '{etudiant} — {lieu}',
  auditObjetSession: '{direction}, session {annee}',
  auditObjetNumero: 'n° {id}',
  auditLieu: '{cite}, {chambre}, {lit}',
  auditCritereNumero: 'Critère n° {id}',
  auditPublication:
    '{admis} admis, {attente} sur liste d’attente, {nonAdmis} non admis (tirage «\u00a0{seed}\u00a0»).',
  auditAffectation:
    '{cite}\u00a0: {affectes} {affectes|lit attribué|lits attribués}, {nonAffectes} {nonAffectes|étudiant|étudiants} sans lit.',
  auditReponse: 'Réponse\u00a0: {reponse}.',
  auditRetrait: 'Motif\u00a0: {motif}.',
  auditExpiration: 'Sans réponse avant le {date}.',
  auditPromotion: 'Liste «\u00a0{liste}\u00a0», rang {rang} (rang {rangAttente} sur la liste d’attente).',
  auditListeIne: 'INE\u00a0: {ines}.',
  auditPlaceProposee: 'Place proposée au suivant de la liste d’attente.',
  auditDeplacement: 'De {avant} à {apres}.',
  auditDeplacementSansLieu: 'Changement de lit.',
  auditCompteCree:
    'Compte créé par l’étudiant à son inscription\u00a0; identifiant et mot de passe envoyés par e-mail.',
  auditDepot: 'Dossier {reference} déposé ({type}).',
  auditModificationDossier: 'Dossier {reference} modifié par l’étudiant ({type}).',
  auditLitAttribue: 'Lit attribué\u00a0: {lieu}.',
  auditAffectationGroupee:
    'Affectation groupée\u00a0: {affectes} {affectes|lit attribué|lits attribués}, {nonAffectes} {nonAffectes|étudiant|étudiants} sans lit.',
  auditReponseCanal: 'Réponse\u00a0: {reponse}, {canal}.',
  auditEncaissement: '{montant} en espèces, reçu n° {numero} du carnet\u00a0; référence {reference}.',
  auditPaiementMobile: '{montant} par {operateur} depuis le {telephone}\u00a0; reçu {reference}.',
  auditObjetPaiement: '{etudiant} — {lieu}',
  auditRemboursement: '{montant} remboursés, pièce n° {numero}\u00a0; référence {reference}.',
  auditLitLibere: 'Lit libéré\u00a0: {lieu}.',
  auditTelephone: 'Numéro\u00a0: {telephone}.',
  auditObjetCompte: '{nom} ({identifiant})',
  ressourceRemiseCle: 'Remise de clé',
  ressourceEtatDesLieux: 'État des lieux',
  ressourceDegradation: 'Dégradation facturée',
  auditEcheancesAnnulees:
    '{n} {n|échéance des mois suivants n’est plus due|échéances des mois suivants ne sont plus dues}.',
  auditReferenceDegradation: 'Référence {reference}.',
  auditAuteurAidant: 'Aidant par procuration n°\u00a0{id} de {etudiant}',
  auditPaiementLanceEtudiant: 'Lancé par l’étudiant.',
  auditPaiementLanceAidant: 'Lancé par un aidant (procuration n°\u00a0{id}).',
  auditPaiementAidantLance:
    '{montant} demandés à l’opérateur par l’aidant{procuration}, référence {reference}. Le paiement est inscrit à part quand l’opérateur le confirme.',
  auditProcurationNumero: ' (procuration n°\u00a0{id})',
  auditObjetProcuration: 'Procuration n°\u00a0{id} de {etudiant}',
  auditTacheDEPOT: 'préparer le dossier (brouillon)',
  auditTachePAIEMENT: 'payer le loyer',
  auditProcurationDonnee: 'Pour {tache}, valable {heures}\u00a0h, jusqu’au {expireA}.',
  auditProcurationRevoquee: 'Procuration pour {tache}, révoquée par l’étudiant.',
  auditProcurationUtilisee: 'Pour {tache}, depuis l’adresse {adresse}.',
  auditProcurationUtiliseeSansAdresse: 'Pour {tache}.',
  auditBrouillonCriteres: '{n} {n|critère renseigné|critères renseignés}.',
  auditPaiementConfirmeNotification: 'Confirmé par la notification de l’opérateur.',
  auditPaiementConfirmeVerification: 'Confirmé par la vérification des paiements en attente.',
  auditAuteurNotification: 'Notification de l’opérateur ({operateur})',
  auditAuteurVerification: 'Vérification des paiements en attente',
  auditAnnulation: 'Motif\u00a0: {motif}.',

  // --- web client: staff screens (deposits, dashboard, consultation, analysis) ---
  menuDepotDirection: 'Dépôt par direction',
  menuDepotGeneral: 'Dépôt général',
  menuCommission: 'Commission',
  depotDirectionTitre: 'Dépôts par direction',
  depotDirectionIntro:
    'Choisissez une direction et une phase de session, puis affichez les dossiers déposés.',
  depotDirectionIntroFixe:
    'Choisissez une phase de session, puis affichez les dossiers déposés dans votre direction.',
  depotGeneralTitre: 'Dépôt général',
  depotGeneralIntro:
    'Les dossiers de toutes les directions pour une année académique\u00a0: la plus récente par défaut.',
  depotGeneralIntroDirection:
    'Les dossiers de votre direction pour une année académique\u00a0: la plus récente par défaut.',
  champAnneeSession: 'Année académique',
  aucuneSessionAnnee: 'Aucune session pour l’instant.',
  champPhaseSession: 'Phase de la session',
  champDirection: 'Direction',
  afficher: 'Afficher',
  dossiersTrouves: '{n} {n|dossier|dossiers}',
  directionFixe: 'Direction\u00a0: {direction}',
  voirDossierDe: 'Voir le dossier de {nom}',
  colonneMoyenne: 'Moyenne',
  colonneReferenceDossier: 'N° de récépissé',
  colonneStatutDossierPersonnel: 'Statut du dossier',
  colonneTypeDossierPersonnel: 'Type de dossier',
  colonneDateDepotPersonnel: 'Date de dépôt',
  colonneRang: 'Rang',
  colonneAdmis: 'Admis',
  colonneSession: 'Phase',
  colonneAnneeSession: 'Session',
  colonnePhaseSession: 'Phase de la session',
  dashboardTitre: 'Tableau de bord',
  resultatAdmisListe: 'Admis·e sur la liste «\u00a0{liste}\u00a0», rang {rang}',
  resultatAdmis: 'Admis·e',
  resultatPlaceAcceptee: '{resultat} — place acceptée',
  resultatReponseAttendue: '{resultat} — réponse attendue',
  resultatReponseAttendueAvant: '{resultat} — réponse attendue avant le {date}',
  resultatRenonce: 'Admis·e puis a renoncé le {date}',
  resultatExpire: 'Admis·e, place perdue faute de réponse le {date}',
  resultatRetire: 'Admis·e puis admission retirée le {date}',
  resultatDesiste: 'Admis·e puis désisté·e',
  resultatAttenteRang: 'Sur la liste d’attente, rang {rang}',
  resultatAttente: 'Sur la liste d’attente',
  resultatNonAdmis: 'Non admis·e',
  dashboardIntro:
    'Par ville d’orientation des étudiants (la ville où ils déposent leur dossier)\u00a0: inscrits au registre, comptes créés et dossiers déposés.',
  dashboardToutes: 'Toutes les directions',
  dashboardAucuneVille: 'Aucune ville de dépôt pour le moment.',
  dashboardTableau: 'Chiffres par ville de dépôt',
  colonneVille: 'Ville de dépôt',
  dashboardNbEtudiant: 'Étudiants du registre',
  dashboardInscrits: 'Comptes créés',
  dashboardDeposes: 'Dossiers déposés',
  dashboardEntonnoir: 'Du registre au dépôt, à {ville}',
  dashboardPartInscrits: '{pourcentage} des étudiants du registre',
  dashboardPartDeposes: '{pourcentage} des étudiants du registre, soit {precedent} des comptes créés',
  dashboardPartSansBase: 'aucun étudiant au registre',
  consultEtudiantTitre: 'Dossier de {nom}',
  identiteEtudiantTitre: 'Identité',
  dossierTitre: 'Dossier',
  criteresDossier: 'Critères du dossier',
  analyseTitre: 'Analyse des dossiers',
  analyseIntro:
    'Recherchez un dossier par INE, puis analysez chacun de ses critères au vu de son justificatif.',
  rechercheIne: 'Rechercher par INE',
  analyserDossierDe: 'Analyser le dossier de {nom}',
  analyseDossierTitre: 'Analyse du dossier {reference}',
  analyseCritere: 'Analyse\u00a0: {critere}',
  valider: 'Valider',
  retour: 'Retour',
  aucunDossierTrouve: 'Aucun dossier trouvé.',
  retourListe: 'Retour à la liste',
  ouvrirAnalyseDe: 'Ouvrir l’analyse du dossier de {nom} dans une page',
  analyseResultat: 'Statut\u00a0: {statut}, moyenne\u00a0: {moyenne}.',
  calculMoyenne: 'Calcul de la moyenne',
  calculMoyenneFormule:
    'Moyenne = {total} ÷ {diviseur} (somme des coefficients de tous les types de critère)',
  colonneCoefficient: 'Coefficient',
  colonneNote: 'Note',
  colonneProduit: 'Points retenus',
  // --- web client: the student's dossier (/depot, /tableau-de-bord, /consult-dossier, /edit-dossier) ---
  menuDepot: 'Dépôt',
  menuTableauDeBord: 'Tableau de bord',
  tableauDeBordIntro:
    'Suivez ici vos dossiers de demande de logement, leur résultat une fois la délibération publiée, puis le lit qui vous est attribué.',
  depotTitre: 'Dépôt de dossier pour la cité universitaire',
  depotIntro: `Les critères marqués d’un astérisque (*) sont obligatoires\u00a0: choisissez-en la valeur. Les autres, seulement s’ils s’appliquent à vous («\u00a0Ne s’applique pas\u00a0» efface un choix). Quand le critère choisi demande un justificatif, joignez-le en PDF ou en photos (${PDF_MAX} au plus).`,
  critereNeSAppliquePas: 'Ne s’applique pas',
  criteresTitre: 'Critères',
  deposer: 'Déposer',
  enregistrerBrouillon: 'Enregistrer le brouillon',
  menuProcurations: 'Procurations',
  aideTitre: 'Aider un étudiant',
  justificatifPdf: `Justificatif (PDF ou photo, ${PDF_MAX} au plus)\u00a0: {critere}`,
  documentActuel: 'Document actuel\u00a0: {nom}',
  documentRemplace: 'Choisissez un nouveau fichier pour remplacer le document actuel.',
  fichierIllisible: 'Le fichier ne peut pas être lu\u00a0: choisissez-le à nouveau.',
  envoiFichier: 'Envoi de {nom}',
  envoiDonnees: 'Envoi du dossier',
  envoiEnCours: 'Envoi en cours…',
  envoiInterrompu:
    'L’envoi n’a pas abouti. Vos choix et vos fichiers sont conservés\u00a0: l’envoi reprendra tout seul dès que possible, ou appuyez sur «\u00a0Réessayer\u00a0».',
  // --- on a weak network (docs/sessions-and-dossiers.md#on-a-weak-network) ---
  saisieRestauree:
    'Votre saisie précédente a été retrouvée sur cet appareil, justificatifs compris. Les envois reprennent là où ils s’étaient arrêtés.',
  justificatifEnvoye: '{nom} est envoyé ({taille}).',
  justificatifAttendReseau:
    'En attente du réseau\u00a0: l’envoi reprendra tout seul, sans rien renvoyer de ce qui est déjà parti.',
  resteAEnvoyer: 'Reste à envoyer\u00a0: {taille}.',
  depotAttendJustificatifs:
    'Votre dossier partira dès que vos justificatifs seront envoyés. Gardez cette page ouverte.',
  depotHorsConnexion:
    'Hors connexion\u00a0: votre dossier est gardé sur cet appareil et sera envoyé dès le retour du réseau. Gardez cette page ouverte.',
  recuTitre: 'Votre dossier est déposé',
  numeroRecu: 'Numéro de récépissé',
  recuAide: 'Conservez ce numéro\u00a0: il vous a aussi été envoyé par e-mail.',
  allerTableauDeBord: 'Aller au tableau de bord',
  dossierDejaDepose:
    'Votre dossier de cette session est déjà déposé\u00a0: consultez-le ou modifiez-le depuis votre tableau de bord.',
  mesDossiers: 'Mes dossiers',
  aucunDossier: 'Vous n’avez encore déposé aucun dossier.',
  deposerUnDossier: 'Déposer un dossier',
  colonneReference: 'Numéro de récépissé',
  colonneVilleDepot: 'Ville de dépôt',
  colonneDateDepot: 'Date de dépôt',
  colonneStatutDossier: 'Statut',
  colonneTypeDossier: 'Type',
  colonneResultat: 'Résultat',
  consulter: 'Consulter',
  dossierSupprime: 'Votre dossier a été supprimé.',
  affectationTitre: 'Mon affectation',
  affectationAide:
    'Ces informations s’afficheront quand vous aurez un lit\u00a0: choisi par vous pendant le choix des chambres, ou attribué par le CENOU.',
  affectationDepart: 'Départ le {date}\u00a0: votre séjour est terminé ({cite}, {chambre}, {lit}, {annee}).',
  affectationDepartReste:
    'Reste à payer\u00a0: {montant}. Réglez-le depuis «\u00a0Mon loyer\u00a0», par mobile money ou au guichet de la cité.',
  affectationAnnee: 'Année académique',
  /** A student housed last year in its direction, without a dossier yet in the open session. */
  readmissionTitre: 'Demande de réadmission',
  readmissionInvitation:
    'Vous avez été hébergé l’année universitaire précédente dans cette direction\u00a0: vous pouvez demander votre réadmission pour l’année {annee}.',
  demanderReadmission: 'Demander ma réadmission',
  affectationDirection: 'Direction régionale',
  affectationVille: 'Ville',
  affectationCite: 'Cité universitaire',
  affectationBatiment: 'Bâtiment',
  affectationNiveau: 'Niveau',
  affectationCouloir: 'Couloir',
  affectationChambre: 'Chambre',
  affectationLit: 'Lit',
  // Assignment (docs/assignment.md): staff screens, the student's card, the public certificate check.
  menuAffectationCite: 'Affectation des cités',
  menuAffectationChambre: 'Affectation des chambres',
  affectationCiteIntro:
    'Choisissez la session et une cité de la direction, puis les étudiants admis à loger\u00a0: ils reçoivent un lit dans l’ordre de leur rang.',
  affectationChambreIntro:
    'Les chambres de la cité et leurs occupants\u00a0: déplacez une affectation vers un lit libre d’une chambre compatible, ou annulez-la.',
  affectationChampSession: 'Session',
  champCite: 'Cité',
  aucuneSessionOuverte: 'Aucune session ouverte pour cette direction.',
  phasePasEncoreOuverte:
    'La phase «\u00a0{phase}\u00a0» n’est pas encore ouverte\u00a0: la session de la direction est en phase «\u00a0{actuelle}\u00a0».',
  aucuneCite: 'Aucune cité dans cette direction.',
  litsLibres: 'Lits libres',
  litsLibresHommes: 'Hommes\u00a0: {nombre}',
  litsLibresFemmes: 'Femmes\u00a0: {nombre}',
  pickEtudiants: 'Étudiants',
  pickChoisis: 'Choisis',
  pickRecherche: 'Rechercher un étudiant',
  pickAucunEtudiant: 'Aucun étudiant admis sans lit.',
  affecter: 'Affecter',
  affecterAutomatiquement: 'Affecter automatiquement',
  affecterChoisirEtudiants: 'Choisissez au moins un étudiant.',
  affecterConfirmation:
    'Remplir la cité {cite} avec les étudiants admis sans lit, dans l’ordre de leur rang, jusqu’à ce qu’elle soit pleine\u00a0?',
  affectationResultat: '{nombre} {nombre|étudiant affecté|étudiants affectés}.',
  affectationAutoResultat:
    '{nombre} {nombre|étudiant affecté|étudiants affectés}, {restants} toujours sans lit.',
  etudiantRang: 'rang {rang}',
  chambresTitre: 'Chambres et occupants',
  chambreLibelle: 'Chambre {chambre}',
  litLibre: 'libre',
  aucunLit: 'Aucun lit dans cette cité.',
  aucuneChambreTrouvee: 'Aucune chambre ne correspond à la recherche.',
  occupantsChambre: '{occupes} / {total} lits occupés',
  sexeChambre: 'Sexe\u00a0: {sexe}',
  montantMensuel: '{montant} FCFA par mois',
  deplacer: 'Déplacer',
  affectationAnnuler: 'Annuler',
  annulerAffectation: 'Annuler l’affectation',
  deplacerTitre: 'Déplacer {nom}',
  deplacerChampLit: 'Nouveau lit',
  deplacerAucunLit: 'Aucun lit libre dans une chambre compatible.',
  affectationDeplacee: 'L’affectation a été déplacée.',
  annulerConfirmation:
    'Annuler l’affectation de {nom} ({lit})\u00a0? Son lit sera libéré et son attestation ne sera plus valide.',
  affectationAnnulee: 'L’affectation a été annulée.',
  sansLitTitre: 'Admis sans lit',
  sansLitAucun: 'Tous les admis de la session ont un lit.',
  exporterExcel: 'Exporter en Excel',
  colonneIne: 'INE',
  colonneNom: 'Nom',
  colonnePrenom: 'Prénom',
  colonneSexe: 'Sexe',
  affectationColonneListe: 'Liste',
  affectationMontant: 'Loyer mensuel',
  montantFcfa: '{montant} FCFA',
  telechargerAttestation: 'Télécharger mon attestation',
  attestationTelechargee: 'Attestation téléchargée.',
  attestationTitre: 'Vérification d’une attestation de logement',
  attestationValide: 'Attestation valide',
  attestationValideTexte: 'Cette attestation de logement a bien été délivrée par le CENOU.',
  attestationAuthentiquePassee: 'Attestation authentique, pour une année terminée',
  attestationAuthentiquePasseeTexte:
    'Cette attestation a bien été délivrée par le CENOU. Elle porte sur l’année académique {annee}, aujourd’hui terminée\u00a0: l’étudiant(e) y a été logé(e), elle ne dit pas où il ou elle loge aujourd’hui.',
  attestationNonValide: 'Cette attestation n’est plus valide',
  attestationAnnuleeLe: 'L’affectation a été annulée le {date}.',
  attestationIntrouvable: 'Attestation introuvable',
  attestationIntrouvableTexte:
    'Aucune attestation ne porte ce code. Vérifiez le code imprimé sous le QR code.',
  attestationEtudiant: 'Étudiant',
  attestationCite: 'Cité universitaire',
  attestationAnnee: 'Année académique',
  attestationCode: 'Code\u00a0: {code}',
  valeurAbsente: '—',
  consultTitre: 'Dossier {reference}',
  consultDossierTitre: 'Consultation du dossier',
  colonneTypeCritere: 'Type de critère',
  colonneCritere: 'Critère',
  colonneAnalyse: 'Analyse',
  colonneJustificatif: 'Justificatif',
  nonAnalyse: 'Non analysé',
  aucunJustificatif: 'Aucun',
  voirJustificatif: 'Voir le justificatif\u00a0: {nom}',
  visionneuseTitre: 'Justificatif\u00a0: {nom}',
  zoomPlus: 'Agrandir',
  zoomMoins: 'Réduire',
  largeurDocument: 'Largeur\u00a0: {largeur} px',
  telechargerDocument: 'Télécharger le document',
  documentNonAffichable: 'Le document ne peut pas être affiché ici\u00a0: téléchargez-le pour le lire.',
  pageDocument: 'Page {n} sur {total}',
  modifierDossierTitre: 'Modification du dossier {reference}',
  dossierModifie: 'Votre dossier a été modifié.',
  modificationImpossible: 'Ce dossier ne peut plus être modifié\u00a0: la session d’inscription est close.',
  retourTableauDeBord: 'Retour au tableau de bord',

  // --- web client: deliberation, admissible lists, the student's result ---
  menuDeliberation: 'Délibération',
  menuResultat: 'Résultat',
  resultatTitre: 'Résultats de la délibération',
  resultatIntro: 'Les écrans des résultats de la délibération ouverts à votre rôle\u00a0:',
  deliberationTitre: 'Délibération',
  deliberationIntro:
    'Calculez les listes de la session\u00a0: les réadmissions d’abord, puis chaque liste se remplit dans l’ordre des moyennes en gardant aux étudiantes la part fixée par la session\u00a0; les ex aequo sont départagés par la moyenne au bac, la date de dépôt puis un tirage. Vérifiez-les, puis publiez-les.',
  deliberationSession: 'Session {annee}\u00a0: {direction}',
  lancerDeliberation: 'Délibération',
  champTirage: 'Tirage (facultatif)',
  tirageAide: 'Laissez vide pour un nouveau tirage, ou saisissez un tirage pour retrouver les mêmes listes.',
  tirageAffiche: 'Tirage\u00a0: {seed}',
  apercuTitre: 'Aperçu (rien n’est encore enregistré)',
  publicationAffichee: 'Publication n° {n} du {date}\u00a0: listes publiées',
  publicationAfficheeSansDate: 'Listes publiées',
  publieeEtiquette: 'Publiée',
  pdfProvisoire: 'Provisoire — aperçu non publié',
  pdfSousTitrePublication: 'Listes publiées le {date} à {heure} (tirage {seed})',
  /** The counts of a list (docs/agency-rules.md): the PDF's line under the title and the screens. */
  effectifsListe: 'Étudiantes\u00a0: {femmes} — étudiants\u00a0: {hommes}',
  partFemmesRegle:
    'Places réservées aux étudiantes\u00a0: {part}\u00a0% de chaque liste de nouvelles admissions (pupilles, étrangers, nationaux), les réadmissions non comprises',
  // The home page's « Bon à savoir » (docs/agency-rules.md): the share's value is the sessions' default.
  accueilRegleDuree:
    'Un lit est attribué pour une année universitaire. Un étudiant est logé deux ans au plus, quatre ans si un critère de handicap est reconnu à l’analyse de son dossier.',
  accueilRegleReadmission:
    'Un étudiant logé l’année précédente dans la même direction régionale peut demander sa réadmission\u00a0: les réadmissions sont classées en premier, dans la limite des places que la session leur réserve.',
  accueilReglePartFemmes: `Sur chaque liste de nouvelles admissions (pupilles de la Nation, étrangers, nationaux), une part des places est gardée aux étudiantes tant que des candidates de la liste attendent\u00a0: ${PART_FEMMES_DEFAULT}\u00a0% par défaut, fixée pour chaque session. La liste des réadmissions n’est pas concernée.`,
  accueilRegleCouples: 'Les cités n’accueillent pas de couples.',
  accueilRegleFermeture:
    'Les cités ferment du 1er août au 30 septembre (une cité de vacances reste ouverte) et rouvrent vers le 1er octobre.',
  placesReadmissionRegle: 'Places de réadmission\u00a0: {places}',
  // Where the preview puts every dossier of the session (docs/deliberation.md#preview-and-publication).
  repartitionTitre: 'Répartition des {n} dossiers de la session',
  repartitionColonne: 'Dossiers',
  repartitionAdmis: 'Admis, liste {liste}',
  repartitionAttente: 'Liste d’attente (classés sans place)',
  repartitionNonAnalyse: 'Non classés\u00a0: dossier non analysé',
  repartitionCritere: 'Non classés\u00a0: critère obligatoire non validé',
  repartitionDuree: 'Non classés\u00a0: durée maximale d’hébergement atteinte',
  colonneListesPdf: 'Listes (PDF)',
  listeCourtePupilles: 'Pupilles',
  listeCourteEtrangers: 'Étrangers',
  listeCourteNationaux: 'Nationaux',
  listeCourteAttente: 'Attente',
  telechargerListePubliee: 'Télécharger le PDF\u00a0: {liste}, publication du {date}',
  listeAttenteTitre: 'Liste d’attente',
  ongletListe: '{liste} ({n})',
  exporterPdf: 'Exporter en PDF',
  aucunEtudiant: 'Aucun étudiant sur cette liste.',
  publier: 'Publier',
  publierTitre: 'Publier la délibération',
  publierConfirmation:
    'Vous allez publier les listes affichées, avec le tirage {seed}. Les résultats seront enregistrés, chaque étudiant concerné sera informé par e-mail et les admis recevront une offre à accepter avant la date limite.',
  publierRepublication:
    'Une nouvelle publication remplacera celle-ci tant qu’aucun étudiant n’aura répondu à son offre\u00a0; après la première réponse, elle ne sera plus possible.',
  annuler: 'Annuler',
  deliberationPubliee: 'Délibération publiée (tirage {seed})\u00a0!',
  publicationsTitre: 'Publications de la session',
  aucunePublication: 'Aucune publication pour cette session.',
  colonneDatePublication: 'Date',
  colonneAuteur: 'Auteur',
  colonneTirage: 'Tirage',
  colonneAdmisPupilles: 'Pupilles',
  colonneAdmisEtrangers: 'Étrangers',
  colonneAdmisNationaux: 'Nationaux',
  colonneEnAttente: 'En attente',
  verificationTitre: 'Vérification des délibérations',
  verificationIntro:
    'Chaque publication garde les données qu’elle a classées (critères, coefficients, notes, quotas et tirage tels qu’ils étaient). « Vérifier » refait le classement à partir de ces seules données et le compare, dossier par dossier, au résultat publié.',
  verifier: 'Vérifier',
  verifierPublication: 'Vérifier la publication du {date}',
  verificationIdentique:
    'Publication du {date} (tirage {seed})\u00a0: le classement refait à partir des données enregistrées est identique au résultat publié.',
  verificationDifferente:
    'Publication du {date} (tirage {seed})\u00a0: {n} {n|dossier diffère|dossiers diffèrent} du résultat publié.',
  verificationDifferences: 'Dossiers qui diffèrent',
  verificationPremieres: 'Les {n} premiers sont listés.',
  colonneEnregistre: 'Publié',
  colonneRecalcule: 'Recalculé',
  aucuneSessionDirection: 'Aucune session pour cette direction.',
  listeAdmissibleTitre: 'Liste des admissibles',
  listeAdmissibleIntro:
    'Les admis de la session\u00a0: ceux de la délibération publiée et ceux d’une liste chargée.',
  champSession: 'Session',
  // The phase and the status in lower case, the status agreeing with the phase (all feminine).
  sessionOption: 'Session {annee} ({statut}) — phase\u00a0: {phase}',
  sessionOptionFermee: 'Session {annee} (fermée)',
  // The phase a session in deliberation is in while its room choice runs (a campaign started, not ended).
  phaseChoixChambres: 'Choix des chambres',
  sessionSansAnnee: 'n°\u00a0{id}',
  colonneListe: 'Liste',
  colonneReponse: 'Réponse',
  colonneDateLimite: 'Date limite de réponse',
  admisTrouves: '{n} {n|étudiant|étudiants}',
  exportDeliberationTitre: 'Export de la délibération',
  exportDeliberationIntro: 'Les étudiants admis de la session, avec leur téléphone, à exporter en CSV.',
  chargementTitre: 'Chargement des admissibles',
  chargementIntro:
    'Chargez la liste des admissibles d’une session en phase de délibération\u00a0: un fichier CSV avec la ligne d’en-tête du modèle. Un nouveau fichier remplace la liste chargée précédemment pour cette session\u00a0; si une seule ligne contient une erreur, rien n’est chargé.',
  chargementCompte: '{importes} {importes|étudiant chargé|étudiants chargés}.',
  resultatNonPublie: 'Résultats non encore publiés.',
  // Why the deliberation did not rank a dossier (docs/agency-rules.md), said to its student.
  nonCandidatDureeMaximale:
    'Votre dossier n’a pas été classé\u00a0: vous avez déjà été hébergé·e {annees}, et la durée maximale d’hébergement est de {max}.',
  nonCandidatNonAnalyse:
    'Votre dossier n’a pas été classé\u00a0: son analyse n’était pas terminée à la délibération.',
  nonCandidatCritereObligatoire:
    'Votre dossier n’a pas été classé\u00a0: un critère obligatoire n’a pas été validé par la commission.',
  dureeUnAn: '{n}\u00a0an',
  dureeAns: '{n}\u00a0ans',
  monResultatTitre: 'Mon résultat',
  resultatStatut: 'Statut de votre dossier\u00a0: {statut}',
  resultatListe: 'Liste\u00a0: {liste}',
  resultatRang: 'Rang sur la liste\u00a0: {rang}',
  resultatRangAttente: 'Rang sur la liste d’attente\u00a0: {rang}',
  resultatMoyenne: `Votre moyenne de classement (critères validés)\u00a0: {moyenne} / ${GRADE_SCALE}`,
  resultatReponse: 'Votre réponse\u00a0: {reponse}',
  resultatDateLimite: 'À donner avant le {date}.',
  detailTitre: 'Comment votre moyenne est calculée',
  detailAide:
    'Chaque critère de votre dossier rapporte sa note multipliée par le coefficient de son type, s’il a été jugé valide par la commission. La somme de ces points est divisée par la somme des coefficients de tous les types de critères, la même pour tous les étudiants.',
  colonneJugement: 'Avis de la commission',
  colonnePoints: 'Points',
  pointsCalcul: '{coefficient} × {note} = {produit}',
  pointsNonComptes: '0 (non compté)',
  detailTotal: 'Total des points',
  detailDiviseur: 'Somme des coefficients',
  detailMoyenne: 'Moyenne\u00a0: {total} ÷ {diviseur} = {moyenne}',
  // Offers, answers and the waiting list (docs/offers.md), client side.
  offreTitre: 'Votre place en cité universitaire',
  offreTexte:
    'Une place vous est proposée. Répondez avant la date limite\u00a0: sans réponse de votre part, la place sera donnée à l’étudiant suivant de la liste d’attente.',
  offreParSms:
    'Vous pouvez aussi répondre par SMS, avant la même date, depuis le numéro qui reçoit les SMS du CENOU\u00a0: envoyez au {numero} «\u00a0{oui}\u00a0» pour accepter la place ou «\u00a0{non}\u00a0» pour y renoncer.',
  offreDateLimite: 'Date limite de réponse\u00a0: {date} (heure de Ouagadougou)',
  offreTempsRestant: 'Temps restant\u00a0: {duree}',
  dureeReste: 'Il reste {duree}',
  dureeMoinsUneMinute: 'Il reste moins d’une minute',
  dureeEt: '{a} et {b}',
  dureeJour: '1 jour',
  dureeJours: '{n} jours',
  dureeHeure: '1 heure',
  dureeHeures: '{n} heures',
  dureeMinute: '1 minute',
  dureeMinutes: '{n} minutes',
  offreDelaiDepasse: 'Le délai de réponse est dépassé.',
  accepterPlace: 'Accepter la place',
  renoncerPlace: 'Renoncer à la place',
  accepterPlaceTitre: 'Accepter la place\u00a0?',
  accepterPlaceTexte:
    'Vous acceptez la place qui vous est proposée\u00a0: elle vous est gardée, et vous aurez un lit dans une cité universitaire de votre direction régionale, attribué par le CENOU ou choisi par vous si une campagne de choix des chambres vous ouvre un créneau. Votre attestation de logement apparaîtra ensuite sur votre tableau de bord.',
  renoncerPlaceTitre: 'Renoncer à la place\u00a0?',
  renoncerPlaceTexte:
    'Vous renoncez à la place qui vous est proposée\u00a0: elle est donnée aussitôt à l’étudiant suivant de la liste d’attente. Ce choix est définitif et ne pourra pas être annulé.',
  ouiAccepter: 'Oui, j’accepte la place',
  ouiRenoncer: 'Oui, je renonce à la place',
  placeAcceptee: 'Vous avez accepté la place.',
  placeRefusee: 'Vous avez renoncé à la place. Votre dossier est désormais « Désisté ».',
  offreEtatAcceptee:
    'Vous avez accepté cette place\u00a0: le CENOU vous attribuera un lit dans une cité universitaire de votre direction régionale, et votre attestation de logement apparaîtra alors sur ce tableau de bord.',
  /** The same while a room-choice campaign gives the student a slot (the dashboard's card, or the link below it, leads there). */
  offreEtatAccepteeChoix:
    'Vous avez accepté cette place\u00a0: choisissez votre chambre sur la page «\u00a0Choix de la chambre\u00a0» avant la fin de la campagne\u00a0; sinon, le CENOU vous attribuera un lit.',
  /** The same while the student holds a room of the campaign: it is left to confirm it. */
  offreEtatAccepteeReservation:
    'Vous avez accepté cette place et réservé une chambre\u00a0: confirmez-la sur la page «\u00a0Choix de la chambre\u00a0» avant la fin de la réservation, sinon elle sera libérée.',
  /** The same, once the bed is given: it is on the assignment card (« Mon affectation »). */
  offreEtatLitAttribue:
    'Vous avez accepté cette place\u00a0: votre lit vous a été attribué (voir « Mon affectation »).',
  offreEtatParti:
    'Départ le {date}\u00a0: votre séjour en cité universitaire est terminé (voir « Mon affectation »).',
  offreEtatRefusee: 'Vous avez renoncé à cette place\u00a0: votre dossier est « Désisté ».',
  offreEtatExpiree:
    'Le délai de réponse est passé sans réponse\u00a0: la place a été donnée à l’étudiant suivant de la liste d’attente.',
  offreEtatRetiree: 'Votre admission a été retirée par la direction régionale.',
  rangAttenteEtudiant: 'Vous êtes {rang} sur la liste d’attente.',
  rangPremier: '1er',
  rangNieme: '{n}e',
  attenteAide:
    'Si un étudiant admis renonce à sa place, elle est proposée au premier de la liste d’attente. Cette page se met à jour d’elle-même.',
  resultatDossierTitre: 'Résultat du dossier {reference}',
  detailVoir: 'Voir le calcul de ma moyenne',
  historiqueTitre: 'Historique du dossier',
  historiqueVide: 'Aucun événement pour le moment.',
  historiqueMotif: 'Motif\u00a0: {motif}',
  historiqueCommentaire: 'Commentaire\u00a0: {commentaire}',
  historiqueAuteur: 'Par\u00a0: {auteur}',
  historiqueActeurVous: 'Vous',
  historiqueActeurAidant: 'Un aidant, par procuration',
  /** The helper's own act, whose label already says « par procuration ». */
  historiqueActeurAidantSeul: 'Un aidant',
  historiqueActeurVousCanal: 'Vous, {canal}',
  historiqueActeurEtudiant: 'L’étudiant',
  historiqueActeurEtudiantCanal: 'L’étudiant, {canal}',
  historiqueActeurCenou: 'Le CENOU',
  historiqueActeurSysteme: 'Automatique',
  historiqueReference: 'N° de récépissé\u00a0: {reference}',
  historiqueTypeDossier: 'Type de dossier\u00a0: {type}',
  historiqueModification: 'Réponses et justificatifs mis à jour.',
  historiqueAnalyse:
    'Critères valides\u00a0: {valides}\u00a0; invalides\u00a0: {invalides}\u00a0; injustifiés\u00a0: {injustifies}',
  historiqueMoyenne: 'Moyenne calculée\u00a0: {moyenne}',
  historiqueResultat: 'Résultat\u00a0: {resultat}',
  historiqueDateLimite: 'Réponse attendue avant le {date}',
  historiqueRappel: 'Rappel envoyé\u00a0: réponse attendue avant le {date}',
  etatServiceTitre: 'État du service',
  accueilEtatServiceIntro:
    'Le site répond mal ou un paiement échoue\u00a0? Les pannes et les délais reportés sont sur la page',
  etatServiceIntro:
    'La disponibilité de la plateforme d’hébergement du CENOU, du paiement mobile et des SMS, relevée par la plateforme elle-même.',
  etatServiceMaintenant: 'En ce moment',
  etatServiceBaseInjoignable:
    'La base de données ne répond pas depuis le {debut}\u00a0: certaines pages peuvent échouer. Réessayez dans quelques minutes.',
  etatServiceJours: 'Les 90 derniers jours',
  etatServiceMoyenne: 'Disponibilité de la plateforme sur {jours}\u00a0: {pourcentage}.',
  etatServiceJoursMesures: 'les {n} jours mesurés depuis sa mise en service',
  etatServiceJourMesure: 'son premier jour de service',
  etatServiceJourLegende: '{date}\u00a0: {pourcentage} disponible',
  etatServiceJourSansDonnee: '{date}\u00a0: pas encore en service',
  etatServiceLegende:
    'Chaque barre est un jour, le plus ancien à gauche\u00a0: verte sans panne, orange ou rouge avec une panne, grise avant la mise en service.',
  etatServicePannes: 'Pannes des 90 derniers jours',
  etatServiceAucunePanne: 'Aucune panne ces 90 derniers jours.',
  etatServicePanneLigne: '{composant}\u00a0: du {debut} au {fin} ({duree})',
  etatServiceDelaisAucun: 'aucune date limite déplacée',
  etatServiceDelaisUn: '1 date limite de réponse reportée',
  etatServiceDelais: '{n} dates limites de réponse reportées',
  etatServiceEcheancesAucune: 'aucune échéance de loyer déplacée',
  etatServiceEcheancesUne: '1 échéance de loyer reportée',
  etatServiceEcheances: '{n} échéances de loyer reportées',
  etatServiceRegle:
    'Une panne de la plateforme de plus de {minutes}\u00a0minutes pendant les 24 heures qui précèdent la date limite d’une offre reporte cette date de la durée de la panne plus 24 heures. Une panne du paiement mobile fait de même pour l’échéance de loyer qui tombe le lendemain, sans retard compté. L’étudiant est prévenu par SMS\u00a0; il n’a rien à demander.',
  etatServicePaiementSimule:
    'Paiement mobile\u00a0: démonstration. Les paiements passent par un simulateur, aucun argent ne circule.',
  etatServiceLecture: 'Relevé du {date}.',
  etatServiceAccueil: 'Retour à l’accueil',
  etatServiceIndisponible:
    'L’état du service n’a pas encore pu être lu\u00a0: la base de données ne répond pas. Réessayez dans quelques minutes.',
  delaisReportesTitre: 'Délais reportés par une panne',
  delaisReportesPdfTitre: 'Délais reportés par une panne au {date}',
  delaisReportesIntro:
    'Chaque date limite de réponse d’une offre et chaque échéance de loyer qu’une panne a reportée, avec la panne qui l’a causée. L’étudiant a été prévenu par SMS et le report figure dans l’historique de son dossier.',
  delaisReportesVide:
    'Aucune panne n’a reporté de date limite ni d’échéance de loyer. Une panne de la plateforme ou du paiement mobile de plus d’une heure reporte les délais qui tombaient dans les 24 heures suivantes ; ils s’afficheront ici.',
  menuDelaisReportes: 'Délais reportés',
  delaisReportesEtatService: 'Page publique de l’état du service',
  delaisReportesEtatServicePortee:
    '\u00a0: les pannes des 90 derniers jours. Un report plus ancien reste listé ici avec les dates de sa panne, qui n’est plus sur cette page.',
  filtreDatePlaceholder: 'JJ/MM/AAAA',
  colonneEtudiantReport: 'Étudiant',
  colonneNatureReport: 'Délai reporté',
  colonneNumeroEcheance: 'N° d’échéance',
  colonneLieuReport: 'Cité ou direction',
  colonneAncienneDate: 'Ancienne date',
  colonneNouvelleDate: 'Nouvelle date',
  colonnePanne: 'Panne',
  colonneDebutPanne: 'Début de la panne',
  colonneFinPanne: 'Fin de la panne',
  colonneReporteLe: 'Reporté le',
  reportEcheanceNumero: 'Échéance n° {numero} du loyer',
  reportPanneDuAu: '{composant}, du {debut} au {fin}',
  dureeHeuresMinutes: '{h}\u00a0h\u00a0{m}\u00a0min',
  dureeHeuresCourte: '{h}\u00a0h',
  dureeMinutesCourte: '{m}\u00a0min',
  historiqueEcheanceReportee:
    'Échéance n°\u00a0{numero} du loyer ({montant}) reportée du {ancienne} au {nouvelle}\u00a0: {panne} du {debut} au {fin}.',
  historiqueEcheanceReporteeTitre: 'Échéance de loyer reportée après une panne',
  historiqueDelaiProlonge:
    'Date limite reportée du {ancienne} au {nouvelle}\u00a0: {panne} du {debut} au {fin}.',
  historiqueExpiration: 'Aucune réponse avant le {date}\u00a0: la place est perdue.',
  historiquePromotion: 'Liste « {liste} », rang {rang} (rang {rangAttente} sur la liste d’attente)',
  historiqueLit: 'Lit\u00a0: {lieu}',
  historiqueChoixGroupe: 'Chambre choisie en groupe\u00a0: {groupe}',
  historiqueDateDepart: 'Date de départ\u00a0: {date}',
  historiqueCodeCle: 'Clé n°\u00a0{code}',
  historiqueDegradations: 'Dégradations facturées\u00a0: {montant}',
  historiqueResteAuDepart: 'Reste à payer au départ\u00a0: {montant}',
  historiqueTropPercuAuDepart: 'Trop-perçu à rembourser\u00a0: {montant}',
  historiqueRienAuDepart: 'Rien à payer au départ',
  historiqueAncienLit: 'Ancien lit\u00a0: {lieu}',
  historiqueNouveauLit: 'Nouveau lit\u00a0: {lieu}',
  historiqueMontant: 'Montant\u00a0: {montant}',
  historiqueMoyen: 'Moyen de paiement\u00a0: {moyen}',
  historiqueNumeroRecu: 'N° du carnet de reçus\u00a0: {numero}',
  historiqueLieu: '{cite}, {batiment}, {chambre}, {lit}',
  historiqueReferencePaiement: 'Référence\u00a0: {reference}',
  historiqueNumeroPiece: 'N° de pièce\u00a0: {numero}',
  retirer: 'Retirer',
  retirerAdmission: 'Retirer l’admission de {nom}',
  retraitTitre: 'Retirer une admission',
  retraitTexte:
    'Le retrait est définitif\u00a0: l’admission de {nom} prend fin, le lit éventuellement attribué est libéré et son attestation annulée, et la place passe aussitôt au premier étudiant de la liste d’attente.',
  champMotifRetrait: 'Motif du retrait',
  choisirMotif: 'Choisissez un motif',
  champCommentaireRetrait: 'Commentaire',
  commentaireRetraitAide: 'Obligatoire pour le motif « Autre ».',
  motifRequis: 'Choisissez le motif du retrait.',
  confirmerRetrait: 'Confirmer le retrait',
  retraitEffectue: 'L’admission de {nom} a été retirée.',
  compteursTitre: 'Réponses aux offres',
  compteurListes: 'Étudiants listés',
  compteurCharges: 'Dont chargés par fichier',
  compteurEnAttente: 'Offres en attente',
  compteurAcceptes: 'Acceptées',
  compteurRefuses: 'Refusées',
  compteurExpires: 'Expirées',
  compteurRetires: 'Retirées',
  compteurPromus: 'Promus de la liste d’attente',
  // Layout settings and grouped menus (src/web/layout)
  menuAffectation: 'Affectation',
  menuParametres: 'Paramètres',
  sousMenu: 'Sous-menu {label}',
  configAffichage: 'Réglages de l’affichage',
  configFermer: 'Fermer les réglages de l’affichage',
  configModeMenu: 'Disposition du menu',
  modeStatic: 'Fixe',
  modeOverlay: 'Superposé',
  modeHorizontal: 'Horizontal',
  modeSlim: 'Étroit',
  configRegroupement: 'Entrées du menu',
  menuGroupe: 'Regroupées',
  menuAPlat: 'Toutes visibles',
  configCouleurMenu: 'Couleur du menu',
  menuSombre: 'Sombre',
  menuClair: 'Clair',
  configProfil: 'Profil',
  profilIntegre: 'Dans le menu',
  profilPopup: 'Dans la barre du haut',
  configTheme: 'Thème',
  varianteAccent: 'Accent',
  varianteClaire: 'Clair',
  varianteSombre: 'Sombre',
  configCouleur: 'Couleur',
  couleurBlue: 'Bleu',
  couleurIndigo: 'Indigo',
  couleurViolet: 'Violet',
  couleurPurple: 'Pourpre',
  couleurFuchsia: 'Fuchsia',
  couleurPink: 'Rose',
  couleurRose: 'Framboise',
  couleurRed: 'Rouge',
  couleurOrange: 'Orange',
  couleurAmber: 'Ambre',
  couleurLime: 'Citron vert',
  couleurGreen: 'Vert',
  couleurEmerald: 'Émeraude',
  couleurTeal: 'Sarcelle',
  couleurCyan: 'Cyan',
  couleurSky: 'Ciel',

  // --- staff accounts: what an admin may not do to its own account or to the last admin ---
  suppressionPropreCompte:
    'Vous ne pouvez pas supprimer votre propre compte\u00a0: demandez-le à un autre administrateur.',
  reinitialisationPropreCompte:
    'Vous ne pouvez pas réinitialiser votre propre mot de passe ici\u00a0: changez-le depuis votre profil.',
  retrogradationPropreCompte:
    'Vous ne pouvez pas retirer le rôle d’administrateur à votre propre compte\u00a0: demandez-le à un autre administrateur.',
  dernierAdministrateur:
    'Ce compte est le dernier administrateur\u00a0: il ne peut être ni supprimé ni privé de son rôle. Nommez d’abord un autre administrateur.',

  // --- server console: what the operator reads on the terminal (start, stop, configuration) ---
  configInvalide: 'Configuration invalide\u00a0:',
  configEntier: 'doit être un entier entre {min} et {max} (reçu « {valeur} »)',
  configUrl: 'doit être une URL de la forme {exemple} (reçu « {valeur} »)',
  configExempleBase: 'postgres://utilisateur:motdepasse@hôte:5432/base',
  configExempleSmtp: 'smtp://utilisateur:motdepasse@hôte:587',
  configExempleSmpp: 'smpp://identifiant:motdepasse@hôte:2775',
  configExempleRedis: 'redis://hôte:6379',
  configDrapeau: 'doit valoir 1 ou 0 (reçu « {valeur} »)',
  configPoolerSansBase: 'ne vaut que pour un serveur PostgreSQL (DATABASE_URL)',
  configPoolerEcoute:
    'est obligatoire avec DATABASE_TRANSACTION_POOLER=1\u00a0: l’écoute des modifications de comptes (LISTEN) demande une connexion directe à PostgreSQL, sans le pooler (docs/operations.md)',
  configPoolerDelaiRequete:
    'n’est pas transmis à travers un pooler en mode transaction\u00a0: fixez-le sur le rôle PostgreSQL (ALTER ROLE … SET statement_timeout) et laissez cette variable vide (docs/operations.md)',
  configLongueurMin: 'doit contenir au moins {n} caractères',
  expediteurMails: 'CENOU Hébergement',
  consoleRacineIntrouvable: 'Racine du projet introuvable (pas de package.json au-dessus de {dossier})',
  consoleRouteSansControle: 'Route sans contrôle d’accès\u00a0: {route}',
  consoleBaseInaccessible: 'Impossible d’ouvrir la base de données (DATABASE_URL={url})\u00a0: {erreur}',
  consoleBaseEmbarqueeInaccessible:
    'Impossible d’ouvrir la base de données embarquée ({dossier})\u00a0: {erreur}',
  consoleEcouteComptesRetablie: 'Écoute des modifications de comptes rétablie.',
  consoleEcouteComptesInterrompue:
    'Écoute des modifications de comptes interrompue\u00a0: chaque appel relit son compte en attendant la reconnexion.',
  consoleRedisIndisponible:
    'Redis (REDIS_URL) injoignable\u00a0: les limites de requêtes sont comptées par chaque instance en attendant son retour ({erreur}).',
  consoleRedisConnexionFermee: 'connexion fermée',
  consoleRedisRetabli:
    'Redis (REDIS_URL) rejoint\u00a0: les limites de requêtes sont de nouveau communes à toutes les instances.',
  consoleHachageDeTest:
    'PASSWORD_HASH_COST=test\u00a0: les mots de passe sont hachés au coût réservé aux tests, trop faible pour de vrais comptes. Retirez ce réglage hors des tests.',
  consoleEcouteComptesIndisponible:
    'Écoute des modifications de comptes indisponible\u00a0: chaque appel relit son compte.',
  consolePremierAdmin:
    'Premier administrateur créé\u00a0: identifiant « {identifiant} », mot de passe « {motDePasse} » (affiché une seule fois).',
  consolePremierAdminMotDePasseFourni:
    'Premier administrateur créé\u00a0: identifiant « {identifiant} » (mot de passe de ADMIN_PASSWORD).',
  consoleCompteDemo:
    'Compte de démonstration ({description})\u00a0: identifiant « {identifiant} », mot de passe « {motDePasse} » (affiché une seule fois).',
  consoleComptesTitre: 'Comptes pour essayer la plateforme',
  consoleComptesLigne: 'identifiant\u00a0: {identifiant}    mot de passe\u00a0: {motDePasse}',
  consoleComptesAvertissement: 'Ces mots de passe ne sont affichés qu’une fois\u00a0: notez-les.',
  consoleArretDemande: '{signal} reçu\u00a0: arrêt en cours (les requêtes en cours se terminent).',
  consoleArretDrain:
    '{signal} reçu\u00a0: l’instance se retire (santé en 503) et sert encore {ms} ms, le temps que le répartiteur l’écarte.',
  consoleArretImmediat: '{signal} reçu une seconde fois\u00a0: arrêt immédiat.',
  santeArret: 'Cette instance s’arrête\u00a0: les requêtes vont aux autres instances.',
  consoleInitialisationAttente:
    'Une autre instance initialise la base de données\u00a0: attente de la fin de son initialisation…',
  consolePanneEnregistree:
    'Panne de la plateforme enregistrée du {debut} au {fin}\u00a0: {n} {n|date limite de réponse reportée|dates limites de réponse reportées}.',
  consoleArretTermine: 'Arrêt terminé.',
  consoleArretIncomplet: 'arrêt incomplet',
  consoleEcouteImpossible: 'Impossible d’écouter sur {adresse}\u00a0: {erreur}',
  consolePret: 'CENOU Hébergement prêt sur {url}',
  consoleRequeteRecue: 'requête reçue',
  consoleReponseEnvoyee: 'réponse envoyée',
  consoleServeurEcoute: 'serveur à l’écoute sur {adresse}',
  consoleDuree: 'en {ms} ms',

  // --- the reference deployment on one machine (npm run deploy:local, docs/operations.md) ---
  deploiementUsage:
    'Usage\u00a0: npm run deploy:local -- [--instances N] [--port PORT] [--dir DOSSIER] [--database-url URL] [--redis-url URL | --no-redis] [--drain-ms MS]\n        npm run deploy:local -- --rolling-restart [--dir DOSSIER]',
  deploiementBase: 'Base de données\u00a0: {url}{creee}',
  deploiementBaseCreee: ' (créée)',
  deploiementRedis: 'Redis\u00a0: {url}{lance}',
  deploiementRedisLance: ' (lancé pour ce déploiement)',
  deploiementSansRedis: 'Sans Redis\u00a0: chaque instance compte ses limites de requêtes.',
  deploiementConstruction: 'Construction du client web et du serveur (si nécessaire)…',
  deploiementInstanceDemarree: '{nom} démarrée sur le port {port} (PID {pid}).',
  deploiementInstanceArretee: '{nom} ne répond pas ou s’est arrêtée\u00a0: voir {journal}',
  deploiementHaproxyEchec:
    'HAProxy n’a pas démarré ou ne voit pas les instances\u00a0: voir {fichier} et haproxy.log à côté.',
  deploiementPret:
    'Déploiement prêt\u00a0: {url} (HAProxy devant {n} instances). Ctrl-C arrête tout\u00a0; SIGHUP ou « npm run deploy:local -- --rolling-restart » redémarre les instances une à une.',
  deploiementStatistiques: 'Statistiques HAProxy\u00a0: http://127.0.0.1:{port}/',
  deploiementRedemarrage: 'Redémarrage de {nom}\u00a0: SIGTERM, attente de son arrêt…',
  deploiementInstanceRetablie: '{nom} redémarrée et remise en service par HAProxy.',
  deploiementArretAnormal: '{nom} s’est arrêtée avec le code {code}.',
  deploiementRedemarrageTermine: 'Redémarrage progressif terminé.',
  deploiementRedemarrageEnCours: 'Un redémarrage progressif est déjà en cours.',
  deploiementArret: 'Arrêt du déploiement (HAProxy, puis chaque instance)…',
  deploiementArrete: 'Déploiement arrêté.',
  deploiementAucun:
    'Aucun déploiement en marche dans {dossier} (pas de etat.json, ou son processus est arrêté).',
  deploiementBaseRequise: 'Le déploiement de référence demande PostgreSQL (DATABASE_URL)\u00a0: {erreur}',
  deploiementHaproxyAbsent: 'HAProxy introuvable ({chemin})\u00a0: installez le paquet Debian haproxy.',
  deploiementEchec: 'Échec du déploiement\u00a0: {erreur}',

  // --- mobile money (docs/payments.md) ---
  paiementTelephoneInvalide:
    'Saisissez un numéro du Burkina Faso\u00a0: 8 chiffres, par exemple 70 12 34 56.',
  paiementOperateurInconnu: 'Choisissez un opérateur de paiement mobile de la liste.',
  paiementMontantMinimum:
    'Le montant doit être d’au moins {minimum}\u00a0: une échéance, ou tout le reste à payer s’il est moindre.',
  paiementDejaEnCours:
    'Un paiement de {montant} est déjà en cours pour ce loyer\u00a0: attendez son résultat avant de payer à nouveau.',
  paiementFournisseurIndisponible:
    'Le service de paiement mobile ne répond pas pour l’instant\u00a0: réessayez dans quelques minutes.',
  paiementRefuseOperateur:
    'L’opérateur a refusé la demande de paiement\u00a0: vérifiez le numéro et l’opérateur, puis réessayez.',
  paiementDescription: 'Loyer CENOU, affectation n°\u00a0{id}',
  notificationSignatureInvalide: 'Signature de la notification absente, invalide ou expirée.',
  // The USSD menu and the staff's USSD phone (docs/ussd.md).
  ussdSecretInvalide: 'Secret de la passerelle USSD absent ou invalide.',
  ussdSessionInvalide: 'Identifiant de session USSD invalide.',
  ussdTexteInvalide: 'Les saisies USSD sont des chiffres séparés par *.',
  menuUssd: 'Téléphone USSD',
  ussdTitre: 'Téléphone USSD',
  ussdIntro:
    'Ce téléphone parcourt le menu USSD des étudiants comme un téléphone sans internet\u00a0: chaque saisie passe par le serveur comme la requête de l’opérateur. Saisissez le numéro d’un étudiant (celui qu’il a vérifié, ou celui du registre).',
  ussdAvertissement:
    'Une réponse à une offre donnée ici est enregistrée pour l’étudiant, comme s’il l’avait donnée de son téléphone, et figure au journal des opérations.',
  ussdNumero: 'Numéro du téléphone',
  ussdNumeroAide: 'Par exemple 70\u00a012\u00a034\u00a056.',
  ussdComposer: 'Composer {code}',
  ussdSaisie: 'Votre choix',
  ussdEnvoyer: 'Envoyer',
  ussdCouper: 'Couper le réseau',
  ussdEcranVide: 'Composez {code} pour ouvrir le menu.',
  ussdSessionCoupee:
    'Session coupée par le réseau. Composez à nouveau dans les 5\u00a0minutes pour reprendre où vous en étiez.',
  ussdSessionTerminee: 'Session terminée.',
  ussdEnvoi: 'Envoi…',
  ussdEcranTelephone: 'Écran du téléphone',
  notificationIllisible: 'Notification illisible\u00a0: un objet JSON est attendu.',
  paiementTitre: 'Payer mon loyer',
  paiementIntro:
    'Le montant est débité de votre compte mobile money\u00a0: confirmez le paiement sur votre téléphone quand l’opérateur vous le demande.',
  paiementLogement: 'Logement',
  paiementOperateur: 'Opérateur',
  paiementTelephone: 'Numéro à débiter',
  paiementTelephoneAide: 'Le numéro de votre compte mobile money, par exemple 70 12 34 56.',
  paiementMontant: 'Montant (FCFA)',
  paiementPayer: 'Payer',
  paiementEnvoi: 'Envoi de la demande…',
  paiementAucuneAffectation: 'Aucun lit ne vous est attribué\u00a0: il n’y a pas de loyer à payer.',
  paiementSimulation:
    'Démonstration\u00a0: aucun argent ne circule. Un numéro qui finit par 0 réussit, par 1 échoue, par 2 reste sans réponse (le paiement est réglé plus tard par la vérification automatique).',
  paiementSuiviTitre: 'Suivi du paiement',
  paiementReference: 'Référence\u00a0: {reference}',
  paiementDetail: '{montant} par {operateur} depuis le {telephone}',
  paiementEnAttente:
    'En attente de votre confirmation\u00a0: validez le paiement sur votre téléphone. Cette page se met à jour d’elle-même.',
  paiementReussi: 'Paiement réussi\u00a0: {montant} reçus. Merci\u00a0!',
  paiementEchoue: 'Le paiement a échoué\u00a0: rien n’a été débité. Vous pouvez réessayer.',
  paiementReessayer: 'Payer à nouveau',
  paiementRetour: 'Retour au tableau de bord',
  paiementVoirLoyer: 'Voir mon loyer',

  // --- receipts (docs/rent.md#receipts) ---
  recuPdfTitre: 'Reçu de paiement de loyer',
  recuPdfIntro: 'Le CENOU atteste avoir reçu le paiement suivant\u00a0:',
  recuPdfReference: 'Référence',
  recuPdfDate: 'Date du paiement',
  recuPdfMontant: 'Montant reçu',
  recuPdfMoyen: 'Moyen de paiement',
  recuPdfNumeroCarnet: 'N° du carnet de reçus',
  recuPdfTelephone: 'Numéro débité',
  recuPdfPayePar: 'Payé par',
  recuPdfAidant: 'un aidant, par procuration (n°\u00a0{id})',
  recuPdfEtudiant: 'Étudiant(e)',
  recuPdfIne: 'INE',
  recuPdfLogement: 'Logement',
  recuPdfLogementValeur: '{cite}, {chambre}, {lit} — année {annee}',
  recuPdfReste: 'Reste à payer après ce paiement',
  recuPdfVerifier: 'Vérifiez ce reçu en scannant le QR code ou à l’adresse\u00a0:',
  recuPdfDelivre: 'Délivré le {date}.',
  recuIndisponible: 'Pas de reçu\u00a0: ce paiement n’a pas (encore) réussi.',
  telechargerRecu: 'Reçu (PDF)',
  telechargerRecuDe: 'Télécharger le reçu du paiement {reference}',
  recuPaiementTelecharge: 'Reçu téléchargé.',
  recuPaiementTitre: 'Vérification d’un reçu ou d’un avis du CENOU',
  recuPaiementValide: 'Reçu valide',
  recuPaiementValideTexte: 'Ce paiement a bien été reçu par le CENOU.',
  recuDegradationValide: 'Avis de dégradation authentique',
  recuDegradationValideTexte: 'Cette dégradation a bien été facturée par le CENOU au départ du résident.',
  recuDegradationPayee: 'Cet avis est entièrement payé.',
  recuDegradationReste: 'Reste à payer sur cet avis\u00a0: {montant}',
  recuNaturePaiement: 'Paiement de loyer',
  recuNatureDegradation: 'Dégradation facturée au départ',
  recuPaiementNature: 'Nature',
  recuPaiementElement: 'Élément',
  recuPaiementIntrouvable: 'Reçu introuvable',
  recuPaiementIntrouvableTexte:
    'Aucun paiement réussi ni aucune dégradation facturée ne porte cette référence. Vérifiez la référence imprimée sur le document.',
  recuPaiementReference: 'Référence\u00a0: {reference}',
  recuPaiementMontant: 'Montant',
  recuPaiementDate: 'Date',
  recuPaiementEtudiant: 'Étudiant',
  recuPaiementMoyen: 'Moyen de paiement',
  recuPaiementCite: 'Cité universitaire',
  loyersPaiementsDe: 'Paiements de {nom}',
  loyersVoirPaiements: 'Paiements',
  loyersVoirPaiementsDe: 'Voir les paiements de {nom}',
  paiementVerification: 'Dernière vérification\u00a0: {heure}',
  menuPaiement: 'Payer mon loyer',
  consolePaiementsSimules:
    'Paiements mobiles simulés (PAIEMENT_URL non défini)\u00a0: aucun argent ne circule, à ne pas utiliser en production.',
  configReglageRenomme:
    'Le réglage {ancien} a changé de nom\u00a0: sa valeur vaut pour {nouveaux} tant qu’ils ne sont pas définis. Renommez-le dans la configuration.',
  configPaiementIncomplet: 'PAIEMENT_URL demande aussi PAIEMENT_CLE et PAIEMENT_SECRET_WEBHOOK.',
  configExemplePaiement: 'https://api.fedapay.com',

  // --- backup and restore (npm run backup / restore, docs/operations.md) ---
  sauvegardeUsage: 'Usage\u00a0: npm run backup -- FICHIER',
  restaurationUsage: 'Usage\u00a0: npm run restore -- FICHIER',
  sauvegardeFichierExiste:
    'Le fichier {fichier} existe déjà\u00a0: choisissez un autre nom (une sauvegarde n’en remplace jamais une autre).',
  sauvegardeBaseEnCours: 'Sauvegarde de la base de données ({base})…',
  sauvegardeDocumentsEnCours: 'Sauvegarde des documents ({dossier})…',
  sauvegardeDocumentsEnBase:
    'Documents stockés dans la base de données (DOCUMENTS_STORE=database)\u00a0: ils sont dans la sauvegarde de la base.',
  sauvegardeDocumentDisparu: 'Document {cle} supprimé pendant la sauvegarde\u00a0: ignoré.',
  sauvegardeFichierIgnore: 'Fichier ignoré (ce n’est pas un document de la plateforme)\u00a0: {fichier}',
  sauvegardeTerminee:
    'Sauvegarde terminée\u00a0: {fichier} ({taille}, {tables} tables, {lignes} lignes, {documents} documents).',
  sauvegardeEchec: 'Échec de la sauvegarde\u00a0: {erreur}',
  sauvegardeEmbarqueeAbsente:
    'Aucune base embarquée dans {dossier}\u00a0: rien à sauvegarder (vérifiez DATA_DIR).',
  sauvegardeEmbarqueeOuverte:
    'La base embarquée {dossier} est ouverte par un serveur en marche, ou n’a pas été fermée proprement. Arrêtez le serveur avant la sauvegarde\u00a0; s’il s’est arrêté brutalement, démarrez-le puis arrêtez-le une fois, et relancez la sauvegarde.',
  sauvegardeOutilIntrouvable:
    'Commande {outil} introuvable\u00a0: installez le paquet postgresql-client (Debian) de la même version majeure que le serveur, ou au-dessus.',
  sauvegardeOutilEchec: '{outil} a échoué (code {code})\u00a0: {erreur}',
  restaurationPasUneSauvegarde:
    'Le fichier {fichier} n’est pas une sauvegarde de la plateforme (npm run backup).',
  restaurationFormatRecent:
    'Cette sauvegarde est au format {version}, plus récent que celui que cette version de la plateforme sait lire ({connu})\u00a0: restaurez-la avec une version plus récente.',
  restaurationTypeBase:
    'Cette sauvegarde vient d’une base {source}\u00a0; la base visée est {cible}. Une sauvegarde se restaure dans une base du même type (docs/operations.md).',
  restaurationTypeDocuments:
    'Les documents de cette sauvegarde étaient stockés en mode {source}\u00a0; la plateforme est configurée en mode {cible} (DOCUMENTS_STORE). Restaurez avec le même mode, puis changez-en si besoin.',
  restaurationBaseNonVide:
    'La base visée n’est pas vide ({tables} tables)\u00a0: une restauration se fait dans une base neuve. Créez une base vide (createdb) et relancez\u00a0; rien n’a été modifié.',
  restaurationEmbarqueeNonVide:
    'Le dossier {dossier} contient déjà une base embarquée\u00a0: une restauration se fait dans un DATA_DIR neuf. Choisissez un autre DATA_DIR (ou déplacez ce dossier) et relancez\u00a0; rien n’a été modifié.',
  restaurationDocumentsNonVide:
    'Le dossier des documents {dossier} n’est pas vide\u00a0: une restauration se fait dans un DATA_DIR neuf\u00a0; rien n’a été modifié.',
  restaurationAbimee: 'La sauvegarde est abîmée ou incomplète ({detail})\u00a0: rien n’a été restauré.',
  restaurationEnCours:
    'Restauration de la sauvegarde du {date} (version {version} de la plateforme, base {base}, documents\u00a0: {documents})…',
  restaurationComptesDifferents:
    'Après restauration, la table {table} compte {trouve} lignes au lieu de {attendu}.',
  restaurationVerifiee:
    'Vérifié\u00a0: {tables} tables aux mêmes nombres de lignes ({lignes} lignes), {documents} documents aux mêmes empreintes SHA-256.',
  restaurationMigrations: 'Migrations appliquées depuis la sauvegarde\u00a0: {migrations}.',
  restaurationMigrationsAJour: 'Schéma à jour\u00a0: aucune migration à appliquer.',
  restaurationTerminee: 'Restauration terminée\u00a0: le serveur peut démarrer sur ces données.',
  restaurationEchec: 'Échec de la restauration\u00a0: {erreur}',
  restaurationEchecBaseModifiee:
    'La base visée a pu être en partie écrite\u00a0: supprimez-la et recréez-la vide avant de relancer.',
  sauvegardeBaseEmbarquee: 'embarquée (PGlite)',
  sauvegardeBasePostgres: 'PostgreSQL',
  sauvegardeStockageDossier: 'dossier',
  sauvegardeStockageBase: 'base de données',

  // --- life in the cité (docs/life-in-the-cite.md) ---
  citesAgentSansObjet: 'Seul un agent de cité est rattaché à des cités. Laissez ce champ vide.',
  citesAgentObligatoire: 'Choisissez au moins une cité.',
  cleDejaRemise: 'La clé de ce lit a déjà été remise pour cette affectation.',
  affectationTerminee: 'Cette affectation est annulée ou terminée.',
  etatDesLieuxSansCle: 'L’état des lieux d’entrée se remplit une fois la clé remise.',
  etatDesLieuxDelaiDepasse: `Le délai de ${INVENTORY_HOURS}\u00a0heures après la remise de la clé est dépassé\u00a0: l’état des lieux de l’agent fait foi.`,
  etatDesLieuxDejaValide: 'Cet état des lieux est déjà contresigné\u00a0: il ne peut plus être modifié.',
  etatDesLieuxSortieAgent: 'L’état des lieux de sortie est rempli par un agent de la cité.',
  etatDesLieuxSortieSansEntree:
    'L’état des lieux de sortie se remplit une fois celui d’entrée rempli\u00a0: remplissez d’abord l’état des lieux d’entrée du résident.',
  etatDesLieuxElementInconnu: 'Cet élément ne fait pas partie de l’inventaire de cette chambre.',
  etatDesLieuxElementsManquants: 'Indiquez l’état de chaque élément de l’inventaire.',
  etatDesLieuxElementDouble: 'Cet élément est indiqué deux fois.',
  etatDesLieuxPhotosTrop: `Au plus ${PHOTOS_PER_ELEMENT}\u00a0photos par élément.`,
  photoIntrouvable: 'Cette photo est introuvable ou a expiré\u00a0: envoyez-la de nouveau.',
  photosJpegPngSeulement: 'Seules les photos JPEG ou PNG sont acceptées.',
  photoTropGrande: `Une photo dépasse ${limitKo(PHOTO_MAX_BYTES)}\u00a0: réduisez-la puis réessayez.`,
  etatDesLieuxEnregistre: 'État des lieux enregistré.',
  etatDesLieuxContresigne: 'État des lieux contresigné.',
  cleRemise: 'Remise de la clé enregistrée.',
  menuArrivee: 'Mon arrivée',
  menuAgentsCite: 'Agents de cité',
  arriveeEnCite: 'Arrivée en cité',
  menuDepart: 'Mon départ',
  departDeCite: 'Départ de la cité',
  menuResidents: 'Résidents',
  etatDesLieuxEntree: 'd’entrée',
  etatDesLieuxSortie: 'de sortie',
  auditRemiseCle: 'Clé {code} remise à {etudiant} ({lieu}).',
  auditEtatDesLieux: 'État des lieux {type} de {etudiant} ({lieu}).',
  auditContreseing: 'État des lieux {type} de {etudiant} contresigné.',

  // --- repairs in the cités (docs/life-in-the-cite.md#repairs) ---
  interventionCreee: 'Demande d’intervention enregistrée.',
  menuSignaler: 'Signaler un problème',
  menuMesDemandes: 'Mes demandes',
  menuInterventions: 'Demandes d’intervention',
  interventionMiseAJour: 'Demande d’intervention mise à jour.',
  interventionPhotosTrop: 'Au plus 5\u00a0photos par demande.',
  interventionChambreOuLieu: 'Indiquez soit la chambre, soit la cité et le lieu commun.',
  interventionLieuObligatoire: 'Indiquez le lieu commun de la cité.',
  interventionHorsResidence:
    'Vous ne pouvez signaler un problème que pour votre chambre ou les lieux communs de votre cité.',
  interventionCoteInterdit:
    'Ce changement d’état revient à l’autre partie (l’agent de la cité ou le résident).',
  interventionLectureSeule: 'Vous pouvez consulter les demandes d’intervention, mais pas les modifier.',
  interventionMouvementImpossible: 'Ce changement d’état n’est pas possible pour cette demande.',
  interventionDelaiPasse:
    'Les 7\u00a0jours pour confirmer ou rouvrir cette demande sont passés\u00a0: elle est close.',
  interventionsTitre: 'Demandes d’intervention',
  interventionsPdfTitre: 'Demandes d’intervention ({date})',
  interventionsCitesTitre: 'Occupation et demandes d’intervention par cité',
  interventionsCitesFeuille: 'Par cité',
  colonneNumeroIntervention: 'N°',
  colonneCategorieIntervention: 'Catégorie',
  colonnePrioriteIntervention: 'Priorité',
  colonneStatutIntervention: 'État',
  colonneAuteurIntervention: 'Signalée par',
  colonneChambreIntervention: 'Chambre',
  colonneCiteIntervention: 'Cité',
  colonneLieuIntervention: 'Lieu',
  colonneDescription: 'Description',
  colonneEcheance: 'Échéance',
  colonneEnRetard: 'Délai dépassé',
  colonneSignaleeLe: 'Signalée le',
  colonneResolueLe: 'Résolue le',
  colonneLitsCite: 'Lits',
  colonneLitsOccupes: 'Lits attribués',
  colonneTauxOccupation: 'Taux d’occupation (%)',
  colonneOuvertes: 'Ouvertes',
  colonneRetards: 'Ouvertes en retard',
  colonneDelaiMedian: 'Délai médian de résolution (heures)',
  interventionChambre: 'Chambre {chambre}',
  auditIntervention: 'Demande d’intervention n°\u00a0{numero} ({lieu})\u00a0: {statut}.',
  departSansEtatDesLieuxSortie:
    'Le départ s’enregistre une fois l’état des lieux de sortie rempli par un agent de la cité.',
  departDateFuture: 'La date de départ ne peut pas être postérieure à aujourd’hui.',
  departDateAvantCle: 'La date de départ ne peut pas précéder la remise de la clé.',
  departEnregistre: 'Départ enregistré\u00a0: le lit est libre.',
  degradationSansEtatsDesLieux:
    'Une dégradation se facture une fois les états des lieux d’entrée et de sortie remplis.',
  degradationPasPire:
    'Cet élément n’est pas en plus mauvais état à la sortie qu’à l’entrée\u00a0: rien à facturer.',
  degradationDejaFacturee: 'Une dégradation a déjà été facturée pour cet élément.',
  degradationEnregistree: 'Dégradation facturée.',
  auditDepart: 'Départ de {etudiant} le {date} ({lieu}).',
  auditDegradation: 'Dégradation facturée à {etudiant}\u00a0: {element}, {montant} ({motif}).',
  loyerJournalDegradation: 'Dégradation\u00a0: {element} — {motif}',
  loyerJournalDepart: 'Départ de la cité',
  recuDegradationTitre: 'Avis de dégradation',
  recuDegradationIntro:
    'Le Centre national des œuvres universitaires a porté au compte de l’étudiant la dégradation ci-dessous, constatée en comparant les états des lieux d’entrée et de sortie. Cet avis n’est pas un reçu de paiement.',
  recuDegradationElement: 'Élément',
  recuDegradationMotif: 'Motif',
  recuDegradationEtats: 'États constatés',
  recuDegradationEtatsValeur: 'entrée\u00a0: {entree}, sortie\u00a0: {sortie}',
  recuDegradationInventaires: 'États des lieux',
  recuDegradationInventairesValeur:
    'entrée n°\u00a0{entree} du {dateEntree}, sortie n°\u00a0{sortie} du {dateSortie}',
  recuDegradationDu: 'Reste à payer',
  recuDegradationDuDetail: '{total}, dont {degradations} de dégradations et {loyer} de loyer',
  recuDegradationDuSeul: '{total}, pour les dégradations',
  recuDegradationRienDu: 'rien, le compte est soldé',
  recuDegradationTropPercu: 'rien ; un trop-perçu de {montant} vous sera remboursé au guichet de la cité',
  recuDegradationOuPayer:
    'À régler au guichet de la cité (en espèces) ou par mobile money depuis la page « Mon loyer ».',
  recuDegradationDate: 'Date de la facturation',
  recuDegradationMontant: 'Montant facturé',
  recuDegradationLogementValeur: '{cite}, {chambre}, {lit}',
  recuDegradationVerifier: 'Vérifiez cet avis en scannant le QR code ou à l’adresse\u00a0:',
  // The mails (src/server/mail/templates.ts): subjects, greeting, lines and footer.
  mailPied: 'Centre national des œuvres universitaires (CENOU) — service de l’hébergement.',
  mailBonjour: 'Bonjour {nom},',
  mailConnexion: 'Connexion\u00a0: {url}',
  mailSeConnecter: 'Se connecter',
  mailMotDePasse: 'Mot de passe\u00a0: {motDePasse}',
  mailCode: 'Code de vérification\u00a0: {code}',
  mailIdentifiant: 'Identifiant\u00a0: {identifiant}',
  mailIdentifiantIne: 'Identifiant (INE)\u00a0: {identifiant}',
  mailNumeroDossier: 'Numéro de dossier\u00a0: {reference}',
  mailTableauDeBord: 'Tableau de bord\u00a0: {url}',
  mailReference: 'Référence\u00a0: {reference}',
  mailDateHeure: '{date} à {heure}',
  mailSujetCompteCree: 'CENOU Hébergement\u00a0: votre compte est créé',
  mailCompteCree: 'Votre compte sur la plateforme d’hébergement du CENOU est créé.',
  mailCopierMotDePasse:
    'Copiez-collez ce mot de passe pour vous connecter, puis changez-le depuis votre profil.',
  mailSujetMotDePasseReinitialise: 'CENOU Hébergement\u00a0: votre mot de passe a été réinitialisé',
  mailMotDePasseReinitialise: 'Votre mot de passe a été réinitialisé par un administrateur.',
  mailConnexionsFermees: 'Les connexions ouvertes avec l’ancien mot de passe sont fermées.',
  mailSujetDepot: 'CENOU Hébergement\u00a0: dépôt de dossier effectué ({reference})',
  mailDepotEffectue: 'Dépôt de dossier effectué\u00a0!',
  mailDepotDepose: 'Votre dossier de demande de logement a bien été déposé.',
  mailDateDepot: 'Date de dépôt\u00a0: {date}',
  mailConserverNumero: 'Conservez ce numéro\u00a0: il vous sera demandé pour toute réclamation.',
  mailSuivreDossier: 'Suivez votre dossier depuis votre tableau de bord\u00a0: {url}',
  mailSujetResultat: 'CENOU Hébergement\u00a0: résultat de votre demande {reference}',
  mailResultatAdmis: 'Félicitations\u00a0: vous êtes admis(e) à la cité universitaire.',
  mailResultatAttente: 'Vous êtes inscrit(e) sur la liste d’attente.',
  mailResultatAttenteRang: 'Vous êtes inscrit(e) sur la liste d’attente au rang {rang}.',
  mailResultatNonAdmis: 'Nous avons le regret de vous informer que votre demande n’a pas été retenue.',
  mailListe: 'Liste\u00a0: {liste}.',
  mailListeRang: 'Liste\u00a0: {liste}, rang {rang}.',
  mailMoyenne: 'Votre moyenne de classement (critères validés)\u00a0: {moyenne} / 20.',
  mailRepondreAvant: 'Acceptez ou refusez cette offre depuis votre tableau de bord avant le {date}.',
  mailDetailTableauDeBord: 'Le détail est disponible dans votre tableau de bord.',
  mailSujetLitAttribue: 'CENOU Hébergement\u00a0: un lit vous est attribué',
  mailSujetLitDeplace: 'CENOU Hébergement\u00a0: votre lit a changé',
  mailLitAttribue: 'Un lit vous est attribué en cité universitaire.',
  mailLitDeplace: 'Votre affectation en cité universitaire a été modifiée.',
  mailCite: 'Cité\u00a0: {cite}',
  mailBatimentChambreLit: 'Bâtiment\u00a0: {batiment} — chambre\u00a0: {chambre} — lit\u00a0: {lit}',
  mailLoyerMensuel: 'Loyer mensuel\u00a0: {montant}',
  mailCodeAttestation: 'Code de vérification de votre attestation\u00a0: {code}',
  mailTelechargerAttestation:
    'Téléchargez votre attestation de logement depuis votre tableau de bord\u00a0: {url}',
  mailSujetRappelOffre: 'CENOU Hébergement\u00a0: répondez à votre offre avant le {date}',
  mailRappelOffre:
    'Vous êtes admis(e) à la cité universitaire (liste\u00a0: {liste}) et vous n’avez pas encore répondu à cette offre.',
  mailRappelOffreDelai:
    'Acceptez-la ou refusez-la depuis votre tableau de bord avant le {date}\u00a0: passé ce délai, elle expire et votre place est donnée au suivant de la liste d’attente.',
  mailSujetPromotion: 'CENOU Hébergement\u00a0: une place vous est proposée ({reference})',
  mailPromotion:
    'Bonne nouvelle\u00a0: une place s’est libérée et vous quittez la liste d’attente. Vous êtes admis(e) à la cité universitaire.',
  mailSujetRetrait: 'CENOU Hébergement\u00a0: votre admission est retirée ({reference})',
  mailRetrait: 'Votre admission à la cité universitaire a été retirée par le CENOU.',
  mailMotif: 'Motif\u00a0: {motif}.',
  mailMotifCommentaire: 'Motif\u00a0: {motif} — {commentaire}.',
  mailRetraitLit:
    'Si un lit vous avait été attribué, il est libéré et votre attestation de logement n’est plus valable.',
  mailSujetOffreExpiree: 'CENOU Hébergement\u00a0: votre offre d’admission a expiré ({reference})',
  mailOffreExpiree:
    'Vous n’avez pas répondu à votre offre d’admission avant la date limite\u00a0: elle a expiré et votre place a été proposée au suivant de la liste d’attente.',
  mailSujetCode: 'CENOU Hébergement\u00a0: votre code pour changer de mot de passe',
  mailCodeDemande: 'Un nouveau mot de passe a été demandé pour le compte {identifiant}.',
  mailCodeValable:
    'Ce code est valable {minutes} minutes. Saisissez-le avec votre nouveau mot de passe\u00a0: {url}',
  mailCodeIgnorer: 'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe ne change pas.',
  mailSujetPaiement: 'CENOU Hébergement\u00a0: paiement de {montant} reçu',
  mailPaiementRecu: 'Nous avons bien reçu votre paiement de loyer de {montant} le {date} ({moyen}).',
  mailMoyenCarnet: '{moyen}, n°\u00a0du carnet de reçus {numero}',
  mailResteApresPaiement: 'Reste à payer après ce paiement\u00a0: {reste}',
  mailTelechargerRecu: 'Téléchargez votre reçu (PDF) depuis «\u00a0Mon loyer\u00a0»\u00a0: {url}',
  mailVerifierRecu: 'Toute personne peut vérifier ce reçu à l’adresse\u00a0: {url}',
  mailSujetRemboursement: 'CENOU Hébergement\u00a0: remboursement de {montant}',
  mailRemboursementVerse:
    'Un remboursement de {montant} vous a été versé le {date} ({moyen}, pièce n°\u00a0{piece}).',
  mailTropPercuRestant: 'Trop-perçu restant après ce remboursement\u00a0: {credit}',
  mailDetailLoyer: 'Le détail de votre loyer est sur «\u00a0Mon loyer\u00a0»\u00a0: {url}',
  mailSujetRappelCreneau: 'CENOU Hébergement\u00a0: votre créneau pour choisir votre chambre est ouvert',
  mailRappelCreneau: 'Votre créneau pour choisir votre chambre en cité universitaire est ouvert.',
  mailRappelCreneauFin: 'Vous pouvez choisir jusqu’au {fin}, seul(e) ou avec votre groupe.',
  mailSansChoix: 'Sans choix à la fin de la campagne, un lit vous sera attribué par le CENOU.',
  mailSujetCreneau: 'CENOU Hébergement\u00a0: choisissez votre chambre à partir du {debut}',
  mailCreneauChoix:
    'Vous avez accepté votre place en cité universitaire\u00a0: vous choisissez vous-même votre chambre, seul(e) ou avec jusqu’à trois ami(e)s.',
  mailCreneauOuvre: 'Votre créneau s’ouvre le {debut}\u00a0; vous pouvez choisir jusqu’au {fin}.',
} as const;

export type MessageKey = keyof typeof messages;

export function msg(key: MessageKey): string {
  return messages[key];
}

// The labels of enumeration values and of the audit log's actions are in messages-labels.ts, imported
// from there (not re-exported here: the entry script, which needs `fill`, would carry them).

/**
 * Fills `{name}` placeholders of a catalogue text, and chooses the words a count agrees with:
 * `{n|critère renseigné|critères renseignés}` is the first form when `n` is 0 or 1 (French puts
 * both in the singular), the second from 2 on (docs/messages.md#counts).
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return agree(text, values).replace(/\{(\w+)\}/g, (all, key: string) =>
    key in values ? String(values[key]) : all,
  );
}

/** `fill`'s first step: each `{n|singular|plural}` made the form its count takes (a count that is no number: kept). */
export function agree(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (all, key: string, one: string, many: string) => {
    const value = values[key];
    if (typeof value !== 'number' && typeof value !== 'string') return all;
    const n = Number(String(value).replace(/[\s\u00a0\u202f]/g, ''));
    if (!Number.isFinite(n)) return all;
    return Math.abs(n) < 2 ? one : many;
  });
}
