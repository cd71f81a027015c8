import type { MessageCounts, SentMessage } from '../../../domain/schemas/messages';
import { assertCanReach, directionOf } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { reachableSession } from '../../sessions/open-session';
import { dossierOwner, messagesOfUser, sessionMessageCounts } from './repository';

/**
 * `GET campus/dossier/{idDossier}/messages` (docs/messages.md#sms): the mails and SMS sent to the
 * dossier's student, with their state; a regional manager only for its direction's dossiers (403).
 */
export async function dossierMessages(
  db: Db,
  actor: Actor | null,
  idDossier: number,
): Promise<SentMessage[]> {
  const d = await dossierOwner(db, idDossier);
  if (!d) throw notFound();
  assertCanReach(actor, 'messages.read', { idDirection: d.idDirection });
  return messagesOfUser(db, d.idUser);
}

/** `GET campus/messages/compteurs?idSessionCenou&idDirection`: the session's messages by channel and state. */
export async function messageCounts(
  db: Db,
  actor: Actor | null,
  query: { idSessionCenou: number; idDirection?: number },
): Promise<MessageCounts> {
  const idDirection = directionOf(actor, 'messages.read', query.idDirection);
  await reachableSession(db, actor, 'messages.read', query.idSessionCenou);
  return sessionMessageCounts(db, query.idSessionCenou, idDirection);
}
