import { useQuery } from '@tanstack/react-query';
import type { PdfList } from '../../../domain/schemas/deliberation';
import { answerOf, apiClient, saveFile } from '../../lib/client';

/**
 * The deliberation calls: the preview and its PDFs, the publication, the runs and their
 * verification, a result. Paths, parameters and answers are typed by the API's description
 * (lib/client.ts).
 */

export const delibKeys = {
  runs: (idSessionCenou: number) => ['deliberation', 'runs', idSessionCenou] as const,
  resultat: (idDossier: number) => ['deliberation', 'resultat', idDossier] as const,
};

export const fetchApercu = (idSessionCenou: number, idDirection: number, seed: string) =>
  answerOf(
    apiClient.GET('/campus/deliberation-nationaux', {
      params: { query: { idSessionCenou, idDirection, seed: seed.trim() || undefined } },
    }),
  );

/** One list of the preview of this seed as a PDF, saved as a file. */
export const telechargerListePdf = (
  idSessionCenou: number,
  idDirection: number,
  seed: string,
  liste: PdfList,
) =>
  saveFile(
    apiClient.GET('/campus/deliberation-nationaux', {
      params: { query: { idSessionCenou, idDirection, seed, format: 'pdf', liste } },
      parseAs: 'blob',
    }),
    `admissibles_${liste.toLowerCase()}.pdf`,
  );

/** One list of a published run as a PDF (as published: no provisional mark), saved as a file. */
export const telechargerListePublieePdf = (idDeliberation: number, liste: PdfList) =>
  saveFile(
    apiClient.GET('/campus/deliberation/{idDeliberation}/pdf', {
      params: { path: { idDeliberation }, query: { liste } },
      parseAs: 'blob',
    }),
    `admissibles_${liste.toLowerCase()}.pdf`,
  );

export const publier = (idSessionCenou: number, idDirection: number, seed: string) =>
  answerOf(apiClient.POST('/campus/deliberation', { body: { idSessionCenou, idDirection, seed } }));

export function useRuns(idSessionCenou: number | null, idDirection: number | null) {
  return useQuery({
    queryKey: delibKeys.runs(idSessionCenou ?? 0),
    queryFn: async ({ signal }) =>
      (await answerOf(
        apiClient.GET('/campus/deliberation', {
          params: { query: { idSessionCenou: idSessionCenou ?? 0, idDirection: idDirection ?? 0 } },
          signal,
        }),
      )) ?? [],
    enabled: idSessionCenou !== null && idDirection !== null,
  });
}

/** A run ranked again from its stored inputs and compared with what was published. */
export const fetchVerification = (idDeliberation: number) =>
  answerOf(
    apiClient.GET('/campus/deliberation/{idDeliberation}/verification', {
      params: { path: { idDeliberation } },
    }),
  );

export const fetchResultat = (idDossier: number, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/dossier/{idDossier}/resultat', { params: { path: { idDossier } }, signal }),
  );

export { formatMoyenne, nomComplet } from '../staff/api';
