import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { auditIdParams, auditListAnswer, auditRow, type AuditRow } from '../../../domain/schemas/audit';
import { notFound } from '../../errors';
import type { ExportColumn } from '../../exports/writers';
import { sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { auditSource, getAudit } from './repository';

const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'dateHeure', label: messages.colonneDateHeure },
  { key: 'libelleUtilisateur', label: messages.colonneUtilisateur },
  { key: 'action', label: messages.colonneAction, type: 'enum' },
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
