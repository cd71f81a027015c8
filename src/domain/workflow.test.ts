import { describe, expect, it } from 'vitest';
import { ETATS_SESSION, STATUTS_DOSSIER, STATUTS_SESSION, type StatutDossier } from './enums';
import { fill, messages } from './messages';
import { sessionCenou } from './resources/definitions';
import {
  admisOf,
  anneeAcademique,
  anneeLibelle,
  answerRefusal,
  dossierMoveAllowed,
  offerDeadline,
  offerEndsAdmission,
  offerMoveAllowed,
  phaseMoveAllowed,
  republicationAllowed,
  SESSION_WRITE_RULES,
  SESSION_WRITES,
  sessionAllows,
  sessionNotice,
  sessionChangeRefusal,
  sessionOptionLabel,
  statusMoveAllowed,
  withdrawalRefusal,
} from './workflow';

describe('session phases and statuses', () => {
  it('a phase moves forward only (skipping allowed, staying is no move)', () => {
    expect(phaseMoveAllowed('INSCRIPTION', 'ANALYSE')).toBe(true);
    expect(phaseMoveAllowed('ANALYSE', 'DELIBERATION')).toBe(true);
    expect(phaseMoveAllowed('INSCRIPTION', 'DELIBERATION')).toBe(true);
    expect(phaseMoveAllowed('ANALYSE', 'ANALYSE')).toBe(true);
    expect(phaseMoveAllowed('ANALYSE', 'INSCRIPTION')).toBe(false);
    expect(phaseMoveAllowed('DELIBERATION', 'ANALYSE')).toBe(false);
  });

  it('FERME is final; OUVERT and SUSPENDU move freely', () => {
    for (const to of STATUTS_SESSION) {
      expect(statusMoveAllowed('FERME', to)).toBe(to === 'FERME');
      expect(statusMoveAllowed('OUVERT', to)).toBe(true);
      expect(statusMoveAllowed('SUSPENDU', to)).toBe(true);
    }
  });

  it('a change names its refusal: the closed session first, then the backward phase', () => {
    const s = (
      etatSession: (typeof ETATS_SESSION)[number],
      statutSession: (typeof STATUTS_SESSION)[number],
    ) => ({
      etatSession,
      statutSession,
    });
    expect(sessionChangeRefusal(s('ANALYSE', 'OUVERT'), s('DELIBERATION', 'SUSPENDU'))).toBeNull();
    expect(sessionChangeRefusal(s('ANALYSE', 'OUVERT'), s('INSCRIPTION', 'OUVERT'))).toBe('phaseRetour');
    expect(sessionChangeRefusal(s('ANALYSE', 'FERME'), s('INSCRIPTION', 'OUVERT'))).toBe(
      'sessionFermeeDefinitivement',
    );
    expect(sessionChangeRefusal(s('ANALYSE', 'FERME'), s('ANALYSE', 'FERME'))).toBeNull();
  });
});

describe('sessionAllows', () => {
  it('each write needs its phase and OUVERT; every refusal is SESSION_FERMEE with a catalogue message', () => {
    for (const write of SESSION_WRITES) {
      const rule = SESSION_WRITE_RULES[write];
      for (const etatSession of ETATS_SESSION) {
        for (const statutSession of STATUTS_SESSION) {
          const verdict = sessionAllows({ etatSession, statutSession }, write);
          const ok = statutSession === 'OUVERT' && etatSession === rule.phase;
          expect(verdict.ok, `${write} ${etatSession} ${statutSession}`).toBe(ok);
          if (!verdict.ok) {
            expect(verdict.code).toBe('SESSION_FERMEE');
            expect(messages[verdict.message]).toBeTruthy();
            expect(verdict.message).toBe(statutSession === 'SUSPENDU' ? rule.suspended : rule.closed);
          }
        }
      }
    }
  });

  it('the refusal texts: deposit, dossier delete, analysis, deliberation, suspension, no session', () => {
    const refusal = (v: ReturnType<typeof sessionAllows>) => (v.ok ? null : messages[v.message]);
    expect(refusal(sessionAllows({ etatSession: 'ANALYSE', statutSession: 'OUVERT' }, 'deposit'))).toBe(
      'La session de dépôt est fermée !',
    );
    expect(refusal(sessionAllows(null, 'deposit'))).toBe('La session de dépôt est fermée !');
    expect(
      refusal(sessionAllows({ etatSession: 'INSCRIPTION', statutSession: 'FERME' }, 'dossierDelete')),
    ).toContain('la session d’inscription est close');
    expect(refusal(sessionAllows({ etatSession: 'DELIBERATION', statutSession: 'OUVERT' }, 'analysis'))).toBe(
      'Session d’analyse close',
    );
    expect(refusal(sessionAllows({ etatSession: 'ANALYSE', statutSession: 'OUVERT' }, 'deliberation'))).toBe(
      'Session de délibération close',
    );
    expect(refusal(sessionAllows({ etatSession: 'INSCRIPTION', statutSession: 'SUSPENDU' }, 'deposit'))).toBe(
      messages.sessionSuspendue,
    );
    expect(sessionAllows({ etatSession: 'DELIBERATION', statutSession: 'SUSPENDU' }, 'quota')).toMatchObject({
      ok: false,
      message: 'quotaSessionDeliberation',
    });
    expect(sessionAllows({ etatSession: 'INSCRIPTION', statutSession: 'OUVERT' }, 'deposit')).toEqual({
      ok: true,
    });
  });
});

describe('dossier statuses', () => {
  it('DEPOSE → ANALYSE → published; ADMIS → DESISTE; LISTE_ATTENTE → ADMIS on promotion', () => {
    expect(dossierMoveAllowed('DEPOSE', 'ANALYSE', 'analyse')).toBe(true);
    expect(dossierMoveAllowed('ANALYSE', 'ANALYSE', 'analyse')).toBe(true);
    expect(dossierMoveAllowed('ADMIS', 'ANALYSE', 'analyse')).toBe(false);
    for (const to of ['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS'] as const) {
      expect(dossierMoveAllowed('ANALYSE', to, 'publication')).toBe(true);
      // a republication resets a published dossier
      expect(dossierMoveAllowed('ADMIS', to, 'publication')).toBe(true);
      expect(dossierMoveAllowed('LISTE_ATTENTE', to, 'publication')).toBe(true);
      expect(dossierMoveAllowed('DESISTE', to, 'publication')).toBe(false);
    }
    expect(dossierMoveAllowed('DEPOSE', 'NON_ADMIS', 'publication')).toBe(true);
    expect(dossierMoveAllowed('DEPOSE', 'ADMIS', 'publication')).toBe(false);
    expect(dossierMoveAllowed('ADMIS', 'DESISTE', 'desistement')).toBe(true);
    expect(dossierMoveAllowed('LISTE_ATTENTE', 'DESISTE', 'desistement')).toBe(false);
    expect(dossierMoveAllowed('LISTE_ATTENTE', 'ADMIS', 'promotion')).toBe(true);
    expect(dossierMoveAllowed('NON_ADMIS', 'ADMIS', 'promotion')).toBe(false);
    for (const to of STATUTS_DOSSIER) {
      for (const event of ['analyse', 'publication', 'desistement', 'promotion'] as const)
        expect(dossierMoveAllowed('DESISTE', to, event)).toBe(false);
    }
  });

  it('admis: OUI for ADMIS, NON for NON_ADMIS and DESISTE, else null', () => {
    const expected: Record<StatutDossier, 'OUI' | 'NON' | null> = {
      DEPOSE: null,
      ANALYSE: null,
      ADMIS: 'OUI',
      LISTE_ATTENTE: null,
      NON_ADMIS: 'NON',
      DESISTE: 'NON',
    };
    for (const s of STATUTS_DOSSIER) expect(admisOf(s)).toBe(expected[s]);
  });
});

describe('offers', () => {
  it('EN_ATTENTE → ACCEPTE | REFUSE | EXPIRE | RETIRE; ACCEPTE → RETIRE; the rest is final', () => {
    for (const to of ['ACCEPTE', 'REFUSE', 'EXPIRE', 'RETIRE'] as const)
      expect(offerMoveAllowed('EN_ATTENTE', to)).toBe(true);
    expect(offerMoveAllowed('ACCEPTE', 'RETIRE')).toBe(true);
    expect(offerMoveAllowed('ACCEPTE', 'REFUSE')).toBe(false);
    expect(offerMoveAllowed('REFUSE', 'ACCEPTE')).toBe(false);
    expect(offerMoveAllowed('EXPIRE', 'RETIRE')).toBe(false);
    expect(offerMoveAllowed('RETIRE', 'EN_ATTENTE')).toBe(false);
    expect(['REFUSE', 'EXPIRE', 'RETIRE'].every((r) => offerEndsAdmission(r as 'REFUSE'))).toBe(true);
    expect(offerEndsAdmission('ACCEPTE')).toBe(false);
  });

  it('an answer only while EN_ATTENTE and before the deadline', () => {
    const now = new Date('2026-10-01T12:00:00Z');
    const deadline = offerDeadline(new Date('2026-09-28T12:00:00Z'));
    expect(deadline.toISOString()).toBe('2026-10-01T12:00:00.000Z');
    expect(answerRefusal({ reponse: 'EN_ATTENTE', dateLimiteReponse: deadline }, 'ACCEPTE', now)).toBe(
      'offreExpiree',
    );
    expect(
      answerRefusal({ reponse: 'EN_ATTENTE', dateLimiteReponse: '2026-10-01T12:00:01Z' }, 'REFUSE', now),
    ).toBeNull();
    expect(answerRefusal({ reponse: 'ACCEPTE', dateLimiteReponse: null }, 'REFUSE', now)).toBe(
      'offreDejaRepondue',
    );
  });

  it('a withdrawal: of a pending or accepted admission; AUTRE needs a comment', () => {
    expect(withdrawalRefusal('ACCEPTE', 'DESISTEMENT')).toBeNull();
    expect(withdrawalRefusal('EN_ATTENTE', 'AUTRE', '  ')).toBe('retraitCommentaireRequis');
    expect(withdrawalRefusal('EN_ATTENTE', 'AUTRE', 'Départ à l’étranger')).toBeNull();
    expect(withdrawalRefusal('REFUSE', 'DESISTEMENT')).toBe('offreDejaRepondue');
  });

  it('a republication only while every offer is pending and no bed is assigned', () => {
    expect(republicationAllowed(['EN_ATTENTE', null], 0)).toBe(true);
    expect(republicationAllowed(['EN_ATTENTE', 'ACCEPTE'], 0)).toBe(false);
    expect(republicationAllowed(['EN_ATTENTE'], 1)).toBe(false);
  });
});

describe('the academic year', () => {
  it('is written from its first year, and found from a session’s opening date', () => {
    expect(anneeLibelle(2026)).toBe('2026-2027');
    expect(anneeAcademique('2026-09-15')).toEqual({ anneeDebut: 2026, libelle: '2026-2027' });
  });
  it('names a session the same way in every chooser and in the settings', () => {
    const session = {
      idSessionCenou: 7,
      anneeDebut: 2026,
      etatSession: 'DELIBERATION',
      statutSession: 'OUVERT',
    };
    expect(sessionOptionLabel(session)).toBe('Session 2026-2027 (ouverte) — phase\u00a0: délibération');
    // While its room choice runs, the phase says so; a session in another phase is not changed.
    expect(sessionOptionLabel({ ...session, choixChambres: true })).toBe(
      'Session 2026-2027 (ouverte) — phase\u00a0: choix des chambres',
    );
    expect(sessionOptionLabel({ ...session, etatSession: 'ANALYSE', choixChambres: true })).toBe(
      'Session 2026-2027 (ouverte) — phase\u00a0: analyse',
    );
    expect(sessionOptionLabel({ ...session, anneeDebut: null })).toBe(
      'Session n°\u00a07 (ouverte) — phase\u00a0: délibération',
    );
    expect(sessionOptionLabel({ ...session, etatSession: 'INSCRIPTION', statutSession: 'FERME' })).toBe(
      'Session 2026-2027 (fermée)',
    );
    expect(sessionCenou.optionLabel({ ...session, anneeDebut: '2026' })).toBe(sessionOptionLabel(session));
  });
});

describe('sessionNotice', () => {
  const text = (n: ReturnType<typeof sessionNotice>) => (n ? fill(messages[n.key], n.values ?? {}) : null);
  it('says a phase is not open yet, and the phase the session is in, before it is reached', () => {
    expect(text(sessionNotice({ etatSession: 'INSCRIPTION', statutSession: 'OUVERT' }, 'analysis'))).toBe(
      'La phase «\u00a0Analyse\u00a0» n’est pas encore ouverte\u00a0: la session de la direction est en phase «\u00a0Inscription\u00a0».',
    );
    expect(
      text(sessionNotice({ etatSession: 'ANALYSE', statutSession: 'OUVERT' }, 'deliberation')),
    ).toContain('«\u00a0Délibération\u00a0» n’est pas encore ouverte');
  });
  it('says « close » once past, « suspendue » when suspended, none without a session, nothing when allowed', () => {
    expect(text(sessionNotice({ etatSession: 'DELIBERATION', statutSession: 'OUVERT' }, 'analysis'))).toBe(
      messages.sessionAnalyseClose,
    );
    expect(text(sessionNotice({ etatSession: 'INSCRIPTION', statutSession: 'SUSPENDU' }, 'analysis'))).toBe(
      messages.sessionSuspendue,
    );
    expect(text(sessionNotice(null, 'deliberation'))).toBe(messages.aucuneSessionOuverte);
    expect(sessionNotice({ etatSession: 'ANALYSE', statutSession: 'OUVERT' }, 'analysis')).toBeNull();
  });
});
