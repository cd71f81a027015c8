/** The USSD menus' sessions (docs/ussd.md): where each session stands, so that any instance answers its next step. */
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One USSD session of a phone: the screen it stands on after its last request (`etat`), and, for a
 * session that began by offering to resume a cut one, the screen it offered (`reprise`). Written by
 * src/server/modules/ussd/repository.ts only; rows older than the resume window are deleted as new
 * sessions come.
 */
export const ussdSession = pgTable(
  'ussd_session',
  {
    /** The operator's session id (`sessionId`). */
    idSession: text('id_session').primaryKey(),
    /** The phone, E.164 (`+22670123456`). */
    telephone: text('telephone').notNull(),
    etat: text('etat').notNull(),
    reprise: text('reprise'),
    /** An END was sent: nothing to resume. */
    terminee: boolean('terminee').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ussd_session_telephone').on(t.telephone, t.updatedAt),
    index('ussd_session_updated_at').on(t.updatedAt),
  ],
);
