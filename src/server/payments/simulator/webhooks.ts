import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PeriodicJob, retryDelayMs } from '../../jobs/runner';
import { SIGNATURE_HEADER, signatureHeader } from '../signature';
import { claimSimWebhooks, simWebhookFailed, simWebhookSent, type SimRow } from './repository';
import { simTransactionJson } from './routes';

/** Delivers one webhook: the raw body and its headers → the HTTP status the product answered. */
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<number>;

/** Tries before a webhook is given up (FedaPay retries for a while, then stops). */
const MAX_ATTEMPTS = 8;
/** A claimed webhook's lease: far above one delivery. */
const LEASE_SECONDS = 60;

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
  private readonly job: PeriodicJob<number>;

  constructor(
    private readonly opts: {
      db: Db;
      log: FastifyBaseLogger;
      secret: string;
      deliver: WebhookDelivery;
      intervalMs: number;
      retryBaseMs?: number;
    },
  ) {
    this.job = new PeriodicJob('payment simulator webhooks', () => this.sendDue(), {
      intervalMs: opts.intervalMs,
      log: opts.log,
      firstDelayMs: 50,
    });
  }

  start() {
    this.job.start();
  }

  stop() {
    return this.job.stop();
  }

  /** Sends what is due now → how many were accepted. */
  runOnce(): Promise<number> {
    return this.job.runOnce();
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimSimWebhooks(this.opts.db, 50, LEASE_SECONDS);
      if (!batch.length) return sent;
      const results = await Promise.all(batch.map((t) => this.sendOne(t)));
      sent += results.filter(Boolean).length;
      if (!results.some(Boolean)) return sent;
    }
  }

  private async sendOne(t: SimRow): Promise<boolean> {
    const body = simEvent(t);
    let error: string;
    try {
      const status = await this.opts.deliver(body, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(body, this.opts.secret),
      });
      if (status >= 200 && status < 300) {
        await simWebhookSent(this.opts.db, t.id, t.webhookAttempts);
        return true;
      }
      error = `HTTP ${status}`;
    } catch (err) {
      error = (err as Error).message;
    }
    const retry =
      t.webhookAttempts >= MAX_ATTEMPTS ? null : retryDelayMs(t.webhookAttempts, this.opts.retryBaseMs);
    this.opts.log.warn({ id: t.id, attempts: t.webhookAttempts, error }, 'simulated webhook not accepted');
    await simWebhookFailed(this.opts.db, t.id, t.webhookAttempts, error, retry);
    return false;
  }
}
