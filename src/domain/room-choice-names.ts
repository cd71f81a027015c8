import { fullName } from './format';
import { fill, messages } from './messages';

/**
 * A group of friends of the room choice as every reader sees it named (docs/room-choice.md,
 * docs/decisions/143-room-choice-follow-up-named-and-explained.md): after the student who formed
 * it, « Groupe de KONATÉ Claire », the same in staff's follow-up, the journal and its files. The
 * name never changes, even when that student leaves the group: an entry written before still
 * names the group the follow-up shows.
 */
export function groupName(nom: string | null | undefined, prenom: string | null | undefined): string {
  return fill(messages.choixGroupeDe, { nom: fullName(nom, prenom) });
}
