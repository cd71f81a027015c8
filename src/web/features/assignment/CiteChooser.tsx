import '../../lib/prime';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { messages } from '../../../domain/messages';
import { FormField } from '../../components/FormField';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { DirectionField } from '../staff/DirectionField';
import { useStaffScope } from '../staff/data';
import { sessionLabel, useCites, useSessions } from './api';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';

export interface AssignmentScope {
  idDirection: number | null;
  idSessionCenou: number | null;
  idCite: number | null;
  nomCite: string | null;
}

/**
 * The direction (chosen by the admin and central staff, fixed for a regional manager), the session
 * (the direction's open one by default) and a cité of the direction: the scope of the assignment
 * screens. A change of direction clears the session and the cité.
 */
export function useAssignmentScope() {
  const scope = useStaffScope('assignment.manage');
  const [chosenDirection, setChosenDirection] = useState<number | null>(null);
  const idDirection = scope.fixed ? scope.idDirection : chosenDirection;
  const [idSessionCenou, setIdSessionCenou] = useState<number | null>(null);
  const [idCite, setIdCite] = useState<number | null>(null);
  const sessions = useSessions(idDirection);
  const cites = useCites(idDirection);

  // The direction's open session by default (the latest opened when several).
  useEffect(() => {
    if (idSessionCenou !== null || !sessions.data) return;
    const open = sessions.data
      .filter((s) => s.statutSession === 'OUVERT')
      .sort((a, b) => String(b.dateOuverture ?? '').localeCompare(String(a.dateOuverture ?? '')))[0];
    if (open) setIdSessionCenou(open.idSessionCenou);
  }, [sessions.data, idSessionCenou]);

  // The only cité of a direction is chosen at once.
  useEffect(() => {
    if (idCite === null && cites.data?.length === 1) setIdCite(cites.data[0].idCite);
  }, [cites.data, idCite]);

  const setDirection = (id: number | null) => {
    setChosenDirection(id);
    setIdSessionCenou(null);
    setIdCite(null);
  };
  const nomCite = cites.data?.find((c) => c.idCite === idCite)?.nomCite ?? null;
  const value: AssignmentScope = { idDirection, idSessionCenou, idCite, nomCite };
  return { scope, value, sessions, cites, setDirection, setIdSessionCenou, setIdCite };
}

/** The choosers of `useAssignmentScope`, in a row. */
export function CiteChooser({
  state,
  idPrefix,
}: {
  state: ReturnType<typeof useAssignmentScope>;
  idPrefix: string;
}) {
  const { scope, value, sessions, cites } = state;
  const sessionOptions = (sessions.data ?? []).map((s) => ({
    label: sessionLabel(s),
    value: s.idSessionCenou,
  }));
  const citeOptions = (cites.data ?? []).map((c) => ({
    label: c.nomVille ? `${c.nomCite} (${c.nomVille})` : c.nomCite,
    value: c.idCite,
  }));
  const pickDirection = fill(messages.choisirDabord, { champ: messages.champDirection });
  const noOpen =
    value.idDirection !== null &&
    sessions.data !== undefined &&
    !sessions.data.some((s) => s.statutSession === 'OUVERT');
  return (
    <>
      <div className="staff-filters">
        <DirectionField
          id={`${idPrefix}-direction`}
          fixed={scope.fixed}
          fixedLabel={scope.libelleDirection}
          value={value.idDirection}
          onChange={state.setDirection}
          required
        />
        <FormField id={`${idPrefix}-session`} label={messages.affectationChampSession} required>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId={`${idPrefix}-session`}
            value={value.idSessionCenou}
            options={sessionOptions}
            onChange={(e) => state.setIdSessionCenou((e.value as number | null | undefined) ?? null)}
            placeholder={value.idDirection === null ? pickDirection : messages.choisir}
            disabled={value.idDirection === null}
            loading={sessions.isFetching}
            emptyMessage={sessions.isError ? errorMessage(sessions.error) : messages.aucunResultat}
          />
        </FormField>
        <FormField id={`${idPrefix}-cite`} label={messages.champCite} required>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId={`${idPrefix}-cite`}
            value={value.idCite}
            options={citeOptions}
            onChange={(e) => state.setIdCite((e.value as number | null | undefined) ?? null)}
            placeholder={value.idDirection === null ? pickDirection : messages.choisir}
            disabled={value.idDirection === null}
            loading={cites.isFetching}
            filter={citeOptions.length > 7}
            emptyMessage={cites.isError ? errorMessage(cites.error) : messages.aucuneCite}
            emptyFilterMessage={messages.aucunResultat}
          />
        </FormField>
      </div>
      {noOpen && (
        <p className="field-hint" role="status">
          {messages.aucuneSessionOuverte}
        </p>
      )}
    </>
  );
}
