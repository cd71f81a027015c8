/**
 * The student's phone (docs/accounts.md#the-students-phone, docs/decisions/030-verified-phone-and-sms-answers.md):
 * its SMS go to the registry's number until it verifies another one, by typing back a code of
 * RESET_CODE_LENGTH digits sent by SMS to that number, valid RESET_CODE_MINUTES, RESET_CODE_MAX_TRIES
 * tries. The codes are those of the forgotten password (`code_verification`, purpose TELEPHONE,
 * the number in `telephone`), with the same rules: argon2id hash, older codes revoked, each try
 * counted in the statement that finds the code, limits on the database counters.
 */
import { RESET_CODE_MAX_TRIES, RESET_CODE_MINUTES } from '../../../domain/limits';
import { fill, messages } from '../../../domain/messages';
import { smsText } from '../../../domain/messages-sms';
import { normalisePhone, phoneForDisplay } from '../../../domain/phone';
import type { PhoneRead } from '../../../domain/schemas/phone';
import { assertCanReach } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { isUniqueViolation, withTransaction } from '../../db/transaction';
import { AppError, fieldError, fieldErrors, notFound } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { clearFailures, isOverLimit, recordFailure } from '../../security/rate-counter';
import { enqueueSms } from '../../sms/outbox';
import {
  insertCode,
  phoneTakenByOther,
  revokeCodes,
  setVerifiedPhone,
  spendCodeTry,
  useCode,
} from '../accounts/repository';
import { newCode, type SigninLimit } from '../auth/service';
import { dossierStudent, phoneRowOf, type PhoneRow } from './repository';

const askKey = (idUser: number) => `telephone:${idUser}`;
const confirmKey = (idUser: number) => `telephone-code:${idUser}`;

/** What a row says: the number the SMS go to (the verified one, else the registry's) and whence. */
function view(row: PhoneRow, own: boolean): PhoneRead {
  const registre = row.telephoneRegistre;
  return {
    telephone: row.telephoneVerifie ?? (registre ? (normalisePhone(registre) ?? registre) : null),
    source: row.telephoneVerifie ? 'VERIFIE' : registre ? 'REGISTRE' : null,
    telephoneRegistre: registre,
    telephoneVerifie: row.telephoneVerifie,
    verificationEnCours: own ? row.verificationEnCours : null,
  };
}

async function ownRow(db: Db, actor: Actor): Promise<PhoneRow> {
  const row = await phoneRowOf(db, actor.id);
  if (!row) throw new AppError('NON_AUTHENTIFIE');
  return row;
}

/** `GET campus/etudiant/telephone`: the student's numbers. */
export async function myPhone(db: Db, actor: Actor): Promise<PhoneRead> {
  return view(await ownRow(db, actor), true);
}

/**
 * `POST campus/etudiant/telephone`: a code sent by SMS to the new number (its older codes revoked).
 * Refused: an unreadable number (400), the student's verified number already (400), a number
 * another account verified (409). Every request with a readable number counts against the
 * account's limit (the sign-in's numbers): over it, 429.
 */
export async function requestPhoneCode(
  db: Db,
  actor: Actor,
  input: { telephone: string; limit: SigninLimit },
): Promise<{ message: string; telephone: string }> {
  const { limit } = input;
  const key = askKey(actor.id);
  if (await isOverLimit(db, key, limit.maxFailures, limit.windowMinutes))
    throw new AppError('TROP_DE_TENTATIVES', 'tropDeDemandesCode');
  const telephone = normalisePhone(input.telephone);
  if (!telephone) throw fieldError('telephone', 'telephoneNonValide');
  // Counted before the number is looked at: a 409 says the number is another account's, so that
  // answer too is limited (no one may try numbers one after another).
  await recordFailure(db, key, limit.windowMinutes);
  const row = await ownRow(db, actor);
  if (row.telephoneVerifie === telephone) throw fieldError('telephone', 'telephoneDejaVerifie');
  if (await phoneTakenByOther(db, telephone, actor.id)) throw new AppError('CONFLIT', 'telephoneDejaPris');
  const code = newCode();
  const codeHash = await hashPassword(code);
  await withTransaction(db, async (tx) => {
    await revokeCodes(tx, actor.id, 'TELEPHONE');
    await insertCode(tx, {
      idUser: actor.id,
      purpose: 'TELEPHONE',
      telephone,
      codeHash,
      minutes: RESET_CODE_MINUTES,
    });
    await enqueueSms(tx, {
      kind: 'CODE_TELEPHONE',
      idUser: actor.id,
      recipient: telephone,
      text: smsText('CODE_TELEPHONE', { code, minutes: RESET_CODE_MINUTES }),
    });
  });
  return {
    message: fill(messages.codeTelephoneEnvoye, { telephone: phoneForDisplay(telephone) }),
    telephone,
  };
}

/**
 * `POST campus/etudiant/telephone/confirmation`: the code of the live request (RESET_CODE_MAX_TRIES
 * tries, each counted before it is checked). Wrong, expired, spent or revoked: 400 on `code`, and a
 * failure counted (over the limit, 429). Right: the number becomes the account's verified phone
 * (the SMS go there from now on, and answers by SMS are taken from it), the code used, the journal
 * written; a number verified meanwhile by another account: 409.
 */
export async function confirmPhoneCode(
  db: Db,
  actor: Actor,
  input: { code: string; limit: SigninLimit },
): Promise<{ message: string; telephone: string }> {
  const { limit } = input;
  const key = confirmKey(actor.id);
  if (await isOverLimit(db, key, limit.maxFailures, limit.windowMinutes))
    throw new AppError('TROP_DE_TENTATIVES', 'tropDeDemandesCode');
  const live = await spendCodeTry(db, actor.id, 'TELEPHONE', RESET_CODE_MAX_TRIES);
  const ok = await verifyPassword(live?.codeHash, input.code);
  const wrong = async () => {
    await recordFailure(db, key, limit.windowMinutes);
    return fieldErrors([{ champ: 'code', message: messages.codeInvalide }], 'codeInvalide');
  };
  if (!live || !ok || !live.telephone) throw await wrong();
  const telephone = live.telephone;
  let done: boolean;
  try {
    done = await withTransaction(db, async (tx) => {
      if (!(await useCode(tx, live.id))) return false;
      await revokeCodes(tx, actor.id, 'TELEPHONE');
      await setVerifiedPhone(tx, actor.id, telephone);
      await recordAudit(tx, actor, {
        action: 'VERIFIER_TELEPHONE',
        resource: 'users',
        resourceId: actor.id,
        detail: { telephone },
      });
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_telephone_live')) throw new AppError('CONFLIT', 'telephoneDejaPris');
    throw err;
  }
  if (!done) throw await wrong();
  await clearFailures(db, key);
  return {
    message: fill(messages.telephoneVerifieMessage, { telephone: phoneForDisplay(telephone) }),
    telephone,
  };
}

/** `DELETE campus/etudiant/telephone`: the verified number forgotten, the SMS go to the registry's again. */
export async function removePhone(db: Db, actor: Actor): Promise<PhoneRead & { message: string }> {
  await withTransaction(db, async (tx) => {
    const row = await ownRow(tx, actor);
    await revokeCodes(tx, actor.id, 'TELEPHONE');
    if (!row.telephoneVerifie) return;
    await setVerifiedPhone(tx, actor.id, null);
    await recordAudit(tx, actor, {
      action: 'RETIRER_TELEPHONE',
      resource: 'users',
      resourceId: actor.id,
      detail: { telephone: row.telephoneVerifie },
    });
  });
  return { ...view(await ownRow(db, actor), true), message: messages.telephoneRetire };
}

/**
 * `GET campus/dossier/{idDossier}/telephone` (the staff who read the messages sent: a regional
 * manager only in its direction): the number the student's SMS go to, and whether it verified it.
 */
export async function dossierPhone(db: Db, actor: Actor | null, idDossier: number): Promise<PhoneRead> {
  const d = await dossierStudent(db, idDossier);
  if (!d) throw notFound();
  assertCanReach(actor, 'messages.read', { idDirection: d.idDirection });
  const row = await phoneRowOf(db, d.idUser);
  if (!row) throw notFound();
  return view(row, false);
}
