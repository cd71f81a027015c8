import { ADMIN, type Role } from '../../../domain/enums';
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
import { lockAdmins, otherAdminExists, setPassword } from '../accounts/repository';

/**
 * What no write of an account may do (409 CONFLIT), so that the platform always keeps someone to
 * manage its accounts: an admin does not delete its own account nor take the admin role from it
 * (another admin does), and the last admin is neither deleted nor given another role. The admins
 * are counted under `lockAdmins`, in the write's transaction: two admins taking the role from each
 * other at the same moment leave one of them admin, the other write is refused.
 * `after` is the account's role after the write, or 'deleted'.
 */
export async function refuseLockout(
  tx: Db,
  actor: Actor | null,
  change: { id: number; role: unknown; after: Role | 'deleted' },
): Promise<void> {
  const own = actor?.id === change.id;
  if (change.after === 'deleted' && own) throw new AppError('CONFLIT', 'suppressionPropreCompte');
  if (change.role !== ADMIN || change.after === ADMIN) return;
  const onRole = (key: 'retrogradationPropreCompte' | 'dernierAdministrateur') =>
    new AppError(
      'CONFLIT',
      key,
      change.after === 'deleted' ? undefined : [{ champ: 'role', message: messages[key] }],
    );
  if (own) throw onRole('retrogradationPropreCompte');
  await lockAdmins(tx);
  if (!(await otherAdminExists(tx, change.id))) throw onRole('dernierAdministrateur');
}

/**
 * Password reset by an admin (docs/accounts.md): a new password, mailed (outbox, same transaction);
 * older tokens stop working; written to the audit log (the account's name, never the password).
 */
export async function resetUserPassword(
  db: Db,
  actor: Actor | null,
  input: { id: number; signinUrl: string },
): Promise<{ message: string }> {
  // Signed in with the password it would replace: the profile's own change of password is for that.
  if (actor?.id === input.id) throw new AppError('CONFLIT', 'reinitialisationPropreCompte');
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await withTransaction(db, async (tx) => {
    const user = await setPassword(tx, input.id, passwordHash);
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
