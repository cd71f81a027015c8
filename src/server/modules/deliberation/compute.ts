/**
 * From what a run ranks to its lists, with the shared domain code only (`computeScore`,
 * `rankDossiers`): the preview, the publication, the verification of a stored run and the
 * student's breakdown all go through here, so that they cannot disagree.
 */
import { createHash } from 'node:crypto';
import type { ListeDeliberation, ValeurAnalyse } from '../../../domain/enums';
import { LISTES_DELIBERATION } from '../../../domain/enums';
import {
  rankDossiers,
  type Places,
  type RankingCritere,
  type RankingDossier,
  type RankingResult,
} from '../../../domain/ranking';
import { computeScore, type ScoreBreakdown, type ScoreEntry } from '../../../domain/score';

/** A criterion type as a run saw it. Only live types count in the divisor. */
export interface RunType {
  idTypeCritere: number;
  libelleTypeCritere: string;
  coefficient: number;
  obligatoire: boolean;
  live: boolean;
}

/** A criterion as a run saw it. */
export interface RunCritere {
  idCritere: number;
  idTypeCritere: number;
  libelleCritere: string;
  note: number;
  listeDeliberation: ListeDeliberation | null;
}

/** The criteria and types of a run (stored with it: `deliberation.types`, `deliberation.criteres`). */
export interface RunCatalogue {
  types: RunType[];
  criteres: RunCritere[];
}

/** One entry of a dossier: `[idTypeCritere, idCritere, valeurAnalyse]` (stored compactly). */
export type EntryTriple = [number, number, ValeurAnalyse | null];

/** What a run ranks for one dossier (stored in `deliberation_candidat`). */
export interface CandidateInput {
  idDossier: number;
  ine: string;
  moyenneBac: number | null;
  /** ISO 8601, the exact text ranked. */
  dateDepot: string;
  criteres: EntryTriple[];
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
export type CatalogueIndex = ReturnType<typeof indexCatalogue>;

/** The score of one dossier and its breakdown (lines in the order of the types). */
export function scoreOf(index: CatalogueIndex, input: CandidateInput): ScoreBreakdown {
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
    };
  });
}

export function rankingDossier(
  index: CatalogueIndex,
  input: CandidateInput,
  moyenne: number,
): RankingDossier {
  return {
    idDossier: input.idDossier,
    ine: input.ine,
    moyenne,
    moyenneBac: input.moyenneBac,
    dateDepot: input.dateDepot,
    criteres: rankingCriteres(index, input.criteres),
  };
}

/** The draw key of the domain (sha256(seed + ine), lowercase hex) by Node's crypto: same value, faster. */
export const nodeDraw = (seed: string, ine: string): string =>
  createHash('sha256')
    .update(seed + ine, 'utf8')
    .digest('hex');

export type StatutPublie = 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS';

/** What a run decides for one dossier. */
export interface Outcome {
  idDossier: number;
  statut: StatutPublie;
  liste: ListeDeliberation | null;
  rang: number | null;
  moyenne: number;
}

export interface RunComputation {
  result: RankingResult;
  /** Per dossier, in the order of the inputs. */
  outcomes: Outcome[];
}

/**
 * Scores every input, ranks them, and says what becomes of each dossier. The score and the
 * ranking's view of the entries depend on the entries only: dossiers that share the same entries
 * array (`sessionInputs` gives identical entries one shared, frozen array) share them, computed
 * once: at 100,000 dossiers there are a few hundred distinct combinations, not 400,000 entries.
 */
export function computeRun(
  cat: RunCatalogue,
  inputs: CandidateInput[],
  seed: string,
  places: Places,
): RunComputation {
  const index = indexCatalogue(cat);
  const byEntries = new Map<EntryTriple[], { moyenne: number; criteres: RankingCritere[] }>();
  const n = inputs.length;
  const dossiers = new Array<RankingDossier>(n);
  const outcomes = new Array<Outcome>(n);
  const position = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const input = inputs[i];
    let scored = byEntries.get(input.criteres);
    if (!scored) {
      scored = { moyenne: scoreOf(index, input).moyenne, criteres: rankingCriteres(index, input.criteres) };
      byEntries.set(input.criteres, scored);
    }
    dossiers[i] = {
      idDossier: input.idDossier,
      ine: input.ine,
      moyenne: scored.moyenne,
      moyenneBac: input.moyenneBac,
      dateDepot: input.dateDepot,
      criteres: scored.criteres,
    };
    outcomes[i] = {
      idDossier: input.idDossier,
      statut: 'NON_ADMIS',
      liste: null,
      rang: null,
      moyenne: scored.moyenne,
    };
    position.set(input.idDossier, i);
  }
  const result = rankDossiers({ seed, dossiers, places, draw: nodeDraw });
  const decide = (idDossier: number, statut: StatutPublie, liste: ListeDeliberation | null, rang: number) => {
    const o = outcomes[position.get(idDossier)!];
    o.statut = statut;
    o.liste = liste;
    o.rang = rang;
  };
  for (const liste of LISTES_DELIBERATION)
    for (const d of result.admis[liste]) decide(d.idDossier, 'ADMIS', liste, d.rang);
  for (const d of result.attente) decide(d.idDossier, 'LISTE_ATTENTE', null, d.rang);
  return { result, outcomes };
}
