import { ADMIN, GESTIONNAIRE_CENOU, type Role } from '../../../domain/enums';
import { sessionAllows, type SessionState } from '../../../domain/workflow';
import type { SessionRow } from './types';

/**
 * Whether the analysis screen opens (workflow specification §4): a regional manager needs its
 * direction's open session in ANALYSE; the admin and central staff need any open session in
 * ANALYSE.
 */
export function analysisOpen(
  sessions: readonly SessionRow[],
  role: Role | null,
  idDirection: number | null,
): boolean {
  const everywhere = role === ADMIN || role === GESTIONNAIRE_CENOU;
  return sessions.some(
    (s) =>
      sessionAllows(s as SessionState, 'analysis').ok &&
      (everywhere || (idDirection !== null && s.idDirection === idDirection)),
  );
}
