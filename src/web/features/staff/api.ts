import { useQuery } from '@tanstack/react-query';
import { GESTIONNAIRE_DR } from '../../../domain/enums';
import { roundScore, type ScoreType } from '../../../domain/score';
import { scopeOf, type Permission } from '../../../domain/permissions';
import type { DirectionRow, SessionRow } from '../../../domain/schemas/resources';
import type { AnalysisAnswer, AnalysisBody } from '../../../domain/schemas/analysis';
import type { DashboardAnswer } from '../../../domain/schemas/staff';
import { api } from '../../lib/api';
import { roleOf, useUser } from '../../lib/auth';
import { paths } from '../../lib/paths';

/** react-query keys of the staff screens (the paged dossier list is `listKey.dossiers()`). */
export const staffKeys = {
  directions: ['options', 'direction', null, null] as const,
  sessions: ['staff', 'sessions'] as const,
  dashboard: (idDirection: number | null) => ['staff', 'dash-board', idDirection] as const,
  dossier: (idDossier: number, ine: string) => ['staff', 'dossier', idDossier, ine] as const,
  scoreInputs: ['staff', 'score-inputs'] as const,
};

/** Every direction (the dropdown of central roles), shared with the settings' dropdowns. */
export function useDirections(enabled = true) {
  return useQuery({
    queryKey: staffKeys.directions,
    queryFn: ({ signal }) => api.get<DirectionRow[]>(paths.api.liste('direction'), undefined, signal),
    staleTime: 60_000,
    enabled,
  });
}

/** Every session (the analysis screen decides from the open ones' phase). */
export function useSessions() {
  return useQuery({
    queryKey: staffKeys.sessions,
    queryFn: ({ signal }) => api.get<SessionRow[]>(paths.api.liste('session-cenou'), undefined, signal),
    staleTime: 0,
  });
}

/** The staff dashboard's figures per ville: every direction in scope, or one. */
export const fetchDashboard = (idDirection: number | null, signal?: AbortSignal) =>
  api.get<DashboardAnswer>(
    paths.api.tableauDeBord,
    idDirection === null ? undefined : { idDirection },
    signal,
  );

/** The live criterion types (coefficients) and criteria (notes) the score is computed from. */
export function useScoreInputs() {
  return useQuery({
    queryKey: staffKeys.scoreInputs,
    queryFn: async ({ signal }) => {
      const [types, criteres] = await Promise.all([
        api.get<ScoreType[]>(paths.api.liste('type-critere'), undefined, signal),
        api.get<{ idCritere: number; note: number }[]>(paths.api.liste('critere'), undefined, signal),
      ]);
      return { types, notes: new Map(criteres.map((c) => [c.idCritere, c.note])) };
    },
    staleTime: 60_000,
  });
}

/** The body of `PATCH campus/analyse-dossier`: the values only, never a document. */
export type AnalyseEnvoi = AnalysisBody;

/** Saves the analysis of one dossier; the answer is the dossier as analysed. */
export const saveAnalysis = (body: AnalyseEnvoi) => api.patch<AnalysisAnswer>(paths.api.analyseDossier, body);

/**
 * The direction the signed-in staff member works on for this permission: a regional manager is
 * held to its own (`fixed`); central roles and the admin choose.
 */
export function useStaffScope(permission: Permission): {
  fixed: boolean;
  idDirection: number | null;
  libelleDirection: string | null;
  regional: boolean;
} {
  const user = useUser();
  const role = roleOf(user);
  const fixed = scopeOf(role, permission) === 'direction';
  return {
    fixed,
    idDirection: user?.idDirection ?? null,
    libelleDirection: user?.libelleDirection ?? null,
    regional: role === GESTIONNAIRE_DR,
  };
}

const moyenneFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A score as people read it: 2 decimals (`roundScore`, docs/score.md), French comma. */
export function formatMoyenne(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? moyenneFormat.format(roundScore(value)) : '';
}

/** Full name of a student. */
export const nomComplet = (row: { nomEtudiant?: string | null; prenomEtudiant?: string | null }) =>
  [row.nomEtudiant, row.prenomEtudiant].filter(Boolean).join(' ');
