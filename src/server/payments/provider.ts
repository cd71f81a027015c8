import type { StatutPaiement } from '../../domain/enums';

/**
 * The one interface the product reaches mobile-money operators through (docs/payments.md,
 * docs/decisions/033-mobile-money.md). Its first implementation follows FedaPay's API
 * (`fedapay.ts`); without a configured provider it speaks to the simulator the product serves
 * (`simulator/`), through the same implementation.
 */
export interface PaymentProvider {
  /** Asks the operator to debit the phone for the amount; our reference travels with it. */
  startDebit(request: DebitRequest): Promise<{ idTransaction: string }>;
  /** The provider's truth about one of its transactions. */
  transaction(idTransaction: string): Promise<ProviderTransaction>;
  /** Checks a webhook's signature and reads it; throws `WebhookRefused` (bad or stale signature) or `WebhookMalformed`. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

export interface DebitRequest {
  /** Our payment reference (`paiement.reference_paiement`). */
  reference: string;
  /** Whole FCFA. */
  montant: number;
  /** E.164 (`+22670123456`). */
  telephone: string;
  /** The operator's stable code (`ORANGE_MONEY`, `MOOV_MONEY`). */
  codeOperateur: string;
  description: string;
}

export interface ProviderTransaction {
  idTransaction: string;
  statut: StatutPaiement;
  /** The provider's own word, kept for the logs (`approved`, `declined`, …). */
  status: string;
  montant: number;
  /** Our reference as the provider holds it (custom metadata), when it does. */
  reference: string | null;
}

export interface WebhookEvent {
  /** `transaction.approved`, `transaction.declined`, … */
  name: string;
  idTransaction: string;
  /** What the event claims; never recorded as such: the provider is asked first. */
  statutAnnonce: StatutPaiement | null;
  reference: string | null;
}

/** The provider could not be reached or failed (network, timeout, 5xx): the outcome is unknown. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    /** Set when the transaction was created before the failure. */
    readonly idTransaction?: string,
  ) {
    super(message);
  }
}

/** The provider refused the request (4xx): nothing was debited by it. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly idTransaction?: string,
  ) {
    super(message);
  }
}

/** A webhook whose signature is missing, wrong or older than the tolerance. */
export class WebhookRefused extends Error {}
/** A correctly signed webhook that is not an event the product reads. */
export class WebhookMalformed extends Error {}
