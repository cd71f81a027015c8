/**
 * The deliberation's ranking (CONTRACT §6) as pure code: who is a candidate, in which order, who
 * is admitted on which list, who waits. No I/O: the server gives it the dossiers and the places and
 * stores what it returns; a stored run can be ranked again from its stored inputs and must give
 * the same lists (docs/deliberation.md walks through an example by hand).
 *
 * 1. Candidates: the session's live dossiers that were analysed (every criterion has a value) and
 *    whose criteria of mandatory types are all VALIDE. The others are not admitted (NON_ADMIS).
 * 2. Order: `moyenne` descending, then `moyenneBac` descending (missing last), then the earlier
 *    `dateDepot`, then the draw: ascending lowercase hex of sha256(seed + ine) (UTF-8).
 * 3. Lists filled in this order: PUPILLES, ETRANGERS, NATIONAUX. A list takes, in candidate order,
 *    the candidates holding a VALIDE criterion of that list who are not yet admitted, up to its
 *    places. Places left unused on PUPILLES and ETRANGERS are added to NATIONAUX.
 * 4. Candidates not admitted form the waiting list, in order. `rang` counts from 1 within each list
 *    and within the waiting list.
 */
import { LISTES_DELIBERATION, type ListeDeliberation, type ValeurAnalyse } from './enums';
import { sha256Hex } from './sha256';

export interface RankingCritere {
  idTypeCritere: number;
  idCritere: number;
  valeurAnalyse: ValeurAnalyse | null;
  /** The list the criterion gives access to, if any. */
  listeDeliberation: ListeDeliberation | null;
  /** The criterion's type is mandatory (`statutItem` OBLIGATOIRE). */
  typeObligatoire: boolean;
}

export interface RankingDossier {
  idDossier: number;
  ine: string;
  /** The score (src/domain/score.ts), full precision. */
  moyenne: number;
  moyenneBac: number | null;
  /** ISO 8601 timestamp of the first deposit. */
  dateDepot: string;
  criteres: RankingCritere[];
}

export type Places = Record<ListeDeliberation, number>;

export interface RankingInput {
  seed: string;
  dossiers: RankingDossier[];
  /** The places of each list: the sum of the quotas on the criteria of that list. */
  places: Places;
  /**
   * The draw key (default `drawKey`, pure code): the server passes the same function computed by
   * Node's crypto, several times faster at 100,000 candidates (checked equal in the unit test).
   */
  draw?: (seed: string, ine: string) => string;
}

export interface RankedDossier {
  idDossier: number;
  ine: string;
  moyenne: number;
  /** From 1 within its list, or within the waiting list. */
  rang: number;
}

export type NonCandidateReason = 'NON_ANALYSE' | 'CRITERE_OBLIGATOIRE_NON_VALIDE';

export interface RankingResult {
  seed: string;
  /** The places given (the sum of the quotas). */
  places: Places;
  /** The places each list could fill: NATIONAUX receives what PUPILLES and ETRANGERS left unused. */
  placesEffectives: Places;
  admis: Record<ListeDeliberation, RankedDossier[]>;
  attente: RankedDossier[];
  nonCandidats: { idDossier: number; ine: string; raison: NonCandidateReason }[];
}

/** The order in which the lists are filled. */
export const FILL_ORDER: readonly ListeDeliberation[] = ['PUPILLES', 'ETRANGERS', 'NATIONAUX'];

/** Why a dossier is not a candidate, or null when it is. */
export function nonCandidateReason(d: RankingDossier): NonCandidateReason | null {
  if (d.criteres.length === 0 || d.criteres.some((c) => c.valeurAnalyse === null)) return 'NON_ANALYSE';
  if (d.criteres.some((c) => c.typeObligatoire && c.valeurAnalyse !== 'VALIDE'))
    return 'CRITERE_OBLIGATOIRE_NON_VALIDE';
  return null;
}

/** The draw that breaks the last ties: lowercase hex of sha256(seed + ine). */
export const drawKey = (seed: string, ine: string): string => sha256Hex(seed + ine);

interface Keyed {
  d: RankingDossier;
  depot: number;
  /** The draw key, computed the first time a comparison reaches the draw (ties are rare). */
  draw: string | undefined;
}

function compareKeyed(a: Keyed, b: Keyed, drawOf: (k: Keyed) => string): number {
  if (a.d.moyenne !== b.d.moyenne) return b.d.moyenne - a.d.moyenne;
  const ba = a.d.moyenneBac;
  const bb = b.d.moyenneBac;
  if (ba !== bb) {
    if (ba === null) return 1;
    if (bb === null) return -1;
    return bb - ba;
  }
  if (a.depot !== b.depot) return a.depot - b.depot;
  const da = drawOf(a);
  const db = drawOf(b);
  return da < db ? -1 : da > db ? 1 : 0;
}

/**
 * The candidates in the deliberation's order (CONTRACT §6). A candidate's draw key is computed only
 * when a comparison reaches it (same order: the key is a pure function of the seed and the INE).
 */
export function orderCandidates(
  seed: string,
  candidates: RankingDossier[],
  draw: (seed: string, ine: string) => string = drawKey,
): RankingDossier[] {
  const drawOf = (k: Keyed) => (k.draw ??= draw(seed, k.d.ine));
  return candidates
    .map((d): Keyed => ({ d, depot: Date.parse(d.dateDepot), draw: undefined }))
    .sort((a, b) => compareKeyed(a, b, drawOf))
    .map((k) => k.d);
}

const holdsValid = (d: RankingDossier, liste: ListeDeliberation) =>
  d.criteres.some((c) => c.listeDeliberation === liste && c.valeurAnalyse === 'VALIDE');

/** Whether a dossier may take a place of that list (holds a VALIDE criterion of it). */
export const mayTakePlaceOf = holdsValid;

export function rankDossiers(input: RankingInput): RankingResult {
  const nonCandidats: RankingResult['nonCandidats'] = [];
  const candidates: RankingDossier[] = [];
  for (const d of input.dossiers) {
    const raison = nonCandidateReason(d);
    if (raison) nonCandidats.push({ idDossier: d.idDossier, ine: d.ine, raison });
    else candidates.push(d);
  }
  const ordered = orderCandidates(input.seed, candidates, input.draw);
  const places: Places = { ...input.places };
  for (const l of LISTES_DELIBERATION) places[l] = Math.max(0, Math.floor(places[l] ?? 0));
  const placesEffectives: Places = { ...places };
  const admitted = new Set<number>();
  const admis = { PUPILLES: [], ETRANGERS: [], NATIONAUX: [] } as Record<ListeDeliberation, RankedDossier[]>;
  for (const liste of FILL_ORDER) {
    if (liste === 'NATIONAUX') {
      placesEffectives.NATIONAUX =
        places.NATIONAUX +
        (placesEffectives.PUPILLES - admis.PUPILLES.length) +
        (placesEffectives.ETRANGERS - admis.ETRANGERS.length);
    }
    const room = placesEffectives[liste];
    for (const d of ordered) {
      if (admis[liste].length >= room) break;
      if (admitted.has(d.idDossier) || !holdsValid(d, liste)) continue;
      admitted.add(d.idDossier);
      admis[liste].push({
        idDossier: d.idDossier,
        ine: d.ine,
        moyenne: d.moyenne,
        rang: admis[liste].length + 1,
      });
    }
  }
  const attente = ordered
    .filter((d) => !admitted.has(d.idDossier))
    .map((d, i) => ({ idDossier: d.idDossier, ine: d.ine, moyenne: d.moyenne, rang: i + 1 }));
  return { seed: input.seed, places, placesEffectives, admis, attente, nonCandidats };
}
