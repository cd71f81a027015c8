/** The mobile-money simulator (docs/payments.md). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The payment simulator's transactions (docs/payments.md#the-simulator), when no provider is
 * configured: FedaPay's transaction as its API answers it, kept in the database so that every
 * instance answers the same, with the signed webhook it owes the product (an outbox: claimed with
 * `FOR UPDATE SKIP LOCKED`, tried again with a backoff).
 */
export const simulateurTransaction = pgTable(
  'simulateur_transaction',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('XOF'),
    callbackUrl: text('callback_url'),
    customMetadata: jsonb('custom_metadata'),
    /** pending, approved or declined. */
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    token: text('token'),
    mode: text('mode'),
    phoneNumber: text('phone_number'),
    /** When the debit was sent to the phone (its fate then depends on the number's last digit). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** AUCUN (nothing to send), EN_ATTENTE, ENVOYE or ECHEC: the webhook owed for a final status. */
    webhookState: text('webhook_state', { enum: ['AUCUN', 'EN_ATTENTE', 'ENVOYE', 'ECHEC'] })
      .notNull()
      .default('AUCUN'),
    /** The webhook's claims (the queue's fence, never lowered). */
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    /** The webhook's tries that ran and failed (its back-off and last try). */
    webhookTries: integer('webhook_tries').notNull().default(0),
    webhookNextAt: timestamp('webhook_next_at', { withTimezone: true }).notNull().defaultNow(),
    webhookError: text('webhook_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('simulateur_transaction_reference').on(t.reference),
    uniqueIndex('simulateur_transaction_token').on(t.token),
    index('simulateur_transaction_webhook')
      .on(t.webhookNextAt)
      .where(sql`webhook_state = 'EN_ATTENTE'`),
  ],
);
