import type {
  AdmisRow,
  AdmissibleUploadAnswer,
  AdmissibleUploadBody,
} from '../../../domain/schemas/admissibles';
import { LIST, useServerList, type ServerList } from '../../components/list/useServerList';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import type { ChosenSession } from '../staff/SessionChooser';

/** The admissible lists (`admis`, `exportDeliberation`) and the admissible upload. */

type AdmisList = keyof Pick<typeof paths.api.admissibles, 'admis' | 'exportDeliberation'>;

/** The admitted students of the chosen session and direction, 10 a page, under `[LIST, name]`. */
export function useAdmisList(name: string, list: AdmisList, chosen: ChosenSession): ServerList<AdmisRow> {
  return useServerList<AdmisRow>({
    key: [LIST, name],
    path: paths.api.admissibles[list],
    pageSize: 10,
    extra: { idSessionCenou: chosen.idSessionCenou, idDirection: chosen.idDirection },
  });
}

/** Loads a CSV file of admissible students for the session (the whole file or nothing). */
export const chargerAdmissibles = (file: { nomFichier: string; fichier: string }, idSession: number) =>
  api.post<AdmissibleUploadAnswer>(paths.api.admissibles.chargement, {
    ...file,
    idSession,
  } satisfies AdmissibleUploadBody);
