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

/** Queues many mails in one statement (an assignment of thousands of students), same transaction rule. */
export async function enqueueMails(
  tx: Db,
  list: readonly { recipient: string; mail: MailContent }[],
): Promise<void> {
  if (!list.length) return;
  const payload = JSON.stringify(
    list.map(({ recipient, mail }, ord) => ({
      ord,
      kind: mail.kind,
      recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })),
  );
  await tx.execute(
    sql`INSERT INTO outbox_mail (kind, recipient, subject, text_body, html_body)
        SELECT x.kind, x.recipient, x.subject, x.text, x.html
        FROM jsonb_to_recordset(${payload}::jsonb) AS x(ord int, kind text, recipient text, subject text, text text, html text)
        ORDER BY x.ord`,
  );
}
