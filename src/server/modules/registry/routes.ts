import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../domain/messages';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_FILE_NAME, registryTemplateCsv } from '../../../domain/registry';
import { fieldLabel } from '../../../domain/resources/labels';
import type { ExportColumn } from '../../exports/writers';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { requirePermission } from '../../plugins/auth';
import { registrySource } from './repository';
import { getStudent, importRegistry, registryConditions } from './service';

/** The two CSV imports take up to 20 MB (CONTRACT §2 body limits). */
export const CSV_IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

const TYPES: Partial<Record<string, ExportColumn['type']>> = {
  dateNaissance: 'date',
  anneeBac: 'integer',
  moyenneBac: 'number',
  sexeEtudiant: 'enum',
  typePays: 'enum',
  compte: 'boolean',
};
const EXPORT_COLUMNS: ExportColumn[] = [...REGISTRY_COLUMNS, 'libelleDirection', 'compte'].map((key) => ({
  key,
  label: fieldLabel(key),
  type: TYPES[key] ?? 'text',
}));

const requiredString = z
  .string({ error: messages.champObligatoire })
  .refine((v) => v.trim() !== '', { error: messages.champObligatoire });

/** The student registry (CONTRACT §4): staff read it, the admin imports it; the template is public. */
export async function registryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registre-etudiant'];
  const security = [{ bearer: [] }];
  const read = requirePermission('registry.read');

  r.get(
    '/registre-etudiant',
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary:
          'Registre des étudiants (paginé : page, size, q, sort, filtre.*, idDirection, idVille ; format=csv|xlsx)',
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, registrySource);
      return sendList(reply, app.db, registrySource, {
        query,
        lq,
        extra: await registryConditions(app.db, request.auth!, query),
        export: { prefix: 'registre_etudiant', sheet: messages.registreTitre, columns: EXPORT_COLUMNS },
      });
    },
  );

  r.get(
    '/registre-etudiant/modele',
    {
      config: { public: true, rateLimit: app.publicRateLimit, produces: ['text/csv'] },
      schema: { tags, summary: "Modèle CSV d'import du registre (public)" },
    },
    async (_request, reply) => {
      reply.header('Content-Disposition', `attachment; filename="${REGISTRY_TEMPLATE_FILE_NAME}"`);
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/csv; charset=utf-8').send(registryTemplateCsv());
    },
  );

  r.get(
    '/registre-etudiant/:id',
    {
      onRequest: read,
      schema: {
        tags,
        security,
        params: z.object({ id: z.string().regex(/^\d{1,9}$/, { error: messages.valeurInvalide }) }),
      },
    },
    async (request) => getStudent(app.db, request.auth ?? null, Number(request.params.id)),
  );

  r.post(
    '/registre-etudiant/import',
    {
      onRequest: requirePermission('registry.import'),
      bodyLimit: CSV_IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Importer le registre (CSV en base64, tout ou rien)',
        body: z.object({
          nomFichier: requiredString.max(255, { error: messages.valeurTropLongue }),
          fichier: requiredString,
        }),
      },
    },
    async (request) => importRegistry(app.db, request.auth ?? null, request.body),
  );
}
