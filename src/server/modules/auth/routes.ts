import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { passwordAnswer, passwordBody, signinAnswer, signinBody } from '../../../domain/schemas/auth';
import { requireAuth, signToken } from '../../plugins/auth';
import { changeOwnPassword, signin, type IssueToken } from './service';

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
        body: signinBody,
        response: { 200: signinAnswer },
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
        body: passwordBody,
        response: { 200: passwordAnswer },
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
