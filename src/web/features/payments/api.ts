import type {
  MobileOperatorsAnswer,
  MobilePaymentBody,
  PaymentStarted,
  PaymentStatus,
} from '../../../domain/schemas/payments';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/**
 * The mobile-money calls (docs/payments.md). The operators come from `campus/paiement/operateurs`
 * (the student may not read the settings' `operateur` resource; the server reads it there).
 */
export const paymentKeys = {
  all: ['paiement'] as const,
  operateurs: ['paiement', 'operateurs'] as const,
  element: (reference: string) => ['paiement', 'element', reference] as const,
};

export const fetchOperateurs = (signal?: AbortSignal) =>
  api.get<MobileOperatorsAnswer>(paths.api.paiement.operateurs, undefined, signal);

export const payer = (body: MobilePaymentBody) => api.post<PaymentStarted>(paths.api.paiement.payer, body);

export const fetchPaiement = (reference: string, signal?: AbortSignal) =>
  api.get<PaymentStatus>(paths.api.paiement.element(reference), undefined, signal);
