import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import {
  dashboardAnswer,
  dashboardQuery,
  dossierListAnswer,
  dossierListParams,
  type DossierListRow,
} from '../../../domain/schemas/staff';
import type { ExportColumn } from '../../exports/writers';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { DOSSIER_COLUMNS, dossierSource } from './repository';
import { dashboard, dossierListConditions } from './service';

const EXPORT_TYPES: Partial<Record<keyof DossierListRow, ExportColumn['type']>> = {
  idDossier: 'integer',
  idSessionCenou: 'integer',
  idDirection: 'integer',
  etatSession: 'enum',
  statutSession: 'enum',
  sexeEtudiant: 'enum',
  dateNaissance: 'date',
  typeDossier: 'enum',
  statutDossier: 'enum',
  admis: 'enum',
  moyenne: 'number',
  rang: 'integer',
};
/** Headers of the export that say whose the value is (the session's year and phase, the dossier's status). */
const EXPORT_LABELS: Partial<Record<keyof DossierListRow, string>> = {
  anneeAcademique: messages.colonneAnneeSession,
  etatSession: messages.colonnePhaseSession,
};
/**
 * Every column but the ids, in the row's order, with French headers; the session's own state
 * (`statutSession`: open, suspended, closed) is not a column of a dossier and is left out
 * (docs/sessions-and-dossiers.md#the-deposit-lists).
 */
const EXPORT_COLUMNS: ExportColumn<DossierListRow>[] = (
  Object.keys(DOSSIER_COLUMNS) as (keyof DossierListRow)[]
)
  .filter((key) => !['idDossier', 'idSessionCenou', 'idDirection', 'statutSession'].includes(key))
  .map((key) => ({
    key,
    label: EXPORT_LABELS[key] ?? fieldLabel(key),
    type: EXPORT_TYPES[key] ?? 'text',
  }));

/**
 * The staff screens' calls: the deposit lists (`/depot-direction`, `/depot-general`) and the
 * dashboard (`/tableau-de-bord`). `GET campus/dossier/…` subpaths belong to the deposit module.
 */
export async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dossier',
    {
      onRequest: requirePermission('dossier.read'),
      schema: {
        tags: ['dossier'],
        summary: 'Dossiers déposés (paginé ; format=csv|xlsx)',
        querystring: listQuerySchema(dossierSource, { formats: ['csv', 'xlsx'], extra: dossierListParams }),
        response: { 200: dossierListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, dossierSource);
      // The page's rows, or the reply once the file is sent.
      return sendList(reply, app.db, dossierSource, {
        query,
        lq,
        extra: dossierListConditions(request.auth ?? null, query),
        export: { prefix: 'dossiers', sheet: messages.dossiersTitre, columns: EXPORT_COLUMNS },
      }) as Promise<DossierListRow[]>;
    },
  );

  r.get(
    '/dash-board',
    {
      onRequest: requirePermission('dashboard'),
      schema: {
        tags: ['dash-board'],
        summary: 'Tableau de bord : étudiants, inscrits et dossiers par ville (idDirection facultatif)',
        querystring: dashboardQuery,
        response: { 200: dashboardAnswer },
      },
    },
    async (request) => dashboard(app.db, request.auth ?? null, request.query.idDirection),
  );
}
