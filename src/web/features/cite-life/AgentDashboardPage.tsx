import './cite-life.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { citeMessages as t } from '../../../domain/messages-cite';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { TableScroll } from '../../components/TableScroll';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { citeKeys, fetchAgentDashboard } from './api';
import RepairsPerCite from '../repairs/RepairsPerCite';

/** The residents' list filtered by cité and situation (kept in its address). */
const residentsOf = (f: { idCite: number; etat: string }) =>
  `${paths.residents}?${new URLSearchParams({ cite: String(f.idCite), situation: f.etat }).toString()}`;

/** The agent's /tableau-de-bord (docs/life-in-the-cite.md#the-agents-dashboard): its cités, the arrivals under way. */
export default function AgentDashboardPage() {
  useDocumentTitle(t.tableauAgentTitre);
  const query = useQuery({
    queryKey: citeKeys.dashboard,
    queryFn: ({ signal }) => fetchAgentDashboard(signal),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  const d = query.data;
  return (
    <section className="card">
      <h1>{t.tableauAgentTitre}</h1>
      {d.cites.length === 0 ? (
        <p className="notice notice-info" data-testid="aucune-cite">
          {t.aucuneCiteConfiee}
        </p>
      ) : (
        <TableScroll label={t.tableauAgentTitre}>
          <table className="stack-table" data-testid="cites-agent">
            <thead>
              <tr>
                <th scope="col">{t.colonneCite}</th>
                <th scope="col">{t.colonneResidents}</th>
                <th scope="col">{t.colonneArrivees}</th>
                <th scope="col">{t.colonneAContresigner}</th>
                <th scope="col">{t.colonneDepartsEnCours}</th>
                <th scope="col">{t.colonneDeparts}</th>
              </tr>
            </thead>
            <tbody>
              {d.cites.map((c) => (
                <tr key={c.idCite}>
                  <th scope="row">{c.nomCite}</th>
                  <td data-label={t.colonneResidents}>
                    <FigureLink n={c.residents} to={`${paths.residents}?cite=${c.idCite}`} />
                  </td>
                  <td data-label={t.colonneArrivees}>
                    <FigureLink
                      n={c.arriveesAttendues}
                      to={residentsOf({ idCite: c.idCite, etat: 'ARRIVEE' })}
                    />
                  </td>
                  <td data-label={t.colonneAContresigner}>
                    <FigureLink
                      n={c.aContresigner}
                      to={residentsOf({ idCite: c.idCite, etat: 'A_CONTRESIGNER' })}
                    />
                  </td>
                  <td data-label={t.colonneDepartsEnCours}>
                    <FigureLink
                      n={c.departsEnCours}
                      to={residentsOf({ idCite: c.idCite, etat: 'DEPART_EN_COURS' })}
                    />
                  </td>
                  <td data-label={t.colonneDeparts}>
                    <FigureLink n={c.departs} to={residentsOf({ idCite: c.idCite, etat: 'PARTI' })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {d.cites.length > 0 && (
        <p>
          <Link to={paths.residents} className="p-button p-component p-button-outlined">
            <i className="pi pi-users" aria-hidden="true" />
            <span>{t.voirResidents}</span>
          </Link>
        </p>
      )}
      {d.cites.length > 0 && <RepairsPerCite />}
      <h2>{t.arriveesTitre}</h2>
      {d.arrivees.length === 0 ? (
        <p>{t.aucuneArrivee}</p>
      ) : (
        <ul className="cite-arrivals" data-testid="arrivees">
          {d.arrivees.map((a) => (
            <li key={a.idAffectation}>
              <Link to={paths.etatDesLieux(a.idAffectation)}>
                <strong>{a.etudiant}</strong>
              </Link>{' '}
              ({a.ine}) — {a.nomCite}, {a.libelleChambre}, {a.libelleLit} —{' '}
              {/* The residents' list's word for the same state: an arrival under way until the key is
                  handed and the entry inventory written, then an inventory to countersign. */}
              {t.etatsResident[!a.remiseLe || !a.idEtatDesLieux ? 'ARRIVEE' : 'A_CONTRESIGNER']}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A figure leading to the residents it counts (none: the plain zero). */
function FigureLink({ n, to }: { n: number; to: string }) {
  return n === 0 ? <>{n}</> : <Link to={to}>{n}</Link>;
}
