import { REFERENCE_PATTERN } from './dossier';
import type { ReponseEtudiant } from './enums';

/**
 * The number (a short code) students write their answers to: the SMS centre routes what is sent to
 * it to the platform's SMPP account (docs/operations.md#sms). Stated once here, because the offer
 * SMS, the result card and the FAQ (which the web client shows offline) all say it.
 */
export const SMS_NUMERO_REPONSE = '3560';

/** The words of an answer, before the reference (the protocol's, not the interface's). */
export const SMS_ACCEPTE = 'OUI';
export const SMS_REFUSE = 'NON';

/**
 * An answer to an offer by SMS (docs/decisions/030-verified-phone-and-sms-answers.md): `OUI` or
 * `NON`, then the dossier's reference, in any case, with spaces anywhere around the words (and
 * spaces for the reference's hyphens: `non oua 2026 000123`), a punctuation mark after the word or
 * at the end tolerated. Anything else is not an answer (the sender gets the help SMS).
 */
interface SmsAnswer {
  reponse: ReponseEtudiant;
  /** Upper case, hyphens between its parts: `OUA-2026-000123`. */
  reference: string;
}

const ANSWER = /^(OUI|NON)[\s.,:;!]*\s([A-Z0-9][A-Z0-9\s-]*?)[\s.!]*$/;

export function parseSmsAnswer(text: string | null | undefined): SmsAnswer | null {
  if (!text) return null;
  const m = ANSWER.exec(text.normalize('NFC').toUpperCase().trim());
  if (!m) return null;
  const reference = m[2]
    .trim()
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, '-');
  if (!REFERENCE_PATTERN.test(reference)) return null;
  return { reponse: m[1] === SMS_ACCEPTE ? 'ACCEPTE' : 'REFUSE', reference };
}

/** The word of a draft's deposit by SMS (docs/procurations.md), before the student's INE. */
export const SMS_DEPOT = 'DEPOT';

const DEPOT = /^D[EÉ]P[OÔ]T[\s.,:;!]*\s([A-Z0-9]{4,20})[\s.!]*$/;

/** `DEPOT <INE>` in any case (the accented word too): the INE in capitals, or null. */
export function parseSmsDepot(text: string | null | undefined): { ine: string } | null {
  if (!text) return null;
  const m = DEPOT.exec(text.normalize('NFC').toUpperCase().trim());
  return m ? { ine: m[1] } : null;
}
