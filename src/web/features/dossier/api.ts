import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageBody } from '../../../domain/schemas/common';
import { messages } from '../../../domain/messages';
import { api, ApiError, apiErrorOf, apiUrl, bearerToken, endSession } from '../../lib/api';
import { paths } from '../../lib/paths';
import type {
  DepositBody,
  DepositForm,
  DossierDetail,
  DossierSummary,
} from '../../../domain/schemas/dossier';

/** react-query keys of the student's dossier data. */
export const dossierKeys = {
  all: ['dossier'] as const,
  depot: (ine: string) => ['dossier', 'depot', ine] as const,
  liste: (ine: string) => ['dossier', 'etudiant', ine] as const,
  detail: (ine: string, idDossier: number) => ['dossier', 'detail', ine, idDossier] as const,
};

/** `GET campus/dossier/depot` without a dossier: the deposit form of the student's open session. */
export const fetchDepotForm = (ine: string, signal?: AbortSignal) =>
  api.get<DepositForm>(paths.api.dossier.depot, { ineEtudiant: ine }, signal);

/**
 * The deposit form of the student's open session (/depot and /edit-dossier): read afresh on each
 * visit and not retried (a refusal, such as a closed session, is the answer to show).
 */
export const useDepotForm = (ine: string) =>
  useQuery({
    queryKey: dossierKeys.depot(ine),
    queryFn: ({ signal }) => fetchDepotForm(ine, signal),
    enabled: ine !== '',
    staleTime: 0,
    retry: false,
  });

export const fetchDossiers = async (ine: string, signal?: AbortSignal) =>
  (await api.get<DossierSummary[] | null>(paths.api.dossier.etudiant(ine), undefined, signal)) ?? [];

/**
 * `GET campus/dossier/depot` with a dossier: one dossier with its answers (no file content), for
 * the student's screens and the staff's alike.
 */
export const fetchDossier = (ine: string, idDossier: number, signal?: AbortSignal) =>
  api.get<DossierDetail>(paths.api.dossier.depot, { ineEtudiant: ine, idDossier }, signal);

export const deleteDossier = (idDossier: number) =>
  api.patch<z.infer<typeof messageBody>>(paths.api.dossier.element(idDossier));

/** One proof of an upload: the criterion type it answers and its file. */
export interface UploadFile {
  idTypeCritere: number;
  file: File;
}

/** Progress of an upload: per criterion type, the fraction (0 to 1) of its file sent. */
export type UploadProgress = Record<number, number>;

/**
 * Spreads the bytes sent so far over the parts in their order in the body (the `dossier` text
 * first, then each file): the browser reports the whole body only, and the parts are sent in order.
 */
export function progressOfParts(
  loaded: number,
  total: number,
  jsonBytes: number,
  files: readonly { idTypeCritere: number; size: number }[],
): UploadProgress {
  const parts = jsonBytes + files.reduce((sum, f) => sum + f.size, 0);
  const position = total > 0 ? (Math.min(loaded, total) / total) * parts : 0;
  const out: UploadProgress = {};
  let start = jsonBytes;
  for (const f of files) {
    out[f.idTypeCritere] = f.size > 0 ? Math.max(0, Math.min(1, (position - start) / f.size)) : 1;
    start += f.size;
  }
  return out;
}

/**
 * `PUT campus/dossier` as multipart/form-data (docs/sessions-and-dossiers.md): the text field `dossier` then one part
 * `fichier-{idTypeCritere}` per proof. XMLHttpRequest, not fetch: only it reports upload progress.
 * Resolves with the stored dossier; rejects with an ApiError (status 0 when the network failed).
 */
export function uploadDossier(
  dossier: DepositBody,
  files: readonly UploadFile[],
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<DossierDetail> {
  const json = JSON.stringify(dossier);
  const body = new FormData();
  body.append('dossier', json);
  for (const { idTypeCritere, file } of files) body.append(`fichier-${idTypeCritere}`, file, file.name);
  const sizes = files.map((f) => ({ idTypeCritere: f.idTypeCritere, size: f.file.size }));
  const jsonBytes = new TextEncoder().encode(json).length;

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = bearerToken();
    xhr.open('PUT', apiUrl(paths.api.dossier.enregistrer));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(progressOfParts(e.loaded, e.total, jsonBytes, sizes));
    };
    xhr.upload.onload = () => onProgress(progressOfParts(1, 1, jsonBytes, sizes));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as DossierDetail);
        } catch {
          reject(new ApiError(xhr.status, 'ERREUR_INTERNE', messages.erreurInterne));
        }
        return;
      }
      if (xhr.status === 0) {
        reject(new ApiError(0, 'RESEAU', messages.erreurReseau));
        return;
      }
      const error = apiErrorOf(xhr.status, xhr.responseText);
      if (xhr.status === 401 && token) endSession();
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'RESEAU', messages.erreurReseau));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
