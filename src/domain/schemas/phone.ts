import { z } from 'zod';
import { messages } from '../messages';
import { PHONE_PATTERN } from '../phone';
import { codeField } from './auth';
import { idParam, requiredText } from './common';

/**
 * The student's phone (docs/accounts.md#the-students-phone, decision 030): the number its SMS go
 * to, a new one verified by a code sent to it, and what the staff see of it.
 */

/** Where the number the SMS go to comes from: verified by the student, or the registry's. */
const SOURCES_TELEPHONE = ['VERIFIE', 'REGISTRE'] as const;

/** `GET campus/etudiant/telephone` (and the staff's `GET campus/dossier/{id}/telephone`). */
export const phoneRead = z.object({
  /** The number the SMS go to now (normalised `+226…` when readable), or null: no SMS. */
  telephone: z.string().nullable(),
  source: z.enum(SOURCES_TELEPHONE).nullable(),
  /** The registry's number, as imported. */
  telephoneRegistre: z.string().nullable(),
  /** The number the student verified, if any. */
  telephoneVerifie: z.string().nullable(),
  /** A number waiting for its code (the student's own view only; null for the staff). */
  verificationEnCours: z.string().nullable(),
});
export type PhoneRead = z.infer<typeof phoneRead>;

/** `POST campus/etudiant/telephone`: the number to verify (a code is sent to it by SMS). */
export const phoneBody = z.object({
  telephone: requiredText(40).regex(PHONE_PATTERN, { error: messages.telephoneNonValide }),
});

export const phoneCodeAnswer = z.object({
  message: z.string(),
  /** The number the code went to, normalised. */
  telephone: z.string(),
});

/** `POST campus/etudiant/telephone/confirmation`: the code received on the new number. */
export const phoneConfirmBody = z.object({ code: codeField });

export const phoneConfirmAnswer = z.object({ message: z.string(), telephone: z.string() });

/** `DELETE campus/etudiant/telephone`: back to the registry's number. */
export const phoneRemoveAnswer = phoneRead.extend({ message: z.string() });

export const dossierPhoneParams = z.object({ idDossier: idParam });
