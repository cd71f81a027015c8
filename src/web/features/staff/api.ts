import { useQuery } from '@tanstack/react-query';
import { GESTIONNAIRE_DR } from '../../../domain/enums';
import { roundScore, type ScoreType } from '../../../domain/score';
import { scopeOf, type Permission } from '../../../domain/permissions';
import type { AnalysisBody } from '../../../domain/schemas/analysis';
import { roleOf, useUser } from '../../lib/auth';
import { answerOf, apiClient, type ListRow } from '../../lib/client';
import { fullName } from '../../../domain/format';

/**
 * The staff screens' calls, typed by the API's description (lib/client.ts). The directions and
 * sessions are rows of the generic resource lists, whose description leaves every field optional:
 * the screens keep the rows that carry what they read (`directionOf`, `sessionOf`), checked, not
 * asserted.
 */

/** A direction a chooser offers. */
const directionOf = ({ idDirection, libelleDirection }: ListRow<'/campus/direction'>) =>
  idDirection != null && libelleDirection != null ? [{ idDirection, libelleDirection }] : [];

/** A session as the staff's screens read it. */
const sessionOf = (row: ListRow<'/campus/session-cenou'>) => {
  const { idSessionCenou, idDirection, etatSession, statutSession } = row;
  return idSessionCenou != null && idDirection != null && etatSession != null && statutSession != null
    ? [
        {
          ...row,
          idSessionCenou,
          idDirection,
          libelleDirection: row.libelleDirection,
          etatSession,
          statutSession,
        },
      ]
    : [];
};
/** A criterion type as the score reads it. */
const scoreTypeOf = ({
  idTypeCritere,
  libelleTypeCritere,
  coefficient,
}: ListRow<'/campus/type-critere'>): ScoreType[] =>
  idTypeCritere != null && libelleTypeCritere != null && coefficient != null
    ? [{ idTypeCritere, libelleTypeCritere, coefficient }]
    : [];
export type DirectionRow = ReturnType<typeof directionOf>[number];
export type SessionRow = ReturnType<typeof sessionOf>[number];

/** react-query keys of the staff screens (the paged dossier list is `listKey.dossiers()`). */
export const staffKeys = {
  directions: ['options', 'direction', null, null] as const,
  sessions: ['staff', 'sessions'] as const,
  roomChoices: ['staff', 'choix-chambre-en-cours'] as const,
  dashboard: (idDirection: number | null) => ['staff', 'dash-board', idDirection] as const,
  dossier: (idDossier: number, ine: string) => ['staff', 'dossier', idDossier, ine] as const,
  scoreInputs: ['staff', 'score-inputs'] as const,
};

/** Every direction (the dropdown of central roles), shared with the settings' dropdowns. */
export function useDirections(enabled = true) {
  return useQuery({
    queryKey: staffKeys.directions,
    // The rows as read (the settings' dropdowns share the key), the directions drawn from them.
    queryFn: async ({ signal }) => (await answerOf(apiClient.GET('/campus/direction', { signal }))) ?? [],
    select: (rows: ListRow<'/campus/direction'>[]) => rows.flatMap(directionOf),
    staleTime: 60_000,
    enabled,
  });
}

/** Every session (the analysis screen decides from the open ones' phase). */
/** The sessions; `enabled: false` for a screen that knows it will not use them (no call made). */
export function useSessions(enabled = true) {
  return useQuery({
    queryKey: staffKeys.sessions,
    queryFn: async ({ signal }) =>
      ((await answerOf(apiClient.GET('/campus/session-cenou', { signal }))) ?? []).flatMap(sessionOf),
    staleTime: 0,
    enabled,
  });
}

/**
 * The sessions whose room choice runs now (their phase reads « choix des chambres »), for the roles
 * that follow the room choice; none for the others.
 */
export function useRunningRoomChoices(enabled = true) {
  const role = roleOf(useUser());
  return useQuery({
    queryKey: staffKeys.roomChoices,
    queryFn: async ({ signal }) =>
      (await answerOf(apiClient.GET('/campus/choix-chambre/en-cours', { signal }))) ?? [],
    staleTime: 60_000,
    enabled: enabled && scopeOf(role, 'roomchoice.manage') !== null,
  });
}

/** The staff dashboard's figures per ville: every direction in scope, or one. */
export const fetchDashboard = (idDirection: number | null, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/dash-board', {
      params: { query: idDirection === null ? {} : { idDirection } },
      signal,
    }),
  );

/** The live criterion types (coefficients) and criteria (notes) the score is computed from. */
export function useScoreInputs() {
  return useQuery({
    queryKey: staffKeys.scoreInputs,
    queryFn: async ({ signal }) => {
      const [types, criteres] = await Promise.all([
        answerOf(apiClient.GET('/campus/type-critere', { signal })),
        answerOf(apiClient.GET('/campus/critere', { signal })),
      ]);
      return {
        types: (types ?? []).flatMap(scoreTypeOf),
        notes: new Map(
          (criteres ?? []).flatMap(({ idCritere, note }) =>
            idCritere != null && note != null ? [[idCritere, note] as const] : [],
          ),
        ),
      };
    },
    staleTime: 60_000,
  });
}

/** The body of `PATCH campus/analyse-dossier`: the values only, never a document. */
export type AnalyseEnvoi = AnalysisBody;

/** Saves the analysis of one dossier; the answer is the dossier as analysed. */
export const saveAnalysis = (body: AnalyseEnvoi) =>
  answerOf(apiClient.PATCH('/campus/analyse-dossier', { body }));

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
  fullName(row.nomEtudiant, row.prenomEtudiant);
