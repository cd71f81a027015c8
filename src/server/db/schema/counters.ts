/**
 * The counters the database keeps by triggers, in the transaction of the write that changes them
 * (migrations 0009 and 0016): the staff dashboard's registry and deposits per ville, and the live
 * rows of the housing inventory's tables. Declared so that their reads are typed; nothing in the
 * application writes them (the triggers do), and their delta tables, which only the triggers read,
 * are not declared. The migration that declares them (0056) creates nothing on a database that has
 * them already.
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Per ville: the live registry rows oriented there (`nb`), and those whose account is live. */
export const compteurRegistre = pgTable('compteur_registre', {
  idVille: integer('id_ville').primaryKey(),
  nb: integer('nb').notNull().default(0),
  inscrits: integer('inscrits').notNull().default(0),
});

/** Per session and ville: the session's live dossiers whose student is oriented there. */
export const compteurDepot = pgTable(
  'compteur_depot',
  {
    idSessionCenou: integer('id_session_cenou').notNull(),
    idVille: integer('id_ville').notNull(),
    nb: integer('nb').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'compteur_depot_pkey', columns: [t.idSessionCenou, t.idVille] })],
);

/** Per counted table of the housing inventory: its live rows (`deleted_at IS NULL`). */
export const compteurLignes = pgTable('compteur_lignes', {
  nomTable: text('nom_table').primaryKey(),
  nb: integer('nb').notNull().default(0),
});
