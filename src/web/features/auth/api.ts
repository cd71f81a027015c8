import type { PasswordAnswer, PasswordBody, SigninAnswer, SigninBody } from '../../../domain/schemas/auth';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/** Sign-in (no token sent): the token and the user's record. */
export const signin = (body: SigninBody) => api.post<SigninAnswer>(paths.api.signin, body, { auth: false });

/** One's own password: the answer carries the new token (the old one stops working). */
export const changePassword = (body: PasswordBody) => api.put<PasswordAnswer>(paths.api.motDePasse, body);
