import { ETATS_SESSION, STATUTS_SESSION, type EtatSession, type StatutSession } from '../../../domain/enums';
import { phaseMoveAllowed, statusMoveAllowed } from '../../../domain/workflow';
import type { EnumFilter } from './form';

const isPhase = (v: unknown): v is EtatSession => (ETATS_SESSION as readonly unknown[]).includes(v);
const isStatus = (v: unknown): v is StatutSession => (STATUTS_SESSION as readonly unknown[]).includes(v);

/**
 * A session's dialog offers only the moves the server allows (src/domain/workflow.ts): the phase
 * stays or moves forward (INSCRIPTION → ANALYSE → DELIBERATION), a closed session stays closed.
 * A new session starts from the defaults, so every value is offered.
 */
export const sessionForwardOnly: EnumFilter = (field, value, initial) => {
  if (field.name === 'etatSession' && isPhase(initial.etatSession) && isPhase(value))
    return phaseMoveAllowed(initial.etatSession, value);
  if (field.name === 'statutSession' && isStatus(initial.statutSession) && isStatus(value))
    return statusMoveAllowed(initial.statutSession, value);
  return true;
};

/** The dialog's enumeration filter of each settings resource that has one. */
export const ENUM_FILTERS: Partial<Record<string, EnumFilter>> = {
  'session-cenou': sessionForwardOnly,
};
