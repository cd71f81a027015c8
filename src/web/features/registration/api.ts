import type { RegistrationBody } from '../../../domain/schemas/registration';
import { answerOf, apiClient, publicClient } from '../../lib/client';

/**
 * Registration's public calls (no token sent). Paths, parameters and answers are typed by the
 * API's description (lib/client.ts).
 */

/** The registry's identity of an INE whose birth date matches (phone and e-mail masked). */
export const lookupIdentity = (ine: string, dateNaissance: string) =>
  answerOf(
    apiClient.GET('/campus-auth/hebergement-etudiant/{ine}', {
      params: { path: { ine }, query: { dateNaissance } },
    }),
  );

/** Creates the student's account; the password is mailed. */
export const register = (body: RegistrationBody) =>
  answerOf(publicClient.POST('/campus-auth/hebergement-etudiant', { body }));
