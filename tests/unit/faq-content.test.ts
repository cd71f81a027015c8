import { describe, expect, it } from 'vitest';
import { STATUS_DAYS } from '../../src/domain/availability';
import { INVENTORY_HOURS, PART_FEMMES_DEFAULT } from '../../src/domain/limits';
import { ROOM_CHOICE } from '../../src/domain/room-choice';
import { messages } from '../../src/domain/messages';
import { SMS_NUMERO_REPONSE } from '../../src/domain/sms-answer';
import { faq, type Block } from '../../src/web/features/home/faq-content';

// The FAQ and the home page's rules say the rules of docs/ for the current season (decision 048).
const text = (blocks: Block[]) =>
  blocks.map((b) => (typeof b === 'string' ? b : b.items.join(' '))).join(' ');
const all = faq.sections.flatMap((s) => s.items.map((i) => `${i.question} ${text(i.answer)}`)).join('\n');
const answerTo = (question: RegExp) =>
  text(faq.sections.flatMap((s) => s.items).find((i) => question.test(i.question))!.answer);

describe('the FAQ', () => {
  it('speaks of the current season, never of an old one', () => {
    expect(all).toContain('2026-2027');
    expect(all).not.toMatch(/20(1\d|2[0-5])-20/);
  });

  it('answers each question a newcomer asked', () => {
    expect(answerTo(/note/)).toMatch(/coefficient/);
    expect(answerTo(/classés/)).toMatch(/moyenne au baccalauréat.*déposé le plus tôt.*tirage/);
    expect(answerTo(/réadmission/)).toContain(messages.readmissionTitre);
    expect(answerTo(/étudiantes/)).toContain(`${PART_FEMMES_DEFAULT}\u00a0%`);
    const sms = answerTo(/SMS/);
    expect(sms).toContain(`«\u00a0OUI <référence>\u00a0»`);
    expect(sms).toContain(`«\u00a0NON <référence>\u00a0»`);
    expect(sms).toContain(SMS_NUMERO_REPONSE);
    const rent = answerTo(/payer mon loyer/);
    expect(rent).toContain('mobile money');
    expect(rent).toContain('guichet');
  });

  it('answers on the room choice, the arrival and an outage before a deadline, with the rules’ own figures', () => {
    const choice = answerTo(/choisir ma chambre/);
    expect(choice).toContain(messages.menuChoixChambre);
    expect(choice).toContain(`${ROOM_CHOICE.prolongationsMax} fois au plus`);
    expect(answerTo(/amis/)).toContain(`jusqu’à ${ROOM_CHOICE.membresMax - 1} amis`);
    const arrival = answerTo(/arrivant/);
    expect(arrival).toContain(`${INVENTORY_HOURS} heures`);
    expect(arrival).toContain(messages.menuArrivee);
    const outage = answerTo(/ne répondait pas/);
    expect(outage).toContain(messages.etatServiceTitre);
    expect(outage).toContain(`${STATUS_DAYS} derniers jours`);
  });
});

describe('the home page’s rules', () => {
  it('state the women’s share as the sessions’ default, beside re-admission and the years of stay', () => {
    expect(messages.accueilReglePartFemmes).toContain(`${PART_FEMMES_DEFAULT}\u00a0% par défaut`);
    expect(messages.accueilRegleReadmission).toMatch(/réadmission/);
    expect(messages.accueilRegleDuree).toMatch(/deux ans.*quatre ans/);
  });
});
