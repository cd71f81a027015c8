import { eq, sql } from 'drizzle-orm';
import { one, rows, type Db } from '../../db/client';
import { simulateurTransaction } from '../../db/schema';
import type { Claimed, QueueTable } from '../../jobs/repository';

/** One simulated transaction, as stored. */
export interface SimRow {
  id: number;
  reference: string;
  description: string;
  amount: number;
  currency: string;
  callbackUrl: string | null;
  customMetadata: Record<string, unknown> | null;
  status: string;
  mode: string | null;
  phoneNumber: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  webhookAttempts: number;
}

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`id, reference, description, amount::bigint AS amount, currency, callback_url AS "callbackUrl",
  custom_metadata AS "customMetadata", status, mode, phone_number AS "phoneNumber",
  ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${iso('sent_at')} AS "sentAt",
  webhook_attempts AS "webhookAttempts"`;

const out = (r: SimRow | undefined) => (r ? { ...r, amount: Number(r.amount) } : undefined);

export async function insertSimTransaction(
  db: Db,
  t: {
    reference: string;
    description: string;
    amount: number;
    callbackUrl: string | null;
    customMetadata: unknown;
  },
): Promise<SimRow> {
  return out(
    await one<SimRow>(
      db,
      sql`INSERT INTO simulateur_transaction (reference, description, amount, callback_url, custom_metadata)
          VALUES (${t.reference}, ${t.description}, ${t.amount}, ${t.callbackUrl},
                  ${t.customMetadata === null || t.customMetadata === undefined ? null : JSON.stringify(t.customMetadata)}::jsonb)
          RETURNING ${COLUMNS}`,
    ),
  )!;
}

/**
 * A transaction by id. A debit sent to a number that never answers (ending in 2) is settled here,
 * once `noAnswerMinutes` have passed since it was sent: approved, without any webhook (the
 * operator's notification lost), so that only asking again finds it (docs/payments.md#the-simulator).
 */
export async function simTransaction(
  db: Db,
  id: number,
  noAnswerMinutes: number,
): Promise<SimRow | undefined> {
  const settled = await one<SimRow>(
    db,
    sql`UPDATE simulateur_transaction SET status = 'approved', updated_at = now()
        WHERE id = ${id} AND status = 'pending' AND phone_number LIKE '%2' AND sent_at IS NOT NULL
          AND sent_at < now() - make_interval(mins => ${noAnswerMinutes})
        RETURNING ${COLUMNS}`,
  );
  if (settled) return out(settled);
  return out(await one<SimRow>(db, sql`SELECT ${COLUMNS} FROM simulateur_transaction WHERE id = ${id}`));
}

/** Gives the transaction a token (a new one each time, as FedaPay does) → the token. */
export async function setSimToken(db: Db, id: number, token: string): Promise<boolean> {
  const row = await one(
    db,
    sql`UPDATE simulateur_transaction SET token = ${token}, updated_at = now() WHERE id = ${id} RETURNING id`,
  );
  return row !== undefined;
}

/**
 * Sends the debit of the token's transaction to the phone, once: the outcome by the number's last
 * digit (`outcome`): approved or declined at once with a webhook owed after `confirmMs` (the
 * student confirming on the phone), or left pending.
 */
export async function sendSimDebit(
  db: Db,
  token: string,
  p: { mode: string; phoneNumber: string; outcome: 'approved' | 'declined' | 'pending'; confirmMs: number },
): Promise<SimRow | 'sent' | undefined> {
  const row = await one<SimRow>(
    db,
    sql`UPDATE simulateur_transaction SET mode = ${p.mode}, phone_number = ${p.phoneNumber}, sent_at = now(),
          status = ${p.outcome}, updated_at = now(),
          webhook_state = ${p.outcome === 'pending' ? 'AUCUN' : 'EN_ATTENTE'},
          webhook_next_at = now() + make_interval(secs => ${p.confirmMs / 1000})
        WHERE token = ${token} AND sent_at IS NULL
        RETURNING ${COLUMNS}`,
  );
  if (row) return out(row);
  const exists = await one(db, sql`SELECT 1 FROM simulateur_transaction WHERE token = ${token}`);
  return exists ? 'sent' : undefined;
}

/** The webhooks owed as jobs of the queue (src/server/jobs): one is to send while it is EN_ATTENTE. */
export const WEBHOOK_QUEUE: QueueTable<typeof simulateurTransaction> = {
  table: simulateurTransaction,
  id: simulateurTransaction.id,
  attempts: simulateurTransaction.webhookAttempts,
  nextAt: simulateurTransaction.webhookNextAt,
  lastError: simulateurTransaction.webhookError,
  keys: { attempts: 'webhookAttempts', nextAt: 'webhookNextAt', lastError: 'webhookError' },
  pending: eq(simulateurTransaction.webhookState, 'EN_ATTENTE'),
  order: simulateurTransaction.webhookNextAt,
};

/** A claimed webhook: its transaction as stored, and its claim. */
export type ClaimedWebhook = SimRow & Claimed;

/** The claimed webhooks' transactions, in the order of `jobs`. */
export async function claimedWebhooks(db: Db, jobs: readonly Claimed[]): Promise<ClaimedWebhook[]> {
  if (!jobs.length) return [];
  const list = await rows<SimRow>(
    db,
    sql`SELECT ${COLUMNS} FROM simulateur_transaction WHERE id IN (${sql.join(
      jobs.map((j) => sql`${j.id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(list.map((r) => [r.id, out(r)!]));
  return jobs.flatMap((j) => {
    const t = byId.get(j.id);
    return t ? [{ ...t, attempts: j.attempts }] : [];
  });
}

export async function simWebhookSent(db: Db, id: number, attempts: number): Promise<void> {
  await db.execute(
    sql`UPDATE simulateur_transaction SET webhook_state = 'ENVOYE', webhook_error = NULL
        WHERE id = ${id} AND webhook_attempts = ${attempts}`,
  );
}

export async function simWebhookFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  retryMs: number | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE simulateur_transaction SET webhook_error = ${error.slice(0, 500)},
          webhook_state = ${retryMs === null ? 'ECHEC' : 'EN_ATTENTE'},
          webhook_next_at = now() + make_interval(secs => ${(retryMs ?? 0) / 1000})
        WHERE id = ${id} AND webhook_attempts = ${attempts}`,
  );
}
