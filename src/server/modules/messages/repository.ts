/**
 * What was sent to the students, read for the staff (docs/messages.md#sms): the mails and SMS of
 * an account, a session's counts by channel and state. Reads only; the outboxes are written by
 * the mail and SMS queues. Every statement is built over the schema's tables
 * (docs/decisions/043-typed-queries.md).
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ETATS_MESSAGE, type MessageCounts, type SentMessage } from '../../../domain/schemas/messages';
import type { Db } from '../../db/client';
import { dossier, outboxMail, outboxSms, outboxTemplate } from '../../db/schema';
import { fillSubject } from '../../mail/outbox';

/** The most messages a student's list shows (newest kept). */
const LIST_MAX = 200;

/** An SMS's state as the schema holds it: the domain's states are the same list. */
type SmsState = typeof outboxSms.$inferSelect.state;
const _statesInSchema: readonly SmsState[] = ETATS_MESSAGE;
void _statesInSchema;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** The dossier's direction and its student's account. */
export async function dossierOwner(db: Db, idDossier: number) {
  const [row] = await db
    .select({ idDirection: dossier.idDirection, idUser: dossier.idUser })
    .from(dossier)
    .where(and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt)));
  return row;
}

/** Every mail and SMS sent to the account, oldest first (the last LIST_MAX). */
export async function messagesOfUser(db: Db, idUser: number): Promise<SentMessage[]> {
  const [mails, sms] = await Promise.all([
    db
      .select({
        type: outboxMail.kind,
        destinataire: outboxMail.recipient,
        subject: outboxMail.subject,
        tplSubject: outboxTemplate.subject,
        params: outboxMail.params,
        sentAt: outboxMail.sentAt,
        createdAt: outboxMail.createdAt,
        erreur: outboxMail.lastError,
      })
      .from(outboxMail)
      .leftJoin(outboxTemplate, eq(outboxTemplate.id, outboxMail.idTemplate))
      .where(eq(outboxMail.idUser, idUser))
      .orderBy(desc(outboxMail.createdAt))
      .limit(LIST_MAX),
    db
      .select({
        type: outboxSms.kind,
        destinataire: outboxSms.recipient,
        contenu: outboxSms.textBody,
        etat: outboxSms.state,
        sentAt: outboxSms.sentAt,
        deliveredAt: outboxSms.deliveredAt,
        createdAt: outboxSms.createdAt,
        erreur: outboxSms.lastError,
      })
      .from(outboxSms)
      .where(eq(outboxSms.idUser, idUser))
      .orderBy(desc(outboxSms.createdAt))
      .limit(LIST_MAX),
  ]);
  const all: (SentMessage & { at: number })[] = [
    ...mails.map((m) => ({
      canal: 'MAIL' as const,
      type: m.type,
      destinataire: m.destinataire,
      // A mail of the template form reads as it was sent: its template's subject with its values.
      contenu: fillSubject(m),
      etat: m.sentAt === null ? ('EN_ATTENTE' as const) : ('ENVOYE' as const),
      dateCreation: m.createdAt.toISOString(),
      dateEnvoi: iso(m.sentAt),
      dateRemise: null,
      erreur: m.erreur,
      at: m.createdAt.getTime(),
    })),
    ...sms.map((s) => ({
      canal: 'SMS' as const,
      type: s.type,
      destinataire: s.destinataire,
      contenu: s.contenu,
      etat: s.etat,
      dateCreation: s.createdAt.toISOString(),
      dateEnvoi: iso(s.sentAt),
      dateRemise: iso(s.deliveredAt),
      erreur: s.erreur,
      at: s.createdAt.getTime(),
    })),
  ];
  // The newest LIST_MAX of both, then oldest first (a mail before an SMS of the same instant).
  all.sort((a, b) => b.at - a.at || (a.canal < b.canal ? 1 : a.canal > b.canal ? -1 : 0));
  return all
    .slice(0, LIST_MAX)
    .reverse()
    .map(({ at: _at, ...m }) => m);
}

/** The session's messages (of its dossiers, in the direction if given) by channel and state. */
export async function sessionMessageCounts(
  db: Db,
  idSessionCenou: number,
  idDirection: number | undefined,
): Promise<MessageCounts> {
  const ofSession: SQL | undefined = and(
    eq(dossier.idSessionCenou, idSessionCenou),
    idDirection === undefined ? undefined : eq(dossier.idDirection, idDirection),
  );
  const dossiers = db.select({ id: dossier.idDossier }).from(dossier).where(ofSession);
  const mailSent = sql<boolean>`${outboxMail.sentAt} IS NOT NULL`;
  const [mails, sms] = await Promise.all([
    db
      .select({ sent: mailSent, n: count() })
      .from(outboxMail)
      .where(inArray(outboxMail.idDossier, dossiers))
      .groupBy(mailSent),
    db
      .select({ etat: outboxSms.state, n: count() })
      .from(outboxSms)
      .where(inArray(outboxSms.idDossier, dossiers))
      .groupBy(outboxSms.state),
  ]);
  const mailOf = (sent: boolean) => mails.find((m) => m.sent === sent)?.n ?? 0;
  const smsOf = (etat: SmsState) => sms.find((s) => s.etat === etat)?.n ?? 0;
  const rows = [
    { canal: 'MAIL' as const, enAttente: mailOf(false), envoye: mailOf(true), delivre: 0, echec: 0 },
    {
      canal: 'SMS' as const,
      enAttente: smsOf('EN_ATTENTE'),
      envoye: smsOf('ENVOYE'),
      delivre: smsOf('DELIVRE'),
      echec: smsOf('ECHEC'),
    },
  ];
  return rows.map((row) => ({ ...row, total: row.enAttente + row.envoye + row.delivre + row.echec }));
}
