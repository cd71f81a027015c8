import { z } from 'zod';
import { DATE_TEXT_PATTERN } from '../identity';
import { messages } from '../messages';
import { identitySchema, registrationSchema } from '../registry';
import { required } from './common';

/** Registration by INE (`campus-auth/hebergement-etudiant…`, public). */

/** The INE as typed: a malformed one gets the same 404 as an unknown one, never a 400. */
export const identityParams = z.object({ ine: z.string() });

/** The birth date (`YYYY-MM-DD` or `DD/MM/YYYY`, a real date): missing or wrong, a 400 before any word on the INE. */
export const identityQuery = z.object({
  dateNaissance: required(z.string().regex(DATE_TEXT_PATTERN, { error: messages.dateInvalide })),
});

/** The registry's identity of the student, phone and e-mail masked but for their last 4 characters. */
export const identityAnswer = identitySchema;

/**
 * The account's creation: the INE and birth date again, the complementary data and the four
 * engagements (the form's own schema, which the client checks before sending).
 */
export const registrationBody = registrationSchema;
export type RegistrationBody = z.input<typeof registrationBody>;

export const registrationAnswer = z.object({ message: z.string(), username: z.string() });
