import type { FastifyBaseLogger } from 'fastify';
import type { ReceiptLinks } from '../config/urls';
import type { PaymentRecorder } from '../modules/payments/recorder';
import type { PaymentProvider, ProviderTransaction } from './provider';

/** What the mobile-money work of one instance uses (`app.payments`, built by `setupPayments`). */
export interface PaymentsContext {
  provider: PaymentProvider;
  recorder: PaymentRecorder;
  /** The links of the receipt's mail (PUBLIC_URL), given to the recorder. */
  links: ReceiptLinks;
  /** True when the simulator answers (PAIEMENT_URL unset). */
  simulation: boolean;
  log: FastifyBaseLogger;
  /** The provider's answers being awaited, by transaction: duplicates arriving together ask once. */
  inflight: Map<string, Promise<ProviderTransaction>>;
}
