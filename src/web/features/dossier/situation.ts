import { answerOf, apiClient } from '../../lib/client';

/**
 * The student's deposit situation, apart from the other dossier calls: the menu (in every page's
 * first load) reads it, and brings only this module, not the dossier's whole client.
 */

/** The situation's react-query key (also `dossierKeys.situation`). */
export const situationKey = (ine: string) => ['dossier', 'situation', ine] as const;

/**
 * `GET campus/dossier/situation`: whether the student's direction takes a deposit now (and why
 * not), whether it is invited to ask for its re-admission, its session's year. The server decides
 * (docs/agency-rules.md#where-it-shows); never a 409.
 */
export const fetchDepositSituation = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/dossier/situation', { signal }));

/** How long the situation read stays fresh: the menu reads it on every page (as the rent, app/studentMenu.ts). */
export const SITUATION_STALE_MS = 60_000;

/** The student's deposit situation, under one key for its menu, its dashboard and /depot (one request for all three). */
export const depositSituationQuery = (ine: string) => ({
  queryKey: situationKey(ine),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchDepositSituation(signal),
  staleTime: SITUATION_STALE_MS,
});
