import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  affectationParams,
  agentCitesBody,
  agentDashboard as agentDashboardSchema,
  agentList,
  agentParams,
  arriveeAnswer,
  arriveeBody,
  bedKeys as bedKeysSchema,
  comparaisonRead,
  degradationAnswer,
  degradationBody,
  degradationParams,
  departAnswer,
  departBody,
  mesDeparts,
  etatDesLieuxBody,
  etatDesLieuxCree,
  etatDesLieuxParams,
  etatDesLieuxQuery,
  etatDesLieuxRead,
  litParams,
  mesAffectations,
  photoParams,
  residentListAnswer,
  type ResidentRow,
} from '../../../domain/schemas/cite-life';
import { messageBody } from '../../../domain/schemas/common';
import { FILE_TYPES } from '../../exports/file-types';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { residentConditions, residentSource } from './repository';
import { recuUrl, tableauDeBordUrl } from '../../config/urls';
import { damageReceiptPdf } from '../rent/receipt';
import {
  agentDashboard,
  agents,
  bedKeys,
  chargeDegradation,
  countersignInventory,
  degradationReceiptFacts,
  myDepartures,
  readComparison,
  recordDeparture,
  giveCites,
  handKey,
  inventoryPhoto,
  myAssignments,
  readInventories,
  saveInventory,
  withCites,
} from './service';

/** Life in the cité (docs/life-in-the-cite.md): agents and their cités, the key, the inventories, the departure. */
export async function citeLifeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vie-en-cite'];
  const security = [{ bearer: [] }];

  r.get(
    '/agent-cite',
    {
      onRequest: requirePermission('users.manage'),
      schema: { tags, security, summary: 'Les agents de cité et leurs cités', response: { 200: agentList } },
    },
    async (request) => agents(app.db, request.auth!),
  );

  r.put(
    '/agent-cite/:idUser',
    {
      onRequest: requirePermission('users.manage'),
      schema: {
        tags,
        security,
        summary: 'Les cités d’un agent (au moins une) : elles remplacent les précédentes',
        params: agentParams,
        body: agentCitesBody,
        response: { 200: messageBody },
      },
    },
    async (request) => giveCites(app.db, request.auth!, { idUser: request.params.idUser, ...request.body }),
  );

  r.get(
    '/cite-agent/tableau-de-bord',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary:
          'Le tableau de bord de l’agent : ses cités, les arrivées attendues et les états des lieux à contresigner',
        response: { 200: agentDashboardSchema },
      },
    },
    async (request) => agentDashboard(app.db, request.auth!),
  );

  r.get(
    '/cite-agent/residents',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary:
          'Les résidents de l’année des cités de l’agent (paginé ; q : nom, INE, chambre, lit ; filtre.idCite, filtre.etat : ARRIVEE, A_CONTRESIGNER, INSTALLE, DEPART_EN_COURS, PARTI)',
        querystring: listQuerySchema(residentSource),
        response: { 200: residentListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, residentSource);
      const actor = await withCites(app.db, request.auth ?? null);
      return sendList(reply, app.db, residentSource, {
        query,
        lq,
        extra: residentConditions(actor),
      }) as Promise<ResidentRow[]>;
    },
  );

  r.post(
    '/affectation/:id/arrivee',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary:
          'La remise de la clé au résident (son code) : les 72 heures de son état des lieux commencent',
        params: affectationParams,
        body: arriveeBody,
        response: { 201: arriveeAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await handKey(app.db, request.auth!, { id: request.params.id, ...request.body })),
  );

  r.get(
    '/lit/:id/cles',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary: 'Les clés remises pour un lit, de la plus récente à la plus ancienne',
        params: litParams,
        response: { 200: bedKeysSchema },
      },
    },
    async (request) => bedKeys(app.db, request.auth!, request.params.id),
  );

  r.get(
    '/etudiant/arrivee',
    {
      onRequest: requirePermission('cite.inventory'),
      schema: {
        tags,
        security,
        summary: 'Mes affectations en cours (la plus récente d’abord), pour mon état des lieux',
        response: { 200: mesAffectations },
      },
    },
    async (request) => myAssignments(app.db, request.auth!),
  );

  r.get(
    '/etat-des-lieux',
    {
      onRequest: requirePermission('cite.inventory'),
      schema: {
        tags,
        security,
        summary: 'Les états des lieux d’une affectation, la clé remise et l’inventaire de la chambre',
        querystring: etatDesLieuxQuery,
        response: { 200: etatDesLieuxRead },
      },
    },
    async (request) => readInventories(app.db, request.auth!, { idAffectation: request.query.idAffectation }),
  );

  r.post(
    '/etat-des-lieux',
    {
      onRequest: requirePermission('cite.inventory'),
      schema: {
        tags,
        security,
        summary:
          'Remplir un état des lieux (ENTREE ou SORTIE) : l’état de chaque élément et ses photos (téléversements)',
        body: etatDesLieuxBody,
        response: { 201: etatDesLieuxCree },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveInventory(app.db, request.auth!, { body: request.body, storage: app.storage })),
  );

  r.post(
    '/etat-des-lieux/:id/validation',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary: 'Contresigner un état des lieux : il ne change plus ensuite',
        params: etatDesLieuxParams,
        response: { 200: messageBody },
      },
    },
    async (request) => countersignInventory(app.db, request.auth!, { id: request.params.id }),
  );

  r.get(
    '/etat-des-lieux/photo/:idPhoto',
    {
      onRequest: requirePermission('cite.inventory'),
      config: { produces: [FILE_TYPES.jpeg, FILE_TYPES.png] },
      schema: { tags, security, summary: 'Une photo d’un état des lieux (JPEG ou PNG)', params: photoParams },
    },
    async (request, reply) => {
      const photo = await inventoryPhoto(app.db, request.auth!, {
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

  r.get(
    '/etat-des-lieux/comparaison',
    {
      onRequest: requirePermission('cite.inventory'),
      schema: {
        tags,
        security,
        summary:
          'Les états des lieux d’entrée et de sortie comparés élément par élément, les dégradations facturées, le départ et le solde',
        querystring: etatDesLieuxQuery,
        response: { 200: comparaisonRead },
      },
    },
    async (request) => readComparison(app.db, request.auth!, { idAffectation: request.query.idAffectation }),
  );

  r.get(
    '/etudiant/depart',
    {
      onRequest: requirePermission('cite.inventory'),
      schema: {
        tags,
        security,
        summary: 'Mes affectations avec un état des lieux de sortie ou un départ (la plus récente d’abord)',
        response: { 200: mesDeparts },
      },
    },
    async (request) => myDepartures(app.db, request.auth!),
  );

  r.post(
    '/affectation/:id/depart',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary:
          'Le départ du résident (une fois l’état des lieux de sortie rempli) : l’affectation prend fin ce jour, le lit est libre, les échéances des mois suivants sont annulées',
        params: affectationParams,
        body: departBody,
        response: { 200: departAnswer },
      },
    },
    async (request) =>
      recordDeparture(app.db, request.auth!, {
        id: request.params.id,
        date: request.body.date,
        dashboardUrl: tableauDeBordUrl(app.config),
      }),
  );

  r.post(
    '/affectation/:id/degradation',
    {
      onRequest: requirePermission('cite.agent'),
      schema: {
        tags,
        security,
        summary:
          'Facturer la dégradation d’un élément en plus mauvais état à la sortie qu’à l’entrée (une fois par élément)',
        params: affectationParams,
        body: degradationBody,
        response: { 201: degradationAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await chargeDegradation(app.db, request.auth!, { id: request.params.id, body: request.body })),
  );

  r.get(
    '/affectation/:id/degradation/:idDegradation/recu',
    {
      onRequest: requirePermission('cite.inventory'),
      config: { produces: [FILE_TYPES.pdf] },
      schema: {
        tags,
        security,
        summary: 'Le reçu d’une dégradation facturée (PDF nommant les deux états des lieux)',
        params: degradationParams,
      },
    },
    async (request, reply) => {
      const facts = await degradationReceiptFacts(app.db, request.auth!, request.params);
      const pdf = await damageReceiptPdf(facts, recuUrl(app.config, facts.reference));
      reply.header('Content-Disposition', `attachment; filename="degradation_${facts.reference}.pdf"`);
      reply.header('Cache-Control', 'no-store');
      return reply.type(FILE_TYPES.pdf).send(pdf);
    },
  );
}
