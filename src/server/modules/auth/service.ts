import type { FastifyInstance } from 'fastify';
import { users } from '../../../domain/resources/definitions';
import { recordAudit } from '../../audit/record';
import { AppError, fieldError } from '../../errors';
import { signToken } from '../../plugins/auth';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { clearFailures, isOverLimit, recordFailure } from '../../security/rate-counter';
import { findAccountById, findAccountByUserName, setPassword } from './repository';

export interface SigninResult {
  accessToken: string;
  roles: string[];
  idDirection: number | null;
  username: string;
  nom: string;
  prenom: string;
  libelleDirection: string | null;
}

const signinKey = (userName: string) => `signin:${userName.trim().toLowerCase()}`;

/**
 * CONTRACT §2 and §4: one answer for a wrong password and an unknown user; after too many failures
 * for a username, that username is refused (429) until the window passes, even with the right
 * password, without touching other users who share the same address.
 */
export async function signin(
  app: FastifyInstance,
  userName: string,
  password: string,
): Promise<SigninResult> {
  const { db, config } = app;
  const key = signinKey(userName);
  if (await isOverLimit(db, key, config.SIGNIN_MAX_FAILURES, config.SIGNIN_WINDOW_MINUTES)) {
    throw new AppError('TROP_DE_TENTATIVES', 'compteVerrouille');
  }
  const account = await findAccountByUserName(db, userName.trim());
  const ok = await verifyPassword(account?.passwordHash, password);
  if (!account || !ok) {
    await recordFailure(db, key, config.SIGNIN_WINDOW_MINUTES);
    throw new AppError('IDENTIFIANTS_INVALIDES');
  }
  await clearFailures(db, key);
  return {
    accessToken: signToken(app, account),
    roles: [account.role],
    idDirection: account.idDirection,
    username: account.userName,
    nom: account.nom,
    prenom: account.prenom,
    libelleDirection: account.libelleDirection,
  };
}

/** A signed-in user changes its own password; the token it used keeps working (a new one is returned). */
export async function changeOwnPassword(
  app: FastifyInstance,
  userId: number,
  current: string,
  next: string,
): Promise<{ accessToken: string }> {
  const account = await findAccountById(app.db, userId);
  if (!account) throw new AppError('NON_AUTHENTIFIE');
  if (!(await verifyPassword(account.passwordHash, current))) {
    throw fieldError('ancienMotDePasse', 'ancienMotDePasseIncorrect');
  }
  const passwordHash = await hashPassword(next);
  const tokenVersion = await app.db.transaction(async (tx) => {
    const version = await setPassword(tx, userId, passwordHash);
    await recordAudit(
      tx,
      { id: account.id, userName: account.userName },
      {
        action: 'CHANGER_MOT_DE_PASSE',
        resource: users.name,
        resourceId: userId,
        detail: {
          libelle: users.optionLabel({
            nom: account.nom,
            prenom: account.prenom,
            userName: account.userName,
          }),
        },
      },
    );
    return version;
  });
  return { accessToken: signToken(app, { ...account, tokenVersion }) };
}
