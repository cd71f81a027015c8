import '../../lib/prime';
import '../staff/staff.css';
import { Link } from 'react-router';
import { enumLabel, enumLabels } from '../../../domain/messages-labels';
import { lateWords, repairMessages as t } from '../../../domain/messages-repairs';
import { STATUTS_OUVERTS } from '../../../domain/repairs';
import { scopeOf } from '../../../domain/permissions';
import {
  CATEGORIES_INTERVENTION,
  PRIORITES_INTERVENTION,
  STATUTS_INTERVENTION,
} from '../../../domain/repairs';
import type { InterventionRow } from '../../../domain/schemas/repairs';
import { ExportButtons } from '../../components/list/ExportButton';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { roleOf, useUser } from '../../lib/auth';
import { frenchDateTimeShort } from '../../../domain/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { repairKeys } from './api';

const options = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const where = (r: InterventionRow) =>
  r.libelleChambre ? `${r.nomCite}, ${r.libelleChambre}` : `${r.nomCite}, ${enumLabel('lieu', r.lieu)}`;

const COLUMNS: ListColumn<InterventionRow>[] = [
  {
    key: 'idIntervention',
    header: t.colonneNumero,
    filter: false,
    cell: (r) => <Link to={paths.intervention(r.idIntervention)}>{r.idIntervention}</Link>,
  },
  { key: 'nomCite', header: t.colonneOu, cell: where },
  {
    key: 'categorie',
    header: t.categorie,
    options: options(CATEGORIES_INTERVENTION, enumLabels.categorie),
    cell: (r) => enumLabel('categorie', r.categorie),
  },
  {
    key: 'priorite',
    header: t.priorite,
    options: options(PRIORITES_INTERVENTION, enumLabels.priorite),
    cell: (r) => enumLabel('priorite', r.priorite),
  },
  {
    key: 'statut',
    header: t.etat,
    options: options(STATUTS_INTERVENTION, enumLabels.statut),
    cell: (r) => enumLabel('statut', r.statut),
  },
  {
    key: 'echeance',
    header: t.colonneEcheance,
    filter: false,
    cell: (r) => frenchDateTimeShort(new Date(r.echeance)),
  },
  {
    key: 'enRetard',
    header: t.colonneRetard,
    options: [
      { value: 'true', label: t.oui },
      { value: 'false', label: t.non },
    ],
    cell: (r) => {
      // Under « Délai dépassé »: « Oui » while open (the page says « En retard »), « Résolue en retard » after.
      const late = lateWords(r);
      if (late === null) return t.non;
      return STATUTS_OUVERTS.includes(r.statut) ? <strong className="error-text">{t.oui}</strong> : late;
    },
  },
];

/**
 * /mes-demandes (the resident's own requests) and /interventions (an agent its cités', the
 * managers and the admin every one they may see, read-only for the managers): the shared
 * server-paginated table, filtered by cité, state, priority, category and lateness, exported.
 */
export default function InterventionsPage() {
  const role = roleOf(useUser());
  const own = scopeOf(role, 'repair.read') === 'own';
  const title = own ? t.mesDemandesTitre : t.listeTitre;
  useDocumentTitle(title);
  const list = useServerList({
    key: repairKeys.list(),
    path: '/campus/intervention',
    pageSize: 20,
    staleTime: 0,
  });
  const reportScope = scopeOf(role, 'repair.report');
  const reporter = reportScope === 'own' || reportScope === 'cite';
  return (
    <section className="resource-screen">
      <h1>{title}</h1>
      {!own && <p className="staff-intro">{reporter ? t.listeIntroAgent : t.listeIntroStaff}</p>}
      {reporter && (
        <p>
          <Link to={paths.signalerProbleme} className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" /> <span>{t.nouvelleDemande}</span>
          </Link>
        </p>
      )}
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idIntervention"
        label={title}
        toolbar={
          own ? undefined : <ExportButtons list={list} name="interventions" formats={['xlsx', 'pdf']} />
        }
      />
    </section>
  );
}
