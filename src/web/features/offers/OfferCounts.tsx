import './offers.css';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import type { OfferCounts } from '../../../domain/schemas/offers';
import { fetchCompteurs, offerKeys } from './api';
import { LoadFailure } from '../../components/LoadFailure';

const COUNTS: { key: keyof OfferCounts; label: string }[] = [
  { key: 'listes', label: messages.compteurListes },
  { key: 'charges', label: messages.compteurCharges },
  { key: 'enAttente', label: messages.compteurEnAttente },
  { key: 'acceptes', label: messages.compteurAcceptes },
  { key: 'refuses', label: messages.compteurRefuses },
  { key: 'expires', label: messages.compteurExpires },
  { key: 'retires', label: messages.compteurRetires },
  { key: 'promus', label: messages.compteurPromus },
];

/**
 * The admissible list's rows by answer (counted by the list's own source: the uploaded students
 * are listed and accepted), the offers that ended and the students promoted from the waiting list
 * (`GET campus/etudiant-admis/compteurs`), above the admissible list; read again after a withdrawal
 * (key under `['offre']`) and on focus.
 */
export function OfferCounts({
  idSessionCenou,
  idDirection,
}: {
  idSessionCenou: number;
  idDirection: number;
}) {
  const query = useQuery({
    queryKey: offerKeys.compteurs(idSessionCenou, idDirection),
    queryFn: ({ signal }) => fetchCompteurs(idSessionCenou, idDirection, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <section aria-label={messages.compteursTitre}>
      <dl className="offer-counts" data-testid="compteurs" aria-busy={query.isPending}>
        {COUNTS.map(({ key, label }) => (
          <div key={key} data-compteur={key}>
            <dt>{label}</dt>
            <dd>{query.data ? query.data[key] : messages.valeurAbsente}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
