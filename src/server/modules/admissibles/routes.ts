import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMISSIBLE_TEMPLATE_FILE_NAME, admissibleTemplateCsv } from '../../../domain/admissibles';
import { CSV_BODY_MAX_BYTES } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import {
  admisListAnswer,
  admisListParams,
  admissibleUploadAnswer,
  admissibleUploadBody,
  type AdmisRow,
} from '../../../domain/schemas/admissibles';
import type { CellKey, ExportColumn } from '../../exports/writers';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { admisSource, type AdmisRow as AdmisListRow } from './repository';
import { admisConditions, uploadAdmissibles } from './service';
import { CSV_CONTENT_TYPE, FILE_TYPES } from '../../exports/file-types';

/** A column of the files, one of the list's row's keys, headed by its field's French name. */
const col = (key: CellKey<AdmisListRow>, type?: ExportColumn['type']): ExportColumn<AdmisListRow> => ({
  key,
  label: fieldLabel(key),
  type,
});

const ADMIS_EXPORT: ExportColumn<AdmisListRow>[] = [
  col('ine'),
  col('nomEtudiant'),
  col('prenomEtudiant'),
  col('sexeEtudiant', 'enum'),
  col('dateNaissance', 'date'),
  col('lieuNaissance'),
  col('anneeBac', 'integer'),
  col('moyenne', 'number'),
  col('nomVille'),
  col('listeDeliberation', 'enum'),
  col('rang', 'integer'),
  col('reponse', 'enum'),
  col('dateLimiteReponse'),
];
const DELIBERATION_EXPORT: ExportColumn<AdmisListRow>[] = [
  col('ine'),
  col('nomEtudiant'),
  col('prenomEtudiant'),
  col('telEtudiant'),
  col('nomVille'),
  col('moyenne', 'number'),
];

const admisQuery = listQuerySchema(admisSource, { formats: ['csv', 'xlsx'], extra: admisListParams });

/** The admissible lists and the admissible upload (docs/deliberation.md, docs/api.md#exports). */
export async function admissiblesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admissibles'];
  const security = [{ bearer: [] }];

  r.get(
    '/etudiant-admis',
    {
      onRequest: requirePermission('admissibles.read'),
      schema: {
        tags,
        security,
        summary: 'Les admis de la session : délibération publiée et liste chargée (paginé ; format=csv|xlsx)',
        querystring: admisQuery,
        response: { 200: admisListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, admisSource);
      // The page's rows, or the file already sent by the reply.
      return sendList(reply, app.db, admisSource, {
        query,
        lq,
        extra: await admisConditions(app.db, request.auth ?? null, 'admissibles.read', query),
        export: { prefix: 'liste_admissibles', sheet: messages.feuilleAdmissibles, columns: ADMIS_EXPORT },
      }) as Promise<AdmisRow[]>;
    },
  );

  r.get(
    '/export-deliberation',
    {
      onRequest: requirePermission('deliberation.export'),
      schema: {
        tags,
        security,
        summary: 'Les admis de la session avec leur téléphone (paginé ; format=csv|xlsx)',
        querystring: admisQuery,
        response: { 200: admisListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, admisSource);
      return sendList(reply, app.db, admisSource, {
        query,
        lq,
        extra: await admisConditions(app.db, request.auth ?? null, 'deliberation.export', query),
        export: {
          prefix: 'export_deliberation',
          sheet: messages.feuilleExportDeliberation,
          columns: DELIBERATION_EXPORT,
        },
      }) as Promise<AdmisRow[]>;
    },
  );

  r.get(
    '/chargement-admissibles/modele',
    {
      config: { public: true, rateLimit: app.publicRateLimit, produces: [FILE_TYPES.csv] },
      schema: { tags, summary: 'Modèle CSV du chargement des admissibles (public)' },
    },
    async (_request, reply) => {
      reply.header('Content-Disposition', `attachment; filename="${ADMISSIBLE_TEMPLATE_FILE_NAME}"`);
      reply.header('Cache-Control', 'no-cache');
      return reply.type(CSV_CONTENT_TYPE).send(admissibleTemplateCsv());
    },
  );

  r.post(
    '/chargement-admissibles',
    {
      onRequest: requirePermission('admissibles.upload'),
      bodyLimit: CSV_BODY_MAX_BYTES,
      schema: {
        tags,
        security,
        summary: 'Charger les admissibles d’une session (CSV en base64, tout ou rien, remplace le précédent)',
        body: admissibleUploadBody,
        response: { 200: admissibleUploadAnswer },
      },
    },
    async (request) => uploadAdmissibles(app.db, request.auth ?? null, request.body),
  );
}
