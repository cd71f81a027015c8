import { createHmac } from 'node:crypto';
import type { Config } from '../config/env';

/**
 * The provider's key and webhook secret: PAIEMENT_CLE and PAIEMENT_SECRET_WEBHOOK, else (the
 * simulator) derived from the JWT secret, which every instance shares, so that all agree.
 */
export function paymentSecrets(
  config: Pick<Config, 'PAIEMENT_CLE' | 'PAIEMENT_SECRET_WEBHOOK'>,
  jwtSecret: string,
): { apiKey: string; secret: string } {
  const derive = (what: string) =>
    createHmac('sha256', jwtSecret).update(`simulateur-paiement:${what}`).digest('hex').slice(0, 40);
  return {
    apiKey: config.PAIEMENT_CLE ?? `sk_simulateur_${derive('cle')}`,
    secret: config.PAIEMENT_SECRET_WEBHOOK ?? `wh_simulateur_${derive('webhook')}`,
  };
}
