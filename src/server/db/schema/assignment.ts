/** The assignment of a bed to an admitted student (docs/assignment.md). */
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { live, stamps } from './common';
import { registreEtudiant } from './accounts';
import { dossier } from './dossier';
import { chambre, cite, lit, sessionCenou } from './reference';

/**
 * A bed given to an admitted student for a session (docs/assignment.md, docs/decisions/010-assignment.md).
 * `deleted_at` is the cancellation: a cancelled assignment frees its bed, its certificate stays
 * checkable (no longer valid, with the date) and it no longer blocks a delete of its bed, room or
 * cité (the generic reference check reads live rows only). The database holds the two rules no
 * interleaving may break: one live assignment per bed and session, one per student and session.
 * The authors are plain ids (no foreign key): an assignment must not keep a staff account alive.
 */
export const affectation = pgTable(
  'affectation',
  {
    idAffectation: serial('id_affectation').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    // The dossier, the student, the room and the bed are checked once per statement, not by
    // foreign keys: see `affectationParents`.
    idDossier: integer('id_dossier').notNull(),
    idEtudiant: integer('id_etudiant').notNull(),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    idChambre: integer('id_chambre').notNull(),
    idLit: integer('id_lit').notNull(),
    /** Printed on the certificate and in its QR code: random, unique for good. */
    codeVerification: text('code_verification').notNull(),
    idAuteur: integer('id_auteur'),
    idAuteurAnnulation: integer('id_auteur_annulation'),
    motifAnnulation: text('motif_annulation'),
    /**
     * A departure (docs/life-in-the-cite.md#departure): the day the resident left. It is set with
     * `deleted_at` (the bed is free again), which tells a departure from a cancellation.
     */
    dateDepart: date('date_depart', { mode: 'string' }),
    idAuteurDepart: integer('id_auteur_depart'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('affectation_code').on(t.codeVerification),
    uniqueIndex('affectation_lit_session_live').on(t.idLit, t.idSessionCenou).where(live),
    uniqueIndex('affectation_etudiant_session_live').on(t.idEtudiant, t.idSessionCenou).where(live),
    index('affectation_cite_session_live').on(t.idCite, t.idSessionCenou).where(live),
    index('affectation_session').on(t.idSessionCenou, t.idAffectation),
    index('affectation_chambre').on(t.idChambre),
    index('affectation_dossier').on(t.idDossier),
    // A freed bed's next assignment, every assignment of the bed by start (statistics, migration 0040).
    index('affectation_lit_debut').on(t.idLit, t.createdAt),
  ],
);

/**
 * Four parents of an assignment (its dossier, student, room and bed) are checked by the database
 * once per statement over its new or changed rows (a statement trigger: each parent named exists
 * and is key-share locked once, so a concurrent delete waits, or, committed first, makes the check
 * fail), not by foreign keys (four look-ups and locks per row: 24,000 for a cité's fill of 6,000
 * beds); a parent that an assignment names cannot be deleted nor renumbered (a trigger on each
 * parent). The session and the cité keep their foreign keys: the planner reads them to know that
 * each assignment has one, where a table not yet analysed would otherwise be guessed to hold 200
 * sessions or cités, and a join's rows a hundred times too few (migration fill_parents,
 * docs/decisions/091-fill-checks-per-statement.md). The generic reference check of the settings'
 * deletes reads this list as it reads foreign keys.
 */
export const affectationParents = [
  { column: affectation.idDossier, parent: dossier },
  { column: affectation.idEtudiant, parent: registreEtudiant },
  { column: affectation.idChambre, parent: chambre },
  { column: affectation.idLit, parent: lit },
] as const;
