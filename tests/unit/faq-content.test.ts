import { describe, expect, it } from 'vitest';
import { PART_FEMMES_DEFAULT } from '../../src/domain/limits';
import { messages } from '../../src/domain/messages';
import { SMS_NUMERO_REPONSE } from '../../src/domain/sms-answer';
import { faq, type Block } from '../../src/web/features/home/content';

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
});

describe('the home page’s rules', () => {
  it('state the women’s share as the sessions’ default, beside re-admission and the years of stay', () => {
    expect(messages.accueilReglePartFemmes).toContain(`${PART_FEMMES_DEFAULT}\u00a0% par défaut`);
    expect(messages.accueilRegleReadmission).toMatch(/réadmission/);
    expect(messages.accueilRegleDuree).toMatch(/deux ans.*quatre ans/);
  });
});
