import type {
  ForgotAnswer,
  ForgotBody,
  ForgotConfirmAnswer,
  ForgotConfirmBody,
  PasswordAnswer,
  PasswordBody,
  SigninAnswer,
  SigninBody,
} from '../../../domain/schemas/auth';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/** Sign-in (no token sent): the token and the user's record. */
export const signin = (body: SigninBody) => api.post<SigninAnswer>(paths.api.signin, body, { auth: false });

/** One's own password: the answer carries the new token (the old one stops working). */
export const changePassword = (body: PasswordBody) => api.put<PasswordAnswer>(paths.api.motDePasse, body);

/** A forgotten password: ask for a code (the same answer whether the account exists or not). */
export const askCode = (body: ForgotBody) =>
  api.post<ForgotAnswer>(paths.api.motDePasseOublie, body, { auth: false });

/** A forgotten password: the code and the new password. */
export const confirmCode = (body: ForgotConfirmBody) =>
  api.post<ForgotConfirmAnswer>(paths.api.motDePasseOublieConfirmation, body, { auth: false });
