/**
 * The students' SMS answers (docs/messages.md#answers-by-sms): the messages waiting in
 * `sms_entrant`, who wrote them, and what became of each; the one writer of `sms_entrant` (the SMS
 * worker stores what the SMS centre delivers through it). Every statement is built over the
 * schema's tables (docs/decisions/043-typed-queries.md).
 */
import {
  and,
  desc,
  eq,
  getTableName,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  notInArray,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ETUDIANT } from '../../../domain/enums';
import { columnName as name } from '../../db/bulk';
import { builtOnce, type Db } from '../../db/client';
import { direction, dossier, registreEtudiant, smsEntrant, users } from '../../db/schema';

/** The table of messages from phones, by its SQL name: its inserts wake the answers job (src/server/jobs/loop.ts). */
export const INCOMING_TABLE = getTableName(smsEntrant);

const MESSAGE: (typeof smsEntrant.$inferSelect)['kind'] = 'MESSAGE';
const isMessage = eq(smsEntrant.kind, MESSAGE);

type Incoming = typeof smsEntrant.$inferInsert;

/**
 * Stores a message from a phone (kind MESSAGE, its sender normalised by the caller); one the centre
 * delivers again with the same id is stored once (the unique index on sender and id). Received now
 * unless `receivedAt` says when (the demo's answers of past days).
 */
export async function insertIncomingMessage(
  db: Db,
  m: Pick<Incoming, 'sender' | 'recipient' | 'textBody' | 'messageId'> & { receivedAt?: Date },
): Promise<void> {
  await db
    .insert(smsEntrant)
    .values({ kind: MESSAGE, ...m, receivedAt: m.receivedAt ?? sql`now()` })
    // The unique index of a message's sender and id (`sms_entrant_message_unique`), partial.
    .onConflictDoNothing({
      target: [smsEntrant.sender, smsEntrant.messageId],
      where: sql`${name(smsEntrant.kind)} = ${sql.raw(`'${MESSAGE}'`)} AND ${name(smsEntrant.messageId)} IS NOT NULL`,
    });
}

/** Stores a delivery receipt of an SMS sent (kind ACCUSE), as the SMS centre reported it. */
export async function insertReceipt(
  db: Db,
  r: Pick<Incoming, 'sender' | 'textBody' | 'messageId' | 'receiptState'>,
): Promise<void> {
  await db.insert(smsEntrant).values({ kind: 'ACCUSE', ...r });
}

/** A message from a phone, waiting to be answered. */
export type IncomingRow = NonNullable<Awaited<ReturnType<typeof claimIncoming>>>;

/**
 * The oldest message waiting that no one holds (FOR UPDATE SKIP LOCKED), whose sender has no older
 * message waiting (a sender's messages are answered in the order they came), leaving out `skip`
 * (the messages that failed in this run).
 */
export async function claimIncoming(tx: Db, skip: readonly number[]) {
  const e = smsEntrant;
  const p = alias(smsEntrant, 'p');
  const olderWaiting = tx
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.kind, 'MESSAGE'), eq(p.sender, e.sender), lt(p.id, e.id), isNull(p.processedAt)));
  const [row] = await tx
    .select({
      id: e.id,
      // A MESSAGE always has its sender (the SMS worker stores it); the text may be empty.
      sender: sql<string>`COALESCE(${e.sender}, '')`,
      text: sql<string>`COALESCE(${e.textBody}, '')`,
      receivedAt: e.receivedAt,
      attempts: e.attempts,
    })
    .from(e)
    .where(
      and(
        isMessage,
        isNull(e.processedAt),
        skip.length ? notInArray(e.id, [...skip]) : undefined,
        notExists(olderWaiting),
      ),
    )
    .orderBy(e.id)
    .limit(1)
    .for('update', { of: e, skipLocked: true });
  return row;
}

/** A student account whose SMS number this is. */
export type NumberOwner = Awaited<ReturnType<typeof studentsOfNumber>>[number];

const ofNumber = builtOnce((db) => {
  const owner = { idUser: users.id, userName: users.userName, idDirection: users.idDirection };
  const sender = sql.placeholder('sender');
  return db
    .select(owner)
    .from(users)
    .where(and(eq(users.telephone, sender), eq(users.role, ETUDIANT), isNull(users.deletedAt)))
    .union(
      db
        .select(owner)
        .from(registreEtudiant)
        .innerJoin(users, eq(users.id, registreEtudiant.idUser))
        .where(
          and(
            eq(registreEtudiant.telNormalise, sender),
            isNotNull(registreEtudiant.idUser),
            isNull(registreEtudiant.deletedAt),
            eq(users.role, ETUDIANT),
            isNull(users.deletedAt),
            isNull(users.telephone),
          ),
        ),
    )
    .prepare('etudiants_du_numero');
});

/**
 * The students this number is the SMS number of: the student account that verified it, and the
 * student accounts that verified none and whose registry row has it (`tel_normalise`). A registry
 * number may be shared (a family's phone): then several. A staff account's phone (set on the users
 * screen, decision 074) is never one: its SMS and USSD sessions are answered as a stranger's
 * (docs/accounts.md#a-staff-accounts-phone). One statement prepared by name (the first screen of
 * every USSD session reads it).
 */
export async function studentsOfNumber(db: Db, sender: string) {
  const found = await ofNumber(db).execute({ sender });
  return found.sort((a, b) => a.idUser - b.idUser);
}

/** The dossier of this reference among these accounts' (undefined: none of theirs). */
export async function dossierOfReference(db: Db, reference: string, idUsers: readonly number[]) {
  if (idUsers.length === 0) return undefined;
  const [row] = await db
    .select({
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
      referenceDossier: dossier.referenceDossier,
    })
    .from(dossier)
    .where(
      and(
        eq(dossier.referenceDossier, reference),
        isNull(dossier.deletedAt),
        inArray(dossier.idUser, [...idUsers]),
      ),
    );
  return row;
}

/**
 * The reference the help SMS gives as its example, among the dossiers of a number's students: the
 * one whose offer awaits an answer, else the newest; with, for a number whose students have no
 * dossier, the first student's direction (its sigle makes an example of that direction).
 */
export async function helpExample(db: Db, idUsers: readonly number[]) {
  if (idUsers.length === 0) return undefined;
  const awaitsAnswer = sql`(${and(
    eq(dossier.statutDossier, 'ADMIS'),
    isNull(dossier.reponse),
    gt(dossier.dateLimiteReponse, sql`now()`),
  )})`;
  const [own] = await db
    .select({ reference: dossier.referenceDossier })
    .from(dossier)
    .where(and(inArray(dossier.idUser, [...idUsers]), isNull(dossier.deletedAt)))
    .orderBy(desc(awaitsAnswer), desc(dossier.idDossier))
    .limit(1);
  const [first] = await db
    .select({ sigleDirection: direction.sigleDirection, idDirection: direction.idDirection })
    .from(users)
    .leftJoin(direction, eq(direction.idDirection, users.idDirection))
    .where(eq(users.id, idUsers[0]));
  if (!first) return undefined;
  return { reference: own?.reference ?? null, ...first };
}

/**
 * An earlier message of this sender with the same text, received less than `seconds` before this
 * one: the same message delivered again by a centre that gives no id.
 */
export async function sameMessageBefore(db: Db, m: IncomingRow, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ id: smsEntrant.id })
    .from(smsEntrant)
    .where(
      and(
        isMessage,
        eq(smsEntrant.sender, m.sender),
        lt(smsEntrant.id, m.id),
        eq(sql`COALESCE(${smsEntrant.textBody}, '')`, m.text),
        gt(
          smsEntrant.receivedAt,
          sql`${m.receivedAt.toISOString()}::timestamptz - make_interval(secs => ${seconds})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether this number was sent the help SMS less than `minutes` ago. */
export async function helpSentLately(db: Db, sender: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: smsEntrant.id })
    .from(smsEntrant)
    .where(
      and(
        isMessage,
        eq(smsEntrant.sender, sender),
        eq(smsEntrant.result, 'AIDE'),
        gt(smsEntrant.processedAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function markProcessed(
  tx: Db,
  id: number,
  outcome: { idUser: number | null; result: string },
  /** When it was answered (the clock of the answer); now by default. */
  at?: Date,
): Promise<void> {
  await tx
    .update(smsEntrant)
    .set({ processedAt: at ?? sql`now()`, idUser: outcome.idUser, result: outcome.result })
    .where(eq(smsEntrant.id, id));
}

/** One failed handling counted; at `max`, the message is set aside (ERREUR) and the sender's next ones go on. */
export async function markFailed(db: Db, id: number, max: number): Promise<void> {
  const last = sql`${smsEntrant.attempts} + 1 >= ${max}`;
  await db
    .update(smsEntrant)
    .set({
      attempts: sql`${smsEntrant.attempts} + 1`,
      processedAt: sql`CASE WHEN ${last} THEN now() END`,
      result: sql`CASE WHEN ${last} THEN 'ERREUR' END`,
    })
    .where(and(eq(smsEntrant.id, id), isNull(smsEntrant.processedAt)));
}
