import { useQuery } from '@tanstack/react-query';
import type { CashPaymentBody, RefundBody } from '../../../domain/schemas/rent';
import { ApiError } from '../../lib/api';
import { answerOf, apiClient, publicClient, saveFile } from '../../lib/client';

/**
 * The rent calls (docs/rent.md): the student's own rent, a cash payment at the counter, a refund.
 * Paths, parameters and answers are typed by the API's description (lib/client.ts).
 */

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
    queryFn: ({ signal }) => answerOf(apiClient.GET('/campus/loyer/sessions', { signal })),
    staleTime: 60_000,
  });
}

/** The operators a refund may go through (active, not the counter's cash: that is the default choice). */
export function useRefundOperators() {
  return useQuery({
    queryKey: rentKeys.operators(),
    queryFn: async ({ signal }) =>
      ((await answerOf(apiClient.GET('/campus/operateur', { signal }))) ?? []).flatMap(
        ({ idOperateur, libelleOperateur, codeTypePaiement, actif }) =>
          actif && codeTypePaiement !== 'ESPECES' && idOperateur != null && libelleOperateur != null
            ? [{ idOperateur, libelleOperateur, codeTypePaiement }]
            : [],
      ),
    staleTime: 60_000,
  });
}

/** One assignment's rent, for staff (the arrears list's « Paiements »). */
export function useAssignmentRent(idAffectation: number) {
  return useQuery({
    queryKey: rentKeys.assignment(idAffectation),
    queryFn: ({ signal }) =>
      answerOf(
        apiClient.GET('/campus/loyer/affectation/{id}', { params: { path: { id: idAffectation } }, signal }),
      ),
    staleTime: 0,
  });
}

/** A payment's receipt (PDF), fetched with the token (never the token in a URL). */
export const telechargerRecu = (reference: string) =>
  saveFile(
    apiClient.GET('/campus/paiement/{referencePaiement}/recu', {
      params: { path: { referencePaiement: reference } },
      parseAs: 'blob',
    }),
    `recu_${reference}.pdf`,
  );

/** The public check of a receipt: null when no succeeded payment bears the reference (404). */
export async function verifierRecu(reference: string, signal?: AbortSignal) {
  try {
    return await answerOf(
      publicClient.GET('/campus-auth/recu/{referencePaiement}', {
        params: { path: { referencePaiement: reference } },
        signal,
      }),
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** The student's own rent, per assignment: « Mon loyer » and the student's menu (app/studentMenu.ts). */
export async function fetchMyRent(signal?: AbortSignal) {
  return (await answerOf(apiClient.GET('/campus/loyer/etudiant', { signal }))) ?? [];
}

export function useMyRent() {
  return useQuery({
    queryKey: rentKeys.mine(),
    queryFn: ({ signal }) => fetchMyRent(signal),
    staleTime: 0,
  });
}

export const encaisser = (body: CashPaymentBody) =>
  answerOf(apiClient.POST('/campus/paiement/especes', { body }));

export const rembourser = (body: RefundBody) =>
  answerOf(apiClient.POST('/campus/paiement/remboursement', { body }));
