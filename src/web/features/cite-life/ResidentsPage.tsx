import '../../lib/prime';
import '../staff/staff.css';
import './cite-life.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { citeMessages as t } from '../../../domain/messages-cite';
import { ETATS_RESIDENT, type EtatResident, type ResidentRow } from '../../../domain/schemas/cite-life';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { LIST, useServerList } from '../../components/list/useServerList';
import { fill, frenchDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { citeKeys, fetchAgentDashboard } from './api';

const isEtat = (v: string | null): v is EtatResident =>
  v !== null && (ETATS_RESIDENT as readonly string[]).includes(v);

const COLUMNS: ListColumn<ResidentRow>[] = [
  {
    key: 'etudiant',
    header: t.colonneResident,
    filter: false,
    cell: (r) => (
      <Link to={paths.etatDesLieux(r.idAffectation)}>
        <strong>{r.etudiant}</strong>
      </Link>
    ),
  },
  { key: 'ine', header: t.colonneIne, filter: false, cell: (r) => r.ine },
  {
    key: 'libelleChambre',
    header: t.colonneLit,
    filter: false,
    // A room's or a bed's code is never cut (« Lit D-129-2 » would break at its hyphen); one element,
    // so that a phone's card keeps the text as one value beside its column's name.
    cell: (r) => (
      <span>
        {r.nomCite}, <span className="resident-code">{r.libelleChambre}</span>,{' '}
        <span className="resident-code">{r.libelleLit}</span>
      </span>
    ),
  },
  {
    key: 'etat',
    header: t.colonneSituation,
    filter: false,
    cell: (r) =>
      r.dateDepart ? fill(t.partiLe, { date: frenchDate(r.dateDepart) }) : t.etatsResident[r.etat],
  },
  {
    key: 'idAffectation',
    header: t.colonneActions,
    sortable: false,
    filter: false,
    className: 'resident-actions',
    cell: (r) => (
      <span className="resident-links">
        <Link
          to={paths.etatDesLieux(r.idAffectation)}
          className="p-button p-component p-button-outlined p-button-sm"
        >
          <i className="pi pi-key" aria-hidden="true" />
          <span>{t.lienArrivee}</span>
        </Link>
        {(r.departPossible || r.dateDepart) && (
          <Link
            to={paths.depart(r.idAffectation)}
            className="p-button p-component p-button-outlined p-button-sm"
            data-testid="lien-depart"
          >
            <i className="pi pi-sign-out" aria-hidden="true" />
            <span>{t.lienDepart}</span>
          </Link>
        )}
      </span>
    ),
  },
];

/**
 * /residents (an agent, the admin): this year's residents of its cités in the shared
 * server-paginated table, searched by name, INE or room, filtered by cité and situation (both in
 * the address, so that the dashboard's figures lead here), each leading to its arrival and, when
 * the server allows it, its departure (docs/life-in-the-cite.md#the-residents).
 */
export default function ResidentsPage() {
  useDocumentTitle(t.residentsTitre);
  const [params, setParams] = useSearchParams();
  const idCite = Number(params.get('cite')) || undefined;
  const situation = params.get('situation');
  const etat = isEtat(situation) ? situation : undefined;
  // The agent's cités, named, for the choice (the dashboard's read).
  const dashboard = useQuery({
    queryKey: citeKeys.dashboard,
    queryFn: ({ signal }) => fetchAgentDashboard(signal),
  });
  const list = useServerList({
    key: [LIST, 'residents'],
    path: '/campus/cite-agent/residents',
    pageSize: 20,
    staleTime: 0,
    extra: {
      ...(idCite !== undefined ? { 'filtre.idCite': String(idCite) } : {}),
      ...(etat ? { 'filtre.etat': etat } : {}),
    },
  });
  const choose = (key: 'cite' | 'situation', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return (
    <section className="resource-screen residents-screen">
      <h1>{t.residentsTitre}</h1>
      <p className="staff-intro">{t.residentsIntro}</p>
      <div className="residents-filters">
        <label>
          <span>{t.filtreCite}</span>
          <select
            className="p-inputtext p-component"
            value={idCite ?? ''}
            onChange={(e) => choose('cite', e.target.value)}
            data-testid="filtre-cite"
          >
            <option value="">{t.toutesCites}</option>
            {(dashboard.data?.cites ?? []).map((c) => (
              <option key={c.idCite} value={c.idCite}>
                {c.nomCite}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.filtreEtat}</span>
          <select
            className="p-inputtext p-component"
            value={etat ?? ''}
            onChange={(e) => choose('situation', e.target.value)}
            data-testid="filtre-situation"
          >
            <option value="">{t.toutesSituations}</option>
            {ETATS_RESIDENT.map((e) => (
              <option key={e} value={e}>
                {t.etatsResident[e]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ServerTable list={list} columns={COLUMNS} dataKey="idAffectation" label={t.residentsTitre} />
    </section>
  );
}
