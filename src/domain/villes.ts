/**
 * The 13 villes and the regional direction each stands in (docs/accounts.md#villes-and-directions).
 * A migration writes them into every new database.
 */
export interface DirectionSeed {
  sigle: string;
  libelle: string;
  email: string;
  tel: string;
}

export const DIRECTIONS_SEED: DirectionSeed[] = [
  {
    sigle: 'OUA',
    libelle: 'Direction régionale du Centre (Ouagadougou)',
    email: 'crouo@cenou.bf',
    tel: '25 30 70 10',
  },
  {
    sigle: 'BOB',
    libelle: 'Direction régionale des Hauts-Bassins (Bobo-Dioulasso)',
    email: 'croub@cenou.bf',
    tel: '20 97 01 20',
  },
  {
    sigle: 'DED',
    libelle: 'Direction régionale de la Boucle du Mouhoun (Dédougou)',
    email: 'dr.dedougou@cenou.bf',
    tel: '20 52 01 30',
  },
  {
    sigle: 'KAY',
    libelle: 'Direction régionale du Centre-Nord (Kaya)',
    email: 'dr.kaya@cenou.bf',
    tel: '24 45 01 40',
  },
  {
    sigle: 'ZIN',
    libelle: 'Direction régionale du Plateau-Central (Ziniaré)',
    email: 'dr.ziniare@cenou.bf',
    tel: '25 30 90 50',
  },
  {
    sigle: 'OHG',
    libelle: 'Direction régionale du Nord (Ouahigouya)',
    email: 'dr.ouahigouya@cenou.bf',
    tel: '24 55 01 60',
  },
  {
    sigle: 'FAD',
    libelle: "Direction régionale de l'Est (Fada N'Gourma)",
    email: 'dr.fada@cenou.bf',
    tel: '24 77 01 70',
  },
  {
    sigle: 'TNK',
    libelle: 'Direction régionale du Centre-Est (Tenkodogo)',
    email: 'dr.tenkodogo@cenou.bf',
    tel: '24 71 01 80',
  },
  {
    sigle: 'KDG',
    libelle: 'Direction régionale du Centre-Ouest (Koudougou)',
    email: 'crouk@cenou.bf',
    tel: '25 44 01 90',
  },
  {
    sigle: 'DOR',
    libelle: 'Direction régionale du Sahel (Dori)',
    email: 'dr.dori@cenou.bf',
    tel: '24 46 02 00',
  },
  {
    sigle: 'BAN',
    libelle: 'Direction régionale des Cascades (Banfora)',
    email: 'dr.banfora@cenou.bf',
    tel: '20 91 02 10',
  },
  {
    sigle: 'MAN',
    libelle: 'Direction régionale du Centre-Sud (Manga)',
    email: 'dr.manga@cenou.bf',
    tel: '25 40 02 20',
  },
];

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
