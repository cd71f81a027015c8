import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody, notModified } from '../../../domain/schemas/common';
import {
  campaignBody,
  campaignParams,
  campaignQuery,
  runningRoomChoicesAnswer,
  campaignRead,
  campaignUpdateBody,
  confirmationAnswer,
  followAnswer,
  followCounts,
  followParams,
  groupAnswerBody,
  groupBody,
  groupParams,
  groupRead,
  holdBody,
  holdParams,
  holdRead,
  mineRead,
  roomsAnswer,
  roomsQuery,
} from '../../../domain/schemas/room-choice';
import { tableauDeBordUrl } from '../../config/urls';
import { parseListQuery, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { sendEncoded } from '../../plugins/encoded';
import { followConditions, followSource, type FollowSourceRow } from './repository';
import {
  answerGroup,
  campaignCounts,
  cancelCampaign,
  cancelHold,
  changeCampaign,
  confirm,
  createCampaign,
  createGroup,
  extend,
  followedCampaign,
  hold,
  leaveGroup,
  mine,
  readCampaign,
  runningRoomChoices,
  rooms,
} from './service';

/**
 * Room choice by the students (docs/room-choice.md), under `campus/choix-chambre`: staff's
 * campaign and follow-up (`roomchoice.manage`), the student's group, rooms, hold and confirmation
 * (`roomchoice.choose`), a hold cancelled by its student or by staff (`roomchoice.hold`).
 */
export async function roomChoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['choix-chambre'];
  const security = [{ bearer: [] }];
  const base = '/choix-chambre';
  const dashboardUrl = () => tableauDeBordUrl(app.config);

  r.post(
    `${base}/campagne`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary:
          'Créer la campagne de choix des chambres d’une session et d’une direction (créneaux calculés, étudiants prévenus)',
        body: campaignBody,
        response: { 201: campaignRead },
      },
    },
    async (request, reply) => {
      const made = await createCampaign(app.db, request.auth ?? null, {
        ...request.body,
        dashboardUrl: dashboardUrl(),
      });
      return reply.status(201).send(made);
    },
  );

  r.get(
    `${base}/campagne`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary: 'La campagne d’une session et d’une direction, avec ses créneaux ; null sans campagne',
        querystring: campaignQuery,
        response: { 200: campaignRead.nullable() },
      },
    },
    async (request) => readCampaign(app.db, request.auth ?? null, request.query),
  );

  r.get(
    `${base}/en-cours`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary:
          'Les sessions dont le choix des chambres est en cours (campagne commencée, pas finie), dans son périmètre',
        response: { 200: runningRoomChoicesAnswer },
      },
    },
    async (request) => runningRoomChoices(app.db, request.auth ?? null),
  );

  r.put(
    `${base}/campagne/:idCampagne`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary: 'Modifier une campagne avant son début (créneaux recalculés ; 409 après le début)',
        params: campaignParams,
        body: campaignUpdateBody,
        response: { 200: campaignRead },
      },
    },
    async (request) =>
      changeCampaign(app.db, request.auth ?? null, {
        ...request.body,
        idCampagne: request.params.idCampagne,
        dashboardUrl: dashboardUrl(),
      }),
  );

  r.delete(
    `${base}/campagne/:idCampagne`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary: 'Annuler une campagne avant son début (409 après le début)',
        params: campaignParams,
        response: { 200: messageBody },
      },
    },
    async (request) => cancelCampaign(app.db, request.auth ?? null, request.params.idCampagne),
  );

  r.get(
    `${base}/campagne/:idCampagne/suivi`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary: 'Suivi d’une campagne : chaque étudiant, son créneau et où il en est (paginé)',
        params: followParams,
        querystring: listQuerySchema(followSource, {}),
        response: { 200: followAnswer },
      },
    },
    async (request, reply) => {
      const campaign = await followedCampaign(app.db, request.auth ?? null, request.params.idCampagne);
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(query, followSource);
      return (await sendList(reply, app.db, followSource, {
        query,
        lq,
        extra: followConditions(campaign.idCampagne),
      })) as FollowSourceRow[];
    },
  );

  r.get(
    `${base}/campagne/:idCampagne/compteurs`,
    {
      onRequest: requirePermission('roomchoice.manage'),
      schema: {
        tags,
        security,
        summary: 'Combien d’étudiants de la campagne en sont à chaque état (ceux du suivi)',
        params: followParams,
        response: { 200: followCounts },
      },
    },
    async (request) => campaignCounts(app.db, request.auth ?? null, request.params.idCampagne),
  );

  r.post(
    `${base}/groupe`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary: 'Former un groupe : inviter de 1 à 3 amis par leur INE',
        body: groupBody,
        response: { 201: groupRead },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createGroup(app.db, request.auth ?? null, {
          ines: request.body.ines,
          limit: { maxFailures: app.config.INE_MAX_FAILURES, windowMinutes: app.config.INE_WINDOW_MINUTES },
        }),
      ),
  );

  r.post(
    `${base}/groupe/:idGroupe/reponse`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary: 'Accepter ou refuser une invitation dans un groupe',
        params: groupParams,
        body: groupAnswerBody,
        response: { 200: groupRead },
      },
    },
    async (request) =>
      answerGroup(app.db, request.auth ?? null, {
        idGroupe: request.params.idGroupe,
        reponse: request.body.reponse,
      }),
  );

  r.delete(
    `${base}/groupe/:idGroupe/membre`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary: 'Quitter son groupe (tant qu’il ne réserve rien)',
        params: groupParams,
        response: { 200: messageBody },
      },
    },
    async (request) => leaveGroup(app.db, request.auth ?? null, request.params.idGroupe),
  );

  r.get(
    `${base}/moi`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary:
          'Mon créneau, la fin de la campagne, mon groupe et ma réservation en cours ; null sans campagne qui me donne un créneau',
        response: { 200: mineRead.nullable() },
      },
    },
    async (request) => mine(app.db, request.auth ?? null),
  );

  r.get(
    `${base}/chambres`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary:
          'Les chambres d’une cité qui me conviennent (sexe, lits libres pour mon groupe) ; étiquetée (ETag, 304)',
        querystring: roomsQuery,
        response: { 200: roomsAnswer, 304: notModified },
      },
    },
    async (request, reply) => {
      const answer = await rooms(app.db, request.auth ?? null, request.query.idCite);
      // Tagged by its content, so a phone polling the list gets 304 while nothing changed; sent
      // compressed as it was kept (a cité of 2,500 beds: a few KB instead of a few hundred), the
      // kept JSON text (already the schema's shape) not serialised again.
      return sendEncoded(request, reply as FastifyReply, answer, { cacheControl: 'private, no-cache' });
    },
  );

  r.post(
    `${base}/reservation`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary: 'Réserver une chambre (un lit par membre accepté du groupe) pour quelques minutes',
        body: holdBody,
        response: { 201: holdRead },
      },
    },
    async (request, reply) => reply.status(201).send(await hold(app.db, request.auth ?? null, request.body)),
  );

  r.post(
    `${base}/reservation/:idReservation/prolongation`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary: 'Prolonger sa réservation (au plus 10 fois, jamais après la fin de la campagne)',
        params: holdParams,
        response: { 200: holdRead },
      },
    },
    async (request) => extend(app.db, request.auth ?? null, request.params.idReservation),
  );

  r.post(
    `${base}/reservation/:idReservation/confirmation`,
    {
      onRequest: requirePermission('roomchoice.choose'),
      schema: {
        tags,
        security,
        summary: 'Confirmer sa réservation : chaque membre reçoit son lit (attestation, échéances, SMS)',
        params: holdParams,
        response: { 200: confirmationAnswer },
      },
    },
    async (request, reply) =>
      reply.status(200).send(
        await confirm(app.db, request.auth ?? null, {
          idReservation: request.params.idReservation,
          dashboardUrl: dashboardUrl(),
        }),
      ),
  );

  r.delete(
    `${base}/reservation/:idReservation`,
    {
      onRequest: requirePermission('roomchoice.hold'),
      schema: {
        tags,
        security,
        summary: 'Annuler une réservation (l’étudiant la sienne, le personnel celles de sa direction)',
        params: holdParams,
        response: { 200: messageBody },
      },
    },
    async (request) => cancelHold(app.db, request.auth ?? null, request.params.idReservation),
  );
}
