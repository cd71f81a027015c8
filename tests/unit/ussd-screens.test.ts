import { describe, expect, it } from 'vitest';
import { gsmSeptets } from '../../src/domain/gsm';
import {
  ussdAnswer,
  ussdTexts,
  USSD_MAX_SEPTETS,
  USSD_VALUE_MAX,
  type UssdScreen,
  type UssdValue,
} from '../../src/domain/messages-ussd';
import { resumable, ussdInputs, walkUssd } from '../../src/domain/ussd';

/**
 * The USSD screens (docs/ussd.md): each one, prefix included, after « Choix invalide. » too, with
 * every value at its declared longest (and beyond, and in letters outside the GSM alphabet), holds
 * at most 182 GSM characters; the walk over the inputs.
 */

const screens = Object.keys(ussdTexts) as UssdScreen[];
const longest = (fill: string) =>
  Object.fromEntries(
    (Object.keys(USSD_VALUE_MAX) as UssdValue[]).map((k) => [k, fill.repeat(USSD_VALUE_MAX[k] + 20)]),
  );

describe('every USSD screen fits', () => {
  for (const fill of ['W', 'ê', 'Ç', '€']) {
    it(`values of « ${fill} » at their longest and beyond`, () => {
      for (const screen of screens)
        for (const invalide of [false, true]) {
          const text = ussdAnswer(screen, longest(fill), { invalide });
          const n = gsmSeptets(text);
          expect(n, text).not.toBeNull();
          expect(n!, `${screen}: ${text}`).toBeLessThanOrEqual(USSD_MAX_SEPTETS);
          expect(text).toMatch(ussdTexts[screen].fin ? /^END / : /^CON /);
          expect(text, 'no placeholder left').not.toMatch(/\{\w+\}/);
        }
    });
  }

  it('a cité too long is shortened, codes kept whole', () => {
    const text = ussdAnswer(
      'LOGEMENT',
      {
        annee: '2026-2027',
        cite: 'Cité universitaire internationale de Ouagadougou Kossodo Extension II',
        batiment: 'A'.repeat(30),
        chambre: 'B'.repeat(30),
        lit: 'C'.repeat(30),
      },
      { invalide: true },
    );
    expect(text).toContain('A'.repeat(30));
    expect(text).toContain('Lit ' + 'C'.repeat(30));
    expect(text).toMatch(/\nCité .+\.\nBatiment /);
  });
});

describe('the walk over the inputs', () => {
  it('splits the operator’s text', () => {
    expect(ussdInputs('')).toEqual([]);
    expect(ussdInputs('2*1*1')).toEqual(['2', '1', '1']);
  });

  it('menu, back, an input not taken, an answer confirmed', () => {
    const offre = { reprise: null, offre: true };
    expect(walkUssd([], offre)).toEqual({ etat: 'MENU', invalide: false, reponse: null });
    expect(walkUssd(['1', '0', '4'], offre).etat).toBe('LOGEMENT');
    expect(walkUssd(['9'], offre)).toEqual({ etat: 'MENU', invalide: true, reponse: null });
    expect(walkUssd(['9', '3'], offre)).toEqual({ etat: 'LOYER', invalide: false, reponse: null });
    expect(walkUssd(['2', '2', '0', '1', '1'], offre).reponse).toBe('ACCEPTE');
    expect(walkUssd(['2', '2', '1'], offre).reponse).toBe('REFUSE');
    // Without an offer, its screen takes only « 0 ».
    expect(walkUssd(['2', '1'], { reprise: null, offre: false })).toEqual({
      etat: 'OFFRE',
      invalide: true,
      reponse: null,
    });
  });

  it('a resumed session starts on REPRISE: 1 where the cut one stood, 2 the menu', () => {
    expect(walkUssd([], { reprise: 'LOYER', offre: false }).etat).toBe('REPRISE');
    expect(walkUssd(['1'], { reprise: 'LOYER', offre: false }).etat).toBe('LOYER');
    expect(walkUssd(['2'], { reprise: 'LOYER', offre: false }).etat).toBe('MENU');
    expect(walkUssd(['1', '1'], { reprise: 'CONFIRMER_ACCEPTE', offre: true }).reponse).toBe('ACCEPTE');
    expect(resumable('MENU', null)).toBeNull();
    expect(resumable('REPRISE', 'OFFRE')).toBe('OFFRE');
    expect(resumable('LOGEMENT', null)).toBe('LOGEMENT');
  });
});
