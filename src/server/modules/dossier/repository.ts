import {
  aliasedTable,
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DepositType } from '../../../domain/dossier';
import {
  DETAIL_IDENTITY_FIELDS,
  type DossierDetail,
  type DossierSummary,
} from '../../../domain/schemas/dossier';
import type { EtatSession, StatutDossier, StatutSession } from '../../../domain/enums';
import { admisOf, anneeAcademique, sessionAllows } from '../../../domain/workflow';
import { yearsOfStay } from '../../../domain/agency-rules';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { AuditActor } from '../../audit/record';
import { authorNameOf } from '../../db/author';
import { one, rows, type Db } from '../../db/client';
import { sessionLookup, type LockedSession, type SessionTarget } from '../../sessions/open-session';
import { identityColumns, registryIdentity } from '../../db/identity';
import {
  affectation,
  cite,
  deliberationCandidat,
  direction,
  dossier,
  dossierCritere,
  dossierSequence,
  registreEtudiant,
  sessionCenou,
  typeCritere,
  critere,
  users,
  ville,
} from '../../db/schema';

/**
 * Columns of the schema as a raw select list, each under its name (`"typeCritere"."…" AS "name"`):
 * for a statement that embeds a read as a sub-select and reads it by name (`json_agg`,
 * `row_to_json`, `st."name"`), still over the schema's columns (docs/decisions/043-typed-queries.md).
 */
function asNamed(columns: Record<string, SQLWrapper>): SQL {
  return sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
    sql`, `,
  );
}

/** A student of the registry as the deposit needs it: identity, ville, direction, account. */
const studentColumns = {
  idEtudiant: registreEtudiant.idEtudiant,
  idUser: registreEtudiant.idUser,
  ...registryIdentity,
  idVille: ville.idVille,
  nomVille: ville.nomVille,
  idDirection: direction.idDirection,
  libelleDirection: direction.libelleDirection,
  sigleDirection: direction.sigleDirection,
  /** The account's e-mail (receipts go there), else the registry's. */
  email: sql<string | null>`COALESCE(${users.email}, ${registreEtudiant.emailEtudiant})`,
};

const studentJoins = sql`${registreEtudiant}
  JOIN ${ville} ON ${ville.idVille} = ${registreEtudiant.idVille}
  JOIN ${direction} ON ${direction.idDirection} = ${ville.idDirection}
  LEFT JOIN ${users} ON ${users.id} = ${registreEtudiant.idUser} AND ${users.deletedAt} IS NULL`;

function selectStudent(db: Db) {
  return db
    .select(studentColumns)
    .from(registreEtudiant)
    .innerJoin(ville, eq(ville.idVille, registreEtudiant.idVille))
    .innerJoin(direction, eq(direction.idDirection, ville.idDirection))
    .leftJoin(users, and(eq(users.id, registreEtudiant.idUser), isNull(users.deletedAt)));
}

/**
 * The same student as a raw statement, each column under its name (`STUDENT WHERE …` in a
 * statement that reads more in the same round trip: `depositPrecheck`).
 */
const STUDENT = sql`SELECT ${asNamed(studentColumns)} FROM ${studentJoins}`;

/** The registry row of a student account. */
export async function studentOfUser(db: Db, idUser: number) {
  const [row] = await selectStudent(db).where(
    and(eq(registreEtudiant.idUser, idUser), isNull(registreEtudiant.deletedAt)),
  );
  return row;
}

export type StudentRow = NonNullable<Awaited<ReturnType<typeof studentOfUser>>>;

/** The registry row of an INE (live). */
export async function studentByIne(db: Db, ine: string) {
  const [row] = await selectStudent(db).where(
    and(eq(sql`upper(${registreEtudiant.ine})`, sql`upper(${ine})`), isNull(registreEtudiant.deletedAt)),
  );
  return row;
}

export interface TypeRow extends DepositType {
  libelleTypeCritere: string;
  justificatif: boolean;
  listeCritere: { idCritere: number; libelleCritere: string; obligatoire: boolean; handicap: boolean }[];
}

/** A criterion of a live type, one row each (`depositTypes`, grouped by `typesOf`). */
const typeCritereColumns = {
  idTypeCritere: typeCritere.idTypeCritere,
  libelleTypeCritere: typeCritere.libelleTypeCritere,
  statutItem: typeCritere.statutItem,
  idCritere: critere.idCritere,
  libelleCritere: critere.libelleCritere,
  justificatifRequis: critere.justificatifRequis,
  handicap: critere.handicap,
};

type TypeCritereRow = { [K in keyof typeof typeCritereColumns]: (typeof typeCritereColumns)[K]['_']['data'] };

/** The same rows as a raw statement, each column under its name (read whole by `depositContext`). */
const TYPE_CRITERE_ROWS = sql`SELECT ${asNamed(typeCritereColumns)}
    FROM ${typeCritere} JOIN ${critere} ON ${critere.idTypeCritere} = ${typeCritere.idTypeCritere}
      AND ${critere.deletedAt} IS NULL
    WHERE ${typeCritere.deletedAt} IS NULL`;

/** The rows of TYPE_CRITERE_ROWS, ordered by type and criterion, grouped by type. */
function typesOf(list: TypeCritereRow[]): TypeRow[] {
  const out = new Map<number, TypeRow>();
  for (const r of list) {
    let t = out.get(r.idTypeCritere);
    if (!t) {
      t = {
        idTypeCritere: r.idTypeCritere,
        libelleTypeCritere: r.libelleTypeCritere,
        obligatoire: r.statutItem === 'OBLIGATOIRE',
        justificatif: false,
        listeCritere: [],
      };
      out.set(r.idTypeCritere, t);
    }
    t.listeCritere.push({
      idCritere: r.idCritere,
      libelleCritere: r.libelleCritere,
      obligatoire: r.justificatifRequis,
      handicap: r.handicap,
    });
    if (r.justificatifRequis) t.justificatif = true;
  }
  return [...out.values()];
}

/** The live criterion types that have live criteria, with their criteria (the deposit form's list). */
export async function depositTypes(db: Db): Promise<TypeRow[]> {
  return typesOf(
    await db
      .select(typeCritereColumns)
      .from(typeCritere)
      .innerJoin(
        critere,
        and(eq(critere.idTypeCritere, typeCritere.idTypeCritere), isNull(critere.deletedAt)),
      )
      .where(isNull(typeCritere.deletedAt))
      .orderBy(asc(typeCritere.idTypeCritere), asc(critere.idCritere)),
  );
}

export interface Stay {
  annees: number[];
  anterieures: number;
  housedLastYearHere: boolean;
}

interface StayRow {
  annees: number[] | null;
  anterieures: number | null;
  ici: boolean | null;
}

const stayFrom = (row: StayRow | undefined): Stay => ({
  annees: row?.annees ?? [],
  anterieures: row?.anterieures ?? 0,
  housedLastYearHere: row?.ici ?? false,
});

/**
 * What the agency's rules need of a student at a deposit (docs/agency-rules.md): the distinct
 * academic years before `anneeDebut` in which it had an assignment not cancelled, the registry's
 * earlier years, and whether it was housed in `anneeDebut - 1` in the direction `idDirection`.
 * Columns `annees`, `anterieures`, `ici` (`stayFrom`); the values are SQL: a parameter, or a column
 * of the statement it is joined to (`LEFT JOIN LATERAL`).
 */
function staySql(idEtudiant: SQL, idDirection: SQL, anneeDebut: SQL): SQL {
  // Aliased: the statement it is joined to may read `session_cenou` itself.
  const a = aliasedTable(affectation, 'a');
  const s = aliasedTable(sessionCenou, 's');
  const r = aliasedTable(registreEtudiant, 'r');
  const housed = sql`${affectation} a JOIN ${sessionCenou} s ON ${s.idSessionCenou} = ${a.idSessionCenou}
    WHERE ${a.idEtudiant} = ${r.idEtudiant} AND ${a.deletedAt} IS NULL`;
  return sql`SELECT COALESCE((SELECT array_agg(DISTINCT ${s.anneeDebut}) FROM ${housed}
               AND ${s.anneeDebut} < ${anneeDebut}), '{}') AS annees,
          ${r.anneesHebergementAnterieures} AS anterieures,
          EXISTS (SELECT 1 FROM ${housed} AND ${s.anneeDebut} = ${anneeDebut} - 1
                    AND ${s.idDirection} = ${idDirection}) AS ici
        FROM ${registreEtudiant} r WHERE ${r.idEtudiant} = ${idEtudiant}`;
}

/** What a deposit, its edit and the deposit form read in their transaction (`depositContext`). */
export interface DepositContext {
  /** The session found (and locked `FOR SHARE` with `lock`), unchecked: `checkedSession`. */
  session: LockedSession | undefined;
  /** The direction has a live cité. */
  hasCite: boolean;
  /** The student's live dossier of the session. */
  live: { idDossier: number; referenceDossier: string } | undefined;
  /** The student's stay at the session (`stayOf`). */
  stay: Stay;
  /** The deposit form's types (`depositTypes`). */
  types: TypeRow[];
}

/**
 * In one statement, what the deposit reads before it writes: the session (`sessionLookup`, locked
 * `FOR SHARE` with `lock`, as `lockOpenSession` does), whether the direction `idDirection` has a
 * cité, the student's live dossier of that session, its stay (`stayOf`, at the session's year and
 * direction) and the live criterion types. The caller checks them in the order of its refusals.
 */
export async function depositContext(
  tx: Db,
  input: { target: SessionTarget; lock: boolean; idEtudiant: number; idDirection: number },
): Promise<DepositContext> {
  // The values are computed in a sub-select (`q`) and only read by name here: a builder's select
  // from raw SQL writes the columns of its own list without their table.
  const [row] = await tx
    .select({
      session: sql<LockedSession | null>`q.session`,
      hasCite: sql<boolean>`q."hasCite"`,
      live: sql<Pick<DossierColumns, 'idDossier' | 'referenceDossier'> | null>`q.live`,
      annees: sql<number[] | null>`q.annees`,
      anterieures: sql<number | null>`q.anterieures`,
      ici: sql<boolean | null>`q.ici`,
      types: sql<TypeCritereRow[]>`q.types`,
    })
    .from(
      sql`(SELECT row_to_json(os) AS session,
          EXISTS (SELECT 1 FROM ${cite} JOIN ${ville} ON ${ville.idVille} = ${cite.idVille}
            WHERE ${ville.idDirection} = ${input.idDirection} AND ${cite.deletedAt} IS NULL
              AND ${ville.deletedAt} IS NULL) AS "hasCite",
          (SELECT json_build_object('idDossier', ${dossier.idDossier}, 'referenceDossier', ${dossier.referenceDossier})
            FROM ${dossier}
            WHERE ${dossier.idEtudiant} = ${input.idEtudiant} AND ${dossier.idSessionCenou} = os."idSessionCenou"
              AND ${dossier.deletedAt} IS NULL LIMIT 1) AS live,
          st.annees, st.anterieures, st.ici,
          (SELECT COALESCE(json_agg(tc ORDER BY tc."idTypeCritere", tc."idCritere"), '[]')
            FROM (${TYPE_CRITERE_ROWS}) tc) AS types
        FROM (SELECT 1) AS one
        LEFT JOIN (${sessionLookup(input.target, { lock: input.lock })}) os ON true
        LEFT JOIN LATERAL (${staySql(sql`${input.idEtudiant}`, sql`os."idDirection"`, sql`os."anneeDebut"`)}) st
          ON true) q`,
    );
  return {
    session: row?.session ?? undefined,
    hasCite: row?.hasCite ?? false,
    live: row?.live ?? undefined,
    stay: stayFrom(row),
    types: typesOf(row?.types ?? []),
  };
}

/**
 * The check before a new deposit's copies, in one statement without a lock: the student of the
 * account, its direction's open session (`sessionLookup`) and whether it already has a live
 * dossier of it.
 */
export async function depositPrecheck(
  db: Db,
  idUser: number,
): Promise<{ student: StudentRow; session: LockedSession | undefined; live: boolean } | undefined> {
  const [row] = await db
    .select({
      student: sql<StudentRow>`q.student`,
      session: sql<LockedSession | null>`q.session`,
      live: sql<boolean>`q.live`,
    })
    .from(
      sql`(SELECT row_to_json(st) AS student, row_to_json(os) AS session,
          EXISTS (SELECT 1 FROM ${dossier} WHERE ${dossier.idEtudiant} = st."idEtudiant"
            AND ${dossier.idSessionCenou} = os."idSessionCenou" AND ${dossier.deletedAt} IS NULL) AS live
        FROM (${STUDENT} WHERE ${registreEtudiant.idUser} = ${idUser} AND ${registreEtudiant.deletedAt} IS NULL) st
        LEFT JOIN LATERAL (${sessionLookup({ idDirection: sql`st."idDirection"` }, { lock: false })}) os
          ON true) q`,
    );
  if (!row) return undefined;
  return { student: row.student, session: row.session ?? undefined, live: row.live };
}

/** A live dossier, locked until the end of the transaction. */
export async function lockDossier(tx: Db, idDossier: number) {
  const [row] = await tx
    .select({
      idDossier: dossier.idDossier,
      idUser: dossier.idUser,
      idEtudiant: dossier.idEtudiant,
      idDirection: dossier.idDirection,
      idSessionCenou: dossier.idSessionCenou,
      statutDossier: dossier.statutDossier,
      typeDossier: dossier.typeDossier,
    })
    .from(dossier)
    .where(and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt)))
    .for('update');
  return row;
}

export type DossierLock = NonNullable<Awaited<ReturnType<typeof lockDossier>>>;

export function dossierEntries(db: Db, idDossier: number) {
  return db
    .select({
      idDossierCritere: dossierCritere.idDossierCritere,
      idTypeCritere: dossierCritere.idTypeCritere,
      idCritere: dossierCritere.idCritere,
      nomFichier: dossierCritere.nomFichier,
      cleFichier: dossierCritere.cleFichier,
      tailleFichier: dossierCritere.tailleFichier,
    })
    .from(dossierCritere)
    .where(eq(dossierCritere.idDossier, idDossier));
}

export type EntryRow = Awaited<ReturnType<typeof dossierEntries>>[number];

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

const SUMMARY = sql`SELECT d.id_dossier AS "idDossier", d.reference_dossier AS "referenceDossier",
    d.id_session_cenou AS "idSessionCenou", s.etat_session AS "etatSession", s.statut_session AS "statutSession",
    s.date_ouverture AS "dateOuverture", d.statut_dossier AS "statutDossier", d.rang, d.moyenne,
    d.liste_deliberation AS "listeDeliberation", d.reponse, d.date_limite_reponse AS "dateLimiteReponse",
    CASE WHEN d.statut_dossier = 'DESISTE' THEN (SELECT max(e.date_evenement) FROM dossier_evenement e
      WHERE e.id_dossier = d.id_dossier AND e.evenement IN ('REPONSE_REFUSEE', 'EXPIRATION', 'RETRAIT'))
    END AS "dateFinAdmission",
    d.date_depot AS "dateDepot", d.type_dossier AS "typeDossier", d.id_direction AS "idDirection",
    dir.libelle_direction AS "libelleDirection", v.nom_ville AS "nomVille", d.id_user AS "idUser",
    r.id_etudiant AS "idEtudiant", ${identityColumns(DETAIL_IDENTITY_FIELDS)}
  FROM dossier d
  JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou
  JOIN direction dir ON dir.id_direction = d.id_direction
  JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
  JOIN ville v ON v.id_ville = r.id_ville`;

type Detail = Omit<DossierDetail, 'listeDossierCritere' | 'anneesHebergement'> & { idUser: number };
type SummaryRow = Omit<
  Detail,
  | 'admis'
  | 'suppressionPossible'
  | 'modificationPossible'
  | 'anneeAcademique'
  | 'dateDepot'
  | 'dateFinAdmission'
  | 'dateLimiteReponse'
> & { dateOuverture: string; dateDepot: unknown; dateFinAdmission: unknown; dateLimiteReponse: unknown };

function withState({ dateOuverture, ...r }: SummaryRow): Detail {
  const session = {
    etatSession: r.etatSession as EtatSession,
    statutSession: r.statutSession as StatutSession,
  };
  const depose = r.statutDossier === 'DEPOSE';
  return {
    ...r,
    anneeAcademique: anneeAcademique(dateOuverture).libelle,
    admis: admisOf(r.statutDossier as StatutDossier),
    dateDepot: iso(r.dateDepot),
    dateFinAdmission: r.dateFinAdmission == null ? null : iso(r.dateFinAdmission),
    dateLimiteReponse: r.dateLimiteReponse == null ? null : iso(r.dateLimiteReponse),
    suppressionPossible: depose && sessionAllows(session, 'dossierDelete').ok,
    modificationPossible: depose && sessionAllows(session, 'deposit').ok,
  };
}

/** The dossiers (`d`) the actor may read: its direction's, or a student's own. */
export const readableDossiers = (actor: Actor | null | undefined): SQL =>
  scopeCondition(actor, 'dossier.read', {
    direction: sql`d.id_direction`,
    owner: sql`d.id_user`,
  });

/** The live dossiers of a student, newest first, within the reader's scope condition. */
export async function dossiersOfStudent(db: Db, idEtudiant: number, scope: SQL): Promise<DossierSummary[]> {
  const list = await rows<SummaryRow>(
    db,
    sql`${SUMMARY} WHERE d.id_etudiant = ${idEtudiant} AND d.deleted_at IS NULL AND ${scope}
        ORDER BY d.date_depot DESC, d.id_dossier DESC`,
  );
  return list.map(withState);
}

/**
 * One live dossier with its answers (no file content, no storage key) and its years of stay at its
 * session (docs/agency-rules.md, as the deliberation counts them): one statement.
 */
export async function dossierDetail(
  db: Db,
  idDossier: number,
): Promise<(DossierDetail & { idUser: number }) | undefined> {
  const row = await one<
    SummaryRow & StayRow & { anneeDebut: number; entries: DossierDetail['listeDossierCritere'] | null }
  >(
    db,
    sql`SELECT x.*, ses.annee_debut AS "anneeDebut", st.annees, st.anterieures, st.ici,
          (SELECT json_agg(e ORDER BY e."idTypeCritere") FROM (
             SELECT dc.id_dossier_critere AS "idDossierCritere", dc.id_type_critere AS "idTypeCritere",
               t.libelle_type_critere AS "libelleTypeCritere", t.statut_item = 'OBLIGATOIRE' AS obligatoire,
               dc.id_critere AS "idCritere", c.libelle_critere AS "libelleCritere",
               c.justificatif_requis AS "justificatifRequis", dc.nom_fichier AS "nomFichier",
               dc.taille_fichier AS "tailleFichier", dc.valeur_analyse AS "valeurAnalyse"
             FROM dossier_critere dc
             JOIN type_critere t ON t.id_type_critere = dc.id_type_critere
             JOIN critere c ON c.id_critere = dc.id_critere
             WHERE dc.id_dossier = x."idDossier") e) AS entries
        FROM (${SUMMARY} WHERE d.id_dossier = ${idDossier} AND d.deleted_at IS NULL) x
        JOIN session_cenou ses ON ses.id_session_cenou = x."idSessionCenou"
        LEFT JOIN LATERAL (${staySql(sql`x."idEtudiant"`, sql`x."idDirection"`, sql`ses.annee_debut`)}) st ON true`,
  );
  if (!row) return undefined;
  const { anneeDebut, annees, anterieures, ici, entries, ...summary } = row;
  const stay = stayFrom({ annees, anterieures, ici });
  return {
    ...withState(summary),
    anneesHebergement: yearsOfStay(stay.annees, anneeDebut, stay.anterieures),
    listeDossierCritere: entries ?? [],
  };
}

/** The stored proof of an answer of a live dossier, with whose it is. */
export async function proofOf(db: Db, idDossier: number, idDossierCritere: number) {
  const [row] = await db
    .select({
      idUser: dossier.idUser,
      idDirection: dossier.idDirection,
      nomFichier: dossierCritere.nomFichier,
      cleFichier: dossierCritere.cleFichier,
    })
    .from(dossierCritere)
    .innerJoin(dossier, eq(dossier.idDossier, dossierCritere.idDossier))
    .where(
      and(
        eq(dossierCritere.idDossier, idDossier),
        eq(dossierCritere.idDossierCritere, idDossierCritere),
        isNull(dossier.deletedAt),
      ),
    );
  return row;
}

/**
 * The next number of a direction and year: one UPSERT … RETURNING. The row stays locked until the
 * transaction ends, so the deposit takes it last (docs/decisions/006-deposit.md).
 */
export async function nextReferenceNumber(tx: Db, idDirection: number, annee: number): Promise<number> {
  const [row] = await tx
    .insert(dossierSequence)
    .values({ idDirection, annee, dernier: 1 })
    .onConflictDoUpdate({
      target: [dossierSequence.idDirection, dossierSequence.annee],
      set: { dernier: sql`${dossierSequence.dernier} + 1` },
    })
    .returning({ dernier: dossierSequence.dernier });
  return row.dernier;
}

// ---------------------------------------------------------------- the deposit's writes

/**
 * A new dossier, under a placeholder reference until it is numbered (`numberDossier`), with its
 * answers (in their order): one statement.
 */
export const insertDossier = (
  tx: Db,
  d: {
    referenceDossier: string;
    idSessionCenou: number;
    idDirection: number;
    idEtudiant: number;
    idUser: number;
    typeDossier: string;
  },
  entries: readonly ({ idTypeCritere: number; idCritere: number } & EntryFile)[],
) => {
  const payload = JSON.stringify(
    entries.map((e, ord) => ({
      ord,
      id_type_critere: e.idTypeCritere,
      id_critere: e.idCritere,
      nom_fichier: e.nomFichier,
      cle_fichier: e.cleFichier,
      taille_fichier: e.tailleFichier,
    })),
  );
  return one<{ idDossier: number; dateDepot: Date | string }>(
    tx,
    sql`WITH d AS (
          INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, type_dossier)
          VALUES (${d.referenceDossier}, ${d.idSessionCenou}, ${d.idDirection}, ${d.idEtudiant}, ${d.idUser},
                  ${d.typeDossier})
          RETURNING id_dossier, date_depot
        ), e AS (
          INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, nom_fichier, cle_fichier, taille_fichier)
          SELECT d.id_dossier, x.id_type_critere, x.id_critere, x.nom_fichier, x.cle_fichier, x.taille_fichier
          FROM d, jsonb_to_recordset(${payload}::jsonb)
            AS x(ord int, id_type_critere int, id_critere int, nom_fichier text, cle_fichier text, taille_fichier int)
          ORDER BY x.ord
        )
        SELECT id_dossier AS "idDossier", date_depot AS "dateDepot" FROM d`,
  );
};

/** The proof an answer holds (name, storage key, size), or none. */
export interface EntryFile {
  nomFichier: string | null;
  cleFichier: string | null;
  tailleFichier: number | null;
}

/** A new answer of a dossier. */
export async function insertEntry(
  tx: Db,
  idDossier: number,
  e: { idTypeCritere: number; idCritere: number },
  file: EntryFile,
): Promise<void> {
  await tx
    .insert(dossierCritere)
    .values({ idDossier, idTypeCritere: e.idTypeCritere, idCritere: e.idCritere, ...file });
}

/** An answer changed by an edit: its criterion and proof; its analysis starts again. */
export async function updateEntry(
  tx: Db,
  idDossierCritere: number,
  idCritere: number,
  file: EntryFile,
): Promise<void> {
  await tx
    .update(dossierCritere)
    .set({ idCritere, ...file, valeurAnalyse: null, updatedAt: sql`now()` })
    .where(eq(dossierCritere.idDossierCritere, idDossierCritere));
}

/** An answer no longer given by an edit. */
export async function deleteEntry(tx: Db, idDossierCritere: number): Promise<void> {
  await tx.delete(dossierCritere).where(eq(dossierCritere.idDossierCritere, idDossierCritere));
}

/** The dossier takes its reference (numbered last, `nextReferenceNumber`). */
export async function numberDossier(
  tx: Db,
  idDossier: number,
  referenceDossier: string,
  actor: AuditActor,
): Promise<void> {
  // One statement: the number, the history's DEPOT event (docs/sessions-and-dossiers.md#the-dossiers-history)
  // and the journal's DEPOSER entry (recordAudit's row, written here to keep the deposit's
  // transaction at its count of statements, docs/operations.md).
  await tx.execute(
    sql`WITH d AS (
          UPDATE dossier SET reference_dossier = ${referenceDossier} WHERE id_dossier = ${idDossier}
          RETURNING id_dossier, id_session_cenou, id_user, date_depot, type_dossier
        ), e AS (
          INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
          SELECT d.id_dossier, d.id_session_cenou, 'DEPOT', d.date_depot, d.id_user, ${authorNameOf(sql`d.id_user`)},
            jsonb_build_object('reference', ${referenceDossier}::text, 'typeDossier', d.type_dossier)
          FROM d
        )
        INSERT INTO audit_log (user_id, user_name, action, resource, resource_id, detail)
        SELECT ${actor.id}, ${actor.userName}, 'DEPOSER', 'dossier', d.id_dossier::text,
          jsonb_build_object('reference', ${referenceDossier}::text, 'typeDossier', d.type_dossier)
        FROM d`,
  );
}

/**
 * An edited dossier: its type when one is given, and the time of the change; with its history's
 * MODIFICATION event and the journal's MODIFIER_DOSSIER entry, in the same statement.
 */
export async function touchEditedDossier(
  tx: Db,
  idDossier: number,
  typeDossier: string | null,
  actor: AuditActor,
): Promise<void> {
  await tx.execute(
    sql`WITH d AS (
          UPDATE dossier SET type_dossier = COALESCE(${typeDossier}, type_dossier), updated_at = now()
          WHERE id_dossier = ${idDossier}
          RETURNING id_dossier, id_session_cenou, reference_dossier, type_dossier, updated_at
        ), e AS (
          INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
          SELECT d.id_dossier, d.id_session_cenou, 'MODIFICATION', d.updated_at, ${actor.id},
            ${authorNameOf(sql`${actor.id}::int`)}, jsonb_build_object('typeDossier', d.type_dossier)
          FROM d
        )
        INSERT INTO audit_log (user_id, user_name, action, resource, resource_id, detail)
        SELECT ${actor.id}, ${actor.userName}, 'MODIFIER_DOSSIER', 'dossier', d.id_dossier::text,
          jsonb_build_object('reference', d.reference_dossier, 'typeDossier', d.type_dossier)
        FROM d`,
  );
}

/** A deleted dossier: its proofs' keys cleared (the files go after the commit), then the row. */
export async function softDeleteDossier(tx: Db, idDossier: number): Promise<void> {
  await tx
    .update(dossierCritere)
    .set({ cleFichier: null })
    .where(and(eq(dossierCritere.idDossier, idDossier), isNotNull(dossierCritere.cleFichier)));
  await tx
    .update(dossier)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(dossier.idDossier, idDossier));
}

/** The storage keys among `keys` that a live dossier references. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = await db
    .select({ k: dossierCritere.cleFichier })
    .from(dossierCritere)
    .innerJoin(dossier, eq(dossier.idDossier, dossierCritere.idDossier))
    .where(and(isNull(dossier.deletedAt), inArray(dossierCritere.cleFichier, keys)));
  return new Set(list.flatMap((r) => (r.k === null ? [] : [r.k])));
}

// ---------------------------------------------------------------- the workflow's writes
//
// The one writer of `dossier` and `dossier_critere` (docs/decisions/043-typed-queries.md): the
// analysis, the deliberation's publication and the offers call these, built over the schema.

/** What a dossier's columns hold, as the schema types them. */
type DossierColumns = typeof dossier.$inferSelect;
/** An analysis of an answer, as the schema holds it. */
export type EntryAnalysis = NonNullable<typeof dossierCritere.$inferSelect.valeurAnalyse>;
/** An answer to an offer, as the schema holds it. */
export type OfferAnswer = NonNullable<DossierColumns['reponse']>;
/** A list a dossier is admitted on, as the schema holds it. */
export type AdmissionList = NonNullable<DossierColumns['listeDeliberation']>;

/** Stores each entry's analysis, and the dossier's status, score, analyst and time (the analysis). */
export async function storeAnalysis(
  tx: Db,
  idDossier: number,
  values: { id: number; v: EntryAnalysis }[],
  moyenne: number,
  analysePar: number | null,
  at: Date,
): Promise<void> {
  if (values.length) {
    const valeur = sql<EntryAnalysis>`CASE ${dossierCritere.idDossierCritere} ${sql.join(
      values.map((x) => sql`WHEN ${x.id}::int THEN ${x.v}::text`),
      sql` `,
    )} END`;
    await tx
      .update(dossierCritere)
      .set({ valeurAnalyse: valeur, updatedAt: sql`now()` })
      .where(
        and(
          eq(dossierCritere.idDossier, idDossier),
          inArray(
            dossierCritere.idDossierCritere,
            values.map((x) => x.id),
          ),
        ),
      );
  }
  await tx
    .update(dossier)
    .set({ statutDossier: 'ANALYSE', moyenne, analysePar, dateAnalyse: at, updatedAt: sql`now()` })
    .where(eq(dossier.idDossier, idDossier));
}

/**
 * Writes a publication's outcomes on the dossiers (UPDATE … FROM the run's rows): status, list,
 * rank, the score that ranked, and the offer of each admitted student (EN_ATTENTE until
 * `deadline`); the others lose any offer of a previous publication (the deliberation).
 */
export async function applyOutcomes(tx: Db, idDeliberation: number, deadline: Date): Promise<void> {
  const x = tx
    .select({
      d: deliberationCandidat.idDossier,
      s: deliberationCandidat.statut,
      l: deliberationCandidat.liste,
      r: deliberationCandidat.rang,
      m: deliberationCandidat.moyenne,
    })
    .from(deliberationCandidat)
    .where(eq(deliberationCandidat.idDeliberation, idDeliberation))
    .as('x');
  const admis = sql`${x.s} = ${'ADMIS' satisfies DossierColumns['statutDossier']}`;
  await tx
    .update(dossier)
    .set({
      statutDossier: x.s,
      listeDeliberation: x.l,
      rang: x.r,
      moyenne: x.m,
      reponse: sql<OfferAnswer | null>`CASE WHEN ${admis} THEN ${'EN_ATTENTE' satisfies OfferAnswer} END`,
      dateLimiteReponse: sql<Date | null>`CASE WHEN ${admis} THEN ${deadline.toISOString()}::timestamptz END`,
      rappelEnvoyeLe: null,
      updatedAt: sql`now()`,
    })
    .from(x)
    .where(eq(dossier.idDossier, x.d));
}

/**
 * A waiting candidate admitted on a freed place: its list and rank, an open offer with its
 * deadline (no reminder sent yet); only while it is still on the waiting list (the offers).
 */
export async function admitFromWaitingList(
  tx: Db,
  idDossier: number,
  place: { liste: AdmissionList; rang: number; dateLimiteReponse: Date; at: Date },
): Promise<void> {
  await tx
    .update(dossier)
    .set({
      statutDossier: 'ADMIS',
      listeDeliberation: place.liste,
      rang: place.rang,
      reponse: 'EN_ATTENTE',
      dateLimiteReponse: place.dateLimiteReponse,
      rappelEnvoyeLe: null,
      updatedAt: place.at,
    })
    .where(and(eq(dossier.idDossier, idDossier), eq(dossier.statutDossier, 'LISTE_ATTENTE')));
}

/** The waiting list of the session closes up behind the rank `rang` (each one below moves up). */
export async function closeUpWaitingList(
  tx: Db,
  idSessionCenou: number,
  rang: number,
  at: Date,
): Promise<void> {
  await tx
    .update(dossier)
    .set({ rang: sql`${dossier.rang} - 1`, updatedAt: at })
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        eq(dossier.statutDossier, 'LISTE_ATTENTE'),
        isNull(dossier.deletedAt),
        gt(dossier.rang, rang),
      ),
    );
}

/** An admission ended (declined, expired, withdrawn): DESISTE with that answer. */
export async function endDossierAdmission(
  tx: Db,
  idDossier: number,
  reponse: OfferAnswer,
  at: Date,
): Promise<void> {
  await tx
    .update(dossier)
    .set({ statutDossier: 'DESISTE', reponse, updatedAt: at })
    .where(eq(dossier.idDossier, idDossier));
}

/** The offer accepted. */
export async function acceptOffer(tx: Db, idDossier: number, at: Date): Promise<void> {
  await tx.update(dossier).set({ reponse: 'ACCEPTE', updatedAt: at }).where(eq(dossier.idDossier, idDossier));
}

/**
 * Marks up to `limit` open offers whose deadline falls within the next `hours` hours and whose
 * reminder was not sent, in one statement (rows locked by another instance are skipped): each offer
 * is claimed once (the offers' reminders, sessions OUVERT in DELIBERATION only). Returns them with
 * what the mail needs.
 */
export async function claimReminders(tx: Db, now: Date, limit: number, hours: number) {
  const due = tx.$with('due').as(
    tx
      .select({ id: dossier.idDossier, idEtudiant: dossier.idEtudiant, idUser: dossier.idUser })
      .from(dossier)
      .innerJoin(
        sessionCenou,
        and(
          eq(sessionCenou.idSessionCenou, dossier.idSessionCenou),
          eq(sessionCenou.statutSession, 'OUVERT'),
          eq(sessionCenou.etatSession, 'DELIBERATION'),
          isNull(sessionCenou.deletedAt),
        ),
      )
      .where(
        and(
          eq(dossier.reponse, 'EN_ATTENTE'),
          isNull(dossier.deletedAt),
          isNull(dossier.rappelEnvoyeLe),
          gt(dossier.dateLimiteReponse, now),
          lte(
            dossier.dateLimiteReponse,
            sql`${now.toISOString()}::timestamptz + make_interval(hours => ${hours}::int)`,
          ),
        ),
      )
      .orderBy(asc(dossier.dateLimiteReponse), asc(dossier.idDossier))
      .limit(limit)
      .for('update', { of: dossier, skipLocked: true }),
  );
  const claimed = await tx
    .with(due)
    .update(dossier)
    .set({ rappelEnvoyeLe: now })
    .from(due)
    // The joins name the claimed row (`due`): the updated table cannot be named in a join of its FROM.
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, due.idEtudiant))
    .innerJoin(users, eq(users.id, due.idUser))
    .where(eq(dossier.idDossier, due.id))
    .returning({
      idDossier: dossier.idDossier,
      idSessionCenou: dossier.idSessionCenou,
      referenceDossier: dossier.referenceDossier,
      listeDeliberation: dossier.listeDeliberation,
      dateLimiteReponse: dossier.dateLimiteReponse,
      email: users.email,
      idUser: users.id,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
    });
  return claimed.map((c) => ({ ...c, dateLimiteReponse: c.dateLimiteReponse!.toISOString() }));
}

/**
 * The open offers whose deadline an outage may move (docs/availability.md#deadlines-moved-by-an-outage):
 * those still awaiting an answer whose last 24 hours overlap the outage, locked until the move is
 * written (an answer or an expiry waits for it).
 */
export async function offersNearOutage(tx: Db, debut: Date, fin: Date) {
  const found = await tx
    .select({
      idDossier: dossier.idDossier,
      idSessionCenou: dossier.idSessionCenou,
      idUser: dossier.idUser,
      referenceDossier: dossier.referenceDossier,
      dateLimiteReponse: dossier.dateLimiteReponse,
    })
    .from(dossier)
    .where(
      and(
        eq(dossier.reponse, 'EN_ATTENTE'),
        isNull(dossier.deletedAt),
        gt(dossier.dateLimiteReponse, debut),
        sql`${dossier.dateLimiteReponse} - interval '24 hours' < ${fin.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(dossier.idDossier))
    .for('update');
  return found.map((f) => ({ ...f, dateLimiteReponse: f.dateLimiteReponse! }));
}

/** Writes the offers' new deadlines; their reminder is due again before the new one. */
export async function setOfferDeadlines(
  tx: Db,
  moves: readonly { idDossier: number; dateLimiteReponse: Date }[],
) {
  if (!moves.length) return;
  const payload = JSON.stringify(
    moves.map((m) => ({ id: m.idDossier, d: m.dateLimiteReponse.toISOString() })),
  );
  const x = sql`jsonb_to_recordset(${payload}::jsonb) AS x(id int, d timestamptz)`;
  await tx
    .update(dossier)
    .set({ dateLimiteReponse: sql`x.d`, rappelEnvoyeLe: null })
    .from(sql`${x}`)
    .where(sql`${dossier.idDossier} = x.id`);
}
