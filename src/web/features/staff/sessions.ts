import { ADMIN, GESTIONNAIRE_CENOU, type Role } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import {
  anneeLibelle,
  sessionAllows,
  sessionNotice,
  sessionOptionLabel,
  type SessionState,
  type SessionWrite,
} from '../../../domain/workflow';
import { useMemo } from 'react';
import { useRunningRoomChoices, useSessions, type SessionRow } from './api';

/** A session with the fields the screens show (the generic resource gives them all). */
export type Session = SessionRow & {
  /** Its room choice runs now (`GET campus/choix-chambre/en-cours`). */
  choixChambres?: boolean;
  anneeDebut?: number | null;
  anneeAcademique?: string | null;
  dateOuverture?: string | null;
};

/** '2026-2027', from the session's start year. */
export function anneeAcademique(s: Session): string {
  if (s.anneeAcademique) return s.anneeAcademique;
  return typeof s.anneeDebut === 'number' ? anneeLibelle(s.anneeDebut) : '';
}

/** 'Session 2026-2027 (ouverte) — phase : délibération', as every session chooser and the settings name it. */
export const sessionLabel = (s: Session) => sessionOptionLabel(s);

/** The session a direction works on now: its open (or suspended) one, at most one (docs/sessions-and-dossiers.md). */
export const openSessionOf = (sessions: readonly Session[], idDirection: number | null) =>
  sessions.find(
    (s) => s.idDirection === idDirection && (s.statutSession === 'OUVERT' || s.statutSession === 'SUSPENDU'),
  ) ?? null;

/**
 * What a staff screen says when its direction's session does not allow `write` (`sessionNotice`:
 * not reached yet, past, suspended, none), or `fallback` when it allows it. A computed key reads the
 * whole catalogue: only the lazy staff pages that call this carry it, never the entry.
 */
export function sessionNoticeText(
  session: Session | null | undefined,
  write: SessionWrite,
  fallback: string,
): string {
  const n = sessionNotice((session as SessionState | null | undefined) ?? null, write);
  return n ? fill(messages[n.key], n.values ?? {}) : fallback;
}

/**
 * The sessions of a direction, the open one first, then by academic year, the latest first (a
 * year's session may be written after a later one's: the ids do not give the years' order).
 */
export function sessionsOf(sessions: readonly Session[], idDirection: number | null): Session[] {
  const open = (s: Session) => (s.statutSession === 'FERME' ? 1 : 0);
  const year = (s: Session) => {
    const y = s.anneeDebut == null ? NaN : Number(s.anneeDebut);
    return Number.isFinite(y) ? y : -Infinity;
  };
  return sessions
    .filter((s) => s.idDirection === idDirection)
    .sort((a, b) => open(a) - open(b) || year(b) - year(a) || b.idSessionCenou - a.idSessionCenou);
}

/**
 * The session a direction's screens start on: its open one, else its newest; `current` is kept
 * while it is still one of the direction's (a refetch does not undo a choice). With `preferred`
 * (the rent screen: the sessions that have assignments), the first of the direction's sessions in
 * that order (open, then newest) that is preferred, before the rule above.
 */
export function defaultSessionOf(
  sessions: readonly Session[],
  idDirection: number | null,
  current: number | null,
  preferred?: ReadonlySet<number>,
): number | null {
  if (idDirection === null) return null;
  const ofDirection = sessionsOf(sessions, idDirection);
  if (current !== null && ofDirection.some((s) => s.idSessionCenou === current)) return current;
  const wanted = preferred && ofDirection.find((s) => preferred.has(s.idSessionCenou));
  if (wanted) return wanted.idSessionCenou;
  return (openSessionOf(sessions, idDirection) ?? ofDirection[0] ?? null)?.idSessionCenou ?? null;
}

/**
 * The direction a screen whose direction is chosen (central roles, the admin) starts on, from
 * `preferred` (the rent screen: the sessions with assignments in scope, newest first): the user's
 * own direction when it has one of them, else the direction of the newest; none without them (the
 * user chooses, as on the other screens).
 */
export function defaultDirectionOf(
  preferred: readonly { idSessionCenou: number; idDirection: number }[],
  own: number | null,
): number | null {
  if (own !== null && preferred.some((s) => s.idDirection === own)) return own;
  return preferred[0]?.idDirection ?? null;
}

/**
 * Every session, loaded once for all the staff screens, each marked `choixChambres` while its room
 * choice runs (its phase then reads « choix des chambres », `sessionPhaseLabel`).
 */
export function useSessionList(enabled = true) {
  const query = useSessions(enabled);
  const running = useRunningRoomChoices(enabled);
  // While the running room choices load, no session is listed: a phase never reads « délibération »
  // then changes under the reader's eyes (a role that does not follow the room choice does not wait).
  const waiting = running.isLoading;
  const sessions = useMemo(() => {
    if (waiting) return [];
    const open = new Set((running.data ?? []).map((r) => r.idSessionCenou));
    return ((query.data ?? []) as Session[]).map((s) =>
      open.has(s.idSessionCenou) ? { ...s, choixChambres: true } : s,
    );
  }, [query.data, running.data, waiting]);
  return { ...query, isPending: query.isPending || waiting, sessions };
}

/**
 * Whether the analysis screen opens (docs/sessions-and-dossiers.md#what-each-phase-allows): a regional manager needs its
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
