/**
 * The USSD menu's walk (docs/ussd.md). The operator sends, at each step of a session, every input
 * of the session joined by `*` (`2*1*1`); the screen a session stands on is found by walking those
 * inputs from its first screen, so that any instance answers any step. A session that began by
 * offering to resume a cut one (« 1 Reprendre », « 2 Menu principal ») starts on REPRISE, and
 * « 1 » takes it to the screen the cut session stood on. An input a screen does not take leaves
 * the walk on that screen, shown again after « Choix invalide. ». Confirming an answer to the offer
 * ends the walk with that answer: the service records it (the offers' rules) and ends the session;
 * « 0 Quitter » on the main menu ends it too.
 */
import type { ReponseEtudiant } from './enums';

export const USSD_ETATS = [
  'REPRISE',
  'MENU',
  'DOSSIER',
  'OFFRE',
  'CONFIRMER_ACCEPTE',
  'CONFIRMER_REFUSE',
  'LOYER',
  'LOGEMENT',
] as const;
export type UssdEtat = (typeof USSD_ETATS)[number];

export const isUssdEtat = (value: string | null | undefined): value is UssdEtat =>
  (USSD_ETATS as readonly string[]).includes(value ?? '');

/** The code a student dials (the operator routes it to the gateway's call). */
export const USSD_CODE = '*356#';

/** A session cut by the network may be resumed by a new one from the same phone within this time. */
export const USSD_REPRISE_MINUTES = 5;

/** The inputs of a session as the operator sends them: `text`, split on `*` (empty: none yet). */
export function ussdInputs(text: string | null | undefined): string[] {
  const t = (text ?? '').trim();
  return t === '' ? [] : t.split('*').map((s) => s.trim());
}

export interface UssdWalk {
  etat: UssdEtat;
  /** The last input was not one the screen takes: it is shown again after « Choix invalide. ». */
  invalide: boolean;
  /** The answer to the offer the last input confirmed (the session then ends). */
  reponse: ReponseEtudiant | null;
  /** The student chose « 0 Quitter » on the main menu: the session ends. */
  quitte?: true;
}

/** One input on one screen: the next screen, an answer confirmed, or null (not taken). */
function step(
  etat: UssdEtat,
  input: string,
  reprise: UssdEtat,
  offre: boolean,
): UssdEtat | ReponseEtudiant | 'QUITTER' | null {
  switch (etat) {
    case 'REPRISE':
      return input === '1' ? reprise : input === '2' ? 'MENU' : null;
    case 'MENU':
      return (
        ({ '0': 'QUITTER', '1': 'DOSSIER', '2': 'OFFRE', '3': 'LOYER', '4': 'LOGEMENT' } as const)[input] ??
        null
      );
    case 'OFFRE':
      if (input === '0') return 'MENU';
      if (!offre) return null;
      return input === '1' ? 'CONFIRMER_ACCEPTE' : input === '2' ? 'CONFIRMER_REFUSE' : null;
    case 'CONFIRMER_ACCEPTE':
      return input === '1' ? 'ACCEPTE' : input === '0' ? 'OFFRE' : null;
    case 'CONFIRMER_REFUSE':
      return input === '1' ? 'REFUSE' : input === '0' ? 'OFFRE' : null;
    default:
      return input === '0' ? 'MENU' : null;
  }
}

/**
 * Walks a session's inputs from its first screen: REPRISE when the session offered to resume a
 * cut one standing on `reprise`, else MENU. `offre`: the student has an offer it may answer (the
 * offer's screen takes « 1 » and « 2 »).
 */
export function walkUssd(
  inputs: readonly string[],
  opts: { reprise: UssdEtat | null; offre: boolean },
): UssdWalk {
  let etat: UssdEtat = opts.reprise ? 'REPRISE' : 'MENU';
  let invalide = false;
  for (const input of inputs) {
    const next = step(etat, input, opts.reprise ?? 'MENU', opts.offre);
    invalide = next === null;
    if (next === 'ACCEPTE' || next === 'REFUSE') return { etat, invalide: false, reponse: next };
    if (next === 'QUITTER') return { etat, invalide: false, reponse: null, quitte: true };
    if (next !== null) etat = next;
  }
  return { etat, invalide, reponse: null };
}

/** The screen a cut session offers to resume: none when it stood on the main menu (nothing to resume). */
export function resumable(etat: UssdEtat, reprise: UssdEtat | null): UssdEtat | null {
  const target = etat === 'REPRISE' ? reprise : etat;
  return target && target !== 'MENU' && target !== 'REPRISE' ? target : null;
}
