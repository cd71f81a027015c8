/**
 * The offers job (docs/offers.md, docs/README.md#background-work-and-several-instances), run every minute by each instance:
 * - expiry: every open offer whose deadline has passed becomes EXPIRE (DESISTE, a mail, the place
 *   given on), one transaction per offer, claimed with `FOR UPDATE SKIP LOCKED` under the
 *   session's lock and read again there, so that two instances never expire one offer twice;
 * - reminder: every open offer whose deadline falls within REMINDER_HOURS gets one mail and one SMS, marked by
 *   `rappel_envoye_le` in the statement that claims it (SKIP LOCKED), with a RAPPEL event.
 * A run that stopped half-way leaves only committed, complete steps: the next one carries on, and
 * a run with nothing due changes nothing.
 */
import { enumLabel } from '../../../domain/messages-labels';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { enqueueMails } from '../../mail/outbox';
import { smsText } from '../../../domain/messages-sms';
import { SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';
import { enqueueSmsList } from '../../sms/outbox';
import { formatDateDepot, offerReminderMail } from '../../mail/templates';
import { recordEvent } from '../../history/record';
import { claimReminders } from '../dossier/repository';
import { dueExpiries, expireOffer } from './service';

interface OfferJobResult {
  expirees: number;
  rappels: number;
}

const BATCH = 100;
/** The hours before a deadline at which the reminder goes out. */
export const REMINDER_HOURS = 24;

export async function runOfferJob(
  db: Db,
  ctx: { dashboardUrl: string; now?: Date },
): Promise<OfferJobResult> {
  const now = ctx.now ?? new Date();
  let expirees = 0;
  for (;;) {
    const due = await dueExpiries(db, now, BATCH);
    let done = 0;
    for (const offer of due)
      if (await expireOffer(db, offer, { dashboardUrl: ctx.dashboardUrl, now })) done += 1;
    expirees += done;
    // Stop when a batch was short, or when nothing could be done (held elsewhere: the next run).
    if (due.length < BATCH || done === 0) break;
  }
  let rappels = 0;
  for (;;) {
    const n = await withTransaction(db, async (tx) => {
      const claimed = await claimReminders(tx, now, BATCH, REMINDER_HOURS);
      for (const c of claimed)
        await recordEvent(tx, {
          idDossier: c.idDossier,
          idSessionCenou: c.idSessionCenou,
          evenement: 'RAPPEL',
          actor: null,
          date: now,
          detail: { dateLimiteReponse: c.dateLimiteReponse },
        });
      await enqueueMails(
        tx,
        claimed
          .filter((c) => c.email)
          .map((c) => ({
            recipient: c.email!,
            idUser: c.idUser,
            idDossier: c.idDossier,
            mail: offerReminderMail(
              {
                nom: c.nom,
                prenom: c.prenom,
                referenceDossier: c.referenceDossier,
                liste: enumLabel('listeDeliberation', c.listeDeliberation),
                dateLimite: formatDateDepot(new Date(c.dateLimiteReponse)),
              },
              ctx.dashboardUrl,
            ),
          })),
      );
      await enqueueSmsList(
        tx,
        claimed.map((c) => ({
          kind: 'RAPPEL_OFFRE',
          idUser: c.idUser,
          idDossier: c.idDossier,
          text: smsText('RAPPEL_OFFRE', {
            reference: c.referenceDossier,
            date: formatDateDepot(new Date(c.dateLimiteReponse)),
            numero: SMS_NUMERO_REPONSE,
          }),
        })),
      );
      return claimed.length;
    });
    rappels += n;
    if (n < BATCH) break;
  }
  return { expirees, rappels };
}
