/**
 * Mobile money (docs/payments.md): the rules the client and the server share.
 */
import { normalisePhone } from './phone';

/** A number mobile money can debit: one of Burkina Faso (`+226` and 8 digits), or null. */
export function mobileMoneyPhone(raw: string | null | undefined): string | null {
  const e164 = normalisePhone(raw);
  return e164 && /^\+226\d{8}$/.test(e164) ? e164 : null;
}

/** How often the follow page asks for a payment's status while it is pending. */
export const PAYMENT_POLL_MS = 2_000;
