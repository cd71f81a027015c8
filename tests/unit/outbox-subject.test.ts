import { describe, expect, it } from 'vitest';
import { fillSubject, placeholder, renderQueuedMail } from '../../src/server/mail/outbox';

/**
 * A queued mail's subject is filled one way (`fillSubject`): the sender (`renderQueuedMail`) and
 * the staff's list of what was sent read the same subject, for a mail of its own text and for one
 * of the template form alike.
 */
describe('fillSubject', () => {
  const template = {
    subject: null,
    textBody: null,
    htmlBody: null,
    tplSubject: `Résultat du dossier ${placeholder('reference')}`,
    tplText: `Bonjour ${placeholder('nom')}`,
    tplHtml: `<p>Bonjour ${placeholder('nom')}</p>`,
    params: { reference: 'D-2026-000123', nom: 'Awa <Ouédraogo>' },
  };

  it('fills a template subject with its values, as the sender does', () => {
    expect(fillSubject(template)).toBe('Résultat du dossier D-2026-000123');
    expect(fillSubject(template)).toBe(renderQueuedMail(template).subject);
  });

  it('reads a mail of its own text as it was written', () => {
    const own = { subject: 'Compte créé', textBody: 'x', htmlBody: '<p>x</p>' };
    expect(fillSubject(own)).toBe('Compte créé');
    expect(fillSubject(own)).toBe(renderQueuedMail(own).subject);
  });

  it('leaves a missing value empty, never its marker', () => {
    const s = fillSubject({ ...template, params: {} });
    expect(s).toBe('Résultat du dossier ');
    expect(s).not.toContain('\u0001');
  });
});
