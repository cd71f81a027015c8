import { and, eq, inArray, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simulateurTransaction as st } from '../../db/schema';
import { fenced, type Claimed, type QueueTable } from '../../jobs/repository';

/** The columns of a simulated transaction as the routes and the webhooks read it. */
const COLUMNS = {
  id: st.id,
  reference: st.reference,
  description: st.description,
  amount: st.amount,
  currency: st.currency,
  callbackUrl: st.callbackUrl,
  customMetadata: st.customMetadata,
  status: st.status,
  mode: st.mode,
  phoneNumber: st.phoneNumber,
  createdAt: st.createdAt,
  updatedAt: st.updatedAt,
  sentAt: st.sentAt,
  webhookAttempts: st.webhookAttempts,
};

type Stored = {
  [K in keyof typeof COLUMNS]:
    (typeof COLUMNS)[K]['_']['data'] | ((typeof COLUMNS)[K]['_']['notNull'] extends true ? never : null);
};

/** A stored transaction, its times as ISO 8601 (UTC) as FedaPay writes them. */
const out = (r: Stored) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** One simulated transaction, as stored. */
export type SimRow = ReturnType<typeof out>;

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
  const [row] = await db
    .insert(st)
    .values({
      reference: t.reference,
      description: t.description,
      amount: t.amount,
      callbackUrl: t.callbackUrl,
      customMetadata: t.customMetadata ?? null,
    })
    .returning(COLUMNS);
  return out(row);
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
  const [settled] = await db
    .update(st)
    .set({ status: 'approved', updatedAt: sql`now()` })
    .where(
      and(
        eq(st.id, id),
        eq(st.status, 'pending'),
        like(st.phoneNumber, '%2'),
        isNotNull(st.sentAt),
        lt(st.sentAt, sql`now() - make_interval(mins => ${noAnswerMinutes})`),
      ),
    )
    .returning(COLUMNS);
  if (settled) return out(settled);
  const [row] = await db.select(COLUMNS).from(st).where(eq(st.id, id));
  return row ? out(row) : undefined;
}

/** Gives the transaction a token (a new one each time, as FedaPay does) → the token. */
export async function setSimToken(db: Db, id: number, token: string): Promise<boolean> {
  const row = await db
    .update(st)
    .set({ token, updatedAt: sql`now()` })
    .where(eq(st.id, id))
    .returning({ id: st.id });
  return row.length > 0;
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
  const [row] = await db
    .update(st)
    .set({
      mode: p.mode,
      phoneNumber: p.phoneNumber,
      sentAt: sql`now()`,
      status: p.outcome,
      updatedAt: sql`now()`,
      webhookState: p.outcome === 'pending' ? 'AUCUN' : 'EN_ATTENTE',
      webhookNextAt: sql`now() + make_interval(secs => ${p.confirmMs / 1000})`,
    })
    .where(and(eq(st.token, token), isNull(st.sentAt)))
    .returning(COLUMNS);
  if (row) return out(row);
  const [exists] = await db.select({ id: st.id }).from(st).where(eq(st.token, token));
  return exists ? 'sent' : undefined;
}

/** The webhooks owed as jobs of the queue (src/server/jobs): one is to send while it is EN_ATTENTE. */
export const WEBHOOK_QUEUE: QueueTable<typeof st> = {
  table: st,
  columns: {
    id: 'id',
    attempts: 'webhookAttempts',
    tries: 'webhookTries',
    nextAt: 'webhookNextAt',
    lastError: 'webhookError',
  },
  pending: eq(st.webhookState, 'EN_ATTENTE'),
};

/** A claimed webhook: its transaction as stored, and its claim. */
export type ClaimedWebhook = SimRow & Claimed;

/** The claimed webhooks' transactions, in the order of `jobs`. */
export async function claimedWebhooks(db: Db, jobs: readonly Claimed[]): Promise<ClaimedWebhook[]> {
  if (!jobs.length) return [];
  const list = await db
    .select(COLUMNS)
    .from(st)
    .where(
      inArray(
        st.id,
        jobs.map((j) => j.id),
      ),
    );
  const byId = new Map(list.map((r) => [r.id, out(r)]));
  return jobs.flatMap((j) => {
    const t = byId.get(j.id);
    return t ? [{ ...t, attempts: j.attempts, tries: j.tries }] : [];
  });
}

/** The webhook accepted: recorded under the claim's fence → whether it was. */
export async function simWebhookSent(db: Db, job: Claimed): Promise<boolean> {
  const done = await db
    .update(st)
    .set({ webhookState: 'ENVOYE', webhookError: null })
    .where(fenced(WEBHOOK_QUEUE, job))
    .returning({ id: st.id });
  return done.length > 0;
}

/** The webhook given up (its last try failed): recorded under the claim's fence → whether it was. */
export async function simWebhookFailed(db: Db, job: Claimed, error: string): Promise<boolean> {
  const done = await db
    .update(st)
    .set({ webhookState: 'ECHEC', webhookError: error.slice(0, 500) })
    .where(fenced(WEBHOOK_QUEUE, job))
    .returning({ id: st.id });
  return done.length > 0;
}
