import { sql } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import { users } from '../../../domain/resources/definitions';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import { one, type Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../errors';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { generatePassword, hashPassword } from '../../security/passwords';

/**
 * Password reset by an admin (CONTRACT §4): a new password, mailed (outbox, same transaction);
 * older tokens stop working; written to the audit log (the account's name, never the password).
 */
export async function resetUserPassword(
  db: Db,
  actor: Actor | null,
  input: { id: number; signinUrl: string },
): Promise<{ message: string }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await withTransaction(db, async (tx) => {
    const user = await one<{ nom: string; prenom: string; email: string; userName: string }>(
      tx,
      sql`UPDATE users SET password_hash = ${passwordHash}, token_version = token_version + 1, updated_at = now()
          WHERE id = ${input.id} AND deleted_at IS NULL
          RETURNING nom, prenom, email, user_name AS "userName"`,
    );
    if (!user) throw notFound();
    if (!user.email)
      throw new AppError('VALIDATION', 'champObligatoire', [
        { champ: 'email', message: messages.champObligatoire },
      ]);
    await enqueueMail(tx, user.email, passwordResetMail({ ...user, password }, input.signinUrl));
    await recordAudit(tx, actor, {
      action: 'REINITIALISER_MOT_DE_PASSE',
      resource: users.name,
      resourceId: input.id,
      detail: { libelle: users.optionLabel(user) },
    });
  });
  return { message: messages.motDePasseReinitialise };
}
