import {
  CODES_TYPE_PAIEMENT,
  ETUDIANT,
  GESTIONNAIRE_DR,
  ETATS_SESSION,
  LISTES_DELIBERATION,
  ROLES,
  SEXES_BATIMENT,
  STATUTS_ITEM,
  STATUTS_SESSION,
} from '../enums';
import {
  MOIS_LOYER_DEFAULT,
  MOIS_LOYER_MAX,
  OFFER_RESPONSE_HOURS_DEFAULT,
  PART_FEMMES_DEFAULT,
  PASSWORD_MIN_LENGTH,
} from '../limits';
import { sessionOptionLabel } from '../workflow';
import { screenFields } from './screens';
import type { FieldDef, ResourceDef } from './types';

const REF_READ = { read: 'reference.read', write: 'reference.write' } as const;
const str = (v: unknown) => (v == null ? '' : String(v));

/** The housing hierarchy, from the cité down to the room: field name and resource of each level. */
const PLACE = [
  ['idCite', 'cite'],
  ['idBatiment', 'batiment'],
  ['idNiveau', 'niveau'],
  ['idCouloir', 'couloir'],
  ['idChambre', 'chambre'],
] as const;

/**
 * The stored parent of a housing level (PLACE[level]) preceded by the dropdowns that narrow it, from
 * the cité down: virtual fields, each filtered by the one above (cascading dropdowns).
 */
function placedIn(level: number): FieldDef[] {
  return PLACE.slice(0, level + 1).map(([name, ref], i) => ({
    name,
    type: 'ref' as const,
    ref,
    required: true,
    ...(i > 0 ? { cascadeFrom: PLACE[i - 1][0] } : {}),
    ...(i < level ? { virtual: true } : {}),
  }));
}

export const direction: ResourceDef<'direction'> = {
  name: 'direction',
  ...screenFields('direction'),
  table: 'direction',
  idField: 'idDirection',
  dialogTitle: 'Informations direction',
  fields: [
    {
      name: 'libelleDirection',
      type: 'text',
      required: true,
      unique: true,
      label: 'Libellé de la direction',
    },
    { name: 'sigleDirection', type: 'text', maxLength: 20 },
    { name: 'emailDirection', type: 'email' },
    { name: 'telDirection', type: 'text', maxLength: 30 },
  ],
  exports: ['libelleDirection', 'sigleDirection'],
  columns: ['libelleDirection', 'sigleDirection', 'emailDirection', 'telDirection'],
  optionLabel: (r) => str(r.libelleDirection),
  defaultSort: 'libelleDirection',
  access: REF_READ,
};

export const ville: ResourceDef<'ville'> = {
  name: 'ville',
  ...screenFields('ville'),
  table: 'ville',
  idField: 'idVille',
  dialogTitle: 'Informations ville',
  fields: [
    { name: 'nomVille', type: 'text', required: true, unique: true, label: 'Nom de la ville' },
    { name: 'idDirection', type: 'ref', ref: 'direction', required: true },
  ],
  exports: ['nomVille'],
  columns: ['nomVille', 'libelleDirection'],
  optionLabel: (r) => str(r.nomVille),
  defaultSort: 'nomVille',
  access: REF_READ,
};

export const cite: ResourceDef<'cite'> = {
  name: 'cite',
  ...screenFields('cite'),
  table: 'cite',
  counted: true,
  idField: 'idCite',
  dialogTitle: 'Informations cité',
  fields: [
    { name: 'idVille', type: 'ref', ref: 'ville', required: true },
    { name: 'nomCite', type: 'text', required: true, label: 'Nom de la cité' },
    { name: 'nbLit', type: 'integer', required: true, min: 0 },
    { name: 'adresseCite', type: 'text' },
  ],
  exports: ['nomCite'],
  columns: ['nomCite', 'nomVille', 'nbLit', 'adresseCite'],
  optionLabel: (r) => str(r.nomCite),
  defaultSort: 'nomCite',
  access: REF_READ,
};

export const batiment: ResourceDef<'batiment'> = {
  name: 'batiment',
  ...screenFields('batiment'),
  table: 'batiment',
  counted: true,
  idField: 'idBatiment',
  dialogTitle: 'Informations bâtiment',
  fields: [
    { name: 'idCite', type: 'ref', ref: 'cite', required: true },
    { name: 'libelleBatiment', type: 'text', required: true, label: 'Libellé du bâtiment' },
    { name: 'codeBatiment', type: 'text', required: true, maxLength: 30 },
    { name: 'sexe', type: 'enum', values: SEXES_BATIMENT, required: true, default: 'MIXTE' },
  ],
  exports: ['libelleBatiment', 'codeBatiment', 'sexe'],
  columns: ['libelleBatiment', 'codeBatiment', 'sexe', 'nomCite'],
  optionLabel: (r) => str(r.libelleBatiment),
  uniques: [['idCite', 'codeBatiment']],
  defaultSort: 'codeBatiment',
  access: REF_READ,
};

export const niveau: ResourceDef<'niveau'> = {
  name: 'niveau',
  ...screenFields('niveau'),
  table: 'niveau',
  counted: true,
  idField: 'idNiveau',
  dialogTitle: 'Informations niveau',
  fields: [
    ...placedIn(1),
    { name: 'libelleNiveau', type: 'text', required: true, label: 'Libellé du niveau' },
    { name: 'codeNiveau', type: 'text', maxLength: 30 },
  ],
  exports: ['libelleNiveau', 'codeNiveau'],
  columns: ['libelleNiveau', 'codeNiveau', 'libelleBatiment', 'nomCite'],
  optionLabel: (r) => str(r.libelleNiveau),
  defaultSort: 'codeNiveau',
  access: REF_READ,
};

export const couloir: ResourceDef<'couloir'> = {
  name: 'couloir',
  ...screenFields('couloir'),
  table: 'couloir',
  counted: true,
  idField: 'idCouloir',
  dialogTitle: 'Informations couloir',
  fields: [
    ...placedIn(2),
    { name: 'libelleCouloir', type: 'text', required: true, label: 'Libellé du couloir' },
    { name: 'codeCouloir', type: 'text', maxLength: 30 },
  ],
  exports: ['libelleCouloir', 'codeCouloir'],
  columns: ['libelleCouloir', 'codeCouloir', 'libelleNiveau', 'libelleBatiment', 'nomCite'],
  optionLabel: (r) => str(r.libelleCouloir),
  defaultSort: 'codeCouloir',
  access: REF_READ,
};

export const categorieChambre: ResourceDef<'categorie-chambre'> = {
  name: 'categorie-chambre',
  ...screenFields('categorie-chambre'),
  table: 'categorie_chambre',
  idField: 'idCategorieChambre',
  dialogTitle: 'Informations catégorie de chambre',
  fields: [
    { name: 'idCite', type: 'ref', ref: 'cite', required: true },
    { name: 'libelleCategorieChambre', type: 'text', required: true, label: 'Libellé de la catégorie' },
    { name: 'montantChambre', type: 'integer', required: true, min: 0 },
  ],
  exports: ['libelleCategorieChambre', 'montantChambre'],
  columns: ['libelleCategorieChambre', 'montantChambre', 'nomCite'],
  optionLabel: (r) => `${str(r.libelleCategorieChambre)} (${str(r.montantChambre)} FCFA)`,
  defaultSort: 'libelleCategorieChambre',
  access: REF_READ,
};

/**
 * What a room of a category holds, element by element (docs/life-in-the-cite.md): the lines of its
 * inventories at arrival and departure.
 */
export const elementInventaire: ResourceDef<'element-inventaire'> = {
  name: 'element-inventaire',
  ...screenFields('element-inventaire'),
  table: 'element_inventaire',
  idField: 'idElementInventaire',
  dialogTitle: 'Informations élément d’inventaire',
  fields: [
    { name: 'idCategorieChambre', type: 'ref', ref: 'categorie-chambre', required: true },
    { name: 'libelleElement', type: 'text', required: true, maxLength: 100 },
    { name: 'quantite', type: 'integer', required: true, min: 1, max: 100, default: 1 },
  ],
  exports: ['libelleElement'],
  columns: ['libelleElement', 'quantite', 'libelleCategorieChambre', 'nomCite'],
  optionLabel: (r) => str(r.libelleElement),
  uniques: [['idCategorieChambre', 'libelleElement']],
  defaultSort: 'libelleElement',
  access: REF_READ,
};

export const chambre: ResourceDef<'chambre'> = {
  name: 'chambre',
  ...screenFields('chambre'),
  table: 'chambre',
  counted: true,
  idField: 'idChambre',
  dialogTitle: 'Informations chambre',
  fields: [
    ...placedIn(3),
    {
      name: 'idCategorieChambre',
      type: 'ref',
      ref: 'categorie-chambre',
      cascadeFrom: 'idCite',
      required: true,
    },
    { name: 'libelleChambre', type: 'text', required: true, label: 'Libellé de la chambre' },
    { name: 'codeChambre', type: 'text', maxLength: 30 },
  ],
  exports: ['libelleChambre', 'codeChambre'],
  columns: [
    'libelleChambre',
    'libelleCategorieChambre',
    'libelleCouloir',
    'libelleNiveau',
    'libelleBatiment',
    'nomCite',
  ],
  optionLabel: (r) => str(r.libelleChambre),
  defaultSort: 'codeChambre',
  access: REF_READ,
};

export const lit: ResourceDef<'lit'> = {
  name: 'lit',
  ...screenFields('lit'),
  table: 'lit',
  counted: true,
  idField: 'idLit',
  dialogTitle: 'Informations lit',
  fields: [
    ...placedIn(4),
    { name: 'libelleLit', type: 'text', required: true, label: 'Libellé du lit' },
    { name: 'codeLit', type: 'text', maxLength: 30 },
  ],
  exports: ['libelleLit', 'codeLit'],
  columns: ['libelleLit', 'libelleChambre', 'libelleCouloir', 'libelleNiveau', 'libelleBatiment', 'nomCite'],
  optionLabel: (r) => str(r.libelleLit),
  defaultSort: 'codeLit',
  exportColumns: [
    'nomVille',
    'nomCite',
    'libelleBatiment',
    'libelleNiveau',
    'libelleCouloir',
    'libelleChambre',
    'libelleCategorieChambre',
    'libelleLit',
  ],
  access: REF_READ,
  pageSize: 5,
};

export const typeCritere: ResourceDef<'type-critere'> = {
  name: 'type-critere',
  ...screenFields('type-critere'),
  table: 'type_critere',
  idField: 'idTypeCritere',
  dialogTitle: 'Informations type de critère',
  fields: [
    { name: 'libelleTypeCritere', type: 'text', required: true, label: 'Libellé du type de critère' },
    { name: 'coefficient', type: 'integer', required: true, min: 0 },
    { name: 'typeItem', type: 'text' },
    { name: 'statutItem', type: 'enum', values: STATUTS_ITEM, required: true, default: 'FACULTATIF' },
  ],
  exports: ['libelleTypeCritere', 'coefficient', 'statutItem'],
  columns: ['libelleTypeCritere', 'coefficient', 'typeItem', 'statutItem'],
  optionLabel: (r) => str(r.libelleTypeCritere),
  defaultSort: 'libelleTypeCritere',
  access: REF_READ,
};

export const critere: ResourceDef<'critere'> = {
  name: 'critere',
  ...screenFields('critere'),
  table: 'critere',
  idField: 'idCritere',
  dialogTitle: 'Informations critère',
  fields: [
    { name: 'libelleCritere', type: 'text', required: true, label: 'Libellé du critère' },
    { name: 'note', type: 'integer', required: true, min: 0 },
    { name: 'idTypeCritere', type: 'ref', ref: 'type-critere', required: true },
    { name: 'justificatifRequis', type: 'boolean', default: false },
    { name: 'listeDeliberation', type: 'enum', values: LISTES_DELIBERATION, default: null },
    { name: 'handicap', type: 'boolean', default: false },
  ],
  exports: ['libelleCritere', 'listeDeliberation'],
  columns: [
    'libelleCritere',
    'note',
    'libelleTypeCritere',
    'justificatifRequis',
    'listeDeliberation',
    'handicap',
  ],
  optionLabel: (r) => `${str(r.libelleCritere)} (${str(r.libelleTypeCritere)})`,
  defaultSort: 'libelleCritere',
  access: REF_READ,
};

export const sessionCenou: ResourceDef<'session-cenou'> = {
  name: 'session-cenou',
  ...screenFields('session-cenou'),
  table: 'session_cenou',
  idField: 'idSessionCenou',
  dialogTitle: 'Informations session',
  fields: [
    { name: 'idDirection', type: 'ref', ref: 'direction', required: true },
    { name: 'etatSession', type: 'enum', values: ETATS_SESSION, required: true, default: 'INSCRIPTION' },
    { name: 'statutSession', type: 'enum', values: STATUTS_SESSION, required: true },
    { name: 'dateOuverture', type: 'date', required: true },
    { name: 'dateFermeture', type: 'date' },
    { name: 'anneeDebut', type: 'integer', readOnly: true },
    {
      name: 'delaiReponseHeures',
      type: 'integer',
      required: true,
      min: 1,
      default: OFFER_RESPONSE_HOURS_DEFAULT,
    },
    { name: 'placesReadmission', type: 'integer', required: true, min: 0, default: 0 },
    { name: 'partFemmes', type: 'integer', required: true, min: 0, max: 100, default: PART_FEMMES_DEFAULT },
    // Rent (docs/rent.md): instalments per assignment, and the first one's date (blank: 5 November
    // of the session's first year, set by the session's hook).
    {
      name: 'moisLoyer',
      type: 'integer',
      required: true,
      min: 1,
      max: MOIS_LOYER_MAX,
      default: MOIS_LOYER_DEFAULT,
    },
    { name: 'premiereEcheance', type: 'date' },
  ],
  exports: ['etatSession', 'statutSession', 'anneeDebut'],
  columns: ['libelleDirection', 'etatSession', 'statutSession', 'dateOuverture', 'dateFermeture'],
  optionLabel: (r) =>
    sessionOptionLabel({
      idSessionCenou: Number(r.idSessionCenou),
      anneeDebut: r.anneeDebut == null ? null : Number(r.anneeDebut),
      etatSession: str(r.etatSession),
      statutSession: str(r.statutSession),
    }),
  defaultSort: 'dateOuverture,desc',
  access: REF_READ,
};

export const quota: ResourceDef<'quota'> = {
  name: 'quota',
  ...screenFields('quota'),
  table: 'quota',
  idField: 'idQuota',
  dialogTitle: 'Informations quota',
  fields: [
    { name: 'idDirection', type: 'ref', ref: 'direction', virtual: true, required: true },
    { name: 'idSessionCenou', type: 'ref', ref: 'session-cenou', cascadeFrom: 'idDirection', required: true },
    { name: 'idCritere', type: 'ref', ref: 'critere', required: true },
    { name: 'valeurQuota', type: 'integer', required: true, min: 1 },
  ],
  exports: ['valeurQuota'],
  columns: ['libelleCritere', 'valeurQuota', 'libelleDirection', 'anneeDebut'],
  optionLabel: (r) => `${str(r.libelleCritere)}\u00a0: ${str(r.valeurQuota)}`,
  uniques: [['idSessionCenou', 'idCritere']],
  defaultSort: 'libelleCritere',
  access: REF_READ,
};

/** Kinds of payment (docs/rent.md#payment-settings): mobile money, cash, transfer. */
export const typePaiement: ResourceDef<'type-paiement'> = {
  name: 'type-paiement',
  ...screenFields('type-paiement'),
  table: 'type_paiement',
  idField: 'idTypePaiement',
  dialogTitle: 'Informations type de paiement',
  fields: [
    {
      name: 'libelleTypePaiement',
      type: 'text',
      required: true,
      unique: true,
      label: 'Libellé du type de paiement',
    },
    { name: 'codeTypePaiement', type: 'enum', values: CODES_TYPE_PAIEMENT, required: true },
    { name: 'actif', type: 'boolean', required: true, default: true },
  ],
  exports: ['libelleTypePaiement', 'codeTypePaiement'],
  columns: ['libelleTypePaiement', 'codeTypePaiement', 'actif'],
  optionLabel: (r) => str(r.libelleTypePaiement),
  defaultSort: 'libelleTypePaiement',
  access: REF_READ,
};

/** The operators a payment goes through (Orange Money, Moov Money, the cité's counter). */
export const operateur: ResourceDef<'operateur'> = {
  name: 'operateur',
  ...screenFields('operateur'),
  table: 'operateur',
  idField: 'idOperateur',
  dialogTitle: 'Informations opérateur',
  fields: [
    { name: 'libelleOperateur', type: 'text', required: true, unique: true, label: 'Libellé de l’opérateur' },
    { name: 'codeOperateur', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'idTypePaiement', type: 'ref', ref: 'type-paiement', required: true },
    { name: 'actif', type: 'boolean', required: true, default: true },
  ],
  exports: ['libelleOperateur', 'codeOperateur'],
  columns: ['libelleOperateur', 'codeOperateur', 'libelleTypePaiement', 'actif'],
  optionLabel: (r) => str(r.libelleOperateur),
  defaultSort: 'libelleOperateur',
  access: REF_READ,
};

export const users: ResourceDef<'users'> = {
  name: 'users',
  ...screenFields('users'),
  table: 'users',
  idField: 'id',
  dialogTitle: 'Informations utilisateur',
  fields: [
    { name: 'userName', type: 'text', required: true, unique: true, maxLength: 60 },
    { name: 'nom', type: 'text', required: true },
    { name: 'prenom', type: 'text', required: true },
    { name: 'email', type: 'email', required: true },
    // Where a staff account's SMS go (a cité agent's emergencies and late repairs): optional, unique
    // among live accounts; a student's is the number it verified itself (docs/accounts.md).
    { name: 'telephone', type: 'tel' },
    { name: 'role', type: 'enum', values: ROLES, required: true },
    // The admin and the central manager work for every direction: they belong to none (docs/roles.md).
    {
      name: 'idDirection',
      type: 'ref',
      ref: 'direction',
      onlyWhen: { field: 'role', values: [GESTIONNAIRE_DR, ETUDIANT], otherwise: 'directionSansObjet' },
    },
    {
      name: 'password',
      type: 'password',
      requiredOnCreate: true,
      writeOnly: true,
      minLength: PASSWORD_MIN_LENGTH,
    },
    { name: 'password2', type: 'password', virtual: true, confirms: 'password' },
  ],
  exports: ['userName'],
  columns: ['userName', 'nom', 'prenom', 'email', 'telephone', 'role', 'libelleDirection'],
  optionLabel: (r) => `${str(r.nom)} ${str(r.prenom)} (${str(r.userName)})`,
  defaultSort: 'userName',
  access: { read: 'users.manage', write: 'users.manage' },
  pageSize: 10,
};

/** The seventeen reference-data resources, in the order of the settings menu. */
export const RESOURCES = [
  cite,
  batiment,
  niveau,
  couloir,
  categorieChambre,
  elementInventaire,
  chambre,
  lit,
  quota,
  typeCritere,
  critere,
  direction,
  ville,
  sessionCenou,
  typePaiement,
  operateur,
  users,
] as const satisfies readonly ResourceDef[];

/** The name of a reference-data resource: a typo in a name is a compile error. */
export type ResourceName = (typeof RESOURCES)[number]['name'];

export const RESOURCE_BY_NAME: Record<string, ResourceDef> = Object.fromEntries(
  RESOURCES.map((r) => [r.name, r]),
);

export function getResource(name: string): ResourceDef {
  const def = RESOURCE_BY_NAME[name];
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}
