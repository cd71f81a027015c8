/** The outboxes of mail and SMS, and the SMS received (docs/messages.md). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A mail text with placeholders, stored once for many queued mails (src/server/mail/outbox.ts,
 * template form: the deliberation's result mails). Never changed once written.
 */
export const outboxTemplate = pgTable('outbox_template', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Outgoing mail, written in the transaction of the change that causes it (docs/accounts.md): either its
 * own subject and bodies, or a template (`id_template`) and the values of its placeholders
 * (`params`), rendered by the worker when it sends. No foreign key on `id_template`: checked per
 * row it would cost one look-up per mail of a 100,000-mail publication; templates are never deleted.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    idTemplate: bigint('id_template', { mode: 'number' }),
    params: jsonb('params').$type<Record<string, string>>(),
    /** Claims made: raised by each claim and never lowered, the fence of its outcome (src/server/jobs). */
    attempts: integer('attempts').notNull().default(0),
    /** Tries that ran and failed: the back-off and the last try count these, not the claims. */
    tries: integer('tries').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account it is sent to, and the dossier it tells of: what the staff read per student and per session. */
    idUser: integer('id_user'),
    idDossier: integer('id_dossier'),
  },
  (t) => [
    index('outbox_pending')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
    index('outbox_mail_user')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL`),
    index('outbox_mail_dossier')
      .on(t.idDossier)
      .where(sql`id_dossier IS NOT NULL`),
    check(
      'outbox_mail_contenu',
      sql`(${t.subject} IS NOT NULL AND ${t.textBody} IS NOT NULL AND ${t.htmlBody} IS NOT NULL) OR ${t.idTemplate} IS NOT NULL`,
    ),
  ],
);

/**
 * Mails queued as one row, expanded by the mail worker into `outbox_mail` a chunk at a time
 * (src/server/mail/lots.ts): a publication's 100,000 result mails (kind RESULTAT, its run
 * `id_deliberation`, the template ids by `statut:liste` in `templates`). `dernier_id_dossier` is the
 * cursor (the last dossier expanded); `termine_le` is set once all are queued, or when the lot stops
 * (`interrompu`: its run was replaced before it was expanded). A failed expansion waits until
 * `next_attempt_at`.
 */
export const outboxLot = pgTable(
  'outbox_lot',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    idDeliberation: integer('id_deliberation').notNull(),
    /** Template ids by key (`saveTemplates`). */
    templates: jsonb('templates').$type<Record<string, number>>().notNull(),
    dernierIdDossier: integer('dernier_id_dossier').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    termineLe: timestamp('termine_le', { withTimezone: true }),
    interrompu: boolean('interrompu').notNull().default(false),
  },
  (t) => [
    index('outbox_lot_a_faire')
      .on(t.id)
      .where(sql`termine_le IS NULL`),
  ],
);

/**
 * Outgoing SMS (docs/messages.md#sms), written in the transaction of the change that causes it, like
 * a mail, and sent by the SMS worker (src/server/sms/worker.ts) through SMPP or to a file. `recipient`
 * is the number as found (the verified phone, else the registry's `tel_etudiant`), normalised when
 * it is sent. `state`: EN_ATTENTE (queued), ENVOYE (accepted by the SMS centre, its `message_id`),
 * DELIVRE (its delivery receipt said so), ECHEC (refused for good, or a receipt said undelivered).
 * `id_sms_entrant`: the incoming SMS it answers (issue 24 item 3).
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    textBody: text('text_body').notNull(),
    idUser: integer('id_user'),
    idDossier: integer('id_dossier'),
    idSmsEntrant: bigint('id_sms_entrant', { mode: 'number' }),
    state: text('state', { enum: ['EN_ATTENTE', 'ENVOYE', 'DELIVRE', 'ECHEC'] })
      .notNull()
      .default('EN_ATTENTE'),
    /** Claims made: raised by each claim and never lowered, the fence of its outcome (src/server/jobs). */
    attempts: integer('attempts').notNull().default(0),
    /** Tries that ran and failed: the back-off and the last try count these, not the claims. */
    tries: integer('tries').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_sms_pending')
      .on(t.nextAttemptAt)
      .where(sql`state = 'EN_ATTENTE'`),
    index('outbox_sms_message_id')
      .on(t.messageId)
      .where(sql`message_id IS NOT NULL`),
    index('outbox_sms_user')
      .on(t.idUser)
      .where(sql`id_user IS NOT NULL`),
    index('outbox_sms_dossier')
      .on(t.idDossier)
      .where(sql`id_dossier IS NOT NULL`),
    check('outbox_sms_state', sql`${t.state} IN ('EN_ATTENTE', 'ENVOYE', 'DELIVRE', 'ECHEC')`),
  ],
);

/**
 * What the SMS centre delivered to us (`deliver_sm`), stored before it is acknowledged: delivery
 * receipts (`kind` ACCUSE: the receipted `message_id` and its final `receipt_state`, applied to
 * `outbox_sms`) and messages from students (`kind` MESSAGE: `sender` normalised, the text, the
 * centre's `message_id` when it gives one; src/server/modules/sms-answers answers them and sets
 * `processed_at`, `id_user` and `result`: ACCEPTE, REFUSE, a refusal's reason, AIDE, AIDE_DEJA_ENVOYEE,
 * INCONNU, ERREUR).
 */
export const smsEntrant = pgTable(
  'sms_entrant',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['ACCUSE', 'MESSAGE'] }).notNull(),
    sender: text('sender'),
    recipient: text('recipient'),
    textBody: text('text_body'),
    messageId: text('message_id'),
    receiptState: text('receipt_state'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    idUser: integer('id_user'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    result: text('result'),
    /** Failed handlings of a message (a fault, not a refusal): after SMS_ENTRANT_MAX_ATTEMPTS, set aside (ERREUR). */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('sms_entrant_accuse')
      .on(t.messageId)
      .where(sql`kind = 'ACCUSE'`),
    index('sms_entrant_a_traiter')
      .on(t.id)
      .where(sql`kind = 'MESSAGE' AND processed_at IS NULL`),
    // A message the centre delivers twice (its answer lost) carries the same id: stored once.
    uniqueIndex('sms_entrant_message_unique')
      .on(t.sender, t.messageId)
      .where(sql`kind = 'MESSAGE' AND message_id IS NOT NULL`),
    // A sender's messages: those waiting, in order (one is handled only after those before it), its
    // recent ones (a message received twice without an id of the centre; the help lately sent).
    index('sms_entrant_expediteur_messages')
      .on(t.sender, t.id)
      .where(sql`kind = 'MESSAGE'`),
    check('sms_entrant_kind', sql`${t.kind} IN ('ACCUSE', 'MESSAGE')`),
  ],
);
