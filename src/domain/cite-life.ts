/**
 * Life in the cité's rules (docs/life-in-the-cite.md): when an inventory may be written. Pure: the
 * service reads the facts, the screen and the refusal read the same answer.
 */
import { INVENTORY_HOURS } from './limits';

/** The end of the resident's time for its arrival inventory: INVENTORY_HOURS after the key; null before it. */
export function inventoryDeadline(remiseLe: Date | string | null): Date | null {
  return remiseLe == null ? null : new Date(new Date(remiseLe).getTime() + INVENTORY_HOURS * 3_600_000);
}

/**
 * Why an inventory may not be written now (the catalogue key of the refusal), or null when it may:
 * not for an ended assignment, not before the key, the resident's arrival one only within its
 * hours (an agent's at any time), never once countersigned.
 */
export function inventoryRefusal(f: {
  annulee: boolean;
  remiseLe: Date | string | null;
  type: 'ENTREE' | 'SORTIE';
  /** The inventory of that type is countersigned. */
  valide: boolean;
  /** The writer is the resident (not an agent of the cité). */
  resident: boolean;
  now: Date;
}):
  | 'affectationTerminee'
  | 'etatDesLieuxSansCle'
  | 'etatDesLieuxDelaiDepasse'
  | 'etatDesLieuxDejaValide'
  | null {
  if (f.annulee) return 'affectationTerminee';
  if (f.remiseLe === null) return 'etatDesLieuxSansCle';
  if (f.resident && f.type === 'ENTREE' && f.now >= inventoryDeadline(f.remiseLe)!)
    return 'etatDesLieuxDelaiDepasse';
  if (f.valide) return 'etatDesLieuxDejaValide';
  return null;
}
