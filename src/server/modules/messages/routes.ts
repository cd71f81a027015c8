import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageCounts as messageCountsAnswer,
  messageCountsQuery,
  messagesParams,
  sentMessages,
} from '../../../domain/schemas/messages';
import { requirePermission } from '../../plugins/auth';
import { dossierMessages, messageCounts } from './service';

/** What was sent to the students (docs/messages.md#sms): per student, per session. */
export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const security = [{ bearer: [] }];

  r.get(
    '/dossier/:idDossier/messages',
    {
      onRequest: requirePermission('messages.read'),
      schema: {
        tags,
        security,
        summary: 'Les e-mails et SMS envoyés à l’étudiant du dossier, avec leur état',
        params: messagesParams,
        response: { 200: sentMessages },
      },
    },
    async (request) => dossierMessages(app.db, request.auth ?? null, request.params.idDossier),
  );

  r.get(
    '/messages/compteurs',
    {
      onRequest: requirePermission('messages.read'),
      schema: {
        tags,
        security,
        summary: 'Les e-mails et SMS des dossiers de la session, par canal et par état',
        querystring: messageCountsQuery,
        response: { 200: messageCountsAnswer },
      },
    },
    async (request) => messageCounts(app.db, request.auth ?? null, request.query),
  );
}
