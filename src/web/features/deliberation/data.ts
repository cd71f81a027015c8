import { useQuery } from '@tanstack/react-query';
import { enumLabel, messages } from '../../../domain/messages';
import { api, type Query } from '../../lib/api';
import { fill } from '../../lib/format';
import { useSessions } from '../staff/data';
import type { SessionRow } from '../staff/types';
import { delibPaths } from './paths';
import type { DeliberationLists, DeliberationRun, DossierResultat } from './types';
import { anneeLibelle } from '../../../domain/workflow';

export { delibPaths } from './paths';

export const delibKeys = {
  runs: (idSessionCenou: number) => ['deliberation', 'runs', idSessionCenou] as const,
  resultat: (idDossier: number) => ['deliberation', 'resultat', idDossier] as const,
};

/** A session with the fields the screens show (the generic resource gives them all). */
export type Session = SessionRow & { anneeDebut?: number | null; anneeAcademique?: string | null };

/** '2026-2027', from the session's start year. */
export function anneeAcademique(s: Session): string {
  if (s.anneeAcademique) return s.anneeAcademique;
  return typeof s.anneeDebut === 'number' ? anneeLibelle(s.anneeDebut) : '';
}

/** '2026-2027 : Délibération (Ouvert)'. */
export const sessionLabel = (s: Session) =>
  fill(messages.sessionOption, {
    annee: anneeAcademique(s) || `#${s.idSessionCenou}`,
    phase: enumLabel('etatSession', s.etatSession),
    statut: enumLabel('statutSession', s.statutSession),
  });

/** The session a direction works on now: its open (or suspended) one, at most one (CONTRACT §5). */
export const openSessionOf = (sessions: readonly Session[], idDirection: number | null) =>
  sessions.find(
    (s) => s.idDirection === idDirection && (s.statutSession === 'OUVERT' || s.statutSession === 'SUSPENDU'),
  ) ?? null;

/** The sessions of a direction, the open one first, then the newest. */
export function sessionsOf(sessions: readonly Session[], idDirection: number | null): Session[] {
  const open = (s: Session) => (s.statutSession === 'FERME' ? 1 : 0);
  return sessions
    .filter((s) => s.idDirection === idDirection)
    .sort((a, b) => open(a) - open(b) || b.idSessionCenou - a.idSessionCenou);
}

export function useSessionList() {
  const query = useSessions();
  return { ...query, sessions: (query.data ?? []) as Session[] };
}

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

export { formatMoyenne, nomComplet } from '../staff/data';
