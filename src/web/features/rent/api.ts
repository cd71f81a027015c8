import { useQuery } from '@tanstack/react-query';
import type { CashPaymentBody, PaymentAnswer, StudentRent } from '../../../domain/schemas/rent';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The rent calls (docs/rent.md): the student's own rent, a cash payment at the counter. */

/** react-query keys: every rent read starts with `['loyer']`; the staff's list lives under the lists' prefix. */
export const rentKeys = {
  all: ['loyer'] as const,
  mine: () => ['loyer', 'etudiant'] as const,
  list: () => ['list', 'loyer'] as const,
};

export function useMyRent() {
  return useQuery({
    queryKey: rentKeys.mine(),
    queryFn: ({ signal }) => api.get<StudentRent[]>(paths.api.loyer.etudiant, undefined, signal),
    staleTime: 0,
  });
}

export function encaisser(body: CashPaymentBody): Promise<PaymentAnswer> {
  return api.post<PaymentAnswer>(paths.api.loyer.especes, body);
}
