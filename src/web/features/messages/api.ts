import type { MessageCounts, MessageCountsQuery, SentMessage } from '../../../domain/schemas/messages';
import { api, type Query } from '../../lib/api';
import { paths } from '../../lib/paths';

/** What was sent to the students (docs/messages.md#sms): per dossier's student, per session. */
export const messageKeys = {
  all: ['messages'] as const,
  dossier: (idDossier: number) => ['messages', 'dossier', idDossier] as const,
  compteurs: (idSessionCenou: number, idDirection: number) =>
    ['messages', 'compteurs', idSessionCenou, idDirection] as const,
};

export const fetchDossierMessages = async (idDossier: number, signal?: AbortSignal) =>
  (await api.get<SentMessage[] | null>(paths.api.messagesDossier(idDossier), undefined, signal)) ?? [];

export const fetchMessageCounts = (idSessionCenou: number, idDirection: number, signal?: AbortSignal) =>
  api.get<MessageCounts>(
    paths.api.messagesCompteurs,
    { idSessionCenou, idDirection } satisfies MessageCountsQuery & Query,
    signal,
  );
