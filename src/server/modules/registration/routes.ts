import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identitySchema } from '../../../domain/registry';
import { signinUrl } from '../../config/urls';
import { lookupStudent, registerStudent, type IneLimit } from './service';

/**
 * Registration by INE (CONTRACT §4; workflow specification §2, §5, §8): public calls under
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
        params: z.object({ ine: z.string() }),
        querystring: z.object({ dateNaissance: z.string().optional() }),
        response: { 200: identitySchema },
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
      schema: {
        tags,
        summary: 'Créer son compte étudiant (mot de passe envoyé par e-mail)',
        body: z.record(z.string(), z.unknown()),
        response: { 201: z.object({ message: z.string(), username: z.string() }) },
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
