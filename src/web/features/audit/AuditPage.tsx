import '../../lib/prime';
import './audit.css';
import { messages } from '../../../domain/messages';
import { auditActionLabels, enumLabel } from '../../../domain/messages-labels';
import type { AuditRow } from '../../../domain/schemas/audit';
import { withCodes } from '../../components/Code';
import { breakable } from '../../components/list/cells';
import { ExportButton } from '../../components/list/ExportButton';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { listKey, useServerList } from '../../components/list/useServerList';
import { useDocumentTitle } from '../../lib/title';

/**
 * The journal's columns: `key` is the API's name for sorting and filtering, `cell` what a cell
 * reads (the server gives the date and time in Burkina Faso's time as DD/MM/YYYY HH:MM:SS, the
 * resource's French name, what the entry is about in words and the detail in French).
 */
const COLUMNS: ListColumn<AuditRow>[] = [
  {
    key: 'at',
    header: messages.colonneDateHeure,
    cell: (r) => r.dateHeure,
    className: 'audit-date',
    placeholder: 'JJ/MM/AAAA',
  },
  {
    key: 'userName',
    header: messages.colonneUtilisateur,
    cell: (r) => breakable(r.libelleUtilisateur ?? ''),
  },
  {
    key: 'action',
    header: messages.colonneAction,
    cell: (r) => enumLabel('action', r.action),
    options: Object.entries(auditActionLabels).map(([value, label]) => ({ value, label })),
  },
  { key: 'resource', header: messages.colonneRessource, cell: (r) => r.libelleRessource },
  {
    // What the entry is about, in words (the student and its dossier or bed, the setting's name):
    // never a bare id.
    key: 'resourceId',
    header: messages.colonneObjet,
    sortable: false,
    filter: false,
    cell: (r) => withCodes(r.libelleObjet ?? ''),
    className: 'audit-objet',
  },
  {
    key: 'detail',
    header: messages.colonneDetail,
    sortable: false,
    cell: (r) => withCodes(r.resume),
    className: 'audit-detail',
  },
];

const PAGE_SIZE = 20;

/**
 * 'Journal des opérations' (docs/roles.md: ADMIN only): who created, changed or deleted what in the
 * settings, reset or changed a password, imported the registry. A server-paginated table, newest
 * first, with the global search, column filters, sorting on date, user, action and resource, and
 * the CSV export of what is shown. Read-only: the journal is written by the server alone.
 */
export default function AuditPage() {
  useDocumentTitle(messages.journalTitre);
  // Every visit reads the journal again: it changes with each write made elsewhere.
  const list = useServerList({
    key: listKey.audit(),
    path: '/campus/audit',
    pageSize: PAGE_SIZE,
    initialSort: { field: 'at', order: -1 },
    staleTime: 0,
  });

  return (
    <section className="resource-screen audit-screen">
      <h1>{messages.journalTitre}</h1>
      <p className="lead">{messages.journalIntro}</p>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="id"
        label={messages.journalTitre}
        className="audit-table"
        toolbar={<ExportButton list={list} fileName="journal_operations.csv" label={messages.exporterCsv} />}
      />
    </section>
  );
}
