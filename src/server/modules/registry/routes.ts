import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSV_BODY_MAX_BYTES } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import {
  REGISTRY_COLUMNS,
  REGISTRY_OPTIONAL_COLUMNS,
  REGISTRY_TEMPLATE_FILE_NAME,
  registryTemplateCsv,
} from '../../../domain/registry';
import { fieldLabel } from '../../../domain/resources/labels';
import {
  registryIdParams,
  registryImportAnswer,
  registryImportBody,
  registryListAnswer,
  registryListParams,
  registryRow,
  type RegistryListRow,
} from '../../../domain/schemas/registry';
import type { ExportColumn } from '../../exports/writers';
import { fileTypeOf, parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { REGISTRY_COLUMNS as REGISTRY_LIST_COLUMNS, registrySource } from './repository';
import { getStudent, importRegistry, registryConditions } from './service';
import { CSV_CONTENT_TYPE, FILE_TYPES } from '../../exports/file-types';

/**
 * The import's columns (an exported file imports back: its years are those from before the
 * platform, never the years counted, which would count the platform's twice), then the years
 * counted, the direction and the account; each cell written as the list's column types it, from
 * the schema (`fileTypeOf`): a day as a date, the sex and the country type by their labels, the
 * account as « Oui » or « Non ».
 */
const EXPORT_COLUMNS: ExportColumn<RegistryListRow>[] = (
  [
    ...REGISTRY_COLUMNS,
    ...REGISTRY_OPTIONAL_COLUMNS,
    'anneesHebergement',
    'libelleDirection',
    'compte',
  ] as const
).map((key) => ({
  key,
  label: fieldLabel(key),
  type: fileTypeOf(REGISTRY_LIST_COLUMNS[key]),
}));

/** The student registry (docs/accounts.md): staff read it, the admin imports it; the template is public. */
export async function registryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registre-etudiant'];
  const read = requirePermission('registry.read');

  r.get(
    '/registre-etudiant',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Registre des étudiants (paginé ; format=csv|xlsx)',
        querystring: listQuerySchema(registrySource, { formats: ['csv', 'xlsx'], extra: registryListParams }),
        response: { 200: registryListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, registrySource);
      // The page's rows, or the reply once the file is sent.
      return sendList(reply, app.db, registrySource, {
        query,
        lq,
        extra: await registryConditions(app.db, request.auth!, query),
        export: { prefix: 'registre_etudiant', sheet: messages.registreTitre, columns: EXPORT_COLUMNS },
      }) as Promise<RegistryListRow[]>;
    },
  );

  r.get(
    '/registre-etudiant/modele',
    {
      config: { public: true, rateLimit: app.publicRateLimit, produces: [FILE_TYPES.csv] },
      schema: { tags, summary: "Modèle CSV d'import du registre (public)" },
    },
    async (_request, reply) => {
      reply.header('Content-Disposition', `attachment; filename="${REGISTRY_TEMPLATE_FILE_NAME}"`);
      reply.header('Cache-Control', 'no-cache');
      return reply.type(CSV_CONTENT_TYPE).send(registryTemplateCsv());
    },
  );

  r.get(
    '/registre-etudiant/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Un étudiant du registre',
        params: registryIdParams,
        response: { 200: registryRow },
      },
    },
    async (request) => getStudent(app.db, request.auth ?? null, request.params.id),
  );

  r.post(
    '/registre-etudiant/import',
    {
      onRequest: requirePermission('registry.import'),
      bodyLimit: CSV_BODY_MAX_BYTES,
      schema: {
        tags,
        summary: 'Importer le registre (CSV en base64, tout ou rien)',
        body: registryImportBody,
        response: { 200: registryImportAnswer },
      },
    },
    async (request) => importRegistry(app.db, request.auth ?? null, request.body),
  );
}
