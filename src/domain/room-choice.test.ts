import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTES_ADMISSION } from './enums';
import {
  chooserState,
  compareChoosers,
  computeSlots,
  extensionRefusal,
  groupSlot,
  holdEnd,
  mySlotState,
  ROOM_CHOICE,
  roomFits,
  slotState,
  type Chooser,
} from './room-choice';

const debut = new Date('2026-12-01T08:00:00Z');
const at = (minutes: number) => new Date(debut.getTime() + minutes * 60_000);
const c = (ine: string, liste: Chooser['liste'], rang: number, handicap = false): Chooser => ({
  ine,
  liste,
  rang,
  handicap,
});

const chooser = fc.record({
  ine: fc.stringMatching(/^N[0-9]{11}$/),
  liste: fc.constantFrom(...LISTES_ADMISSION),
  rang: fc.integer({ min: 1, max: 500 }),
  handicap: fc.boolean(),
});

describe('the order of the choice', () => {
  it('disability first, then READMISSIONS, PUPILLES, ETRANGERS, NATIONAUX, each by rank', () => {
    const slots = computeSlots(
      [
        c('N5', 'NATIONAUX', 1),
        c('N4', 'ETRANGERS', 2),
        c('N3', 'ETRANGERS', 1),
        c('N2', 'READMISSIONS', 1),
        c('N6', 'NATIONAUX', 9, true),
        c('N1', 'PUPILLES', 1),
      ],
      { debut, dureeCreneauMinutes: 10, etudiantsParCreneau: 40 },
    );
    expect(slots.map((s) => s.ine)).toEqual(['N6', 'N2', 'N1', 'N3', 'N4', 'N5']);
  });

  it('the i-th starts at debut + ⌊i / per slot⌋ × slot length', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(chooser, { selector: (x) => x.ine, maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 30 }),
        (choosers, per, minutes) => {
          const slots = computeSlots(choosers, {
            debut,
            dureeCreneauMinutes: minutes,
            etudiantsParCreneau: per,
          });
          expect(slots).toHaveLength(choosers.length);
          slots.forEach((s, i) => {
            expect(s.numero).toBe(Math.floor(i / per));
            expect(s.debutCreneau.getTime()).toBe(at(Math.floor(i / per) * minutes).getTime());
          });
          // Never two slots out of the order's sequence.
          for (let i = 1; i < slots.length; i++) {
            const [a, b] = [
              choosers.find((x) => x.ine === slots[i - 1].ine)!,
              choosers.find((x) => x.ine === slots[i].ine)!,
            ];
            expect(compareChoosers(a, b)).toBeLessThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('a group chooses at its latest member slot: grouping never moves anyone earlier', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 4 }),
        (minutes) => {
          const slots = minutes.map(at);
          const g = groupSlot(slots)!;
          for (const s of slots) expect(g.getTime()).toBeGreaterThanOrEqual(s.getTime());
          expect(slots.some((s) => s.getTime() === g.getTime())).toBe(true);
        },
      ),
    );
    expect(groupSlot([])).toBeNull();
  });
});

describe('the slot and the hold', () => {
  const fin = at(120);
  it('a slot is not open before its start, open until the campaign ends', () => {
    expect(slotState(at(9), at(10), fin)).toBe('PAS_ENCORE_OUVERT');
    expect(slotState(at(10), at(10), fin)).toBe('OUVERT');
    expect(slotState(at(120), at(10), fin)).toBe('TERMINE');
  });

  it('a hold lasts its length, never past the end; it extends at most 10 times, not once expired', () => {
    expect(holdEnd(at(10), 5, fin)).toEqual(at(15));
    expect(holdEnd(at(118), 5, fin)).toEqual(fin);
    expect(extensionRefusal(at(12), { expireA: at(15), prolongations: 0 }, fin)).toBeNull();
    expect(extensionRefusal(at(15), { expireA: at(15), prolongations: 0 }, fin)).toBe('EXPIREE');
    expect(
      extensionRefusal(at(12), { expireA: at(15), prolongations: ROOM_CHOICE.prolongationsMax }, fin),
    ).toBe('MAXIMUM');
    expect(extensionRefusal(at(119), { expireA: fin, prolongations: 1 }, fin)).toBe('FIN_CAMPAGNE');
  });

  it('follows each chooser for staff', () => {
    const s = { debutCreneau: at(10), aUnLit: false, reservationActive: false };
    expect(chooserState(at(5), s, fin)).toBe('PAS_ENCORE_OUVERT');
    expect(chooserState(at(11), s, fin)).toBe('EN_ATTENTE');
    expect(chooserState(at(11), { ...s, reservationActive: true }, fin)).toBe('EN_RESERVATION');
    expect(chooserState(at(11), { ...s, aUnLit: true }, fin)).toBe('CHOISI');
    expect(chooserState(at(121), s, fin)).toBe('SANS_CHOIX');
  });
});

describe('the rooms a student or a group may take', () => {
  it('the building’s sex, the room’s occupants, and a bed for every member', () => {
    const room = { idChambre: 1, sexeBatiment: 'MIXTE' as const, sexeOccupants: null, litsLibres: 4 };
    expect(roomFits(room, 'F', 4)).toBe(true);
    expect(roomFits({ ...room, litsLibres: 3 }, 'F', 4)).toBe(false);
    expect(roomFits({ ...room, sexeOccupants: 'M' }, 'F', 1)).toBe(false);
    expect(roomFits({ ...room, sexeBatiment: 'M' }, 'F', 1)).toBe(false);
    expect(roomFits({ ...room, sexeBatiment: 'F', sexeOccupants: 'F', litsLibres: 2 }, 'F', 2)).toBe(true);
  });
});

describe('mySlotState: the student’s screens read its slot as staff’s follow-up does', () => {
  const on = (iso: string) => new Date(iso);
  const mine = (over: Partial<Parameters<typeof mySlotState>[1]> = {}) => ({
    loge: false,
    debutCreneau: '2026-12-01T10:00:00.000Z',
    fin: '2026-12-02T10:00:00.000Z',
    reservation: null,
    ...over,
  });
  it('before its slot, open, holding, housed, ended', () => {
    expect(mySlotState(on('2026-12-01T09:00:00Z'), mine())).toBe('PAS_ENCORE_OUVERT');
    expect(mySlotState(on('2026-12-01T11:00:00Z'), mine())).toBe('EN_ATTENTE');
    expect(
      mySlotState(on('2026-12-01T11:00:00Z'), mine({ reservation: { expireA: '2026-12-01T11:05:00.000Z' } })),
    ).toBe('EN_RESERVATION');
    expect(mySlotState(on('2026-12-02T11:00:00Z'), mine({ loge: true }))).toBe('CHOISI');
    expect(mySlotState(on('2026-12-02T11:00:00Z'), mine())).toBe('SANS_CHOIX');
  });
  it('a lapsed hold is no hold: the slot is open again', () => {
    expect(
      mySlotState(on('2026-12-01T11:10:00Z'), mine({ reservation: { expireA: '2026-12-01T11:05:00.000Z' } })),
    ).toBe('EN_ATTENTE');
  });
});
