/**
 * The score of a dossier (docs/score.md), pure code shared by the server (stored at analysis,
 * recomputed at preview and publication) and the web client (shown to the commission and, with its
 * breakdown, to the student):
 *
 *   moyenne = Σ over the dossier's criteria judged VALIDE of (coefficient of its type × note of the criterion)
 *             / Σ over every live criterion type of its coefficient            (0 when that sum is 0)
 *
 * The divisor is the same for every dossier, so choosing an optional criterion never lowers a
 * score. Full precision is kept for ranking; `roundScore` gives the 2 decimals people read.
 * Worked example: docs/score.md.
 */
import type { ValeurAnalyse } from './enums';

/** A live criterion type: every one of them counts in the divisor. */
export interface ScoreType {
  idTypeCritere: number;
  libelleTypeCritere: string;
  coefficient: number;
}

/** One entry of the dossier: the criterion chosen for a type, its note and its analysis. */
export interface ScoreEntry {
  idTypeCritere: number;
  idCritere: number;
  libelleCritere: string;
  note: number;
  valeurAnalyse: ValeurAnalyse | null;
  /** Shown when the type is no longer live (it then counts for nothing). */
  libelleTypeCritere?: string;
}

/** One line of the breakdown, in the order of the entries. */
interface ScoreLine {
  idTypeCritere: number;
  libelleTypeCritere: string;
  idCritere: number;
  libelleCritere: string;
  /** The coefficient of the type (0 when the type is no longer live). */
  coefficient: number;
  note: number;
  valeurAnalyse: ValeurAnalyse | null;
  /** Whether the line counts: judged VALIDE and its type live. */
  compte: boolean;
  /** coefficient × note when it counts, otherwise 0. */
  produit: number;
}

export interface ScoreBreakdown {
  /** Full precision: what ranks. */
  moyenne: number;
  lignes: ScoreLine[];
  /** Σ of the products that count. */
  total: number;
  /** Σ of the coefficients of every live type. */
  diviseur: number;
}

/** The score of one dossier and how it was reached. */
export function computeScore(types: readonly ScoreType[], entries: readonly ScoreEntry[]): ScoreBreakdown {
  const byType = new Map(types.map((t) => [t.idTypeCritere, t]));
  const lignes = entries.map((e): ScoreLine => {
    const type = byType.get(e.idTypeCritere);
    const coefficient = type?.coefficient ?? 0;
    const compte = type !== undefined && e.valeurAnalyse === 'VALIDE';
    return {
      idTypeCritere: e.idTypeCritere,
      libelleTypeCritere: type?.libelleTypeCritere ?? e.libelleTypeCritere ?? '',
      idCritere: e.idCritere,
      libelleCritere: e.libelleCritere,
      coefficient,
      note: e.note,
      valeurAnalyse: e.valeurAnalyse,
      compte,
      produit: compte ? coefficient * e.note : 0,
    };
  });
  const total = lignes.reduce((sum, l) => sum + l.produit, 0);
  const diviseur = types.reduce((sum, t) => sum + t.coefficient, 0);
  return { moyenne: diviseur > 0 ? total / diviseur : 0, lignes, total, diviseur };
}

/** The score as people read it: 2 decimals, halves away from zero (12.345 → 12.35). */
export function roundScore(moyenne: number): number {
  const sign = moyenne < 0 ? -1 : 1;
  // The decimal text of the number decides the half (12.345 is 12.3449999… in binary).
  return (sign * Math.round(Number(`${Math.abs(moyenne).toPrecision(15)}e2`))) / 100;
}

/** The score as people read it, in text: 12.345 → `12,35`. */
export const scoreText = (moyenne: number) => roundScore(moyenne).toFixed(2).replace('.', ',');
