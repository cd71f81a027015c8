/**
 * The assignment of admitted students to beds (docs/assignment.md) as pure code: the server reads the
 * cité's beds and occupants under lock, asks this module where each student goes, and writes the
 * answer (the database's unique constraints stand behind it).
 *
 * - Students are placed in rank order.
 * - A building is for men (M), women (F) or both (MIXTE); a room holds students of one sex only:
 *   in a MIXTE building a room takes the sex of its first occupant.
 * - Rooms are taken in the order of their bâtiment, niveau, couloir and chambre codes, and a room
 *   already opened is filled before the next is opened (beds in the order of their codes).
 */
import type { Sexe, SexeBatiment } from './enums';

export interface BedSlot {
  idLit: number;
  idChambre: number;
  sexeBatiment: SexeBatiment;
  /** Sort keys: bâtiment, niveau, couloir, chambre and lit codes (compared as text, numbers naturally). */
  ordre: readonly string[];
}

export interface RoomState {
  idChambre: number;
  /** The sex of the room's current occupants, null when empty. */
  sexe: Sexe | null;
}

export interface StudentToPlace {
  ine: string;
  sexe: Sexe;
}

export interface Placement {
  ine: string;
  idLit: number;
  idChambre: number;
}

export interface AssignmentPlan {
  placements: Placement[];
  /** Students left without a bed, in rank order. */
  sansLit: StudentToPlace[];
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** Orders beds by bâtiment, niveau, couloir, chambre and lit codes ('B2' before 'B10'). */
export function compareBeds(a: BedSlot, b: BedSlot): number {
  const n = Math.max(a.ordre.length, b.ordre.length);
  for (let i = 0; i < n; i++) {
    const c = collator.compare(a.ordre[i] ?? '', b.ordre[i] ?? '');
    if (c !== 0) return c;
  }
  return a.idLit - b.idLit;
}

/** Whether a student of this sex may sleep in a room of this building holding these occupants. */
export function bedFits(sexe: Sexe, sexeBatiment: SexeBatiment, roomSexe: Sexe | null): boolean {
  if (sexeBatiment !== 'MIXTE' && sexeBatiment !== sexe) return false;
  return roomSexe === null || roomSexe === sexe;
}

/**
 * Where each student goes, in rank order: the first free bed of the first room already opened for
 * its sex (rooms in code order), otherwise the first free bed of the next unopened room its
 * building allows. Linear in students and beds (6,000 students, 6,000 beds: a few milliseconds).
 */
export function planAssignment(
  students: readonly StudentToPlace[],
  freeBeds: readonly BedSlot[],
  rooms: readonly RoomState[],
): AssignmentPlan {
  const occupants = new Map<number, Sexe | null>(rooms.map((r) => [r.idChambre, r.sexe]));
  // The free beds of each room, rooms in the order of their first bed.
  const byRoom = new Map<number, BedSlot[]>();
  for (const b of [...freeBeds].sort(compareBeds)) {
    const list = byRoom.get(b.idChambre);
    if (list) list.push(b);
    else byRoom.set(b.idChambre, [b]);
  }
  const order = [...byRoom.keys()];
  const position = new Map(order.map((id, i) => [id, i]));
  const roomSexe = new Map<number, Sexe | null>(order.map((id) => [id, occupants.get(id) ?? null]));
  // Rooms opened for each sex that still have a free bed, kept in room order.
  const open: Record<Sexe, number[]> = { M: [], F: [] };
  const insertOpen = (sexe: Sexe, idChambre: number) => {
    const list = open[sexe];
    const p = position.get(idChambre)!;
    let i = list.length;
    while (i > 0 && position.get(list[i - 1])! > p) i--;
    list.splice(i, 0, idChambre);
  };
  for (const id of order) {
    const sexe = roomSexe.get(id);
    if (sexe) insertOpen(sexe, id);
  }
  // Per sex, the next unopened room to look at (rooms never close again within a plan).
  const cursor: Record<Sexe, number> = { M: 0, F: 0 };
  const placements: Placement[] = [];
  const sansLit: StudentToPlace[] = [];
  for (const s of students) {
    let idChambre = open[s.sexe][0];
    if (idChambre === undefined) {
      while (cursor[s.sexe] < order.length) {
        const candidate = order[cursor[s.sexe]];
        const bed = byRoom.get(candidate)![0];
        if (roomSexe.get(candidate) === null && bed && bedFits(s.sexe, bed.sexeBatiment, null)) {
          idChambre = candidate;
          roomSexe.set(candidate, s.sexe);
          insertOpen(s.sexe, candidate);
          break;
        }
        cursor[s.sexe] += 1;
      }
    }
    if (idChambre === undefined) {
      sansLit.push(s);
      continue;
    }
    const bed = byRoom.get(idChambre)!.shift()!;
    if (byRoom.get(idChambre)!.length === 0) open[s.sexe].shift();
    placements.push({ ine: s.ine, idLit: bed.idLit, idChambre });
  }
  return { placements, sansLit };
}

/** Free beds by sex a student of each sex could take now (docs/assignment.md `disponibilites`). */
export function freeBedsBySex(
  freeBeds: readonly BedSlot[],
  rooms: readonly RoomState[],
): Record<Sexe, number> {
  const roomSexe = new Map<number, Sexe | null>(rooms.map((r) => [r.idChambre, r.sexe]));
  const out: Record<Sexe, number> = { M: 0, F: 0 };
  for (const b of freeBeds) {
    const occupied = roomSexe.get(b.idChambre) ?? null;
    for (const s of ['M', 'F'] as const) if (bedFits(s, b.sexeBatiment, occupied)) out[s] += 1;
  }
  return out;
}
