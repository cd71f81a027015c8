import { LIST, useServerList, type ServerList } from '../../components/list/useServerList';
import { answerOf, apiClient, type ListRow } from '../../lib/client';
import type { ChosenSession } from '../staff/SessionChooser';

/**
 * The admissible lists (`etudiant-admis`, `export-deliberation`) and the admissible upload. Paths,
 * parameters and answers are typed by the API's description (lib/client.ts).
 */

type AdmisList = '/campus/etudiant-admis' | '/campus/export-deliberation';

/** The admitted students of the chosen session and direction, 10 a page, under `[LIST, name]`. */
export function useAdmisList(
  name: string,
  list: AdmisList,
  chosen: ChosenSession,
): ServerList<ListRow<AdmisList>, AdmisList> {
  return useServerList({
    key: [LIST, name],
    path: list,
    pageSize: 10,
    extra: { idSessionCenou: chosen.idSessionCenou, idDirection: chosen.idDirection },
  });
}

/** Loads a CSV file of admissible students for the session (the whole file or nothing). */
export const chargerAdmissibles = (file: { nomFichier: string; fichier: string }, idSession: number) =>
  answerOf(apiClient.POST('/campus/chargement-admissibles', { body: { ...file, idSession } }));
