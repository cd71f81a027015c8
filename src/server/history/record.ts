import { sql } from 'drizzle-orm';
import type { CanalReponse, EvenementDossier } from '../../domain/enums';
import type { Actor } from '../access/actor';
import { authorName } from '../db/author';
import type { Db } from '../db/client';

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
  await tx.execute(
    sql`INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur,
          motif, commentaire, detail, canal)
        VALUES (${e.idDossier}, ${e.idSessionCenou}, ${e.evenement}, ${e.date.toISOString()}::timestamptz,
          ${idAuteur}, ${authorName(idAuteur)}, ${e.motif ?? null}, ${e.commentaire ?? null},
          ${e.detail ? JSON.stringify(e.detail) : null}::jsonb, ${e.canal ?? null})`,
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
  await tx.execute(
    sql`INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
        SELECT d.id_dossier, d.id_session_cenou, ${evenement}, ${date.toISOString()}::timestamptz, ${idAuteur},
          ${authorName(idAuteur)}, x.detail
        FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS x("idDossier" int, detail jsonb)
        JOIN dossier d ON d.id_dossier = x."idDossier"`,
  );
}
