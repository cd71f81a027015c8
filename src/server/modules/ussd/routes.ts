import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USSD_PATH } from '../../../domain/api';
import { JSON_BODY_MAX_BYTES } from '../../../domain/limits';
import { ussdAnswer } from '../../../domain/messages-ussd';
import {
  ussdAnswerText,
  ussdRequestBody,
  ussdSimulatorAnswer,
  ussdSimulatorBody,
} from '../../../domain/schemas/ussd';
import { USSD_CODE } from '../../../domain/ussd';
import { recordAudit } from '../../audit/record';
import { tableauDeBordUrl } from '../../config/urls';
import { AppError } from '../../errors';
import { requirePermission } from '../../plugins/auth';
import { secretMatches, ussdSecret } from './secret';
import { handleUssd } from './service';

/** The header the gateway sends the secret in. */
export const USSD_SECRET_HEADER = 'x-ussd-secret';

/**
 * The operator's gateway (docs/ussd.md): `POST /service/api/ussd`, form-encoded, outside the API
 * base (it is the gateway's call, not a person's). Its guard is the shared secret in
 * `X-USSD-Secret` (wrong or missing: 401, nothing read further); the answer is text, `CON …` or
 * `END …`. A fault while answering is logged and the phone reads an END screen saying the service
 * is unavailable: a gateway shows the student nothing of an error status.
 */
export async function ussdGatewayRoutes(app: FastifyInstance, opts: { jwtSecret: string }) {
  const secret = ussdSecret(app.config, opts.jwtSecret);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString()))),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    USSD_PATH,
    {
      config: { public: true },
      onRequest: async (request) => {
        if (!secretMatches(request.headers[USSD_SECRET_HEADER], secret))
          throw new AppError('NON_AUTHENTIFIE', 'ussdSecretInvalide');
      },
      schema: {
        tags: ['ussd'],
        summary:
          'Menu USSD d’un étudiant (passerelle de l’opérateur, corps application/x-www-form-urlencoded, secret dans l’en-tête X-USSD-Secret) : réponse texte CON … ou END …, 182 caractères GSM au plus',
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/plain'],
        body: ussdRequestBody,
        response: { 200: ussdAnswerText },
      },
    },
    async (request, reply) => {
      let text: string;
      try {
        text = await handleUssd(app.db, request.body, { dashboardUrl: tableauDeBordUrl(app.config) });
      } catch (err) {
        request.log.error({ err }, 'ussd request failed');
        text = ussdAnswer('INDISPONIBLE');
      }
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
}

/**
 * The staff's USSD phone (docs/ussd.md#the-ussd-phone): sends one step of its session to the
 * gateway's route as the operator would, the secret added here, never shown to the browser; each
 * step is in the audit journal (an answer given this way is the student's).
 */
export async function ussdSimulatorRoutes(app: FastifyInstance, opts: { jwtSecret: string }) {
  const secret = ussdSecret(app.config, opts.jwtSecret);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/ussd/simulateur',
    {
      onRequest: requirePermission('ussd.simulate'),
      schema: {
        tags: ['ussd'],
        security: [{ bearer: [] }],
        summary: 'Téléphone USSD de démonstration : une saisie envoyée au menu USSD comme par l’opérateur',
        body: ussdSimulatorBody,
        response: { 200: ussdSimulatorAnswer },
      },
    },
    async (request) => {
      const { sessionId, phoneNumber, text } = request.body;
      const answer = await app.inject({
        method: 'POST',
        url: USSD_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', [USSD_SECRET_HEADER]: secret },
        payload: new URLSearchParams({ sessionId, serviceCode: USSD_CODE, phoneNumber, text }).toString(),
      });
      if (answer.statusCode !== 200) throw new AppError('INDISPONIBLE');
      await recordAudit(app.db, request.auth ?? null, {
        action: 'SIMULER_USSD',
        resource: 'ussd',
        resourceId: sessionId,
        detail: { phoneNumber, text, reponse: answer.body },
      });
      return { reponse: answer.body, codeService: USSD_CODE };
    },
  );
}
