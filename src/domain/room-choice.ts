/**
 * Room choice by the students (docs/room-choice.md) as pure code: who chooses and in which order,
 * the slot each one gets, a group's slot, what a hold may still do, and which rooms a student or a
 * group may take. The server reads the campaign, the dossiers and the beds, asks this module, and
 * writes the answer; the database's constraints stand behind every bed held or given.
 *
 * - Who chooses: the admitted students of the campaign's session and direction who accepted their
 *   offer and have no bed yet.
 * - The order: those with a VALIDE disability criterion first, then READMISSIONS, PUPILLES,
 *   ETRANGERS and NATIONAUX, each list by rank (the disability group itself in that list order).
 * - The i-th student (from 0) starts at `debut + ⌊i / etudiantsParCreneau⌋ × dureeCreneauMinutes`
 *   and may choose until `fin`.
 * - A group of friends (2 to 4, one sex) chooses at the latest slot of its accepted members:
 *   grouping never moves anyone earlier.
 * - A hold lasts `dureeReservationMinutes`; the student may extend it at most 10 times, each time to
 *   that length from the moment of the extension (extending early does not stack lengths: a hold
 *   never runs more than one length ahead); the screen warns 20 seconds before the end.
 */
import { LISTES_ADMISSION, type ListeAdmission, type Sexe, type SexeBatiment } from './enums';

/** The campaign's defaults and bounds. */
export const ROOM_CHOICE = {
  dureeCreneauMinutesDefaut: 10,
  dureeCreneauMinutesMax: 24 * 60,
  etudiantsParCreneauDefaut: 40,
  etudiantsParCreneauMax: 10_000,
  dureeReservationMinutesDefaut: 5,
  dureeReservationMinutesMin: 1,
  dureeReservationMinutesMax: 30,
  /** A group: the student who invites and up to 3 friends. */
  membresMax: 4,
  /** Extensions of one hold. */
  prolongationsMax: 10,
  /** The screen's warning before a hold ends (seconds). */
  avertissementSecondes: 20,
  /**
   * How far in the past a new campaign's start may be (minutes): a form's time has no seconds, and
   * the manager who typed « now » may take a few minutes over the other fields before sending.
   */
  debutPasseToleranceMinutes: 5,
} as const;

/** A student who may choose, as the order needs it. */
export interface Chooser {
  ine: string;
  /**
   * The deliberation's list the student was admitted on; null: admitted by the uploaded list of
   * admissible students, which comes after every list of the deliberation.
   */
  liste: ListeAdmission | null;
  /** Rank on that list (1 = first); on the uploaded list, its order (score, then line). */
  rang: number;
  /** A VALIDE disability criterion on its dossier. */
  handicap: boolean;
}

const LIST_ORDER = new Map<ListeAdmission, number>(LISTES_ADMISSION.map((l, i) => [l, i]));

/**
 * Compares two choosers: disability first, then the list (READMISSIONS … NATIONAUX, then the
 * uploaded list), the rank, the INE.
 */
export function compareChoosers(a: Chooser, b: Chooser): number {
  if (a.handicap !== b.handicap) return a.handicap ? -1 : 1;
  const order = (l: ListeAdmission | null) => (l === null ? LIST_ORDER.size : (LIST_ORDER.get(l) ?? 99));
  const byList = order(a.liste) - order(b.liste);
  if (byList !== 0) return byList;
  if (a.rang !== b.rang) return a.rang - b.rang;
  return a.ine < b.ine ? -1 : a.ine > b.ine ? 1 : 0;
}

/** The campaign's slot settings. */
export interface SlotSettings {
  debut: Date;
  dureeCreneauMinutes: number;
  etudiantsParCreneau: number;
}

export interface Slot {
  ine: string;
  /** 0 for the first slot. */
  numero: number;
  debutCreneau: Date;
}

/** Each chooser's slot, in the order of `compareChoosers`. */
export function computeSlots(choosers: readonly Chooser[], settings: SlotSettings): Slot[] {
  const ordered = [...choosers].sort(compareChoosers);
  const start = settings.debut.getTime();
  return ordered.map((c, i) => {
    const numero = Math.floor(i / settings.etudiantsParCreneau);
    return {
      ine: c.ine,
      numero,
      debutCreneau: new Date(start + numero * settings.dureeCreneauMinutes * 60_000),
    };
  });
}

/** A group chooses at the latest slot of its accepted members (never earlier than any of them). */
export function groupSlot(memberSlots: readonly Date[]): Date | null {
  if (memberSlots.length === 0) return null;
  return new Date(Math.max(...memberSlots.map((d) => d.getTime())));
}

/** Where a student (or group) stands against its slot at `now`. */
export type SlotState = 'PAS_ENCORE_OUVERT' | 'OUVERT' | 'TERMINE';

export function slotState(now: Date, debutCreneau: Date, fin: Date): SlotState {
  if (now.getTime() >= fin.getTime()) return 'TERMINE';
  if (now.getTime() < debutCreneau.getTime()) return 'PAS_ENCORE_OUVERT';
  return 'OUVERT';
}

/** The end of a hold made or extended at `from`: the campaign's hold length later, never past `fin`. */
export function holdEnd(from: Date, dureeReservationMinutes: number, fin: Date): Date {
  return new Date(Math.min(from.getTime() + dureeReservationMinutes * 60_000, fin.getTime()));
}

/** Why a hold may not be extended, or null when it may. */
export function extensionRefusal(
  now: Date,
  hold: { expireA: Date; prolongations: number },
  fin: Date,
): 'EXPIREE' | 'MAXIMUM' | 'FIN_CAMPAGNE' | null {
  if (now.getTime() >= hold.expireA.getTime()) return 'EXPIREE';
  if (hold.prolongations >= ROOM_CHOICE.prolongationsMax) return 'MAXIMUM';
  if (hold.expireA.getTime() >= fin.getTime()) return 'FIN_CAMPAGNE';
  return null;
}

/** A room as the choice reads it. */
export interface ChoiceRoom {
  idChambre: number;
  sexeBatiment: SexeBatiment;
  /** The sex of its current occupants and holders, null when nobody. */
  sexeOccupants: Sexe | null;
  /** Beds neither assigned nor held. */
  litsLibres: number;
}

/**
 * Whether a student or a group of one sex and `size` members may take this room: the building's
 * sex (M, F, or MIXTE where a room takes its first occupant's sex) and enough free beds for all.
 */
export function roomFits(room: ChoiceRoom, sexe: Sexe, size: number): boolean {
  if (room.litsLibres < size) return false;
  if (room.sexeBatiment !== 'MIXTE' && room.sexeBatiment !== sexe) return false;
  return room.sexeOccupants === null || room.sexeOccupants === sexe;
}

/** The follow-up state of a chooser for staff. */
export type ChooserState = 'CHOISI' | 'EN_RESERVATION' | 'EN_ATTENTE' | 'PAS_ENCORE_OUVERT' | 'SANS_CHOIX';

export function chooserState(
  now: Date,
  s: { debutCreneau: Date; aUnLit: boolean; reservationActive: boolean },
  fin: Date,
): ChooserState {
  if (s.aUnLit) return 'CHOISI';
  if (s.reservationActive) return 'EN_RESERVATION';
  const state = slotState(now, s.debutCreneau, fin);
  if (state === 'PAS_ENCORE_OUVERT') return 'PAS_ENCORE_OUVERT';
  return state === 'TERMINE' ? 'SANS_CHOIX' : 'EN_ATTENTE';
}

/**
 * The same state as the student's own screens read it from its slot (`GET choix-chambre/moi`: ISO
 * times, its hold if any): its dashboard's card, its result and /choix-chambre say the same thing.
 */
export function mySlotState(
  now: Date,
  m: { loge: boolean; debutCreneau: string; fin: string; reservation: { expireA: string } | null },
): ChooserState {
  return chooserState(
    now,
    {
      debutCreneau: new Date(m.debutCreneau),
      aUnLit: m.loge,
      reservationActive: m.reservation !== null && new Date(m.reservation.expireA).getTime() > now.getTime(),
    },
    new Date(m.fin),
  );
}
