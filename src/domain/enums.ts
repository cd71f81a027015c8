/** Enumerations shared by the server, the client and the database. Values are the API's names. */

export const ROLES = [
  'ROLE_HEBERGEMENT_ADMIN',
  'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
  'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
  'ROLE_HEBERGEMENT_ETUDIANT',
  'ROLE_HEBERGEMENT_AGENT_CITE',
] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN: Role = 'ROLE_HEBERGEMENT_ADMIN';
export const GESTIONNAIRE_CENOU: Role = 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU';
export const GESTIONNAIRE_DR: Role = 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR';
export const ETUDIANT: Role = 'ROLE_HEBERGEMENT_ETUDIANT';
/** An agent of one or more cités: keys, inventories, requests of its cités alone (docs/life-in-the-cite.md). */
export const AGENT_CITE: Role = 'ROLE_HEBERGEMENT_AGENT_CITE';

/** Accepts the full role name or its short form (`ADMIN`, `GESTIONNAIRE_DR`…). */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  const full = v.startsWith('ROLE_HEBERGEMENT_') ? v : `ROLE_HEBERGEMENT_${v}`;
  return (ROLES as readonly string[]).includes(full) ? (full as Role) : null;
}

export const ETATS_SESSION = ['INSCRIPTION', 'ANALYSE', 'DELIBERATION'] as const;
export type EtatSession = (typeof ETATS_SESSION)[number];

export const STATUTS_SESSION = ['OUVERT', 'FERME', 'SUSPENDU'] as const;
export type StatutSession = (typeof STATUTS_SESSION)[number];

export const STATUTS_ITEM = ['OBLIGATOIRE', 'FACULTATIF'] as const;
export type StatutItem = (typeof STATUTS_ITEM)[number];

export const LISTES_DELIBERATION = ['PUPILLES', 'ETRANGERS', 'NATIONAUX'] as const;
export type ListeDeliberation = (typeof LISTES_DELIBERATION)[number];

/**
 * The lists a deliberation admits on (docs/agency-rules.md): READMISSIONS first (the
 * session's `placesReadmission`, for RENOUVELLEMENT dossiers), then the three lists of the criteria.
 * A dossier's `listeDeliberation` holds one of these; a criterion's only one of LISTES_DELIBERATION.
 */
export const LISTES_ADMISSION = ['READMISSIONS', ...LISTES_DELIBERATION] as const;
export type ListeAdmission = (typeof LISTES_ADMISSION)[number];

export const SEXES_BATIMENT = ['M', 'F', 'MIXTE'] as const;
export type SexeBatiment = (typeof SEXES_BATIMENT)[number];

export const SEXES = ['M', 'F'] as const;
export type Sexe = (typeof SEXES)[number];

/** A registry student's country type (docs/accounts.md): the import's and the schema's values. */
export const TYPES_PAYS = ['NATIONAL', 'ETRANGER'] as const;
export type TypePays = (typeof TYPES_PAYS)[number];

export const VALEURS_ANALYSE = ['VALIDE', 'INVALIDE', 'INJUSTIFIE'] as const;
export type ValeurAnalyse = (typeof VALEURS_ANALYSE)[number];

/** docs/sessions-and-dossiers.md and docs/offers.md: DESISTE is an admission declined, expired or withdrawn. */
export const STATUTS_DOSSIER = [
  'DEPOSE',
  'ANALYSE',
  'ADMIS',
  'LISTE_ATTENTE',
  'NON_ADMIS',
  'DESISTE',
] as const;
export type StatutDossier = (typeof STATUTS_DOSSIER)[number];

export const TYPES_DOSSIER = ['NOUVEAU', 'RENOUVELLEMENT'] as const;
export type TypeDossier = (typeof TYPES_DOSSIER)[number];

/** `admis` of a dossier (docs/sessions-and-dossiers.md): OUI for ADMIS, NON for NON_ADMIS and DESISTE, otherwise null. */
export const ADMIS_VALEURS = ['OUI', 'NON'] as const;
export type Admis = (typeof ADMIS_VALEURS)[number];

/** The state of an admission offer, the dossier's `reponse` (docs/offers.md). */
export const REPONSES_OFFRE = ['EN_ATTENTE', 'ACCEPTE', 'REFUSE', 'EXPIRE', 'RETIRE'] as const;
export type ReponseOffre = (typeof REPONSES_OFFRE)[number];

/** What a student may answer to its offer (`POST dossier/{id}/reponse`). */
export const REPONSES_ETUDIANT = ['ACCEPTE', 'REFUSE'] as const;
export type ReponseEtudiant = (typeof REPONSES_ETUDIANT)[number];

/** How a student's answer came (`dossier_evenement.canal`, docs/offers.md): on the site, by SMS, or by the USSD menu. */
export const CANAUX_REPONSE = ['WEB', 'SMS', 'USSD'] as const;
export type CanalReponse = (typeof CANAUX_REPONSE)[number];

/**
 * The answers a row of the admissible list can hold: a declined, expired or withdrawn admission
 * (DESISTE) leaves the list, and the offer counts show those.
 */
export const REPONSES_LISTE_ADMIS = ['EN_ATTENTE', 'ACCEPTE'] as const;

/** Reasons of a withdrawal (`POST dossier/{id}/retrait`); AUTRE needs a comment. */
export const MOTIFS_RETRAIT = [
  'DESISTEMENT',
  'ABSENCE_DE_REPONSE',
  'FAUSSE_DECLARATION',
  'INSCRIPTION_ANNULEE',
  'AUTRE',
] as const;
export type MotifRetrait = (typeof MOTIFS_RETRAIT)[number];

/**
 * The events of a dossier's history from its deposit (docs/sessions-and-dossiers.md#the-dossiers-history,
 * `dossier_evenement`), kept for good: a republication adds events, it never erases the old ones.
 * PUBLICATION and the OFFRE of a publication are read from the stored runs, never written.
 */
export const EVENEMENTS_DOSSIER = [
  'DEPOT',
  'MODIFICATION',
  'ANALYSE',
  'PUBLICATION',
  'OFFRE',
  'RAPPEL',
  'REPONSE_ACCEPTEE',
  'REPONSE_REFUSEE',
  'EXPIRATION',
  'RETRAIT',
  'PROMOTION',
  'AFFECTATION',
  'CHANGEMENT_LIT',
  'ANNULATION_AFFECTATION',
  'PAIEMENT',
  'REMBOURSEMENT',
  'DELAI_PROLONGE',
  'PROCURATION',
  'ARRIVEE',
  'DEPART',
] as const;
export type EvenementDossier = (typeof EVENEMENTS_DOSSIER)[number];

/** Kinds of payment (docs/rent.md#payment-settings): the settings' `type-paiement.codeTypePaiement`. */
export const CODES_TYPE_PAIEMENT = ['MOBILE_MONEY', 'ESPECES', 'VIREMENT'] as const;
export type CodeTypePaiement = (typeof CODES_TYPE_PAIEMENT)[number];

/** A payment's life (docs/rent.md#payments): asked, then succeeded or failed; only a succeeded one is in the journal. */
export const STATUTS_PAIEMENT = ['EN_ATTENTE', 'REUSSI', 'ECHOUE'] as const;
export type StatutPaiement = (typeof STATUTS_PAIEMENT)[number];

/**
 * Kinds of journal transactions (docs/rent.md#the-journal): an instalment falling due, a payment
 * received, a refund paid out, the reversal of an earlier transaction (a correction), and damage
 * to a room charged at departure.
 */
export const NATURES_TRANSACTION = [
  'ECHEANCE',
  'PAIEMENT',
  'REMBOURSEMENT',
  'CONTREPASSATION',
  'DEGRADATION',
] as const;
export type NatureTransaction = (typeof NATURES_TRANSACTION)[number];

/** An instalment as the student and staff see it (docs/rent.md#instalments). */
export const STATUTS_ECHEANCE = ['PAYEE', 'PARTIELLE', 'ECHUE', 'A_VENIR'] as const;
export type StatutEcheance = (typeof STATUTS_ECHEANCE)[number];
