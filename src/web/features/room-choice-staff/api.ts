import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageBody } from '../../../domain/schemas/common';
import type {
  CampaignBody,
  CampaignRead,
  CampaignUpdateBody,
  FollowCounts,
} from '../../../domain/schemas/room-choice';
import { ApiError, api } from '../../lib/api';
import { paths } from '../../lib/paths';

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

/** The session's campaign, or null when it has none (404). */
export function useCampaign(idSessionCenou: number | null, idDirection: number | null) {
  return useQuery({
    queryKey: campaignKeys.campagne(idSessionCenou ?? 0, idDirection ?? 0),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<CampaignRead>(
          paths.api.campagneChoix.campagne,
          { idSessionCenou, idDirection },
          signal,
        );
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    enabled: idSessionCenou !== null && idDirection !== null,
    staleTime: 0,
  });
}

export function useCounts(idCampagne: number | null) {
  return useQuery({
    queryKey: campaignKeys.compteurs(idCampagne ?? 0),
    queryFn: ({ signal }) =>
      api.get<FollowCounts>(paths.api.campagneChoix.compteurs(idCampagne!), {}, signal),
    enabled: idCampagne !== null,
    staleTime: 0,
    refetchInterval: FOLLOW_REFRESH_MS,
  });
}

export const createCampaign = (body: CampaignBody) =>
  api.post<CampaignRead>(paths.api.campagneChoix.campagne, body);

export const changeCampaign = (idCampagne: number, body: CampaignUpdateBody) =>
  api.put<CampaignRead>(paths.api.campagneChoix.element(idCampagne), body);

export const cancelCampaign = (idCampagne: number) =>
  api.delete<z.infer<typeof messageBody>>(paths.api.campagneChoix.element(idCampagne));

export const cancelHold = (idReservation: number) =>
  api.delete<z.infer<typeof messageBody>>(paths.api.campagneChoix.reservation(idReservation));
