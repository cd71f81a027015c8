import type {
  IdentityAnswer,
  RegistrationAnswer,
  RegistrationBody,
} from '../../../domain/schemas/registration';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/** Registration's public calls (no token sent). */

/** The registry's identity of an INE whose birth date matches (phone and e-mail masked). */
export const lookupIdentity = (ine: string, dateNaissance: string) =>
  api.get<IdentityAnswer>(paths.api.identiteEtudiant(ine), { dateNaissance });

/** Creates the student's account; the password is mailed. */
export const register = (body: RegistrationBody) =>
  api.post<RegistrationAnswer>(paths.api.inscription, body, { auth: false });
