import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import {
  forgotAnswer,
  forgotBody,
  forgotConfirmAnswer,
  forgotConfirmBody,
  passwordAnswer,
  passwordBody,
  signinAnswer,
  signinBody,
} from '../../../domain/schemas/auth';
import { motDePasseOublieUrl } from '../../config/urls';
import { requireAuth, signToken } from '../../plugins/auth';
import {
  changeOwnPassword,
  confirmPasswordCode,
  requestPasswordCode,
  signin,
  type IssueToken,
} from './service';

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

  const limit = () => ({
    maxFailures: app.config.SIGNIN_MAX_FAILURES,
    windowMinutes: app.config.SIGNIN_WINDOW_MINUTES,
  });

  r.post(
    '/mot-de-passe-oublie',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['authentification'],
        summary:
          'Mot de passe oublié : un code à 6 chiffres par e-mail (et par SMS à un étudiant) ; toujours la même réponse',
        body: forgotBody,
        response: { 200: forgotAnswer },
      },
    },
    async (request) =>
      requestPasswordCode(app.db, null, {
        userName: request.body.username,
        limit: limit(),
        pageUrl: motDePasseOublieUrl(app.config),
      }),
  );

  r.post(
    '/mot-de-passe-oublie/confirmation',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['authentification'],
        summary:
          'Mot de passe oublié : le code reçu et le nouveau mot de passe ; les anciens jetons cessent de valoir',
        body: forgotConfirmBody,
        response: { 200: forgotConfirmAnswer },
      },
    },
    async (request) =>
      confirmPasswordCode(app.db, null, {
        userName: request.body.username,
        code: request.body.code,
        nouveauMotDePasse: request.body.nouveauMotDePasse,
        limit: limit(),
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
