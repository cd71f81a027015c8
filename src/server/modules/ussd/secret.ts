import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';

/**
 * The USSD gateway's secret (docs/ussd.md): USSD_SECRET, else derived from the JWT secret, which
 * every instance shares, so that all agree (the staff's USSD phone sends it, never the browser).
 */
export function ussdSecret(config: Pick<Config, 'USSD_SECRET'>, jwtSecret: string): string {
  return (
    config.USSD_SECRET ??
    `ussd_${createHmac('sha256', jwtSecret).update('passerelle-ussd').digest('hex').slice(0, 40)}`
  );
}

/** Whether the header holds the secret (compared in constant time). */
export function secretMatches(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const a = Buffer.from(header);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
