import type { ForgotBody, ForgotConfirmBody, PasswordBody, SigninBody } from '../../../domain/schemas/auth';
import { answerOf, apiClient, publicClient } from '../../lib/client';

/** Sign-in and passwords. Paths, bodies and answers are typed by the API's description (lib/client.ts). */

/** Sign-in (no token sent): the token and the user's record. */
export const signin = (body: SigninBody) => answerOf(publicClient.POST('/campus-auth/signin', { body }));

/** One's own password: the answer carries the new token (the old one stops working). */
export const changePassword = (body: PasswordBody) =>
  answerOf(apiClient.PUT('/campus-auth/password', { body }));

/** A forgotten password: ask for a code (the same answer whether the account exists or not). */
export const askCode = (body: ForgotBody) =>
  answerOf(publicClient.POST('/campus-auth/mot-de-passe-oublie', { body }));

/** A forgotten password: the code and the new password. */
export const confirmCode = (body: ForgotConfirmBody) =>
  answerOf(publicClient.POST('/campus-auth/mot-de-passe-oublie/confirmation', { body }));
