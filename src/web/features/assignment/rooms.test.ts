import { describe, expect, it } from 'vitest';
import type { AffectationRow } from '../../../domain/schemas/assignment';
import { buildingTitle, placedRooms, regroup, roomMatches, roomTitle, roomTree } from './rooms';
import type { LitRow } from './types';

/** Two buildings of one level and corridor: A (men, rooms A1 and A2), B (women, room B1); two beds each. */
const LITS: LitRow[] = [
  ['A', 'M', 'A1'],
  ['A', 'M', 'A2'],
  ['B', 'F', 'B1'],
].flatMap(([b, sexe, ch], i) =>
  [1, 2].map((n) => ({
    idLit: i * 10 + n,
    libelleLit: `Lit ${ch}-${n}`,
    codeLit: String(n),
    idChambre: i + 1,
    libelleChambre: `Chambre ${ch}`,
    codeChambre: ch,
    idCouloir: b === 'A' ? 1 : 2,
    libelleCouloir: 'Couloir central',
    codeCouloir: 'C',
    idNiveau: b === 'A' ? 1 : 2,
    libelleNiveau: 'Rez-de-chaussée',
    codeNiveau: '0',
    idBatiment: b === 'A' ? 1 : 2,
    libelleBatiment: b === 'A' ? 'Pavillon A (garçons)' : 'Pavillon B',
    codeBatiment: b,
    sexe: sexe as 'M' | 'F',
    libelleCategorieChambre: 'Chambre de 2 lits',
    montantChambre: 3000,
  })),
);

const OCCUPANT = {
  idAffectation: 1,
  idLit: 21,
  ine: 'N12345678901',
  nomEtudiant: 'Ouédraogo',
  prenomEtudiant: 'Aïcha',
  sexeEtudiant: 'F',
} as AffectationRow;

describe('the room view', () => {
  const tree = roomTree(LITS, [OCCUPANT]);
  const rooms = placedRooms(tree);

  it('lists every room in the order of the tree, each with its building, level and corridor', () => {
    expect(rooms.map((p) => p.room.libelleChambre)).toEqual(['Chambre A1', 'Chambre A2', 'Chambre B1']);
    expect(rooms[2].building.libelleBatiment).toBe('Pavillon B');
  });

  it('keeps the rooms whose place, beds or occupants hold the search, case and accents aside', () => {
    const kept = (q: string) => rooms.filter((p) => roomMatches(p, q)).map((p) => p.room.libelleChambre);
    expect(kept('')).toHaveLength(3);
    expect(kept('  ')).toHaveLength(3);
    expect(kept('chambre a2')).toEqual(['Chambre A2']);
    expect(kept('OUEDRAOGO')).toEqual(['Chambre B1']);
    expect(kept('aicha')).toEqual(['Chambre B1']);
    expect(kept('N12345678901')).toEqual(['Chambre B1']);
    expect(kept('lit a1-2')).toEqual(['Chambre A1']);
    expect(kept('pavillon a')).toEqual(['Chambre A1', 'Chambre A2']);
    expect(kept('zzqxw sans résultat')).toEqual([]);
  });

  it('draws a page of rooms back in their buildings, each keeping its whole count of beds', () => {
    const page = regroup(rooms.slice(1, 3));
    expect(page.map((b) => b.libelleBatiment)).toEqual(['Pavillon A (garçons)', 'Pavillon B']);
    expect(page[0].levels[0].corridors[0].rooms.map((r) => r.libelleChambre)).toEqual(['Chambre A2']);
    expect(page[0].beds).toBe(4);
    expect(page[1].occupied).toBe(1);
  });

  it('names a room and a building without saying a word twice', () => {
    expect(roomTitle('Chambre P1-114')).toBe('Chambre P1-114');
    expect(roomTitle('chambre 12')).toBe('chambre 12');
    expect(roomTitle('A01')).toBe('Chambre A01');
    expect(roomTitle('Chambrette 3')).toBe('Chambre Chambrette 3');
    expect(buildingTitle('Pavillon 1 (garçons)', 'M')).toBe('Pavillon 1 (garçons)');
    expect(buildingTitle('Bloc des Filles', 'F')).toBe('Bloc des Filles');
    expect(buildingTitle('Bâtiment C', 'MIXTE')).toBe('Bâtiment C (Mixte)');
    expect(buildingTitle('Bâtiment A', 'M')).toBe('Bâtiment A (Masculin)');
  });
});
