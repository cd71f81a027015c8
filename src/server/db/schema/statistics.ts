/** The agency's statistics over years (docs/statistics.md): a closed session's figures, kept. */
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { sessionCenou } from './reference';

/** A closed session's dossiers counted by their direction, as the statistics count them. */
export interface StoredDossierCounts {
  idDirection: number;
  demandes: number;
  admis: number;
  renonciations: number;
}

/** A closed session's rent by cité: what fell due and the arrears, in whole FCFA. */
export interface StoredRent {
  idCite: number;
  duADate: number;
  arriere: number;
  /**
   * An instalment of the cité's assignments is still to fall due: what fell due grows with the
   * date, so these figures hold for the day they were computed only (stored so for an open
   * session alone; a closed session's rent is stored once all has fallen due).
   */
  aVenir?: true;
}

/**
 * The figures of a closed session that cost the most to read (its dossiers' counts, its rent),
 * stored the first time the statistics need them (docs/statistics.md#speed) and written only by
 * the statistics' repository. A statement trigger on `dossier`, `affectation` and `journal_ligne`
 * deletes a session's row whenever one of its dossiers, assignments or journal lines is written
 * (migration statistics_closed_years), so a stored row always equals what would be computed now;
 * the session's own columns (its year, direction, deletion) are read live with it.
 */
export const statistiqueSession = pgTable('statistique_session', {
  idSessionCenou: integer('id_session_cenou')
    .primaryKey()
    .references(() => sessionCenou.idSessionCenou, { onDelete: 'cascade' }),
  /** Every direction of the session's live dossiers (none: the session has none). */
  dossiers: jsonb('dossiers').$type<StoredDossierCounts[]>().notNull(),
  /**
   * Every cité of the session's assignments; null while an instalment of the session is still to
   * fall due (what fell due by today would still grow: that rent is read live).
   */
  loyer: jsonb('loyer').$type<StoredRent[]>(),
  calculeLe: timestamp('calcule_le', { withTimezone: true }).notNull().defaultNow(),
});
