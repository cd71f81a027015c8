import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../domain/messages';
import { requireAuth } from '../../plugins/auth';
import { changeOwnPassword, signin } from './service';

const requiredText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : v == null ? undefined : v),
    z.string({ error: messages.champObligatoire }).max(max),
  );

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/signin',
    {
      config: { rateLimit: app.publicRateLimit },
      schema: {
        tags: ['authentification'],
        summary: 'Connexion (identifiant ou INE, mot de passe)',
        body: z.object({
          username: requiredText().refine((v) => v.trim() !== '', { error: messages.champObligatoire }),
          password: requiredText(200).refine((v) => v !== '', { error: messages.champObligatoire }),
        }),
      },
    },
    async (request) => signin(app, request.body.username, request.body.password),
  );

  r.put(
    '/password',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['authentification'],
        summary: 'Changer son propre mot de passe',
        security: [{ bearer: [] }],
        body: z.object({
          ancienMotDePasse: requiredText().refine((v) => v !== '', { error: messages.champObligatoire }),
          nouveauMotDePasse: requiredText().refine((v) => v.length >= 8, { error: messages.motDePasseCourt }),
        }),
      },
    },
    async (request) => {
      const result = await changeOwnPassword(
        app,
        request.auth!.id,
        request.body.ancienMotDePasse,
        request.body.nouveauMotDePasse,
      );
      return { message: messages.motDePasseModifie, ...result };
    },
  );
}
