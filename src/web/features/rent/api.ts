import { useQuery } from '@tanstack/react-query';
import type {
  CashPaymentBody,
  PaymentAnswer,
  ReceiptCheck,
  RefundAnswer,
  RefundBody,
  RentSessions,
  StudentRent,
} from '../../../domain/schemas/rent';
import { api, ApiError, apiFetch, downloadFile } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The rent calls (docs/rent.md): the student's own rent, a cash payment at the counter. */

/** react-query keys: every rent read starts with `['loyer']`; the staff's list lives under the lists' prefix. */
export const rentKeys = {
  all: ['loyer'] as const,
  mine: () => ['loyer', 'etudiant'] as const,
  list: () => ['list', 'loyer'] as const,
  assignment: (idAffectation: number) => ['loyer', 'affectation', idAffectation] as const,
  sessions: () => ['loyer', 'sessions'] as const,
  operators: () => ['loyer', 'operateurs'] as const,
};

/** The sessions with assignments in the staff's scope, newest first: where /loyers opens. */
export function useRentSessions() {
  return useQuery({
    queryKey: rentKeys.sessions(),
    queryFn: ({ signal }) => api.get<RentSessions>(paths.api.loyer.sessions, undefined, signal),
    staleTime: 60_000,
  });
}

/** An operator of the rent settings as the refund dialog offers it. */
export interface RefundOperator {
  idOperateur: number;
  libelleOperateur: string;
  codeTypePaiement: string;
  actif: boolean;
}

/** The operators a refund may go through (active, not the counter's cash: that is the default choice). */
export function useRefundOperators() {
  return useQuery({
    queryKey: rentKeys.operators(),
    queryFn: async ({ signal }) =>
      (await api.get<RefundOperator[]>(paths.api.liste('operateur'), undefined, signal)).filter(
        (o) => o.actif && o.codeTypePaiement !== 'ESPECES',
      ),
    staleTime: 60_000,
  });
}

/** One assignment's rent, for staff (the arrears list's « Paiements »). */
export function useAssignmentRent(idAffectation: number) {
  return useQuery({
    queryKey: rentKeys.assignment(idAffectation),
    queryFn: ({ signal }) =>
      api.get<StudentRent>(paths.api.loyer.affectation(idAffectation), undefined, signal),
    staleTime: 0,
  });
}

/** A payment's receipt (PDF), fetched with the token (never the token in a URL). */
export const telechargerRecu = (reference: string) =>
  downloadFile(paths.api.loyer.recu(reference), {}, `recu_${reference}.pdf`);

/** The public check of a receipt: null when no succeeded payment bears the reference (404). */
export async function verifierRecu(reference: string, signal?: AbortSignal): Promise<ReceiptCheck | null> {
  try {
    const res = await apiFetch(paths.api.loyer.verifierRecu(reference), { signal, auth: false });
    return (await res.json()) as ReceiptCheck;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

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

export function rembourser(body: RefundBody): Promise<RefundAnswer> {
  return api.post<RefundAnswer>(paths.api.loyer.remboursement, body);
}
