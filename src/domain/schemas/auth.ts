import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH } from '../limits';
import { messages } from '../messages';
import { requiredText } from './common';

export { requiredText };

/** Sign-in and one's own password (`campus-auth/signin`, `campus-auth/password`). */

/** A secret as typed (a password): never trimmed, at least one character. */
const secret = (max = 200) =>
  z
    .string({ error: messages.champObligatoire })
    .min(1, { error: messages.champObligatoire })
    .max(max, { error: messages.valeurTropLongue });

/** A new password: PASSWORD_MIN_LENGTH characters or more. */
const newPassword = z
  .string({ error: messages.champObligatoire })
  .min(PASSWORD_MIN_LENGTH, { error: messages.motDePasseCourt })
  .max(200, { error: messages.valeurTropLongue });

/** `POST campus-auth/signin`: the staff identifier or the student's INE, and the password. */
export const signinBody = z.object({
  username: requiredText(),
  password: secret(),
});
export type SigninBody = z.input<typeof signinBody>;

/** The signed-in user: the token and what the screens show (the first role is the one that counts). */
export const signinAnswer = z.object({
  accessToken: z.string(),
  roles: z.array(z.string()),
  idDirection: z.number().nullable(),
  username: z.string(),
  nom: z.string(),
  prenom: z.string(),
  libelleDirection: z.string().nullable(),
});
export type SigninAnswer = z.infer<typeof signinAnswer>;

/** `PUT campus-auth/password`: the current password and the new one (PASSWORD_MIN_LENGTH characters or more). */
export const passwordBody = z.object({
  ancienMotDePasse: secret(),
  nouveauMotDePasse: newPassword,
});
export type PasswordBody = z.input<typeof passwordBody>;

/** The change is made: older tokens stop working, the new one comes with the answer. */
export const passwordAnswer = z.object({ message: z.string(), accessToken: z.string() });

/** `POST campus-auth/mot-de-passe-oublie`: the staff identifier or the student's INE. */
export const forgotBody = z.object({
  username: requiredText(),
});
export type ForgotBody = z.input<typeof forgotBody>;

/** The one answer, whether the account exists or not. */
export const forgotAnswer = z.object({ message: z.string() });

/**
 * A code of RESET_CODE_LENGTH digits typed back (a forgotten password, a phone being verified),
 * spaces around it ignored: missing or blank 'Ce champ est obligatoire.', otherwise the format.
 */
export const codeField = z
  .string({ error: messages.champObligatoire })
  .max(20, { error: messages.valeurTropLongue })
  .regex(/\S/, { error: messages.champObligatoire, abort: true })
  .regex(new RegExp(`^\\s*\\d{${RESET_CODE_LENGTH}}\\s*$`), { error: messages.codeFormat })
  .trim();

/** `POST campus-auth/mot-de-passe-oublie/confirmation`: the code received and the new password. */
export const forgotConfirmBody = z.object({
  username: requiredText(),
  code: codeField,
  nouveauMotDePasse: newPassword,
});
export type ForgotConfirmBody = z.input<typeof forgotConfirmBody>;

export const forgotConfirmAnswer = z.object({ message: z.string() });
