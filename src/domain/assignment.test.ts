import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sexe, SexeBatiment } from './enums';
import {
  bedFits,
  compareBeds,
  freeBedsBySex,
  planAssignment,
  type BedSlot,
  type RoomState,
  type StudentToPlace,
} from './assignment';

/** Beds of rooms: `room(idChambre, 'B1', 'N1', 'C1', 'CH1', sexe, beds)`. */
function room(
  idChambre: number,
  bat: string,
  niv: string,
  cou: string,
  ch: string,
  sexeBatiment: SexeBatiment,
  beds: number,
): BedSlot[] {
  return Array.from({ length: beds }, (_, i) => ({
    idLit: idChambre * 100 + i + 1,
    idChambre,
    sexeBatiment,
    ordre: [bat, niv, cou, ch, `L${i + 1}`],
  }));
}
const st = (ine: string, sexe: Sexe): StudentToPlace => ({ ine, sexe });
const where = (plan: ReturnType<typeof planAssignment>) => plan.placements.map((p) => [p.ine, p.idLit]);

describe('bedFits', () => {
  it('respects the building and the room', () => {
    expect(bedFits('M', 'M', null)).toBe(true);
    expect(bedFits('F', 'M', null)).toBe(false);
    expect(bedFits('F', 'MIXTE', null)).toBe(true);
    expect(bedFits('F', 'MIXTE', 'M')).toBe(false);
    expect(bedFits('M', 'MIXTE', 'M')).toBe(true);
  });
});

describe('planAssignment', () => {
  it('takes rooms in code order (B2 before B10) and fills a room before opening the next', () => {
    const beds = [
      ...room(3, 'B10', 'N1', 'C1', 'CH1', 'M', 2),
      ...room(1, 'B2', 'N1', 'C1', 'CH2', 'M', 2),
      ...room(2, 'B2', 'N1', 'C1', 'CH1', 'M', 2),
    ];
    const plan = planAssignment(
      [st('a', 'M'), st('b', 'M'), st('c', 'M'), st('d', 'M'), st('e', 'M')],
      beds,
      [],
    );
    expect(where(plan)).toEqual([
      ['a', 201],
      ['b', 202],
      ['c', 101],
      ['d', 102],
      ['e', 301],
    ]);
    expect(plan.sansLit).toEqual([]);
  });

  it('keeps men and women apart: M and F buildings, and a MIXTE room takes its first occupant’s sex', () => {
    const beds = [
      ...room(1, 'A', '1', '1', '1', 'MIXTE', 2),
      ...room(2, 'A', '1', '1', '2', 'MIXTE', 2),
      ...room(3, 'B', '1', '1', '1', 'F', 1),
    ];
    const plan = planAssignment(
      [st('m1', 'M'), st('f1', 'F'), st('m2', 'M'), st('f2', 'F'), st('f3', 'F')],
      beds,
      [],
    );
    expect(where(plan)).toEqual([
      ['m1', 101],
      ['f1', 201],
      ['m2', 102],
      ['f2', 202],
      ['f3', 301],
    ]);
  });

  it('fills a room already opened (from an earlier assignment) before opening an earlier empty one', () => {
    const beds = [...room(1, 'A', '1', '1', '1', 'MIXTE', 2), ...room(2, 'A', '1', '1', '2', 'MIXTE', 1)];
    // Room 2 already holds a woman; room 1 is empty.
    const rooms: RoomState[] = [
      { idChambre: 1, sexe: null },
      { idChambre: 2, sexe: 'F' },
    ];
    expect(where(planAssignment([st('f', 'F'), st('m', 'M')], beds, rooms))).toEqual([
      ['f', 201],
      ['m', 101],
    ]);
  });

  it('leaves students without a bed, in rank order, when the cité is full for their sex', () => {
    const beds = room(1, 'A', '1', '1', '1', 'F', 1);
    const plan = planAssignment([st('f1', 'F'), st('m1', 'M'), st('f2', 'F')], beds, []);
    expect(where(plan)).toEqual([['f1', 101]]);
    expect(plan.sansLit.map((s) => s.ine)).toEqual(['m1', 'f2']);
  });

  it('counts free beds by sex', () => {
    const beds = [...room(1, 'A', '1', '1', '1', 'MIXTE', 2), ...room(2, 'B', '1', '1', '1', 'M', 1)];
    expect(freeBedsBySex(beds, [{ idChambre: 1, sexe: 'F' }])).toEqual({ M: 1, F: 2 });
    expect(freeBedsBySex(beds, [])).toEqual({ M: 3, F: 2 });
  });
});

/** The rule written the plain way (quadratic): the optimised plan must agree with it. */
function plainPlan(students: StudentToPlace[], freeBeds: BedSlot[], rooms: RoomState[]) {
  const beds = [...freeBeds].sort(compareBeds);
  const sexe = new Map(rooms.map((r) => [r.idChambre, r.sexe]));
  const taken = new Set<number>();
  const out: [string, number][] = [];
  for (const s of students) {
    let chosen: BedSlot | undefined;
    for (const b of beds) {
      if (taken.has(b.idLit)) continue;
      const occ = sexe.get(b.idChambre) ?? null;
      if (!bedFits(s.sexe, b.sexeBatiment, occ)) continue;
      if (occ !== null) {
        chosen = b;
        break;
      }
      chosen ??= b;
    }
    if (!chosen) continue;
    taken.add(chosen.idLit);
    sexe.set(chosen.idChambre, s.sexe);
    out.push([s.ine, chosen.idLit]);
  }
  return out;
}

describe('properties', () => {
  const sexeArb = fc.constantFrom<Sexe>('M', 'F');
  const scenario = fc.record({
    rooms: fc.array(
      fc.record({
        bat: fc.integer({ min: 1, max: 12 }),
        ch: fc.integer({ min: 1, max: 30 }),
        sexe: fc.constantFrom<SexeBatiment>('M', 'F', 'MIXTE'),
        beds: fc.integer({ min: 1, max: 4 }),
        occupant: fc.option(sexeArb, { nil: null }),
      }),
      { maxLength: 25 },
    ),
    students: fc.array(sexeArb, { maxLength: 60 }),
  });

  it('agrees with the plain rule, gives no bed twice, and never mixes sexes in a room', () => {
    fc.assert(
      fc.property(scenario, ({ rooms, students }) => {
        const beds: BedSlot[] = [];
        const states: RoomState[] = [];
        rooms.forEach((r, i) => {
          const id = i + 1;
          // An occupant must fit its building.
          const occupant = r.occupant && bedFits(r.occupant, r.sexe, null) ? r.occupant : null;
          beds.push(...room(id, `B${r.bat}`, 'N1', 'C1', `CH${r.ch}-${id}`, r.sexe, r.beds));
          states.push({ idChambre: id, sexe: occupant });
        });
        const list = students.map((s, i) => st(`E${i}`, s));
        const plan = planAssignment(list, beds, states);
        expect(where(plan)).toEqual(plainPlan(list, beds, states));
        const lits = plan.placements.map((p) => p.idLit);
        expect(new Set(lits).size).toBe(lits.length);
        const roomSex = new Map(states.map((r) => [r.idChambre, r.sexe]));
        for (const p of plan.placements) {
          const s = list.find((x) => x.ine === p.ine)!.sexe;
          const prev = roomSex.get(p.idChambre);
          expect(prev === null || prev === undefined || prev === s).toBe(true);
          roomSex.set(p.idChambre, s);
        }
        expect(plan.placements.length + plan.sansLit.length).toBe(list.length);
      }),
      { numRuns: 300 },
    );
  });
});
