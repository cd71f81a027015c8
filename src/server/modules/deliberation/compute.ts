/**
 * From what a run ranks to its lists, with the shared domain code only (`computeScore`,
 * `rankDossiers`): the preview, the publication, the verification of a stored run and the
 * student's breakdown all go through here, so that they cannot disagree.
 */
import { hash } from 'node:crypto';
import { withinStayLimit } from '../../../domain/agency-rules';
import type { ListeAdmission, ListeDeliberation, ValeurAnalyse } from '../../../domain/enums';
import { LISTES_ADMISSION, LISTES_DELIBERATION } from '../../../domain/enums';
import {
  holdsValidHandicap,
  nonCandidateReason,
  rankTable,
  type AgencySettings,
  type NonCandidateReason,
  type Places,
  type RankedTable,
  type RankingCritere,
} from '../../../domain/ranking';
import { computeScore, type ScoreBreakdown, type ScoreEntry } from '../../../domain/score';

/** A criterion type as a run saw it. Only live types count in the divisor. */
interface RunType {
  idTypeCritere: number;
  libelleTypeCritere: string;
  coefficient: number;
  obligatoire: boolean;
  live: boolean;
}

/** A criterion as a run saw it. */
interface RunCritere {
  idCritere: number;
  idTypeCritere: number;
  libelleCritere: string;
  note: number;
  listeDeliberation: ListeDeliberation | null;
  /** Flagged handicap (absent in runs published before the agency's rules: false). */
  handicap?: boolean;
}

/** The criteria and types of a run (stored with it: `deliberation.types`, `deliberation.criteres`). */
export interface RunCatalogue {
  types: RunType[];
  criteres: RunCritere[];
}

/** One entry of a dossier: `[idTypeCritere, idCritere, valeurAnalyse]` (stored compactly). */
export type EntryTriple = [number, number, ValeurAnalyse | null];

/** What a run ranks for one dossier (stored in `deliberation_candidat`), as one object. */
export interface CandidateInput {
  idDossier: number;
  ine: string;
  moyenneBac: number | null;
  /** ISO 8601, the exact text ranked. */
  dateDepot: string;
  criteres: EntryTriple[];
  /** `F` or `M` (null in runs published before the agency's rules: ranked as a man). */
  sexe: string | null;
  /** A re-admission request (RENOUVELLEMENT); null before the agency's rules: no. */
  readmission: boolean | null;
  /** Years of stay counted at publication; null before the agency's rules: 0. */
  anneesHebergement: number | null;
}

/**
 * What a run ranks, as columns: row `i` is one dossier. The entries of a dossier are one of a few
 * hundred distinct combinations (`combos`, each a frozen array): `combo[i]` names it. At 100,000
 * dossiers this holds a few typed arrays and the INEs, where objects per dossier held 30 MB more.
 */
export interface CandidateTable {
  n: number;
  idDossier: Int32Array;
  ine: string[];
  /** NaN when missing. */
  moyenneBac: Float64Array;
  /** The first deposit, milliseconds since 1970 (its text: `isoOf`, the exact text ranked and stored). */
  depot: Float64Array;
  combo: Int32Array;
  combos: EntryTriple[][];
  /** 1: a woman. */
  femme: Uint8Array;
  /** 1: a re-admission request. */
  readmission: Uint8Array;
  /** Years of stay counted (src/domain/agency-rules.ts). */
  annees: Int32Array;
}

/** A deposit time as the run ranks and stores it: ISO 8601 with milliseconds, UTC. */
export const isoOf = (ms: number) => new Date(ms).toISOString();

/** The table of candidates given one by one (a stored run, read back): identical entries share a combination. */
export function candidateTable(inputs: readonly CandidateInput[]): CandidateTable {
  const n = inputs.length;
  const t: CandidateTable = {
    n,
    idDossier: new Int32Array(n),
    ine: new Array<string>(n),
    moyenneBac: new Float64Array(n),
    depot: new Float64Array(n),
    combo: new Int32Array(n),
    combos: [],
    femme: new Uint8Array(n),
    readmission: new Uint8Array(n),
    annees: new Int32Array(n),
  };
  const known = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const d = inputs[i];
    t.femme[i] = d.sexe === 'F' ? 1 : 0;
    t.readmission[i] = d.readmission ? 1 : 0;
    t.annees[i] = d.anneesHebergement ?? 0;
    t.idDossier[i] = d.idDossier;
    t.ine[i] = d.ine;
    t.moyenneBac[i] = d.moyenneBac ?? NaN;
    t.depot[i] = Date.parse(d.dateDepot);
    const key = JSON.stringify(d.criteres);
    let k = known.get(key);
    if (k === undefined) {
      k = t.combos.push(d.criteres) - 1;
      known.set(key, k);
    }
    t.combo[i] = k;
  }
  return t;
}

export interface QuotaLine {
  idCritere: number;
  libelleCritere: string;
  listeDeliberation: ListeDeliberation;
  valeurQuota: number;
}

/** The places of each list: the sum of the quotas on its criteria. */
export function placesOf(quotas: QuotaLine[]): Places {
  const places = Object.fromEntries(LISTES_DELIBERATION.map((l) => [l, 0])) as Places;
  for (const q of quotas) places[q.listeDeliberation] += q.valeurQuota;
  return places;
}

/** Lookup tables of a catalogue, made once per run. */
export function indexCatalogue(cat: RunCatalogue) {
  return {
    liveTypes: cat.types.filter((t) => t.live),
    types: new Map(cat.types.map((t) => [t.idTypeCritere, t])),
    criteres: new Map(cat.criteres.map((c) => [c.idCritere, c])),
  };
}
type CatalogueIndex = ReturnType<typeof indexCatalogue>;

/** The score of one dossier and its breakdown (lines in the order of the types). */
export function scoreOf(index: CatalogueIndex, input: Pick<CandidateInput, 'criteres'>): ScoreBreakdown {
  const entries: ScoreEntry[] = input.criteres.map(([idTypeCritere, idCritere, valeurAnalyse]) => {
    const critere = index.criteres.get(idCritere);
    return {
      idTypeCritere,
      idCritere,
      libelleCritere: critere?.libelleCritere ?? '',
      note: critere?.note ?? 0,
      valeurAnalyse,
      libelleTypeCritere: index.types.get(idTypeCritere)?.libelleTypeCritere,
    };
  });
  return computeScore(index.liveTypes, entries);
}

/** The ranking's view of a dossier's entries (list given, type mandatory) under a catalogue. */
export function rankingCriteres(index: CatalogueIndex, entries: EntryTriple[]): RankingCritere[] {
  return entries.map(([idTypeCritere, idCritere, valeurAnalyse]) => {
    const type = index.types.get(idTypeCritere);
    return {
      idTypeCritere,
      idCritere,
      valeurAnalyse,
      listeDeliberation: index.criteres.get(idCritere)?.listeDeliberation ?? null,
      typeObligatoire: type !== undefined && type.live && type.obligatoire,
      handicap: index.criteres.get(idCritere)?.handicap === true,
    };
  });
}

/**
 * The draw key of the domain (sha256(seed + ine), lowercase hex) by Node's one-shot `crypto.hash`
 * (no Hash object: 100,000 keys in 0.09 s, against 0.21 s with `createHash`): same value, faster.
 */
export const nodeDraw = (seed: string, ine: string): string => hash('sha256', seed + ine, 'hex');

export type StatutPublie = 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS';

/** Codes of the outcome columns: `statut[i]` indexes STATUTS; `liste[i]` is 0 (none) or 1 + its index in LISTES_ADMISSION. */
export const STATUTS: readonly StatutPublie[] = ['NON_ADMIS', 'ADMIS', 'LISTE_ATTENTE'];

/** What a run decides, as columns over the rows of its table. */
export interface RunComputation {
  result: RankedTable;
  /** The score that ranked, per combination. */
  moyenneOfCombo: Float64Array;
  statut: Uint8Array;
  liste: Uint8Array;
  /** 0: none. */
  rang: Int32Array;
  /** Why a row is not a candidate, or null (the rule `rankTable` applied). */
  reason: (row: number) => NonCandidateReason | null;
}

/** One row's outcome, as stored and compared. */
export interface Outcome {
  idDossier: number;
  statut: StatutPublie;
  liste: ListeAdmission | null;
  rang: number | null;
  moyenne: number;
}

export function outcomeOf(t: CandidateTable, run: RunComputation, i: number): Outcome {
  return {
    idDossier: t.idDossier[i],
    statut: STATUTS[run.statut[i]],
    liste: run.liste[i] ? LISTES_ADMISSION[run.liste[i] - 1] : null,
    rang: run.rang[i] || null,
    moyenne: run.moyenneOfCombo[t.combo[i]],
  };
}

/**
 * Scores every combination once, ranks the rows (`rankTable`, the domain's rule), and says what
 * becomes of each dossier, in columns.
 */
export function computeRun(
  cat: RunCatalogue,
  t: CandidateTable,
  seed: string,
  places: Places,
  settings: AgencySettings,
): RunComputation {
  const index = indexCatalogue(cat);
  const k = t.combos.length;
  const moyenneOfCombo = new Float64Array(k);
  const reasons = new Array<NonCandidateReason | null>(k);
  /** Bit `1 << j` of a combination: it holds a VALIDE criterion of LISTES_DELIBERATION[j]. */
  const held = new Uint8Array(k);
  /** The combination holds a VALIDE criterion flagged handicap (the stay limit is then 4 years). */
  const handicap = new Uint8Array(k);
  for (let c = 0; c < k; c++) {
    const entries = t.combos[c];
    moyenneOfCombo[c] = scoreOf(index, { criteres: entries }).moyenne;
    const criteres: RankingCritere[] = rankingCriteres(index, entries);
    // The reason of the entries alone; the years of stay are the row's (`reason` below).
    reasons[c] = nonCandidateReason({ criteres });
    handicap[c] = holdsValidHandicap(criteres) ? 1 : 0;
    LISTES_DELIBERATION.forEach((l, j) => {
      if (criteres.some((x) => x.listeDeliberation === l && x.valeurAnalyse === 'VALIDE')) held[c] |= 1 << j;
    });
  }
  const moyenne = new Float64Array(t.n);
  for (let i = 0; i < t.n; i++) moyenne[i] = moyenneOfCombo[t.combo[i]];
  const bit = Object.fromEntries(LISTES_DELIBERATION.map((l, j) => [l, 1 << j])) as Record<
    ListeDeliberation,
    number
  >;
  const reason = (i: number): NonCandidateReason | null => {
    const c = t.combo[i];
    if (reasons[c] !== null) return reasons[c];
    return withinStayLimit(t.annees[i], handicap[c] === 1) ? null : 'DUREE_MAXIMALE';
  };
  const result = rankTable({
    seed,
    n: t.n,
    moyenne,
    moyenneBac: t.moyenneBac,
    depot: t.depot,
    ine: (i) => t.ine[i],
    reason,
    holds: (i, liste) => (held[t.combo[i]] & bit[liste]) !== 0,
    femme: (i) => t.femme[i] === 1,
    readmission: (i) => t.readmission[i] === 1,
    places,
    settings,
    draw: nodeDraw,
  });
  const statut = new Uint8Array(t.n);
  const liste = new Uint8Array(t.n);
  const rang = new Int32Array(t.n);
  LISTES_ADMISSION.forEach((l, j) =>
    result.admis[l].forEach((row, r) => {
      statut[row] = 1;
      liste[row] = j + 1;
      rang[row] = r + 1;
    }),
  );
  result.attente.forEach((row, r) => {
    statut[row] = 2;
    rang[row] = r + 1;
  });
  return { result, moyenneOfCombo, statut, liste, rang, reason };
}
