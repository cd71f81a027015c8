import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageBody } from '../../../domain/schemas/common';
import { api } from '../../lib/api';
import { prefetchFirstRead } from '../../lib/query';
import { assignmentKeys, fetchMonAffectation } from '../assignment/api';
import { paths } from '../../lib/paths';
import type {
  DepositBody,
  DepositForm,
  DossierDetail,
  DossierSummary,
} from '../../../domain/schemas/dossier';

/** react-query keys of the student's dossier data. */
export const dossierKeys = {
  all: ['dossier'] as const,
  depot: (ine: string) => ['dossier', 'depot', ine] as const,
  liste: (ine: string) => ['dossier', 'etudiant', ine] as const,
  detail: (ine: string, idDossier: number) => ['dossier', 'detail', ine, idDossier] as const,
};

/** `GET campus/dossier/depot` without a dossier: the deposit form of the student's open session. */
export const fetchDepotForm = (ine: string, signal?: AbortSignal) =>
  api.get<DepositForm>(paths.api.dossier.depot, { ineEtudiant: ine }, signal);

/**
 * The deposit form of the student's open session (/depot and /edit-dossier): read afresh on each
 * visit and not retried (a refusal, such as a closed session, is the answer to show).
 */
export const useDepotForm = (ine: string) =>
  useQuery({
    queryKey: dossierKeys.depot(ine),
    queryFn: ({ signal }) => fetchDepotForm(ine, signal),
    enabled: ine !== '',
    staleTime: 0,
    retry: false,
  });

export const fetchDossiers = async (ine: string, signal?: AbortSignal) =>
  (await api.get<DossierSummary[] | null>(paths.api.dossier.etudiant(ine), undefined, signal)) ?? [];

/**
 * `GET campus/dossier/depot` with a dossier: one dossier with its answers (no file content), for
 * the student's screens and the staff's alike.
 */
export const fetchDossier = (ine: string, idDossier: number, signal?: AbortSignal) =>
  api.get<DossierDetail>(paths.api.dossier.depot, { ineEtudiant: ine, idDossier }, signal);

export const deleteDossier = (idDossier: number) =>
  api.patch<z.infer<typeof messageBody>>(paths.api.dossier.element(idDossier));

/**
 * `PUT campus/dossier` as JSON, each new proof named by its finished upload (`televersement`,
 * resumable.ts): the bytes are already on the server. Rejects with an ApiError (status 0 when the
 * network failed). The multipart deposit stays for other clients (docs/sessions-and-dossiers.md).
 */
export const saveDossier = (dossier: DepositBody) =>
  api.put<DossierDetail>(paths.api.dossier.enregistrer, dossier);

/** /depot's first reads (the form and the student's dossiers), asked with the page's code. */
export function askDepotReads(client: QueryClient, ine: string): void {
  prefetchFirstRead(client, dossierKeys.depot(ine), ({ signal }) => fetchDepotForm(ine, signal));
  prefetchFirstRead(client, dossierKeys.liste(ine), ({ signal }) => fetchDossiers(ine, signal));
}

/** The student's dashboard's first reads (its dossiers, its bed), asked with the page's code. */
export function askDashboardReads(client: QueryClient, ine: string): void {
  prefetchFirstRead(client, dossierKeys.liste(ine), ({ signal }) => fetchDossiers(ine, signal));
  prefetchFirstRead(client, assignmentKeys.moi(ine), ({ signal }) => fetchMonAffectation(signal));
}
