import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analysisAnswer, analysisBody } from '../../../domain/schemas/analysis';
import { requirePermission } from '../../plugins/auth';
import { analyseDossier } from './service';

/** The commission's analysis of a dossier (docs/sessions-and-dossiers.md#analysis, docs/deliberation.md). */
export async function analysisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/analyse-dossier',
    {
      onRequest: requirePermission('dossier.analyse'),
      schema: {
        tags: ['analyse-dossier'],
        security: [{ bearer: [] }],
        summary:
          'Analyser un dossier : une valeur (VALIDE, INVALIDE, INJUSTIFIE) par critère ; calcule la moyenne',
        body: analysisBody,
        response: { 200: analysisAnswer },
      },
    },
    async (request) => analyseDossier(app.db, request.auth ?? null, request.body),
  );
}
