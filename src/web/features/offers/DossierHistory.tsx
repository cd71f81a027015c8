import './offers.css';
import { useQuery } from '@tanstack/react-query';
import { enumLabel, messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { fill } from '../../lib/format';
import { fetchHistorique, offerKeys } from './api';
import { ouagaDateTimeShort } from './time';
import { LoadFailure } from '../../components/LoadFailure';

/**
 * A dossier's history (docs/offers.md): publication, offer, reminder, answer, expiry, withdrawal
 * with its reason, promotion, each with its date in Ouagadougou's time, oldest first; an answer
 * says whether it came on the site or by SMS. For the
 * student (its consultation page) and the staff (theirs); no component library.
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
              <strong>{enumLabel('evenement', e.evenement)}</strong>
              {e.canal && (
                <span data-canal={e.canal}>
                  {fill(messages.historiqueCanal, { canal: enumLabel('canalReponse', e.canal) })}
                </span>
              )}
              {e.motif && (
                <span>{fill(messages.historiqueMotif, { motif: enumLabel('motif', e.motif) })}</span>
              )}
              {e.commentaire && (
                <span>{fill(messages.historiqueCommentaire, { commentaire: e.commentaire })}</span>
              )}
              {e.auteur && (
                <span className="history-author">
                  {fill(messages.historiqueAuteur, { auteur: e.auteur })}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
