import { answerOf, apiClient } from '../../lib/client';

/**
 * What was sent to the students (docs/messages.md#sms): per dossier's student, per session. Paths,
 * parameters and answers are typed by the API's description (lib/client.ts).
 */
export const messageKeys = {
  all: ['messages'] as const,
  dossier: (idDossier: number) => ['messages', 'dossier', idDossier] as const,
  compteurs: (idSessionCenou: number, idDirection: number) =>
    ['messages', 'compteurs', idSessionCenou, idDirection] as const,
};

export const fetchDossierMessages = async (idDossier: number, signal?: AbortSignal) =>
  (await answerOf(
    apiClient.GET('/campus/dossier/{idDossier}/messages', { params: { path: { idDossier } }, signal }),
  )) ?? [];

export const fetchMessageCounts = (idSessionCenou: number, idDirection: number, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/messages/compteurs', {
      params: { query: { idSessionCenou, idDirection } },
      signal,
    }),
  );
