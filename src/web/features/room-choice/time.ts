import { ROOM_CHOICE } from '../../../domain/room-choice';
import { roomChoiceMessages as rc } from '../../../domain/messages-room-choice';
import { fill } from '../../lib/format';
import { minutesInWords } from '../offers/time';

/**
 * A duration in words, rounded down to the minute: '2 jours et 5 heures', '3 heures et 12 minutes',
 * '8 minutes'; under a minute, its seconds ('45 secondes').
 */
export function durationWords(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return seconds === 1 ? rc.dureeSeconde : fill(rc.dureeSecondes, { n: seconds });
  return minutesInWords(Math.floor(seconds / 60));
}

/** A countdown as a clock reads it: '4:05', '0:09'; '0:00' once past. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long before its end a hold warns (docs/room-choice.md): the domain's setting. */
export const WARNING_MS = ROOM_CHOICE.avertissementSecondes * 1000;
