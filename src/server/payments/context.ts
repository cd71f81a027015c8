import type { FastifyBaseLogger } from 'fastify';
import type { ReceiptLinks } from '../config/urls';
import type { PaymentRecorder } from '../modules/payments/recorder';
import type { PaymentProvider, ProviderTransaction } from './provider';

export interface SimulatorSwitch {
  down: boolean;
}

/** What the mobile-money work of one instance uses (`app.payments`, built by `setupPayments`). */
export interface PaymentsContext {
  provider: PaymentProvider;
  recorder: PaymentRecorder;
  /** The links of the receipt's mail (PUBLIC_URL), given to the recorder. */
  links: ReceiptLinks;
  /** True when the simulator answers (PAIEMENT_URL unset). */
  simulation: boolean;
  /**
   * The simulator's switch, when it answers: `down` makes it answer every call `503`, as a provider
   * in an outage does (docs/availability.md#outages; the tests' provider outage).
   */
  simulator?: SimulatorSwitch;
  log: FastifyBaseLogger;
  /** The provider's answers being awaited, by transaction: duplicates arriving together ask once. */
  inflight: Map<string, Promise<ProviderTransaction>>;
}
