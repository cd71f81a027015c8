/** Accounts and the national student registry (docs/accounts.md). */
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
import { SEXES } from '../../../domain/enums';
import { AUDIT_ACTIONS } from '../../../domain/messages-labels';
import { live, PHONE_NORMALISED_SQL, stamps } from './common';
import { direction, ville } from './reference';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    idDirection: integer('id_direction').references(() => direction.idDirection),
    userName: text('user_name').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    /** The five roles (docs/roles.md); src/domain/enums.ts's ROLES must hold the same values. */
    role: text('role', {
      enum: [
        'ROLE_HEBERGEMENT_ADMIN',
        'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
        'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
        'ROLE_HEBERGEMENT_ETUDIANT',
        'ROLE_HEBERGEMENT_AGENT_CITE',
      ],
    }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Raised on reset, password change and delete: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * A student's verified phone (issue 24 item 2: set once the student typed back the code sent to
     * it), normalised `+226XXXXXXXX` (src/domain/phone.ts); the SMS go to it rather than to the
     * registry's `tel_etudiant`, and an incoming SMS is matched to its student by it.
     */
    telephone: text('telephone'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_user_name_live')
      .on(sql`lower(${t.userName})`)
      .where(live),
    uniqueIndex('users_telephone_live')
      .on(t.telephone)
      .where(sql`telephone IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** The national student registry (docs/accounts.md) and, once registered, the student's account data. */
export const registreEtudiant = pgTable(
  'registre_etudiant',
  {
    idEtudiant: serial('id_etudiant').primaryKey(),
    ine: text('ine').notNull(),
    nomEtudiant: text('nom_etudiant').notNull(),
    prenomEtudiant: text('prenom_etudiant').notNull(),
    sexeEtudiant: text('sexe_etudiant', { enum: SEXES }).notNull(),
    dateNaissance: date('date_naissance', { mode: 'string' }).notNull(),
    lieuNaissance: text('lieu_naissance'),
    telEtudiant: text('tel_etudiant'),
    /**
     * `tel_etudiant` normalised as src/domain/phone.ts does (`+226XXXXXXXX`, null when unreadable),
     * computed by the database: how an incoming SMS finds a student who has verified no number of its
     * own (docs/decisions/030-verified-phone-and-sms-answers.md).
     */
    telNormalise: text('tel_normalise').generatedAlwaysAs(PHONE_NORMALISED_SQL),
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
    typePays: text('type_pays', { enum: ['NATIONAL', 'ETRANGER'] })
      .notNull()
      .default('NATIONAL'),
    /** Academic years housed before this product (the import's optional column, docs/agency-rules.md). */
    anneesHebergementAnterieures: integer('annees_hebergement_anterieures').notNull().default(0),
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
    // The list's default order over live rows; the migration (0014) also INCLUDEs id_ville, id_user
    // and recherche, so that the list's key query and count are index-only scans.
    index('registre_nom_live').on(t.nomEtudiant, t.prenomEtudiant, t.idEtudiant).where(live),
    // The word search (`recherche LIKE '%word%'`): a trigram index (pg_trgm, migration 0005).
    index('registre_recherche_trgm').using('gin', t.recherche.op('gin_trgm_ops')),
    // One registry row per account: a second registration of the same student cannot link twice.
    uniqueIndex('registre_user_live')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL AND deleted_at IS NULL`),
    // An incoming SMS's sender among the registered students' registry numbers.
    index('registre_tel_normalise')
      .on(t.telNormalise)
      .where(sql`tel_normalise IS NOT NULL AND id_user IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/**
 * A 6-digit code sent to an account (docs/accounts.md#forgotten-password), kept only as its hash:
 * `purpose` MOT_DE_PASSE (a forgotten password) or TELEPHONE (issue 24 item 2: the number being
 * verified, in `telephone`). Valid until `expires_at`, for `CODE_MAX_TRIES` tries; a new code of the
 * same purpose revokes the older ones (`revoked_at`); `used_at` once it served.
 */
export const codeVerification = pgTable(
  'code_verification',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['MOT_DE_PASSE', 'TELEPHONE'] }).notNull(),
    telephone: text('telephone'),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('code_verification_vivant')
      .on(t.idUser, t.purpose)
      .where(sql`used_at IS NULL AND revoked_at IS NULL`),
  ],
);

/** Fixed-window counters for rate limits shared by every instance (sign-in per username, INE look-ups). */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Who did what: the journal (docs/decisions/004-audit-log.md). The action is one of the catalogue's
 * codes (`AUDIT_ACTIONS`, each with its French label): a text in the database, typed here with its
 * values, so that the journal's list and its writers read and write only those.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    detail: jsonb('detail'),
    level: smallint('level').notNull().default(0),
  },
  (t) => [index('audit_at').on(t.at)],
);
