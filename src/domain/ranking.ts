/**
 * The deliberation's ranking (docs/deliberation.md, docs/agency-rules.md) as pure code: who is a
 * candidate, in which order, who is admitted on which list, who waits. No I/O: the server gives it
 * the dossiers and the places and stores what it returns; a stored run can be ranked again from its
 * stored inputs and must give the same lists (docs/deliberation.md walks through an example by hand).
 *
 * 1. Candidates: the session's live dossiers that were analysed (every criterion has a value),
 *    whose criteria of mandatory types are all VALIDE, and whose student has not reached the
 *    stay limit (2 academic years, 4 with a VALIDE criterion flagged `handicap`). The others are
 *    not admitted (NON_ADMIS).
 * 2. Order: `moyenne` descending, then `moyenneBac` descending (missing last), then the earlier
 *    `dateDepot`, then the draw: ascending lowercase hex of sha256(seed + ine) (UTF-8).
 * 3. READMISSIONS first: in candidate order, the RENOUVELLEMENT dossiers, up to `placesReadmission`.
 * 4. Then PUPILLES, ETRANGERS, NATIONAUX. A list takes, in candidate order, the candidates holding
 *    a VALIDE criterion of that list who are not yet admitted, up to its places; but while a woman
 *    candidate of that list is still waiting, never more men than N − ⌈N × partFemmes / 100⌉ (N its
 *    places). A man passed over stays first in line and takes a place left when no woman candidate
 *    of the list remains. Places left unused on READMISSIONS, PUPILLES and ETRANGERS are added to
 *    NATIONAUX. Each list is shown in candidate order.
 * 5. Candidates not admitted form the waiting list, in order. `rang` counts from 1 within each list
 *    and within the waiting list.
 * With `partFemmes` 0 and no re-admission places, the lists are those of steps 1, 2 and 4 alone.
 */
import { menCap, withinStayLimit } from './agency-rules';
import {
  LISTES_ADMISSION,
  LISTES_DELIBERATION,
  type ListeAdmission,
  type ListeDeliberation,
  type ValeurAnalyse,
} from './enums';
import { sha256Hex } from './sha256';

export interface RankingCritere {
  idTypeCritere: number;
  idCritere: number;
  valeurAnalyse: ValeurAnalyse | null;
  /** The list the criterion gives access to, if any. */
  listeDeliberation: ListeDeliberation | null;
  /** The criterion's type is mandatory (`statutItem` OBLIGATOIRE). */
  typeObligatoire: boolean;
  /** The criterion is flagged `handicap` (VALIDE: the stay limit is 4 years). Default false. */
  handicap?: boolean;
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
  /** `F` takes the women's places; anything else counts as a man. Default: a man. */
  sexeEtudiant?: string;
  /** A re-admission request (`typeDossier` RENOUVELLEMENT) competes for READMISSIONS first. */
  readmission?: boolean;
  /** The academic years the student was housed before (src/domain/agency-rules.ts). Default 0. */
  anneesHebergement?: number;
}

/** The places of the criteria's lists: the sum of the quotas on each. */
export type Places = Record<ListeDeliberation, number>;
/** The places of every list a run admits on, READMISSIONS included. */
export type ListPlaces = Record<ListeAdmission, number>;

/** The session's settings of the agency's rules (docs/agency-rules.md); both 0: the lists of before. */
export interface AgencySettings {
  /** Places of READMISSIONS (integer ≥ 0). */
  placesReadmission: number;
  /** Share of each later list kept for women, in percent (0–100). */
  partFemmes: number;
}

export interface RankingInput {
  seed: string;
  dossiers: RankingDossier[];
  /** The places of each list: the sum of the quotas on the criteria of that list. */
  places: Places;
  /** Default: none (no READMISSIONS places, no share for women). */
  settings?: AgencySettings;
  /**
   * The draw key (default `drawKey`, pure code): the server passes the same function computed by
   * Node's crypto, several times faster at 100,000 candidates (checked equal in the unit test).
   */
  draw?: (seed: string, ine: string) => string;
}

interface RankedDossier {
  idDossier: number;
  ine: string;
  moyenne: number;
  /** From 1 within its list, or within the waiting list. */
  rang: number;
}

export type NonCandidateReason = 'NON_ANALYSE' | 'CRITERE_OBLIGATOIRE_NON_VALIDE' | 'DUREE_MAXIMALE';

interface RankingResult {
  seed: string;
  /** The places given (READMISSIONS: the session's; the others: the sum of the quotas). */
  places: ListPlaces;
  /** The places each list could fill: NATIONAUX receives what the lists before it left unused. */
  placesEffectives: ListPlaces;
  admis: Record<ListeAdmission, RankedDossier[]>;
  attente: RankedDossier[];
  nonCandidats: { idDossier: number; ine: string; raison: NonCandidateReason }[];
}

/** The order in which the lists are filled. */
const FILL_ORDER: readonly ListeAdmission[] = LISTES_ADMISSION;

/** Whether the criteria hold a VALIDE criterion flagged `handicap` (the stay limit is then 4 years). */
export const holdsValidHandicap = (criteres: readonly RankingCritere[]) =>
  criteres.some((c) => c.handicap === true && c.valeurAnalyse === 'VALIDE');

/** Why a dossier is not a candidate, or null when it is. */
export function nonCandidateReason(
  d: Pick<RankingDossier, 'criteres' | 'anneesHebergement'>,
): NonCandidateReason | null {
  if (d.criteres.length === 0 || d.criteres.some((c) => c.valeurAnalyse === null)) return 'NON_ANALYSE';
  if (d.criteres.some((c) => c.typeObligatoire && c.valeurAnalyse !== 'VALIDE'))
    return 'CRITERE_OBLIGATOIRE_NON_VALIDE';
  if (!withinStayLimit(d.anneesHebergement ?? 0, holdsValidHandicap(d.criteres))) return 'DUREE_MAXIMALE';
  return null;
}

/** The draw that breaks the last ties: lowercase hex of sha256(seed + ine). */
export const drawKey = (seed: string, ine: string): string => sha256Hex(seed + ine);

/**
 * The ranking's input as columns, one row per dossier (the server's form: at 100,000 dossiers, a
 * few typed arrays instead of 100,000 objects and their criteria; `rankDossiers` is the same rule
 * over objects). Rows are numbered from 0; what depends on the criteria (candidate or not, lists
 * held) is asked per row, so that rows sharing their criteria can share the answer.
 */
interface RankingTable {
  seed: string;
  /** Number of rows. */
  n: number;
  moyenne: ArrayLike<number>;
  /** NaN when missing. */
  moyenneBac: ArrayLike<number>;
  /** The first deposit, in milliseconds since 1970. */
  depot: ArrayLike<number>;
  /** The row's INE, asked only when a tie reaches the draw. */
  ine: (row: number) => string;
  /** Why the row is not a candidate, or null (`nonCandidateReason` of its criteria). */
  reason: (row: number) => NonCandidateReason | null;
  /** Whether the row holds a VALIDE criterion of that list (may take a place of it). */
  holds: (row: number, liste: ListeDeliberation) => boolean;
  /** Whether the row is a woman (takes the women's places). Default: nobody. */
  femme?: (row: number) => boolean;
  /** Whether the row is a re-admission request (may take a place of READMISSIONS). Default: nobody. */
  readmission?: (row: number) => boolean;
  places: Places;
  settings?: AgencySettings;
  draw?: (seed: string, ine: string) => string;
}

/** The ranking of a table: rows, in rank order within each list (rank = position + 1). */
export interface RankedTable {
  places: ListPlaces;
  placesEffectives: ListPlaces;
  admis: Record<ListeAdmission, Int32Array>;
  attente: Int32Array;
  /** Rows that are not candidates, in row order. */
  nonCandidats: Int32Array;
}

/**
 * The candidates' rows in the deliberation's order (docs/deliberation.md). A row's draw key is computed
 * only when a comparison reaches it (ties are rare; the key is a pure function of the seed and the INE).
 */
function orderRows(t: RankingTable, rows: number[]): number[] {
  const draw = t.draw ?? drawKey;
  // By row number (rows are 0…n-1), an array filled at once (packed, not a sparse one), where a Map
  // hashed the row at each comparison that reached the draw.
  const draws = new Array<string | undefined>(t.n).fill(undefined);
  const drawOf = (row: number) => {
    let k = draws[row];
    if (k === undefined) {
      k = draw(t.seed, t.ine(row));
      draws[row] = k;
    }
    return k;
  };
  const { moyenne, moyenneBac, depot } = t;
  return rows.sort((a, b) => {
    if (moyenne[a] !== moyenne[b]) return moyenne[b] - moyenne[a];
    const ba = moyenneBac[a];
    const bb = moyenneBac[b];
    if (ba !== bb && !(ba !== ba && bb !== bb)) {
      if (ba !== ba) return 1;
      if (bb !== bb) return -1;
      return bb - ba;
    }
    if (depot[a] !== depot[b]) return depot[a] - depot[b];
    const da = drawOf(a);
    const db = drawOf(b);
    return da < db ? -1 : da > db ? 1 : 0;
  });
}

/** A setting as the rule reads it: an integer within bounds (anything else: the bound, or 0). */
const settingOf = (v: number | undefined, max: number) =>
  Math.min(max, Math.max(0, Math.floor(Number.isFinite(v) ? v! : 0)));

/**
 * The rule (docs/deliberation.md, docs/agency-rules.md) over a table: candidates, order, READMISSIONS,
 * then the three lists with the share for women, the waiting list. O(n log n): one sort, then one
 * pass over the candidates per list.
 */
export function rankTable(t: RankingTable): RankedTable {
  const candidates: number[] = [];
  const non: number[] = [];
  for (let row = 0; row < t.n; row++) (t.reason(row) === null ? candidates : non).push(row);
  const ordered = orderRows(t, candidates);
  const placesReadmission = settingOf(t.settings?.placesReadmission, Number.MAX_SAFE_INTEGER);
  const partFemmes = settingOf(t.settings?.partFemmes, 100);
  const femme = t.femme ?? (() => false);
  const readmission = t.readmission ?? (() => false);
  const places = { READMISSIONS: placesReadmission } as ListPlaces;
  for (const l of LISTES_DELIBERATION) places[l] = Math.max(0, Math.floor(t.places[l] ?? 0));
  const placesEffectives: ListPlaces = { ...places };
  const admitted = new Uint8Array(t.n);
  /** Position of a row in the candidates' order: each list is shown in that order. */
  const position = new Int32Array(t.n);
  ordered.forEach((row, i) => (position[row] = i));
  const admis = {} as Record<ListeAdmission, Int32Array>;
  for (const liste of FILL_ORDER) {
    if (liste === 'NATIONAUX') {
      let unused = 0;
      for (const l of FILL_ORDER) if (l !== 'NATIONAUX') unused += placesEffectives[l] - admis[l].length;
      placesEffectives.NATIONAUX = places.NATIONAUX + unused;
    }
    const room = Math.min(placesEffectives[liste], ordered.length);
    const may: (row: number) => boolean =
      liste === 'READMISSIONS' ? readmission : (row) => t.holds(row, liste);
    // READMISSIONS keeps no share; each later list at most `cap` men while a woman of it waits.
    const cap = liste === 'READMISSIONS' ? room : menCap(placesEffectives[liste], partFemmes);
    const list = new Int32Array(room);
    let taken = 0;
    let men = 0;
    const passed: number[] = [];
    for (let i = 0; i < ordered.length && taken < room; i++) {
      const row = ordered[i];
      if (admitted[row] || !may(row)) continue;
      if (!femme(row)) {
        if (men >= cap) {
          passed.push(row);
          continue;
        }
        men++;
      }
      admitted[row] = 1;
      list[taken++] = row;
    }
    // No woman candidate of the list remains (every candidate was seen) or the list is full: the
    // men passed over take the places left, first in line.
    for (let i = 0; i < passed.length && taken < room; i++) {
      admitted[passed[i]] = 1;
      list[taken++] = passed[i];
    }
    const filled = list.subarray(0, taken);
    if (passed.length) filled.sort((a, b) => position[a] - position[b]);
    admis[liste] = filled;
  }
  const attente = new Int32Array(ordered.length);
  let waiting = 0;
  for (const row of ordered) if (!admitted[row]) attente[waiting++] = row;
  return {
    places,
    placesEffectives,
    admis,
    attente: attente.subarray(0, waiting),
    nonCandidats: Int32Array.from(non),
  };
}

/** The table of dossiers given as objects. */
function tableOf(
  seed: string,
  dossiers: RankingDossier[],
  places: Places,
  draw?: RankingInput['draw'],
  settings?: AgencySettings,
): RankingTable {
  const n = dossiers.length;
  const moyenne = new Float64Array(n);
  const moyenneBac = new Float64Array(n);
  const depot = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = dossiers[i];
    moyenne[i] = d.moyenne;
    moyenneBac[i] = d.moyenneBac ?? NaN;
    depot[i] = Date.parse(d.dateDepot);
  }
  return {
    seed,
    n,
    moyenne,
    moyenneBac,
    depot,
    ine: (i) => dossiers[i].ine,
    reason: (i) => nonCandidateReason(dossiers[i]),
    holds: (i, liste) => holdsValid(dossiers[i], liste),
    femme: (i) => dossiers[i].sexeEtudiant === 'F',
    readmission: (i) => dossiers[i].readmission === true,
    places,
    settings,
    draw,
  };
}

/**
 * The candidates in the deliberation's order (docs/deliberation.md). A candidate's draw key is computed only
 * when a comparison reaches it (same order: the key is a pure function of the seed and the INE).
 */
export function orderCandidates(
  seed: string,
  candidates: RankingDossier[],
  draw: (seed: string, ine: string) => string = drawKey,
): RankingDossier[] {
  const t = tableOf(seed, candidates, { PUPILLES: 0, ETRANGERS: 0, NATIONAUX: 0 }, draw);
  return orderRows(
    t,
    candidates.map((_, i) => i),
  ).map((i) => candidates[i]);
}

/** Whether a dossier may take a place of that list (holds a VALIDE criterion of it). */
const holdsValid = (d: RankingDossier, liste: ListeDeliberation) =>
  d.criteres.some((c) => c.listeDeliberation === liste && c.valeurAnalyse === 'VALIDE');

export function rankDossiers(input: RankingInput): RankingResult {
  const { dossiers } = input;
  const t = tableOf(input.seed, dossiers, input.places, input.draw, input.settings);
  const r = rankTable(t);
  const ranked = (rows: Int32Array): RankedDossier[] =>
    Array.from(rows, (row, i) => ({
      idDossier: dossiers[row].idDossier,
      ine: dossiers[row].ine,
      moyenne: dossiers[row].moyenne,
      rang: i + 1,
    }));
  return {
    seed: input.seed,
    places: r.places,
    placesEffectives: r.placesEffectives,
    admis: {
      READMISSIONS: ranked(r.admis.READMISSIONS),
      PUPILLES: ranked(r.admis.PUPILLES),
      ETRANGERS: ranked(r.admis.ETRANGERS),
      NATIONAUX: ranked(r.admis.NATIONAUX),
    },
    attente: ranked(r.attente),
    nonCandidats: Array.from(r.nonCandidats, (row) => ({
      idDossier: dossiers[row].idDossier,
      ine: dossiers[row].ine,
      raison: nonCandidateReason(dossiers[row])!,
    })),
  };
}
