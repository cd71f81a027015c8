import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dossierPhoneParams,
  phoneBody,
  phoneCodeAnswer,
  phoneConfirmAnswer,
  phoneConfirmBody,
  phoneRead,
  phoneRemoveAnswer,
} from '../../../domain/schemas/phone';
import { requirePermission } from '../../plugins/auth';
import { confirmPhoneCode, dossierPhone, myPhone, removePhone, requestPhoneCode } from './service';

/** The student's phone for the SMS (decision 030): its own view and verification, the staff's view. */
export async function phoneRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['telephone'];
  const security = [{ bearer: [] }];
  // Limited as the forgotten password is: per address (the public limit) and per account (the
  // database's counters, the sign-in's numbers).
  const limit = () => ({
    maxFailures: app.config.SIGNIN_MAX_FAILURES,
    windowMinutes: app.config.SIGNIN_WINDOW_MINUTES,
  });

  r.get(
    '/etudiant/telephone',
    {
      onRequest: requirePermission('phone.own'),
      schema: {
        tags,
        security,
        summary: 'Le numéro où vont mes SMS : vérifié par moi, ou celui du registre',
        response: { 200: phoneRead },
      },
    },
    async (request) => myPhone(app.db, request.auth!),
  );

  r.post(
    '/etudiant/telephone',
    {
      onRequest: requirePermission('phone.own'),
      config: { rateLimit: app.publicRateLimit },
      schema: {
        tags,
        security,
        summary: 'Un nouveau numéro : un code à 6 chiffres lui est envoyé par SMS (15 minutes, 5 essais)',
        body: phoneBody,
        response: { 200: phoneCodeAnswer },
      },
    },
    async (request, reply) => {
      const answer = await requestPhoneCode(app.db, request.auth!, {
        telephone: request.body.telephone,
        limit: limit(),
      });
      return reply.code(200).send(answer);
    },
  );

  r.post(
    '/etudiant/telephone/confirmation',
    {
      onRequest: requirePermission('phone.own'),
      config: { rateLimit: app.publicRateLimit },
      schema: {
        tags,
        security,
        summary: 'Le code reçu par SMS : le numéro devient celui de mes SMS',
        body: phoneConfirmBody,
        response: { 200: phoneConfirmAnswer },
      },
    },
    async (request, reply) => {
      const answer = await confirmPhoneCode(app.db, request.auth!, {
        code: request.body.code,
        limit: limit(),
      });
      return reply.code(200).send(answer);
    },
  );

  r.delete(
    '/etudiant/telephone',
    {
      onRequest: requirePermission('phone.own'),
      schema: {
        tags,
        security,
        summary: 'Oublier le numéro vérifié : les SMS vont de nouveau au numéro du registre',
        response: { 200: phoneRemoveAnswer },
      },
    },
    async (request) => removePhone(app.db, request.auth!),
  );

  r.get(
    '/dossier/:idDossier/telephone',
    {
      onRequest: requirePermission('messages.read'),
      schema: {
        tags,
        security,
        summary: 'Le numéro où vont les SMS de l’étudiant du dossier, et s’il l’a vérifié',
        params: dossierPhoneParams,
        response: { 200: phoneRead },
      },
    },
    async (request) => dossierPhone(app.db, request.auth ?? null, request.params.idDossier),
  );
}
