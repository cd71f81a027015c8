import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../domain/messages';
import { PASSWORD_MIN_LENGTH } from '../../../domain/limits';
import { requireAuth, signToken } from '../../plugins/auth';
import { changeOwnPassword, signin, type IssueToken } from './service';

const signinResponse = z.object({
  accessToken: z.string(),
  roles: z.array(z.string()),
  idDirection: z.number().nullable(),
  username: z.string(),
  nom: z.string(),
  prenom: z.string(),
  libelleDirection: z.string().nullable(),
});

const requiredText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : v == null ? undefined : v),
    z.string({ error: messages.champObligatoire }).max(max),
  );

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const issueToken: IssueToken = (account) => signToken(app, account);

  r.post(
    '/signin',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['authentification'],
        summary: 'Connexion (identifiant ou INE, mot de passe)',
        body: z.object({
          username: requiredText().refine((v) => v.trim() !== '', { error: messages.champObligatoire }),
          password: requiredText(200).refine((v) => v !== '', { error: messages.champObligatoire }),
        }),
        response: { 200: signinResponse },
      },
    },
    async (request) =>
      signin(app.db, null, {
        userName: request.body.username,
        password: request.body.password,
        limit: {
          maxFailures: app.config.SIGNIN_MAX_FAILURES,
          windowMinutes: app.config.SIGNIN_WINDOW_MINUTES,
        },
        issueToken,
      }),
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
          nouveauMotDePasse: requiredText().refine((v) => v.length >= PASSWORD_MIN_LENGTH, {
            error: messages.motDePasseCourt,
          }),
        }),
        response: { 200: z.object({ message: z.string(), accessToken: z.string() }) },
      },
    },
    async (request) => {
      const result = await changeOwnPassword(app.db, request.auth!, {
        ancienMotDePasse: request.body.ancienMotDePasse,
        nouveauMotDePasse: request.body.nouveauMotDePasse,
        issueToken,
      });
      return { message: messages.motDePasseModifie, ...result };
    },
  );
}
