/**
 * The SMS texts (docs/messages.md#sms): a part of the one catalogue, in its own module because an
 * SMS is written in the GSM 03.38 alphabet (src/domain/gsm.ts), which has neither the no-break
 * space nor the typographic apostrophe of the catalogue's rule: a plain space before `:` and the
 * apostrophe `'`; é, è, à, ù, ì, ò are in the alphabet, ê, â, î, ô, û, ç are not (written without
 * their accent, and avoided in the texts themselves).
 *
 * One SMS holds 160 characters, and every SMS fits in one. A kind may have several wordings, the
 * fullest first: the first one that fits with the values it is given is sent. Codes (a reference,
 * a date, an amount, a bâtiment, room or bed code, a phone code) are never cut; only a cité's name,
 * a description, is shortened to the room left (`shortenName`: « universitaire » dropped, then the
 * middle cut, its last word kept so that « Espérance I » and « Espérance II » stay apart). Every
 * kind fits with each value at its declared longest (`SMS_VALUE_MAX`; tests/unit/sms-texts.test.ts).
 * No password, no average, no rank, no secret but the code the student asked for.
 */
import { gsmSeptets, SMS_MAX_SEPTETS, toGsmBasic } from './gsm';

/**
 * The longest each placeholder's value may be (a dossier reference: a direction's sigle of 20, the
 * year and 6 digits; a bâtiment, room or bed code: 30, as the settings screens accept). A value
 * longer than this is cut only when no wording would otherwise fit.
 */
export const SMS_VALUE_MAX = {
  ine: 20,
  reference: 32,
  date: 18,
  cite: 60,
  batiment: 30,
  chambre: 30,
  lit: 30,
  code: 6,
  minutes: 3,
  montant: 12,
  solde: 12,
  numero: 12,
} as const;

export type SmsValue = keyof typeof SMS_VALUE_MAX;

/** The one value that is a description, not a code: shortened to the room the wording leaves. */
const DESCRIPTIVE: ReadonlySet<SmsValue> = new Set<SmsValue>(['cite']);
/** A cité's name is never shortened below this (a wording that leaves less room is not used). */
export const SMS_CITE_MIN = 12;

export const smsTexts = {
  COMPTE_CREE: [
    "CENOU : votre compte d'hébergement est créé. Identifiant : {ine}. Le mot de passe vous a été envoyé par e-mail.",
  ],
  RECU_DEPOT: [
    'CENOU : dossier de logement déposé le {date}. Numéro de dossier : {reference}. Conservez-le pour toute réclamation.',
    'CENOU : dossier de logement déposé le {date}. Numéro de dossier : {reference}.',
  ],
  RESULTAT_ADMIS: [
    'CENOU : une place en cité vous est offerte. Répondez OUI {reference} ou NON {reference} au {numero} avant le {date}, ou sur le site.',
    'CENOU : place offerte. Répondez OUI {reference} ou NON {reference} au {numero} avant le {date}.',
  ],
  RESULTAT_ATTENTE: [
    "CENOU : dossier {reference}, vous figurez sur la liste d'attente. Vous serez prévenu(e) par SMS si une place se libère.",
  ],
  RESULTAT_NON_ADMIS: [
    "CENOU : dossier {reference}, votre demande de logement n'a pas été retenue. Le détail est sur votre tableau de bord.",
  ],
  RAPPEL_OFFRE: [
    'CENOU : rappel, votre offre de logement expire le {date}. Répondez OUI {reference} ou NON {reference} au {numero}, ou sur le site.',
    'CENOU : votre offre expire le {date}. Répondez OUI {reference} ou NON {reference} au {numero}.',
  ],
  DELAI_PROLONGE: [
    'CENOU : après une panne du service, votre délai de réponse est prolongé au {date}. Répondez OUI {reference} ou NON {reference} au {numero}, ou sur le site.',
    'CENOU : panne, délai prolongé au {date}. Répondez OUI {reference} ou NON {reference} au {numero}.',
  ],
  PROMOTION: [
    "CENOU : une place s'est libérée pour vous. Répondez OUI {reference} ou NON {reference} au {numero} avant le {date}, ou sur le site.",
    'CENOU : place libérée. Répondez OUI {reference} ou NON {reference} au {numero} avant le {date}.',
  ],
  AFFECTATION_LIT: [
    'CENOU : un lit vous est attribué : {cite}, batiment {batiment}, chambre {chambre}, lit {lit}. Attestation sur votre tableau de bord.',
    'CENOU : un lit vous est attribué : {cite}, batiment {batiment}, chambre {chambre}, lit {lit}.',
    'CENOU : lit {lit}, chambre {chambre}, batiment {batiment}, {cite}.',
  ],
  DEPLACEMENT_LIT: [
    'CENOU : votre lit a changé : {cite}, batiment {batiment}, chambre {chambre}, lit {lit}. Attestation sur votre tableau de bord.',
    'CENOU : votre lit a changé : {cite}, batiment {batiment}, chambre {chambre}, lit {lit}.',
    'CENOU : nouveau lit {lit}, chambre {chambre}, batiment {batiment}, {cite}.',
  ],
  CRENEAU_CHOIX: [
    'CENOU : choisissez votre chambre en cité sur votre tableau de bord à partir du {date}, et au plus tard avant la fin de la campagne.',
    'CENOU : choisissez votre chambre en cité sur votre tableau de bord à partir du {date}.',
  ],
  RAPPEL_CRENEAU: [
    'CENOU : votre créneau est ouvert, choisissez votre chambre en cité sur votre tableau de bord avant le {date}.',
  ],
  GROUPE_INVITATION: [
    "CENOU : l'étudiant {ine} vous invite à choisir une chambre ensemble. Acceptez ou refusez sur votre tableau de bord.",
  ],
  GROUPE_ACCEPTE: ["CENOU : l'étudiant {ine} a rejoint votre groupe pour le choix de la chambre."],
  GROUPE_REFUSE: ["CENOU : l'étudiant {ine} a refusé de rejoindre votre groupe pour le choix de la chambre."],
  GROUPE_DEPART: ["CENOU : l'étudiant {ine} a quitté votre groupe pour le choix de la chambre."],
  PAIEMENT_ENREGISTRE: [
    'CENOU : paiement de {montant} FCFA enregistré le {date} (réf. {reference}). Reste à payer : {solde} FCFA. Détail sur votre espace.',
    'CENOU : paiement de {montant} FCFA enregistré le {date} (réf. {reference}). Reste à payer : {solde} FCFA.',
  ],
  ECHEANCE_REPORTEE: [
    'CENOU : après une panne du paiement mobile, votre échéance de loyer de {montant} FCFA est reportée au {date}, sans retard compté.',
    'CENOU : panne du paiement mobile, échéance de {montant} FCFA reportée au {date}.',
  ],
  REMBOURSEMENT_ENREGISTRE: [
    'CENOU : remboursement de {montant} FCFA le {date} (réf. {reference}). Crédit restant sur votre loyer : {solde} FCFA.',
    'CENOU : remboursement de {montant} FCFA le {date} (réf. {reference}). Crédit restant : {solde} FCFA.',
  ],
  CODE_MOT_DE_PASSE: [
    'CENOU : votre code pour changer de mot de passe est {code}. Valable {minutes} minutes. Ne le donnez à personne.',
  ],
  CODE_TELEPHONE: [
    'CENOU : votre code pour vérifier ce numéro est {code}. Valable {minutes} minutes. Ne le donnez à personne.',
  ],
  // The answers by SMS (docs/decisions/030-verified-phone-and-sms-answers.md): each answer gets one of these.
  REPONSE_ACCEPTEE: [
    'CENOU : votre acceptation de la place (dossier {reference}) est enregistrée. La suite est sur votre tableau de bord.',
  ],
  REPONSE_REFUSEE: [
    'CENOU : votre refus de la place (dossier {reference}) est enregistré. La place est proposée à un autre étudiant.',
  ],
  REPONSE_HORS_DELAI: [
    "CENOU : dossier {reference}, réponse non enregistrée : le délai pour répondre à l'offre est passé.",
  ],
  REPONSE_DEJA_DONNEE: [
    "CENOU : dossier {reference}, réponse non enregistrée : l'offre a déjà une réponse ou n'est plus valable.",
  ],
  REPONSE_IMPOSSIBLE: [
    "CENOU : dossier {reference}, réponse non enregistrée : aucune offre n'attend votre réponse.",
  ],
  // A student deposits the draft a helper saved (docs/procurations.md) by an SMS DEPOT <INE>.
  DEPOT_BROUILLON_IMPOSSIBLE: [
    "CENOU : dossier non déposé pour l'INE {ine} : aucun brouillon, ou la session n'accepte pas ce dossier. Voyez le site.",
  ],
  DEPOT_BROUILLON_NUMERO: [
    "CENOU : refusé. Seul l'étudiant, depuis son numéro connu du CENOU, peut déposer son dossier par SMS.",
  ],
  AIDE_REPONSE: [
    'CENOU : pour répondre à une offre de logement, envoyez au {numero} OUI ou NON suivi du numéro de dossier, par exemple : OUI {reference}',
    'CENOU : pour répondre à une offre, envoyez au {numero} OUI ou NON et le numéro de dossier, par exemple : OUI {reference}',
  ],
  // Repairs (docs/life-in-the-cite.md#repairs): to the cité's agents, then to the resident.
  INTERVENTION_URGENCE: [
    'CENOU : urgence signalée, {cite}, demande {numero}. A traiter avant le {date}. Détail sur votre espace agent.',
    'CENOU : urgence, {cite}, demande {numero}, avant le {date}.',
  ],
  INTERVENTION_RETARD: [
    'CENOU : la demande {numero} ({cite}) a dépassé son échéance du {date}. Merci de la traiter au plus vite.',
    'CENOU : demande {numero} ({cite}) en retard depuis le {date}.',
  ],
  INTERVENTION_PRISE: [
    "CENOU : votre demande d'intervention {numero} est prise en charge par l'agent de votre cité.",
  ],
  INTERVENTION_RESOLUE: [
    "CENOU : votre demande d'intervention {numero} est résolue. Confirmez-la ou rouvrez-la sur votre espace avant le {date}.",
    'CENOU : demande {numero} résolue. Confirmez ou rouvrez-la sur votre espace avant le {date}.',
  ],
  INTERVENTION_CLOTUREE: [
    "CENOU : votre demande d'intervention {numero} est close, 7 jours après sa résolution.",
  ],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type SmsKind = keyof typeof smsTexts;

/** The wordings of a kind, the fullest first. */
export const smsWordings = (kind: SmsKind): readonly string[] => smsTexts[kind];

/** The placeholders a kind takes (the same in each of its wordings). */
export const smsPlaceholders = (kind: SmsKind): SmsValue[] => [
  ...new Set(smsTexts[kind].flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as SmsValue))),
];

/** A trailing word that tells two names apart: a number, a roman numeral, a parenthesis. */
const DISTINCTIVE_TAIL = /^(\d+|[IVXLC]+|\(.*\))$/i;

/**
 * A name (already in the GSM alphabet) within `max` characters, or null when it cannot be said in
 * that room: whole; else without « universitaire » (« Cité universitaire de Kossodo » → « Cité de
 * Kossodo »); else its head cut with a full stop and its last word kept when that word tells two
 * names apart (« Cité Espéranc. II »); else cut.
 */
export function shortenName(name: string, max: number): string | null {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  if (max < SMS_CITE_MIN) return null;
  const compact = clean
    .replace(/\s*\buniversitaires?\b\s*/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (compact.length <= max) return compact;
  const words = compact.split(' ');
  const last = words.length > 1 ? words[words.length - 1] : '';
  if (last && DISTINCTIVE_TAIL.test(last) && last.length + 4 <= max) {
    const head = words.slice(0, -1).join(' ');
    return `${head.slice(0, max - last.length - 2).trimEnd()}. ${last}`;
  }
  return `${compact.slice(0, max - 1).trimEnd()}.`;
}

type Values = Partial<Record<SmsValue, string | number>>;

/**
 * A wording read once: its fixed texts around its placeholders, and the septets they take
 * (null when a fixed text is not in the GSM alphabet: no value then makes it fit).
 */
interface ReadWording {
  texts: readonly string[];
  names: readonly SmsValue[];
  septets: number | null;
}

const readWordings = new Map<string, ReadWording>();

function readWording(wording: string): ReadWording {
  let read = readWordings.get(wording);
  if (!read) {
    // `split` with a group: the fixed texts at even places, the placeholders' names between them.
    const pieces = wording.split(/\{(\w+)\}/);
    const texts = pieces.filter((_, i) => i % 2 === 0);
    read = {
      texts,
      names: pieces.filter((_, i) => i % 2 === 1) as SmsValue[],
      septets: gsmSeptets(texts.join('')),
    };
    readWordings.set(wording, read);
  }
  return read;
}

/**
 * A wording filled with the codes whole (or cut to their declared longest with `cut`), the cité
 * shortened to the room left; null when it does not fit. A value written by `toGsmBasic` is in the
 * basic alphabet: each of its characters takes one septet.
 */
function fillWording(wording: string, values: Values, cut = false): string | null {
  const { texts, names, septets } = readWording(wording);
  if (septets === null) return null;
  const filled: (string | null)[] = names.map((name) =>
    DESCRIPTIVE.has(name)
      ? null
      : toGsmBasic(String(values[name] ?? ''), cut ? SMS_VALUE_MAX[name] : Infinity),
  );
  let fixed = septets;
  for (const value of filled) if (value !== null) fixed += value.length;
  // One descriptive value per wording (the cité): it takes the room the rest leaves.
  const at = filled.indexOf(null);
  if (at < 0) {
    if (fixed > SMS_MAX_SEPTETS) return null;
  } else {
    const short = shortenName(toGsmBasic(String(values[names[at]] ?? '')), SMS_MAX_SEPTETS - fixed);
    if (short === null) return null;
    filled[at] = short;
  }
  let text = texts[0];
  for (let i = 0; i < names.length; i++) text += (filled[i] ?? `{${names[i]}}`) + texts[i + 1];
  return text;
}

/**
 * A kind's SMS: the first of its wordings that fits in one SMS with the values whole (each value
 * written in the basic GSM alphabet: `toGsmBasic`). When none does (a value beyond its declared
 * longest), the leanest wording with each code cut to its `SMS_VALUE_MAX`.
 */
export function smsText(kind: SmsKind, values: Values): string {
  const wordings = smsTexts[kind];
  for (const wording of wordings) {
    const text = fillWording(wording, values);
    if (text !== null) return text;
  }
  const leanest = wordings[wordings.length - 1];
  const cut = fillWording(leanest, values, true);
  if (cut !== null) return cut;
  return leanest.replace(/\{(\w+)\}/g, (_, name: string) => {
    const key = name as SmsValue;
    return toGsmBasic(String(values[key] ?? ''), DESCRIPTIVE.has(key) ? SMS_CITE_MIN : SMS_VALUE_MAX[key]);
  });
}

/**
 * A bâtiment's, room's or bed's code as an SMS says it: its code, else its label without the word
 * the SMS already writes before it (« Chambre B-004 » → « B-004 », never « chambre Chambre B-004 »).
 */
export function placeCode(
  code: string | null | undefined,
  label: string | null | undefined,
  word: string,
): string {
  const c = code?.trim();
  if (c) return c;
  const l = (label ?? '').trim();
  const re = new RegExp(`^${word}\\s+`, 'i');
  return l.replace(re, '') || l;
}
