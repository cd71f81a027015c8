import { useQuery } from '@tanstack/react-query';
import type { CampaignBody, CampaignUpdateBody } from '../../../domain/schemas/room-choice';
import { answerOf, apiClient } from '../../lib/client';

/** Staff's room-choice calls (docs/room-choice.md): the campaign, its counts, a hold cancelled. */

/** react-query keys: every read starts with `['campagne-choix']`, so a write reloads them all. */
export const campaignKeys = {
  all: ['campagne-choix'] as const,
  campagne: (idSessionCenou: number, idDirection: number) =>
    ['campagne-choix', 'campagne', idSessionCenou, idDirection] as const,
  compteurs: (idCampagne: number) => ['campagne-choix', 'compteurs', idCampagne] as const,
  /** The follow-up's table (`useServerList`) under the lists' prefix. */
  suivi: (idCampagne: number) => ['list', 'campagne-choix', idCampagne] as const,
};

/** How often the follow-up reads its table and counts again. */
export const FOLLOW_REFRESH_MS = 10_000;

/** The session's campaign, or null when it has none (the server's answer then). */
export function useCampaign(idSessionCenou: number | null, idDirection: number | null) {
  return useQuery({
    queryKey: campaignKeys.campagne(idSessionCenou ?? 0, idDirection ?? 0),
    queryFn: async ({ signal }) =>
      (await answerOf(
        apiClient.GET('/campus/choix-chambre/campagne', {
          params: { query: { idSessionCenou: idSessionCenou!, idDirection: idDirection! } },
          signal,
        }),
      )) ?? null,
    enabled: idSessionCenou !== null && idDirection !== null,
    staleTime: 0,
  });
}

export function useCounts(idCampagne: number | null) {
  return useQuery({
    queryKey: campaignKeys.compteurs(idCampagne ?? 0),
    queryFn: ({ signal }) =>
      answerOf(
        apiClient.GET('/campus/choix-chambre/campagne/{idCampagne}/compteurs', {
          params: { path: { idCampagne: idCampagne! } },
          signal,
        }),
      ),
    enabled: idCampagne !== null,
    staleTime: 0,
    refetchInterval: FOLLOW_REFRESH_MS,
  });
}

export const createCampaign = (body: CampaignBody) =>
  answerOf(apiClient.POST('/campus/choix-chambre/campagne', { body }));

export const changeCampaign = (idCampagne: number, body: CampaignUpdateBody) =>
  answerOf(
    apiClient.PUT('/campus/choix-chambre/campagne/{idCampagne}', {
      params: { path: { idCampagne } },
      body,
    }),
  );

export const cancelCampaign = (idCampagne: number) =>
  answerOf(
    apiClient.DELETE('/campus/choix-chambre/campagne/{idCampagne}', { params: { path: { idCampagne } } }),
  );

export const cancelHold = (idReservation: number) =>
  answerOf(
    apiClient.DELETE('/campus/choix-chambre/reservation/{idReservation}', {
      params: { path: { idReservation } },
    }),
  );
