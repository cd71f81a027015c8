import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../domain/schemas/common';
import { depositAnswer } from '../../../domain/schemas/dossier';
import {
  draftAnswer,
  draftBody,
  helperSigninAnswer,
  helperSigninBody,
  procurationBody,
  procurationCreated,
  procurationListAnswer,
  procurationParams,
  type ProcurationRow,
} from '../../../domain/schemas/procurations';
import { scopeCondition } from '../../access/access';
import { tableauDeBordUrl } from '../../config/urls';
import { sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission, signHelperToken } from '../../plugins/auth';
import { PROCURATION_OWNER, procurationSource } from './repository';
import {
  createProcuration,
  depositDraft,
  helperSignin,
  putDraft,
  readDraft,
  revokeOwnProcuration,
} from './service';

/**
 * One-task procurations (docs/procurations.md), registered below the API's base: the student's
 * `campus/procuration`, the helper's sign-in `campus-auth/procuration`, and the deposit's draft
 * `campus/dossier/brouillon` (the helper saves it, only the student deposits it). `secret` keys
 * the codes' HMAC.
 */
export async function procurationRoutes(app: FastifyInstance, opts: { secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['procurations'];
  const security = [{ bearer: [] }];
  const key = opts.secret;

  r.post(
    '/campus/procuration',
    {
      onRequest: requirePermission('procuration.manage'),
      schema: {
        tags,
        security,
        summary:
          'Donner une procuration d’une tâche (DEPOT ou PAIEMENT) pour 1 à 24 heures : le code est montré cette seule fois',
        body: procurationBody,
        response: { 201: procurationCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProcuration(app.db, request.auth!, { ...request.body, key })),
  );

  r.get(
    '/campus/procuration',
    {
      onRequest: requirePermission('procuration.manage'),
      schema: {
        tags,
        security,
        summary: 'Mes procurations : active, utilisée (quand, depuis quelle adresse), révoquée, expirée',
        querystring: listQuerySchema(procurationSource),
        response: { 200: procurationListAnswer },
      },
    },
    async (request, reply) =>
      sendList(reply, app.db, procurationSource, {
        query: request.query as Record<string, unknown>,
        extra: [scopeCondition(request.auth, 'procuration.manage', { owner: PROCURATION_OWNER })],
      }) as Promise<ProcurationRow[]>,
  );

  r.delete(
    '/campus/procuration/:id',
    {
      onRequest: requirePermission('procuration.manage'),
      schema: {
        tags,
        security,
        summary:
          'Révoquer une de mes procurations : son code et la session qu’il a ouverte cessent de valoir',
        params: procurationParams,
        response: { 200: messageBody },
      },
    },
    async (request) => revokeOwnProcuration(app.db, request.auth!, request.params.id),
  );

  r.post(
    '/campus-auth/procuration',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags,
        summary:
          'Aidant : l’INE de l’étudiant et le code de sa procuration → une session d’une heure au plus, pour cette seule tâche',
        body: helperSigninBody,
        response: { 200: helperSigninAnswer },
      },
    },
    async (request) =>
      helperSignin(app.db, null, {
        ine: request.body.ine,
        code: request.body.code,
        adresse: request.ip,
        key,
        issueToken: (account, idProcuration, exp) => signHelperToken(app, account, idProcuration, exp),
      }),
  );

  r.get(
    '/campus/dossier/brouillon',
    {
      onRequest: requirePermission('dossier.draft'),
      schema: {
        tags,
        security,
        summary: 'Le brouillon de dossier enregistré (par un aidant ou par l’étudiant) ; null sans brouillon',
        response: { 200: draftAnswer.nullable() },
      },
    },
    async (request) => readDraft(app.db, request.auth!),
  );

  r.put(
    '/campus/dossier/brouillon',
    {
      onRequest: requirePermission('dossier.draft'),
      schema: {
        tags,
        security,
        summary:
          'Enregistrer le formulaire de dépôt comme brouillon (justificatifs par téléversement) ; seul l’étudiant le dépose',
        body: draftBody,
        response: { 200: draftAnswer },
      },
    },
    async (request) => putDraft(app.db, request.auth!, request.body),
  );

  r.post(
    '/campus/dossier/brouillon/depot',
    {
      onRequest: requirePermission('dossier.deposit'),
      schema: {
        tags,
        security,
        summary: 'Déposer le brouillon enregistré (l’étudiant seul) : comme PUT campus/dossier',
        response: { 201: depositAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await depositDraft(app.db, request.auth!, {
          storage: app.storage,
          dashboardUrl: tableauDeBordUrl(app.config),
        }),
      ),
  );
}
