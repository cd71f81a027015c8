/**
 * Repairs in the cités (docs/life-in-the-cite.md#repairs): the states of a request, who moves it
 * from one to the next, when it is due. Pure: the service reads the facts, the screens read the
 * same answers.
 */

export const CATEGORIES_INTERVENTION = [
  'PLOMBERIE',
  'ELECTRICITE',
  'SERRURERIE',
  'MOBILIER',
  'NUISIBLES',
  'AUTRE',
] as const;
export type CategorieIntervention = (typeof CATEGORIES_INTERVENTION)[number];

export const PRIORITES_INTERVENTION = ['URGENCE', 'HAUTE', 'NORMALE'] as const;
export type PrioriteIntervention = (typeof PRIORITES_INTERVENTION)[number];

/** The common places of a cité a request may name instead of a room. */
export const LIEUX_INTERVENTION = [
  'SANITAIRES',
  'CUISINE',
  'COULOIR',
  'SALLE_COMMUNE',
  'EXTERIEUR',
  'AUTRE',
] as const;
export type LieuIntervention = (typeof LIEUX_INTERVENTION)[number];

export const STATUTS_INTERVENTION = [
  'NOUVELLE',
  'PRISE_EN_CHARGE',
  'RESOLUE',
  'REOUVERTE',
  'CLOTUREE',
] as const;
export type StatutIntervention = (typeof STATUTS_INTERVENTION)[number];

/** Photos a request may carry (JPEG or PNG, sent through the resumable uploads). */
export const PHOTOS_PAR_INTERVENTION = 5;

/** The states of a request still to be repaired: it is late once past its due date in one of them. */
export const STATUTS_OUVERTS: readonly StatutIntervention[] = ['NOUVELLE', 'PRISE_EN_CHARGE', 'REOUVERTE'];

/** Who moves a request: an agent of its cité, or its resident (the student who reported it). */
export type CoteIntervention = 'agent' | 'residant';

/** Each allowed move and the side that makes it. */
const MOVES: Record<StatutIntervention, Partial<Record<StatutIntervention, CoteIntervention>>> = {
  NOUVELLE: { PRISE_EN_CHARGE: 'agent' },
  PRISE_EN_CHARGE: { RESOLUE: 'agent' },
  RESOLUE: { CLOTUREE: 'residant', REOUVERTE: 'residant' },
  REOUVERTE: { PRISE_EN_CHARGE: 'agent' },
  CLOTUREE: {},
};

/** Hours to repair, by priority, from the report. */
export const DELAI_HEURES: Record<PrioriteIntervention, number> = { URGENCE: 24, HAUTE: 72, NORMALE: 7 * 24 };

/** Days after RESOLUE during which the resident may reopen; then the request closes by itself. */
export const JOURS_AVANT_CLOTURE = 7;

const HOUR = 3_600_000;

/** When a request reported at `creeeLe` is due. */
export function repairDeadline(priorite: PrioriteIntervention, creeeLe: Date | string): Date {
  return new Date(new Date(creeeLe).getTime() + DELAI_HEURES[priorite] * HOUR);
}

/** When a request resolved at `resolueLe` closes by itself (the resident's time to reopen ends). */
export function autoCloseAt(resolueLe: Date | string): Date {
  return new Date(new Date(resolueLe).getTime() + JOURS_AVANT_CLOTURE * 24 * HOUR);
}

/** Whether a request is still open and past its due date: the agents' alert, the figures per cité. */
export function isOpenAndLate(statut: StatutIntervention, echeance: Date | string, now: Date): boolean {
  return STATUTS_OUVERTS.includes(statut) && now.getTime() > new Date(echeance).getTime();
}

/**
 * Whether a request is late: repaired after its due date, or still open past it. A request
 * resolved late stays late once resolved or closed; `resolueLe` is when it was last resolved.
 */
export function isLate(
  statut: StatutIntervention,
  echeance: Date | string,
  now: Date,
  resolueLe: Date | string | null,
): boolean {
  if (STATUTS_OUVERTS.includes(statut)) return isOpenAndLate(statut, echeance, now);
  return resolueLe !== null && new Date(resolueLe).getTime() > new Date(echeance).getTime();
}

/**
 * Why a move may not be made (`interdit`: the move is the other side's, `conflit`: no such move
 * from this state, or the resident's 7 days are over), or null when it may. `resolueLe` is when the
 * request was last resolved.
 */
export function moveRefusal(f: {
  de: StatutIntervention;
  vers: StatutIntervention;
  cote: CoteIntervention;
  resolueLe: Date | string | null;
  now: Date;
}): 'interdit' | 'conflit' | null {
  const side = MOVES[f.de][f.vers];
  if (!side) return 'conflit';
  if (side !== f.cote) return 'interdit';
  if (f.de === 'RESOLUE' && f.resolueLe !== null && f.now.getTime() >= autoCloseAt(f.resolueLe).getTime())
    return 'conflit';
  return null;
}

/** The moves a side may make from a state (the screens' buttons). */
export function movesOf(de: StatutIntervention, cote: CoteIntervention): StatutIntervention[] {
  return (Object.entries(MOVES[de]) as [StatutIntervention, CoteIntervention][])
    .filter(([, side]) => side === cote)
    .map(([vers]) => vers);
}

/** The median of durations in hours, to one decimal; null without any. */
export function medianHours(hours: readonly number[]): number | null {
  if (!hours.length) return null;
  const s = [...hours].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const m = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return Math.round(m * 10) / 10;
}
