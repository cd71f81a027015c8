import '../../lib/prime';
import './staff.css';
import { useQuery } from '@tanstack/react-query';
import { Chart } from 'primereact/chart';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { DirectionField } from './DirectionField';
import { fetchDashboard, staffKeys, useStaffScope } from './api';
import type { VilleDepot } from '../../../domain/schemas/staff';
import { LoadFailure } from '../../components/LoadFailure';
import { TableScroll } from '../../components/TableScroll';

/** The three slices of a city, in this order, with their colours. */
const SLICES = [
  { label: messages.dashboardNbEtudiant, field: 'nbEtudiant', color: '#3b82f6' },
  { label: messages.dashboardInscrits, field: 'nbEtudiantInscrit', color: '#f59e0b' },
  { label: messages.dashboardDeposes, field: 'nbEtudiantDepose', color: '#22c55e' },
] as const;

const integer = new Intl.NumberFormat('fr-FR');

const chartOptions = {
  plugins: { legend: { position: 'bottom' as const } },
  maintainAspectRatio: false,
  animation: false as const,
};

function CityPie({ ville }: { ville: VilleDepot }) {
  const data = {
    labels: SLICES.map((s) => s.label),
    datasets: [
      {
        data: SLICES.map((s) => ville[s.field]),
        backgroundColor: SLICES.map((s) => s.color),
      },
    ],
  };
  return (
    <div className="dash-card" data-testid="graphique-ville">
      <h2>{ville.libelleVille}</h2>
      {/* The chart is a picture for sighted users; the same figures are in the table below. */}
      <Chart type="pie" data={data} options={chartOptions} aria-hidden="true" style={{ height: '16rem' }} />
    </div>
  );
}

/**
 * The staff's /tableau-de-bord (workflow specification §2 'Staff dashboard'): per deposit city, a
 * pie chart of three slices (students of the registry, accounts created, dossiers deposited) and
 * the same figures in a table for screen readers. A regional manager sees its own direction;
 * central roles and the admin may choose one. chart.js is loaded by this page only.
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
              <CityPie key={v.idVille} ville={v} />
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
                  {SLICES.map((s) => (
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
                    {SLICES.map((s) => (
                      <td key={s.field}>{integer.format(v[s.field])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
