/**
 * The SMS texts (docs/messages.md#sms): a part of the one catalogue, in its own module because an
 * SMS is written in the GSM 03.38 alphabet (src/domain/gsm.ts), which has neither the no-break
 * space nor the typographic apostrophe of the catalogue's rule: a plain space before `:` and the
 * apostrophe `'`, and ê, â, î, ô, û, ç written without their accent (é, è, à, ù are in the alphabet).
 * One SMS holds 160 characters: every text, filled with the longest value each placeholder may
 * take (`SMS_VALUE_MAX`, values cut there), fits (tests/unit/sms-texts.test.ts). No password, no
 * average, no rank, no secret but the code the student asked for.
 */
import { toGsmBasic } from './gsm';

/** The longest each placeholder's value may be; a longer value is cut (it never is for the codes). */
export const SMS_VALUE_MAX = {
  ine: 20,
  reference: 24,
  date: 18,
  cite: 28,
  batiment: 12,
  chambre: 10,
  lit: 8,
  code: 6,
  minutes: 3,
  montant: 12,
  solde: 12,
} as const;

export type SmsValue = keyof typeof SMS_VALUE_MAX;

export const smsTexts = {
  COMPTE_CREE:
    "CENOU : votre compte d'hébergement est créé. Identifiant : {ine}. Le mot de passe vous a été envoyé par e-mail.",
  RECU_DEPOT:
    'CENOU : dossier de logement déposé le {date}. Numéro de dossier : {reference}. Conservez-le pour toute réclamation.',
  RESULTAT_ADMIS:
    'CENOU : une place en cité universitaire vous est offerte (dossier {reference}). Répondez avant le {date} sur votre tableau de bord.',
  RESULTAT_ATTENTE:
    "CENOU : dossier {reference}, vous figurez sur la liste d'attente. Vous serez prévenu(e) si une place se libère.",
  RESULTAT_NON_ADMIS:
    "CENOU : dossier {reference}, votre demande de logement n'a pas été retenue. Le détail est sur votre tableau de bord.",
  RAPPEL_OFFRE:
    'CENOU : rappel, répondez à votre offre de logement (dossier {reference}) avant le {date}. Passé ce délai, elle expire.',
  PROMOTION:
    "CENOU : une place s'est libérée pour vous (dossier {reference}). Répondez à l'offre avant le {date} sur votre tableau de bord.",
  AFFECTATION_LIT:
    'CENOU : un lit vous est attribué. {cite}, batiment {batiment}, chambre {chambre}, lit {lit}. Attestation sur votre tableau de bord.',
  DEPLACEMENT_LIT:
    'CENOU : votre lit a changé. {cite}, batiment {batiment}, chambre {chambre}, lit {lit}. Attestation sur votre tableau de bord.',
  PAIEMENT_ENREGISTRE:
    'CENOU : paiement de {montant} FCFA recu le {date} (ref. {reference}). Reste a payer : {solde} FCFA. Detail sur votre espace.',
  REMBOURSEMENT_ENREGISTRE:
    'CENOU : remboursement de {montant} FCFA le {date} (ref. {reference}). Trop-percu restant : {solde} FCFA.',
  CODE_MOT_DE_PASSE:
    'CENOU : votre code pour changer de mot de passe est {code}. Valable {minutes} minutes. Ne le donnez à personne.',
  CODE_TELEPHONE:
    'CENOU : votre code pour vérifier ce numéro est {code}. Valable {minutes} minutes. Ne le donnez à personne.',
  // The answers by SMS (docs/decisions/030-verified-phone-and-sms-answers.md): each answer gets one of these.
  REPONSE_ACCEPTEE:
    'CENOU : votre acceptation de la place (dossier {reference}) est enregistrée. La suite est sur votre tableau de bord.',
  REPONSE_REFUSEE:
    'CENOU : votre refus de la place (dossier {reference}) est enregistré. La place est proposée à un autre étudiant.',
  REPONSE_HORS_DELAI:
    "CENOU : dossier {reference}, réponse non enregistrée : le délai pour répondre à l'offre est passé.",
  REPONSE_DEJA_DONNEE:
    "CENOU : dossier {reference}, réponse non enregistrée : l'offre a déjà une réponse ou n'est plus valable.",
  REPONSE_IMPOSSIBLE:
    "CENOU : dossier {reference}, réponse non enregistrée : aucune offre n'attend votre réponse.",
  AIDE_REPONSE:
    'CENOU : pour répondre à votre offre de logement, envoyez OUI ou NON suivi du numéro de dossier, par exemple : OUI OUA-2026-000123',
} as const;

export type SmsKind = keyof typeof smsTexts;

/** The placeholders a text takes. */
export const smsPlaceholders = (kind: SmsKind): SmsValue[] =>
  [...smsTexts[kind].matchAll(/\{(\w+)\}/g)].map((m) => m[1] as SmsValue);

/** A text filled: each value written in the basic GSM alphabet and cut to its `SMS_VALUE_MAX`. */
export function smsText(kind: SmsKind, values: Partial<Record<SmsValue, string | number>>): string {
  return smsTexts[kind].replace(/\{(\w+)\}/g, (_, name: string) => {
    const key = name as SmsValue;
    return toGsmBasic(String(values[key] ?? ''), SMS_VALUE_MAX[key]);
  });
}
