import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MailContent } from './templates';

/**
 * Queues a mail in the outbox table. Call it with the transaction of the change that causes the
 * mail: both are committed together or not at all (CONTRACT §4). The worker sends it.
 */
export async function enqueueMail(tx: Db, recipient: string, mail: MailContent): Promise<void> {
  await tx.execute(
    sql`INSERT INTO outbox_mail (kind, recipient, subject, text_body, html_body)
        VALUES (${mail.kind}, ${recipient}, ${mail.subject}, ${mail.text}, ${mail.html})`,
  );
}
