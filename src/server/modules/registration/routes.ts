import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  identityAnswer,
  identityParams,
  identityQuery,
  registrationAnswer,
  registrationBody,
} from '../../../domain/schemas/registration';
import { signinUrl } from '../../config/urls';
import { fieldErrors } from '../../errors';
import { lookupStudent, registerStudent, type IneLimit } from './service';

/**
 * A refused registration form names its fields under 'Renseigner les données complémentaires !'
 * (the form's message) rather than the generic one; other refusals keep the common body.
 */
function registrationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  // Fastify attaches the issues to the error returned: the error handler answers them as usual.
  if (dataVar !== 'body') return new Error(dataVar);
  return fieldErrors(
    errors.map((e) => ({
      champ: e.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body',
      message: e.message ?? '',
    })),
    'donneesComplementaires',
  );
}

/**
 * Registration by INE (docs/accounts.md#registration): public calls under
 * campus-auth, limited per address (loosely) and per INE (failed look-ups).
 */
export async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inscription'];
  const limit: IneLimit = {
    maxFailures: app.config.INE_MAX_FAILURES,
    windowMinutes: app.config.INE_WINDOW_MINUTES,
  };

  r.get(
    '/hebergement-etudiant/:ine',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags,
        summary:
          "Identité d'un étudiant du registre (INE et date de naissance ; téléphone et e-mail masqués)",
        params: identityParams,
        querystring: identityQuery,
        response: { 200: identityAnswer },
      },
    },
    async (request) =>
      lookupStudent(app.db, null, {
        ine: request.params.ine,
        dateNaissance: request.query.dateNaissance,
        limit,
      }),
  );

  r.post(
    '/hebergement-etudiant',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schemaErrorFormatter: registrationErrors,
      schema: {
        tags,
        summary: 'Créer son compte étudiant (mot de passe envoyé par e-mail)',
        body: registrationBody,
        response: { 201: registrationAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await registerStudent(app.db, null, {
          body: request.body,
          limit,
          signinUrl: signinUrl(app.config),
        }),
      ),
  );
}
