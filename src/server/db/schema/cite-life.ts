/** Life in the cité: the cités' agents, the key handed over, the inventories of a room (docs/life-in-the-cite.md). */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { live, stamps } from './common';
import { users } from './accounts';
import { affectation } from './assignment';
import { categorieChambre, cite, lit } from './reference';

/**
 * The cités an agent (`ROLE_HEBERGEMENT_AGENT_CITE`) works in: its scope. Written with the account
 * by the admin (`citesAgent` on the user, at least one); a change replaces the whole list.
 */
export const agentCite = pgTable(
  'agent_cite',
  {
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
  },
  (t) => [uniqueIndex('agent_cite_user_cite').on(t.idUser, t.idCite), index('agent_cite_cite').on(t.idCite)],
);

/**
 * One element of the inventory of a room category (a settings resource, `element-inventaire`):
 * what a resident finds in such a room, with how many of it.
 */
export const elementInventaire = pgTable(
  'element_inventaire',
  {
    idElementInventaire: serial('id_element_inventaire').primaryKey(),
    idCategorieChambre: integer('id_categorie_chambre')
      .notNull()
      .references(() => categorieChambre.idCategorieChambre),
    libelleElement: text('libelle_element').notNull(),
    quantite: integer('quantite').notNull().default(1),
    ...stamps,
  },
  (t) => [index('element_inventaire_categorie').on(t.idCategorieChambre).where(live)],
);

/**
 * The key handed to a resident by an agent: one per assignment (the arrival), kept by bed so that
 * a bed's keys read as its history. `remise_le` starts the resident's 72 hours for its inventory.
 */
export const remiseCle = pgTable(
  'remise_cle',
  {
    idRemiseCle: serial('id_remise_cle').primaryKey(),
    idAffectation: integer('id_affectation')
      .notNull()
      .references(() => affectation.idAffectation),
    idLit: integer('id_lit')
      .notNull()
      .references(() => lit.idLit),
    codeCle: text('code_cle').notNull(),
    remiseLe: timestamp('remise_le', { withTimezone: true }).notNull().defaultNow(),
    idAuteur: integer('id_auteur').notNull(),
  },
  (t) => [uniqueIndex('remise_cle_affectation').on(t.idAffectation), index('remise_cle_lit').on(t.idLit)],
);

/**
 * An inventory of a room at arrival (`ENTREE`) or departure (`SORTIE`): one of each per
 * assignment. `par_residant`: filled by the resident (else by an agent); `valide_le`: countersigned
 * by an agent, after which nobody changes it.
 */
export const etatDesLieux = pgTable(
  'etat_des_lieux',
  {
    idEtatDesLieux: serial('id_etat_des_lieux').primaryKey(),
    idAffectation: integer('id_affectation')
      .notNull()
      .references(() => affectation.idAffectation),
    type: text('type', { enum: ['ENTREE', 'SORTIE'] }).notNull(),
    parResidant: boolean('par_residant').notNull(),
    idAuteur: integer('id_auteur').notNull(),
    idValideur: integer('id_valideur'),
    valideLe: timestamp('valide_le', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etat_des_lieux_affectation_type').on(t.idAffectation, t.type)],
);

/** Each element's state in an inventory, with the resident's or agent's comment. */
export const etatDesLieuxElement = pgTable(
  'etat_des_lieux_element',
  {
    idEtatDesLieuxElement: serial('id_etat_des_lieux_element').primaryKey(),
    idEtatDesLieux: integer('id_etat_des_lieux')
      .notNull()
      .references(() => etatDesLieux.idEtatDesLieux, { onDelete: 'cascade' }),
    idElementInventaire: integer('id_element_inventaire')
      .notNull()
      .references(() => elementInventaire.idElementInventaire),
    etat: text('etat', { enum: ['BON', 'USE', 'ABIME', 'MANQUANT'] }).notNull(),
    commentaire: text('commentaire'),
  },
  (t) => [uniqueIndex('etat_des_lieux_element_unique').on(t.idEtatDesLieux, t.idElementInventaire)],
);

/** A photo of an element's state: the stored document's key (JPEG or PNG), in the order sent. */
export const etatDesLieuxPhoto = pgTable(
  'etat_des_lieux_photo',
  {
    idPhoto: serial('id_photo').primaryKey(),
    idEtatDesLieuxElement: integer('id_etat_des_lieux_element')
      .notNull()
      .references(() => etatDesLieuxElement.idEtatDesLieuxElement, { onDelete: 'cascade' }),
    cle: text('cle').notNull(),
    typeMime: text('type_mime').notNull(),
    taille: integer('taille').notNull(),
  },
  (t) => [index('etat_des_lieux_photo_element').on(t.idEtatDesLieuxElement)],
);

/**
 * Damage charged at departure (docs/life-in-the-cite.md#departure): an element found worse at the
 * departure inventory than at the arrival one, its amount and reason, and the DEGRADATION journal
 * transaction that put it on the resident's account (written by rent's service). Once per element
 * of an assignment. `reference` names the charge on its receipt.
 */
export const degradation = pgTable(
  'degradation',
  {
    idDegradation: serial('id_degradation').primaryKey(),
    idAffectation: integer('id_affectation')
      .notNull()
      .references(() => affectation.idAffectation),
    idElementInventaire: integer('id_element_inventaire')
      .notNull()
      .references(() => elementInventaire.idElementInventaire),
    idEntree: integer('id_entree')
      .notNull()
      .references(() => etatDesLieux.idEtatDesLieux),
    idSortie: integer('id_sortie')
      .notNull()
      .references(() => etatDesLieux.idEtatDesLieux),
    montant: integer('montant').notNull(),
    motif: text('motif').notNull(),
    reference: text('reference').notNull(),
    idTransaction: bigint('id_transaction', { mode: 'number' }).notNull(),
    idAuteur: integer('id_auteur').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('degradation_affectation_element').on(t.idAffectation, t.idElementInventaire),
    uniqueIndex('degradation_reference').on(t.reference),
  ],
);
