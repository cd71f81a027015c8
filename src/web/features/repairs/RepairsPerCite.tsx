import '../../lib/prime';
import { repairMessages as t } from '../../../domain/messages-repairs';
import type { InterventionCiteRow } from '../../../domain/schemas/repairs';
import { ExportButtons } from '../../components/list/ExportButton';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { frenchPercent } from '../../lib/format';
import { repairKeys } from './api';

const number = (n: number | null) => (n === null ? '—' : n.toLocaleString('fr-FR'));
// The share already a percent: the one French percent formatter reads it over 100.
const percent = (n: number | null) => (n === null ? '—' : (frenchPercent(n, 100) ?? '—'));

const COLUMNS: ListColumn<InterventionCiteRow>[] = [
  { key: 'nomCite', header: t.cite, cell: (r) => r.nomCite },
  {
    key: 'lits',
    header: t.colonneLits,
    filter: false,
    className: 'amount-column',
    cell: (r) => number(r.lits),
  },
  {
    key: 'litsOccupes',
    header: t.colonneLitsOccupes,
    filter: false,
    className: 'amount-column',
    cell: (r) => number(r.litsOccupes),
  },
  {
    key: 'tauxOccupation',
    header: t.colonneTaux,
    filter: false,
    className: 'amount-column',
    cell: (r) => percent(r.tauxOccupation),
  },
  {
    key: 'ouvertes',
    header: t.colonneOuvertes,
    filter: false,
    className: 'amount-column',
    cell: (r) => r.ouvertes,
  },
  {
    key: 'enRetard',
    header: t.colonneRetards,
    filter: false,
    className: 'amount-column',
    cell: (r) => r.enRetard,
  },
  {
    key: 'delaiMedianHeures',
    header: t.colonneDelai,
    filter: false,
    className: 'amount-column',
    cell: (r) => number(r.delaiMedianHeures),
  },
];

/**
 * Per cité (the agent's its own, the managers' those of their scope): its beds, those occupied today
 * and their share, the open and late requests, the median hours from report to resolution; the
 * dashboards' table, exported.
 */
export default function RepairsPerCite() {
  const list = useServerList({
    key: repairKeys.cites(),
    path: '/campus/intervention/par-cite',
    pageSize: 10,
    staleTime: 0,
  });
  return (
    <section data-testid="interventions-par-cite">
      <h2>{t.parCiteTitre}</h2>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idCite"
        label={t.parCiteTitre}
        toolbar={<ExportButtons list={list} name="interventions-par-cite" formats={['xlsx', 'pdf']} />}
      />
    </section>
  );
}
