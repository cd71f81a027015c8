/**
 * Life in the cité's rules (docs/life-in-the-cite.md): when an inventory may be written. Pure: the
 * service reads the facts, the screen and the refusal read the same answer.
 */
import { INVENTORY_HOURS } from './limits';
import { ETATS_ELEMENT, type EtatElementInventaire } from './schemas/cite-life';

/** The end of the resident's time for its arrival inventory: INVENTORY_HOURS after the key; null before it. */
export function inventoryDeadline(remiseLe: Date | string | null): Date | null {
  return remiseLe == null ? null : new Date(new Date(remiseLe).getTime() + INVENTORY_HOURS * 3_600_000);
}

/**
 * Why an inventory may not be written now (the catalogue key of the refusal), or null when it may:
 * not for an ended assignment, the departure one by an agent alone and once the arrival one is
 * filled, not before the key, the
 * resident's arrival one only within its hours (an agent's at any time), never once countersigned.
 */
export function inventoryRefusal(f: {
  annulee: boolean;
  remiseLe: Date | string | null;
  type: 'ENTREE' | 'SORTIE';
  /** The inventory of that type is countersigned. */
  valide: boolean;
  /** The writer is the resident (not an agent of the cité). */
  resident: boolean;
  /** The arrival (ENTREE) inventory is filled: the departure one compares with it. */
  entree?: boolean;
  now: Date;
}):
  | 'affectationTerminee'
  | 'etatDesLieuxSansCle'
  | 'etatDesLieuxDelaiDepasse'
  | 'etatDesLieuxDejaValide'
  | 'etatDesLieuxSortieAgent'
  | 'etatDesLieuxSortieSansEntree'
  | null {
  if (f.annulee) return 'affectationTerminee';
  if (f.resident && f.type === 'SORTIE') return 'etatDesLieuxSortieAgent';
  if (f.remiseLe === null) return 'etatDesLieuxSansCle';
  if (f.type === 'SORTIE' && !f.entree) return 'etatDesLieuxSortieSansEntree';
  if (f.resident && f.type === 'ENTREE' && f.now >= inventoryDeadline(f.remiseLe)!)
    return 'etatDesLieuxDelaiDepasse';
  if (f.valide) return 'etatDesLieuxDejaValide';
  return null;
}

/**
 * Whether an element is worse at departure (`sortie`) than it was at arrival (`entree`), on the
 * order of its states from best to worst: BON < USE < ABIME < MANQUANT (`ETATS_ELEMENT`).
 */
export function isWorse(entree: EtatElementInventaire, sortie: EtatElementInventaire): boolean {
  return ETATS_ELEMENT.indexOf(sortie) > ETATS_ELEMENT.indexOf(entree);
}

/**
 * Why a departure may not be recorded on `date` (the catalogue key), or null when it may: not for
 * an ended or cancelled assignment, not before the departure inventory, not on a day before the
 * key was handed nor after today (the day the bed is freed is the day the resident left).
 */
export function departureRefusal(f: {
  annulee: boolean;
  remiseLe: Date | string | null;
  sortie: boolean;
  date: string;
  today: string;
}):
  'affectationTerminee' | 'departSansEtatDesLieuxSortie' | 'departDateAvantCle' | 'departDateFuture' | null {
  if (f.annulee) return 'affectationTerminee';
  if (!f.sortie || f.remiseLe === null) return 'departSansEtatDesLieuxSortie';
  if (f.date > f.today) return 'departDateFuture';
  if (f.date < new Date(f.remiseLe).toISOString().slice(0, 10)) return 'departDateAvantCle';
  return null;
}
