import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../domain/messages';
import { notFound } from '../../errors';
import type { ExportColumn } from '../../exports/writers';
import { sendList } from '../../lists/pipeline';
import { requirePermission } from '../../plugins/auth';
import { auditSource, getAudit } from './repository';

const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'dateHeure', label: messages.colonneDateHeure },
  { key: 'userName', label: messages.colonneUtilisateur },
  { key: 'action', label: messages.colonneAction, type: 'enum' },
  { key: 'libelleRessource', label: messages.colonneRessource },
  { key: 'resourceId', label: messages.colonneIdentifiant },
  { key: 'resume', label: messages.colonneDetail },
];

/**
 * The audit log (CONTRACT §3: ADMIN only): `GET campus/audit`, server-paginated, newest first by
 * default (`page,size ≤ 200,q,sort,filtre.*`, `X-Total-Count`), `format=csv|xlsx` for a download
 * of every matching row; `GET campus/audit/{id}` for one entry.
 */
export async function auditRoutes(app: FastifyInstance) {
  const tags = ['audit'];
  const security = [{ bearer: [] }];
  const guard = requirePermission('audit');

  app.get(
    '/audit',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          'Journal des opérations (paginé : page, size, q, sort=at|userName|action|resource, filtre.* ; format=csv|xlsx)',
      },
    },
    async (request, reply) => {
      return sendList(reply, app.db, auditSource, {
        query: request.query as Record<string, unknown>,
        export: { prefix: 'journal_operations', sheet: messages.journalTitre, columns: EXPORT_COLUMNS },
      });
    },
  );

  app.get(
    '/audit/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        params: z.object({ id: z.string().regex(/^\d{1,15}$/, { error: messages.valeurInvalide }) }),
      },
    },
    async (request) => {
      const row = await getAudit(app.db, Number((request.params as { id: string }).id));
      if (!row) throw notFound();
      return row;
    },
  );
}
