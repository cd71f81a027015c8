import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fill, messages } from '../../../domain/messages';
import {
  availabilityAnswer,
  delaiReporteListAnswer,
  type DelaiReporteRow,
} from '../../../domain/schemas/availability';
import { errorBody } from '../../../domain/schemas/common';
import { directionOf } from '../../access/access';
import { AppError } from '../../errors';
import { frenchDate, type ExportColumn } from '../../exports/writers';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { exportScopeNames } from '../rent/lists/repository';
import { moveConditions, moveFileType, moveSource, type MoveRow } from './repository';
import { encode, keepEncoded, sendEncoded, type Encoded } from '../../plugins/encoded';
import { statusPage } from './page';
import type { AvailabilityAnswer } from './service';

/** The public call's path, beside the health (outside the API's prefix, as a status is). */
export const AVAILABILITY_PATH = '/service/api/disponibilite';
/** The public status page. */
export const STATUS_PAGE_PATH = '/etat-du-service';

/**
 * The answer made once per reading of this instance: the call and the page are the same until the
 * next reading (at most once a minute) or until this instance's view of its database changes, so
 * each is written and compressed once, not at every call (a status page opened by everyone during
 * an outage costs a copy of bytes).
 */
function memo(make: (a: AvailabilityAnswer | null, down: Date | null) => Encoded) {
  const keep = keepEncoded();
  return (a: AvailabilityAnswer | null, down: Date | null): Encoded =>
    keep([a, down?.getTime() ?? null], () => make(a, down));
}

/** Kept by a browser or a cache for half a minute (the reading is at most a minute old). */
const PUBLIC = { cacheControl: 'public, max-age=30' };

/**
 * The availability, public (docs/availability.md#the-status-page): served from what this instance
 * last read, so that it answers while the database does not.
 */
export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answerOf = memo((a, down) =>
    encode(
      'application/json; charset=utf-8',
      JSON.stringify(availabilityAnswer.parse({ ...a, baseInjoignableDepuis: down?.toISOString() ?? null })),
    ),
  );
  const pageOf = memo((a, down) =>
    encode(
      'text/html; charset=utf-8',
      statusPage(a, {
        plafondMinutes: app.config.PANNE_PLAFOND_MINUTES,
        baseInjoignableDepuis: down,
        paiementSimule: !app.config.PAIEMENT_URL,
      }),
    ),
  );
  r.get(
    AVAILABILITY_PATH,
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['disponibilite'],
        summary: 'Disponibilité de la plateforme et pannes des 90 derniers jours (public)',
        response: { 200: availabilityAnswer, 503: errorBody },
      },
    },
    async (request, reply) => {
      const a = await app.availability.get();
      // Only a reading is kept by a cache: the 503 is asked again.
      if (!a) throw new AppError('INDISPONIBLE', 'etatServiceIndisponible');
      // The kept JSON (the schema's shape, checked when it was made) is sent as it is.
      return sendEncoded(
        request,
        reply as FastifyReply,
        answerOf(a, app.availability.baseInjoignableDepuis),
        PUBLIC,
      );
    },
  );
  app.get(
    STATUS_PAGE_PATH,
    { schema: { hide: true }, config: { rateLimit: app.publicRateLimit } },
    async (request, reply) =>
      sendEncoded(
        request,
        reply,
        pageOf(await app.availability.get(), app.availability.baseInjoignableDepuis),
        PUBLIC,
      ),
  );
}

/**
 * The files' columns (CSV, XLSX, PDF): the screen's, in its order, each written as the schema types
 * it (`moveFileType`): an old or new date, a moment for an offer and a day for an instalment, each
 * as a date with its time only when it has one (src/server/exports/writers.ts).
 */
const MOVE_EXPORT: ExportColumn<MoveRow>[] = (
  [
    ['ine', messages.colonneIne],
    ['nomEtudiant', messages.colonneNom],
    ['prenomEtudiant', messages.colonnePrenom],
    ['natureReport', messages.colonneNatureReport],
    ['numeroEcheance', messages.colonneNumeroEcheance],
    ['lieu', messages.colonneLieuReport],
    ['ancienneDate', messages.colonneAncienneDate],
    ['nouvelleDate', messages.colonneNouvelleDate],
    ['composant', messages.colonnePanne],
    ['debutPanne', messages.colonneDebutPanne],
    ['finPanne', messages.colonneFinPanne],
    ['deplaceLe', messages.colonneReporteLe],
  ] satisfies [keyof MoveRow, string][]
).map(([key, label]) => ({ key, type: moveFileType(key), label }));

/**
 * The staff's list of the deadlines outages moved (docs/availability.md#the-deadlines-moved-staff):
 * a regional manager its direction's, the central manager and the admin every direction's.
 */
export async function outageMovesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/delai-reporte',
    {
      onRequest: requirePermission('outage.moves'),
      schema: {
        tags: ['disponibilite'],
        security: [{ bearer: [] }],
        summary:
          'Délais reportés par une panne : une ligne par offre ou échéance de loyer reportée, avec la panne (paginé ; format=csv|xlsx|pdf)',
        querystring: listQuerySchema(moveSource, { formats: ['csv', 'xlsx', 'pdf'] }),
        response: { 200: delaiReporteListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, moveSource);
      const actor = request.auth ?? null;
      const idDirection = query.format ? directionOf(actor, 'outage.moves', undefined) : undefined;
      const names = idDirection === undefined ? {} : await exportScopeNames(app.db, { idDirection });
      return sendList(reply, app.db, moveSource, {
        query,
        lq,
        extra: moveConditions(actor),
        export: {
          prefix: 'delais-reportes',
          sheet: messages.delaisReportesTitre,
          columns: MOVE_EXPORT,
          pdf: { title: fill(messages.delaisReportesPdfTitre, { date: frenchDate(new Date(), false) }) },
          scope: [names.direction ?? messages.exportToutesDirections],
        },
      }) as Promise<DelaiReporteRow[]>;
    },
  );
}
