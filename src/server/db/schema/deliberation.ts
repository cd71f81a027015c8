/** The deliberation, its ranked candidates and the admissible students loaded from a CSV (docs/deliberation.md). */
import type { ListeAdmission } from '../../../domain/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { direction, sessionCenou, ville } from './reference';

/**
 * One run of the deliberation (docs/deliberation.md): what was published, by whom, when; the inputs it
 * ranked are kept in `deliberation_candidat` and the criteria and types as they were then in
 * `criteres` and `types`, so that the run can be ranked again and checked later
 * (docs/decisions/009-deliberation.md). At most one current run per session.
 */
export const deliberation = pgTable(
  'deliberation',
  {
    idDeliberation: serial('id_deliberation').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    seed: text('seed').notNull(),
    /** `{idCritere, libelleCritere, listeDeliberation, valeurQuota}[]` at publication. */
    quotas: jsonb('quotas').notNull(),
    /** Places per list (sum of the quotas) and the places each list could fill. */
    places: jsonb('places').notNull(),
    placesEffectives: jsonb('places_effectives').$type<Partial<Record<ListeAdmission, number>>>().notNull(),
    /** The live criterion types then: `{idTypeCritere, libelleTypeCritere, coefficient, obligatoire}[]`. */
    types: jsonb('types').notNull(),
    /** The criteria then: `{idCritere, idTypeCritere, libelleCritere, note, listeDeliberation}[]`. */
    criteres: jsonb('criteres').notNull(),
    nbPupilles: integer('nb_pupilles').notNull(),
    nbEtrangers: integer('nb_etrangers').notNull(),
    nbNationaux: integer('nb_nationaux').notNull(),
    nbAttente: integer('nb_attente').notNull(),
    nbNonAdmis: integer('nb_non_admis').notNull(),
    idAuteur: integer('id_auteur').references(() => users.id),
    auteur: text('auteur'),
    datePublication: timestamp('date_publication', { withTimezone: true }).notNull().defaultNow(),
    courante: boolean('courante').notNull().default(true),
    dateRemplacement: timestamp('date_remplacement', { withTimezone: true }),
    /**
     * What the run's PUBLICATION and OFFRE events of a dossier's history show (they are read from the
     * run, `historyOf`, not written per dossier): the offers' deadline and the author's name then.
     */
    dateLimiteReponse: timestamp('date_limite_reponse', { withTimezone: true }),
    nomAuteur: text('nom_auteur'),
    /** false: published before the history existed (migration 0011), shown in no history. */
    historique: boolean('historique').notNull().default(true),
    /**
     * The agency's settings the run ranked with (docs/agency-rules.md); null: published before
     * they existed, ranked (and verified) as 0 and 0.
     */
    placesReadmission: integer('places_readmission'),
    partFemmes: integer('part_femmes'),
    nbReadmissions: integer('nb_readmissions').notNull().default(0),
    /** Women and men admitted per list at publication: `{READMISSIONS: {F, M}, PUPILLES: …}`; null before. */
    effectifs: jsonb('effectifs'),
  },
  (t) => [
    index('deliberation_session').on(t.idSessionCenou, t.idDeliberation),
    uniqueIndex('deliberation_courante')
      .on(t.idSessionCenou)
      .where(sql`courante`),
  ],
);

/**
 * What one run ranked, per dossier, and what it decided. `criteres` holds
 * `[idTypeCritere, idCritere, valeurAnalyse][]` (the rest is in the run's `criteres` and `types`);
 * `date_depot` is kept as the exact text that was ranked.
 */
export const deliberationCandidat = pgTable(
  'deliberation_candidat',
  {
    /**
     * The run (`deliberation`). No foreign key: its check ran once per row, 100,000 look-ups of the
     * one run row inserted just before in the same transaction (half the cost of the statement);
     * runs are never deleted.
     */
    idDeliberation: integer('id_deliberation').notNull(),
    idDossier: integer('id_dossier').notNull(),
    ine: text('ine').notNull(),
    moyenneBac: doublePrecision('moyenne_bac'),
    dateDepot: text('date_depot').notNull(),
    criteres: jsonb('criteres').notNull(),
    moyenne: doublePrecision('moyenne').notNull(),
    /** ADMIS, LISTE_ATTENTE or NON_ADMIS; the list (ADMIS) and the rank (ADMIS, LISTE_ATTENTE). */
    statut: text('statut', { enum: ['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS'] }).notNull(),
    liste: text('liste', { enum: ['READMISSIONS', 'PUPILLES', 'ETRANGERS', 'NATIONAUX'] }),
    rang: integer('rang'),
    /**
     * What the agency's rules ranked (docs/agency-rules.md): the sex, a re-admission request, the
     * years of stay before. Null in runs published before them (ranked as a man, no request, 0).
     */
    sexe: text('sexe', { enum: ['M', 'F'] }),
    readmission: boolean('readmission'),
    anneesHebergement: integer('annees_hebergement'),
  },
  (t) => [primaryKey({ columns: [t.idDeliberation, t.idDossier] })],
);

/** Admissible students loaded from a CSV (docs/deliberation.md): replaced whole by each upload of a session. */
export const admissibleCharge = pgTable(
  'admissible_charge',
  {
    idAdmissibleCharge: serial('id_admissible_charge').primaryKey(),
    idSessionCenou: integer('id_session_cenou')
      .notNull()
      .references(() => sessionCenou.idSessionCenou),
    idDirection: integer('id_direction')
      .notNull()
      .references(() => direction.idDirection),
    ligne: integer('ligne').notNull(),
    ine: text('ine').notNull(),
    nomEtudiant: text('nom_etudiant').notNull(),
    prenomEtudiant: text('prenom_etudiant').notNull(),
    sexeEtudiant: text('sexe_etudiant').notNull(),
    dateNaissance: date('date_naissance', { mode: 'string' }).notNull(),
    lieuNaissance: text('lieu_naissance'),
    anneeBac: integer('annee_bac'),
    moyenne: doublePrecision('moyenne'),
    idVille: integer('id_ville')
      .notNull()
      .references(() => ville.idVille),
    villeOrientation: text('ville_orientation').notNull(),
    idAuteur: integer('id_auteur').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admissible_charge_session_ine').on(t.idSessionCenou, t.ine),
    index('admissible_charge_moyenne').on(t.idSessionCenou, t.moyenne.desc(), t.idAdmissibleCharge),
    // The admissible list's key for an uploaded row (`-id`): a page's or an export's rows are read by key.
    index('admissible_charge_ligne').using('btree', sql`(-${t.idAdmissibleCharge})`),
  ],
);
