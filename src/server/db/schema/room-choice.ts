/** Room choice by the students: campaigns, slots, groups of friends, holds (docs/room-choice.md). */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { registreEtudiant } from './accounts';
import { dossier } from './dossier';
import { chambre, direction, lit, sessionCenou } from './reference';

/**
 * A room-choice campaign (docs/room-choice.md, docs/decisions/046-room-choice.md): one per session
 * and direction (a unique index), its dates and slot settings. Cancelled before its start by a
 * delete, which takes its slots, groups and holds with it (cascade).
 */
export const campagneChoix = pgTable(
  'campagne_choix',
  {
    idCampagne: serial('id_campagne').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    debut: timestamp('debut', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    dureeCreneauMinutes: integer('duree_creneau_minutes').notNull(),
    etudiantsParCreneau: integer('etudiants_par_creneau').notNull(),
    dureeReservationMinutes: integer('duree_reservation_minutes').notNull(),
    idAuteur: integer('id_auteur'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campagne_choix_session_direction').on(t.idSessionCenou, t.idDirection),
    check('campagne_choix_dates', sql`fin > debut`),
  ],
);

/**
 * Each chooser's slot: its order (`ordre`, from 0), its slot's number and start. The row is also
 * the job of the reminder sent when the slot opens (the job queue's columns `rappel_*`,
 * docs/decisions/044-one-job-queue.md): due at `rappel_a` (the slot's start), done once
 * `rappel_envoye_a` is set.
 */
export const campagneCreneau = pgTable(
  'campagne_creneau',
  {
    idCreneau: serial('id_creneau').notNull(),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    idDossier: integer('id_dossier')
      .notNull()
      .references(() => dossier.idDossier),
    ine: text('ine').notNull(),
    ordre: integer('ordre').notNull(),
    numero: integer('numero').notNull(),
    debutCreneau: timestamp('debut_creneau', { withTimezone: true }).notNull(),
    /** The reminder's claims (the queue's fence). */
    rappelEssais: integer('rappel_essais').notNull().default(0),
    /** The reminder's tries that ran and failed (its back-off). */
    rappelEchecs: integer('rappel_echecs').notNull().default(0),
    /** When the reminder is due (the slot's start), or when its claim's lease ends. */
    rappelA: timestamp('rappel_a', { withTimezone: true }).notNull().defaultNow(),
    rappelErreur: text('rappel_erreur'),
    /** When the reminder was sent (or found needless: the campaign over, the student housed). */
    rappelEnvoyeA: timestamp('rappel_envoye_a', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.idCampagne, t.idEtudiant] }),
    uniqueIndex('campagne_creneau_id').on(t.idCreneau),
    uniqueIndex('campagne_creneau_ine').on(t.idCampagne, t.ine),
    index('campagne_creneau_ordre').on(t.idCampagne, t.ordre),
    index('campagne_creneau_rappel')
      .on(t.rappelA)
      .where(sql`rappel_envoye_a IS NULL`),
  ],
);

/** A group of friends choosing one room together (2 to 4 students of one sex). */
export const groupeChoix = pgTable(
  'groupe_choix',
  {
    idGroupe: serial('id_groupe').primaryKey(),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    /** The student who invited the others. */
    idCreateur: integer('id_createur')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    sexe: text('sexe', { enum: ['M', 'F'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groupe_choix_campagne').on(t.idCampagne)],
);

/**
 * A group's members and their answer. A student is in one group per campaign at most while it is
 * invited or has accepted (a partial unique index); a refusal keeps its row, a departure deletes it.
 */
export const groupeMembre = pgTable(
  'groupe_membre',
  {
    idGroupe: integer('id_groupe')
      .notNull()
      .references(() => groupeChoix.idGroupe, { onDelete: 'cascade' }),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    statut: text('statut', { enum: ['INVITE', 'ACCEPTE', 'REFUSE'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.idGroupe, t.idEtudiant] }),
    uniqueIndex('groupe_membre_un_groupe')
      .on(t.idCampagne, t.idEtudiant)
      .where(sql`statut IN ('INVITE', 'ACCEPTE')`),
  ],
);

/**
 * A hold on one room by a student or a group. ACTIVE until `expire_a`, then expired even before
 * anyone marks it (EXPIREE is written when another takes its beds); one ACTIVE hold per student
 * (alone) and per group (partial unique indexes).
 */
export const reservation = pgTable(
  'reservation',
  {
    idReservation: serial('id_reservation').primaryKey(),
    idCampagne: integer('id_campagne')
      .notNull()
      .references(() => campagneChoix.idCampagne, { onDelete: 'cascade' }),
    idGroupe: integer('id_groupe').references(() => groupeChoix.idGroupe, { onDelete: 'cascade' }),
    /** The student who made it (alone, or the member of the group who did). */
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    idChambre: integer('id_chambre')
      .notNull()
      .references(() => chambre.idChambre),
    expireA: timestamp('expire_a', { withTimezone: true }).notNull(),
    prolongations: integer('prolongations').notNull().default(0),
    etat: text('etat', { enum: ['ACTIVE', 'CONFIRMEE', 'ANNULEE', 'EXPIREE'] })
      .notNull()
      .default('ACTIVE'),
    idAuteurAnnulation: integer('id_auteur_annulation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservation_active_groupe')
      .on(t.idGroupe)
      .where(sql`etat = 'ACTIVE' AND id_groupe IS NOT NULL`),
    uniqueIndex('reservation_active_etudiant')
      .on(t.idCampagne, t.idEtudiant)
      .where(sql`etat = 'ACTIVE' AND id_groupe IS NULL`),
    index('reservation_campagne').on(t.idCampagne, t.etat),
  ],
);

/**
 * The beds a hold takes, one row each, for one member. The UNIQUE index on the bed is the rule "no
 * bed held twice": the database refuses a second row whatever the interleaving. A hold's rows are
 * deleted when it ends (confirmed, cancelled, replaced) and, once expired, by the transaction that
 * takes its beds or holds for one of its students. The UNIQUE index on the student keeps a student
 * from holding two beds at once.
 */
export const reservationLit = pgTable(
  'reservation_lit',
  {
    idReservation: integer('id_reservation')
      .notNull()
      .references(() => reservation.idReservation, { onDelete: 'cascade' }),
    idLit: integer('id_lit')
      .notNull()
      .references(() => lit.idLit),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
  },
  (t) => [
    uniqueIndex('reservation_lit_lit').on(t.idLit),
    // A student holds one bed at most, whatever holds it is in (alone, or in a group).
    uniqueIndex('reservation_lit_etudiant').on(t.idEtudiant),
    index('reservation_lit_reservation').on(t.idReservation),
  ],
);
