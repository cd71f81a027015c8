import { PHOTO_MAX_SIDE } from '../../../domain/limits';
import { photoFileName } from '../../../domain/proof';
import { answerOf, apiClient, saveFile } from '../../lib/client';
import { fetchAll } from '../assignment/api';

/** Life in the cité (docs/life-in-the-cite.md): paths, parameters and answers typed by the API's description. */
export const citeKeys = {
  dashboard: ['cite-agent', 'tableau-de-bord'] as const,
  mine: ['etudiant', 'arrivee'] as const,
  inventory: (idAffectation: number) => ['etat-des-lieux', idAffectation] as const,
};

export const fetchAgentDashboard = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/cite-agent/tableau-de-bord', { signal }));

export const fetchMyAssignments = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/etudiant/arrivee', { signal }));

export const fetchInventories = (idAffectation: number, signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/etat-des-lieux', { params: { query: { idAffectation } }, signal }));

export const handKey = (id: number, codeCle: string) =>
  answerOf(
    apiClient.POST('/campus/affectation/{id}/arrivee', { params: { path: { id } }, body: { codeCle } }),
  );

export type InventoryBody = {
  idAffectation: number;
  type: 'ENTREE' | 'SORTIE';
  elements: {
    idElementInventaire: number;
    etat: 'BON' | 'USE' | 'ABIME' | 'MANQUANT';
    commentaire?: string | null;
    photos?: string[];
  }[];
};

export const saveInventory = (body: InventoryBody) =>
  answerOf(apiClient.POST('/campus/etat-des-lieux', { body }));

export const countersign = (id: number) =>
  answerOf(apiClient.POST('/campus/etat-des-lieux/{id}/validation', { params: { path: { id } } }));

/** A photo of an inventory as an object URL (the call needs the bearer token, which an <img> cannot send). */
export async function photoUrl(idPhoto: number): Promise<string> {
  const { data } = await apiClient.GET('/campus/etat-des-lieux/photo/{idPhoto}', {
    params: { path: { idPhoto } },
    parseAs: 'blob',
  });
  return URL.createObjectURL(data as Blob);
}

/**
 * A photo as it is sent: shrunk on the phone to JPEG (`shrinkPhoto`), else kept as it was (a
 * browser that cannot draw it), and named by what it then is (`photoFileName`): `.jpg` once shrunk,
 * its own `.png` or `.jpg` when kept. The name is the one listed under the form.
 */
export async function photoToSend(file: File): Promise<{ blob: Blob; name: string }> {
  const blob = await shrinkPhoto(file).catch(() => file);
  return { blob, name: photoFileName(file.name || 'photo', blob.type) };
}

/** Shrinks a photo on the phone (JPEG, at most PHOTO_MAX_SIDE pixels a side) before it is sent. */
export async function shrinkPhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.8),
  );
}

/** The admin's screen of the cité agents: their keys, so that a change reloads the list. */
export const agentKeys = {
  agents: ['agent-cite'] as const,
  cites: ['agent-cite', 'cites'] as const,
};

/** The cité agents' accounts with their cités (none for an agent not yet given any). */
export const fetchAgents = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/agent-cite', { signal }));

/** The live cités, every direction's (every page), for the agents' choice. */
export const fetchLiveCites = (signal?: AbortSignal) => fetchAll('/campus/cite', {}, signal);

/** Gives an agent its cités (at least one): they replace those it had. */
export const giveCites = (idUser: number, citesAgent: number[]) =>
  answerOf(
    apiClient.PUT('/campus/agent-cite/{idUser}', { params: { path: { idUser } }, body: { citesAgent } }),
  );

/** The departure (docs/life-in-the-cite.md#departure): the inventories compared, the damage, the departure. */
export const departKeys = {
  mine: ['etudiant', 'depart'] as const,
  comparison: (idAffectation: number) => ['etat-des-lieux', 'comparaison', idAffectation] as const,
};

export const fetchMyDepartures = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/etudiant/depart', { signal }));

export const fetchComparison = (idAffectation: number, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/etat-des-lieux/comparaison', { params: { query: { idAffectation } }, signal }),
  );

export const recordDeparture = (id: number, date: string) =>
  answerOf(apiClient.POST('/campus/affectation/{id}/depart', { params: { path: { id } }, body: { date } }));

export const chargeDamage = (
  id: number,
  body: { idElementInventaire: number; montant: number; motif: string },
) => answerOf(apiClient.POST('/campus/affectation/{id}/degradation', { params: { path: { id } }, body }));

/** A damage's receipt (PDF), fetched with the token and saved. */
export const damageReceipt = (id: number, idDegradation: number, reference: string) =>
  saveFile(
    apiClient.GET('/campus/affectation/{id}/degradation/{idDegradation}/recu', {
      params: { path: { id, idDegradation } },
      parseAs: 'blob',
    }),
    `degradation_${reference}.pdf`,
  );
