import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../../domain/messages';
import { normalisePhone } from '../../../domain/phone';
import type { SimulatorSwitch } from '../context';
import { insertSimTransaction, sendSimDebit, setSimToken, simTransaction, type SimRow } from './repository';

/** Where the simulator is served, beside the product's API (docs/payments.md#the-simulator). */
export const SIMULATOR_PREFIX = '/service/api/simulateur-paiement';

export interface SimulatorOptions {
  /** The Bearer key the simulator expects (the product's own, derived or PAIEMENT_CLE). */
  apiKey: string;
  /** After this, a debit to a number ending in 2 is approved (without webhook). */
  noAnswerMinutes: number;
  /** How long after a debit the simulated student "confirms" and the webhook is due. */
  confirmMs: number;
  /** While `down`, every call answers 503 (the provider in an outage). */
  outage: SimulatorSwitch;
}

/** How the simulator decides a debit: by the number's last digit (0 succeeds, 1 fails, 2 never answers; others succeed). */
export function simulatedOutcome(phone: string): 'approved' | 'declined' | 'pending' {
  const last = phone.replace(/\D/g, '').slice(-1);
  if (last === '1') return 'declined';
  if (last === '2') return 'pending';
  return 'approved';
}

/** A transaction as FedaPay's API shows it (`klass` names its class). */
export function simTransactionJson(t: SimRow) {
  return {
    klass: 'v1/transaction',
    id: t.id,
    reference: t.reference,
    description: t.description,
    amount: t.amount,
    currency: { iso: t.currency },
    status: t.status,
    mode: t.mode,
    callback_url: t.callbackUrl,
    custom_metadata: t.customMetadata,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

const fail = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ message });

type Json = Record<string, unknown>;

/**
 * The simulator of FedaPay's transactions API the product serves when no provider is configured
 * (PAIEMENT_URL unset): create, token, send now (under FedaPay's path `/v1/transactions/{mode}`
 * and its SDK's `/v1/{mode}`), retrieve. Its state is in the database (`simulateur_transaction`),
 * so that every instance answers the same; the webhooks it owes are sent by `SimulatorWebhooks`.
 * Outside the product's API base: not in the authorization matrix; a Bearer key guards it.
 */
export async function simulatorRoutes(app: FastifyInstance, opts: SimulatorOptions) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== `Bearer ${opts.apiKey}`)
      return fail(reply, 401, messages.erreurNonAuthentifie);
    if (opts.outage.down) return fail(reply, 503, messages.erreurServiceIndisponible);
  });
  const schema = { hide: true };
  const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

  app.post('/v1/transactions', { schema }, async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    const amount = body.amount;
    const currency = (body.currency ?? {}) as Json;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0 || (currency.iso ?? 'XOF') !== 'XOF')
      return fail(reply, 400, messages.valeurInvalide);
    const t = await insertSimTransaction(app.db, {
      reference: `trx_sim_${randomBytes(6).toString('hex')}`,
      description: typeof body.description === 'string' ? body.description.slice(0, 200) : '',
      amount: amount as number,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      customMetadata: body.custom_metadata ?? null,
    });
    return reply.send({ 'v1/transaction': simTransactionJson(t) });
  });

  app.get('/v1/transactions/:id', { schema }, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id);
    const t = id === null ? undefined : await simTransaction(app.db, id, opts.noAnswerMinutes);
    if (!t) return fail(reply, 404, messages.erreurIntrouvable);
    return reply.send({ 'v1/transaction': simTransactionJson(t) });
  });

  app.post('/v1/transactions/:id/token', { schema }, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id);
    const token = randomBytes(16).toString('hex');
    if (id === null || !(await setSimToken(app.db, id, token)))
      return fail(reply, 404, messages.erreurIntrouvable);
    return reply.send({ token, url: `${SIMULATOR_PREFIX}/paiement/${token}` });
  });

  const sendNow = async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = (request.params as { mode: string }).mode;
    const body = (request.body ?? {}) as Json;
    const phone = (body.phone_number ?? {}) as Json;
    const number = typeof phone.number === 'string' ? normalisePhone(phone.number) : null;
    if (typeof body.token !== 'string' || !number || !/^[a-z_]{2,30}$/.test(mode))
      return fail(reply, 400, messages.valeurInvalide);
    const t = await sendSimDebit(app.db, body.token, {
      mode,
      phoneNumber: number,
      outcome: simulatedOutcome(number),
      confirmMs: opts.confirmMs,
    });
    if (t === undefined) return fail(reply, 404, messages.erreurIntrouvable);
    if (t === 'sent') return fail(reply, 409, messages.erreurConflit);
    // FedaPay answers the request as pending: the outcome comes later (webhook, or asking again).
    return reply.send({ reference: t.reference, amount: t.amount, status: 'pending', mode });
  };
  app.post('/v1/transactions/:mode', { schema }, sendNow);
  app.post('/v1/:mode', { schema }, sendNow);
}
