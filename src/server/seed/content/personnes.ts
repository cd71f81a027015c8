/**
 * Names and places for the demo student registry (CONTEXT.md): Burkinabè family names, given names
 * by sex, Mooré second given names, birth places, and a few neighbouring countries for foreign
 * students. Family names first, as on Burkinabè documents.
 */

/** Family names; `moore` marks Mossi names, which take a Mooré second given name now and then. */
export const NOMS: readonly { nom: string; moore: boolean }[] = [
  { nom: 'Ouédraogo', moore: true },
  { nom: 'Sawadogo', moore: true },
  { nom: 'Kaboré', moore: true },
  { nom: 'Compaoré', moore: true },
  { nom: 'Traoré', moore: false },
  { nom: 'Zongo', moore: true },
  { nom: 'Ilboudo', moore: true },
  { nom: 'Zoungrana', moore: true },
  { nom: 'Nikièma', moore: true },
  { nom: 'Kéré', moore: true },
  { nom: 'Zida', moore: true },
  { nom: 'Konombo', moore: true },
  { nom: 'Konditamdé', moore: true },
  { nom: 'Ouili', moore: true },
  { nom: 'Nana', moore: true },
  { nom: 'Nabolé', moore: true },
  { nom: 'Belem', moore: true },
  { nom: 'Zoromé', moore: true },
  { nom: 'Sana', moore: true },
  { nom: 'Sanou', moore: false },
  { nom: 'Somé', moore: false },
  { nom: 'Millogo', moore: false },
  { nom: 'Hien', moore: false },
  { nom: 'Ouattara', moore: false },
  { nom: 'Coulibaly', moore: false },
  { nom: 'Sangaré', moore: false },
  { nom: 'Cissé', moore: false },
  { nom: 'Konaté', moore: false },
  { nom: 'Ouoba', moore: false },
  { nom: 'Lompo', moore: false },
  { nom: 'Simporé', moore: true },
  { nom: 'Tiendrébéogo', moore: true },
  { nom: 'Thiombiano', moore: false },
  { nom: 'Gampiné', moore: true },
  { nom: 'Diallo', moore: false },
];

// prettier-ignore
export const PRENOMS_MASCULINS: readonly string[] = [
  'Zakaria', 'Ousséni', 'Adama', 'Abdoul Karim', 'Souleymane', 'Boureima', 'Yacouba', 'Issa', 'Idrissa', 'Moussa',
  'Mahamadi', 'Seydou', 'Soumaïla', 'Issouf', 'Ibrahim', 'Wahabo', 'Tidiane', 'Siaka', 'Amadou', 'Rasmané',
  'Arsène', 'Barthélemy', 'Justin', 'Ulrich', 'Aimé', 'Maxime', 'Judicaël', 'Constant', 'Prosper', 'Parfait',
];

// prettier-ignore
export const PRENOMS_FEMININS: readonly string[] = [
  'Awa', 'Sarata', 'Bintou', 'Fatimata', 'Alimata', 'Salimata', 'Aïcha', 'Maïmouna', 'Balguissa', 'Yassia',
  'Djénéba', 'Zénabo', 'Hawa', 'Amsetou', 'Azeta', 'Marie', 'Claire', 'Cécile', 'Claudine', 'Jeanne',
  'Béatrice', 'Julienne', 'Gisèle', 'Bernadette', 'Lucie', 'Sidonie', 'Régina', 'Diane', 'Tené',
];

/** Mooré given names, borne by men and women alike. */
// prettier-ignore
export const PRENOMS_MOORE: readonly string[] = [
  'Wendkouni', 'Wendemi', 'Wendbarka', 'Wendlassida', 'Nongabamba', 'Teednooma', 'Boinzemwendé',
];

/** Birth places in Burkina Faso, the university cities first (drawn more often). */
export const LIEUX_NAISSANCE: readonly (readonly [string, number])[] = [
  ['Ouagadougou', 30],
  ['Bobo-Dioulasso', 14],
  ['Koudougou', 8],
  ['Ouahigouya', 5],
  ['Kaya', 4],
  ['Banfora', 3],
  ['Dédougou', 3],
  ["Fada N'Gourma", 3],
  ['Tenkodogo', 3],
  ['Ziniaré', 2],
  ['Réo', 2],
  ['Yako', 2],
  ['Kongoussi', 2],
  ['Pouytenga', 2],
  ['Houndé', 2],
  ['Gaoua', 2],
  ['Dori', 1],
  ['Manga', 2],
  ['Léo', 1],
  ['Boromo', 1],
  ['Diébougou', 1],
  ['Nouna', 1],
  ['Tougan', 1],
  ['Kombissiri', 1],
  ['Koupéla', 2],
  ['Djibo', 1],
  ['Pô', 1],
  ['Sapouy', 1],
  ['Orodara', 1],
  ['Solenzo', 1],
  ['Gourcy', 1],
  ['Boulsa', 1],
  ['Sabou', 1],
];

interface PaysEtrangerSeed {
  pays: string;
  poids: number;
  noms: readonly string[];
  prenomsMasculins: readonly string[];
  prenomsFeminins: readonly string[];
  villes: readonly string[];
}

/** Countries of the foreign students (about 3 % of the registry), with names and towns of each. */
export const PAYS_ETRANGERS: readonly PaysEtrangerSeed[] = [
  {
    pays: 'Mali',
    poids: 5,
    noms: ['Diarra', 'Keïta', 'Touré', 'Sidibé', 'Dembélé', 'Maïga'],
    prenomsMasculins: ['Mamadou', 'Modibo', 'Sékou', 'Bakary', 'Oumar'],
    prenomsFeminins: ['Fatoumata', 'Aminata', 'Kadiatou', 'Oumou', 'Assétou'],
    villes: ['Bamako', 'Sikasso', 'Ségou', 'Mopti'],
  },
  {
    pays: 'Niger',
    poids: 3,
    noms: ['Issoufou', 'Abdou', 'Hama', 'Mahamane', 'Garba'],
    prenomsMasculins: ['Abdoulaye', 'Mahamadou', 'Abdourahamane', 'Hamidou'],
    prenomsFeminins: ['Ramatou', 'Zeinabou', 'Haoua', 'Rakia'],
    villes: ['Niamey', 'Zinder', 'Maradi', 'Tillabéri'],
  },
  {
    pays: "Côte d'Ivoire",
    poids: 4,
    noms: ['Kouassi', "N'Guessan", 'Konan', 'Yao', 'Kouamé'],
    prenomsMasculins: ['Kouadio', 'Koffi', 'Serge', 'Hervé'],
    prenomsFeminins: ['Adjoua', 'Affoué', 'Akissi', 'Christelle'],
    villes: ['Abidjan', 'Bouaké', 'Korhogo', 'Yamoussoukro'],
  },
  {
    pays: 'Togo',
    poids: 2,
    noms: ['Agbeko', 'Amouzou', 'Mensah', 'Adjavon', 'Kpodar'],
    prenomsMasculins: ['Kodjo', 'Komi', 'Yawo', 'Edem'],
    prenomsFeminins: ['Akossiwa', 'Afi', 'Ablavi', 'Enyonam'],
    villes: ['Lomé', 'Kara', 'Sokodé', 'Dapaong'],
  },
  {
    pays: 'Bénin',
    poids: 2,
    noms: ['Houngbédji', 'Adjovi', 'Dossou', 'Hounkpatin', 'Ahouansou'],
    prenomsMasculins: ['Codjo', 'Rodrigue', 'Fiacre', 'Gildas'],
    prenomsFeminins: ['Bénédicte', 'Flore', 'Nadège', 'Ornella'],
    villes: ['Cotonou', 'Porto-Novo', 'Parakou', 'Natitingou'],
  },
  {
    pays: 'Sénégal',
    poids: 1,
    noms: ['Diop', 'Ndiaye', 'Fall', 'Sow', 'Ba'],
    prenomsMasculins: ['Cheikh', 'Ousmane', 'Moustapha', 'Pape'],
    prenomsFeminins: ['Aïssatou', 'Khadija', 'Ndèye', 'Fatou'],
    villes: ['Dakar', 'Thiès', 'Saint-Louis', 'Kaolack'],
  },
];

/** Every given name of one sex (Mooré names excepted), for checks. */
export const TOUS_PRENOMS = {
  M: [...PRENOMS_MASCULINS, ...PAYS_ETRANGERS.flatMap((p) => p.prenomsMasculins)],
  F: [...PRENOMS_FEMININS, ...PAYS_ETRANGERS.flatMap((p) => p.prenomsFeminins)],
} as const;

export const DOMAINES_MAIL: readonly (readonly [string, number])[] = [
  ['gmail.com', 70],
  ['yahoo.fr', 20],
  ['outlook.fr', 10],
];
