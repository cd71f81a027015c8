import { and, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgInsertValue } from 'drizzle-orm/pg-core';
import { authorName } from '../db/author';
import { insertInto } from '../db/bulk';
import type { Db } from '../db/client';
import { dossier, dossierEvenement as ev } from '../db/schema';

/**
 * The dossier history's one writer (docs/decisions/122-one-writer-per-table.md): every event is
 * inserted here, in the caller's transaction; `record.ts` gives the steps their events and the
 * dossier's own writes take theirs from `eventInsert`. Table and columns are named from the schema.
 */

/** An event as the schema stores it: a kind or a channel the schema drops fails to compile here. */
type Stored = typeof ev.$inferInsert;
const d = alias(dossier, 'd');

/** One event. */
export async function insertEvent(
  tx: Db,
  e: {
    idDossier: number;
    idSessionCenou: number;
    evenement: Stored['evenement'];
    date: Date;
    idAuteur: number | null;
    motif: string | null;
    commentaire: string | null;
    detail: Record<string, unknown> | null;
    canal: Stored['canal'];
  },
): Promise<void> {
  await tx.execute(
    sql`${insertInto(ev, [ev.idDossier, ev.idSessionCenou, ev.evenement, ev.dateEvenement, ev.idAuteur, ev.auteur, ev.motif, ev.commentaire, ev.detail, ev.canal])}
        VALUES (${e.idDossier}, ${e.idSessionCenou}, ${e.evenement}, ${e.date.toISOString()}::timestamptz,
          ${e.idAuteur}, ${authorName(e.idAuteur)}, ${e.motif}, ${e.commentaire},
          ${e.detail ? JSON.stringify(e.detail) : null}::jsonb, ${e.canal})`,
  );
}

/** Events of one kind, author and date for many dossiers in one statement, each dossier's session read from it. */
export async function insertEvents(
  tx: Db,
  idAuteur: number | null,
  evenement: Stored['evenement'],
  date: Date,
  events: { idDossier: number; detail: Record<string, unknown> }[],
): Promise<void> {
  await tx.execute(
    sql`${insertInto(ev, [ev.idDossier, ev.idSessionCenou, ev.evenement, ev.dateEvenement, ev.idAuteur, ev.auteur, ev.detail])}
        SELECT ${d.idDossier}, ${d.idSessionCenou}, ${evenement}, ${date.toISOString()}::timestamptz, ${idAuteur},
          ${authorName(idAuteur)}, x.detail
        FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS x("idDossier" int, detail jsonb)
        JOIN ${dossier} d ON ${d.idDossier} = x."idDossier"`,
  );
}

/**
 * An event's insert, not run: a CTE of the statement that changes the dossier (its values read the
 * change's own CTE; modules/dossier/repository.ts, `writeWithEvent`), returning the event's id.
 */
export function eventInsert(tx: Db, values: PgInsertValue<typeof ev>) {
  return tx.insert(ev).values(values).returning({ id: ev.idEvenement });
}

/**
 * The same as a column of a statement reading payments: the procuration under which a helper
 * started the payment `reference` of the dossier `idDossier` (columns of that statement), or null.
 */
export function procurationOfPaymentColumn(idDossier: AnyPgColumn, reference: AnyPgColumn) {
  return sql<number | null>`(SELECT (${ev.detail}->>'idProcuration')::int FROM ${ev}
    WHERE ${ev.idDossier} = ${idDossier} AND ${ev.evenement} = 'PROCURATION'
      AND ${ev.detail}->>'reference' = ${reference} LIMIT 1)`;
}

/**
 * The procuration under which a helper started the payment `reference` of the dossier (its
 * PROCURATION event names the reference), or null when the student or staff started it.
 */
export async function procurationOfPayment(
  tx: Db,
  idDossier: number,
  reference: string,
): Promise<number | null> {
  return (await helperOfPayment(tx, idDossier, reference))?.idProcuration ?? null;
}

/**
 * The helper's act that started the payment `reference` of the dossier, as its PROCURATION event
 * tells it: the procuration and the address the helper signed in from; undefined when the student
 * or staff started it.
 */
export async function helperOfPayment(
  tx: Db,
  idDossier: number,
  reference: string,
): Promise<{ idProcuration: number; adresse: string | null } | undefined> {
  const [row] = await tx
    .select({
      idProcuration: sql<number | null>`(${ev.detail}->>'idProcuration')::int`,
      adresse: sql<string | null>`${ev.detail}->>'adresse'`,
    })
    .from(ev)
    .where(
      and(
        eq(ev.idDossier, idDossier),
        eq(ev.evenement, 'PROCURATION'),
        sql`${ev.detail}->>'reference' = ${reference}`,
      ),
    )
    .limit(1);
  return row?.idProcuration == null ? undefined : { idProcuration: row.idProcuration, adresse: row.adresse };
}
