import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  categorieChambre,
  cite,
  RESOURCES,
  users,
  type ResourceName,
} from '../../../domain/resources/definitions';
import { rowSchema } from '../../../domain/resources/shape';
import { signinUrl } from '../../config/urls';
import { notFound } from '../../errors';
import { ignoreEmptyBody, messageResponse, registerResource } from '../../crud/routes';
import { getRow } from '../../crud/repository';
import type { ResourceHooks } from '../../crud/service';
import { requirePermission } from '../../plugins/auth';
import { resetUserPassword } from './users-service';
import {
  batimentHooks,
  categorieChambreHooks,
  chambreHooks,
  critereHooks,
  couloirHooks,
  litHooks,
  niveauHooks,
  quotaHooks,
  sessionHooks,
  userHooks,
  villeHooks,
} from './hooks';
import { citeCategories } from './repository';

/** Resource-specific rules, by resource name (a misspelt name does not compile). */
const HOOKS: Partial<Record<ResourceName, ResourceHooks>> = {
  ville: villeHooks,
  users: userHooks,
  'session-cenou': sessionHooks,
  quota: quotaHooks,
  critere: critereHooks,
  chambre: chambreHooks,
  'categorie-chambre': categorieChambreHooks,
  batiment: batimentHooks,
  niveau: niveauHooks,
  couloir: couloirHooks,
  lit: litHooks,
};

export async function referenceRoutes(app: FastifyInstance) {
  for (const def of RESOURCES) registerResource(app, def, HOOKS[def.name]);

  const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/) });

  // A cité with its room categories (administration specification §7).
  app.get(
    '/cite-categorie/:id',
    {
      onRequest: requirePermission('reference.read'),
      schema: {
        tags: [cite.title],
        params: idParams,
        response: {
          200: rowSchema(cite).extend({ listeCategorieChambre: z.array(rowSchema(categorieChambre)) }),
        },
      },
    },
    async (request) => {
      const id = Number((request.params as { id: string }).id);
      const row = await getRow(app.db, cite, id);
      if (!row) throw notFound();
      const listeCategorieChambre = await citeCategories(app.db, id);
      return { ...row, listeCategorieChambre };
    },
  );

  // Password reset by an admin: a new password, mailed; older tokens stop working (CONTRACT §4).
  app.put(
    '/users/:id/reset',
    {
      onRequest: [requirePermission('users.manage'), ignoreEmptyBody],
      schema: {
        tags: [users.title],
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) =>
      resetUserPassword(app.db, request.auth ?? null, {
        id: Number((request.params as { id: string }).id),
        signinUrl: signinUrl(app.config),
      }),
  );
}
