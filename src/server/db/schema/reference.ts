/** The reference data: directions, towns, the housing stock (cités down to beds), the criteria, the sessions and their quotas. */
import { sql } from 'drizzle-orm';
import {
  MOIS_LOYER_DEFAULT,
  OFFER_RESPONSE_HOURS_DEFAULT,
  PART_FEMMES_DEFAULT,
} from '../../../domain/limits';
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SEXES_BATIMENT } from '../../../domain/enums';
import { live, stamps } from './common';

export const direction = pgTable(
  'direction',
  {
    idDirection: serial('id_direction').primaryKey(),
    libelleDirection: text('libelle_direction').notNull(),
    sigleDirection: text('sigle_direction'),
    emailDirection: text('email_direction'),
    telDirection: text('tel_direction'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('direction_libelle_live')
      .on(sql`lower(${t.libelleDirection})`)
      .where(live),
  ],
);

export const ville = pgTable(
  'ville',
  {
    idVille: serial('id_ville').primaryKey(),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    nomVille: text('nom_ville').notNull(),
    /** villeKey(nomVille): matches names given in files (src/domain/villes.ts). */
    cleVille: text('cle_ville').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('ville_nom_live')
      .on(sql`lower(${t.nomVille})`)
      .where(live),
    index('ville_direction').on(t.idDirection),
  ],
);

export const cite = pgTable(
  'cite',
  {
    idCite: serial('id_cite').primaryKey(),
    idVille: integer('id_ville')
      .notNull()
      .references(() => ville.idVille),
    nomCite: text('nom_cite').notNull(),
    nbLit: integer('nb_lit').notNull().default(0),
    adresseCite: text('adresse_cite'),
    ...stamps,
  },
  (t) => [index('cite_ville').on(t.idVille)],
);

export const batiment = pgTable(
  'batiment',
  {
    idBatiment: serial('id_batiment').primaryKey(),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    libelleBatiment: text('libelle_batiment').notNull(),
    codeBatiment: text('code_batiment').notNull(),
    sexe: text('sexe', { enum: SEXES_BATIMENT }).notNull().default('MIXTE'),
    ...stamps,
  },
  (t) => [
    index('batiment_cite').on(t.idCite),
    uniqueIndex('batiment_code_live')
      .on(t.idCite, sql`lower(${t.codeBatiment})`)
      .where(live),
  ],
);

export const niveau = pgTable(
  'niveau',
  {
    idNiveau: serial('id_niveau').primaryKey(),
    idBatiment: integer('id_batiment')
      .notNull()
      .references(() => batiment.idBatiment),
    libelleNiveau: text('libelle_niveau').notNull(),
    codeNiveau: text('code_niveau'),
    ...stamps,
  },
  (t) => [index('niveau_batiment').on(t.idBatiment)],
);

export const couloir = pgTable(
  'couloir',
  {
    idCouloir: serial('id_couloir').primaryKey(),
    idNiveau: integer('id_niveau')
      .notNull()
      .references(() => niveau.idNiveau),
    libelleCouloir: text('libelle_couloir').notNull(),
    codeCouloir: text('code_couloir'),
    ...stamps,
  },
  (t) => [index('couloir_niveau').on(t.idNiveau)],
);

export const categorieChambre = pgTable(
  'categorie_chambre',
  {
    idCategorieChambre: serial('id_categorie_chambre').primaryKey(),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    libelleCategorieChambre: text('libelle_categorie_chambre').notNull(),
    montantChambre: integer('montant_chambre').notNull(),
    ...stamps,
  },
  (t) => [index('categorie_chambre_cite').on(t.idCite)],
);

export const chambre = pgTable(
  'chambre',
  {
    idChambre: serial('id_chambre').primaryKey(),
    idCouloir: integer('id_couloir')
      .notNull()
      .references(() => couloir.idCouloir),
    idCategorieChambre: integer('id_categorie_chambre')
      .notNull()
      .references(() => categorieChambre.idCategorieChambre),
    libelleChambre: text('libelle_chambre').notNull(),
    codeChambre: text('code_chambre'),
    ...stamps,
  },
  (t) => [index('chambre_couloir').on(t.idCouloir), index('chambre_categorie').on(t.idCategorieChambre)],
);

export const lit = pgTable(
  'lit',
  {
    idLit: serial('id_lit').primaryKey(),
    idChambre: integer('id_chambre')
      .notNull()
      .references(() => chambre.idChambre),
    libelleLit: text('libelle_lit').notNull(),
    codeLit: text('code_lit'),
    ...stamps,
  },
  (t) => [
    index('lit_chambre').on(t.idChambre),
    // The bed list's default order (code, then id) over live rows (migration 0005).
    index('lit_code_live').on(t.codeLit, t.idLit).where(live),
  ],
);

export const typeCritere = pgTable('type_critere', {
  idTypeCritere: serial('id_type_critere').primaryKey(),
  libelleTypeCritere: text('libelle_type_critere').notNull(),
  coefficient: integer('coefficient').notNull().default(0),
  typeItem: text('type_item'),
  statutItem: text('statut_item', { enum: ['OBLIGATOIRE', 'FACULTATIF'] })
    .notNull()
    .default('FACULTATIF'),
  ...stamps,
});

export const critere = pgTable(
  'critere',
  {
    idCritere: serial('id_critere').primaryKey(),
    idTypeCritere: integer('id_type_critere')
      .notNull()
      .references(() => typeCritere.idTypeCritere),
    libelleCritere: text('libelle_critere').notNull(),
    note: integer('note').notNull().default(0),
    justificatifRequis: boolean('justificatif_requis').notNull().default(false),
    listeDeliberation: text('liste_deliberation', { enum: ['PUPILLES', 'ETRANGERS', 'NATIONAUX'] }),
    /** A handicap (VALIDE: the stay limit is 4 academic years instead of 2, docs/agency-rules.md). */
    handicap: boolean('handicap').notNull().default(false),
    ...stamps,
  },
  (t) => [index('critere_type').on(t.idTypeCritere)],
);

export const sessionCenou = pgTable(
  'session_cenou',
  {
    idSessionCenou: serial('id_session_cenou').primaryKey(),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    etatSession: text('etat_session', { enum: ['INSCRIPTION', 'ANALYSE', 'DELIBERATION'] })
      .notNull()
      .default('INSCRIPTION'),
    statutSession: text('statut_session', { enum: ['OUVERT', 'FERME', 'SUSPENDU'] })
      .notNull()
      .default('OUVERT'),
    dateOuverture: date('date_ouverture', { mode: 'string' }).notNull(),
    dateFermeture: date('date_fermeture', { mode: 'string' }),
    anneeDebut: integer('annee_debut').notNull(),
    /** Hours an admitted student has to answer its offer (docs/offers.md). */
    delaiReponseHeures: integer('delai_reponse_heures').notNull().default(OFFER_RESPONSE_HOURS_DEFAULT),
    /** The agency's rules (docs/agency-rules.md): places of READMISSIONS, share of each later list for women (%). */
    placesReadmission: integer('places_readmission').notNull().default(0),
    partFemmes: integer('part_femmes').notNull().default(PART_FEMMES_DEFAULT),
    /** Rent (docs/rent.md): instalments per assignment, and the first one's date (set by the session's hook). */
    moisLoyer: integer('mois_loyer').notNull().default(MOIS_LOYER_DEFAULT),
    premiereEcheance: date('premiere_echeance', { mode: 'string' }),
    ...stamps,
  },
  (t) => [
    index('session_direction').on(t.idDirection),
    // At most one OUVERT or SUSPENDU session per direction (docs/sessions-and-dossiers.md), enforced by the database too.
    uniqueIndex('session_active_per_direction')
      .on(t.idDirection)
      .where(sql`deleted_at IS NULL AND statut_session IN ('OUVERT', 'SUSPENDU')`),
  ],
);

export const quota = pgTable(
  'quota',
  {
    idQuota: serial('id_quota').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idCritere: integer('id_critere')
      .notNull()
      .references(() => critere.idCritere),
    valeurQuota: integer('valeur_quota').notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('quota_session_critere_live').on(t.idSessionCenou, t.idCritere).where(live)],
);
