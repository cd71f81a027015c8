import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { auditIdParams, auditListAnswer, auditRow, type AuditRow } from '../../../domain/schemas/audit';
import { notFound } from '../../errors';
import type { ExportColumn } from '../../exports/writers';
import { fileTypeOf, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { AUDIT_COLUMNS, auditSource, getAudit, type AuditListRow } from './repository';

/**
 * The journal's files: the screen's columns, read from the list's row (`AuditListRow`, typed from
 * the schema); the action written as the list types it (an enumeration, by its French label), the
 * others as the texts the list writes (the moment as shown, who acted and what the entry is about
 * in words, the detail in French, the resource's id as stored).
 */
const EXPORT_COLUMNS: ExportColumn<AuditListRow>[] = [
  { key: 'dateHeure', label: messages.colonneDateHeure },
  { key: 'libelleUtilisateur', label: messages.colonneUtilisateur },
  { key: 'action', label: messages.colonneAction, type: fileTypeOf(AUDIT_COLUMNS.action) },
  { key: 'libelleRessource', label: messages.colonneRessource },
  { key: 'libelleObjet', label: messages.colonneObjet },
  { key: 'resourceId', label: messages.colonneIdentifiant },
  { key: 'resume', label: messages.colonneDetail },
];

/**
 * The audit log (docs/roles.md: ADMIN only): `GET campus/audit`, server-paginated, newest first by
 * default (`page,size ≤ 200,q,sort,filtre.*`, `X-Total-Count`), `format=csv|xlsx` for a download
 * of every matching row; `GET campus/audit/{id}` for one entry.
 */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];
  const guard = requirePermission('audit');

  r.get(
    '/audit',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Journal des opérations (paginé ; format=csv|xlsx)',
        querystring: listQuerySchema(auditSource, { formats: ['csv', 'xlsx'] }),
        response: { 200: auditListAnswer },
      },
    },
    async (request, reply) =>
      // The page's entries, or the reply once the file is sent.
      sendList(reply, app.db, auditSource, {
        query: request.query as Record<string, unknown>,
        export: { prefix: 'journal_operations', sheet: messages.journalTitre, columns: EXPORT_COLUMNS },
      }) as Promise<AuditRow[]>,
  );

  r.get(
    '/audit/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Une opération du journal',
        params: auditIdParams,
        response: { 200: auditRow },
      },
    },
    async (request) => {
      const row = await getAudit(app.db, request.params.id);
      if (!row) throw notFound();
      return row;
    },
  );
}
