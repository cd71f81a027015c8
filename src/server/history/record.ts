import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CanalReponse, EvenementDossier } from '../../domain/enums';
import type { Actor } from '../access/actor';
import { authorName } from '../db/author';
import { insertInto } from '../db/bulk';
import type { Db } from '../db/client';
import { dossier, dossierEvenement as ev } from '../db/schema';

/** An event's kind and channel as the schema stores them: a value the schema drops fails to compile here. */
type Stored = typeof ev.$inferInsert;
const d = alias(dossier, 'd');

/**
 * The dossier's history (docs/sessions-and-dossiers.md#the-dossiers-history): every step writes its
 * event in its own transaction, as the audit log's entries are written (src/server/audit/record.ts).
 * Events are never updated nor deleted. A publication writes none: `historyOf` (offers module)
 * reads them from its stored run.
 */

interface EventInput {
  idDossier: number;
  idSessionCenou: number;
  evenement: EvenementDossier;
  /** null: the system (the offers job). */
  actor: Pick<Actor, 'id'> | null;
  date: Date;
  motif?: string | null;
  commentaire?: string | null;
  detail?: Record<string, unknown> | null;
  /** How a student's answer came (WEB, SMS); null for the other events. */
  canal?: CanalReponse | null;
}

/** Adds one event to a dossier's history (never updated nor deleted). */
export async function recordEvent(tx: Db, e: EventInput): Promise<void> {
  const idAuteur = e.actor?.id ?? null;
  const evenement: Stored['evenement'] = e.evenement;
  const canal: Stored['canal'] = e.canal ?? null;
  await tx.execute(
    sql`${insertInto(ev, [ev.idDossier, ev.idSessionCenou, ev.evenement, ev.dateEvenement, ev.idAuteur, ev.auteur, ev.motif, ev.commentaire, ev.detail, ev.canal])}
        VALUES (${e.idDossier}, ${e.idSessionCenou}, ${evenement}, ${e.date.toISOString()}::timestamptz,
          ${idAuteur}, ${authorName(idAuteur)}, ${e.motif ?? null}, ${e.commentaire ?? null},
          ${e.detail ? JSON.stringify(e.detail) : null}::jsonb, ${canal})`,
  );
}

/**
 * Events of many dossiers in one statement (a cité's assignment, the cancellations of a dossier):
 * each dossier's session read from it, one author for all.
 */
export async function recordEvents(
  tx: Db,
  actor: Pick<Actor, 'id'> | null,
  evenement: EvenementDossier,
  date: Date,
  events: { idDossier: number; detail: Record<string, unknown> }[],
): Promise<void> {
  if (!events.length) return;
  const idAuteur = actor?.id ?? null;
  const stored: Stored['evenement'] = evenement;
  await tx.execute(
    sql`${insertInto(ev, [ev.idDossier, ev.idSessionCenou, ev.evenement, ev.dateEvenement, ev.idAuteur, ev.auteur, ev.detail])}
        SELECT ${d.idDossier}, ${d.idSessionCenou}, ${stored}, ${date.toISOString()}::timestamptz, ${idAuteur},
          ${authorName(idAuteur)}, x.detail
        FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS x("idDossier" int, detail jsonb)
        JOIN ${dossier} d ON ${d.idDossier} = x."idDossier"`,
  );
}
