import {
  identityOf,
  isValidIne,
  maskEmail,
  maskKeepLast4,
  normalizeIne,
  parseDate,
  registrationSchema,
  type RegistrationIdentity,
} from '../../../domain/registry';
import { ETUDIANT } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { pgErrorCode, withTransaction } from '../../db/transaction';
import { AppError, fieldError, fieldErrors, zodIssuesToFieldErrors } from '../../errors';
import { enqueueMail } from '../../mail/outbox';
import { smsText } from '../../../domain/messages-sms';
import { enqueueSms } from '../../sms/outbox';
import { accountCreatedMail } from '../../mail/templates';
import { generatePassword, hashPassword } from '../../security/passwords';
import { failuresIn, recordFailure } from '../../security/rate-counter';
import { insertAccount } from '../accounts/repository';
import { linkAccount } from '../registry/repository';
import { findByIneToCheck, lockStudent, type RegistryIdentityRow } from './repository';
import { fullName } from '../../../domain/format';

const ineKey = (ine: string) => `ine:${normalizeIne(ine)}`;

/** The one answer to a wrong INE or a wrong birth date (docs/accounts.md): nothing tells them apart. */
const invalidIne = () => new AppError('INTROUVABLE', 'ineInvalide');

/** The limit of failed look-ups per INE (docs/accounts.md), from the configuration. */
export interface IneLimit {
  maxFailures: number;
  windowMinutes: number;
}

/**
 * Finds the student of an INE whose birth date matches, counting failures per INE: after
 * INE_MAX_FAILURES failures in INE_WINDOW_MINUTES that INE answers 429, even with the right date.
 */
async function identify(
  db: Db,
  limit: IneLimit,
  ine: string,
  dateNaissance: string,
): Promise<RegistryIdentityRow> {
  // No registry row can hold a malformed INE: same answer, and no counter for it.
  if (!isValidIne(ine.trim())) throw invalidIne();
  const key = ineKey(ine);
  // The student and the INE's failures in one statement; an unknown INE reads its failures alone.
  const found = await findByIneToCheck(db, normalizeIne(ine), { key, windowMinutes: limit.windowMinutes });
  const failures = found ? found.failures : await failuresIn(db, key, limit.windowMinutes);
  if (failures >= limit.maxFailures) {
    throw new AppError('TROP_DE_TENTATIVES', 'tropDeTentativesIne');
  }
  const student = found;
  if (!student || student.dateNaissance !== dateNaissance) {
    await recordFailure(db, key, limit.windowMinutes);
    throw invalidIne();
  }
  return student;
}

/**
 * `GET campus-auth/hebergement-etudiant/{ine}?dateNaissance=`: the identity only, phone and e-mail
 * masked; 409 when the student already has an account.
 */
export async function lookupStudent(
  db: Db,
  _actor: Actor | null,
  { ine, dateNaissance, limit }: { ine: string; dateNaissance: unknown; limit: IneLimit },
): Promise<RegistrationIdentity> {
  const date = typeof dateNaissance === 'string' ? parseDate(dateNaissance) : null;
  if (!date) {
    throw fieldError(
      'dateNaissance',
      typeof dateNaissance === 'string' && dateNaissance.trim() !== '' ? 'dateInvalide' : 'champObligatoire',
    );
  }
  const s = await identify(db, limit, ine, date);
  // Said at the first step (docs/accounts.md): only to whoever gave the right INE and birth date,
  // which the account creation would tell as well; the identity is then not sent.
  if (s.hasAccount) throw new AppError('DOUBLON', 'compteExistant');
  return {
    ...identityOf(s),
    telEtudiant: maskKeepLast4(s.telEtudiant),
    emailEtudiant: maskEmail(s.emailEtudiant),
  };
}

/**
 * `POST campus-auth/hebergement-etudiant/` (docs/accounts.md): the complementary data and the four
 * engagements are required (400 'Renseigner les données complémentaires !'); the INE and birth date
 * are checked again (same 404); the identity comes from the registry only. In one transaction: the
 * account (role ETUDIANT, username = INE, direction of the student's ville), its link and data in the
 * registry, the mail with the password and an SMS without it (outbox). The password is kept only as an argon2id hash.
 * Two registrations of one student at once give one account and one 409.
 */
export async function registerStudent(
  db: Db,
  _actor: Actor | null,
  { body, limit, signinUrl }: { body: unknown; limit: IneLimit; signinUrl: string },
): Promise<{ message: string; username: string }> {
  const parsed = registrationSchema.safeParse(body ?? {});
  if (!parsed.success)
    throw fieldErrors(zodIssuesToFieldErrors(parsed.error.issues), 'donneesComplementaires');
  const input = parsed.data;

  const student = await identify(db, limit, input.ine, input.dateNaissance);
  if (student.hasAccount) throw new AppError('DOUBLON', 'compteExistant');

  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    await withTransaction(db, async (tx) => {
      const locked = await lockStudent(tx, student.idEtudiant);
      if (!locked) throw invalidIne();
      if (locked.hasAccount) throw new AppError('DOUBLON', 'compteExistant');
      const idUser = await insertAccount(tx, {
        role: ETUDIANT,
        userName: locked.ine,
        nom: locked.nomEtudiant,
        prenom: locked.prenomEtudiant,
        email: input.emailEtudiant,
        idDirection: locked.idDirection,
        passwordHash,
      });
      await linkAccount(tx, locked.idEtudiant, idUser, input);
      await enqueueMail(
        tx,
        input.emailEtudiant,
        accountCreatedMail(
          { nom: locked.nomEtudiant, prenom: locked.prenomEtudiant, userName: locked.ine, password },
          signinUrl,
        ),
        { idUser },
      );
      await enqueueSms(tx, {
        kind: 'COMPTE_CREE',
        idUser,
        text: smsText('COMPTE_CREE', { ine: locked.ine }),
      });
      // The journal names the new account and its student (docs/roles.md#the-audit-log); its author
      // is the account itself (registration is public).
      await recordAudit(
        tx,
        { id: idUser, userName: locked.ine },
        {
          action: 'CREER_COMPTE',
          resource: 'users',
          resourceId: idUser,
          detail: {
            libelle: `${fullName(locked.nomEtudiant, locked.prenomEtudiant)} (INE ${locked.ine})`,
            ine: locked.ine,
          },
        },
      );
    });
  } catch (err) {
    // The live unique indexes (users.user_name, registre_etudiant.id_user) settle a race.
    if (pgErrorCode(err) === '23505') throw new AppError('DOUBLON', 'compteExistant');
    throw err;
  }
  return { message: messages.inscriptionReussie, username: student.ine };
}
