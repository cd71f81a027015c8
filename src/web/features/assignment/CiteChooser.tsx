import '../../lib/prime';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { messages } from '../../../domain/messages';
import { FormField } from '../../components/FormField';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import type { Permission } from '../../../domain/permissions';
import { DirectionSessionFields, useDirectionSession, type PreferredSession } from '../staff/SessionChooser';
import { useCites } from './api';
import { citeLabel } from './types';

export interface AssignmentScope {
  idDirection: number | null;
  idSessionCenou: number | null;
  idCite: number | null;
  nomCite: string | null;
}

/**
 * The staff screens' direction and session (`useDirectionSession`) and a cité of the direction:
 * the scope of the assignment screens. A change of direction clears the session and the cité.
 */
export function useAssignmentScope(
  permission: Permission = 'assignment.manage',
  /** Sessions to open on first (`useDirectionSession`'s `preferred`: the rent screen's). */
  preferred?: { sessions: readonly PreferredSession[] | null | undefined },
) {
  const [idCite, setIdCite] = useState<number | null>(null);
  const session = useDirectionSession(permission, () => setIdCite(null), preferred);
  const { idDirection, idSessionCenou } = session;
  const cites = useCites(idDirection);

  // The only cité of a direction is chosen at once.
  useEffect(() => {
    if (idCite === null && cites.data?.length === 1) setIdCite(cites.data[0].idCite);
  }, [cites.data, idCite]);

  const nomCite = cites.data?.find((c) => c.idCite === idCite)?.nomCite ?? null;
  const value: AssignmentScope = { idDirection, idSessionCenou, idCite, nomCite };
  return { session, value, cites, setIdCite };
}

/** The choosers of `useAssignmentScope`, in a row. */
export function CiteChooser({
  state,
  idPrefix,
  optional = false,
}: {
  state: ReturnType<typeof useAssignmentScope>;
  idPrefix: string;
  /** The cité may be left blank (every cité of the direction: the rent list). */
  optional?: boolean;
}) {
  const { value, cites } = state;
  const citeOptions = (cites.data ?? []).map((c) => ({
    label: citeLabel(c),
    value: c.idCite,
  }));
  return (
    <DirectionSessionFields state={state.session} idPrefix={idPrefix}>
      <FormField id={`${idPrefix}-cite`} label={messages.champCite} required={!optional}>
        <Dropdown
          pt={HIDDEN_SELECT_PT}
          inputId={`${idPrefix}-cite`}
          value={value.idCite}
          options={citeOptions}
          onChange={(e) => state.setIdCite((e.value as number | null | undefined) ?? null)}
          placeholder={
            value.idDirection === null
              ? fill(messages.choisirDabord, { champ: messages.champDirection })
              : optional
                ? messages.toutesLesCites
                : messages.choisir
          }
          disabled={value.idDirection === null}
          showClear={optional && value.idCite !== null}
          loading={cites.isFetching}
          filter={citeOptions.length > 7}
          emptyMessage={cites.isError ? errorMessage(cites.error) : messages.aucuneCite}
          emptyFilterMessage={messages.aucunResultat}
        />
      </FormField>
    </DirectionSessionFields>
  );
}
