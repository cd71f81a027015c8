import { bedFits, compareBeds } from '../../../domain/assignment';
import type { Sexe, SexeBatiment } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { foldText } from '../../../domain/villes';
import type { AffectationRow } from '../../../domain/schemas/assignment';
import type { LitRow } from './types';

/** One bed of the room view: the stock's bed and its occupant in the session, if any. */
export interface BedView {
  lit: LitRow;
  occupant: AffectationRow | null;
}

export interface RoomView {
  idChambre: number;
  libelleChambre: string;
  libelleCategorieChambre: string | null;
  montantChambre: number | null;
  sexeBatiment: SexeBatiment;
  /** The sex of the room's occupants, null when empty. */
  sexe: Sexe | null;
  beds: BedView[];
}

export interface CorridorView {
  idCouloir: number;
  libelleCouloir: string;
  rooms: RoomView[];
}
export interface LevelView {
  idNiveau: number;
  libelleNiveau: string;
  corridors: CorridorView[];
}
export interface BuildingView {
  idBatiment: number;
  libelleBatiment: string;
  sexe: SexeBatiment;
  levels: LevelView[];
  beds: number;
  occupied: number;
}

const ordre = (l: LitRow) => [
  l.codeBatiment ?? l.libelleBatiment,
  l.codeNiveau ?? l.libelleNiveau,
  l.codeCouloir ?? l.libelleCouloir,
  l.codeChambre ?? l.libelleChambre,
  l.codeLit ?? l.libelleLit,
];

const last = <T>(list: T[]): T | undefined => list[list.length - 1];

/**
 * The cité's stock as the room view draws it: buildings, levels, corridors and rooms in the order
 * the assignment fills them (their codes, 'B2' before 'B10'), each bed with its occupant.
 */
export function roomTree(lits: readonly LitRow[], occupants: readonly AffectationRow[]): BuildingView[] {
  const byLit = new Map(occupants.map((a) => [a.idLit, a]));
  const sorted = [...lits].sort((a, b) =>
    compareBeds(
      { idLit: a.idLit, idChambre: a.idChambre, sexeBatiment: a.sexe, ordre: ordre(a) },
      { idLit: b.idLit, idChambre: b.idChambre, sexeBatiment: b.sexe, ordre: ordre(b) },
    ),
  );
  const buildings: BuildingView[] = [];
  for (const lit of sorted) {
    let building = buildings.find((b) => b.idBatiment === lit.idBatiment);
    if (!building) {
      building = {
        idBatiment: lit.idBatiment,
        libelleBatiment: lit.libelleBatiment,
        sexe: lit.sexe,
        levels: [],
        beds: 0,
        occupied: 0,
      };
      buildings.push(building);
    }
    let level = building.levels.find((l) => l.idNiveau === lit.idNiveau);
    if (!level) {
      level = { idNiveau: lit.idNiveau, libelleNiveau: lit.libelleNiveau, corridors: [] };
      building.levels.push(level);
    }
    let corridor = level.corridors.find((c) => c.idCouloir === lit.idCouloir);
    if (!corridor) {
      corridor = { idCouloir: lit.idCouloir, libelleCouloir: lit.libelleCouloir, rooms: [] };
      level.corridors.push(corridor);
    }
    let room = last(corridor.rooms)?.idChambre === lit.idChambre ? last(corridor.rooms) : undefined;
    room ??= corridor.rooms.find((r) => r.idChambre === lit.idChambre);
    if (!room) {
      room = {
        idChambre: lit.idChambre,
        libelleChambre: lit.libelleChambre,
        libelleCategorieChambre: lit.libelleCategorieChambre ?? null,
        montantChambre: lit.montantChambre ?? null,
        sexeBatiment: lit.sexe,
        sexe: null,
        beds: [],
      };
      corridor.rooms.push(room);
    }
    const occupant = byLit.get(lit.idLit) ?? null;
    room.beds.push({ lit, occupant });
    if (occupant?.sexeEtudiant) room.sexe ??= occupant.sexeEtudiant;
    building.beds += 1;
    if (occupant) building.occupied += 1;
  }
  return buildings;
}

/** A free bed a student may be moved to, with the room it stands in. */
export interface MoveTarget {
  idLit: number;
  room: RoomView;
  label: string;
}

/**
 * The free beds an assigned student may move to: beds of rooms its sex fits (a building of its sex
 * or MIXTE, a room empty or holding its sex, the student itself not counted in its own room).
 */
export function moveTargets(tree: readonly BuildingView[], who: AffectationRow): MoveTarget[] {
  const sexe = who.sexeEtudiant;
  if (!sexe) return [];
  const out: MoveTarget[] = [];
  for (const b of tree)
    for (const l of b.levels)
      for (const c of l.corridors)
        for (const r of c.rooms) {
          const others = r.beds.filter((x) => x.occupant && x.occupant.idAffectation !== who.idAffectation);
          const roomSexe = others.find((x) => x.occupant?.sexeEtudiant)?.occupant?.sexeEtudiant ?? null;
          if (!bedFits(sexe, r.sexeBatiment, roomSexe)) continue;
          for (const bed of r.beds)
            if (!bed.occupant)
              out.push({
                idLit: bed.lit.idLit,
                room: r,
                label: [
                  b.libelleBatiment,
                  l.libelleNiveau,
                  c.libelleCouloir,
                  r.libelleChambre,
                  bed.lit.libelleLit,
                ].join(' · '),
              });
        }
  return out;
}

/** A room of the view with the building, level and corridor it stands in. */
export interface PlacedRoom {
  building: BuildingView;
  level: LevelView;
  corridor: CorridorView;
  room: RoomView;
}

/** The rooms of the tree in its order, each with where it stands. */
export function placedRooms(tree: readonly BuildingView[]): PlacedRoom[] {
  const out: PlacedRoom[] = [];
  for (const building of tree)
    for (const level of building.levels)
      for (const corridor of level.corridors)
        for (const room of corridor.rooms) out.push({ building, level, corridor, room });
  return out;
}

/**
 * Whether a room answers the room view's search: the text (case and accents ignored) found in its
 * building, level, corridor, room, category, a bed's name or an occupant's name or INE. An empty
 * search keeps every room.
 */
export function roomMatches(p: PlacedRoom, search: string): boolean {
  const needle = foldText(search.trim());
  if (!needle) return true;
  const words = [
    p.building.libelleBatiment,
    p.level.libelleNiveau,
    p.corridor.libelleCouloir,
    p.room.libelleChambre,
    p.room.libelleCategorieChambre ?? '',
  ];
  for (const { lit, occupant } of p.room.beds) {
    words.push(lit.libelleLit);
    if (occupant) words.push(`${occupant.nomEtudiant ?? ''} ${occupant.prenomEtudiant ?? ''}`, occupant.ine);
  }
  return words.some((w) => foldText(w).includes(needle));
}

/**
 * Rooms of a page drawn back as buildings, levels and corridors (each building keeps its whole
 * count of beds and occupants, not only the page's).
 */
export function regroup(rooms: readonly PlacedRoom[]): BuildingView[] {
  const out: BuildingView[] = [];
  for (const { building, level, corridor, room } of rooms) {
    let b = last(out);
    if (b?.idBatiment !== building.idBatiment) {
      b = { ...building, levels: [] };
      out.push(b);
    }
    let l = last(b.levels);
    if (l?.idNiveau !== level.idNiveau) {
      l = { ...level, corridors: [] };
      b.levels.push(l);
    }
    let c = last(l.corridors);
    if (c?.idCouloir !== corridor.idCouloir) {
      c = { ...corridor, rooms: [] };
      l.corridors.push(c);
    }
    c.rooms.push(room);
  }
  return out;
}

const startsWithWord = (label: string, word: string) =>
  new RegExp(`^${word}(?![\\p{L}\\p{N}])`, 'iu').test(foldText(label.trim()));

/** A room's title: its label, 'Chambre …' in front unless the label already starts with the word. */
export function roomTitle(libelleChambre: string): string {
  return startsWithWord(libelleChambre, 'chambre')
    ? libelleChambre
    : fill(messages.chambreLibelle, { chambre: libelleChambre });
}

/** Words of a building's label that already tell whom it houses ('Pavillon 1 (garçons)'). */
const SEX_WORDS =
  /(?<![\p{L}\p{N}])(garcons?|filles?|hommes?|femmes?|masculins?|feminins?|mixtes?)(?![\p{L}\p{N}])/iu;

/**
 * A building's title: its label, followed by its sex in brackets unless the label already says
 * it ('Pavillon 1 (garçons)' as is, 'Bâtiment A (Masculin)').
 */
export function buildingTitle(libelleBatiment: string, sexe: SexeBatiment): string {
  return SEX_WORDS.test(foldText(libelleBatiment))
    ? libelleBatiment
    : `${libelleBatiment} (${enumLabel('sexe', sexe)})`;
}
