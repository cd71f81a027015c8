/**
 * The 13 villes and the regional direction each stands in (docs/accounts.md#villes-and-directions).
 * A migration writes them into every new database.
 */

/** Ville name as shown, its enum-like code of the original and the sigle of its direction. */
export const VILLES_SEED: { nom: string; code: string; direction: string }[] = [
  { nom: 'Ouagadougou', code: 'OUAGADOUGOU', direction: 'OUA' },
  { nom: 'Ouagadougou 2', code: 'OUAGADOUGOU2', direction: 'OUA' },
  { nom: 'Bobo-Dioulasso', code: 'BOBO_DIOULASSO', direction: 'BOB' },
  { nom: 'Dédougou', code: 'DEDOUGOU', direction: 'DED' },
  { nom: 'Kaya', code: 'KAYA', direction: 'KAY' },
  { nom: 'Ziniaré', code: 'ZINIARE', direction: 'ZIN' },
  { nom: 'Ouahigouya', code: 'OUAHIGOUYA', direction: 'OHG' },
  { nom: "Fada N'Gourma", code: 'FADA_NGOURMA', direction: 'FAD' },
  { nom: 'Tenkodogo', code: 'TENKODOGO', direction: 'TNK' },
  { nom: 'Koudougou', code: 'KOUDOUGOU', direction: 'KDG' },
  { nom: 'Dori', code: 'DORI', direction: 'DOR' },
  { nom: 'Banfora', code: 'BANFORA', direction: 'BAN' },
  { nom: 'Manga', code: 'MANGA', direction: 'MAN' },
];

/**
 * Key used to match a ville name given in a file: case, accents, spaces, `-`, `_` and apostrophes
 * are ignored (`BOBO_DIOULASSO` = `Bobo-Dioulasso`, `FADA_NGOURMA` = `Fada N'Gourma`).
 */
export function villeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-_'’]/g, '');
}

/** Lowercase, accent-free form used for "contains" searches (same rule as the database's). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
