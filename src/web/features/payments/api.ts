import type { MobilePaymentBody } from '../../../domain/schemas/payments';
import { answerOf, apiClient } from '../../lib/client';

/**
 * The mobile-money calls (docs/payments.md). The operators come from `campus/paiement/operateurs`
 * (the student may not read the settings' `operateur` resource; the server reads it there). Paths,
 * parameters and answers are typed by the API's description (lib/client.ts).
 */
export const paymentKeys = {
  all: ['paiement'] as const,
  operateurs: ['paiement', 'operateurs'] as const,
  element: (reference: string) => ['paiement', 'element', reference] as const,
};

export const fetchOperateurs = (signal?: AbortSignal) =>
  answerOf(apiClient.GET('/campus/paiement/operateurs', { signal }));

export const payer = (body: MobilePaymentBody) => answerOf(apiClient.POST('/campus/paiement', { body }));

export const fetchPaiement = (referencePaiement: string, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/paiement/{referencePaiement}', {
      params: { path: { referencePaiement } },
      signal,
    }),
  );
