import { describe, expect, it } from 'vitest';
import { fill } from '../../src/domain/messages';
import { phoneMessages } from '../../src/domain/messages-phone';
import { phoneLine } from '../../src/web/features/phone/phoneLine';

// The SMS number's line, on the student's « Téléphone » page and the staff's view of a dossier's
// messages: the number as every screen writes it (« +226 70 12 34 56 »), never E.164's digits.

describe('the SMS number line', () => {
  it('writes the number in pairs after its code', () => {
    const line = phoneLine({
      telephone: '+22670123456',
      source: 'VERIFIE',
      telephoneRegistre: '70 00 00 01',
      telephoneVerifie: '+22670123456',
      verificationEnCours: null,
    });
    expect(line).toBe(
      fill(phoneMessages.telephoneActuel, {
        telephone: '+226\u00a070\u00a012\u00a034\u00a056',
        source: 'vérifié',
      }),
    );
    expect(line).not.toContain('+22670123456');
  });
});
