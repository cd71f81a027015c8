import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH } from '../limits';
import { messages } from '../messages';

/** Sign-in and one's own password (`campus-auth/signin`, `campus-auth/password`). */

/** Text a person types: absent and `null` count as missing ('Ce champ est obligatoire.'). */
export const requiredText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : v == null ? undefined : v),
    z.string({ error: messages.champObligatoire }).max(max),
  );

/** `POST campus-auth/signin`: the staff identifier or the student's INE, and the password. */
export const signinBody = z.object({
  username: requiredText().refine((v) => v.trim() !== '', { error: messages.champObligatoire }),
  password: requiredText(200).refine((v) => v !== '', { error: messages.champObligatoire }),
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
  ancienMotDePasse: requiredText().refine((v) => v !== '', { error: messages.champObligatoire }),
  nouveauMotDePasse: requiredText().refine((v) => v.length >= PASSWORD_MIN_LENGTH, {
    error: messages.motDePasseCourt,
  }),
});
export type PasswordBody = z.input<typeof passwordBody>;

/** The change is made: older tokens stop working, the new one comes with the answer. */
export const passwordAnswer = z.object({ message: z.string(), accessToken: z.string() });
export type PasswordAnswer = z.infer<typeof passwordAnswer>;

/** `POST campus-auth/mot-de-passe-oublie`: the staff identifier or the student's INE. */
export const forgotBody = z.object({
  username: requiredText().refine((v) => v.trim() !== '', { error: messages.champObligatoire }),
});
export type ForgotBody = z.input<typeof forgotBody>;

/** The one answer, whether the account exists or not. */
export const forgotAnswer = z.object({ message: z.string() });
export type ForgotAnswer = z.infer<typeof forgotAnswer>;

const CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

/** A code of RESET_CODE_LENGTH digits typed back (a forgotten password, a phone being verified). */
export const codeField = requiredText(20)
  .refine((v) => v.trim() !== '', { error: messages.champObligatoire })
  .refine((v) => v.trim() === '' || CODE_PATTERN.test(v.trim()), { error: messages.codeFormat })
  .transform((v) => v.trim());

/** `POST campus-auth/mot-de-passe-oublie/confirmation`: the code received and the new password. */
export const forgotConfirmBody = z.object({
  username: requiredText().refine((v) => v.trim() !== '', { error: messages.champObligatoire }),
  code: codeField,
  nouveauMotDePasse: requiredText().refine((v) => v.length >= PASSWORD_MIN_LENGTH, {
    error: messages.motDePasseCourt,
  }),
});
export type ForgotConfirmBody = z.input<typeof forgotConfirmBody>;

export const forgotConfirmAnswer = z.object({ message: z.string() });
export type ForgotConfirmAnswer = z.infer<typeof forgotConfirmAnswer>;
