import { messages } from '../../../domain/messages';
import { users } from '../../../domain/resources/definitions';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../errors';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { generatePassword, hashPassword } from '../../security/passwords';
import { setUserPassword } from './repository';

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
    const user = await setUserPassword(tx, input.id, passwordHash);
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
