import { users } from '../../../domain/resources/definitions';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldError, fieldErrors } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { clearFailures, failuresIn, isOverLimit, recordFailure } from '../../security/rate-counter';
import { randomInt } from 'node:crypto';
import { ETUDIANT } from '../../../domain/enums';
import { RESET_CODE_LENGTH, RESET_CODE_MAX_TRIES, RESET_CODE_MINUTES } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { smsText } from '../../../domain/messages-sms';
import { enqueueMail } from '../../mail/outbox';
import { passwordCodeMail } from '../../mail/templates';
import { enqueueSms } from '../../sms/outbox';
import {
  findAccountById,
  findAccountByUserName,
  findAccountToSignIn,
  insertCode,
  revokeCodes,
  setPassword,
  spendCodeTry,
  useCode,
} from '../accounts/repository';

interface SigninResult {
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
  // The account and its failures in one statement; an unknown name reads its failures alone.
  const found = await findAccountToSignIn(db, userName.trim(), { key, windowMinutes: limit.windowMinutes });
  const failures = found ? found.failures : await failuresIn(db, key, limit.windowMinutes);
  if (failures >= limit.maxFailures) {
    throw new AppError('TROP_DE_TENTATIVES', 'compteVerrouille');
  }
  const account = found;
  const ok = await verifyPassword(account?.passwordHash, password);
  if (!account || !ok) {
    await recordFailure(db, key, limit.windowMinutes);
    throw new AppError('IDENTIFIANTS_INVALIDES');
  }
  // Nothing to clear after no failure (most sign-ins): one statement fewer on the opening day's
  // busiest call. A counter whose window has passed is reset by the next failure, and purged.
  if (failures > 0) await clearFailures(db, key);
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
    const version = (await setPassword(tx, userId, passwordHash))?.tokenVersion ?? 0;
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

// ---------------------------------------------------------------- forgotten password

const askKey = (userName: string) => `oubli:${userName.trim().toLowerCase()}`;
const confirmKey = (userName: string) => `oubli-code:${userName.trim().toLowerCase()}`;

/** A code of RESET_CODE_LENGTH digits, from the system's cryptographic source. */
export const newCode = () => String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');

/**
 * `POST campus-auth/mot-de-passe-oublie` (docs/accounts.md#forgotten-password): always the same
 * answer, whether the account exists or not, after the same work (the code is drawn and hashed
 * either way, a transaction opened either way). For an account: its older codes revoked, the new
 * one stored as its argon2id hash, valid RESET_CODE_MINUTES, sent by mail and, to a student with a
 * number, by SMS (outbox, same transaction). Every request counts against the user name's limit
 * (the sign-in's numbers), which answers 429 for that name whether it exists or not.
 */
export async function requestPasswordCode(
  db: Db,
  _actor: Actor | null,
  input: { userName: string; limit: SigninLimit; pageUrl: string },
): Promise<{ message: string }> {
  const { limit } = input;
  const userName = input.userName.trim();
  const key = askKey(userName);
  if (await isOverLimit(db, key, limit.maxFailures, limit.windowMinutes)) {
    throw new AppError('TROP_DE_TENTATIVES', 'tropDeDemandesCode');
  }
  await recordFailure(db, key, limit.windowMinutes);
  const account = await findAccountByUserName(db, userName);
  const code = newCode();
  const codeHash = await hashPassword(code);
  await withTransaction(db, async (tx) => {
    if (!account) {
      // The same statements' cost, on no row.
      await revokeCodes(tx, 0, 'MOT_DE_PASSE');
      return;
    }
    await revokeCodes(tx, account.id, 'MOT_DE_PASSE');
    await insertCode(tx, {
      idUser: account.id,
      purpose: 'MOT_DE_PASSE',
      codeHash,
      minutes: RESET_CODE_MINUTES,
    });
    if (account.email)
      await enqueueMail(
        tx,
        account.email,
        passwordCodeMail({ ...account, code, minutes: RESET_CODE_MINUTES }, input.pageUrl),
        { idUser: account.id },
      );
    if (account.role === ETUDIANT)
      await enqueueSms(tx, {
        kind: 'CODE_MOT_DE_PASSE',
        idUser: account.id,
        text: smsText('CODE_MOT_DE_PASSE', { code, minutes: RESET_CODE_MINUTES }),
      });
  });
  return { message: messages.codeEnvoye };
}

/**
 * `POST campus-auth/mot-de-passe-oublie/confirmation`: the code of the account's live request
 * (RESET_CODE_MAX_TRIES tries, each counted before the code is checked) and the new password. A
 * wrong, expired, spent or revoked code, or an unknown user name, get the same 400 on `code` after
 * the same work; each counts against the user name's limit. Right: the password set, the token
 * version raised (every older token stops working, every instance told by the database's trigger,
 * decision 017), the code used and the account's other codes revoked, the journal written.
 */
export async function confirmPasswordCode(
  db: Db,
  _actor: Actor | null,
  input: { userName: string; code: string; nouveauMotDePasse: string; limit: SigninLimit },
): Promise<{ message: string }> {
  const { limit } = input;
  const userName = input.userName.trim();
  const key = confirmKey(userName);
  if (await isOverLimit(db, key, limit.maxFailures, limit.windowMinutes)) {
    throw new AppError('TROP_DE_TENTATIVES', 'tropDeDemandesCode');
  }
  const account = await findAccountByUserName(db, userName);
  const live = account ? await spendCodeTry(db, account.id, 'MOT_DE_PASSE', RESET_CODE_MAX_TRIES) : undefined;
  const ok = await verifyPassword(live?.codeHash, input.code);
  const wrong = async () => {
    await recordFailure(db, key, limit.windowMinutes);
    return fieldErrors([{ champ: 'code', message: messages.codeInvalide }], 'codeInvalide');
  };
  if (!account || !live || !ok) throw await wrong();
  const passwordHash = await hashPassword(input.nouveauMotDePasse);
  const done = await withTransaction(db, async (tx) => {
    if (!(await useCode(tx, live.id))) return false;
    await revokeCodes(tx, account.id, 'MOT_DE_PASSE');
    await setPassword(tx, account.id, passwordHash);
    await recordAudit(
      tx,
      { id: account.id, userName: account.userName },
      {
        action: 'MOT_DE_PASSE_OUBLIE',
        resource: users.name,
        resourceId: account.id,
        detail: {
          libelle: users.optionLabel({
            nom: account.nom,
            prenom: account.prenom,
            userName: account.userName,
          }),
        },
      },
    );
    return true;
  });
  if (!done) throw await wrong();
  await clearFailures(db, key);
  return { message: messages.motDePasseOublieReussi };
}
