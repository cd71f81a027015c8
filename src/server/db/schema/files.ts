/** Resumable uploads and the documents of the database store (docs/decisions/019-resumable-uploads.md, 023-shared-limits-and-database-store.md). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './common';
import { users } from './accounts';

/**
 * A resumable proof upload (tus 1.0.0, docs/decisions/019-resumable-uploads.md): its owner, the
 * length announced, the bytes received so far (`decalage`, the tus offset), the metadata as sent,
 * and its life (finished, used by a deposit, expiry 24 hours after its last byte). Its bytes are
 * the parts below, each a document of the storage interface. `jeton` names the PATCH now
 * receiving bytes: a part is counted only by the PATCH that still holds it.
 */
export const televersement = pgTable(
  'televersement',
  {
    /** Random, 32 hexadecimal characters: the end of the `Location` URL. */
    idTeleversement: text('id_televersement').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.id),
    /** The proof's criterion type (`justificatif`); none for a photo of an inventory. */
    idTypeCritere: integer('id_type_critere'),
    /** What the upload is for: a proof of a dossier (PDF) or a photo of an inventory (JPEG, PNG). */
    usage: text('usage', { enum: ['justificatif', 'photo'] })
      .notNull()
      .default('justificatif'),
    /** The name given in `Upload-Metadata` (`filename`), for display only. */
    nomFichier: text('nom_fichier').notNull(),
    /** `Upload-Metadata` as sent, given back by HEAD. */
    metadonnees: text('metadonnees').notNull(),
    longueur: integer('longueur').notNull(),
    decalage: integer('decalage').notNull().default(0),
    /** The first bytes received (hexadecimal, 16 bytes at most), for the `%PDF-` check. */
    entete: text('entete').notNull().default(''),
    jeton: text('jeton'),
    jetonDepuis: timestamp('jeton_depuis', { withTimezone: true }),
    expireLe: timestamp('expire_le', { withTimezone: true }).notNull(),
    termineLe: timestamp('termine_le', { withTimezone: true }),
    utiliseLe: timestamp('utilise_le', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('televersement_user').on(t.idUser),
    index('televersement_expire').on(t.expireLe),
    check('televersement_decalage', sql`${t.decalage} >= 0 AND ${t.decalage} <= ${t.longueur}`),
  ],
);

/** One PATCH's bytes of an upload: the storage key, where they start and how many. */
export const televersementPartie = pgTable(
  'televersement_partie',
  {
    cle: text('cle').primaryKey(),
    idTeleversement: text('id_televersement').notNull(),
    debut: integer('debut').notNull(),
    taille: integer('taille').notNull(),
  },
  (t) => [
    uniqueIndex('televersement_partie_debut').on(t.idTeleversement, t.debut),
    foreignKey({
      name: 'televersement_partie_televersement',
      columns: [t.idTeleversement],
      foreignColumns: [televersement.idTeleversement],
    }).onDelete('cascade'),
  ],
);

/**
 * A document of the database store (`DOCUMENTS_STORE=database`,
 * docs/decisions/023-shared-limits-and-database-store.md), by its storage key: its bytes are the
 * parts below, in order. `complet` is false while `putStream` is still writing (such a row is listed,
 * for the sweeps, but never opened); `modifie_le` is the time it was written (a move keeps it, as a
 * rename keeps a file's).
 */
export const document = pgTable(
  'document',
  {
    idDocument: bigserial('id_document', { mode: 'number' }).primaryKey(),
    cle: text('cle').notNull(),
    taille: integer('taille').notNull().default(0),
    complet: boolean('complet').notNull().default(false),
    modifieLe: timestamp('modifie_le', { withTimezone: true }).notNull().defaultNow(),
  },
  // text_pattern_ops: equality, and the `LIKE 'prefix/%'` of `list` under any collation.
  (t) => [uniqueIndex('document_cle').on(t.cle.op('text_pattern_ops'))],
);

/** One part of a document's bytes (256 KB at most), numbered from 0. */
export const documentPartie = pgTable(
  'document_partie',
  {
    idDocument: bigint('id_document', { mode: 'number' }).notNull(),
    numero: integer('numero').notNull(),
    octets: bytea('octets').notNull(),
  },
  (t) => [
    primaryKey({ name: 'document_partie_pk', columns: [t.idDocument, t.numero] }),
    foreignKey({
      name: 'document_partie_document',
      columns: [t.idDocument],
      foreignColumns: [document.idDocument],
    }).onDelete('cascade'),
  ],
);
