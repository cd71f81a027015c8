import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../domain/limits';
import type { messageBody } from '../../../domain/schemas/common';
import type {
  AffectationRow,
  AssignAnswer,
  AssignBody,
  Availability,
  AvailabilityQuery,
  MonAffectation,
  MoveBody,
  SansLitRow,
} from '../../../domain/schemas/assignment';
import { api, apiFetch, downloadFile, type Page, type Query } from '../../lib/api';
import { paths } from '../../lib/paths';
import type { CiteOption, LitRow } from './types';

/** The assignment calls: assign, the assignments, the free beds, the students without a bed, move, cancel, the certificate. */

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
export async function fetchAll<T>(path: string, extra: Query, signal?: AbortSignal): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const res: Page<T> = await api.page<T>(path, { page, size: MAX_PAGE_SIZE, extra }, signal);
    out.push(...res.rows);
    if (res.rows.length === 0 || out.length >= res.total) return out;
  }
}

export function useCites(idDirection: number | null) {
  return useQuery({
    queryKey: assignmentKeys.cites(idDirection),
    queryFn: ({ signal }) =>
      api.get<CiteOption[]>(paths.api.liste('cite'), { idDirection: idDirection ?? undefined }, signal),
    enabled: idDirection !== null,
    staleTime: 30_000,
  });
}

export function useDisponibilites(idSessionCenou: number | null, idCite: number | null) {
  return useQuery({
    queryKey: assignmentKeys.disponibilites(idSessionCenou ?? 0, idCite ?? 0),
    queryFn: ({ signal }) =>
      api.get<Availability>(
        paths.api.affectation.disponibilites,
        { idSessionCenou: idSessionCenou ?? 0, idCite: idCite ?? 0 } satisfies AvailabilityQuery & Query,
        signal,
      ),
    enabled: idSessionCenou !== null && idCite !== null,
    staleTime: 0,
  });
}

/** The admitted students of the session still without a bed, in rank order (the whole direction's). */
export function useSansLit(idSessionCenou: number | null) {
  return useQuery({
    queryKey: assignmentKeys.sansLit(idSessionCenou ?? 0),
    queryFn: ({ signal }) => fetchAll<SansLitRow>(paths.api.affectation.sansLit, { idSessionCenou }, signal),
    enabled: idSessionCenou !== null,
    staleTime: 0,
  });
}

/** The assignments of a cité in a session (every page). */
export function useOccupants(idSessionCenou: number | null, idCite: number | null) {
  return useQuery({
    queryKey: assignmentKeys.occupants(idSessionCenou ?? 0, idCite ?? 0),
    queryFn: ({ signal }) =>
      fetchAll<AffectationRow>(paths.api.affectation.liste, { idSessionCenou, idCite }, signal),
    enabled: idSessionCenou !== null && idCite !== null,
    staleTime: 0,
  });
}

/** The beds of a cité with their room, corridor, level and building (the housing stock, unpaged). */
export function useLits(idCite: number | null) {
  return useQuery({
    queryKey: assignmentKeys.lits(idCite ?? 0),
    queryFn: ({ signal }) => api.get<LitRow[]>(paths.api.liste('lit'), { idCite }, signal),
    enabled: idCite !== null,
    staleTime: 30_000,
  });
}

export const affecter = (body: AssignBody) => api.post<AssignAnswer>(paths.api.affectation.liste, body);

export const deplacer = (idAffectation: number, idLit: number) =>
  api.put<AffectationRow>(paths.api.affectation.element(idAffectation), { idLit } satisfies MoveBody);

export const annuler = (idAffectation: number) =>
  api.patch<z.infer<typeof messageBody>>(paths.api.affectation.element(idAffectation));

/** The student's own assignment, or null when it has none yet. */
export async function fetchMonAffectation(signal?: AbortSignal): Promise<MonAffectation | null> {
  const res = await apiFetch(paths.api.affectation.moi, { signal }).catch((e: unknown) => {
    if (e && typeof e === 'object' && 'status' in e && (e as { status: number }).status === 404) return null;
    throw e;
  });
  if (!res || res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const body = JSON.parse(text) as MonAffectation[];
  return body[0] ?? null;
}

/** The certificate, with the bearer token (never in a URL), saved as a file. */
export const telechargerAttestation = (idAffectation: number) =>
  downloadFile(paths.api.affectation.attestation(idAffectation), {}, `attestation_${idAffectation}.pdf`);
