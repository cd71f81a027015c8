import './offers.css';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { fill } from '../../lib/format';
import { fetchHistorique, offerKeys } from './api';
import { ouagaDateTimeShort } from './time';
import { LoadFailure } from '../../components/LoadFailure';

/**
 * A dossier's history (docs/sessions-and-dossiers.md#the-dossiers-history): every step from the
 * deposit, oldest first, each with its date in Ouagadougou's time, its French label, its details
 * and who did it, as the server describes them for the reader (an answer says whether it came on
 * the site or by SMS). For the student (its consultation page) and the staff (theirs); no
 * component library.
 */
export function DossierHistory({ idDossier }: { idDossier: number }) {
  const query = useQuery({
    queryKey: offerKeys.historique(idDossier),
    queryFn: ({ signal }) => fetchHistorique(idDossier, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  return (
    <section className="dossier-history" aria-labelledby={`historique-${idDossier}`} data-testid="historique">
      <h2 id={`historique-${idDossier}`}>{messages.historiqueTitre}</h2>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p>{messages.historiqueVide}</p>
      ) : (
        <ol className="history-list">
          {query.data.map((e, i) => (
            <li key={i} data-evenement={e.evenement}>
              <time dateTime={e.date}>{ouagaDateTimeShort(e.date)}</time>
              <strong>{e.libelle}</strong>
              {e.details.map((line, k) => (
                <span key={k} className="history-detail">
                  {keepCodes(line)}
                </span>
              ))}
              <span className="history-author" data-canal={e.canal ?? undefined}>
                {fill(messages.historiqueAuteur, { auteur: e.acteur })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Codes (a reference « BOB-2026-000002 », a bed « A-001-1 ») never cut at their hyphens. */
function keepCodes(line: string) {
  return line.split(/(\S*\w-\w\S*)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="history-code">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
