import { answerOf, apiClient } from '../../lib/client';

/**
 * The student's phone for the SMS (decision 030). Paths, parameters and answers are typed by the
 * API's description (lib/client.ts).
 */
export const phoneKeys = {
  mine: ['telephone'] as const,
  dossier: (idDossier: number) => ['telephone', 'dossier', idDossier] as const,
};

export const fetchMyPhone = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/etudiant/telephone', { signal }));

/** A new number: a code is sent to it by SMS. */
export const askPhoneCode = (body: { telephone: string }) =>
  answerOf(apiClient.POST('/campus/etudiant/telephone', { body }));

/** The code received: the number becomes the one the SMS go to. */
export const confirmPhoneCode = (body: { code: string }) =>
  answerOf(apiClient.POST('/campus/etudiant/telephone/confirmation', { body }));

/** Back to the registry's number. */
export const removePhone = () => answerOf(apiClient.DELETE('/campus/etudiant/telephone'));

/** The staff's view: the number a dossier's student gets its SMS at, and whether it verified it. */
export const fetchDossierPhone = (idDossier: number, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/dossier/{idDossier}/telephone', { params: { path: { idDossier } }, signal }),
  );
