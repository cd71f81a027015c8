import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { useDocumentTitle } from '../../lib/title';

/**
 * A page about one assignment: the one in the path (`:idAffectation`, an agent of the cité or the
 * admin), else the resident's own most recent one (`mine`, read only then); a card saying so when
 * there is none.
 */
export function AssignmentPage({
  title,
  none,
  mineKey,
  fetchMine,
  children,
}: {
  title: string;
  none: string;
  mineKey: QueryKey;
  fetchMine: (signal: AbortSignal) => Promise<readonly { idAffectation: number }[]>;
  children: (idAffectation: number) => ReactNode;
}) {
  const params = useParams();
  const fromPath = Number(params.idAffectation);
  const mine = useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => fetchMine(signal),
    enabled: !fromPath,
  });
  useDocumentTitle(title);
  const id = fromPath || mine.data?.[0]?.idAffectation;
  if (!fromPath && mine.isPending) return <Loading />;
  if (!fromPath && mine.isError)
    return <LoadFailure error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!id)
    return (
      <section className="card narrow">
        <h1>{title}</h1>
        <p>{none}</p>
      </section>
    );
  return <>{children(id)}</>;
}
