import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../limits';
import { messages } from '../messages';

/** Sign-in and one's own password (`campus-auth/signin`, `campus-auth/password`). */

/** Text a person types: absent and `null` count as missing ('Ce champ est obligatoire.'). */
const requiredText = (max = 200) =>
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
