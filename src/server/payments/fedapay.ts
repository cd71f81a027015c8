import type { StatutPaiement } from '../../domain/enums';
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookMalformed,
  type DebitRequest,
  type PaymentProvider,
  type ProviderTransaction,
  type WebhookEvent,
} from './provider';
import { SIGNATURE_HEADER, verifySignature } from './signature';

/** What the client needs of `fetch` (Node's, or the simulator's in-process one). */
export type HttpFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface FedaPayOptions {
  /** `PAIEMENT_URL`: `https://api.fedapay.com`, `https://sandbox-api.fedapay.com`, or the simulator's base. */
  baseUrl: string;
  /** `PAIEMENT_CLE`: the account's secret key (Bearer). */
  apiKey: string;
  /** `PAIEMENT_SECRET_WEBHOOK`: the webhook's signing secret. */
  webhookSecret: string;
  /** Where the customer is sent back after a checkout page (FedaPay requires the field; unused by a debit). */
  callbackUrl: string;
  fetch?: HttpFetch;
  /** Each call's limit (default 15 s). */
  timeoutMs?: number;
}

/**
 * The transaction statuses FedaPay's SDK counts as paid (`Transaction.PAID_STATUS`): money was
 * received (a later refund is a matter of its own).
 */
const PAID = new Set([
  'approved',
  'transferred',
  'refunded',
  'approved_partially_refunded',
  'transferred_partially_refunded',
]);
/** Statuses that end a transaction without payment. */
const FAILED = new Set(['declined', 'canceled', 'cancelled', 'expired', 'failed']);

/** FedaPay's word → ours; anything else (`pending`, an unknown word) is still pending. */
export function statutOf(status: string): StatutPaiement {
  if (PAID.has(status)) return 'REUSSI';
  if (FAILED.has(status)) return 'ECHOUE';
  return 'EN_ATTENTE';
}

/**
 * FedaPay's "send now" modes in Burkina Faso, by our operators' codes (the modes enabled on the
 * account are to be checked with FedaPay before going live; docs/payments.md).
 */
export const FEDAPAY_MODES: Record<string, string> = {
  ORANGE_MONEY: 'orange_bf',
  MOOV_MONEY: 'moov_bf',
};

type Json = Record<string, unknown>;

/** FedaPay wraps an object under its class (`{"v1/transaction": {…}}`); some answers are bare. */
function unwrap(body: Json, klass: string): Json {
  const inner = body[`v1/${klass}`] ?? body[klass];
  return inner && typeof inner === 'object' ? (inner as Json) : body;
}

function referenceOf(tx: Json): string | null {
  const meta = tx.custom_metadata as Json | null | undefined;
  const ref = meta && typeof meta === 'object' ? meta.reference_paiement : undefined;
  return typeof ref === 'string' ? ref : null;
}

/**
 * The provider following FedaPay's API (https://docs.fedapay.com/api-reference): plain HTTP with
 * Node's fetch and the signature with node:crypto, rather than the `fedapay` package
 * (docs/decisions/033-mobile-money.md: its configuration is global to the process, it brings axios).
 * - debit: `POST /v1/transactions` {description, amount, currency: {iso: 'XOF'}, callback_url,
 *   custom_metadata: {reference_paiement}}, then `POST /v1/transactions/{id}/token`, then
 *   `POST /v1/transactions/{mode}` {token, phone_number: {number, country: 'bf'}};
 * - status: `GET /v1/transactions/{id}`;
 * - webhooks: `X-FEDAPAY-SIGNATURE` (signature.ts), the event `{name, entity: transaction}`.
 */
export class FedaPayProvider implements PaymentProvider {
  private readonly fetch: HttpFetch;

  constructor(private readonly opts: FedaPayOptions) {
    this.fetch = opts.fetch ?? (globalThis.fetch as unknown as HttpFetch);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, created?: string): Promise<Json> {
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/v1${path}`;
    let res: { status: number; text(): Promise<string> };
    let text: string;
    try {
      res = await this.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
      text = await res.text();
    } catch (err) {
      throw new ProviderUnavailable(`${method} ${path}: ${(err as Error).message}`, created);
    }
    if (res.status >= 500 || res.status === 429)
      throw new ProviderUnavailable(`${method} ${path}: HTTP ${res.status}`, created);
    if (res.status >= 400)
      throw new ProviderRefused(
        `${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`,
        res.status,
        created,
      );
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object') return parsed as Json;
    } catch {
      // below
    }
    throw new ProviderUnavailable(`${method} ${path}: not JSON`, created);
  }

  async startDebit(request: DebitRequest): Promise<{ idTransaction: string }> {
    const mode = FEDAPAY_MODES[request.codeOperateur];
    if (!mode) throw new ProviderRefused(`no FedaPay mode for ${request.codeOperateur}`, 400);
    const created = unwrap(
      await this.call('POST', '/transactions', {
        description: request.description,
        amount: request.montant,
        currency: { iso: 'XOF' },
        callback_url: this.opts.callbackUrl,
        custom_metadata: { reference_paiement: request.reference },
      }),
      'transaction',
    );
    if (created.id === undefined || created.id === null)
      throw new ProviderUnavailable('POST /transactions: no id in the answer');
    const id = String(created.id);
    const token = await this.call('POST', `/transactions/${encodeURIComponent(id)}/token`, {}, id);
    if (typeof token.token !== 'string' && typeof token.token !== 'number')
      throw new ProviderUnavailable(`POST /transactions/${id}/token: no token`, id);
    await this.call(
      'POST',
      `/transactions/${encodeURIComponent(mode)}`,
      { token: token.token, phone_number: { number: request.telephone, country: 'bf' } },
      id,
    );
    return { idTransaction: id };
  }

  async transaction(idTransaction: string): Promise<ProviderTransaction> {
    const tx = unwrap(
      await this.call('GET', `/transactions/${encodeURIComponent(idTransaction)}`),
      'transaction',
    );
    const status = typeof tx.status === 'string' ? tx.status : 'unknown';
    return {
      idTransaction: String(tx.id ?? idTransaction),
      status,
      statut: statutOf(status),
      montant: Number(tx.amount),
      reference: referenceOf(tx),
    };
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const header = headers[SIGNATURE_HEADER];
    verifySignature(rawBody, Array.isArray(header) ? header[0] : header, this.opts.webhookSecret);
    return readEvent(rawBody);
  }
}

/** A FedaPay event (`{id, name, object: 'transaction', entity: {…}}`) → what the product reads of it. */
export function readEvent(rawBody: string): WebhookEvent {
  let event: Json;
  try {
    event = JSON.parse(rawBody) as Json;
  } catch {
    throw new WebhookMalformed('not JSON');
  }
  if (!event || typeof event !== 'object' || Array.isArray(event))
    throw new WebhookMalformed('not an object');
  const entity = (event.entity && typeof event.entity === 'object' ? event.entity : {}) as Json;
  const id = entity.id ?? event.object_id;
  const name = typeof event.name === 'string' ? event.name : '';
  if (
    (typeof id !== 'number' && typeof id !== 'string') ||
    String(id) === '' ||
    !name.startsWith('transaction.')
  )
    throw new WebhookMalformed('not a transaction event');
  const status = typeof entity.status === 'string' ? entity.status : name.slice('transaction.'.length);
  return {
    name,
    idTransaction: String(id),
    statutAnnonce: statutOf(status) === 'EN_ATTENTE' ? null : statutOf(status),
    reference: referenceOf(entity),
  };
}
