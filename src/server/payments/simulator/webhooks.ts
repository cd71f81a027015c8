import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { JobQueue } from '../../jobs/queue';
import { SIGNATURE_HEADER, signatureHeader } from '../signature';
import {
  claimedWebhooks,
  simWebhookFailed,
  simWebhookSent,
  WEBHOOK_QUEUE,
  type ClaimedWebhook,
  type SimRow,
} from './repository';
import { simTransactionJson } from './routes';

/** Delivers one webhook: the raw body and its headers → the HTTP status the product answered. */
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<number>;

/** Tries before a webhook is given up (FedaPay retries for a while, then stops). */
const MAX_ATTEMPTS = 8;
/** A claimed webhook's lease: far above one delivery. */
const LEASE_MS = 60_000;

/** The event FedaPay sends for a transaction that reached a final status. */
export function simEvent(t: SimRow): string {
  return JSON.stringify({
    id: t.id * 10 + Math.min(t.webhookAttempts, 9),
    name: `transaction.${t.status}`,
    object: 'transaction',
    object_id: t.id,
    entity: simTransactionJson(t),
    created_at: new Date().toISOString(),
  });
}

/**
 * Sends the simulator's webhooks (docs/payments.md#the-simulator), as a provider would, after the
 * debit and not within its request: an outbox in `simulateur_transaction`, claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (each claim raises `webhook_attempts`, the fence of its
 * outcome), so that several instances share the work; a refusal or a failure is tried again after
 * 2 s doubling, up to MAX_ATTEMPTS tries. Each body is signed with the webhook secret as FedaPay
 * signs (`X-FEDAPAY-SIGNATURE`).
 */
export class SimulatorWebhooks {
  private readonly queue: JobQueue<typeof WEBHOOK_QUEUE.table, ClaimedWebhook, void>;

  constructor(
    private readonly opts: {
      db: Db;
      log: FastifyBaseLogger;
      secret: string;
      deliver: WebhookDelivery;
      intervalMs: number;
      retryBaseMs?: number;
      /** Woken by the commits that record a transaction to notify (src/server/jobs/loop.ts). */
      wake?: Notifications;
    },
  ) {
    this.queue = new JobQueue<typeof WEBHOOK_QUEUE.table, ClaimedWebhook, void>(
      WEBHOOK_QUEUE,
      {
        load: claimedWebhooks,
        perform: (t) => this.sendOne(t),
        done: simWebhookSent,
        dead: simWebhookFailed,
      },
      {
        name: 'payment simulator webhook',
        db: opts.db,
        log: opts.log,
        intervalMs: opts.intervalMs,
        firstDelayMs: 50,
        batchSize: 50,
        leaseMs: LEASE_MS,
        maxAttempts: MAX_ATTEMPTS,
        retryBaseMs: opts.retryBaseMs,
        parallel: true,
        wake: opts.wake,
      },
    );
  }

  start() {
    this.queue.start();
  }

  stop() {
    return this.queue.stop();
  }

  /** Sends what is due now → how many were accepted. */
  runOnce(): Promise<number> {
    return this.queue.runOnce();
  }

  /** Delivers the signed event; throws unless the product accepted it (2xx). */
  private async sendOne(t: ClaimedWebhook): Promise<void> {
    const body = simEvent(t);
    const status = await this.opts.deliver(body, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(body, this.opts.secret),
    });
    if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
  }
}
