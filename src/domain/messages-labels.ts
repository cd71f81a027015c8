/**
 * The labels of enumeration values and of the audit log's actions: a part of the one catalogue
 * (docs/messages.md), in its own module so that only the code that shows such a label loads them
 * (a visitor's first page does not: docs/decisions/083-first-load-margin-and-lighthouse.md).
 * `messages.ts` re-exports them; the same rules: no-break space (U+00A0) before : ; ! ?, the
 * apostrophe ’.
 */

/** Actions of the audit log (journal des opérations), with their labels. */
export const auditActionLabels = {
  CREER: 'Création',
  MODIFIER: 'Modification',
  SUPPRIMER: 'Suppression',
  REINITIALISER_MOT_DE_PASSE: 'Réinitialisation du mot de passe',
  CHANGER_MOT_DE_PASSE: 'Changement du mot de passe',
  MOT_DE_PASSE_OUBLIE: 'Nouveau mot de passe par code (mot de passe oublié)',
  VERIFIER_TELEPHONE: 'Numéro de téléphone vérifié',
  RETIRER_TELEPHONE: 'Numéro de téléphone vérifié retiré',
  IMPORTER: 'Import',
  CREER_COMPTE: 'Création d’un compte étudiant',
  DEPOSER: 'Dépôt d’un dossier',
  MODIFIER_DOSSIER: 'Modification d’un dossier',
  PUBLIER: 'Publication de la délibération',
  ANALYSER: 'Analyse de dossier',
  AFFECTER: 'Affectation d’un lit',
  REPONDRE_OFFRE: 'Réponse à une offre d’admission',
  SIMULER_USSD: 'Saisie sur le téléphone USSD de démonstration',
  RETIRER_ADMISSION: 'Retrait d’une admission',
  EXPIRER_OFFRE: 'Expiration d’une offre d’admission',
  PROMOUVOIR: 'Promotion depuis la liste d’attente',
  DEPLACER_AFFECTATION: 'Déplacement d’une affectation',
  ANNULER_AFFECTATION: 'Annulation d’une affectation',
  ENCAISSER: 'Encaissement d’un loyer',
  PAYER_MOBILE_MONEY: 'Paiement de loyer par mobile money',
  REMBOURSER: 'Remboursement d’un trop-perçu',
  ANNULER_RESERVATION: 'Annulation d’une réservation de chambre',
  RESERVER_CHAMBRE: 'Réservation d’une chambre',
  PROLONGER_RESERVATION: 'Prolongation d’une réservation de chambre',
  CONFIRMER_CHOIX: 'Confirmation d’un choix de chambre',
  CREER_GROUPE: 'Création d’un groupe d’amis',
  REPONDRE_GROUPE: 'Réponse à une invitation dans un groupe d’amis',
  QUITTER_GROUPE: 'Départ d’un groupe d’amis',
  REMETTRE_CLE: 'Remise d’une clé',
  ETAT_DES_LIEUX: 'État des lieux',
  CONTRESIGNER_ETAT_DES_LIEUX: 'Contreseing d’un état des lieux',
  DONNER_PROCURATION: 'Procuration donnée',
  REVOQUER_PROCURATION: 'Procuration révoquée',
  UTILISER_PROCURATION: 'Connexion d’un aidant par procuration',
  ENREGISTRER_BROUILLON: 'Brouillon de dossier enregistré',
  PAYER_PAR_PROCURATION: 'Paiement de loyer lancé par un aidant',
  DEPART: 'Départ d’un résident',
  FACTURER_DEGRADATION: 'Facturation d’une dégradation',
} as const;

export type AuditAction = keyof typeof auditActionLabels;

/**
 * The actions the journal records, in the catalogue's order: the values of `audit_log.action` in the
 * schema (src/server/db/schema/accounts.ts), so that the journal's list types its action from there.
 */
export const AUDIT_ACTIONS = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

/**
 * Labels of enumeration values, as shown to people, per enumeration: one value may mean two things
 * (`ANALYSE` is a session phase and a dossier status). An enumeration is named after the API field
 * that holds it (`etatSession`, `statutDossier`, `sexeEtudiant`…).
 */
const SEXE = { M: 'Masculin', F: 'Féminin' } as const;
export const enumLabels = {
  role: {
    ROLE_HEBERGEMENT_ADMIN: 'Administrateur',
    ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU: 'Gestionnaire CENOU',
    ROLE_HEBERGEMENT_GESTIONNAIRE_DR: 'Gestionnaire de direction régionale',
    ROLE_HEBERGEMENT_ETUDIANT: 'Étudiant',
    ROLE_HEBERGEMENT_AGENT_CITE: 'Agent de cité',
  },
  etatSession: { INSCRIPTION: 'Inscription', ANALYSE: 'Analyse', DELIBERATION: 'Délibération' },
  statutSession: { OUVERT: 'Ouverte', FERME: 'Fermée', SUSPENDU: 'Suspendue' },
  statutItem: { OBLIGATOIRE: 'Obligatoire', FACULTATIF: 'Facultatif' },
  etatChoix: {
    CHOISI: 'Chambre choisie',
    EN_RESERVATION: 'Réservation en cours',
    EN_ATTENTE: 'En attente de choix',
    PAS_ENCORE_OUVERT: 'Créneau pas encore ouvert',
    SANS_CHOIX: 'Sans choix',
  },
  listeDeliberation: {
    READMISSIONS: 'Réadmissions',
    PUPILLES: 'Pupilles de la Nation',
    ETRANGERS: 'Étrangers',
    NATIONAUX: 'Nationaux',
  },
  sexe: { ...SEXE, MIXTE: 'Mixte' },
  sexeEtudiant: SEXE,
  typePays: { NATIONAL: 'National', ETRANGER: 'Étranger' },
  valeurAnalyse: { VALIDE: 'Valide', INVALIDE: 'Invalide', INJUSTIFIE: 'Injustifié' },
  statutDossier: {
    DEPOSE: 'Déposé',
    ANALYSE: 'Analysé',
    ADMIS: 'Admis',
    LISTE_ATTENTE: 'Liste d’attente',
    NON_ADMIS: 'Non admis',
    DESISTE: 'Désisté',
  },
  typeDossier: { NOUVEAU: 'Nouveau', RENOUVELLEMENT: 'Renouvellement' },
  codeTypePaiement: { MOBILE_MONEY: 'Mobile money', ESPECES: 'Espèces', VIREMENT: 'Virement' },
  statutPaiement: { EN_ATTENTE: 'En attente', REUSSI: 'Réussi', ECHOUE: 'Échoué' },
  statutEcheance: { PAYEE: 'Payée', PARTIELLE: 'Payée en partie', ECHUE: 'Échue', A_VENIR: 'À venir' },
  admis: { OUI: 'Oui', NON: 'Non' },
  reponse: {
    EN_ATTENTE: 'En attente de réponse',
    ACCEPTE: 'Acceptée',
    REFUSE: 'Refusée',
    EXPIRE: 'Expirée',
    RETIRE: 'Retirée',
  },
  // The same answer as the student reads it of itself (« Votre réponse : … »): « Refusée » read as
  // a refusal by the agency.
  reponseEtudiant: {
    EN_ATTENTE: 'En attente',
    ACCEPTE: 'Place acceptée',
    REFUSE: 'Renonciation à la place',
    EXPIRE: 'Aucune réponse avant la date limite',
    RETIRE: 'Admission retirée',
  },
  motif: {
    DESISTEMENT: 'Désistement',
    ABSENCE_DE_REPONSE: 'Absence de réponse',
    FAUSSE_DECLARATION: 'Fausse déclaration',
    INSCRIPTION_ANNULEE: 'Inscription annulée',
    AUTRE: 'Autre',
  },
  evenement: {
    DEPOT: 'Dossier déposé',
    MODIFICATION: 'Dossier modifié',
    ANALYSE: 'Dossier analysé',
    PUBLICATION: 'Publication des résultats',
    OFFRE: 'Offre d’admission',
    RAPPEL: 'Rappel avant la date limite',
    REPONSE_ACCEPTEE: 'Offre acceptée',
    REPONSE_REFUSEE: 'Offre refusée',
    EXPIRATION: 'Offre expirée',
    RETRAIT: 'Admission retirée',
    PROMOTION: 'Promotion depuis la liste d’attente',
    AFFECTATION: 'Lit attribué',
    CHANGEMENT_LIT: 'Changement de lit',
    ANNULATION_AFFECTATION: 'Attribution du lit annulée',
    PAIEMENT: 'Loyer payé',
    REMBOURSEMENT: 'Trop-perçu remboursé',
    DELAI_PROLONGE: 'Délai de réponse prolongé après une panne',
    PROCURATION: 'Acte d’un aidant par procuration',
    ARRIVEE: 'Arrivée dans la cité (clé remise)',
    DEPART: 'Départ de la cité',
  },
  canal: { MAIL: 'E-mail', SMS: 'SMS' },
  canalReponse: { WEB: 'sur le site', SMS: 'par SMS', USSD: 'par USSD' },
  composantPanne: {
    PLATEFORME: 'panne de la plateforme',
    PAIEMENT: 'panne du paiement mobile',
    SMS: 'panne du centre SMS',
  },
  composant: { PLATEFORME: 'Plateforme', PAIEMENT: 'Paiement mobile', SMS: 'SMS' },
  /** What an outage moved (docs/availability.md#the-deadlines-moved-staff). */
  natureReport: { OFFRE: 'Date limite de réponse à l’offre', ECHEANCE: 'Échéance de loyer' },
  etatComposantOk: {
    PLATEFORME: 'La plateforme fonctionne normalement.',
    PAIEMENT: 'Le paiement mobile fonctionne normalement.',
    SMS: 'Les SMS partent normalement.',
  },
  etatComposantPanne: {
    PLATEFORME: 'La plateforme est en panne.',
    PAIEMENT:
      'Le paiement mobile est en panne depuis le {debut}\u00a0: payez au guichet ou réessayez plus tard.',
    SMS: 'Les SMS ne partent plus depuis le {debut}\u00a0: ils partiront dès le retour du service.',
  },
  sourceTelephone: { VERIFIE: 'vérifié', REGISTRE: 'numéro du registre, non vérifié' },
  etatMessage: { EN_ATTENTE: 'En attente', ENVOYE: 'Envoyé', DELIVRE: 'Remis', ECHEC: 'Échec' },
  /** A repair request's fields (docs/life-in-the-cite.md#repairs). */
  statut: {
    NOUVELLE: 'Nouvelle',
    PRISE_EN_CHARGE: 'Prise en charge',
    RESOLUE: 'Résolue',
    REOUVERTE: 'Rouverte',
    CLOTUREE: 'Close',
  },
  categorie: {
    PLOMBERIE: 'Plomberie',
    ELECTRICITE: 'Électricité',
    SERRURERIE: 'Serrurerie',
    MOBILIER: 'Mobilier',
    NUISIBLES: 'Nuisibles',
    AUTRE: 'Autre',
  },
  priorite: { URGENCE: 'Urgence', HAUTE: 'Haute', NORMALE: 'Normale' },
  lieu: {
    SANITAIRES: 'Sanitaires communs',
    CUISINE: 'Cuisine commune',
    COULOIR: 'Couloirs et escaliers',
    SALLE_COMMUNE: 'Salle commune',
    EXTERIEUR: 'Cour et abords',
    AUTRE: 'Autre lieu commun',
  },
  typeMessage: {
    COMPTE_CREE: 'Compte créé',
    MOT_DE_PASSE_REINITIALISE: 'Mot de passe réinitialisé',
    CODE_MOT_DE_PASSE: 'Code de mot de passe oublié',
    RECU_DEPOT: 'Reçu de dépôt',
    RESULTAT: 'Résultat',
    RESULTAT_ADMIS: 'Résultat\u00a0: admis',
    RESULTAT_ATTENTE: 'Résultat\u00a0: liste d’attente',
    RESULTAT_NON_ADMIS: 'Résultat\u00a0: non admis',
    RAPPEL_OFFRE: 'Rappel d’offre',
    DELAI_PROLONGE: 'Délai de réponse prolongé',
    PROMOTION: 'Place proposée',
    RETRAIT_ADMISSION: 'Admission retirée',
    OFFRE_EXPIREE: 'Offre expirée',
    AFFECTATION_LIT: 'Lit attribué',
    DEPLACEMENT_LIT: 'Lit changé',
    CRENEAU_CHOIX: 'Créneau du choix de la chambre',
    RAPPEL_CRENEAU: 'Créneau du choix de la chambre ouvert',
    GROUPE_INVITATION: 'Invitation dans un groupe',
    GROUPE_ACCEPTE: 'Groupe\u00a0: invitation acceptée',
    GROUPE_REFUSE: 'Groupe\u00a0: invitation refusée',
    GROUPE_DEPART: 'Groupe\u00a0: départ d’un membre',
    PAIEMENT_ENREGISTRE: 'Paiement enregistré',
    REMBOURSEMENT_ENREGISTRE: 'Remboursement enregistré',
    ECHEANCE_REPORTEE: 'Échéance de loyer reportée',
    CODE_TELEPHONE: 'Code de vérification du téléphone',
    REPONSE_ACCEPTEE: 'Réponse par SMS\u00a0: acceptée',
    REPONSE_REFUSEE: 'Réponse par SMS\u00a0: refusée',
    REPONSE_HORS_DELAI: 'Réponse par SMS\u00a0: délai passé',
    REPONSE_DEJA_DONNEE: 'Réponse par SMS\u00a0: déjà donnée',
    REPONSE_IMPOSSIBLE: 'Réponse par SMS\u00a0: aucune offre',
    AIDE_REPONSE: 'Aide pour répondre par SMS',
    INTERVENTION_URGENCE: 'Intervention urgente signalée',
    INTERVENTION_RETARD: 'Intervention en retard',
    INTERVENTION_PRISE: 'Intervention prise en charge',
    INTERVENTION_RESOLUE: 'Intervention résolue',
    INTERVENTION_CLOTUREE: 'Intervention close',
  },
  action: auditActionLabels,
} as const satisfies Record<string, Record<string, string>>;

type EnumName = keyof typeof enumLabels;

const isEnumName = (name: string): name is EnumName => Object.hasOwn(enumLabels, name);

/** `enumLabel('etatSession', 'ANALYSE')` → 'Analyse'; an unknown value is shown as it is. */
export function enumLabel(name: EnumName, value: string | null | undefined): string {
  if (value == null) return '';
  const labels: Record<string, string> = enumLabels[name];
  return Object.hasOwn(labels, value) ? labels[value] : value;
}

/**
 * The label of a value of the enumeration held by a field, for generic code that has a field name
 * only (a resource's field, an export column): the value itself when the field holds no known one.
 */
export function fieldEnumLabel(field: string, value: string | null | undefined): string {
  if (value == null) return '';
  return isEnumName(field) ? enumLabel(field, value) : value;
}
