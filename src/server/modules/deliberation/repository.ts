import { sql } from 'drizzle-orm';
import type { Places } from '../../../domain/ranking';
import { scoreText } from '../../../domain/score';
import { one, rows, type Db } from '../../db/client';
import type { LotKind } from '../../mail/lots';
import { placeholder, queueLot, saveTemplates } from '../../mail/outbox';
import { formatDateDepot, type MailContent } from '../../mail/templates';
import { smsText, type SmsKind } from '../../../domain/messages-sms';
import { SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';
import { enqueueSmsList } from '../../sms/outbox';
import { authorName } from '../../db/author';
import { LISTES_ADMISSION } from '../../../domain/enums';
import type { AgencySettings, ListPlaces } from '../../../domain/ranking';
import {
  isoOf,
  STATUTS,
  type CandidateInput,
  type CandidateTable,
  type EntryTriple,
  type Outcome,
  type QuotaLine,
  type RunCatalogue,
  type RunComputation,
  type RunCritere,
  type RunType,
} from './compute';

/** The criterion types and criteria as they are now (every one: a dossier may hold a deleted one). */
export async function currentCatalogue(db: Db): Promise<RunCatalogue> {
  const types = await rows<RunType>(
    db,
    sql`SELECT id_type_critere AS "idTypeCritere", libelle_type_critere AS "libelleTypeCritere",
          coefficient, statut_item = 'OBLIGATOIRE' AS obligatoire, deleted_at IS NULL AS live
        FROM type_critere ORDER BY id_type_critere`,
  );
  const criteres = await rows<RunCritere>(
    db,
    sql`SELECT id_critere AS "idCritere", id_type_critere AS "idTypeCritere",
          libelle_critere AS "libelleCritere", note, liste_deliberation AS "listeDeliberation", handicap
        FROM critere ORDER BY id_critere`,
  );
  return { types, criteres };
}

/** The live quotas of the session on criteria of a list. */
export async function sessionQuotas(db: Db, idSessionCenou: number): Promise<QuotaLine[]> {
  return rows<QuotaLine>(
    db,
    sql`SELECT q.id_critere AS "idCritere", c.libelle_critere AS "libelleCritere",
          c.liste_deliberation AS "listeDeliberation", q.valeur_quota AS "valeurQuota"
        FROM quota q JOIN critere c ON c.id_critere = q.id_critere
        WHERE q.id_session_cenou = ${idSessionCenou} AND q.deleted_at IS NULL
          AND c.liste_deliberation IS NOT NULL
        ORDER BY q.id_critere`,
  );
}

/** The dossiers' identity as the lists show it, in columns (row `i` of the session's table). */
export interface IdentityColumns {
  nomEtudiant: string[];
  prenomEtudiant: string[];
  sexeEtudiant: string[];
  dateNaissance: string[];
  lieuNaissance: (string | null)[];
  anneeBac: (number | null)[];
  nomVille: string[];
}

export type SessionTable = CandidateTable & IdentityColumns;

/**
 * Every live dossier of the session with what the ranking needs and the identity the lists show,
 * as columns (`CandidateTable`): one statement answering ONE row, each column a JSON array in the
 * dossiers' order (every `json_agg` of one aggregate reads the same rows in the same order, so the
 * arrays line up). 100,000 dossiers read as 100,000 row objects of 13 fields held 30 MB and made
 * twice that in garbage before they were reduced to what the ranking needs; a dozen arrays parsed
 * natively hold only that. The entries come as `type:critère:valeur` text, each distinct text
 * parsed once into a shared combination (`parseEntries`); `depot` in milliseconds (truncated, as
 * the ISO text with milliseconds that runs store).
 */
export async function sessionTable(
  db: Db,
  idSessionCenou: number,
  anneeDebut: number,
): Promise<SessionTable> {
  const parts = await rows<{
    ids: number[];
    ines: string[];
    bacs: (number | null)[];
    depots: number[];
    criteres: (string | null)[];
    noms: string[];
    prenoms: string[];
    sexes: string[];
    naissances: string[];
    lieux: (string | null)[];
    annees: (number | null)[];
    villes: string[];
    renouvellements: boolean[];
    sejours: number[];
  }>(
    db,
    sql`SELECT json_agg(s.id) AS ids, json_agg(s.ine) AS ines, json_agg(s.bac) AS bacs,
          json_agg(s.depot) AS depots, json_agg(s.criteres) AS criteres, json_agg(s.nom) AS noms,
          json_agg(s.prenom) AS prenoms, json_agg(s.sexe) AS sexes, json_agg(s.naissance) AS naissances,
          json_agg(s.lieu) AS lieux, json_agg(s.annee) AS annees, json_agg(s.ville) AS villes,
          json_agg(s.renouvellement) AS renouvellements, json_agg(s.sejour) AS sejours
        FROM (
          SELECT (row_number() OVER (ORDER BY d.id_dossier) - 1) / ${SESSION_PART} AS part,
            d.id_dossier AS id, r.ine, r.moyenne_bac AS bac,
            floor(extract(epoch FROM d.date_depot) * 1000) AS depot, e.criteres,
            r.nom_etudiant AS nom, r.prenom_etudiant AS prenom, r.sexe_etudiant AS sexe,
            r.date_naissance AS naissance, r.lieu_naissance AS lieu, r.annee_bac AS annee, v.nom_ville AS ville,
            d.type_dossier = 'RENOUVELLEMENT' AS renouvellement,
            r.annees_hebergement_anterieures + COALESCE(h.n, 0) AS sejour
          FROM dossier d
          JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
          JOIN ville v ON v.id_ville = r.id_ville
          -- The years of stay (docs/agency-rules.md): distinct academic years before the session's
          -- with an assignment not cancelled, one grouped read of the assignments, no per-dossier query.
          LEFT JOIN (
            SELECT a.id_etudiant, count(DISTINCT sa.annee_debut)::int AS n
            FROM affectation a JOIN session_cenou sa ON sa.id_session_cenou = a.id_session_cenou
            WHERE a.deleted_at IS NULL AND sa.annee_debut < ${anneeDebut}
            GROUP BY a.id_etudiant
          ) h ON h.id_etudiant = d.id_etudiant
          LEFT JOIN (
            SELECT dc.id_dossier, string_agg(dc.id_type_critere || ':' || dc.id_critere || ':' ||
                     COALESCE(dc.valeur_analyse, ''), ',') AS criteres
            FROM dossier_critere dc JOIN dossier dd ON dd.id_dossier = dc.id_dossier
            WHERE dd.id_session_cenou = ${idSessionCenou} AND dd.deleted_at IS NULL
            GROUP BY dc.id_dossier
          ) e ON e.id_dossier = d.id_dossier
          WHERE d.id_session_cenou = ${idSessionCenou} AND d.deleted_at IS NULL
          ORDER BY d.id_dossier
        ) s
        GROUP BY s.part ORDER BY s.part`,
  );
  const column = <K extends keyof (typeof parts)[number]>(k: K): (typeof parts)[number][K] =>
    parts.length === 1
      ? parts[0][k]
      : ((parts as Record<K, unknown[]>[]).flatMap((p) => p[k]) as (typeof parts)[number][K]);
  const ids = column('ids') ?? [];
  const n = ids.length;
  const t: SessionTable = {
    n,
    idDossier: Int32Array.from(ids),
    ine: column('ines') ?? [],
    moyenneBac: Float64Array.from(column('bacs') ?? [], (b) => b ?? NaN),
    depot: Float64Array.from(column('depots') ?? []),
    combo: new Int32Array(n),
    combos: [],
    femme: new Uint8Array(n),
    readmission: Uint8Array.from(column('renouvellements') ?? [], (b) => (b ? 1 : 0)),
    annees: Int32Array.from(column('sejours') ?? []),
    nomEtudiant: column('noms') ?? [],
    prenomEtudiant: column('prenoms') ?? [],
    sexeEtudiant: column('sexes') ?? [],
    dateNaissance: column('naissances') ?? [],
    lieuNaissance: column('lieux') ?? [],
    anneeBac: column('annees') ?? [],
    nomVille: column('villes') ?? [],
  };
  const texts = column('criteres') ?? [];
  // Identical entries (most dossiers share a combination) become one shared, frozen array.
  const known = new Map<string, number>();
  // The same few values (sex, town, birthplace) repeat: one string each rather than 100,000 copies.
  const words = new Map<string, string>();
  const word = (v: string) => {
    const w = words.get(v);
    if (w !== undefined) return w;
    words.set(v, v);
    return v;
  };
  for (let i = 0; i < n; i++) {
    t.sexeEtudiant[i] = word(t.sexeEtudiant[i]);
    t.femme[i] = t.sexeEtudiant[i] === 'F' ? 1 : 0;
    t.nomVille[i] = word(t.nomVille[i]);
    const lieu = t.lieuNaissance[i];
    if (lieu !== null) t.lieuNaissance[i] = word(lieu);
    const text = texts[i] ?? '';
    let k = known.get(text);
    if (k === undefined) {
      k = t.combos.push(Object.freeze(parseEntries(text).map((e) => Object.freeze(e))) as EntryTriple[]) - 1;
      known.set(text, k);
    }
    t.combo[i] = k;
  }
  return t;
}

/**
 * `4:15:,3:12:VALIDE` → `[[3, 12, 'VALIDE'], [4, 15, null]]`, in the order of the types (the SQL
 * aggregates in no particular order: sorting there cost a sort per dossier, here one per distinct text).
 */
export function parseEntries(text: string | null): EntryTriple[] {
  if (!text) return [];
  return text
    .split(',')
    .map((part): EntryTriple => {
      const [t, c, v] = part.split(':');
      return [Number(t), Number(c), (v || null) as EntryTriple[2]];
    })
    .sort((a, b) => a[0] - b[0]);
}

/** The answers given so far to the session's offers (the admissible upload is not an offer). */
export async function sessionAnswers(db: Db, idSessionCenou: number): Promise<(string | null)[]> {
  const found = await rows<{ reponse: string | null }>(
    db,
    sql`SELECT DISTINCT reponse FROM dossier
        WHERE id_session_cenou = ${idSessionCenou} AND deleted_at IS NULL AND reponse IS NOT NULL`,
  );
  return found.map((r) => r.reponse);
}

/** Beds given in the session (live assignments): a republication is refused once there is one. */
export async function sessionBeds(db: Db, idSessionCenou: number): Promise<number> {
  const found = await one<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM affectation WHERE id_session_cenou = ${idSessionCenou} AND deleted_at IS NULL`,
  );
  return found?.n ?? 0;
}

/**
 * Serialises the publications of one session until the end of the transaction (docs/README.md#background-work-and-several-instances:
 * transaction-scoped, never session-level). The first key names the lock's kind.
 */
export const DELIBERATION_LOCK = 0x0de1;
export async function lockSessionPublication(tx: Db, idSessionCenou: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${DELIBERATION_LOCK}::int, ${idSessionCenou}::int)`);
}

/**
 * How the session's dossiers are read for a ranking, for this transaction only: without parallel
 * workers, which on the two cores of a server only competed with Node reading the rows they send
 * through one ordered gather (0.9 → 0.55 s for 100,000 dossiers); its two sorts of 100,000 rows
 * (about 15 MB each) in memory instead of spilling to disk with the default 4 MB (0.92 → 0.81 s).
 */
export async function tuneSessionRead(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
}

/** The transaction reads only (a preview: nothing written, nothing locked for writing). */
export async function readOnlyTransaction(tx: Db): Promise<void> {
  await tx.execute(sql`SET TRANSACTION READ ONLY`);
}

/** The session's current run, if any, is replaced (kept, no longer current). */
export async function replaceCurrentRun(tx: Db, idSessionCenou: number): Promise<void> {
  await tx.execute(
    sql`UPDATE deliberation SET courante = false, date_remplacement = now()
          WHERE id_session_cenou = ${idSessionCenou} AND courante`,
  );
}

/** A published run: its inputs (quotas, catalogue), its places and counts, who and when. */
export interface NewRun {
  idSessionCenou: number;
  idDirection: number;
  seed: string;
  quotas: QuotaLine[];
  places: ListPlaces;
  placesEffectives: ListPlaces;
  catalogue: RunCatalogue;
  /** The agency's settings the run ranked with. */
  settings: AgencySettings;
  nbReadmissions: number;
  /** Women and men admitted per list. */
  effectifs: Effectifs;
  nbPupilles: number;
  nbEtrangers: number;
  nbNationaux: number;
  nbAttente: number;
  nbNonAdmis: number;
  idAuteur: number | null;
  auteur: string | null;
  datePublication: Date;
  dateLimiteReponse: Date;
}

/** Stores a run as the session's current one → its id. */
export async function insertDeliberationRun(tx: Db, run: NewRun): Promise<number> {
  const inserted = await one<{ id: number }>(
    tx,
    sql`INSERT INTO deliberation (id_session_cenou, id_direction, seed, quotas, places, places_effectives,
            types, criteres, nb_pupilles, nb_etrangers, nb_nationaux, nb_attente, nb_non_admis,
            id_auteur, auteur, date_publication, courante, date_limite_reponse, nom_auteur,
            places_readmission, part_femmes, nb_readmissions, effectifs)
          VALUES (${run.idSessionCenou}, ${run.idDirection}, ${run.seed}, ${JSON.stringify(run.quotas)}::jsonb,
            ${JSON.stringify(run.places)}::jsonb, ${JSON.stringify(run.placesEffectives)}::jsonb,
            ${JSON.stringify(run.catalogue.types)}::jsonb, ${JSON.stringify(run.catalogue.criteres)}::jsonb,
            ${run.nbPupilles}, ${run.nbEtrangers}, ${run.nbNationaux},
            ${run.nbAttente}, ${run.nbNonAdmis}, ${run.idAuteur}, ${run.auteur},
            ${run.datePublication.toISOString()}::timestamptz, true, ${run.dateLimiteReponse.toISOString()}::timestamptz, ${authorName(run.idAuteur)},
            ${run.settings.placesReadmission}, ${run.settings.partFemmes}, ${run.nbReadmissions},
            ${JSON.stringify(run.effectifs)}::jsonb)
          RETURNING id_deliberation AS id`,
  );
  return inserted!.id;
}

/** Refreshes the planner's statistics of the dossiers (a failure is the caller's to ignore). */
export const analyzeDossiers = (db: Db) => db.execute(sql`ANALYZE dossier`);

/** A live dossier's status, list, rank and offer as they are now, and whose it is. */
export interface DossierStanding {
  idDirection: number;
  idUser: number;
  idSessionCenou: number;
  referenceDossier: string;
  statutDossier: string;
  liste: string | null;
  rang: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
  /** The dossier holds a bed (an assignment not cancelled). */
  litAttribue: boolean;
}

export function dossierStanding(db: Db, idDossier: number): Promise<DossierStanding | undefined> {
  return one<DossierStanding>(
    db,
    sql`SELECT id_direction AS "idDirection", id_user AS "idUser", id_session_cenou AS "idSessionCenou",
          reference_dossier AS "referenceDossier", statut_dossier AS "statutDossier", liste_deliberation AS liste, rang, reponse,
          to_char(date_limite_reponse AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "dateLimiteReponse",
          EXISTS (SELECT 1 FROM affectation a WHERE a.id_dossier = dossier.id_dossier AND a.deleted_at IS NULL)
            AS "litAttribue"
        FROM dossier WHERE id_dossier = ${idDossier} AND deleted_at IS NULL`,
  );
}

/** Women (`F`) and men (`M`) admitted on each list. */
export type Effectifs = Record<(typeof LISTES_ADMISSION)[number], { F: number; M: number }>;

/**
 * A stored run: what was published (its catalogue spread as `types` and `criteres`), and its fate.
 * A run published before the agency's rules has `placesReadmission` and `partFemmes` null (ranked
 * as 0 and 0), no READMISSIONS in its places, and `effectifs` null.
 */
export interface RunRow
  extends
    Omit<
      NewRun,
      'catalogue' | 'idAuteur' | 'datePublication' | 'settings' | 'effectifs' | 'places' | 'placesEffectives'
    >,
    RunCatalogue {
  places: Places & Partial<ListPlaces>;
  placesEffectives: Places & Partial<ListPlaces>;
  placesReadmission: number | null;
  partFemmes: number | null;
  effectifs: Effectifs | null;
  idDeliberation: number;
  /** The author as people read it (`Prénom Nom`, as the dossiers' history shows it). */
  nomAuteur: string | null;
  datePublication: string;
  courante: boolean;
  dateRemplacement: string | null;
}

const RUN_SELECT = sql`SELECT id_deliberation AS "idDeliberation", id_session_cenou AS "idSessionCenou",
    id_direction AS "idDirection", seed, quotas, places, places_effectives AS "placesEffectives",
    types, criteres, nb_pupilles AS "nbPupilles", nb_etrangers AS "nbEtrangers",
    nb_nationaux AS "nbNationaux", nb_attente AS "nbAttente", nb_non_admis AS "nbNonAdmis", auteur,
    places_readmission AS "placesReadmission", part_femmes AS "partFemmes", nb_readmissions AS "nbReadmissions",
    effectifs,
    nom_auteur AS "nomAuteur",
    to_char(date_publication AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "datePublication",
    courante,
    to_char(date_remplacement AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "dateRemplacement"
  FROM deliberation`;

export async function runsOfSession(db: Db, idSessionCenou: number): Promise<RunRow[]> {
  return rows<RunRow>(
    db,
    sql`${RUN_SELECT} WHERE id_session_cenou = ${idSessionCenou} ORDER BY id_deliberation DESC`,
  );
}

export async function runById(db: Db, idDeliberation: number): Promise<RunRow | undefined> {
  return one<RunRow>(db, sql`${RUN_SELECT} WHERE id_deliberation = ${idDeliberation}`);
}

export async function currentRun(db: Db, idSessionCenou: number): Promise<RunRow | undefined> {
  return one<RunRow>(db, sql`${RUN_SELECT} WHERE id_session_cenou = ${idSessionCenou} AND courante`);
}

/** One student of a stored run's list, as the list's PDF shows it (`rang` order). */
export interface RunListRow {
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: string;
  dateNaissance: string;
  moyenne: number;
  rang: number;
}

/**
 * The students a stored run put on one list (`liste` null: the waiting list), in rank order, with
 * the score that ranked and their identity as the registry holds it.
 */
export async function runListRows(
  db: Db,
  idDeliberation: number,
  liste: string | null,
): Promise<RunListRow[]> {
  const which =
    liste === null ? sql`c.statut = 'LISTE_ATTENTE'` : sql`c.statut = 'ADMIS' AND c.liste = ${liste}`;
  return rows<RunListRow>(
    db,
    sql`SELECT c.ine, r.nom_etudiant AS "nomEtudiant", r.prenom_etudiant AS "prenomEtudiant",
          r.sexe_etudiant AS "sexeEtudiant", to_char(r.date_naissance, 'YYYY-MM-DD') AS "dateNaissance",
          c.moyenne, c.rang
        FROM deliberation_candidat c
        JOIN dossier d ON d.id_dossier = c.id_dossier
        JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        WHERE c.id_deliberation = ${idDeliberation} AND ${which}
        ORDER BY c.rang, c.id_dossier`,
  );
}

export interface StoredCandidate extends CandidateInput {
  moyenne: number;
  statut: Outcome['statut'];
  liste: Outcome['liste'];
  rang: number | null;
}

const CANDIDATE_SELECT = sql`SELECT id_dossier AS "idDossier", ine, moyenne_bac AS "moyenneBac",
    date_depot AS "dateDepot", criteres, moyenne, statut, liste, rang, sexe, readmission,
    annees_hebergement AS "anneesHebergement" FROM deliberation_candidat`;

export async function runCandidates(db: Db, idDeliberation: number): Promise<StoredCandidate[]> {
  return rows<StoredCandidate>(
    db,
    sql`${CANDIDATE_SELECT} WHERE id_deliberation = ${idDeliberation} ORDER BY id_dossier`,
  );
}

export async function runCandidate(
  db: Db,
  idDeliberation: number,
  idDossier: number,
): Promise<StoredCandidate | undefined> {
  return one<StoredCandidate>(
    db,
    sql`${CANDIDATE_SELECT} WHERE id_deliberation = ${idDeliberation} AND id_dossier = ${idDossier}`,
  );
}

/**
 * A column of values sent as one parameter, a JSON array, read back as text rows
 * (`json_array_elements_text`, zipped with the other columns by `ROWS FROM`). JSON.stringify is
 * native: node-postgres's own array encoding escapes element by element in JavaScript (about 2 s
 * for the 900,000 values of a 100,000-dossier run, against 0.1 s).
 */
const jsonColumn = (values: readonly unknown[]) =>
  sql`json_array_elements_text(${JSON.stringify(values)}::json)`;

/**
 * Stores the run's inputs (the very entries that were ranked, with the exact INE, `moyenneBac`
 * and `dateDepot` text) and outcomes, one row per dossier, with no per-row JSON object. The
 * statements that follow (dossiers, history, mails) read the outcomes back from these rows, inside
 * PostgreSQL. Each distinct combination of entries is sent once, in a JSON array of a few hundred
 * read once (the sub-select), and each row names its combination by position: PostgreSQL copies
 * that jsonb value rather than parsing one text a row.
 */
export async function storeCandidates(
  tx: Db,
  idDeliberation: number,
  t: CandidateTable,
  run: RunComputation,
  chunk = STORE_CHUNK,
): Promise<void> {
  const combos = JSON.stringify(t.combos);
  // In statements of `chunk` rows: the columns' text and the query's buffer of a statement are
  // garbage once it ran (one statement of 100,000 rows held about 35 MB at once). Each statement
  // is sent before the next is built, so that Node builds one while PostgreSQL inserts the other
  // (two at most in memory).
  let running: Promise<unknown> | undefined;
  for (let from = 0; from < t.n; from += chunk) {
    const to = Math.min(from + chunk, t.n);
    const col = <T>(f: (i: number) => T) => {
      const out = new Array<T>(to - from);
      for (let i = from; i < to; i++) out[i - from] = f(i);
      return jsonColumn(out);
    };
    const statement = sql`INSERT INTO deliberation_candidat
            (id_deliberation, id_dossier, ine, moyenne_bac, date_depot, criteres, moyenne, statut, liste, rang,
             sexe, readmission, annees_hebergement)
          SELECT ${idDeliberation}, x.d::int, x.i, x.b::float8, x.t, e.c -> x.k::int, x.m::float8, x.s, x.l, x.r::int,
            CASE x.f WHEN '1' THEN 'F' ELSE 'M' END, x.a = '1', x.y::int
          FROM ROWS FROM (${col((i) => t.idDossier[i])}, ${col((i) => t.ine[i])},
            ${col((i) => (Number.isNaN(t.moyenneBac[i]) ? null : t.moyenneBac[i]))}, ${col((i) => isoOf(t.depot[i]))},
            ${col((i) => t.combo[i])}, ${col((i) => run.moyenneOfCombo[t.combo[i]])},
            ${col((i) => STATUTS[run.statut[i]])},
            ${col((i) => (run.liste[i] ? LISTES_ADMISSION[run.liste[i] - 1] : null))},
            ${col((i) => run.rang[i] || null)}, ${col((i) => t.femme[i])}, ${col((i) => t.readmission[i])},
            ${col((i) => t.annees[i])}) AS x(d, i, b, t, k, m, s, l, r, f, a, y)
          CROSS JOIN (SELECT ${combos}::jsonb AS c) e`;
    await running;
    // `then` sends it now (a drizzle query runs when awaited or then'd).
    running = tx.execute(statement).then(() => undefined);
  }
  await running;
}

const STORE_CHUNK = 20_000;

/** Dossiers per row of `sessionTable`'s answer (about 1.5 MB of text each at 150 bytes a dossier). */
const SESSION_PART = 10_000;

/** The outcomes of a run as the publication's statements read them (`d`, `s`, `l`, `r`, `m`). */
export const runOutcomes = (idDeliberation: number) =>
  sql`(SELECT id_dossier AS d, statut AS s, liste AS l, rang AS r, moyenne AS m
       FROM deliberation_candidat WHERE id_deliberation = ${idDeliberation})`;

/**
 * Writes the outcomes on the dossiers (UPDATE … FROM): status, list, rank, the score that ranked,
 * and the offer of each admitted student (EN_ATTENTE until `deadline`); the others lose any offer
 * of a previous publication.
 */
export async function applyOutcomes(tx: Db, idDeliberation: number, deadline: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE dossier AS t SET statut_dossier = x.s, liste_deliberation = x.l, rang = x.r, moyenne = x.m,
          reponse = CASE WHEN x.s = 'ADMIS' THEN 'EN_ATTENTE' END,
          date_limite_reponse = CASE WHEN x.s = 'ADMIS' THEN ${deadline.toISOString()}::timestamptz END,
          rappel_envoye_le = NULL,
          updated_at = now()
        FROM ${runOutcomes(idDeliberation)} x
        WHERE t.id_dossier = x.d`,
  );
}

/** The placeholders of the result mails' templates (outbox template form), filled per student. */
export const PLACEHOLDERS = {
  prenom: placeholder('P'),
  nom: placeholder('N'),
  reference: placeholder('R'),
  rang: placeholder('G'),
  moyenne: placeholder('M'),
} as const;

/**
 * Queues the result mail of every dossier of the run, in the outbox's template form, as ONE lot
 * (`outbox_lot`, kind RESULTAT): the templates (one per status and list, made by
 * src/server/mail/templates.ts with placeholders) are stored now, in the publication's transaction;
 * the mail worker then expands the lot into one `outbox_mail` row per student (`resultLot`), each
 * with its name, reference, rank and score.
 */
export async function queueResultMails(
  tx: Db,
  idDeliberation: number,
  templates: Record<string, MailContent>,
): Promise<void> {
  await queueLot(tx, { kind: 'RESULTAT', idDeliberation, templates: await saveTemplates(tx, templates) });
}

/**
 * The expansion of a RESULTAT lot (src/server/mail/lots.ts), a chunk of the run's dossiers at a time
 * in `id_dossier` order: the template of the dossier's `statut:liste`, and as params its student's
 * first name (P), name (N), reference (R), rank (G, empty without one) and score as people read it
 * (M, `scoreText` of the run's stored moyenne, here in Node: the very function the lists use). An
 * account without e-mail gets none. A lot whose run was replaced before it was expanded stops:
 * the rest of an outdated result is not sent (docs/decisions/009-deliberation.md, "Bulk writes").
 */
export const resultLot: LotKind = {
  async stillDue(tx, lot) {
    const run = await one<{ courante: boolean }>(
      tx,
      sql`SELECT courante FROM deliberation WHERE id_deliberation = ${lot.idDeliberation}`,
    );
    return run?.courante === true;
  },
  async expand(tx, lot, limit) {
    const chunk = await rows<{ d: number; s: string; l: string | null; r: number | null; m: number }>(
      tx,
      sql`SELECT id_dossier AS d, statut AS s, liste AS l, rang AS r, moyenne AS m FROM deliberation_candidat
          WHERE id_deliberation = ${lot.idDeliberation} AND id_dossier > ${lot.dernierIdDossier}
          ORDER BY id_dossier LIMIT ${limit}`,
    );
    if (!chunk.length) return { items: 0, last: lot.dernierIdDossier, mails: 0 };
    const mail = chunk.filter((x) => lot.templates[`${x.s}:${x.l ?? ''}`] !== undefined);
    const inserted = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO outbox_mail (kind, recipient, id_template, params, id_user, id_dossier)
          SELECT 'RESULTAT', u.email, x.t::bigint,
            jsonb_build_object('P', r.prenom_etudiant, 'N', r.nom_etudiant, 'R', d.reference_dossier, 'G', x.g, 'M', x.m),
            u.id, d.id_dossier
          FROM ROWS FROM (${jsonColumn(mail.map((x) => x.d))}, ${jsonColumn(mail.map((x) => lot.templates[`${x.s}:${x.l ?? ''}`]))},
            ${jsonColumn(mail.map((x) => (x.r === null ? '' : String(x.r))))}, ${jsonColumn(mail.map((x) => scoreText(x.m)))})
            WITH ORDINALITY AS x(d, t, g, m, o)
          JOIN dossier d ON d.id_dossier = x.d::int
          JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
          JOIN users u ON u.id = d.id_user AND u.email IS NOT NULL AND u.email <> ''
          ORDER BY x.o
          RETURNING id`,
    );
    await queueResultSms(tx, chunk);
    return { items: chunk.length, last: chunk[chunk.length - 1].d, mails: inserted.length };
  },
};

const RESULT_SMS: Record<string, SmsKind> = {
  ADMIS: 'RESULTAT_ADMIS',
  LISTE_ATTENTE: 'RESULTAT_ATTENTE',
  NON_ADMIS: 'RESULTAT_NON_ADMIS',
};

/**
 * The result SMS of a chunk of a RESULTAT lot (docs/messages.md#sms), queued with its mails: the
 * reference, and for the admitted the offer's deadline; no rank, no score.
 */
async function queueResultSms(tx: Db, chunk: readonly { d: number; s: string }[]): Promise<void> {
  const kinds = new Map(chunk.filter((x) => RESULT_SMS[x.s]).map((x) => [x.d, RESULT_SMS[x.s]]));
  if (!kinds.size) return;
  const dossiers = await rows<{
    idDossier: number;
    idUser: number;
    reference: string;
    limite: string | null;
  }>(
    tx,
    sql`SELECT d.id_dossier AS "idDossier", d.id_user AS "idUser", d.reference_dossier AS reference,
          ${ISO_TEXT('d.date_limite_reponse')} AS limite
        FROM dossier d WHERE d.id_dossier IN (SELECT json_array_elements_text(${JSON.stringify([...kinds.keys()])}::json)::int)
        ORDER BY d.id_dossier`,
  );
  await enqueueSmsList(
    tx,
    dossiers.map((d) => {
      const kind = kinds.get(d.idDossier)!;
      return {
        kind,
        idUser: d.idUser,
        idDossier: d.idDossier,
        text: smsText(kind, {
          reference: d.reference,
          date: d.limite ? formatDateDepot(new Date(d.limite)) : '',
          numero: SMS_NUMERO_REPONSE,
        }),
      };
    }),
  );
}

const ISO_TEXT = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The candidates of a run published over dossiers already holding their outcome (the demo's past
 * seasons, src/server/seed/workflow.ts): each live dossier of the session as ranked then, its entries
 * as `[idTypeCritere, idCritere, valeurAnalyse]`, its status, list and rank read from the dossier.
 */
export async function storeOutcomesAsCandidates(
  tx: Db,
  idDeliberation: number,
  idSessionCenou: number,
): Promise<number> {
  const n = await one<{ n: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO deliberation_candidat (id_deliberation, id_dossier, ine, moyenne_bac, date_depot, criteres, moyenne,
            statut, liste, rang, sexe, readmission, annees_hebergement)
          SELECT ${idDeliberation}, d.id_dossier, r.ine, r.moyenne_bac,
            to_char(d.date_depot AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            (SELECT coalesce(jsonb_agg(jsonb_build_array(c.id_type_critere, c.id_critere, c.valeur_analyse)
                ORDER BY c.id_dossier_critere), '[]'::jsonb)
               FROM dossier_critere c WHERE c.id_dossier = d.id_dossier),
            d.moyenne, d.statut_dossier, d.liste_deliberation, d.rang, r.sexe_etudiant,
            d.type_dossier = 'RENOUVELLEMENT', 0
          FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
          WHERE d.id_session_cenou = ${idSessionCenou} AND d.deleted_at IS NULL AND d.moyenne IS NOT NULL
          ORDER BY d.id_dossier
          RETURNING 1)
        SELECT count(*)::int AS n FROM ins`,
  );
  return n!.n;
}
