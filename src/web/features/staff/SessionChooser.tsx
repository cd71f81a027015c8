import '../../lib/prime';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import type { Permission } from '../../../domain/permissions';
import { FormField } from '../../components/FormField';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { DirectionField } from './DirectionField';
import { useStaffScope } from './api';
import {
  defaultDirectionOf,
  defaultSessionOf,
  openSessionOf,
  sessionLabel,
  sessionsOf,
  useSessionList,
} from './sessions';

export interface ChosenSession {
  idSessionCenou: number;
  idDirection: number;
}

/** A session the screen would rather open on, with its direction (the rent screen's: it has assignments). */
export interface PreferredSession {
  idSessionCenou: number;
  idDirection: number;
}

/**
 * The one direction-and-session choice of the staff screens (admissible lists, the admissible
 * upload, the export of the admitted, the assignment): the direction is chosen by central roles and
 * the admin and fixed for a regional manager; the session is the direction's open one by default
 * (else its newest), and a refetch keeps the one chosen. With `preferred` (the rent screen), a
 * central role's direction starts on one of theirs (`defaultDirectionOf`) instead of « Choisir… ».
 */
export function useDirectionSession(
  permission: Permission,
  onDirection?: () => void,
  /**
   * Sessions to open on first (`defaultSessionOf`'s `preferred`, `defaultDirectionOf`'s); its
   * `sessions` undefined while they load, so that the screen does not open on another one first
   * (an error: `null`, the usual rule).
   */
  preferred?: { sessions: readonly PreferredSession[] | null | undefined },
) {
  const scope = useStaffScope(permission);
  const list = useSessionList();
  const [chosenDirection, setChosenDirection] = useState<number | null>(null);
  // The direction is defaulted once; a choice the user makes (even clearing it) stays.
  const [directionTouched, setDirectionTouched] = useState(false);
  const idDirection = scope.fixed ? scope.idDirection : chosenDirection;
  const [idSessionCenou, setIdSessionCenou] = useState<number | null>(null);
  const preferredSessions = preferred?.sessions;
  const preferredIds = useMemo(
    () => (preferredSessions ? new Set(preferredSessions.map((s) => s.idSessionCenou)) : preferredSessions),
    [preferredSessions],
  );
  const waiting = preferred !== undefined && preferredSessions === undefined;

  useEffect(() => {
    if (scope.fixed || directionTouched || !preferredSessions) return;
    setDirectionTouched(true);
    setChosenDirection(defaultDirectionOf(preferredSessions, scope.idDirection));
  }, [scope.fixed, scope.idDirection, directionTouched, preferredSessions]);

  useEffect(() => {
    if (waiting) return;
    setIdSessionCenou((current) =>
      defaultSessionOf(list.sessions, idDirection, current, preferredIds ?? undefined),
    );
  }, [idDirection, list.sessions, preferredIds, waiting]);

  const setDirection = (id: number | null) => {
    setDirectionTouched(true);
    setChosenDirection(id);
    setIdSessionCenou(null);
    onDirection?.();
  };
  const chosen: ChosenSession | null =
    idDirection !== null && idSessionCenou !== null ? { idDirection, idSessionCenou } : null;
  return {
    scope,
    list,
    idDirection,
    idSessionCenou,
    chosen,
    options: sessionsOf(list.sessions, idDirection),
    /** The direction has sessions, none of them open (or suspended). */
    noOpen:
      idDirection !== null && list.data !== undefined && openSessionOf(list.sessions, idDirection) === null,
    setDirection,
    setIdSessionCenou,
  };
}

export type DirectionSessionState = ReturnType<typeof useDirectionSession>;

/** The direction and session fields of `useDirectionSession`, in a row, with more fields after them. */
export function DirectionSessionFields({
  state,
  idPrefix,
  children,
}: {
  state: DirectionSessionState;
  idPrefix: string;
  children?: ReactNode;
}) {
  const { scope, list, idDirection } = state;
  return (
    <>
      <div className="staff-filters">
        <DirectionField
          id={`${idPrefix}-direction`}
          fixed={scope.fixed}
          fixedLabel={scope.libelleDirection}
          value={idDirection}
          onChange={state.setDirection}
          required
        />
        <FormField id={`${idPrefix}-session`} label={messages.champSession} required>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId={`${idPrefix}-session`}
            value={state.idSessionCenou}
            options={state.options.map((s) => ({ label: sessionLabel(s), value: s.idSessionCenou }))}
            onChange={(e) => state.setIdSessionCenou((e.value as number | null | undefined) ?? null)}
            placeholder={
              idDirection === null
                ? fill(messages.choisirDabord, { champ: messages.champDirection })
                : messages.choisir
            }
            loading={list.isFetching}
            disabled={idDirection === null}
            emptyMessage={list.isError ? errorMessage(list.error) : messages.aucuneSessionDirection}
          />
        </FormField>
        {children}
      </div>
      {state.noOpen && (
        <p className="field-hint" role="status">
          {messages.aucuneSessionOuverte}
        </p>
      )}
    </>
  );
}

/** A direction and one of its sessions: the pair once both are known, and the fields that choose it. */
export function useSessionChooser(permission: Permission, idPrefix: string) {
  const state = useDirectionSession(permission);
  return { chosen: state.chosen, fields: <DirectionSessionFields state={state} idPrefix={idPrefix} /> };
}
