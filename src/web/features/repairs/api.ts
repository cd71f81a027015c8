import { answerOf, apiClient } from '../../lib/client';

/** Repairs (docs/life-in-the-cite.md#repairs): paths, parameters and answers typed by the API's description. */
export const repairKeys = {
  all: ['intervention'] as const,
  places: ['intervention', 'lieux'] as const,
  one: (id: number) => ['intervention', id] as const,
  history: (id: number) => ['intervention', id, 'historique'] as const,
  list: () => ['list', 'intervention'] as const,
  cites: () => ['list', 'intervention', 'par-cite'] as const,
};

export const fetchPlaces = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/intervention/lieux', { signal }));

export const fetchRequest = (id: number, signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/intervention/{id}', { params: { path: { id } }, signal }));

export const fetchHistory = (id: number, signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/intervention/{id}/historique', { params: { path: { id } }, signal }));

export type ReportBody = {
  idChambre?: number;
  idCite?: number;
  lieu?: 'SANITAIRES' | 'CUISINE' | 'COULOIR' | 'SALLE_COMMUNE' | 'EXTERIEUR' | 'AUTRE';
  categorie: 'PLOMBERIE' | 'ELECTRICITE' | 'SERRURERIE' | 'MOBILIER' | 'NUISIBLES' | 'AUTRE';
  priorite: 'URGENCE' | 'HAUTE' | 'NORMALE';
  description: string;
  photos?: string[];
};

export const sendReport = (body: ReportBody) => answerOf(apiClient.POST('/campus/intervention', { body }));

export const moveRequest = (
  id: number,
  statut: 'NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE',
  commentaire: string | null,
) =>
  answerOf(
    apiClient.PATCH('/campus/intervention/{id}', { params: { path: { id } }, body: { statut, commentaire } }),
  );

/** A photo of a request as an object URL (the call needs the bearer token, which an <img> cannot send). */
export async function requestPhotoUrl(idPhoto: number): Promise<string> {
  const { data } = await apiClient.GET('/campus/intervention/photo/{idPhoto}', {
    params: { path: { idPhoto } },
    parseAs: 'blob',
  });
  return URL.createObjectURL(data as Blob);
}
