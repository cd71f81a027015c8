import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fill, messages } from '../../../domain/messages';
import { messageBody } from '../../../domain/schemas/common';
import {
  interventionBody,
  interventionCitesAnswer,
  interventionCreee,
  interventionHistorique,
  interventionLieux,
  interventionListAnswer,
  interventionMoveBody,
  interventionParams,
  interventionPhotoParams,
  interventionRead,
  type InterventionCiteRow,
  type InterventionRow,
} from '../../../domain/schemas/repairs';
import { FILE_TYPES } from '../../exports/file-types';
import type { ExportColumn } from '../../exports/writers';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { withCites } from '../cite-life/service';
import {
  interventionCitesConditions,
  interventionCitesSource,
  interventionConditions,
  interventionSource,
} from './repository';
import { history, moveRequest, readRequest, report, reportPlaces, requestPhoto } from './service';

const today = () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Ouagadougou' }).format(new Date());

/**
 * The list's one column list, for its CSV, XLSX and PDF alike (the screen's columns, the description
 * and author too): French headers, the enumerations in words, « En retard » and « Résolue le ».
 */
const EXPORT_COLUMNS: ExportColumn<InterventionRow>[] = (
  [
    ['idIntervention', 'integer', messages.colonneNumeroIntervention],
    ['nomCite', 'text', messages.colonneCiteIntervention],
    ['libelleChambre', 'text', messages.colonneChambreIntervention],
    ['lieu', 'enum', messages.colonneLieuIntervention],
    ['categorie', 'enum', messages.colonneCategorieIntervention],
    ['priorite', 'enum', messages.colonnePrioriteIntervention],
    ['statut', 'enum', messages.colonneStatutIntervention],
    ['description', 'text', messages.colonneDescription],
    ['auteur', 'text', messages.colonneAuteurIntervention],
    ['dateSignalement', 'datetime', messages.colonneSignaleeLe],
    ['echeance', 'datetime', messages.colonneEcheance],
    ['enRetard', 'boolean', messages.colonneEnRetard],
    ['resolueLe', 'datetime', messages.colonneResolueLe],
  ] satisfies [keyof InterventionRow, ExportColumn['type'], string][]
).map(([key, type, label]) => ({ key, type, label }));

const CITES_EXPORT: ExportColumn<InterventionCiteRow>[] = (
  [
    ['nomCite', 'text', messages.colonneCiteIntervention],
    ['lits', 'integer', messages.colonneLitsCite],
    ['litsOccupes', 'integer', messages.colonneLitsOccupes],
    ['tauxOccupation', 'number', messages.colonneTauxOccupation],
    ['ouvertes', 'integer', messages.colonneOuvertes],
    ['enRetard', 'integer', messages.colonneRetards],
    ['delaiMedianHeures', 'number', messages.colonneDelaiMedian],
  ] satisfies [keyof InterventionCiteRow, ExportColumn['type'], string][]
).map(([key, type, label]) => ({ key, type, label }));

/** Repairs in the cités (docs/life-in-the-cite.md#repairs). */
export async function repairsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vie-en-cite'];
  const security = [{ bearer: [] }];

  r.post(
    '/intervention',
    {
      onRequest: requirePermission('repair.report'),
      schema: {
        tags,
        security,
        summary:
          'Signaler un problème : une chambre (idChambre) ou un lieu commun (idCite + lieu), avec ses photos (téléversements)',
        body: interventionBody,
        response: { 201: interventionCreee },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await report(app.db, request.auth!, { body: request.body, storage: app.storage })),
  );

  r.get(
    '/intervention',
    {
      onRequest: requirePermission('repair.read'),
      schema: {
        tags,
        security,
        summary:
          'Les demandes d’intervention visibles (paginé ; filtre.idCite, filtre.statut, filtre.priorite, filtre.categorie, filtre.enRetard ; format=xlsx|pdf)',
        querystring: listQuerySchema(interventionSource, { formats: ['csv', 'xlsx', 'pdf'] }),
        response: { 200: interventionListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, interventionSource);
      const actor = await withCites(app.db, request.auth ?? null);
      return sendList(reply, app.db, interventionSource, {
        query,
        lq,
        extra: interventionConditions(actor),
        export: {
          prefix: 'interventions',
          sheet: messages.interventionsTitre,
          columns: EXPORT_COLUMNS,
          pdf: { title: fill(messages.interventionsPdfTitre, { date: today() }) },
        },
      }) as Promise<InterventionRow[]>;
    },
  );

  r.get(
    '/intervention/par-cite',
    {
      onRequest: requirePermission('repair.read'),
      schema: {
        tags,
        security,
        summary:
          'Par cité : lits, lits occupés et taux d’occupation, demandes ouvertes, en retard, délai médian de résolution en heures (paginé ; format=csv|xlsx|pdf)',
        querystring: listQuerySchema(interventionCitesSource, { formats: ['csv', 'xlsx', 'pdf'] }),
        response: { 200: interventionCitesAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, interventionCitesSource);
      const actor = await withCites(app.db, request.auth ?? null);
      return sendList(reply, app.db, interventionCitesSource, {
        query,
        lq,
        extra: interventionCitesConditions(actor),
        export: {
          prefix: 'interventions-par-cite',
          sheet: messages.interventionsCitesFeuille,
          columns: CITES_EXPORT,
          pdf: { title: messages.interventionsCitesTitre },
        },
      }) as Promise<InterventionCiteRow[]>;
    },
  );

  r.get(
    '/intervention/lieux',
    {
      onRequest: requirePermission('repair.report'),
      schema: {
        tags,
        security,
        summary: 'Où je peux signaler un problème : mes chambres et mes cités',
        response: { 200: interventionLieux },
      },
    },
    async (request) => reportPlaces(app.db, request.auth!),
  );

  r.get(
    '/intervention/:id',
    {
      onRequest: requirePermission('repair.read'),
      schema: {
        tags,
        security,
        summary: 'Une demande d’intervention, ses photos et les changements d’état que je peux faire',
        params: interventionParams,
        response: { 200: interventionRead },
      },
    },
    async (request) => readRequest(app.db, request.auth!, { id: request.params.id }),
  );

  r.patch(
    '/intervention/:id',
    {
      onRequest: requirePermission('repair.report'),
      schema: {
        tags,
        security,
        summary:
          'Changer l’état d’une demande : l’agent la prend en charge puis la résout, le résident la confirme ou la rouvre',
        params: interventionParams,
        body: interventionMoveBody,
        response: { 200: messageBody },
      },
    },
    async (request) => moveRequest(app.db, request.auth!, { id: request.params.id, body: request.body }),
  );

  r.get(
    '/intervention/:id/historique',
    {
      onRequest: requirePermission('repair.read'),
      schema: {
        tags,
        security,
        summary: 'L’historique d’une demande : chaque état, son auteur, sa date, son commentaire',
        params: interventionParams,
        response: { 200: interventionHistorique },
      },
    },
    async (request) => history(app.db, request.auth!, { id: request.params.id }),
  );

  r.get(
    '/intervention/photo/:idPhoto',
    {
      onRequest: requirePermission('repair.read'),
      config: { produces: [FILE_TYPES.jpeg, FILE_TYPES.png] },
      schema: {
        tags,
        security,
        summary: 'Une photo d’une demande d’intervention (JPEG ou PNG)',
        params: interventionPhotoParams,
      },
    },
    async (request, reply) => {
      const photo = await requestPhoto(app.db, request.auth!, {
        idPhoto: request.params.idPhoto,
        storage: app.storage,
      });
      return reply
        .header('Content-Type', photo.typeMime)
        .header('Content-Length', String(photo.size))
        .header('Cache-Control', 'private, no-store')
        .send(photo.stream);
    },
  );
}
