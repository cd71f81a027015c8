/**
 * The USSD screens (docs/ussd.md): a part of the one catalogue, in its own module because a USSD
 * screen is written in the GSM 03.38 alphabet like an SMS (src/domain/gsm.ts, docs/messages.md#sms):
 * a plain space before `:` and the apostrophe `'`; é, è, à, ù, ì, ò are in the alphabet, ê, â, î,
 * ô, û, ç are not (written without their accent, and avoided in the texts themselves).
 *
 * A screen, with its `CON ` or `END ` before it, holds at most 182 characters. Codes (a reference,
 * a date, an amount, a bâtiment, room or bed code) are never cut below their declared longest
 * (`USSD_VALUE_MAX`); the one descriptive value of a screen (a cité's name, a dossier's state) is
 * shortened to the room left (`shortenName`, as the SMS do). Every screen fits with each value at
 * its declared longest, after « Choix invalide. » too (tests/unit/ussd-screens.test.ts).
 */
import { gsmSeptets, toGsmBasic } from './gsm';
import { enumLabel } from './messages-labels';
import { shortenName } from './messages-sms';

/** A USSD answer, prefix included, holds at most this many GSM characters. */
export const USSD_MAX_SEPTETS = 182;

/** The longest each placeholder's value may be (as the SMS's `SMS_VALUE_MAX`). */
export const USSD_VALUE_MAX = {
  reference: 32,
  annee: 9,
  date: 18,
  etat: 60,
  cite: 60,
  batiment: 30,
  chambre: 30,
  lit: 30,
  montant: 16,
  solde: 16,
  arriere: 16,
} as const;

export type UssdValue = keyof typeof USSD_VALUE_MAX;
type Values = Partial<Record<UssdValue, string | number>>;

/** The descriptive values: shortened to the room the screen leaves, never below 12 characters. */
const DESCRIPTIVE: ReadonlySet<UssdValue> = new Set<UssdValue>(['cite', 'etat']);

/** `CON`: a screen awaiting an input; `END`: the last screen of the session. */
export const ussdTexts = {
  MENU: {
    fin: false,
    texte: "CENOU Logement\n1 Mon dossier\n2 Répondre à l'offre\n3 Mon loyer\n4 Mon logement\n0 Quitter",
  },
  AU_REVOIR: {
    fin: true,
    texte: "Merci d'avoir utilisé le menu du CENOU. Au revoir.",
  },
  REPRISE: {
    fin: false,
    texte: 'Votre session précédente a été coupée.\n1 Reprendre\n2 Menu principal',
  },
  DOSSIER: {
    fin: false,
    texte: 'Dossier {reference}\nSession {annee}\nÉtat : {etat}\n0 Retour',
  },
  DOSSIER_OFFRE: {
    fin: false,
    texte:
      "Dossier {reference}\nSession {annee}\nÉtat : {etat}\nRépondez à l'offre avant le {date} (menu 2).\n0 Retour",
  },
  DOSSIER_AUCUN: {
    fin: false,
    texte:
      "Vous n'avez aucun dossier de logement. Déposez-le sur le site du CENOU quand la session est ouverte.\n0 Retour",
  },
  OFFRE: {
    fin: false,
    texte:
      'Une place vous est offerte (dossier {reference}).\nRépondez avant le {date}.\n1 Accepter\n2 Refuser\n0 Retour',
  },
  OFFRE_AUCUNE: {
    fin: false,
    texte: "Aucune offre n'attend votre réponse.\n0 Retour",
  },
  OFFRE_DELAI_PASSE: {
    fin: false,
    texte: "Dossier {reference} : le délai pour répondre à l'offre est passé ({date}).\n0 Retour",
  },
  CONFIRMER_ACCEPTE: {
    fin: false,
    texte: 'Vous acceptez la place du dossier {reference} ?\n1 Oui, je confirme\n0 Retour',
  },
  CONFIRMER_REFUSE: {
    fin: false,
    texte:
      'Vous refusez la place du dossier {reference} ? Elle sera proposée à un autre étudiant.\n1 Oui, je refuse\n0 Retour',
  },
  REPONSE_ACCEPTEE: {
    fin: true,
    texte: 'Votre acceptation de la place (dossier {reference}) est enregistrée. Un SMS vous la confirme.',
  },
  REPONSE_REFUSEE: {
    fin: true,
    texte: 'Votre refus de la place (dossier {reference}) est enregistré. Un SMS vous le confirme.',
  },
  REPONSE_HORS_DELAI: {
    fin: true,
    texte: "Réponse non enregistrée : le délai pour répondre à l'offre du dossier {reference} est passé.",
  },
  REPONSE_DEJA_DONNEE: {
    fin: true,
    texte:
      "Réponse non enregistrée : l'offre du dossier {reference} a déjà une réponse ou n'est plus valable.",
  },
  REPONSE_IMPOSSIBLE: {
    fin: true,
    texte: "Réponse non enregistrée : aucune offre du dossier {reference} n'attend votre réponse.",
  },
  LOYER: {
    fin: false,
    texte:
      'Loyer {cite}\nReste à payer : {solde}\nEn retard : {arriere}\nProchaine échéance : {montant} le {date}\n0 Retour',
  },
  LOYER_SANS_ECHEANCE: {
    fin: false,
    texte: 'Loyer {cite}\nReste à payer : {solde}\nEn retard : {arriere}\nAucune échéance à venir.\n0 Retour',
  },
  LOYER_AUCUN: {
    fin: false,
    texte: "Vous n'avez pas de loyer : aucun lit ne vous est attribué.\n0 Retour",
  },
  LOGEMENT: {
    fin: false,
    texte: 'Logement {annee}\n{cite}\nBatiment {batiment}\nChambre {chambre}\nLit {lit}\n0 Retour',
  },
  LOGEMENT_AUCUN: {
    fin: false,
    texte: 'Aucun lit ne vous est attribué pour le moment.\n0 Retour',
  },
  INCONNU: {
    fin: true,
    texte:
      "Ce numéro n'est lié à aucun étudiant. Inscrivez-vous sur le site du CENOU avec votre INE, puis vérifiez ce numéro dans votre profil.",
  },
  INDISPONIBLE: {
    fin: true,
    texte: 'Service momentanément indisponible. Réessayez dans quelques minutes.',
  },
} as const satisfies Record<string, { fin: boolean; texte: string }>;

export type UssdScreen = keyof typeof ussdTexts;

/**
 * The word a screen writes before a bâtiment, room or bed code (`Chambre {chambre}`): a stored label
 * that already begins with it (« Chambre 12 ») is written without it, so the screen reads
 * « Chambre 12 », not « Chambre Chambre 12 ».
 */
const PLACE_WORD: Partial<Record<UssdValue, string>> = {
  batiment: 'Batiment',
  chambre: 'Chambre',
  lit: 'Lit',
};

/** Lower case, without accents: « Bâtiment » and « batiment » are the same word. */
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A stored label without the word its screen writes before it (`withoutPlaceWord('Chambre 12', 'Chambre')` is `12`). */
export function withoutPlaceWord(value: string, word: string): string {
  const v = value.trim();
  const rest = v.slice(word.length).replace(/^[\s:-]+/u, '');
  // The word alone, or followed by letters (« Litière »), is not the screen's word.
  const separated = /^[\s:-]/u.test(v.slice(word.length));
  return plain(v.slice(0, word.length)) === plain(word) && separated && rest !== '' ? rest : v;
}

/** Put before a screen shown again after an input it does not take. */
export const USSD_CHOIX_INVALIDE = 'Choix invalide.\n';

/** A dossier's state as the USSD screen says it: its status, and its offer's answer if any. */
export function ussdDossierEtat(statutDossier: string, reponse: string | null): string {
  const statut = enumLabel('statutDossier', statutDossier);
  return reponse ? `${statut}, offre : ${enumLabel('reponse', reponse).toLowerCase()}` : statut;
}

/**
 * A screen's answer: `CON ` or `END `, then (after an input the screen does not take) « Choix
 * invalide. », then its text with the values written in the basic GSM alphabet, codes cut to their
 * declared longest, the descriptive value shortened to the room left. At most USSD_MAX_SEPTETS.
 */
export function ussdAnswer(
  screen: UssdScreen,
  values: Values = {},
  opts: { invalide?: boolean } = {},
): string {
  const { fin, texte } = ussdTexts[screen];
  const head = `${fin ? 'END' : 'CON'} ${opts.invalide && !fin ? USSD_CHOIX_INVALIDE : ''}`;
  const withCodes = texte.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const key = name as UssdValue;
    if (DESCRIPTIVE.has(key)) return whole;
    const word = PLACE_WORD[key];
    const value = String(values[key] ?? '');
    return toGsmBasic(word ? withoutPlaceWord(value, word) : value, USSD_VALUE_MAX[key]);
  });
  const descriptive = [...withCodes.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as UssdValue);
  let out = head + withCodes;
  if (descriptive.length > 0) {
    const key = descriptive[0];
    const fixed = gsmSeptets(out.replace(`{${key}}`, '')) ?? USSD_MAX_SEPTETS;
    const value = toGsmBasic(String(values[key] ?? ''), USSD_VALUE_MAX[key]);
    const short = shortenName(value, USSD_MAX_SEPTETS - fixed) ?? '';
    out = out.replace(`{${key}}`, short);
  }
  return out;
}
