/**
 * The agency's own rules (docs/agency-rules.md) that are not the ranking itself:
 * the years of stay and their limit, the re-admission's eligibility, the women's places of a list.
 * Pure code, shared by the server (deposit, deliberation, promotion) and the client (the deposit
 * form says before anything is filled whether a deposit is possible).
 */
import { LISTES_DELIBERATION } from './enums';
import { MAX_STAY_YEARS, MAX_STAY_YEARS_HANDICAP } from './limits';
import type { MessageKey } from './messages';
import { sessionAllows, type SessionState } from './workflow';

/** The most academic years a student may be housed: 2, or 4 with a VALIDE criterion flagged `handicap`. */
export const stayLimit = (handicapValide: boolean) =>
  handicapValide ? MAX_STAY_YEARS_HANDICAP : MAX_STAY_YEARS;

/**
 * The years of stay counted for a student: the distinct academic years (`anneeDebut`) of its
 * assignments not cancelled, before the session's own year, plus the years the registry says it was
 * housed before this product (`anneesHebergementAnterieures`).
 */
export function yearsOfStay(
  assignmentYears: Iterable<number>,
  anneeSession: number,
  anterieures: number,
): number {
  const years = new Set<number>();
  for (const y of assignmentYears) if (y < anneeSession) years.add(y);
  return years.size + Math.max(0, Math.floor(anterieures || 0));
}

/** Whether a student who has spent `annees` years may still be housed (its dossier's handicap judged VALIDE or not). */
export const withinStayLimit = (annees: number, handicapValide: boolean) =>
  annees < stayLimit(handicapValide);

/**
 * What the deposit form tells the student before anything is filled (`GET dossier/depot`,
 * `eligibilite`): the years counted; whether a deposit is possible at all (fewer than 4 years);
 * whether it is possible only with a criterion flagged `handicap` (2 or 3 years: the commission
 * then judges it, and a dossier whose handicap is not VALIDE is not a candidate); whether
 * RENOUVELLEMENT is offered (housed the previous academic year in the same direction).
 */
export interface DepositEligibility {
  anneesHebergement: number;
  dureeMaximale: number;
  dureeMaximaleHandicap: number;
  depotPossible: boolean;
  handicapRequis: boolean;
  renouvellementPossible: boolean;
}

export function depositEligibility(annees: number, housedLastYearHere: boolean): DepositEligibility {
  const depotPossible = withinStayLimit(annees, true);
  return {
    anneesHebergement: annees,
    dureeMaximale: MAX_STAY_YEARS,
    dureeMaximaleHandicap: MAX_STAY_YEARS_HANDICAP,
    depotPossible,
    handicapRequis: depotPossible && !withinStayLimit(annees, false),
    renouvellementPossible: depotPossible && housedLastYearHere,
  };
}

/**
 * Why a deposit (or its edit) is refused by the agency's rules, or null: over the stay limit (the
 * limit of 4 years holds only when the dossier chooses a criterion flagged `handicap`), or a
 * RENOUVELLEMENT from a student not housed the previous academic year in this direction.
 */
export function depositRuleRefusal(
  e: DepositEligibility,
  deposit: { handicapChoisi: boolean; renouvellement: boolean },
): 'dureeMaximaleAtteinte' | 'renouvellementImpossible' | null {
  if (!e.depotPossible || (e.handicapRequis && !deposit.handicapChoisi)) return 'dureeMaximaleAtteinte';
  if (deposit.renouvellement && !e.renouvellementPossible) return 'renouvellementImpossible';
  return null;
}

/** What `depositSituation` answers. */
export interface DepositSituation {
  /** The student's direction takes a deposit now: a cité, and its session OUVERT in INSCRIPTION. */
  depotPossible: boolean;
  /** Otherwise the catalogue key of the refusal a deposit (or the deposit form) would answer. */
  refus: MessageKey | null;
  /**
   * The student is invited to ask for its re-admission: the deposit is open, it has no dossier of
   * that session yet, and the rules allow RENOUVELLEMENT (housed the previous academic year in this
   * direction, within the stay limit: `renouvellementPossible`).
   */
  readmissionPossible: boolean;
}

/**
 * The student's deposit situation (docs/agency-rules.md#where-it-shows), from what the deposit reads
 * before it writes: whether its direction has a cité, its session, whether the student already has
 * a dossier of that session, and its eligibility there (null without a session). The refusals come
 * in the deposit's order: no cité first, then the session.
 */
export function depositSituation(input: {
  hasCite: boolean;
  session: SessionState | null | undefined;
  dossierExistant: boolean;
  eligibilite: Pick<DepositEligibility, 'renouvellementPossible'> | null;
}): DepositSituation {
  const verdict = sessionAllows(input.session, 'deposit');
  const refus: MessageKey | null = !input.hasCite ? 'villeSansCite' : verdict.ok ? null : verdict.message;
  const depotPossible = refus === null;
  return {
    depotPossible,
    refus,
    readmissionPossible:
      depotPossible && !input.dossierExistant && (input.eligibilite?.renouvellementPossible ?? false),
  };
}

/** The places of a list of `n` kept for women: ⌈n × partFemmes / 100⌉ (integer arithmetic). */
export function womenPlaces(n: number, partFemmes: number): number {
  const p = Math.min(100, Math.max(0, Math.floor(partFemmes || 0)));
  return Math.floor((Math.max(0, n) * p + 99) / 100);
}

/** The most men a list of `n` admits while a woman candidate of that list is still waiting. */
export const menCap = (n: number, partFemmes: number) => Math.max(0, n) - womenPlaces(n, partFemmes);

/**
 * Whether a list is ranked with the share for women: PUPILLES, ETRANGERS and NATIONAUX; never
 * READMISSIONS, filled first by the re-admission requests alone (docs/agency-rules.md).
 */
export const womenShareApplies = (liste: string | null | undefined): boolean =>
  (LISTES_DELIBERATION as readonly string[]).includes(liste ?? '');
