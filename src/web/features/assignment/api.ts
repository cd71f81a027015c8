import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../domain/limits';
import type { AssignBody } from '../../../domain/schemas/assignment';
import { ApiError } from '../../lib/api';
import {
  answerOf,
  apiClient,
  fetchPage,
  saveFile,
  type ListExtra,
  type ListPath,
  type ListRow,
} from '../../lib/client';
import { citeOf, kept, litOf } from './types';

/**
 * The assignment calls: assign, the assignments, the free beds, the students without a bed, move,
 * cancel, the certificate. Paths, parameters and answers are typed by the API's description
 * (lib/client.ts).
 */

/** react-query keys: every assignment read starts with `['affectation']`, so a write reloads them all. */
export const assignmentKeys = {
  all: ['affectation'] as const,
  cites: (idDirection: number | null) => ['affectation', 'cites', idDirection] as const,
  disponibilites: (idSessionCenou: number, idCite: number) =>
    ['affectation', 'disponibilites', idSessionCenou, idCite] as const,
  sansLit: (idSessionCenou: number) => ['affectation', 'sans-lit', idSessionCenou] as const,
  occupants: (idSessionCenou: number, idCite: number) =>
    ['affectation', 'occupants', idSessionCenou, idCite] as const,
  lits: (idCite: number) => ['affectation', 'lits', idCite] as const,
  moi: (ine: string) => ['affectation', 'moi', ine] as const,
  /** The shared table's lists (`useServerList`) under the lists' prefix. */
  list: () => ['list', 'affectation'] as const,
  sansLitList: () => ['list', 'affectation', 'sans-lit'] as const,
};

/** Every page of a paged list (the largest page a call may ask for) as one array. */
export async function fetchAll<P extends ListPath>(
  path: P,
  extra: ListExtra<P>,
  signal?: AbortSignal,
): Promise<ListRow<P>[]> {
  const out: ListRow<P>[] = [];
  for (let page = 0; ; page++) {
    const res = await fetchPage(path, { page, size: MAX_PAGE_SIZE, extra }, signal);
    out.push(...res.rows);
    if (res.rows.length === 0 || out.length >= res.total) return out;
  }
}

export function useCites(idDirection: number | null) {
  return useQuery({
    queryKey: assignmentKeys.cites(idDirection),
    queryFn: async ({ signal }) =>
      kept(
        (await answerOf(
          apiClient.GET('/campus/cite', {
            params: { query: { idDirection: idDirection ?? undefined } },
            signal,
          }),
        )) ?? [],
        citeOf,
      ),
    enabled: idDirection !== null,
    staleTime: 30_000,
  });
}

export function useDisponibilites(idSessionCenou: number | null, idCite: number | null) {
  return useQuery({
    queryKey: assignmentKeys.disponibilites(idSessionCenou ?? 0, idCite ?? 0),
    queryFn: ({ signal }) =>
      answerOf(
        apiClient.GET('/campus/affectation/disponibilites', {
          params: { query: { idSessionCenou: idSessionCenou ?? 0, idCite: idCite ?? 0 } },
          signal,
        }),
      ),
    enabled: idSessionCenou !== null && idCite !== null,
    staleTime: 0,
  });
}

/** The admitted students of the session still without a bed, in rank order (the whole direction's). */
export function useSansLit(idSessionCenou: number | null) {
  return useQuery({
    queryKey: assignmentKeys.sansLit(idSessionCenou ?? 0),
    queryFn: ({ signal }) =>
      fetchAll('/campus/affectation/sans-lit', { idSessionCenou: idSessionCenou ?? 0 }, signal),
    enabled: idSessionCenou !== null,
    staleTime: 0,
  });
}

/** The assignments of a cité in a session (every page). */
export function useOccupants(idSessionCenou: number | null, idCite: number | null) {
  return useQuery({
    queryKey: assignmentKeys.occupants(idSessionCenou ?? 0, idCite ?? 0),
    queryFn: ({ signal }) =>
      fetchAll(
        '/campus/affectation',
        { idSessionCenou: idSessionCenou ?? 0, idCite: idCite ?? undefined },
        signal,
      ),
    enabled: idSessionCenou !== null && idCite !== null,
    staleTime: 0,
  });
}

/** The beds of a cité with their room, corridor, level and building (the housing stock, unpaged). */
export function useLits(idCite: number | null) {
  return useQuery({
    queryKey: assignmentKeys.lits(idCite ?? 0),
    queryFn: async ({ signal }) =>
      kept(
        (await answerOf(
          apiClient.GET('/campus/lit', { params: { query: { idCite: idCite ?? undefined } }, signal }),
        )) ?? [],
        litOf,
      ),
    enabled: idCite !== null,
    staleTime: 30_000,
  });
}

export const affecter = (body: AssignBody) => answerOf(apiClient.POST('/campus/affectation', { body }));

export const deplacer = (idAffectation: number, idLit: number) =>
  answerOf(
    apiClient.PUT('/campus/affectation/{id}', { params: { path: { id: idAffectation } }, body: { idLit } }),
  );

export const annuler = (idAffectation: number) =>
  answerOf(
    apiClient.PATCH('/campus/affectation/{id}', { params: { path: { id: idAffectation } }, body: {} }),
  );

/** The student's own assignment, or null when it has none yet (404 or an empty answer). */
export async function fetchMonAffectation(signal?: AbortSignal) {
  try {
    const answer = await answerOf(apiClient.GET('/campus/affectation/etudiant', { signal }));
    return answer?.[0] ?? null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** The certificate, with the bearer token (never in a URL), saved as a file. */
export const telechargerAttestation = (idAffectation: number) =>
  saveFile(
    apiClient.GET('/campus/affectation/{id}/attestation', {
      params: { path: { id: idAffectation } },
      parseAs: 'blob',
    }),
    `attestation_${idAffectation}.pdf`,
  );
