import { z } from 'zod';
import { idParam } from './common';

/**
 * What was sent to the students (docs/messages.md#sms): the mails and SMS of a dossier's student,
 * and a session's counts by channel and state. The staff's view.
 */

/** A channel, and a message's state (a mail is EN_ATTENTE until sent, then ENVOYE). */
const CANAUX = ['MAIL', 'SMS'] as const;
export type Canal = (typeof CANAUX)[number];
export const ETATS_MESSAGE = ['EN_ATTENTE', 'ENVOYE', 'DELIVRE', 'ECHEC'] as const;

export const messagesParams = z.object({ idDossier: idParam });

/** One mail or SMS: its kind, to whom, its subject (mail) or text (SMS, a code blanked once sent), its state and times. */
const sentMessage = z.object({
  canal: z.enum(CANAUX),
  type: z.string(),
  destinataire: z.string(),
  contenu: z.string(),
  etat: z.enum(ETATS_MESSAGE),
  dateCreation: z.string(),
  dateEnvoi: z.string().nullable(),
  dateRemise: z.string().nullable(),
  erreur: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessage>;
export const sentMessages = z.array(sentMessage);

export const messageCountsQuery = z.object({ idSessionCenou: idParam, idDirection: idParam.optional() });
export type MessageCountsQuery = z.output<typeof messageCountsQuery>;

/** A channel's messages of the session's dossiers, by state. */
const messageCountRow = z.object({
  canal: z.enum(CANAUX),
  enAttente: z.number(),
  envoye: z.number(),
  delivre: z.number(),
  echec: z.number(),
  total: z.number(),
});
export const messageCounts = z.array(messageCountRow);
export type MessageCounts = z.infer<typeof messageCounts>;
