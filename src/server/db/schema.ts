/**
 * The database schema. Column names are the snake_case of the API's field names, so that the
 * generic CRUD (src/server/crud) can address any resource's columns from its definition.
 * Every reference-data table is soft-deleted (`deleted_at`); uniqueness holds among live rows.
 * Change it, then `npm run db:generate` writes the next SQL migration (committed).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};
const live = sql`deleted_at IS NULL`;

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
    sexe: text('sexe').notNull().default('MIXTE'),
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
  (t) => [index('lit_chambre').on(t.idChambre)],
);

export const typeCritere = pgTable('type_critere', {
  idTypeCritere: serial('id_type_critere').primaryKey(),
  libelleTypeCritere: text('libelle_type_critere').notNull(),
  coefficient: integer('coefficient').notNull().default(0),
  typeItem: text('type_item'),
  statutItem: text('statut_item').notNull().default('FACULTATIF'),
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
    listeDeliberation: text('liste_deliberation'),
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
    etatSession: text('etat_session').notNull().default('INSCRIPTION'),
    statutSession: text('statut_session').notNull().default('OUVERT'),
    dateOuverture: date('date_ouverture', { mode: 'string' }).notNull(),
    dateFermeture: date('date_fermeture', { mode: 'string' }),
    anneeDebut: integer('annee_debut').notNull(),
    ...stamps,
  },
  (t) => [
    index('session_direction').on(t.idDirection),
    // At most one OUVERT or SUSPENDU session per direction (CONTRACT §5), enforced by the database too.
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

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    idDirection: integer('id_direction').references(() => direction.idDirection),
    userName: text('user_name').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Raised on reset, password change and delete: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_user_name_live')
      .on(sql`lower(${t.userName})`)
      .where(live),
  ],
);

/** The national student registry (CONTRACT §4) and, once registered, the student's account data. */
export const registreEtudiant = pgTable(
  'registre_etudiant',
  {
    idEtudiant: serial('id_etudiant').primaryKey(),
    ine: text('ine').notNull(),
    nomEtudiant: text('nom_etudiant').notNull(),
    prenomEtudiant: text('prenom_etudiant').notNull(),
    sexeEtudiant: text('sexe_etudiant').notNull(),
    dateNaissance: date('date_naissance', { mode: 'string' }).notNull(),
    lieuNaissance: text('lieu_naissance'),
    telEtudiant: text('tel_etudiant'),
    emailEtudiant: text('email_etudiant'),
    universite: text('universite'),
    filiere: text('filiere'),
    niveau: text('niveau'),
    villeOrientation: text('ville_orientation').notNull(),
    idVille: integer('id_ville')
      .notNull()
      .references(() => ville.idVille),
    anneeAcademique: text('annee_academique'),
    anneeBac: integer('annee_bac'),
    serieBac: text('serie_bac'),
    moyenneBac: doublePrecision('moyenne_bac'),
    libellePays: text('libelle_pays'),
    typePays: text('type_pays').notNull().default('NATIONAL'),
    // account data, set at registration
    idUser: integer('id_user').references(() => users.id),
    personnelBesoin: text('personnel_besoin'),
    contact: text('contact'),
    engagementStatutReglement: boolean('engagement_statut_reglement').notNull().default(false),
    engagementPersonnelCaution: boolean('engagement_personnel_caution').notNull().default(false),
    declarationSurHonneur: boolean('declaration_sur_honneur').notNull().default(false),
    luApprouve: boolean('lu_approuve').notNull().default(false),
    /** fold() of INE, names and places: the registry's search column. */
    recherche: text('recherche').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('registre_ine_live')
      .on(sql`upper(${t.ine})`)
      .where(live),
    index('registre_ville').on(t.idVille),
    index('registre_nom').on(t.nomEtudiant, t.prenomEtudiant),
    // One registry row per account: a second registration of the same student cannot link twice.
    uniqueIndex('registre_user_live')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** Outgoing mail, written in the transaction of the change that causes it (CONTRACT §4). */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
  ],
);

/** Fixed-window counters for rate limits shared by every instance (sign-in per username, INE look-ups). */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Who did what, for the audit screen of the roadmap. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    detail: jsonb('detail'),
    level: smallint('level').notNull().default(0),
  },
  (t) => [index('audit_at').on(t.at)],
);
