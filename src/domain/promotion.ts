/**
 * The waiting list's promotion rule (docs/offers.md, docs/agency-rules.md) as pure code. When an
 * admission ends (the student declines, lets its offer expire, or is withdrawn), its place goes at
 * once to the first candidate of the waiting list who may take a place of that list (holds a
 * VALIDE criterion of it; for READMISSIONS: a re-admission request). While the list holds fewer
 * women than its women's places (⌈N × partFemmes / 100⌉), the place goes to the first waiting
 * woman who may take it, if there is one. A READMISSIONS, PUPILLES or ETRANGERS place that no
 * waiting candidate can take goes to NATIONAUX by the same rule, and becomes a NATIONAUX place.
 * When nobody can take it, it stays free. The promoted student joins the list with the next rank
 * of the list; the waiting list closes up.
 */
import type { ListeAdmission } from './enums';

export interface WaitingCandidate {
  idDossier: number;
  /** Rank on the waiting list (1 = first). */
  rang: number;
  /** The lists the candidate may take a place of (a VALIDE criterion of that list; READMISSIONS: RENOUVELLEMENT). */
  listes: readonly ListeAdmission[];
  /** A woman (default: no). */
  femme?: boolean;
}

export interface Promotion {
  idDossier: number;
  /** The list the candidate joins (the freed place's, or NATIONAUX when it fell back). */
  liste: ListeAdmission;
}

/**
 * Whether a list now holds fewer women than its women's places (`womenPlaces` of its places and the
 * run's `partFemmes`): its freed place then goes to the first waiting woman who may take it.
 * Default: never (the rule of docs/offers.md alone).
 */
type WomenWanted = (liste: ListeAdmission) => boolean;

/** Who takes a place freed on `liste`, or null when nobody can. */
export function promotionFor(
  liste: ListeAdmission,
  waiting: readonly WaitingCandidate[],
  womenWanted: WomenWanted = () => false,
): Promotion | null {
  const inOrder = [...waiting].sort((a, b) => a.rang - b.rang);
  const pick = (l: ListeAdmission) =>
    (womenWanted(l) ? inOrder.find((w) => w.femme === true && w.listes.includes(l)) : undefined) ??
    inOrder.find((w) => w.listes.includes(l));
  const first = pick(liste);
  if (first) return { idDossier: first.idDossier, liste };
  if (liste === 'NATIONAUX') return null;
  const fallback = pick('NATIONAUX');
  return fallback ? { idDossier: fallback.idDossier, liste: 'NATIONAUX' } : null;
}

/** The waiting list after `idDossier` left it: ranks close up from 1, order kept. */
export function closeUp<T extends { idDossier: number; rang: number }>(
  waiting: readonly T[],
  idDossier: number,
): T[] {
  return [...waiting]
    .filter((w) => w.idDossier !== idDossier)
    .sort((a, b) => a.rang - b.rang)
    .map((w, i) => ({ ...w, rang: i + 1 }));
}

interface PromotionOutcome<T extends WaitingCandidate> {
  /** Who is promoted and onto which list; null when nobody can take the place. */
  promotion: Promotion | null;
  /** The rank the promoted candidate joins its list with: one after the list's last rank. */
  rang: number | null;
  /** The waiting list after the promotion, ranks closed up from 1 (unchanged when nobody moved). */
  waiting: T[];
}

/**
 * A place freed on `liste` as one step: who takes it (`promotionFor`), the rank it gets on its
 * list (`lastRank` = the highest rank ever given on that list, whatever became of its holder: an
 * admission that ended keeps its rank for the record), and the waiting list closed up (`closeUp`).
 */
export function promote<T extends WaitingCandidate>(
  liste: ListeAdmission,
  waiting: readonly T[],
  lastRank: (liste: ListeAdmission) => number,
  womenWanted?: WomenWanted,
): PromotionOutcome<T> {
  const promotion = promotionFor(liste, waiting, womenWanted);
  if (!promotion) return { promotion: null, rang: null, waiting: closeUp(waiting, Number.NaN) };
  return {
    promotion,
    rang: lastRank(promotion.liste) + 1,
    waiting: closeUp(waiting, promotion.idDossier),
  };
}
