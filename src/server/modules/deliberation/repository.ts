/**
 * The deliberation's statements, built over the schema's tables (docs/decisions/043-typed-queries.md).
 * The publication's bulk statements (the session's table, the run's rows) keep their hand-tuned
 * SQL, written over the schema's columns so that a rename fails the type check here too. The
 * outcomes are written on the dossiers by the dossier repository (`applyOutcomes`), the result
 * mails queued through the mail outbox (`enqueueTemplateMails`).
 */
import {
  aliasedTable,
  and,
  asc,
  max,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  sql,
} from 'drizzle-orm';
import type { Places } from '../../../domain/ranking';
import { scoreText } from '../../../domain/score';
import { isoUtcOrNull } from '../../db/clock';
import type { Db } from '../../db/client';
import {
  affectation,
  critere,
  deliberation,
  deliberationCandidat,
  dossier,
  dossierCritere,
  quota,
  registreEtudiant,
  sessionCenou,
  typeCritere,
  users,
  ville,
} from '../../db/schema';
import type { LotKind } from '../../mail/lots';
import type { AdmissionList } from '../dossier/repository';
import { enqueueTemplateMails, placeholder, queueLot, saveTemplates } from '../../mail/outbox';
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
  type CandidateTable,
  type EntryTriple,
  type QuotaLine,
  type RunCatalogue,
  type RunComputation,
} from './compute';

/** The criterion types and criteria as they are now (every one: a dossier may hold a deleted one). */
export async function currentCatalogue(db: Db): Promise<RunCatalogue> {
  const types = await db
    .select({
      idTypeCritere: typeCritere.idTypeCritere,
      libelleTypeCritere: typeCritere.libelleTypeCritere,
      coefficient: typeCritere.coefficient,
      obligatoire: sql<boolean>`${typeCritere.statutItem} = ${'OBLIGATOIRE' satisfies typeof typeCritere.$inferSelect.statutItem}`,
      live: sql<boolean>`${typeCritere.deletedAt} IS NULL`,
    })
    .from(typeCritere)
    .orderBy(asc(typeCritere.idTypeCritere));
  const criteres = await db
    .select({
      idCritere: critere.idCritere,
      idTypeCritere: critere.idTypeCritere,
      libelleCritere: critere.libelleCritere,
      note: critere.note,
      listeDeliberation: critere.listeDeliberation,
      handicap: critere.handicap,
    })
    .from(critere)
    .orderBy(asc(critere.idCritere));
  return { types, criteres };
}

/** The live quotas of the session on criteria of a list. */
export async function sessionQuotas(db: Db, idSessionCenou: number): Promise<QuotaLine[]> {
  const found = await db
    .select({
      idCritere: quota.idCritere,
      libelleCritere: critere.libelleCritere,
      listeDeliberation: critere.listeDeliberation,
      valeurQuota: quota.valeurQuota,
    })
    .from(quota)
    .innerJoin(critere, eq(critere.idCritere, quota.idCritere))
    .where(
      and(
        eq(quota.idSessionCenou, idSessionCenou),
        isNull(quota.deletedAt),
        isNotNull(critere.listeDeliberation),
      ),
    )
    .orderBy(asc(quota.idCritere));
  return found.flatMap((q) =>
    q.listeDeliberation ? [{ ...q, listeDeliberation: q.listeDeliberation }] : [],
  );
}

/** The dossiers' identity as the lists show it, in columns (row `i` of the session's table). */
interface IdentityColumns {
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
  // The statement's tables under its aliases (`FROM ${dossier} d`): every column below is the schema's.
  const d = aliasedTable(dossier, 'd');
  const r = aliasedTable(registreEtudiant, 'r');
  const v = aliasedTable(ville, 'v');
  const a = aliasedTable(affectation, 'a');
  const sa = aliasedTable(sessionCenou, 'sa');
  const dc = aliasedTable(dossierCritere, 'dc');
  const dd = aliasedTable(dossier, 'dd');
  type Of<T extends { $inferSelect: object }, K extends keyof T['$inferSelect']> = T['$inferSelect'][K];
  const agg = <T>(name: string) => sql<T[]>`json_agg(${sql.raw(`s.${name}`)})`;
  const parts = await db
    .select({
      ids: agg<Of<typeof dossier, 'idDossier'>>('id'),
      ines: agg<Of<typeof registreEtudiant, 'ine'>>('ine'),
      bacs: agg<Of<typeof registreEtudiant, 'moyenneBac'>>('bac'),
      depots: agg<number>('depot'),
      criteres: agg<string | null>('criteres'),
      noms: agg<Of<typeof registreEtudiant, 'nomEtudiant'>>('nom'),
      prenoms: agg<Of<typeof registreEtudiant, 'prenomEtudiant'>>('prenom'),
      sexes: agg<Of<typeof registreEtudiant, 'sexeEtudiant'>>('sexe'),
      naissances: agg<Of<typeof registreEtudiant, 'dateNaissance'>>('naissance'),
      lieux: agg<Of<typeof registreEtudiant, 'lieuNaissance'>>('lieu'),
      annees: agg<Of<typeof registreEtudiant, 'anneeBac'>>('annee'),
      villes: agg<Of<typeof ville, 'nomVille'>>('ville'),
      renouvellements: agg<boolean>('renouvellement'),
      sejours: agg<number>('sejour'),
    })
    .from(
      sql`(
          SELECT (row_number() OVER (ORDER BY ${d.idDossier}) - 1) / ${SESSION_PART} AS part,
            ${d.idDossier} AS id, ${r.ine} AS ine, ${r.moyenneBac} AS bac,
            floor(extract(epoch FROM ${d.dateDepot}) * 1000) AS depot, e.criteres,
            ${r.nomEtudiant} AS nom, ${r.prenomEtudiant} AS prenom, ${r.sexeEtudiant} AS sexe,
            ${r.dateNaissance} AS naissance, ${r.lieuNaissance} AS lieu, ${r.anneeBac} AS annee,
            ${v.nomVille} AS ville,
            ${d.typeDossier} = ${'RENOUVELLEMENT' satisfies Of<typeof dossier, 'typeDossier'>} AS renouvellement,
            ${r.anneesHebergementAnterieures} + COALESCE(h.n, 0) AS sejour
          FROM ${dossier} d
          JOIN ${registreEtudiant} r ON ${r.idEtudiant} = ${d.idEtudiant}
          JOIN ${ville} v ON ${v.idVille} = ${r.idVille}
          -- The years of stay (docs/agency-rules.md): distinct academic years before the session's
          -- with an assignment not cancelled, one grouped read of the assignments, no per-dossier query.
          LEFT JOIN (
            SELECT ${a.idEtudiant} AS id_etudiant, count(DISTINCT ${sa.anneeDebut})::int AS n
            FROM ${affectation} a JOIN ${sessionCenou} sa ON ${sa.idSessionCenou} = ${a.idSessionCenou}
            WHERE ${a.deletedAt} IS NULL AND ${sa.anneeDebut} < ${anneeDebut}
            GROUP BY ${a.idEtudiant}
          ) h ON h.id_etudiant = ${d.idEtudiant}
          LEFT JOIN (
            SELECT ${dc.idDossier} AS id_dossier, string_agg(${dc.idTypeCritere} || ':' || ${dc.idCritere} || ':' ||
                     COALESCE(${dc.valeurAnalyse}, ''), ',') AS criteres
            FROM ${dossierCritere} dc JOIN ${dossier} dd ON ${dd.idDossier} = ${dc.idDossier}
            WHERE ${dd.idSessionCenou} = ${idSessionCenou} AND ${dd.deletedAt} IS NULL
            GROUP BY ${dc.idDossier}
          ) e ON e.id_dossier = ${d.idDossier}
          WHERE ${d.idSessionCenou} = ${idSessionCenou} AND ${d.deletedAt} IS NULL
          ORDER BY ${d.idDossier}
        ) s`,
    )
    .groupBy(sql`s.part`)
    .orderBy(sql`s.part`);
  // The parts' arrays joined by `concat` (a copy of each array): `flatMap` visited the 100,000
  // values of each of the 14 columns one by one, about a tenth of the publication's Node time.
  const column = <K extends keyof (typeof parts)[number]>(k: K): (typeof parts)[number][K] =>
    parts.length === 1
      ? parts[0][k]
      : (([] as unknown[]).concat(
          ...(parts as Record<K, unknown[]>[]).map((p) => p[k]),
        ) as (typeof parts)[number][K]);
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
export async function sessionAnswers(db: Db, idSessionCenou: number) {
  const found = await db
    .selectDistinct({ reponse: dossier.reponse })
    .from(dossier)
    .where(
      and(eq(dossier.idSessionCenou, idSessionCenou), isNull(dossier.deletedAt), isNotNull(dossier.reponse)),
    );
  return found.map((r) => r.reponse);
}

/** Beds given in the session (live assignments): a republication is refused once there is one. */
export async function sessionBeds(db: Db, idSessionCenou: number): Promise<number> {
  const [found] = await db
    .select({ n: count() })
    .from(affectation)
    .where(and(eq(affectation.idSessionCenou, idSessionCenou), isNull(affectation.deletedAt)));
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
  await tx
    .update(deliberation)
    .set({ courante: false, dateRemplacement: sql`now()` })
    .where(and(eq(deliberation.idSessionCenou, idSessionCenou), eq(deliberation.courante, true)));
}

/** A published run: its inputs (quotas, catalogue), its places and counts, who and when. */
interface NewRun {
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
  const [inserted] = await tx
    .insert(deliberation)
    .values({
      idSessionCenou: run.idSessionCenou,
      idDirection: run.idDirection,
      seed: run.seed,
      quotas: run.quotas,
      places: run.places,
      placesEffectives: run.placesEffectives,
      types: run.catalogue.types,
      criteres: run.catalogue.criteres,
      nbPupilles: run.nbPupilles,
      nbEtrangers: run.nbEtrangers,
      nbNationaux: run.nbNationaux,
      nbAttente: run.nbAttente,
      nbNonAdmis: run.nbNonAdmis,
      idAuteur: run.idAuteur,
      auteur: run.auteur,
      datePublication: run.datePublication,
      courante: true,
      dateLimiteReponse: run.dateLimiteReponse,
      nomAuteur: authorName(run.idAuteur),
      placesReadmission: run.settings.placesReadmission,
      partFemmes: run.settings.partFemmes,
      nbReadmissions: run.nbReadmissions,
      effectifs: run.effectifs,
    })
    .returning({ id: deliberation.idDeliberation });
  return inserted.id;
}

/** Refreshes the planner's statistics of the dossiers (a failure is the caller's to ignore). */
export const analyzeDossiers = (db: Db) => db.execute(sql`ANALYZE dossier`);

/** A live dossier's status, list, rank and offer as they are now, and whose it is. */
export async function dossierStanding(db: Db, idDossier: number) {
  const [row] = await db
    .select({
      idDirection: dossier.idDirection,
      idUser: dossier.idUser,
      idSessionCenou: dossier.idSessionCenou,
      referenceDossier: dossier.referenceDossier,
      statutDossier: dossier.statutDossier,
      liste: dossier.listeDeliberation,
      rang: dossier.rang,
      reponse: dossier.reponse,
      dateLimiteReponse: dossier.dateLimiteReponse,
      /** The dossier holds a bed (an assignment not cancelled). */
      litAttribue: exists(
        db
          .select({ one: sql`1` })
          .from(affectation)
          .where(and(eq(affectation.idDossier, dossier.idDossier), isNull(affectation.deletedAt))),
      ).mapWith(Boolean),
      /** The day a departure ended the dossier's last bed (docs/life-in-the-cite.md#departure), if one did. */
      dateDepart: sql`(${db
        .select({ d: max(affectation.dateDepart) })
        .from(affectation)
        .where(eq(affectation.idDossier, dossier.idDossier))})`.mapWith(affectation.dateDepart),
    })
    .from(dossier)
    .where(and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt)));
  return row && { ...row, dateLimiteReponse: row.dateLimiteReponse?.toISOString() ?? null };
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
      | 'catalogue'
      | 'idAuteur'
      | 'datePublication'
      | 'dateLimiteReponse'
      | 'settings'
      | 'effectifs'
      | 'places'
      | 'placesEffectives'
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

const runColumns = {
  idDeliberation: deliberation.idDeliberation,
  idSessionCenou: deliberation.idSessionCenou,
  idDirection: deliberation.idDirection,
  seed: deliberation.seed,
  quotas: deliberation.quotas,
  places: deliberation.places,
  placesEffectives: deliberation.placesEffectives,
  types: deliberation.types,
  criteres: deliberation.criteres,
  nbPupilles: deliberation.nbPupilles,
  nbEtrangers: deliberation.nbEtrangers,
  nbNationaux: deliberation.nbNationaux,
  nbAttente: deliberation.nbAttente,
  nbNonAdmis: deliberation.nbNonAdmis,
  auteur: deliberation.auteur,
  placesReadmission: deliberation.placesReadmission,
  partFemmes: deliberation.partFemmes,
  nbReadmissions: deliberation.nbReadmissions,
  effectifs: deliberation.effectifs,
  nomAuteur: deliberation.nomAuteur,
  datePublication: deliberation.datePublication,
  courante: deliberation.courante,
  dateRemplacement: deliberation.dateRemplacement,
};

type StoredRun = Awaited<ReturnType<ReturnType<typeof selectRuns>['execute']>>[number];
const selectRuns = (db: Db) => db.select(runColumns).from(deliberation);

/** A run as stored, its JSON columns read as what the publication wrote in them (`insertDeliberationRun`). */
const runOf = (r: StoredRun): RunRow => ({
  ...r,
  quotas: r.quotas as RunRow['quotas'],
  places: r.places as RunRow['places'],
  placesEffectives: r.placesEffectives as RunRow['placesEffectives'],
  types: r.types as RunRow['types'],
  criteres: r.criteres as RunRow['criteres'],
  effectifs: r.effectifs as RunRow['effectifs'],
  datePublication: r.datePublication.toISOString(),
  dateRemplacement: r.dateRemplacement?.toISOString() ?? null,
});

export async function runsOfSession(db: Db, idSessionCenou: number): Promise<RunRow[]> {
  const found = await selectRuns(db)
    .where(eq(deliberation.idSessionCenou, idSessionCenou))
    .orderBy(desc(deliberation.idDeliberation));
  return found.map(runOf);
}

export async function runById(db: Db, idDeliberation: number): Promise<RunRow | undefined> {
  const [found] = await selectRuns(db).where(eq(deliberation.idDeliberation, idDeliberation));
  return found && runOf(found);
}

export async function currentRun(db: Db, idSessionCenou: number): Promise<RunRow | undefined> {
  const [found] = await selectRuns(db).where(
    and(eq(deliberation.idSessionCenou, idSessionCenou), eq(deliberation.courante, true)),
  );
  return found && runOf(found);
}

/**
 * The students a stored run put on one list (`liste` null: the waiting list), in rank order, with
 * the score that ranked and their identity as the registry holds it (the list's PDF).
 */
export async function runListRows(db: Db, idDeliberation: number, liste: AdmissionList | null) {
  const found = await db
    .select({
      ine: deliberationCandidat.ine,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      sexeEtudiant: registreEtudiant.sexeEtudiant,
      dateNaissance: registreEtudiant.dateNaissance,
      moyenne: deliberationCandidat.moyenne,
      rang: deliberationCandidat.rang,
    })
    .from(deliberationCandidat)
    .innerJoin(dossier, eq(dossier.idDossier, deliberationCandidat.idDossier))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(
        eq(deliberationCandidat.idDeliberation, idDeliberation),
        liste === null
          ? eq(deliberationCandidat.statut, 'LISTE_ATTENTE')
          : and(eq(deliberationCandidat.statut, 'ADMIS'), eq(deliberationCandidat.liste, liste)),
      ),
    )
    .orderBy(asc(deliberationCandidat.rang), asc(deliberationCandidat.idDossier));
  // Every row of a list has its rank (ADMIS and LISTE_ATTENTE are ranked).
  return found.map((r) => ({ ...r, rang: r.rang ?? 0 }));
}

/** One student of a stored run's list, as the list's PDF shows it (`rang` order). */
export type RunListRow = Awaited<ReturnType<typeof runListRows>>[number];

const candidateColumns = {
  idDossier: deliberationCandidat.idDossier,
  ine: deliberationCandidat.ine,
  moyenneBac: deliberationCandidat.moyenneBac,
  dateDepot: deliberationCandidat.dateDepot,
  criteres: deliberationCandidat.criteres,
  moyenne: deliberationCandidat.moyenne,
  statut: deliberationCandidat.statut,
  liste: deliberationCandidat.liste,
  rang: deliberationCandidat.rang,
  sexe: deliberationCandidat.sexe,
  readmission: deliberationCandidat.readmission,
  anneesHebergement: deliberationCandidat.anneesHebergement,
};

/** A stored candidate, its entries read as the triples the run stored (`storeCandidates`). */
const candidateOf = <T extends { criteres: unknown }>(c: T) => ({
  ...c,
  criteres: c.criteres as EntryTriple[],
});

export async function runCandidates(db: Db, idDeliberation: number) {
  const found = await db
    .select(candidateColumns)
    .from(deliberationCandidat)
    .where(eq(deliberationCandidat.idDeliberation, idDeliberation))
    .orderBy(asc(deliberationCandidat.idDossier));
  return found.map(candidateOf);
}

export async function runCandidate(db: Db, idDeliberation: number, idDossier: number) {
  const [found] = await db
    .select(candidateColumns)
    .from(deliberationCandidat)
    .where(
      and(
        eq(deliberationCandidat.idDeliberation, idDeliberation),
        eq(deliberationCandidat.idDossier, idDossier),
      ),
    );
  return found && candidateOf(found);
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
    const statement = sql`INSERT INTO deliberation_candidat (${CANDIDATE_INSERT_COLUMNS})
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

/** The columns `storeCandidates` fills, in the order of its `SELECT`: the schema's names. */
const CANDIDATE_INSERT_COLUMNS = sql.join(
  [
    deliberationCandidat.idDeliberation,
    deliberationCandidat.idDossier,
    deliberationCandidat.ine,
    deliberationCandidat.moyenneBac,
    deliberationCandidat.dateDepot,
    deliberationCandidat.criteres,
    deliberationCandidat.moyenne,
    deliberationCandidat.statut,
    deliberationCandidat.liste,
    deliberationCandidat.rang,
    deliberationCandidat.sexe,
    deliberationCandidat.readmission,
    deliberationCandidat.anneesHebergement,
  ].map((c) => sql.identifier(c.name)),
  sql`, `,
);

/** Dossiers per row of `sessionTable`'s answer (about 1.5 MB of text each at 150 bytes a dossier). */
const SESSION_PART = 10_000;

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
    const [run] = await tx
      .select({ courante: deliberation.courante })
      .from(deliberation)
      .where(eq(deliberation.idDeliberation, lot.idDeliberation));
    return run?.courante === true;
  },
  async expand(tx, lot, limit) {
    const chunk = await tx
      .select({
        d: deliberationCandidat.idDossier,
        s: deliberationCandidat.statut,
        l: deliberationCandidat.liste,
        r: deliberationCandidat.rang,
        m: deliberationCandidat.moyenne,
      })
      .from(deliberationCandidat)
      .where(
        and(
          eq(deliberationCandidat.idDeliberation, lot.idDeliberation),
          gt(deliberationCandidat.idDossier, lot.dernierIdDossier),
        ),
      )
      .orderBy(asc(deliberationCandidat.idDossier))
      .limit(limit);
    if (!chunk.length) return { items: 0, last: lot.dernierIdDossier, mails: 0 };
    const mail = chunk.filter((x) => lot.templates[`${x.s}:${x.l ?? ''}`] !== undefined);
    // The students' names, references and addresses (an account without e-mail gets none), then
    // the mails through the outbox, in the chunk's order.
    const found = mail.length
      ? await tx
          .select({
            idDossier: dossier.idDossier,
            reference: dossier.referenceDossier,
            idUser: users.id,
            email: users.email,
            nom: registreEtudiant.nomEtudiant,
            prenom: registreEtudiant.prenomEtudiant,
          })
          .from(dossier)
          .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
          .innerJoin(users, and(eq(users.id, dossier.idUser), ne(users.email, '')))
          .where(
            inArray(
              dossier.idDossier,
              mail.map((x) => x.d),
            ),
          )
      : [];
    const byDossier = new Map(found.map((f) => [f.idDossier, f]));
    const queued = mail.flatMap((x) => {
      const f = byDossier.get(x.d);
      if (!f) return [];
      return [
        {
          kind: 'RESULTAT',
          recipient: f.email,
          idTemplate: lot.templates[`${x.s}:${x.l ?? ''}`],
          params: {
            P: f.prenom,
            N: f.nom,
            R: f.reference,
            G: x.r === null ? '' : String(x.r),
            M: scoreText(x.m),
          },
          idUser: f.idUser,
          idDossier: f.idDossier,
        },
      ];
    });
    await enqueueTemplateMails(tx, queued);
    await queueResultSms(tx, chunk);
    return { items: chunk.length, last: chunk[chunk.length - 1].d, mails: queued.length };
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
  const dossiers = await tx
    .select({
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
      reference: dossier.referenceDossier,
      limite: dossier.dateLimiteReponse,
    })
    .from(dossier)
    .where(inArray(dossier.idDossier, [...kinds.keys()]))
    .orderBy(asc(dossier.idDossier));
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
          date: d.limite ? formatDateDepot(d.limite) : '',
          numero: SMS_NUMERO_REPONSE,
        }),
      };
    }),
  );
}

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
  const ranked = tx
    .select({
      idDeliberation: sql`${idDeliberation}::int`.as('id_deliberation'),
      idDossier: dossier.idDossier,
      ine: registreEtudiant.ine,
      moyenneBac: registreEtudiant.moyenneBac,
      dateDepot: isoUtcOrNull(dossier.dateDepot).as('date_depot'),
      criteres: sql`(SELECT coalesce(jsonb_agg(jsonb_build_array(${dossierCritere.idTypeCritere},
          ${dossierCritere.idCritere}, ${dossierCritere.valeurAnalyse}) ORDER BY ${dossierCritere.idDossierCritere}),
          '[]'::jsonb)
        FROM ${dossierCritere} WHERE ${dossierCritere.idDossier} = ${dossier.idDossier})`.as('criteres'),
      moyenne: dossier.moyenne,
      statut: dossier.statutDossier,
      liste: dossier.listeDeliberation,
      rang: dossier.rang,
      sexe: registreEtudiant.sexeEtudiant,
      readmission:
        sql`${dossier.typeDossier} = ${'RENOUVELLEMENT' satisfies typeof dossier.$inferSelect.typeDossier}`.as(
          'readmission',
        ),
      anneesHebergement: sql`0`.as('annees_hebergement'),
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(eq(dossier.idSessionCenou, idSessionCenou), isNull(dossier.deletedAt), isNotNull(dossier.moyenne)),
    )
    .orderBy(asc(dossier.idDossier));
  const ins = tx
    .$with('ins')
    .as(
      tx.insert(deliberationCandidat).select(ranked).returning({ idDossier: deliberationCandidat.idDossier }),
    );
  const [row] = await tx.with(ins).select({ n: count() }).from(ins);
  return row.n;
}
