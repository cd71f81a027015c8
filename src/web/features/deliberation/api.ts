import { useQuery } from '@tanstack/react-query';
import type {
  DeliberationLists,
  DeliberationRun,
  DossierResult,
  PdfList,
  PreviewQuery,
  PublishAnswer,
  PublishBody,
  RunPdfQuery,
  Verification,
} from '../../../domain/schemas/deliberation';
import { api, downloadFile, type Query } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The deliberation calls: the preview and its PDFs, the publication, the runs and their verification, a result. */

export const delibKeys = {
  runs: (idSessionCenou: number) => ['deliberation', 'runs', idSessionCenou] as const,
  resultat: (idDossier: number) => ['deliberation', 'resultat', idDossier] as const,
};

export const fetchApercu = (idSessionCenou: number, idDirection: number, seed: string) =>
  api.get<DeliberationLists>(paths.api.deliberation.apercu, {
    idSessionCenou,
    idDirection,
    seed: seed.trim() || undefined,
  } satisfies PreviewQuery & Query);

/** One list of the preview of this seed as a PDF, saved as a file. */
export const telechargerListePdf = (
  idSessionCenou: number,
  idDirection: number,
  seed: string,
  liste: PdfList,
) =>
  downloadFile(
    paths.api.deliberation.apercu,
    { idSessionCenou, idDirection, seed, format: 'pdf', liste } satisfies PreviewQuery & Query,
    `admissibles_${liste.toLowerCase()}.pdf`,
  );

/** One list of a published run as a PDF (as published: no provisional mark), saved as a file. */
export const telechargerListePublieePdf = (idDeliberation: number, liste: PdfList) =>
  downloadFile(
    paths.api.deliberation.pdf(idDeliberation),
    { liste } satisfies RunPdfQuery & Query,
    `admissibles_${liste.toLowerCase()}.pdf`,
  );

export const publier = (idSessionCenou: number, idDirection: number, seed: string) =>
  api.post<PublishAnswer>(paths.api.deliberation.publications, {
    idSessionCenou,
    idDirection,
    seed,
  } satisfies PublishBody);

export function useRuns(idSessionCenou: number | null, idDirection: number | null) {
  return useQuery({
    queryKey: delibKeys.runs(idSessionCenou ?? 0),
    queryFn: ({ signal }) =>
      api.get<DeliberationRun[]>(
        paths.api.deliberation.publications,
        { idSessionCenou, idDirection },
        signal,
      ),
    enabled: idSessionCenou !== null && idDirection !== null,
  });
}

/** A run ranked again from its stored inputs and compared with what was published. */
export const fetchVerification = (idDeliberation: number) =>
  api.get<Verification>(paths.api.deliberation.verification(idDeliberation));

export const fetchResultat = (idDossier: number, signal?: AbortSignal) =>
  api.get<DossierResult>(paths.api.dossier.resultat(idDossier), undefined, signal);

export { formatMoyenne, nomComplet } from '../staff/api';
