/** Dossiers: a student's application, its history, its criteria, its reference numbers (docs/sessions-and-dossiers.md). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { live, stamps } from './common';
import { registreEtudiant, users } from './accounts';
import { critere, direction, sessionCenou, typeCritere } from './reference';

/**
 * A student's application for a session (docs/sessions-and-dossiers.md, docs/deliberation.md, docs/offers.md). Its direction is the session's,
 * kept on the row so that every staff list is scoped by one indexed column. One live dossier per
 * student and session (409 DOUBLON), enforced by the database too.
 */
export const dossier = pgTable(
  'dossier',
  {
    idDossier: serial('id_dossier').primaryKey(),
    referenceDossier: text('reference_dossier').notNull(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    idEtudiant: integer('id_etudiant')
      .notNull()
      .references(() => registreEtudiant.idEtudiant),
    /** The student's account: the owner of the dossier. */
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    typeDossier: text('type_dossier', { enum: ['NOUVEAU', 'RENOUVELLEMENT'] })
      .notNull()
      .default('NOUVEAU'),
    statutDossier: text('statut_dossier', {
      enum: ['DEPOSE', 'ANALYSE', 'ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS', 'DESISTE'],
    })
      .notNull()
      .default('DEPOSE'),
    dateDepot: timestamp('date_depot', { withTimezone: true }).notNull().defaultNow(),
    /** Score stored at analysis (docs/score.md), full precision. */
    moyenne: doublePrecision('moyenne'),
    analysePar: integer('analyse_par').references(() => users.id),
    dateAnalyse: timestamp('date_analyse', { withTimezone: true }),
    /** After a publication: the list the student is on (PUPILLES, ETRANGERS, NATIONAUX) and its rank. */
    listeDeliberation: text('liste_deliberation', {
      enum: ['READMISSIONS', 'PUPILLES', 'ETRANGERS', 'NATIONAUX'],
    }),
    rang: integer('rang'),
    /** The offer (docs/offers.md): EN_ATTENTE, ACCEPTE, REFUSE, EXPIRE, RETIRE, and its deadline. */
    reponse: text('reponse', { enum: ['EN_ATTENTE', 'ACCEPTE', 'REFUSE', 'EXPIRE', 'RETIRE'] }),
    dateLimiteReponse: timestamp('date_limite_reponse', { withTimezone: true }),
    /** When the reminder of the current offer was queued (REMINDER_HOURS before its deadline; once per offer). */
    rappelEnvoyeLe: timestamp('rappel_envoye_le', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('dossier_reference').on(t.referenceDossier),
    uniqueIndex('dossier_etudiant_session_live').on(t.idEtudiant, t.idSessionCenou).where(live),
    index('dossier_user').on(t.idUser),
    // A session's dossiers, and the admissible list walking them by descending score. Nothing that a
    // publication changes is indexed (status, list, rank, answer, deadline): its update of every dossier
    // of the session is heap-only (migration 0012, fillfactor 45, decision 009).
    index('dossier_session_moyenne').on(t.idSessionCenou, t.moyenne.desc(), t.idDossier),
    // The deposit list (migration 0005): its `q` on the reference (`lower(reference_dossier) LIKE
    // '%…%'`, trigrams), and its default order (newest first, the id breaking ties), all directions or one.
    index('dossier_reference_trgm').using('gin', sql`lower(${t.referenceDossier}) gin_trgm_ops`),
    index('dossier_depot_live').on(t.dateDepot, t.idDossier).where(live),
    index('dossier_direction_depot_live').on(t.idDirection, t.dateDepot, t.idDossier).where(live),
  ],
);

/**
 * The history of a dossier after a publication (docs/offers.md): OFFRE (after a promotion), RAPPEL,
 * REPONSE_ACCEPTEE, REPONSE_REFUSEE, EXPIRATION, RETRAIT, PROMOTION. Kept for good: never updated
 * nor deleted. A publication's own events (PUBLICATION for every dossier of the run, OFFRE for the
 * admitted) are not stored here: `historyOf` reads them from the run (`deliberation`,
 * `deliberation_candidat`); migration 0011 removed those earlier publications had written. The author is a plain id and its name at the time
 * (null: the system); `detail` holds what the event changed (list, rank, deadline…).
 */
export const dossierEvenement = pgTable(
  'dossier_evenement',
  {
    idEvenement: bigserial('id_evenement', { mode: 'number' }).primaryKey(),
    /**
     * The dossier. No foreign key: a publication writes an event per dossier of the session (two for
     * the admitted), and the check, one look-up per row, was half the cost of that statement;
     * events are only written by the server for dossiers it just read or changed, and dossiers are
     * never deleted (`deleted_at`).
     */
    idDossier: integer('id_dossier').notNull(),
    idSessionCenou: integer('id_session_cenou').notNull(),
    evenement: text('evenement', {
      enum: [
        'DEPOT',
        'MODIFICATION',
        'ANALYSE',
        'PUBLICATION',
        'OFFRE',
        'RAPPEL',
        'REPONSE_ACCEPTEE',
        'REPONSE_REFUSEE',
        'EXPIRATION',
        'RETRAIT',
        'PROMOTION',
        'AFFECTATION',
        'CHANGEMENT_LIT',
        'ANNULATION_AFFECTATION',
        'PAIEMENT',
        'REMBOURSEMENT',
        'DELAI_PROLONGE',
        'PROCURATION',
        'ARRIVEE',
        'DEPART',
      ],
    }).notNull(),
    dateEvenement: timestamp('date_evenement', { withTimezone: true }).notNull().defaultNow(),
    idAuteur: integer('id_auteur'),
    auteur: text('auteur'),
    motif: text('motif'),
    commentaire: text('commentaire'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** How a student's answer came (`WEB` or `SMS`, issue 24 item 3); null for the other events. */
    canal: text('canal', { enum: ['WEB', 'SMS', 'USSD'] }),
  },
  (t) => [
    index('dossier_evenement_dossier').on(t.idDossier, t.idEvenement),
    index('dossier_evenement_session').on(t.idSessionCenou, t.evenement),
  ],
);

/** One answer of a dossier per criterion type: the criterion chosen, its proof, its analysis. */
export const dossierCritere = pgTable(
  'dossier_critere',
  {
    idDossierCritere: serial('id_dossier_critere').primaryKey(),
    idDossier: integer('id_dossier')
      .notNull()
      .references(() => dossier.idDossier),
    idTypeCritere: integer('id_type_critere')
      .notNull()
      .references(() => typeCritere.idTypeCritere),
    idCritere: integer('id_critere')
      .notNull()
      .references(() => critere.idCritere),
    /** The name the student gave the proof (shown, never used as a path). */
    nomFichier: text('nom_fichier'),
    /** The storage key of the proof (src/server/files). */
    cleFichier: text('cle_fichier'),
    tailleFichier: integer('taille_fichier'),
    /** VALIDE, INVALIDE or INJUSTIFIE, set at analysis. */
    valeurAnalyse: text('valeur_analyse', { enum: ['VALIDE', 'INVALIDE', 'INJUSTIFIE'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dossier_critere_type').on(t.idDossier, t.idTypeCritere),
    index('dossier_critere_critere').on(t.idCritere),
  ],
);

/** Numbers of the readable dossier references (`OUA-2026-000123`), per direction and year. */
export const dossierSequence = pgTable(
  'dossier_sequence',
  {
    idDirection: integer('id_direction').notNull(),
    annee: integer('annee').notNull(),
    dernier: integer('dernier').notNull().default(0),
  },
  (t) => [uniqueIndex('dossier_sequence_key').on(t.idDirection, t.annee)],
);
