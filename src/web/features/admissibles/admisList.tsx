import { messages } from '../../../domain/messages';
import type { ServerList } from '../../components/list/useServerList';
import { fill } from '../../lib/format';

/** 'N admis trouvés' above the table (read aloud when it changes), 'Chargement…' on the first load. */
export function AdmisCount({ list }: { list: Pick<ServerList<unknown>, 'loading' | 'rows' | 'total'> }) {
  return (
    <p className="count" aria-live="polite" data-testid="nombre-admis">
      {list.loading && list.rows.length === 0
        ? messages.chargement
        : fill(messages.admisTrouves, { n: list.total })}
    </p>
  );
}
