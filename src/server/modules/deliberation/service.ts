import { randomBytes } from 'node:crypto';
import { LISTES_ADMISSION, type ListeAdmission } from '../../../domain/enums';
import { fill, messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import {
  holdsValidHandicap,
  nonCandidateReason,
  type AgencySettings,
  type ListPlaces,
  type NonCandidateReason,
  type Places,
} from '../../../domain/ranking';
import { stayLimit } from '../../../domain/agency-rules';
import { SEED_MAX_LENGTH } from '../../../domain/schemas/deliberation';
import type { ScoreBreakdown } from '../../../domain/score';
import { anneeLibelle, offerDeadline, republicationAllowed } from '../../../domain/workflow';
import { assertCanReach, directionOf, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../errors';
import { formatDateDepot, resultMail, type MailContent } from '../../mail/templates';
import { lockOpenSession, sessionInfo, type SessionInfo } from '../../sessions/open-session';
import {
  candidateTable,
  computeRun,
  indexCatalogue,
  rankingCriteres,
  outcomeOf,
  placesOf,
  scoreOf,
  STATUTS,
  type RunCatalogue,
  type RunComputation,
  type StatutPublie,
} from './compute';
import { applyOutcomes } from '../dossier/repository';
import {
  analyzeDossiers,
  currentCatalogue,
  currentRun,
  dossierStanding,
  insertDeliberationRun,
  lockSessionPublication,
  PLACEHOLDERS,
  queueResultMails,
  readOnlyTransaction,
  replaceCurrentRun,
  runById,
  runCandidate,
  runCandidates,
  runListRows,
  runsOfSession,
  sessionAnswers,
  sessionBeds,
  sessionQuotas,
  sessionTable,
  storeCandidates,
  tuneSessionRead,
  type Effectifs,
  type RunListRow,
  type RunRow,
  type SessionTable,
} from './repository';

/** One student of a list (preview, publication). */
export type ListItem = {
  idDossier: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: string;
  dateNaissance: string;
  lieuNaissance: string | null;
  anneeBac: number | null;
  /** Full precision (what ranked); shown rounded to 2 decimals. */
  moyenne: number;
  rang: number;
  nomVille: string;
};

/** The five lists of an answer, in the answer's order. */
const LIST_KEYS = [
  'listeAdmisReadmissions',
  'listeAdmisPupilles',
  'listeAdmisEtrangers',
  'listeAdmisNationaux',
  'listeAttente',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/**
 * What a preview or a publication answers: `{seed, places, placesEffectives, placesReadmission,
 * partFemmes, listeAdmisReadmissions, listeAdmisPupilles, listeAdmisEtrangers, listeAdmisNationaux,
 * listeAttente, nonCandidats}`, each list an array of
 * `ListItem`. Held as the rows of the session's table in rank order, and made into items only when
 * written (`listsJson`, a PDF): 100,000 items and their 23 MB of JSON never sit in memory at once.
 */
export interface DeliberationLists {
  seed: string;
  places: ListPlaces;
  placesEffectives: ListPlaces;
  /** The agency's settings the lists were ranked with (docs/agency-rules.md). */
  settings: AgencySettings;
  /** Rows of the session's table, in rank order (rank = position + 1). */
  lists: Record<ListKey, Int32Array>;
  /** A row, at that rank, as the lists show it. */
  item: (row: number, rang: number) => ListItem;
  /** Dossiers that are not candidates (not analysed, a mandatory criterion not VALIDE): NON_ADMIS. */
  nonCandidats: number;
  /** The same, per reason: the preview says where every dossier goes (docs/deliberation.md). */
  nonCandidatsParRaison: Record<NonCandidateReason, number>;
}

/** The rows that are not candidates counted per reason, every reason present (0 when none). */
function countReasons(
  rows: Int32Array,
  reason: (row: number) => NonCandidateReason | null,
): Record<NonCandidateReason, number> {
  const out: Record<NonCandidateReason, number> = {
    NON_ANALYSE: 0,
    CRITERE_OBLIGATOIRE_NON_VALIDE: 0,
    DUREE_MAXIMALE: 0,
  };
  for (const row of rows) out[reason(row) ?? 'NON_ANALYSE'] += 1;
  return out;
}

/** Items per chunk of the written answer (about 230 bytes each). */
const ITEMS_PER_CHUNK = 500;

/**
 * The answer's JSON written in chunks of a few hundred items, each chunk by `JSON.stringify` of its
 * `ListItem`s (so the text is what a single `JSON.stringify` of the whole answer gives), then `extra`.
 */
export function* listsJson(l: DeliberationLists, extra: Record<string, unknown> = {}): Generator<string> {
  yield `{"seed":${JSON.stringify(l.seed)},"places":${JSON.stringify(l.places)},"placesEffectives":${JSON.stringify(l.placesEffectives)},"placesReadmission":${l.settings.placesReadmission},"partFemmes":${l.settings.partFemmes}`;
  for (const key of LIST_KEYS) {
    const list = l.lists[key];
    yield `,"${key}":[`;
    // A chunk's items by one `JSON.stringify` of their array, brackets dropped: a third faster
    // than an item at a time.
    for (let from = 0; from < list.length; from += ITEMS_PER_CHUNK) {
      const to = Math.min(from + ITEMS_PER_CHUNK, list.length);
      const items = new Array<ListItem>(to - from);
      for (let i = from; i < to; i++) items[i - from] = l.item(list[i], i + 1);
      const text = JSON.stringify(items);
      yield (from ? ',' : '') + text.slice(1, -1);
    }
    yield ']';
  }
  let tail = `,"nonCandidats":${l.nonCandidats},"nonCandidatsParRaison":${JSON.stringify(l.nonCandidatsParRaison)}`;
  for (const [k, v] of Object.entries(extra)) tail += `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  yield `${tail}}`;
}

interface DeliberationTarget {
  idSessionCenou: number;
  idDirection: number;
}

/** A new seed drawn with the operating system's random source: 16 hex characters. */
const drawSeed = () => randomBytes(8).toString('hex');

/**
 * The session of a deliberation call: the actor may act on the direction (a regional manager on
 * its own, 403 otherwise), the session exists (404) and belongs to that direction (400).
 */
async function targetSession(db: Db, actor: Actor | null, target: DeliberationTarget): Promise<SessionInfo> {
  directionOf(actor, 'deliberation', target.idDirection);
  const session = await sessionInfo(db, target.idSessionCenou);
  if (!session) throw notFound();
  if (session.idDirection !== target.idDirection)
    throw new AppError('VALIDATION', 'deliberationAutreDirection', [
      { champ: 'idDirection', message: messages.deliberationAutreDirection },
    ]);
  return session;
}

interface Computed {
  table: SessionTable;
  catalogue: RunCatalogue;
  quotas: Awaited<ReturnType<typeof sessionQuotas>>;
  run: RunComputation;
  lists: DeliberationLists;
}

/**
 * Reads the session's dossiers, criteria and quotas as they are now, and ranks them. `tx` is a
 * transaction (the publication's, or the preview's own): the dossiers are read as
 * `tuneSessionRead` says, for this transaction only.
 */
async function compute(tx: Db, session: SessionInfo, seed: string): Promise<Computed> {
  await tuneSessionRead(tx);
  const { idSessionCenou } = session;
  const settings = settingsOf(session);
  const [table, catalogue, quotas] = [
    await sessionTable(tx, idSessionCenou, session.anneeDebut),
    await currentCatalogue(tx),
    await sessionQuotas(tx, idSessionCenou),
  ];
  const run = computeRun(catalogue, table, seed, placesOf(quotas), settings);
  const { result } = run;
  const item = (row: number, rang: number): ListItem => ({
    idDossier: table.idDossier[row],
    ine: table.ine[row],
    nomEtudiant: table.nomEtudiant[row],
    prenomEtudiant: table.prenomEtudiant[row],
    sexeEtudiant: table.sexeEtudiant[row],
    dateNaissance: table.dateNaissance[row],
    lieuNaissance: table.lieuNaissance[row],
    anneeBac: table.anneeBac[row],
    moyenne: run.moyenneOfCombo[table.combo[row]],
    rang,
    nomVille: table.nomVille[row],
  });
  return {
    table,
    catalogue,
    quotas,
    run,
    lists: {
      seed,
      places: result.places,
      placesEffectives: result.placesEffectives,
      settings,
      lists: {
        listeAdmisReadmissions: result.admis.READMISSIONS,
        listeAdmisPupilles: result.admis.PUPILLES,
        listeAdmisEtrangers: result.admis.ETRANGERS,
        listeAdmisNationaux: result.admis.NATIONAUX,
        listeAttente: result.attente,
      },
      item,
      nonCandidats: result.nonCandidats.length,
      nonCandidatsParRaison: countReasons(result.nonCandidats, run.reason),
    },
  };
}

/**
 * `GET campus/deliberation-nationaux` (docs/deliberation.md): the lists the session's dossiers would give
 * now with that seed (a new one drawn when none is given). Reads only: writes nothing, locks nothing.
 */
export async function previewDeliberation(
  db: Db,
  actor: Actor | null,
  input: DeliberationTarget & { seed?: string },
): Promise<DeliberationLists & { session: SessionInfo }> {
  const session = await targetSession(db, actor, input);
  const seed = input.seed ?? drawSeed();
  // One read-only transaction: the three reads see one state of the session, and nothing is written.
  const { lists } = await withTransaction(db, async (tx) => {
    await readOnlyTransaction(tx);
    return compute(tx, session, seed);
  });
  return { ...lists, session };
}

/** The mail templates of a publication, with placeholders (outbox template form: the worker fills them per student). */
function resultTemplates(dateLimite: string, dashboardUrl: string): Record<string, MailContent> {
  const person = {
    nom: PLACEHOLDERS.nom,
    prenom: PLACEHOLDERS.prenom,
    referenceDossier: PLACEHOLDERS.reference,
    rang: PLACEHOLDERS.rang,
    moyenne: PLACEHOLDERS.moyenne,
  };
  const out: Record<string, MailContent> = {};
  for (const liste of LISTES_ADMISSION) {
    out[`ADMIS:${liste}`] = resultMail(
      { ...person, resultat: 'ADMIS', liste: enumLabel('listeDeliberation', liste), dateLimite },
      dashboardUrl,
    );
  }
  out['LISTE_ATTENTE:'] = resultMail({ ...person, resultat: 'LISTE_ATTENTE' }, dashboardUrl);
  out['NON_ADMIS:'] = resultMail({ ...person, resultat: 'NON_ADMIS' }, dashboardUrl);
  return out;
}

/**
 * `POST campus/deliberation` (docs/deliberation.md, docs/offers.md): publishes what the preview with that seed
 * shows, in one transaction. Publications of one session are serialised by a transaction-scoped
 * advisory lock (the second waits, then replaces the first); the session is held FOR SHARE (OUVERT
 * and in DELIBERATION). A republication is refused once an offer was answered (409). Every
 * dossier of the session gets its status, list, rank, score and (ADMIS) an offer; the result mails
 * are queued as one lot (a mail per student once the worker expands it); the run and its inputs are stored.
 */
export async function publishDeliberation(
  db: Db,
  actor: Actor | null,
  input: DeliberationTarget & { seed: string; dashboardUrl: string; now?: Date },
): Promise<DeliberationLists & { idDeliberation: number; dossiers: number }> {
  await targetSession(db, actor, input);
  const published = await withTransaction(db, async (tx) => {
    await lockOpenSession(tx, { idSessionCenou: input.idSessionCenou }, 'deliberation');
    await lockSessionPublication(tx, input.idSessionCenou);
    const session = (await sessionInfo(tx, input.idSessionCenou))!;
    const answers = (await sessionAnswers(tx, input.idSessionCenou)) as never[];
    if (!republicationAllowed(answers, await sessionBeds(tx, input.idSessionCenou)))
      throw new AppError('SESSION_FERMEE', 'publicationFigee');

    const { table, catalogue, quotas, run: computed, lists } = await compute(tx, session, input.seed);
    const count = (s: StatutPublie, l?: ListeAdmission) => {
      const code = STATUTS.indexOf(s);
      const liste = l === undefined ? -1 : LISTES_ADMISSION.indexOf(l) + 1;
      let n = 0;
      for (let i = 0; i < table.n; i++)
        if (computed.statut[i] === code && (liste < 0 || computed.liste[i] === liste)) n++;
      return n;
    };
    const now = input.now ?? new Date();
    const deadline = offerDeadline(now, session.delaiReponseHeures);

    await replaceCurrentRun(tx, input.idSessionCenou);
    const idDeliberation = await insertDeliberationRun(tx, {
      idSessionCenou: input.idSessionCenou,
      idDirection: session.idDirection,
      seed: input.seed,
      quotas,
      places: lists.places,
      placesEffectives: lists.placesEffectives,
      catalogue,
      settings: lists.settings,
      nbReadmissions: count('ADMIS', 'READMISSIONS'),
      effectifs: effectifsOf(table, computed),
      nbPupilles: count('ADMIS', 'PUPILLES'),
      nbEtrangers: count('ADMIS', 'ETRANGERS'),
      nbNationaux: count('ADMIS', 'NATIONAUX'),
      nbAttente: count('LISTE_ATTENTE'),
      nbNonAdmis: count('NON_ADMIS'),
      idAuteur: actor?.id ?? null,
      auteur: actor?.userName ?? null,
      datePublication: now,
      dateLimiteReponse: deadline,
    });
    await storeCandidates(tx, idDeliberation, table, computed);
    await applyOutcomes(tx, idDeliberation, deadline);
    // The history (docs/offers.md: PUBLICATION for every dossier, OFFRE for the admitted) is read
    // from the run (`historyOf`); the result mails are one lot, expanded by the mail worker.
    await queueResultMails(
      tx,
      idDeliberation,
      resultTemplates(formatDateDepot(deadline), input.dashboardUrl),
    );
    await recordAudit(tx, actor, {
      action: 'PUBLIER',
      resource: 'deliberation',
      resourceId: idDeliberation,
      at: input.now,
      detail: {
        idSessionCenou: input.idSessionCenou,
        seed: input.seed,
        admis: count('ADMIS'),
        attente: count('LISTE_ATTENTE'),
        nonAdmis: count('NON_ADMIS'),
      },
    });
    return { ...lists, idDeliberation, dossiers: table.n };
  });
  return published;
}

/**
 * After a publication of `dossiers` dossiers, every one of them changed status: the planner's
 * statistics are refreshed, or the lists read next (the admissible list filters the ADMIS of a
 * session) are planned for the old statuses. Called once the answer is sent (ANALYZE of 100,000
 * dossiers competed with writing it); a failure only leaves the statistics to autovacuum.
 */
export function refreshDossierStatistics(db: Db, dossiers: number): void {
  if (dossiers >= ANALYZE_FROM_ROWS) void analyzeDossiers(db).catch(() => undefined);
}

const ANALYZE_FROM_ROWS = 1000;

/** The session's settings of the agency's rules, as a run ranks with them. */
export const settingsOf = (s: {
  placesReadmission: number | null;
  partFemmes: number | null;
}): AgencySettings => ({
  placesReadmission: s.placesReadmission ?? 0,
  partFemmes: s.partFemmes ?? 0,
});

/** Women and men admitted on each list of a computed run. */
function effectifsOf(t: SessionTable, run: RunComputation): Effectifs {
  const out = Object.fromEntries(LISTES_ADMISSION.map((l) => [l, { F: 0, M: 0 }])) as Effectifs;
  for (let i = 0; i < t.n; i++) {
    if (!run.liste[i]) continue;
    const e = out[LISTES_ADMISSION[run.liste[i] - 1]];
    if (t.femme[i]) e.F += 1;
    else e.M += 1;
  }
  return out;
}

/** The places of a stored run, READMISSIONS 0 in a run published before the agency's rules. */
const listPlaces = (p: Places & Partial<ListPlaces>): ListPlaces => ({ READMISSIONS: 0, ...p });

interface RunSummary {
  idDeliberation: number;
  idSessionCenou: number;
  idDirection: number;
  seed: string;
  quotas: RunRow['quotas'];
  places: ListPlaces;
  placesEffectives: ListPlaces;
  /** The settings it ranked with (0 and 0 for a run published before the agency's rules). */
  placesReadmission: number;
  partFemmes: number;
  nbReadmissions: number;
  /** Women and men admitted per list (null: published before the agency's rules). */
  effectifs: Effectifs | null;
  nbPupilles: number;
  nbEtrangers: number;
  nbNationaux: number;
  nbAttente: number;
  nbNonAdmis: number;
  auteur: string | null;
  nomAuteur: string | null;
  datePublication: string;
  courante: boolean;
  dateRemplacement: string | null;
}

const summary = ({ types: _t, criteres: _c, ...rest }: RunRow): RunSummary => ({
  ...rest,
  ...settingsOf(rest),
  places: listPlaces(rest.places),
  placesEffectives: listPlaces(rest.placesEffectives),
});

/** `GET campus/deliberation?idSessionCenou&idDirection`: the session's runs, newest first. */
export async function listRuns(
  db: Db,
  actor: Actor | null,
  target: DeliberationTarget,
): Promise<RunSummary[]> {
  const session = await targetSession(db, actor, target);
  return (await runsOfSession(db, session.idSessionCenou)).map(summary);
}

/**
 * `GET campus/deliberation/{id}/pdf?liste=` (docs/deliberation.md#runs-and-verification): one list of
 * a stored run as it was published (status, list, rank and score stored with the run; the identity
 * as the registry holds it now), whoever may deliberate on its direction.
 */
export async function runList(
  db: Db,
  actor: Actor | null,
  idDeliberation: number,
  liste: ListeAdmission | 'ATTENTE',
): Promise<{ run: RunSummary; session: SessionInfo; rows: RunListRow[] }> {
  const run = await runById(db, idDeliberation);
  if (!run) throw notFound();
  assertCanReach(actor, 'deliberation', { idDirection: run.idDirection });
  const session = await sessionInfo(db, run.idSessionCenou);
  if (!session) throw notFound();
  const rows = await runListRows(db, idDeliberation, liste === 'ATTENTE' ? null : liste);
  return { run: summary(run), session, rows };
}

interface Difference {
  idDossier: number;
  ine: string;
  enregistre: { statut: string; liste: string | null; rang: number | null };
  recalcule: { statut: string; liste: string | null; rang: number | null };
}

const MAX_DIFFERENCES = 100;

/**
 * `GET campus/deliberation/{id}/verification` (admin): ranks the run again from its stored inputs
 * (criteria, types and quotas as they were, each dossier's entries, `moyenneBac`, `dateDepot`,
 * the seed) and compares every dossier's status, list and rank with what was stored.
 */
export async function verifyRun(
  db: Db,
  actor: Actor | null,
  idDeliberation: number,
): Promise<{ identique: boolean; nbDifferences: number; differences: Difference[] }> {
  scopeFor(actor, 'audit');
  const run = await runById(db, idDeliberation);
  if (!run) throw notFound();
  const stored = await runCandidates(db, idDeliberation);
  const places: Places = run.places;
  const table = candidateTable(stored);
  // The settings it was published with; a run published before the agency's rules: 0 and 0.
  const again = computeRun(
    { types: run.types, criteres: run.criteres },
    table,
    run.seed,
    places,
    settingsOf(run),
  );
  const differences: Difference[] = [];
  let nbDifferences = 0;
  stored.forEach((s, i) => {
    const o = outcomeOf(table, again, i);
    if (s.statut === o.statut && s.liste === o.liste && s.rang === o.rang) return;
    nbDifferences += 1;
    if (differences.length < MAX_DIFFERENCES)
      differences.push({
        idDossier: s.idDossier,
        ine: s.ine,
        enregistre: { statut: s.statut, liste: s.liste, rang: s.rang },
        recalcule: { statut: o.statut, liste: o.liste, rang: o.rang },
      });
  });
  return { identique: nbDifferences === 0, nbDifferences, differences };
}

export interface DossierResult {
  publie: boolean;
  /** What an answer by SMS names (`OUI <référence>`, the offer card). */
  referenceDossier: string;
  statutDossier: string;
  liste: string | null;
  rang: number | null;
  moyenne: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
  /** The dossier holds a bed (an assignment not cancelled). */
  litAttribue: boolean;
  /** The day a departure ended the dossier's bed, if one did. */
  dateDepart: string | null;
  /** How the published score was reached, from the run's stored inputs. */
  detail: ScoreBreakdown | null;
  /**
   * The agency's settings the run ranked with (docs/agency-rules.md): the share of each list kept
   * for women, the places of READMISSIONS; null before a publication.
   */
  partFemmes: number | null;
  placesReadmission: number | null;
  /** Why the run did not rank the dossier, with its years of stay and their limit; null otherwise. */
  nonCandidat: {
    raison: NonCandidateReason;
    anneesHebergement: number;
    dureeMaximale: number;
  } | null;
}

/** The statuses a deliberation (or the admissible upload) gives: the dossier's result is decided. */
const DECIDED = new Set(['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS', 'DESISTE']);

/**
 * `GET campus/dossier/{id}/resultat`: the student's own (404 otherwise), staff within their scope.
 * Before a publication: `publie: false` and no detail. After: the dossier's status, list, rank and
 * offer as they are now, and the breakdown of the score the current run ranked. A dossier decided
 * without a run (the admissible upload) answers its status, list, rank and offer, without detail.
 */
export async function dossierResult(db: Db, actor: Actor | null, idDossier: number): Promise<DossierResult> {
  const d = await dossierStanding(db, idDossier);
  if (!d) throw notFound();
  assertCanReach(actor, 'dossier.read', { idDirection: d.idDirection, idUser: d.idUser });
  const run = await currentRun(db, d.idSessionCenou);
  const stored = run ? await runCandidate(db, run.idDeliberation, idDossier) : undefined;
  // Decided without a stored run (admitted by the admissible upload, or last year's session of the
  // demo, decision 032): its status, list, rank and answer as they stand, no score to detail.
  if ((!run || !stored) && DECIDED.has(d.statutDossier))
    return {
      publie: true,
      referenceDossier: d.referenceDossier,
      statutDossier: d.statutDossier,
      liste: d.liste,
      rang: d.rang,
      moyenne: null,
      reponse: d.reponse,
      dateLimiteReponse: d.dateLimiteReponse,
      litAttribue: d.litAttribue,
      dateDepart: d.dateDepart,
      detail: null,
      partFemmes: null,
      placesReadmission: null,
      nonCandidat: null,
    };
  if (!run || !stored)
    return {
      publie: false,
      referenceDossier: d.referenceDossier,
      statutDossier: d.statutDossier,
      liste: null,
      rang: null,
      moyenne: null,
      reponse: null,
      dateLimiteReponse: null,
      litAttribue: d.litAttribue,
      dateDepart: d.dateDepart,
      detail: null,
      partFemmes: null,
      placesReadmission: null,
      nonCandidat: null,
    };
  const index = indexCatalogue({ types: run.types, criteres: run.criteres });
  const detail = scoreOf(index, stored);
  // The reason the run found, from the very entries and years it ranked (ranking.ts's rule).
  const criteres = rankingCriteres(index, stored.criteres);
  const anneesHebergement = stored.anneesHebergement ?? 0;
  const raison = nonCandidateReason({ criteres, anneesHebergement });
  return {
    publie: true,
    referenceDossier: d.referenceDossier,
    statutDossier: d.statutDossier,
    liste: d.liste,
    rang: d.rang,
    moyenne: stored.moyenne,
    reponse: d.reponse,
    dateLimiteReponse: d.dateLimiteReponse,
    litAttribue: d.litAttribue,
    dateDepart: d.dateDepart,
    detail,
    ...settingsOf(run),
    nonCandidat: raison && {
      raison,
      anneesHebergement,
      dureeMaximale: stayLimit(holdsValidHandicap(criteres)),
    },
  };
}

/** The PDF's title (docs/api.md#exports): 'Admissibles <liste> <année académique> - <direction>'. */
export function pdfTitle(session: SessionInfo, liste: ListeAdmission | 'ATTENTE'): string {
  const annee = anneeLibelle(session.anneeDebut);
  const values: Record<string, string> = { annee, direction: session.libelleDirection };
  if (liste === 'ATTENTE') return fill(messages.pdfTitreAttente, values);
  values.liste = enumLabel('listeDeliberation', liste);
  return fill(messages.pdfTitreAdmissibles, values);
}

export function checkSeed(seed: unknown): string | undefined {
  if (seed === undefined || seed === '') return undefined;
  if (typeof seed !== 'string' || seed.length > SEED_MAX_LENGTH || seed.trim() === '')
    throw fieldError('seed', 'valeurInvalide');
  return seed;
}
