import { ROOM_CHOICE } from '../../../domain/room-choice';
import { messages } from '../../../domain/messages';
import { roomChoiceMessages as rc } from '../../../domain/messages-room-choice';
import { fill } from '../../lib/format';

const unit = (n: number, one: string, many: string) => (n === 1 ? one : fill(many, { n }));

/**
 * A duration in words, rounded down to the minute: '2 jours et 5 heures', '3 heures et 12 minutes',
 * '8 minutes'; under a minute, its seconds ('45 secondes').
 */
export function durationWords(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return seconds === 1 ? rc.dureeSeconde : fill(rc.dureeSecondes, { n: seconds });
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const j = unit(days, messages.dureeJour, messages.dureeJours);
  const h = unit(hours, messages.dureeHeure, messages.dureeHeures);
  const m = unit(mins, messages.dureeMinute, messages.dureeMinutes);
  if (days > 0) return hours > 0 ? fill(messages.dureeEt, { a: j, b: h }) : j;
  if (hours > 0) return mins > 0 ? fill(messages.dureeEt, { a: h, b: m }) : h;
  return m;
}

/** A countdown as a clock reads it: '4:05', '0:09'; '0:00' once past. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long before its end a hold warns (docs/room-choice.md): the domain's setting. */
export const WARNING_MS = ROOM_CHOICE.avertissementSecondes * 1000;
