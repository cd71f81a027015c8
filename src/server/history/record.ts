import type { CanalReponse, EvenementDossier } from '../../domain/enums';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import { insertEvent, insertEvents } from './repository';

/**
 * The dossier's history (docs/sessions-and-dossiers.md#the-dossiers-history): every step writes its
 * event in its own transaction, as the audit log's entries are written (src/server/audit/record.ts).
 * Events are never updated nor deleted. A publication writes none: `historyOf` (offers module)
 * reads them from its stored run. The events are inserted by `./repository.ts`, the table's one
 * writer.
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
  await insertEvent(tx, {
    idDossier: e.idDossier,
    idSessionCenou: e.idSessionCenou,
    evenement: e.evenement,
    date: e.date,
    idAuteur: e.actor?.id ?? null,
    motif: e.motif ?? null,
    commentaire: e.commentaire ?? null,
    detail: e.detail ?? null,
    canal: e.canal ?? null,
  });
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
  await insertEvents(tx, actor?.id ?? null, evenement, date, events);
}
