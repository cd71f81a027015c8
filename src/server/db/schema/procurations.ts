/** One-task procurations a student gives a helper, and the deposit drafts helpers save (docs/procurations.md). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A procuration: one task (the deposit's draft, or a rent payment) for a few hours. The code is
 * shown once and kept only as its HMAC (`code_hmac`); it opens one helper session (`utilisee_a`,
 * with the helper's address), and the student may revoke it (`revoquee_a`) at any time.
 */
export const procuration = pgTable(
  'procuration',
  {
    idProcuration: serial('id_procuration').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    tache: text('tache', { enum: ['DEPOT', 'PAIEMENT'] }).notNull(),
    codeHmac: text('code_hmac').notNull(),
    expireA: timestamp('expire_a', { withTimezone: true }).notNull(),
    creeeA: timestamp('creee_a', { withTimezone: true }).notNull().defaultNow(),
    utiliseeA: timestamp('utilisee_a', { withTimezone: true }),
    adresseUtilisation: text('adresse_utilisation'),
    revoqueeA: timestamp('revoquee_a', { withTimezone: true }),
  },
  (t) => [
    index('procuration_user').on(t.idUser, t.idProcuration),
    index('procuration_vivante')
      .on(t.idUser, t.codeHmac)
      .where(sql`utilisee_a IS NULL AND revoquee_a IS NULL`),
  ],
);

/**
 * The deposit a helper prepared for a student (one per student): the body of a deposit, kept until
 * the student deposits it (then removed in the deposit's transaction).
 */
export const brouillonDossier = pgTable('brouillon_dossier', {
  idUser: integer('id_user')
    .primaryKey()
    .references(() => users.id),
  corps: jsonb('corps').$type<Record<string, unknown>>().notNull(),
  idProcuration: integer('id_procuration').references(() => procuration.idProcuration),
  adresse: text('adresse'),
  modifieA: timestamp('modifie_a', { withTimezone: true }).notNull().defaultNow(),
});
