import '../../lib/prime';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { messages } from '../../../domain/messages';
import type { Permission } from '../../../domain/permissions';
import { FormField } from '../../components/FormField';
import { errorMessage } from '../../lib/api';
import { openSessionOf, sessionLabel, sessionsOf, useSessionList } from '../deliberation/data';
import { DirectionField } from '../staff/DirectionField';
import { useStaffScope } from '../staff/data';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';

export interface ChosenSession {
  idSessionCenou: number;
  idDirection: number;
}

/**
 * A direction (chosen by central roles and the admin, fixed for a regional manager) and one of its
 * sessions (its open one first, chosen by default). Answers the pair once both are known.
 */
export function useSessionChooser(permission: Permission, idPrefix: string) {
  const scope = useStaffScope(permission);
  const list = useSessionList();
  const [idDirection, setIdDirection] = useState<number | null>(scope.fixed ? scope.idDirection : null);
  const [idSessionCenou, setIdSessionCenou] = useState<number | null>(null);
  const options = sessionsOf(list.sessions, idDirection);

  // A new direction: its open session by default (or its newest). A refetch of the sessions keeps
  // the session chosen as long as it is still one of the direction's.
  useEffect(() => {
    if (idDirection === null) return setIdSessionCenou(null);
    const ofDirection = sessionsOf(list.sessions, idDirection);
    setIdSessionCenou((current) => {
      if (current !== null && ofDirection.some((s) => s.idSessionCenou === current)) return current;
      const open = openSessionOf(list.sessions, idDirection) ?? ofDirection[0] ?? null;
      return open?.idSessionCenou ?? null;
    });
  }, [idDirection, list.sessions]);

  const chosen: ChosenSession | null =
    idDirection !== null && idSessionCenou !== null ? { idDirection, idSessionCenou } : null;

  const fields = (
    <div className="staff-filters">
      <DirectionField
        id={`${idPrefix}-direction`}
        fixed={scope.fixed}
        fixedLabel={scope.libelleDirection}
        value={idDirection}
        onChange={setIdDirection}
        required
      />
      <FormField id={`${idPrefix}-session`} label={messages.champSession} required>
        <Dropdown
          pt={HIDDEN_SELECT_PT}
          inputId={`${idPrefix}-session`}
          value={idSessionCenou}
          options={options.map((s) => ({ label: sessionLabel(s), value: s.idSessionCenou }))}
          onChange={(e) => setIdSessionCenou((e.value as number | null | undefined) ?? null)}
          placeholder={messages.choisir}
          loading={list.isFetching}
          disabled={idDirection === null}
          emptyMessage={list.isError ? errorMessage(list.error) : messages.aucuneSessionDirection}
        />
      </FormField>
    </div>
  );
  return { chosen, fields };
}
