import type { DepositBody } from '../../../domain/schemas/dossier';
import type { ProcurationBody } from '../../../domain/schemas/procurations';
import { answerOf, apiClient, publicClient } from '../../lib/client';

/**
 * The procurations' calls (docs/procurations.md). Paths, parameters and answers are typed by the
 * API's description (lib/client.ts).
 */
export const procurationKeys = {
  all: ['procuration'] as const,
  liste: () => ['procuration', 'liste'] as const,
  brouillon: ['procuration', 'brouillon'] as const,
};

export const giveProcuration = (body: ProcurationBody) =>
  answerOf(apiClient.POST('/campus/procuration', { body }));

export const revokeProcuration = (id: number) =>
  answerOf(apiClient.DELETE('/campus/procuration/{id}', { params: { path: { id } } }));

/** The student's draft, or null when there is none (the server's answer then). */
export async function fetchDraft(signal?: AbortSignal) {
  return (await answerOf(apiClient.GET('/campus/dossier/brouillon', { signal }))) ?? null;
}

export const saveDraft = (body: DepositBody) =>
  answerOf(apiClient.PUT('/campus/dossier/brouillon', { body }));

export const depositDraft = () => answerOf(apiClient.POST('/campus/dossier/brouillon/depot'));

/** The helper's sign-in: public (no stored token is sent). */
export const helperSignin = (body: { ine: string; code: string }) =>
  answerOf(publicClient.POST('/campus-auth/procuration', { body }));
