import type { FastifyInstance } from 'fastify';
import type { Notifications } from '../db/notifications';
import type { Config } from '../config/env';
import { receiptLinks, tableauDeBordUrl } from '../config/urls';
import { journalRecorder, type PaymentRecorder } from '../modules/payments/recorder';
import { NOTIFICATION_PATH } from '../modules/payments/routes';
import type { PaymentsContext } from './context';
import { FedaPayProvider, type HttpFetch } from './fedapay';
import { ProviderUnavailable, type PaymentProvider } from './provider';
import { paymentSecrets } from './secrets';

export { paymentSecrets } from './secrets';
import { SIMULATOR_PREFIX, simulatorRoutes } from './simulator/routes';
import { SimulatorWebhooks } from './simulator/webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mobile-money provider, recorder and shared state of this instance (docs/payments.md). */
    payments: PaymentsContext;
    /** The simulator's webhook sender, when the simulator answers (PAIEMENT_URL unset); started by main.ts. */
    paymentSimulator: SimulatorWebhooks | undefined;
  }
}

/** After this, the simulator approves a debit to a number ending in 2, without any webhook. */
export const SIMULATOR_NO_ANSWER_MINUTES = 10;
/** The simulated student's "confirmation on the phone": the webhook of a 0 or 1 is due after it. */
export const SIMULATOR_CONFIRM_MS = 500;

/** `fetch` answered by this instance itself (app.inject): the simulator reached without a socket. */
function injectFetch(app: FastifyInstance): HttpFetch {
  return async (url, init) => {
    const u = new URL(url);
    const res = await app.inject({
      method: init.method as 'GET',
      url: u.pathname + u.search,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode, text: async () => res.body };
  };
}

export interface PaymentsOptions {
  config: Config;
  /** The instances' shared JWT secret: the simulator's key and webhook secret are derived from it. */
  jwtSecret: string;
  /** Tests: another provider (one that disagrees, one that fails). */
  provider?: PaymentProvider;
  /** Tests: what a confirmed payment does (default: the journal, `journalRecorder`). */
  recorder?: PaymentRecorder;
  /** What the database tells this instance: the simulator's webhooks are woken by it. */
  notifications?: Notifications;
}

/**
 * Mobile money for this instance (docs/payments.md, decision 033): the FedaPay provider at
 * PAIEMENT_URL with PAIEMENT_CLE and PAIEMENT_SECRET_WEBHOOK, or, unset, the same provider speaking
 * to the simulator this product serves under SIMULATOR_PREFIX (reached in-process), with a key and
 * a webhook secret derived from the JWT secret (PAIEMENT_CLE and PAIEMENT_SECRET_WEBHOOK, when
 * given, are used instead); the simulator's webhooks go to NOTIFICATION_PATH of this instance.
 */
/**
 * The provider with each call's outcome reported (docs/availability.md): unreachable or failing is a
 * failure; an answer, even a refusal, is the provider working.
 */
function reportingOutcomes(
  provider: PaymentProvider,
  health: { report(composant: 'PAIEMENT', ok: boolean): void },
): PaymentProvider {
  const watch = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      const answer = await call();
      health.report('PAIEMENT', true);
      return answer;
    } catch (err) {
      health.report('PAIEMENT', !(err instanceof ProviderUnavailable));
      throw err;
    }
  };
  return {
    startDebit: (request) => watch(() => provider.startDebit(request)),
    transaction: (id) => watch(() => provider.transaction(id)),
    verifyWebhook: (rawBody, headers) => provider.verifyWebhook(rawBody, headers),
  };
}

export async function setupPayments(app: FastifyInstance, opts: PaymentsOptions): Promise<void> {
  const { config } = opts;
  const simulation = !config.PAIEMENT_URL && !opts.provider;
  const { apiKey, secret } = paymentSecrets(config, opts.jwtSecret);
  const provider = reportingOutcomes(
    opts.provider ??
      new FedaPayProvider({
        baseUrl: config.PAIEMENT_URL ?? `http://simulateur.local${SIMULATOR_PREFIX}`,
        apiKey,
        webhookSecret: secret,
        callbackUrl: tableauDeBordUrl(config),
        fetch: simulation ? injectFetch(app) : undefined,
      }),
    app.providerHealth,
  );
  const outage = { down: false };
  app.decorate('payments', {
    provider,
    recorder: opts.recorder ?? journalRecorder,
    links: receiptLinks(config),
    simulation,
    simulator: simulation ? outage : undefined,
    log: app.log,
    inflight: new Map(),
  } satisfies PaymentsContext);
  app.decorate(
    'paymentSimulator',
    simulation
      ? new SimulatorWebhooks({
          db: app.db,
          log: app.log,
          secret,
          intervalMs: config.QUEUE_INTERVAL_MS,
          wake: opts.notifications,
          deliver: async (body, headers) =>
            (await app.inject({ method: 'POST', url: NOTIFICATION_PATH, payload: body, headers })).statusCode,
        })
      : undefined,
  );
  if (simulation)
    await app.register(simulatorRoutes, {
      prefix: SIMULATOR_PREFIX,
      apiKey,
      noAnswerMinutes: SIMULATOR_NO_ANSWER_MINUTES,
      confirmMs: SIMULATOR_CONFIRM_MS,
      outage,
    });
}
