/** Repairs in the cités (docs/life-in-the-cite.md#repairs): requests, their history, their photos. */
import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  CATEGORIES_INTERVENTION,
  LIEUX_INTERVENTION,
  PRIORITES_INTERVENTION,
  STATUTS_INTERVENTION,
  STATUTS_OUVERTS,
} from '../../../domain/repairs';
import { users } from './accounts';
import { chambre, cite } from './reference';

/**
 * A request's rank in the list's default order, by what it asks of someone: open (new, taken,
 * reopened) 0, resolved 1, closed 2. One expression for the list's order and the index that gives
 * it (docs/decisions/080-repairs-list-and-xlsx.md): the planner uses the index only when the
 * order's expression is the index's.
 */
export const statutRank = (statut: SQL) => sql`(CASE ${statut} ${RANKS_AFTER_OPEN} ELSE 0 END)`;

/**
 * The states past the open ones (the domain's `STATUTS_OUVERTS`), in their order: resolved, closed.
 * Written as literals, not parameters, since the expression is also an index's.
 */
const RANKS_AFTER_OPEN = sql.raw(
  STATUTS_INTERVENTION.filter((s) => !STATUTS_OUVERTS.includes(s))
    .map((s, i) => `WHEN '${s}' THEN ${i + 1}`)
    .join(' '),
);

/**
 * A repair request: of a room (`id_chambre`) or of a common place of a cité (`lieu`), always with
 * its cité. `id_residant`: the student who reported it (the side that confirms or reopens it);
 * null when an agent reported it. `resolue_le`: its last resolution (the 7 days to reopen start
 * there); `retard_signale_le`: the agents were told it is late (set once, in the transaction that
 * queues their SMS).
 */
export const intervention = pgTable(
  'intervention',
  {
    idIntervention: serial('id_intervention').primaryKey(),
    idCite: integer('id_cite')
      .notNull()
      .references(() => cite.idCite),
    idChambre: integer('id_chambre').references(() => chambre.idChambre),
    lieu: text('lieu', { enum: LIEUX_INTERVENTION }),
    categorie: text('categorie', { enum: CATEGORIES_INTERVENTION }).notNull(),
    priorite: text('priorite', { enum: PRIORITES_INTERVENTION }).notNull(),
    description: text('description').notNull(),
    statut: text('statut', { enum: STATUTS_INTERVENTION }).notNull().default('NOUVELLE'),
    idAuteur: integer('id_auteur')
      .notNull()
      .references(() => users.id),
    idResidant: integer('id_residant').references(() => users.id),
    echeance: timestamp('echeance', { withTimezone: true }).notNull(),
    resolueLe: timestamp('resolue_le', { withTimezone: true }),
    clotureeLe: timestamp('cloturee_le', { withTimezone: true }),
    retardSignaleLe: timestamp('retard_signale_le', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('intervention_cite_statut').on(t.idCite, t.statut),
    index('intervention_residant').on(t.idResidant),
    index('intervention_retard')
      .on(t.echeance)
      .where(sql`retard_signale_le IS NULL AND statut IN ('NOUVELLE', 'PRISE_EN_CHARGE', 'REOUVERTE')`),
    index('intervention_resolue')
      .on(t.resolueLe)
      .where(sql`statut = 'RESOLUE'`),
    // The list's default order (open first, then the soonest due): its first page reads 50 entries.
    index('intervention_ordre').on(statutRank(sql`statut`), t.echeance, t.idIntervention),
    // A category's requests by report date, newest first (`DESC NULLS LAST`, as the list orders a
    // timestamp), e.g. the late plumbing ones: a page walks it in the list's order and stops at its
    // 50th row. The other columns a list statement of one category reads follow (the late test's,
    // the keys of the joins the planner drops), so that its count is read from the index alone
    // instead of every request's row (docs/decisions/093-bench-repairs-room-choice.md).
    index('intervention_categorie_signalement').on(
      t.categorie,
      t.createdAt.desc(),
      t.idIntervention,
      t.statut,
      t.echeance,
      t.resolueLe,
      t.idCite,
      t.idChambre,
      t.idAuteur,
    ),
  ],
);

/** Each state a request went through, by whom (null: by itself, the 7 days over) and with what comment. */
export const interventionHistorique = pgTable(
  'intervention_historique',
  {
    idHistorique: serial('id_historique').primaryKey(),
    idIntervention: integer('id_intervention')
      .notNull()
      .references(() => intervention.idIntervention),
    statut: text('statut', { enum: STATUTS_INTERVENTION }).notNull(),
    idAuteur: integer('id_auteur').references(() => users.id),
    commentaire: text('commentaire'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intervention_historique_intervention').on(t.idIntervention)],
);

/** A photo of a request: the stored document's key (JPEG or PNG), in the order sent. */
export const interventionPhoto = pgTable(
  'intervention_photo',
  {
    idPhoto: serial('id_photo').primaryKey(),
    idIntervention: integer('id_intervention')
      .notNull()
      .references(() => intervention.idIntervention),
    cle: text('cle').notNull(),
    typeMime: text('type_mime').notNull(),
    taille: integer('taille').notNull(),
  },
  (t) => [index('intervention_photo_intervention').on(t.idIntervention)],
);
