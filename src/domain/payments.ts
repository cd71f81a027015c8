/**
 * Mobile money (docs/payments.md): the rules the client and the server share.
 */
import { normalisePhone } from './phone';

/**
 * The mobile-money operators until the rent branch's `operateur` resource is merged: the demo's
 * Orange Money and Moov Money, with the ids that resource's seed gives them. At merge, the list is
 * read from that resource instead (`mobileOperators`, src/server/modules/payments/repository.ts).
 */
export const OPERATEURS_MOBILES = [
  { idOperateur: 1, codeOperateur: 'ORANGE_MONEY', libelleOperateur: 'Orange Money' },
  { idOperateur: 2, codeOperateur: 'MOOV_MONEY', libelleOperateur: 'Moov Money' },
] as const;

/** A number mobile money can debit: one of Burkina Faso (`+226` and 8 digits), or null. */
export function mobileMoneyPhone(raw: string | null | undefined): string | null {
  const e164 = normalisePhone(raw);
  return e164 && /^\+226\d{8}$/.test(e164) ? e164 : null;
}

/** How often the follow page asks for a payment's status while it is pending. */
export const PAYMENT_POLL_MS = 2_000;
