import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cite, RESOURCES, users } from '../../../domain/resources/definitions';
import { citeCategorieAnswer, resourceIdParams, userResetAnswer } from '../../../domain/schemas/resources';
import { signinUrl } from '../../config/urls';
import { notFound } from '../../errors';
import { ignoreEmptyBody, registerResource } from '../../crud/routes';
import { getRow } from '../../crud/repository';
import { requirePermission } from '../../plugins/auth';
import { resetUserPassword } from './users-service';
import { RESOURCE_HOOKS as HOOKS } from './hooks';
import { citeCategories } from './repository';

export async function referenceRoutes(app: FastifyInstance) {
  for (const def of RESOURCES) registerResource(app, def, HOOKS[def.name]);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A cité with its room categories (the settings read `reference.read`, docs/roles.md#the-permissions).
  r.get(
    '/cite-categorie/:id',
    {
      onRequest: requirePermission('reference.read'),
      schema: {
        tags: [cite.title],
        summary: 'Une cité avec ses catégories de chambre',
        params: resourceIdParams,
        response: { 200: citeCategorieAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await getRow(app.db, cite, id);
      if (!row) throw notFound();
      const listeCategorieChambre = await citeCategories(app.db, id);
      return { ...row, listeCategorieChambre };
    },
  );

  // Password reset by an admin: a new password, mailed; older tokens stop working (docs/accounts.md).
  r.put(
    '/users/:id/reset',
    {
      onRequest: [requirePermission('users.manage'), ignoreEmptyBody],
      schema: {
        tags: [users.title],
        summary: 'Réinitialiser le mot de passe d’un compte (envoyé par courriel)',
        params: resourceIdParams,
        response: { 200: userResetAnswer },
      },
    },
    async (request) =>
      resetUserPassword(app.db, request.auth ?? null, {
        id: request.params.id,
        signinUrl: signinUrl(app.config),
      }),
  );
}
