import '../../lib/prime';
import './staff.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { errorMessage } from '../../lib/api';
import { fill, frenchInteger, frenchPercent } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { DirectionField } from './DirectionField';
import { fetchDashboard, staffKeys, useStaffScope } from './api';
import type { VilleDepot } from '../../../domain/schemas/staff';
import { LoadFailure } from '../../components/LoadFailure';
import { TableScroll } from '../../components/TableScroll';
import RepairsPerCite from '../repairs/RepairsPerCite';

/**
 * The three steps of a city, each part of the one before (a registered student is in the registry,
 * a deposit is made from an account), with the share of the registry each step is (the deposits'
 * words add the share of the accounts they are).
 */
const STEPS = [
  { label: messages.dashboardNbEtudiant, field: 'nbEtudiant', share: null },
  { label: messages.dashboardInscrits, field: 'nbEtudiantInscrit', share: messages.dashboardPartInscrits },
  { label: messages.dashboardDeposes, field: 'nbEtudiantDepose', share: messages.dashboardPartDeposes },
] as const;

/**
 * A city's funnel: one horizontal bar per step, its length the step's share of the registry (the
 * first step), the count and that same share written beside it, then for the deposits their share
 * of the accounts (the bars are only a picture of those words; the table below holds the same
 * figures).
 */
function CityFunnel({ ville }: { ville: VilleDepot }) {
  const base = ville.nbEtudiant;
  const id = `entonnoir-${ville.idVille}`;
  return (
    <section className="dash-card" data-testid="graphique-ville" aria-labelledby={id}>
      <h2 id={id}>{ville.libelleVille}</h2>
      <ol className="funnel" aria-label={fill(messages.dashboardEntonnoir, { ville: ville.libelleVille })}>
        {STEPS.map((step, i) => {
          const value = ville[step.field];
          const previous = i > 0 ? ville[STEPS[i - 1].field] : null;
          const width = base > 0 ? Math.min(100, (value / base) * 100) : 0;
          const ofBase = frenchPercent(value, base);
          const ofPrevious = previous === null ? null : frenchPercent(value, previous);
          return (
            <li key={step.field} className="funnel-step" data-etape={step.field}>
              <div className="funnel-head">
                <span className="funnel-label">{step.label}</span>
                <strong className="funnel-value">{frenchInteger(value)}</strong>
              </div>
              <div className="funnel-track" aria-hidden="true">
                <div className="funnel-bar" style={{ width: `${width}%` }} />
              </div>
              {step.share && (
                <p className="funnel-share">
                  {ofBase === null
                    ? messages.dashboardPartSansBase
                    : fill(ofPrevious === null ? messages.dashboardPartInscrits : step.share, {
                        pourcentage: ofBase,
                        precedent: ofPrevious ?? '',
                      })}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The staff's /tableau-de-bord (docs/sessions-and-dossiers.md#staff-lists-and-the-dashboard): per deposit city, a
 * funnel of three steps (students of the registry, accounts created, dossiers deposited: each part
 * of the one before, so bars and shares of the registry, not slices of one whole) and the same
 * figures in a table. A regional manager sees its own direction; central roles and the admin may
 * choose one.
 */
export default function StaffDashboardPage() {
  useDocumentTitle(messages.dashboardTitre);
  const toast = useToast();
  const scope = useStaffScope('dashboard');
  const [idDirection, setIdDirection] = useState<number | null>(null);
  const asked = scope.fixed ? scope.idDirection : idDirection;
  const query = useQuery({
    queryKey: staffKeys.dashboard(asked),
    queryFn: ({ signal }) => fetchDashboard(asked, signal),
  });
  const lastError = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && query.error !== lastError.current) toast.failure(errorMessage(query.error));
    lastError.current = query.error;
  }, [query.error, toast]);
  const villes = query.data?.villeDepotDtos ?? [];

  return (
    <section className="resource-screen">
      <h1>{messages.dashboardTitre}</h1>
      <p className="staff-intro">{messages.dashboardIntro}</p>
      <div className="staff-filters">
        <DirectionField
          id="tableau-direction"
          fixed={scope.fixed}
          fixedLabel={scope.libelleDirection}
          value={idDirection}
          onChange={setIdDirection}
          allowAll
        />
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : villes.length === 0 ? (
        <p>{messages.dashboardAucuneVille}</p>
      ) : (
        <>
          <div className="dash-grid">
            {villes.map((v) => (
              <CityFunnel key={v.idVille} ville={v} />
            ))}
          </div>
          {/* On a phone the four columns may be wider than the screen: they scroll in their box
              (reachable by the keyboard), and no header breaks inside a word. */}
          <TableScroll label={messages.dashboardTableau}>
            <table className="dash-table" data-testid="tableau-chiffres">
              <caption>{messages.dashboardTableau}</caption>
              <thead>
                <tr>
                  <th scope="col">{messages.colonneVille}</th>
                  {STEPS.map((s) => (
                    <th scope="col" key={s.field}>
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {villes.map((v) => (
                  <tr key={v.idVille}>
                    <th scope="row">{v.libelleVille}</th>
                    {STEPS.map((s) => (
                      <td key={s.field}>{frenchInteger(v[s.field])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <RepairsPerCite />
    </section>
  );
}
