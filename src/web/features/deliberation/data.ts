import { useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api';
import { delibPaths } from './paths';
import type { DeliberationLists, DeliberationRun, DossierResultat } from './types';

export { delibPaths } from './paths';

export const delibKeys = {
  runs: (idSessionCenou: number) => ['deliberation', 'runs', idSessionCenou] as const,
  resultat: (idDossier: number) => ['deliberation', 'resultat', idDossier] as const,
};

export const fetchApercu = (idSessionCenou: number, idDirection: number, seed: string) =>
  api.get<DeliberationLists>(delibPaths.api.apercu, {
    idSessionCenou,
    idDirection,
    seed: seed.trim() || undefined,
  } satisfies Query);

export const publier = (idSessionCenou: number, idDirection: number, seed: string) =>
  api.post<DeliberationLists>(delibPaths.api.deliberation, { idSessionCenou, idDirection, seed });

export function useRuns(idSessionCenou: number | null, idDirection: number | null) {
  return useQuery({
    queryKey: delibKeys.runs(idSessionCenou ?? 0),
    queryFn: ({ signal }) =>
      api.get<DeliberationRun[]>(delibPaths.api.deliberation, { idSessionCenou, idDirection }, signal),
    enabled: idSessionCenou !== null && idDirection !== null,
  });
}

export const fetchResultat = (idDossier: number, signal?: AbortSignal) =>
  api.get<DossierResultat>(delibPaths.api.resultat(idDossier), undefined, signal);

export { formatMoyenne, nomComplet } from '../staff/api';
