/** The platform's availability: heartbeats, the providers' failures, the outages (docs/availability.md). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What an outage is of: the platform itself, the mobile-money provider, the SMS centre. */
export const COMPOSANTS_PANNE = ['PLATEFORME', 'PAIEMENT', 'SMS'] as const;

/**
 * The platform's pulse: one row (id 1) that every instance stamps each minute. The previous stamp is
 * read under the row's lock by the instance writing the next one, so that exactly one instance sees a
 * gap (no instance beat, or none reached the database) and records it as an outage.
 */
export const plateformePouls = pgTable(
  'plateforme_pouls',
  {
    id: smallint('id').primaryKey(),
    /** The first heartbeat ever: the days before it have no availability. */
    premier: timestamp('premier', { withTimezone: true }),
    dernier: timestamp('dernier', { withTimezone: true }),
  },
  (t) => [check('plateforme_pouls_un', sql`${t.id} = 1`)],
);

/**
 * A provider's run of failures (PAIEMENT, SMS): when the current run of failed calls began, null while
 * its calls succeed. The first success after a run longer than the setting ends it as an outage.
 */
export const composantEtat = pgTable('composant_etat', {
  composant: text('composant', { enum: ['PAIEMENT', 'SMS'] }).primaryKey(),
  premierEchec: timestamp('premier_echec', { withTimezone: true }),
  dernierEchec: timestamp('dernier_echec', { withTimezone: true }),
});

/** An outage, recorded once when it ends, with the number of deadlines it moved. */
export const panne = pgTable(
  'panne',
  {
    idPanne: serial('id_panne').primaryKey(),
    composant: text('composant', { enum: COMPOSANTS_PANNE }).notNull(),
    debut: timestamp('debut', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    echeancesDeplacees: integer('echeances_deplacees').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('panne_composant_debut').on(t.composant, t.debut),
    check('panne_ordre', sql`${t.fin} > ${t.debut}`),
  ],
);
