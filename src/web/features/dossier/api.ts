import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DepositBody } from '../../../domain/schemas/dossier';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../lib/api';
import { answerOf, apiClient } from '../../lib/client';
import { prefetchFirstRead } from '../../lib/query';
import { assignmentKeys, fetchMonAffectation } from '../assignment/api';
import { depositSituationQuery, fetchDepositSituation, situationKey } from './situation';

export { depositSituationQuery, fetchDepositSituation, SITUATION_STALE_MS } from './situation';

/**
 * The student's dossier calls. Paths, parameters and answers are typed by the API's description
 * (lib/client.ts).
 */

/** react-query keys of the student's dossier data. */
export const dossierKeys = {
  all: ['dossier'] as const,
  depot: (ine: string) => ['dossier', 'depot', ine] as const,
  situation: situationKey,
  liste: (ine: string) => ['dossier', 'etudiant', ine] as const,
  detail: (ine: string, idDossier: number) => ['dossier', 'detail', ine, idDossier] as const,
};

/**
 * `GET campus/dossier/depot` answers the deposit form, or with `idDossier` one dossier: the
 * description gives the union of both, told apart by what only a dossier has.
 */
const depot = (ine: string | undefined, idDossier: number | undefined, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/dossier/depot', {
      params: {
        query: {
          ...(ine === undefined ? {} : { ineEtudiant: ine }),
          ...(idDossier === undefined ? {} : { idDossier }),
        },
      },
      signal,
    }),
  );
type DepotAnswer = Awaited<ReturnType<typeof depot>>;
type DepotDossier = Extract<DepotAnswer, { referenceDossier: string }>;
const isDossier = (answer: DepotAnswer): answer is DepotDossier => 'referenceDossier' in answer;
const unexpected = () => new ApiError(0, 'ERREUR_INTERNE', messages.erreurInterne);

/** `GET campus/dossier/depot` without a dossier: the deposit form of the student's open session. */
export const fetchDepotForm = async (ine: string, signal?: AbortSignal) => {
  const answer = await depot(ine, undefined, signal);
  if (isDossier(answer)) throw unexpected();
  return answer;
};

/**
 * The deposit form of the student's open session (/depot and /edit-dossier): read afresh on each
 * visit and not retried (a refusal, such as a closed session, is the answer to show). With
 * `enabled` false (the student's situation says its direction takes no deposit) it is not asked.
 */
export const useDepotForm = (ine: string, enabled = true) =>
  useQuery({
    queryKey: dossierKeys.depot(ine),
    queryFn: ({ signal }) => fetchDepotForm(ine, signal),
    enabled: ine !== '' && enabled,
    staleTime: 0,
    retry: false,
  });

export const fetchDossiers = async (ine: string, signal?: AbortSignal) =>
  (await answerOf(apiClient.GET('/campus/dossier/etudiant/{ine}', { params: { path: { ine } }, signal }))) ??
  [];

/**
 * `GET campus/dossier/depot` with a dossier: one dossier with its answers (no file content), for
 * the student's screens and the staff's alike.
 */
export const fetchDossier = async (ine: string | undefined, idDossier: number, signal?: AbortSignal) => {
  const answer = await depot(ine, idDossier, signal);
  if (!isDossier(answer)) throw unexpected();
  return answer;
};

export const deleteDossier = (idDossier: number) =>
  answerOf(apiClient.PATCH('/campus/dossier/{id}', { params: { path: { id: idDossier } } }));

/**
 * `PUT campus/dossier` as JSON, each new proof named by its finished upload (`televersement`,
 * resumable.ts): the bytes are already on the server. Rejects with an ApiError (status 0 when the
 * network failed). The multipart deposit stays for other clients (docs/sessions-and-dossiers.md).
 */
export const saveDossier = (dossier: DepositBody) =>
  answerOf(apiClient.PUT('/campus/dossier', { body: dossier }));

/**
 * /depot's first reads (the form and the student's dossiers), asked with the page's code. The form
 * only once the student's situation says its direction takes a deposit (else the page says why and
 * asks no form): at once when the menu has read the situation already, after it otherwise.
 */
export function askDepotReads(client: QueryClient, ine: string): void {
  prefetchFirstRead(client, dossierKeys.liste(ine), ({ signal }) => fetchDossiers(ine, signal));
  const askForm = () =>
    prefetchFirstRead(client, dossierKeys.depot(ine), ({ signal }) => fetchDepotForm(ine, signal));
  const known = client.getQueryData<Awaited<ReturnType<typeof fetchDepositSituation>>>(
    dossierKeys.situation(ine),
  );
  if (known) {
    if (known.depotPossible) askForm();
    return;
  }
  void client
    .fetchQuery(depositSituationQuery(ine))
    .then((situation) => situation.depotPossible && askForm())
    .catch(() => undefined);
}

/** The student's dashboard's first reads (its dossiers, its bed), asked with the page's code. */
export function askDashboardReads(client: QueryClient, ine: string): void {
  prefetchFirstRead(client, dossierKeys.liste(ine), ({ signal }) => fetchDossiers(ine, signal));
  prefetchFirstRead(client, assignmentKeys.moi(ine), ({ signal }) => fetchMonAffectation(signal));
}
