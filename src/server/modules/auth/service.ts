import { users } from '../../../domain/resources/definitions';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../errors';
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

/** Makes the bearer token of an account (the route passes the JWT signer: services know no Fastify). */
export type IssueToken = (account: { id: number; role: string; tokenVersion: number }) => string;

/** The limit of failed sign-ins per username (docs/accounts.md), from the configuration. */
export interface SigninLimit {
  maxFailures: number;
  windowMinutes: number;
}

const signinKey = (userName: string) => `signin:${userName.trim().toLowerCase()}`;

/**
 * docs/api.md and docs/accounts.md: one answer for a wrong password and an unknown user; after too many failures
 * for a username, that username is refused (429) until the window passes, even with the right
 * password, without touching other users who share the same address.
 */
export async function signin(
  db: Db,
  _actor: Actor | null,
  input: { userName: string; password: string; limit: SigninLimit; issueToken: IssueToken },
): Promise<SigninResult> {
  const { userName, password, limit } = input;
  const key = signinKey(userName);
  if (await isOverLimit(db, key, limit.maxFailures, limit.windowMinutes)) {
    throw new AppError('TROP_DE_TENTATIVES', 'compteVerrouille');
  }
  const account = await findAccountByUserName(db, userName.trim());
  const ok = await verifyPassword(account?.passwordHash, password);
  if (!account || !ok) {
    await recordFailure(db, key, limit.windowMinutes);
    throw new AppError('IDENTIFIANTS_INVALIDES');
  }
  await clearFailures(db, key);
  return {
    accessToken: input.issueToken(account),
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
  db: Db,
  actor: Actor,
  input: { ancienMotDePasse: string; nouveauMotDePasse: string; issueToken: IssueToken },
): Promise<{ accessToken: string }> {
  const userId = actor.id;
  const current = input.ancienMotDePasse;
  const next = input.nouveauMotDePasse;
  const account = await findAccountById(db, userId);
  if (!account) throw new AppError('NON_AUTHENTIFIE');
  if (!(await verifyPassword(account.passwordHash, current))) {
    throw fieldError('ancienMotDePasse', 'ancienMotDePasseIncorrect');
  }
  const passwordHash = await hashPassword(next);
  const tokenVersion = await withTransaction(db, async (tx) => {
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
  return { accessToken: input.issueToken({ ...account, tokenVersion }) };
}
