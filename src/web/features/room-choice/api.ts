import type { MineRead, RoomRow } from '../../../domain/schemas/room-choice';
import { ApiError } from '../../lib/api';
import type { QueryClient } from '@tanstack/react-query';
import { answerOf, apiClient } from '../../lib/client';
import { prefetchFirstRead } from '../../lib/query';

/**
 * The student's room-choice calls (docs/room-choice.md): its slot, group and hold, the rooms that
 * fit it, holding, extending, confirming. Paths, parameters and answers are typed by the API's
 * description (lib/client.ts).
 */

/** react-query keys: every read of the choice sits under `['choix-chambre', …]`. */
export const roomChoiceKeys = {
  all: ['choix-chambre'] as const,
  moi: (ine: string) => ['choix-chambre', 'moi', ine] as const,
  chambres: (ine: string, idCite: number) => ['choix-chambre', 'chambres', ine, idCite] as const,
};

/**
 * The student's slot, group and hold; null when no campaign gives it a slot (the server's answer
 * then), so that a card or a page says nothing rather than an error.
 */
export async function fetchMine(signal?: AbortSignal): Promise<MineRead | null> {
  return (await answerOf(apiClient.GET('/campus/choix-chambre/moi', { signal }))) ?? null;
}

/** The room choice's first read (the student's slot, group and hold), asked with the page's code. */
export function askRoomChoiceReads(client: QueryClient, ine: string): void {
  prefetchFirstRead(client, roomChoiceKeys.moi(ine), ({ signal }) => fetchMine(signal));
}

/** The rooms as last read, with their tag: the next read sends it and gets 304 while nothing changed. */
export interface RoomsRead {
  etag: string | null;
  rows: RoomRow[];
}

/**
 * The rooms of a cité that fit the student or its group, revalidated: with the tag of the last
 * read, the server answers 304 (no body) while nothing changed, and the last read is kept.
 */
export async function fetchRooms(idCite: number, last: RoomsRead | undefined, signal?: AbortSignal) {
  try {
    const { data, response } = await apiClient.GET('/campus/choix-chambre/chambres', {
      params: { query: { idCite } },
      headers: last?.etag ? { 'if-none-match': last.etag } : undefined,
      signal,
    });
    return { etag: response.headers.get('etag'), rows: data ?? [] } satisfies RoomsRead;
  } catch (e) {
    if (e instanceof ApiError && e.status === 304 && last) return last;
    throw e;
  }
}

export const inviter = (ines: string[]) =>
  answerOf(apiClient.POST('/campus/choix-chambre/groupe', { body: { ines } }));

export const repondreInvitation = (idGroupe: number, reponse: 'ACCEPTE' | 'REFUSE') =>
  answerOf(
    apiClient.POST('/campus/choix-chambre/groupe/{idGroupe}/reponse', {
      params: { path: { idGroupe } },
      body: { reponse },
    }),
  );

export const quitterGroupe = (idGroupe: number) =>
  answerOf(
    apiClient.DELETE('/campus/choix-chambre/groupe/{idGroupe}/membre', { params: { path: { idGroupe } } }),
  );

export const reserver = (idChambre: number) =>
  answerOf(apiClient.POST('/campus/choix-chambre/reservation', { body: { idChambre } }));

export const prolonger = (idReservation: number) =>
  answerOf(
    apiClient.POST('/campus/choix-chambre/reservation/{idReservation}/prolongation', {
      params: { path: { idReservation } },
    }),
  );

export const confirmer = (idReservation: number) =>
  answerOf(
    apiClient.POST('/campus/choix-chambre/reservation/{idReservation}/confirmation', {
      params: { path: { idReservation } },
    }),
  );

export const annulerReservation = (idReservation: number) =>
  answerOf(
    apiClient.DELETE('/campus/choix-chambre/reservation/{idReservation}', {
      params: { path: { idReservation } },
    }),
  );
