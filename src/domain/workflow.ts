/**
 * The workflow's state rules in one place (docs/sessions-and-dossiers.md, docs/deliberation.md, docs/offers.md): a session's phase and status,
 * which write each allows, the dossier's status and the admission offer's state with their allowed
 * moves. Pure code (no I/O): the server checks writes with it under a lock
 * (src/server/sessions/open-session.ts), the client may use it to grey out what would be refused.
 */
import {
  ETATS_SESSION,
  type Admis,
  type EtatSession,
  type MotifRetrait,
  type ReponseEtudiant,
  type ReponseOffre,
  type StatutDossier,
  type StatutSession,
} from './enums';
import { OFFER_RESPONSE_HOURS_DEFAULT } from './limits';
import { fill, messages, type MessageKey } from './messages';
import { enumLabel } from './messages-labels';

// ---------------------------------------------------------------- sessions

/** What a session is, for the rules: its phase and its status. */
export interface SessionState {
  etatSession: EtatSession;
  statutSession: StatutSession;
}

/** The order of the phases: INSCRIPTION → ANALYSE → DELIBERATION. */
const phaseIndex = (phase: EtatSession): number => ETATS_SESSION.indexOf(phase);

/** A phase moves forward only (it may skip one; staying is no move). */
export const phaseMoveAllowed = (from: EtatSession, to: EtatSession): boolean =>
  phaseIndex(to) >= phaseIndex(from);

/** FERME is final; OUVERT and SUSPENDU move freely between each other and to FERME. */
export const statusMoveAllowed = (from: StatutSession, to: StatutSession): boolean =>
  from !== 'FERME' || to === 'FERME';

/** A direction has at most one session in one of these statuses (docs/sessions-and-dossiers.md). */
export const isActiveStatus = (statut: StatutSession): boolean =>
  statut === 'OUVERT' || statut === 'SUSPENDU';

/**
 * Why a change of a session from `before` to `after` is refused (its catalogue message, code
 * SESSION_FERMEE), or null when it is allowed. The status is checked first: a closed session
 * stays closed whatever else the change says.
 */
export function sessionChangeRefusal(before: SessionState, after: SessionState): MessageKey | null {
  if (!statusMoveAllowed(before.statutSession, after.statutSession)) return 'sessionFermeeDefinitivement';
  if (!phaseMoveAllowed(before.etatSession, after.etatSession)) return 'phaseRetour';
  return null;
}

/**
 * The writes that depend on a session's state. Each needs the session OUVERT and in one phase:
 * - `deposit`: a student deposits or edits its dossier (INSCRIPTION);
 * - `dossierDelete`: a student deletes its dossier (INSCRIPTION);
 * - `analysis`: staff analyse a dossier (ANALYSE);
 * - `deliberation`: the publication of the lists (DELIBERATION; the preview writes nothing);
 * - `admissibleUpload`: the admissible students' CSV (DELIBERATION);
 * - `quota`: a quota is created, changed or deleted (DELIBERATION);
 * - `offer`: after a publication, an answer, a withdrawal, an expiry or a promotion (DELIBERATION);
 * - `assignment`: a bed is assigned, moved or freed (DELIBERATION).
 */
export const SESSION_WRITES = [
  'deposit',
  'dossierDelete',
  'analysis',
  'deliberation',
  'admissibleUpload',
  'quota',
  'offer',
  'assignment',
] as const;
export type SessionWrite = (typeof SESSION_WRITES)[number];

interface WriteRule {
  phase: EtatSession;
  /** Refusal when the session is not OUVERT in that phase (FERME, another phase, no open session). */
  closed: MessageKey;
  /** Refusal when the session is SUSPENDU. */
  suspended: MessageKey;
}

export const SESSION_WRITE_RULES: Record<SessionWrite, WriteRule> = {
  deposit: { phase: 'INSCRIPTION', closed: 'sessionDepotFermee', suspended: 'sessionSuspendue' },
  dossierDelete: {
    phase: 'INSCRIPTION',
    closed: 'suppressionDossierImpossible',
    suspended: 'sessionSuspendue',
  },
  analysis: { phase: 'ANALYSE', closed: 'sessionAnalyseClose', suspended: 'sessionSuspendue' },
  deliberation: { phase: 'DELIBERATION', closed: 'sessionDeliberationClose', suspended: 'sessionSuspendue' },
  admissibleUpload: {
    phase: 'DELIBERATION',
    closed: 'sessionDeliberationClose',
    suspended: 'sessionSuspendue',
  },
  // The quota message already says 'ouverte en phase de délibération': it answers both cases.
  quota: { phase: 'DELIBERATION', closed: 'quotaSessionDeliberation', suspended: 'quotaSessionDeliberation' },
  offer: { phase: 'DELIBERATION', closed: 'sessionDeliberationClose', suspended: 'sessionSuspendue' },
  assignment: { phase: 'DELIBERATION', closed: 'sessionDeliberationClose', suspended: 'sessionSuspendue' },
};

type SessionVerdict = { ok: true } | { ok: false; code: 'SESSION_FERMEE'; message: MessageKey };

/**
 * Whether a session in this state allows this write, and otherwise the catalogue message of the
 * 409 SESSION_FERMEE that refuses it. `null` = the direction has no open session.
 * SUSPENDU stops every write; FERME and any other phase than the write's refuse it.
 */
export function sessionAllows(session: SessionState | null | undefined, write: SessionWrite): SessionVerdict {
  const rule = SESSION_WRITE_RULES[write];
  if (session?.statutSession === 'SUSPENDU')
    return { ok: false, code: 'SESSION_FERMEE', message: rule.suspended };
  if (!session || session.statutSession !== 'OUVERT' || session.etatSession !== rule.phase)
    return { ok: false, code: 'SESSION_FERMEE', message: rule.closed };
  return { ok: true };
}

/**
 * What a screen says when a direction's session does not allow a write, as a catalogue key and its
 * values (the page reads the text: the client's build writes each text where it is read). When the
 * session is open but has not reached the write's phase yet, that the phase is not open yet and the
 * phase the session is in (the API's 409 says « close » for any other phase; a screen says the
 * truth). No session: that there is none. Otherwise the API's refusal (past phase, suspended,
 * closed). Null when the write is allowed.
 */
export function sessionNotice(
  session: SessionState | null | undefined,
  write: SessionWrite,
): { key: MessageKey; values?: Record<string, string> } | null {
  const rule = SESSION_WRITE_RULES[write];
  if (!session) return { key: 'aucuneSessionOuverte' };
  if (session.statutSession === 'OUVERT' && phaseIndex(session.etatSession) < phaseIndex(rule.phase))
    return {
      key: 'phasePasEncoreOuverte',
      values: {
        phase: enumLabel('etatSession', rule.phase),
        actuelle: enumLabel('etatSession', session.etatSession),
      },
    };
  const verdict = sessionAllows(session, write);
  return verdict.ok ? null : { key: verdict.message };
}

/** The academic year of a session opened on `dateOuverture` (YYYY-MM-DD): `2026-2027`. */
export function anneeAcademique(dateOuverture: string): { anneeDebut: number; libelle: string } {
  const anneeDebut = Number(dateOuverture.slice(0, 4));
  return { anneeDebut, libelle: anneeLibelle(anneeDebut) };
}

/** The academic year that starts in `anneeDebut`, as people write it: '2026-2027'. */
export const anneeLibelle = (anneeDebut: number): string => `${anneeDebut}-${anneeDebut + 1}`;

/**
 * A session's phase as people read it, the one rule of every screen: its phase (« Délibération »),
 * or « Choix des chambres » while its room choice runs (`choixChambres`: a campaign of the session
 * started and not ended, `GET campus/choix-chambre/en-cours`), which comes after the deliberation.
 */
export function sessionPhaseLabel(s: {
  etatSession?: string | null;
  choixChambres?: boolean | null;
}): string {
  return s.choixChambres && s.etatSession === 'DELIBERATION'
    ? messages.phaseChoixChambres
    : enumLabel('etatSession', s.etatSession);
}

/**
 * A session as every chooser names it: 'Session 2026-2027 (ouverte) — phase : délibération' (the settings' dropdowns,
 * the staff screens' session choosers), '… — phase : choix des chambres' while its room choice runs
 * (`sessionPhaseLabel`). A session whose year is not known yet is named by its id.
 */
export function sessionOptionLabel(s: {
  idSessionCenou?: number | null;
  anneeDebut?: number | null;
  etatSession?: string | null;
  statutSession?: string | null;
  choixChambres?: boolean | null;
}): string {
  const anneeDebut = s.anneeDebut == null ? NaN : Number(s.anneeDebut);
  const annee = Number.isInteger(anneeDebut)
    ? anneeLibelle(anneeDebut)
    : fill(messages.sessionSansAnnee, { id: s.idSessionCenou ?? '?' });
  // A closed session is past its phases: « phase : délibération » read as if its year had stopped there.
  if (s.statutSession === 'FERME') return fill(messages.sessionOptionFermee, { annee });
  return fill(messages.sessionOption, {
    annee,
    phase: sessionPhaseLabel(s).toLocaleLowerCase('fr'),
    statut: enumLabel('statutSession', s.statutSession).toLocaleLowerCase('fr'),
  });
}

// ---------------------------------------------------------------- dossiers

/** What moves a dossier (docs/sessions-and-dossiers.md, docs/deliberation.md, docs/offers.md). */
export type DossierEvent =
  /** every criterion analysed (again, while the session is in ANALYSE) */
  | 'analyse'
  /** a publication, or a republication that replaces the previous result */
  | 'publication'
  /** an admission declined, expired or withdrawn */
  | 'desistement'
  /** a place freed goes to the first fitting candidate of the waiting list */
  | 'promotion';

const PUBLISHED: readonly StatutDossier[] = ['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS'];

/**
 * The allowed moves of `statutDossier`, per event: DEPOSE → ANALYSE → ADMIS | LISTE_ATTENTE |
 * NON_ADMIS (a never-analysed dossier becomes NON_ADMIS at publication); a republication resets
 * a published dossier to any published status; ADMIS → DESISTE; LISTE_ATTENTE → ADMIS on promotion.
 * DESISTE is final (a republication is refused once an admission has ended: see
 * `republicationAllowed`).
 */
const DOSSIER_MOVES: Record<DossierEvent, Partial<Record<StatutDossier, readonly StatutDossier[]>>> = {
  analyse: { DEPOSE: ['ANALYSE'], ANALYSE: ['ANALYSE'] },
  publication: {
    DEPOSE: ['NON_ADMIS'],
    ANALYSE: PUBLISHED,
    ADMIS: PUBLISHED,
    LISTE_ATTENTE: PUBLISHED,
    NON_ADMIS: PUBLISHED,
  },
  desistement: { ADMIS: ['DESISTE'] },
  promotion: { LISTE_ATTENTE: ['ADMIS'] },
};

export function dossierMoveAllowed(from: StatutDossier, to: StatutDossier, event: DossierEvent): boolean {
  return DOSSIER_MOVES[event][from]?.includes(to) ?? false;
}

/** `admis` of a dossier: OUI for ADMIS, NON for NON_ADMIS and DESISTE, otherwise null. */
export function admisOf(statut: StatutDossier): Admis | null {
  if (statut === 'ADMIS') return 'OUI';
  if (statut === 'NON_ADMIS' || statut === 'DESISTE') return 'NON';
  return null;
}

// ---------------------------------------------------------------- offers

/**
 * The allowed moves of an offer's `reponse`: EN_ATTENTE → ACCEPTE | REFUSE | EXPIRE | RETIRE,
 * ACCEPTE → RETIRE (a withdrawal, even of an accepted admission); the others are final.
 */
const OFFER_MOVES: Record<ReponseOffre, readonly ReponseOffre[]> = {
  EN_ATTENTE: ['ACCEPTE', 'REFUSE', 'EXPIRE', 'RETIRE'],
  ACCEPTE: ['RETIRE'],
  REFUSE: [],
  EXPIRE: [],
  RETIRE: [],
};

export const offerMoveAllowed = (from: ReponseOffre, to: ReponseOffre): boolean =>
  OFFER_MOVES[from].includes(to);

/** An offer in this state has ended its admission: the dossier becomes DESISTE and its place is given on. */
export const offerEndsAdmission = (reponse: ReponseOffre): boolean =>
  reponse === 'REFUSE' || reponse === 'EXPIRE' || reponse === 'RETIRE';

/**
 * Why a student's answer is refused (409), or null: only while EN_ATTENTE and before the deadline
 * (`now` < `dateLimiteReponse`).
 */
export function answerRefusal(
  offer: { reponse: ReponseOffre; dateLimiteReponse: Date | string | null },
  answer: ReponseEtudiant,
  now: Date,
): MessageKey | null {
  if (!offerMoveAllowed(offer.reponse, answer)) return 'offreDejaRepondue';
  if (offer.dateLimiteReponse !== null && now.getTime() >= new Date(offer.dateLimiteReponse).getTime())
    return 'offreExpiree';
  return null;
}

/** Why a withdrawal is refused (its catalogue message), or null: AUTRE needs a comment. */
export function withdrawalRefusal(
  reponse: ReponseOffre,
  motif: MotifRetrait,
  commentaire?: string | null,
): MessageKey | null {
  if (!offerMoveAllowed(reponse, 'RETIRE')) return 'offreDejaRepondue';
  return withdrawalCommentMissing(motif, commentaire) ? 'retraitCommentaireRequis' : null;
}

/** A withdrawal for 'AUTRE' names its reason in a comment (checked before any reading). */
export const withdrawalCommentMissing = (motif: MotifRetrait, commentaire?: string | null): boolean =>
  motif === 'AUTRE' && !commentaire?.trim();

/**
 * A publication may replace the previous one while no offer has left EN_ATTENTE and no bed is
 * assigned (docs/deliberation.md). Students of the admissible upload (ACCEPTE without an offer step) are
 * not offers: leave them out of `reponses`.
 */
export function republicationAllowed(reponses: Iterable<ReponseOffre | null>, bedsAssigned: number): boolean {
  if (bedsAssigned > 0) return false;
  for (const r of reponses) if (r !== null && r !== 'EN_ATTENTE') return false;
  return true;
}

/** The deadline of an offer made at `from`: + `delaiReponseHeures` hours. */
export function offerDeadline(from: Date, delaiReponseHeures = OFFER_RESPONSE_HOURS_DEFAULT): Date {
  return new Date(from.getTime() + delaiReponseHeures * 3_600_000);
}
