import { messages } from '../../../domain/messages';
import { LIST, useServerList, type ServerList } from '../../components/list/useServerList';
import { fill } from '../../lib/format';
import type { AdmisRow } from './columns';
import type { ChosenSession } from '../staff/SessionChooser';

/** The admitted students of the chosen session and direction, 10 a page, from `path` under `[LIST, name]`. */
export function useAdmisList(name: string, path: string, chosen: ChosenSession): ServerList<AdmisRow> {
  return useServerList<AdmisRow>({
    key: [LIST, name],
    path,
    pageSize: 10,
    extra: { idSessionCenou: chosen.idSessionCenou, idDirection: chosen.idDirection },
  });
}

/** 'N admis trouvés' above the table (read aloud when it changes), 'Chargement…' on the first load. */
export function AdmisCount({ list }: { list: ServerList<AdmisRow> }) {
  return (
    <p className="count" aria-live="polite" data-testid="nombre-admis">
      {list.loading && list.rows.length === 0
        ? messages.chargement
        : fill(messages.admisTrouves, { n: list.total })}
    </p>
  );
}
