import '../../lib/prime';
import '../staff/staff.css';
import './rent.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import type { RapprochementRow } from '../../../domain/schemas/rent';
import { ExportButtons } from '../../components/list/ExportButton';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { frenchDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { rentKeys } from './api';
import { formatFcfa } from '../../../domain/money';

const COLUMNS: ListColumn<RapprochementRow>[] = [
  { key: 'jour', header: fieldLabel('jour'), cell: (r) => frenchDate(r.jour) },
  {
    key: 'libelleCompte',
    header: fieldLabel('libelleCompte'),
    // Named in French (« Opérateur Orange Money », « Caisse de la cité … »), as in the files.
    cell: (r) => r.libelleCompte,
  },
  {
    key: 'nombre',
    header: fieldLabel('nombre'),
    filter: false,
    className: 'amount-column',
    cell: (r) => <span data-champ="nombre">{r.nombre}</span>,
  },
  {
    key: 'montant',
    header: messages.rapprochementColonneMontant,
    filter: false,
    className: 'amount-column',
    cell: (r) => <span data-champ="montant">{formatFcfa(r.montant, { unit: true })}</span>,
  },
];

const isoDaysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * /loyers/rapprochement (docs/rent.md#daily-reconciliation), reached from /loyers: per day and
 * operator (and per cité's cash counter) the number and the sum of the payments the journal holds,
 * in the actor's scope (GESTIONNAIRE_CENOU all, GESTIONNAIRE_DR its direction); a range of days
 * (the last 31 by default), the shared server-paginated table with its filters and exports.
 */
export default function RapprochementPage() {
  useDocumentTitle(messages.rapprochementTitre);
  const [du, setDu] = useState(isoDaysAgo(30));
  const [au, setAu] = useState(isoDaysAgo(0));
  const list = useServerList({
    key: [...rentKeys.list(), 'rapprochement'],
    path: '/campus/loyer/rapprochement',
    pageSize: 31,
    extra: { du: du || undefined, au: au || undefined },
    staleTime: 0,
  });
  return (
    <section className="resource-screen rent-screen">
      <h1>{messages.rapprochementTitre}</h1>
      <p className="staff-intro">{messages.rapprochementIntro}</p>
      <p>
        <Link to={paths.loyers}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {messages.rapprochementRetour}
        </Link>
      </p>
      <div className="rent-range">
        <label htmlFor="rapprochement-du">
          {messages.rapprochementDu}
          <input
            id="rapprochement-du"
            type="date"
            className="p-inputtext p-component"
            value={du}
            max={au || undefined}
            onChange={(e) => setDu(e.target.value)}
          />
        </label>
        <label htmlFor="rapprochement-au">
          {messages.rapprochementAu}
          <input
            id="rapprochement-au"
            type="date"
            className="p-inputtext p-component"
            value={au}
            min={du || undefined}
            onChange={(e) => setAu(e.target.value)}
          />
        </label>
      </div>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="cle"
        label={messages.rapprochementTitre}
        className="rent-table"
        toolbar={<ExportButtons list={list} name="rapprochement" formats={['csv', 'xlsx', 'pdf']} />}
      />
    </section>
  );
}
