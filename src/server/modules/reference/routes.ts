import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../domain/messages';
import { categorieChambre, cite, RESOURCES, users } from '../../../domain/resources/definitions';
import { recordAudit } from '../../audit/record';
import { one } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ignoreEmptyBody, registerResource } from '../../crud/routes';
import { getRow, listRows } from '../../crud/repository';
import type { ResourceHooks } from '../../crud/service';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { requirePermission } from '../../plugins/auth';
import { generatePassword, hashPassword } from '../../security/passwords';
import {
  categorieChambreHooks,
  chambreHooks,
  quotaHooks,
  sessionHooks,
  userHooks,
  villeHooks,
} from './hooks';

const HOOKS: Record<string, ResourceHooks> = {
  ville: villeHooks,
  users: userHooks,
  'session-cenou': sessionHooks,
  quota: quotaHooks,
  chambre: chambreHooks,
  'categorie-chambre': categorieChambreHooks,
};

/** Columns of the housing-stock export screen ('Liste des données des cités'). */
const LIT_EXPORT = [
  'nomVille',
  'nomCite',
  'libelleBatiment',
  'libelleNiveau',
  'libelleCouloir',
  'libelleChambre',
  'libelleCategorieChambre',
  'libelleLit',
];

export function signinUrl(app: FastifyInstance): string {
  return `${app.config.PUBLIC_URL ?? `http://${app.config.HOST}:${app.config.PORT}`}/connexion`;
}

export async function referenceRoutes(app: FastifyInstance) {
  for (const def of RESOURCES)
    registerResource(app, def, HOOKS[def.name], def.name === 'lit' ? LIT_EXPORT : undefined);

  const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/) });

  // A cité with its room categories (administration specification §7).
  app.get(
    '/cite-categorie/:id',
    { onRequest: requirePermission('reference.read'), schema: { tags: [cite.title], params: idParams } },
    async (request) => {
      const id = Number((request.params as { id: string }).id);
      const row = await getRow(app.db, cite, id);
      if (!row) throw notFound();
      const { rows: listeCategorieChambre } = await listRows(
        app.db,
        categorieChambre,
        {
          paged: false,
          page: 0,
          size: 0,
          sort: [{ column: 'libelleCategorieChambre', desc: false }],
          filtres: {},
        },
        [sql`t0.id_cite = ${id}`],
      );
      return { ...row, listeCategorieChambre };
    },
  );

  // Password reset by an admin: a new password, mailed; older tokens stop working (CONTRACT §4).
  app.put(
    '/users/:id/reset',
    {
      onRequest: [requirePermission('users.manage'), ignoreEmptyBody],
      schema: { tags: [users.title], params: idParams },
    },
    async (request) => {
      const id = Number((request.params as { id: string }).id);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        const user = await one<{ nom: string; prenom: string; email: string; userName: string }>(
          tx,
          sql`UPDATE users SET password_hash = ${passwordHash}, token_version = token_version + 1, updated_at = now()
              WHERE id = ${id} AND deleted_at IS NULL
              RETURNING nom, prenom, email, user_name AS "userName"`,
        );
        if (!user) throw notFound();
        if (!user.email)
          throw new AppError('VALIDATION', 'champObligatoire', [
            { champ: 'email', message: messages.champObligatoire },
          ]);
        await enqueueMail(tx, user.email, passwordResetMail({ ...user, password }, signinUrl(app)));
        await recordAudit(tx, request, {
          action: 'REINITIALISER_MOT_DE_PASSE',
          resource: users.name,
          resourceId: id,
          detail: { libelle: users.optionLabel(user) },
        });
      });
      return { message: messages.motDePasseReinitialise };
    },
  );
}
