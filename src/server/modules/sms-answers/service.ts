/**
 * Answers to offers by SMS (docs/messages.md#answers-by-sms, docs/decisions/030-verified-phone-and-sms-answers.md).
 * A message from a phone, stored in `sms_entrant` before the SMS centre was acknowledged, is
 * answered here, in one transaction with its own row locked (FOR UPDATE SKIP LOCKED, so that each
 * is answered once across instances) and marked answered:
 * - a number that is no student's SMS number (verified, else the registry's for a student who
 *   verified none): nothing is sent (INCONNU);
 * - `OUI <référence>` / `NON <référence>` of one of that number's students' dossiers: the offer is
 *   answered by `answerOffer`, the very function of `POST campus/dossier/{id}/reponse` (deadline,
 *   once, promotion of the waiting list on a refusal), as that student, channel SMS; then one SMS
 *   says it was recorded, or why not (deadline passed, already answered, no offer);
 * - anything else from a student's number: one help SMS (at most one per HELP_SMS_MINUTES to a
 *   number, so that an answering machine cannot make a loop);
 * - the same text from the same number within DUPLICATE_SECONDS: the same message delivered
 *   again by a centre that gave it no id (DOUBLON), nothing sent.
 * The SMS go to the number that wrote, filed under the student (`outbox_sms.id_sms_entrant`).
 */
import { ETUDIANT } from '../../../domain/enums';
import type { MessageKey } from '../../../domain/messages';
import { smsText, type SmsKind } from '../../../domain/messages-sms';
import { formatReference } from '../../../domain/dossier';
import { parseSmsAnswer, parseSmsDepot, SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';
import type { DocumentStorage } from '../../files/storage';
import { accountOfIne } from '../procurations/repository';
import { depositDraft } from '../procurations/service';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueSms } from '../../sms/outbox';
import { answerOffer } from '../offers/service';
import {
  dossierOfReference,
  helpExample,
  helpSentLately,
  sameMessageBefore,
  studentsOfNumber,
  type IncomingRow,
  type NumberOwner,
} from './repository';

/** At most one help SMS to a number in this many minutes. */
const HELP_SMS_MINUTES = 10;
/** The same text from the same number within this many seconds is the same message. */
const DUPLICATE_SECONDS = 120;

export interface AnswerContext {
  dashboardUrl: string;
  /** Where a deposited draft's proofs go (`DEPOT <INE>`); without it such a deposit is told impossible. */
  storage?: DocumentStorage;
  /** The clock (tests, benchmarks); default now. */
  now?: Date;
}

/** What became of a message (`sms_entrant.result`). */
interface IncomingOutcome {
  idUser: number | null;
  result: string;
}

/** The SMS that tells why an answer was not recorded, by the refusal's catalogue key. */
const REFUSAL_SMS: Partial<Record<MessageKey, SmsKind>> = {
  offreExpiree: 'REPONSE_HORS_DELAI',
  offreDejaRepondue: 'REPONSE_DEJA_DONNEE',
};

/**
 * The help SMS's example: a reference of the writer's own (its offer's first), else one of its
 * direction, numbered 123 of the year (docs/messages.md#answers-by-sms).
 */
async function exampleReference(tx: Db, students: readonly NumberOwner[], now: Date): Promise<string> {
  const found = await helpExample(
    tx,
    students.map((s) => s.idUser),
  );
  if (found?.reference) return found.reference;
  const idDirection = found?.idDirection ?? students[0].idDirection ?? 0;
  return formatReference({ sigleDirection: found?.sigleDirection, idDirection }, now.getUTCFullYear(), 123);
}

/** Answers one incoming message (its row locked by the caller's transaction `tx`). */
export async function answerIncoming(tx: Db, m: IncomingRow, ctx: AnswerContext): Promise<IncomingOutcome> {
  const students = await studentsOfNumber(tx, m.sender);
  const depot = parseSmsDepot(m.text);
  if (depot) return depositBySms(tx, m, depot.ine, students, ctx);
  if (students.length === 0) return { idUser: null, result: 'INCONNU' };
  if (await sameMessageBefore(tx, m, DUPLICATE_SECONDS))
    return { idUser: students[0].idUser, result: 'DOUBLON' };
  const parsed = parseSmsAnswer(m.text);
  const dossier = parsed
    ? await dossierOfReference(
        tx,
        parsed.reference,
        students.map((s) => s.idUser),
      )
    : undefined;
  if (!parsed || !dossier) {
    const idUser = students[0].idUser;
    if (await helpSentLately(tx, m.sender, HELP_SMS_MINUTES)) return { idUser, result: 'AIDE_DEJA_ENVOYEE' };
    await enqueueSms(tx, {
      kind: 'AIDE_REPONSE',
      idUser,
      recipient: m.sender,
      idSmsEntrant: m.id,
      text: smsText('AIDE_REPONSE', {
        reference: await exampleReference(tx, students, ctx.now ?? new Date()),
        numero: SMS_NUMERO_REPONSE,
      }),
    });
    return { idUser, result: 'AIDE' };
  }
  const student = students.find((s) => s.idUser === dossier.idUser)!;
  let kind: SmsKind;
  let result: string;
  try {
    await answerOffer(
      tx,
      { id: student.idUser, role: ETUDIANT, idDirection: student.idDirection, userName: student.userName },
      dossier.idDossier,
      parsed.reponse,
      { dashboardUrl: ctx.dashboardUrl, now: ctx.now, canal: 'SMS' },
    );
    kind = parsed.reponse === 'ACCEPTE' ? 'REPONSE_ACCEPTEE' : 'REPONSE_REFUSEE';
    result = parsed.reponse;
  } catch (err) {
    // A refusal of the answer (409, a closed session…): undone by its savepoint, told to the student.
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    kind = (err.key && REFUSAL_SMS[err.key]) || 'REPONSE_IMPOSSIBLE';
    result = `${parsed.reponse}_REFUSEE:${err.key ?? err.code}`;
  }
  await enqueueSms(tx, {
    kind,
    idUser: dossier.idUser,
    idDossier: dossier.idDossier,
    recipient: m.sender,
    idSmsEntrant: m.id,
    text: smsText(kind, { reference: dossier.referenceDossier }),
  });
  return { idUser: dossier.idUser, result };
}

/**
 * `DEPOT <INE>` (docs/procurations.md): the student deposits the draft a helper saved, from its
 * own SMS number only. Another number gets a refusal (filed under the INE's student; nothing is
 * sent for an INE with no account); the deposit's own receipt SMS tells it was made; a refusal
 * (no draft, a closed session, a dossier already there) is told by one SMS.
 */
async function depositBySms(
  tx: Db,
  m: IncomingRow,
  ine: string,
  students: readonly NumberOwner[],
  ctx: AnswerContext,
): Promise<IncomingOutcome> {
  const idOwner = await accountOfIne(tx, ine);
  if (idOwner === undefined) return { idUser: null, result: 'DEPOT_INE_INCONNU' };
  const student = students.find((s) => s.idUser === idOwner);
  if (!student) {
    await enqueueSms(tx, {
      kind: 'DEPOT_BROUILLON_NUMERO',
      idUser: idOwner,
      recipient: m.sender,
      idSmsEntrant: m.id,
      text: smsText('DEPOT_BROUILLON_NUMERO', {}),
    });
    return { idUser: idOwner, result: 'DEPOT_REFUSE:NUMERO' };
  }
  if (await sameMessageBefore(tx, m, DUPLICATE_SECONDS)) return { idUser: idOwner, result: 'DOUBLON' };
  try {
    if (!ctx.storage) throw new AppError('INDISPONIBLE');
    const dossier = await depositDraft(
      tx,
      { id: student.idUser, role: ETUDIANT, idDirection: student.idDirection, userName: student.userName },
      { storage: ctx.storage, dashboardUrl: ctx.dashboardUrl },
    );
    return { idUser: idOwner, result: `DEPOT:${dossier.referenceDossier}` };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await enqueueSms(tx, {
      kind: 'DEPOT_BROUILLON_IMPOSSIBLE',
      idUser: idOwner,
      recipient: m.sender,
      idSmsEntrant: m.id,
      text: smsText('DEPOT_BROUILLON_IMPOSSIBLE', { ine }),
    });
    return { idUser: idOwner, result: `DEPOT_REFUSE:${err.key ?? err.code}` };
  }
}
