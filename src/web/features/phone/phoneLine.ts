import { fill } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { phoneMessages } from '../../../domain/messages-phone';
import { phoneForDisplay } from '../../../domain/phone';
import type { PhoneRead } from '../../../domain/schemas/phone';

/** The number the SMS go to, and whence, as one sentence (the student's page, the staff's view). */
export function phoneLine(p: PhoneRead): string {
  return p.telephone && p.source
    ? fill(phoneMessages.telephoneActuel, {
        telephone: phoneForDisplay(p.telephone),
        source: enumLabel('sourceTelephone', p.source),
      })
    : phoneMessages.telephoneAucun;
}
