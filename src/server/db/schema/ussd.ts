/** The USSD menus' sessions (docs/ussd.md): where each session stands, so that any instance answers its next step. */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One USSD session of a phone: the student its first request found (`id_user`), the screen it
 * stands on after its last request (`etat`), and, for a session that began by offering to resume a
 * cut one, the screen it offered (`reprise`): each later request reads this one row. Written by
 * src/server/modules/ussd/repository.ts only; rows answered more than 30 minutes ago are deleted by
 * a periodic purge (docs/ussd.md#a-session-cut-by-the-network).
 */
export const ussdSession = pgTable(
  'ussd_session',
  {
    /** The operator's session id (`sessionId`). */
    idSession: text('id_session').primaryKey(),
    /** The phone, E.164 (`+22670123456`). */
    telephone: text('telephone').notNull(),
    /**
     * The student's account the phone opened (`users.id`). Not a foreign key: a row lives minutes,
     * and the key's check would lock the account's row at each new session; an account deleted
     * since is found missing when the row is read. Null: a row written before the column.
     */
    idUser: integer('id_user'),
    etat: text('etat').notNull(),
    reprise: text('reprise'),
    /** An END was sent: nothing to resume. */
    terminee: boolean('terminee').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Only the phone is indexed: a step writes `etat`, `terminee` and `updated_at`, none of them in an
  // index, so PostgreSQL updates the row in its page (HOT) without touching an index. The table is
  // UNLOGGED, with room left in each page (fillfactor 70): migration 0055
  // (docs/decisions/105-ussd-session-unlogged-hot.md).
  (t) => [index('ussd_session_telephone').on(t.telephone)],
);
