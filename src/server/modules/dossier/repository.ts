import {
  aliasedTable,
  and,
  asc,
  desc,
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
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DepositType } from '../../../domain/dossier';
import { type DossierDetail, type DossierSummary } from '../../../domain/schemas/dossier';
import { admisOf, anneeAcademique, sessionAllows } from '../../../domain/workflow';
import { yearsOfStay } from '../../../domain/agency-rules';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { AuditActor } from '../../audit/record';
import { auditInsertAfter } from '../../audit/repository';
import { eventInsert } from '../../history/repository';
import { authorNameOf } from '../../db/author';
import { columnName as name } from '../../db/bulk';
import { builtOnce, placeholderAs, type Db } from '../../db/client';
import type { RowOf } from '../../db/rows';
import { sessionLookup, type LockedSession, type SessionTarget } from '../../sessions/open-session';
import { registryIdentity } from '../../db/identity';
import {
  affectation,
  cite,
  deliberationCandidat,
  direction,
  dossier,
  dossierCritere,
  dossierEvenement,
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

/** Built once per connection: the form, the deposit and a student's every read start with it. */
const studentOfUserStatement = builtOnce((db) =>
  selectStudent(db)
    .where(and(eq(registreEtudiant.idUser, sql.placeholder('idUser')), isNull(registreEtudiant.deletedAt)))
    .prepare('etudiant_du_compte'),
);

/** The registry row of a student account. */
export async function studentOfUser(db: Db, idUser: number) {
  const [row] = await studentOfUserStatement(db).execute({ idUser });
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
 * What the agency's rules need of a student's beds (docs/agency-rules.md): `annees`, the distinct
 * academic years before `anneeDebut` in which it had an assignment not cancelled, and `ici`,
 * whether it was housed in `anneeDebut - 1` in the direction `idDirection`. The values are SQL: a
 * parameter, or a column of the statement the expressions are part of.
 */
function stayColumns(idEtudiant: SQL, idDirection: SQL, anneeDebut: SQL) {
  // Aliased: the statement they are part of may read `session_cenou` itself.
  const a = aliasedTable(affectation, 'a');
  const s = aliasedTable(sessionCenou, 's');
  const housed = sql`${affectation} a JOIN ${sessionCenou} s ON ${s.idSessionCenou} = ${a.idSessionCenou}
    WHERE ${a.idEtudiant} = ${idEtudiant} AND ${a.deletedAt} IS NULL`;
  return {
    annees: sql<
      (typeof sessionCenou.$inferSelect.anneeDebut)[]
    >`COALESCE((SELECT array_agg(DISTINCT ${s.anneeDebut})
      FROM ${housed} AND ${s.anneeDebut} < ${anneeDebut}), '{}')`,
    ici: sql<boolean>`EXISTS (SELECT 1 FROM ${housed} AND ${s.anneeDebut} = ${anneeDebut} - 1
      AND ${s.idDirection} = ${idDirection})`,
  };
}

/**
 * The years of stay as one number in SQL (`yearsOfStay` of src/domain/agency-rules.ts: the distinct
 * academic years of its assignments not cancelled before `anneeDebut`, plus the registry's years
 * from before the platform, never below 0), for a list that shows, filters or sorts them (the
 * registry's). The same years as `stayColumns`, from the same expression.
 */
export function yearsOfStaySql(idEtudiant: SQL, anneeDebut: SQL, anterieures: SQL) {
  const { annees } = stayColumns(idEtudiant, sql`NULL::int`, anneeDebut);
  return sql<number>`(greatest(0, ${anterieures}) + cardinality(${annees}))::int`;
}

/**
 * The student's stay (`stayColumns`) and the registry's earlier years, as one row of columns
 * `annees`, `anterieures`, `ici` (`stayFrom`), for a statement that joins it (`LEFT JOIN LATERAL`).
 */
function staySql(idEtudiant: SQL, idDirection: SQL, anneeDebut: SQL): SQL {
  const r = aliasedTable(registreEtudiant, 'r');
  const stay = stayColumns(sql`${r.idEtudiant}`, idDirection, anneeDebut);
  return sql`SELECT ${stay.annees} AS annees, ${r.anneesHebergementAnterieures} AS anterieures, ${stay.ici} AS ici
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
 * The statement of `depositContext`, built once per connection for each way of finding the session
 * (the direction's open one or a given one, locked or not): the form and the deposit read it for
 * every student. The values are computed in a sub-select (`q`) and only read by name here: a
 * builder's select from raw SQL writes the columns of its own list without their table.
 */
function depositContextStatement(byDirection: boolean, lock: boolean, name: string) {
  const targetId = sql`${sql.placeholder('targetId')}`;
  const idEtudiant = sql`${sql.placeholder('idEtudiant')}`;
  return builtOnce((db) =>
    db
      .select({
        session: sql<LockedSession | null>`q.session`,
        hasCite: sql<boolean>`q."hasCite"`,
        live: sql<Pick<DossierColumns, 'idDossier' | 'referenceDossier'> | null>`q.live`,
        annees: sql<(typeof sessionCenou.$inferSelect.anneeDebut)[] | null>`q.annees`,
        anterieures: sql<
          typeof registreEtudiant.$inferSelect.anneesHebergementAnterieures | null
        >`q.anterieures`,
        ici: sql<boolean | null>`q.ici`,
        types: sql<TypeCritereRow[]>`q.types`,
      })
      .from(
        sql`(SELECT row_to_json(os) AS session,
          EXISTS (SELECT 1 FROM ${cite} JOIN ${ville} ON ${ville.idVille} = ${cite.idVille}
            WHERE ${ville.idDirection} = ${sql.placeholder('idDirection')} AND ${cite.deletedAt} IS NULL
              AND ${ville.deletedAt} IS NULL) AS "hasCite",
          (SELECT json_build_object('idDossier', ${dossier.idDossier}, 'referenceDossier', ${dossier.referenceDossier})
            FROM ${dossier}
            WHERE ${dossier.idEtudiant} = ${idEtudiant} AND ${dossier.idSessionCenou} = os."idSessionCenou"
              AND ${dossier.deletedAt} IS NULL LIMIT 1) AS live,
          st.annees, st.anterieures, st.ici,
          (SELECT COALESCE(json_agg(tc ORDER BY tc."idTypeCritere", tc."idCritere"), '[]')
            FROM (${TYPE_CRITERE_ROWS}) tc) AS types
        FROM (SELECT 1) AS one
        LEFT JOIN (${sessionLookup(byDirection ? { idDirection: targetId } : { idSessionCenou: targetId }, { lock })}) os ON true
        LEFT JOIN LATERAL (${staySql(idEtudiant, sql`os."idDirection"`, sql`os."anneeDebut"`)}) st
          ON true) q`,
      )
      .prepare(name),
  );
}

/** The forms of `depositContextStatement` asked so far, by name. */
const depositContextStatements = new Map<string, ReturnType<typeof depositContextStatement>>();

function depositContextStatementFor(byDirection: boolean, lock: boolean) {
  const name = `depot_contexte_${byDirection ? 'direction' : 'session'}${lock ? '_verrou' : ''}`;
  let statement = depositContextStatements.get(name);
  if (!statement) {
    statement = depositContextStatement(byDirection, lock, name);
    depositContextStatements.set(name, statement);
  }
  return statement;
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
  const byDirection = 'idDirection' in input.target;
  const [row] = await depositContextStatementFor(
    byDirection,
    input.lock,
  )(tx).execute({
    targetId: 'idSessionCenou' in input.target ? input.target.idSessionCenou : input.target.idDirection,
    idDirection: input.idDirection,
    idEtudiant: input.idEtudiant,
  });
  return {
    session: row?.session ?? undefined,
    hasCite: row?.hasCite ?? false,
    live: row?.live ?? undefined,
    stay: stayFrom(row),
    types: typesOf(row?.types ?? []),
  };
}

const depositPrecheckStatement = builtOnce((db) =>
  db
    .select({
      student: sql<StudentRow>`q.student`,
      session: sql<LockedSession | null>`q.session`,
      live: sql<boolean>`q.live`,
    })
    .from(
      sql`(SELECT row_to_json(st) AS student, row_to_json(os) AS session,
          EXISTS (SELECT 1 FROM ${dossier} WHERE ${dossier.idEtudiant} = st."idEtudiant"
            AND ${dossier.idSessionCenou} = os."idSessionCenou" AND ${dossier.deletedAt} IS NULL) AS live
        FROM (${STUDENT} WHERE ${registreEtudiant.idUser} = ${sql.placeholder('idUser')} AND ${registreEtudiant.deletedAt} IS NULL) st
        LEFT JOIN LATERAL (${sessionLookup({ idDirection: sql`st."idDirection"` }, { lock: false })}) os
          ON true) q`,
    )
    .prepare('depot_verification'),
);

/**
 * The check before a new deposit's copies, in one statement without a lock: the student of the
 * account, its direction's open session (`sessionLookup`) and whether it already has a live
 * dossier of it.
 */
export async function depositPrecheck(
  db: Db,
  idUser: number,
): Promise<{ student: StudentRow; session: LockedSession | undefined; live: boolean } | undefined> {
  const [row] = await depositPrecheckStatement(db).execute({ idUser });
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

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

// The dossier read as a summary and a detail, under the short names the staff's list and the
// readers' scope use (`d` for the dossier: `readableDossiers`).
const d = alias(dossier, 'd');
const ses = alias(sessionCenou, 'ses');
const dir = alias(direction, 'dir');
const re = alias(registreEtudiant, 're');
const v = alias(ville, 'v');
const ev = alias(dossierEvenement, 'ev');

/** The registry's identity a dossier's detail shows (the domain's `DETAIL_IDENTITY_FIELDS`), read from `re`. */
const detailIdentity = {
  ine: re.ine,
  nomEtudiant: re.nomEtudiant,
  prenomEtudiant: re.prenomEtudiant,
  sexeEtudiant: re.sexeEtudiant,
  dateNaissance: re.dateNaissance,
  lieuNaissance: re.lieuNaissance,
  telEtudiant: re.telEtudiant,
  anneeBac: re.anneeBac,
  serieBac: re.serieBac,
  moyenneBac: re.moyenneBac,
  typePays: re.typePays,
  villeOrientation: re.villeOrientation,
};

/** A dossier as its student's list shows it (and its detail adds to). */
const summaryColumns = {
  idDossier: d.idDossier,
  referenceDossier: d.referenceDossier,
  idSessionCenou: d.idSessionCenou,
  etatSession: ses.etatSession,
  statutSession: ses.statutSession,
  dateOuverture: ses.dateOuverture,
  anneeDebut: ses.anneeDebut,
  statutDossier: d.statutDossier,
  rang: d.rang,
  moyenne: d.moyenne,
  listeDeliberation: d.listeDeliberation,
  reponse: d.reponse,
  dateLimiteReponse: d.dateLimiteReponse,
  /** When an admission ended: the time of the event that ended it (docs/offers.md). */
  dateFinAdmission: sql`CASE WHEN ${d.statutDossier} = ${'DESISTE' satisfies DossierColumns['statutDossier']}
    THEN (SELECT max(${ev.dateEvenement}) FROM ${dossierEvenement} ${sql.identifier('ev')}
      WHERE ${ev.idDossier} = ${d.idDossier} AND ${inArray(ev.evenement, ['REPONSE_REFUSEE', 'EXPIRATION', 'RETRAIT'])})
    END`.mapWith(ev.dateEvenement),
  dateDepot: d.dateDepot,
  typeDossier: d.typeDossier,
  idDirection: d.idDirection,
  libelleDirection: dir.libelleDirection,
  nomVille: v.nomVille,
  idUser: d.idUser,
  idEtudiant: re.idEtudiant,
  ...detailIdentity,
};

/** The joins of a dossier's summary: its session, direction, student and the student's ville. */
const SUMMARY_JOINS = [
  [ses, eq(ses.idSessionCenou, d.idSessionCenou)],
  [dir, eq(dir.idDirection, d.idDirection)],
  [re, eq(re.idEtudiant, d.idEtudiant)],
  [v, eq(v.idVille, re.idVille)],
] as const;

type SummaryRow = RowOf<typeof summaryColumns>;
type Detail = Omit<DossierDetail, 'listeDossierCritere' | 'anneesHebergement'> & { idUser: number };

function withState({ dateOuverture, anneeDebut: _anneeDebut, ...r }: SummaryRow): Detail {
  const session = { etatSession: r.etatSession, statutSession: r.statutSession };
  const depose = r.statutDossier === 'DEPOSE';
  return {
    ...r,
    anneeAcademique: anneeAcademique(dateOuverture).libelle,
    admis: admisOf(r.statutDossier),
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
    direction: sql`${d.idDirection}`,
    owner: sql`${d.idUser}`,
  });

/** The live dossiers of a student, newest first, within the reader's scope condition. */
export async function dossiersOfStudent(db: Db, idEtudiant: number, scope: SQL): Promise<DossierSummary[]> {
  const list = await db
    .select(summaryColumns)
    .from(d)
    .innerJoin(...SUMMARY_JOINS[0])
    .innerJoin(...SUMMARY_JOINS[1])
    .innerJoin(...SUMMARY_JOINS[2])
    .innerJoin(...SUMMARY_JOINS[3])
    .where(and(eq(d.idEtudiant, idEtudiant), isNull(d.deletedAt), scope))
    .orderBy(desc(d.dateDepot), desc(d.idDossier));
  return list.map(withState);
}

const ownDossiers = builtOnce((db) =>
  db
    .select(summaryColumns)
    .from(d)
    .innerJoin(...SUMMARY_JOINS[0])
    .innerJoin(...SUMMARY_JOINS[1])
    .innerJoin(...SUMMARY_JOINS[2])
    .innerJoin(...SUMMARY_JOINS[3])
    .where(
      and(
        eq(sql`upper(${re.ine})`, sql`upper(${sql.placeholder('ine')})`),
        isNull(re.deletedAt),
        eq(re.idUser, sql.placeholder('idUser')),
        eq(d.idUser, sql.placeholder('idUser')),
        isNull(d.deletedAt),
      ),
    )
    .orderBy(desc(d.dateDepot), desc(d.idDossier))
    .prepare('dossiers_de_l_etudiant'),
);

/**
 * A student's own live dossiers, newest first: those of the registry row of its INE that is its
 * own, in one statement prepared by name (the USSD menu's dossier screen reads it at each session;
 * docs/decisions/092-ussd-and-sign-in-overhead.md). The same rows as `studentDossiers` for that
 * student; a registry row that is not the account's reads as no dossier.
 */
export async function ownDossiersOf(db: Db, idUser: number, ine: string): Promise<DossierSummary[]> {
  const list = await ownDossiers(db).execute({ idUser, ine });
  return list.map(withState);
}

/** An answer of a dossier as its detail shows it (no file content, no storage key). */
const dc = alias(dossierCritere, 'dc');
const tc = alias(typeCritere, 'tc');
const cr = alias(critere, 'cr');
const entryColumns = {
  idDossierCritere: dc.idDossierCritere,
  idTypeCritere: dc.idTypeCritere,
  libelleTypeCritere: tc.libelleTypeCritere,
  obligatoire: sql<boolean>`${tc.statutItem} = ${'OBLIGATOIRE' satisfies typeof typeCritere.$inferSelect.statutItem}`,
  idCritere: dc.idCritere,
  libelleCritere: cr.libelleCritere,
  justificatifRequis: cr.justificatifRequis,
  nomFichier: dc.nomFichier,
  tailleFichier: dc.tailleFichier,
  valeurAnalyse: dc.valeurAnalyse,
};

/** The answers of the dossier `d`, in their types' order, as one JSON array (null: none). */
const ENTRIES = sql<RowOf<typeof entryColumns>[] | null>`(SELECT json_agg(e ORDER BY e."idTypeCritere") FROM (
    SELECT ${asNamed(entryColumns)}
    FROM ${dossierCritere} ${sql.identifier('dc')}
    JOIN ${typeCritere} ${sql.identifier('tc')} ON ${tc.idTypeCritere} = ${dc.idTypeCritere}
    JOIN ${critere} ${sql.identifier('cr')} ON ${cr.idCritere} = ${dc.idCritere}
    WHERE ${dc.idDossier} = ${d.idDossier}) e)`;

/** The statement of `dossierDetail`, built once per connection: the deposit's answer, and every read of a dossier. */
const dossierDetailStatement = builtOnce((db) => {
  const stay = stayColumns(sql`${d.idEtudiant}`, sql`${d.idDirection}`, sql`${ses.anneeDebut}`);
  return db
    .select({
      ...summaryColumns,
      annees: stay.annees,
      anterieures: re.anneesHebergementAnterieures,
      ici: stay.ici,
      entries: ENTRIES,
    })
    .from(d)
    .innerJoin(...SUMMARY_JOINS[0])
    .innerJoin(...SUMMARY_JOINS[1])
    .innerJoin(...SUMMARY_JOINS[2])
    .innerJoin(...SUMMARY_JOINS[3])
    .where(and(eq(d.idDossier, sql.placeholder('idDossier')), isNull(d.deletedAt)))
    .prepare('dossier_detail');
});

/**
 * One live dossier with its answers (no file content, no storage key) and its years of stay at its
 * session (docs/agency-rules.md, as the deliberation counts them): one statement.
 */
export async function dossierDetail(
  db: Db,
  idDossier: number,
): Promise<(DossierDetail & { idUser: number }) | undefined> {
  const [row] = await dossierDetailStatement(db).execute({ idDossier });
  if (!row) return undefined;
  const { annees, anterieures, ici, entries, ...summary } = row;
  const years = stayFrom({ annees, anterieures, ici });
  return {
    ...withState(summary),
    anneesHebergement: yearsOfStay(years.annees, summary.anneeDebut, years.anterieures),
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
  const [row] = await nextReferenceStatement(tx).execute({ idDirection, annee });
  return row.dernier;
}

/** `nextReferenceNumber`'s statement, built once per connection. */
const nextReferenceStatement = builtOnce((tx) =>
  tx
    .insert(dossierSequence)
    .values({ idDirection: sql.placeholder('idDirection'), annee: sql.placeholder('annee'), dernier: 1 })
    .onConflictDoUpdate({
      target: [dossierSequence.idDirection, dossierSequence.annee],
      set: { dernier: sql`${dossierSequence.dernier} + 1` },
    })
    .returning({ dernier: dossierSequence.dernier })
    .prepare('numero_de_dossier'),
);

// ---------------------------------------------------------------- the deposit's writes

/**
 * `insertDossier`'s statement, built once per connection: the answers as one JSON parameter (the
 * same text whatever their number), inserted in their order; they name the new dossier through the
 * statement's own `d` (its one row).
 */
const insertDossierStatement = builtOnce((tx) => {
  const inserted = tx.$with('d').as(
    tx
      .insert(dossier)
      .values({
        referenceDossier: placeholderAs('referenceDossier', 'text'),
        idSessionCenou: placeholderAs('idSessionCenou', 'int'),
        idDirection: placeholderAs('idDirection', 'int'),
        idEtudiant: placeholderAs('idEtudiant', 'int'),
        idUser: placeholderAs('idUser', 'int'),
        typeDossier: placeholderAs('typeDossier', 'text'),
      })
      .returning({ idDossier: dossier.idDossier, dateDepot: dossier.dateDepot }),
  );
  const answers = tx.$with('e', { n: sql<number>`n`.as('n') }).as(
    sql`INSERT INTO ${dossierCritere} (${sql.join(
      [
        dossierCritere.idDossier,
        dossierCritere.idTypeCritere,
        dossierCritere.idCritere,
        dossierCritere.nomFichier,
        dossierCritere.cleFichier,
        dossierCritere.tailleFichier,
      ].map(name),
      sql`, `,
    )})
        SELECT (SELECT ${inserted.idDossier} FROM ${inserted}), x.id_type_critere, x.id_critere, x.nom_fichier,
               x.cle_fichier, x.taille_fichier
        FROM jsonb_to_recordset(${placeholderAs('entries', 'jsonb')})
          AS x(ord int, id_type_critere int, id_critere int, nom_fichier text, cle_fichier text, taille_fichier int)
        ORDER BY x.ord
        RETURNING 1 AS n`,
  );
  return tx
    .with(inserted, answers)
    .select({ idDossier: inserted.idDossier, dateDepot: inserted.dateDepot })
    .from(inserted)
    .prepare('dossier_depose');
});

/**
 * A new dossier, under a placeholder reference until it is numbered (`numberDossier`), with its
 * answers (in their order): one statement.
 */
export async function insertDossier(
  tx: Db,
  values: {
    referenceDossier: string;
    idSessionCenou: number;
    idDirection: number;
    idEtudiant: number;
    idUser: number;
    typeDossier: DossierColumns['typeDossier'];
  },
  entries: readonly ({ idTypeCritere: number; idCritere: number } & EntryFile)[],
) {
  const [row] = await insertDossierStatement(tx).execute({
    ...values,
    entries: JSON.stringify(
      entries.map((e, ord) => ({
        ord,
        id_type_critere: e.idTypeCritere,
        id_critere: e.idCritere,
        nom_fichier: e.nomFichier,
        cle_fichier: e.cleFichier,
        taille_fichier: e.tailleFichier,
      })),
    ),
  });
  return row;
}

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

/**
 * A dossier's change written with its history's event and its journal's entry in one statement
 * (docs/sessions-and-dossiers.md#the-dossiers-history; one statement keeps the deposit's
 * transaction at its count of statements, docs/operations.md): `changed` is the
 * `UPDATE … RETURNING` of the dossier, one row; the event (`eventInsert`, the history's writer)
 * and the entry (`insertAuditAfter`, the journal's writer) read it.
 */
function withEvent(
  tx: Db,
  update: { where: SQL; set: PgUpdateSetSource<typeof dossier> },
  event: {
    evenement: typeof dossierEvenement.$inferInsert.evenement;
    /** The time of the event: the dossier's deposit (`date_depot`) or its change (`updated_at`). */
    at: 'dateDepot' | 'updatedAt';
    /** The event's author: the dossier's student, or the actor. */
    idAuteur: 'owner' | number;
  },
  audit: {
    /** The author's id and name (values, or a prepared statement's placeholders). */
    actor: { id: number | SQL; userName: string | SQL };
    action: 'DEPOSER' | 'MODIFIER_DOSSIER';
    reference: string | SQL | null;
  },
) {
  const changed = tx.$with('d').as(
    tx.update(dossier).set(update.set).where(update.where).returning({
      idDossier: dossier.idDossier,
      idSessionCenou: dossier.idSessionCenou,
      idUser: dossier.idUser,
      referenceDossier: dossier.referenceDossier,
      typeDossier: dossier.typeDossier,
      dateDepot: dossier.dateDepot,
      updatedAt: dossier.updatedAt,
    }),
  );
  const of = (column: SQLWrapper) => sql`(SELECT ${column} FROM ${changed})`;
  const idAuteur = event.idAuteur === 'owner' ? of(changed.idUser) : sql`${event.idAuteur}::int`;
  const history = tx.$with('e').as(
    eventInsert(tx, {
      idDossier: of(changed.idDossier),
      idSessionCenou: of(changed.idSessionCenou),
      evenement: event.evenement,
      dateEvenement: of(changed[event.at]),
      idAuteur,
      auteur: authorNameOf(idAuteur),
      detail:
        event.evenement === 'DEPOT'
          ? sql`jsonb_build_object('reference', ${audit.reference}::text, 'typeDossier', ${of(changed.typeDossier)})`
          : sql`jsonb_build_object('typeDossier', ${of(changed.typeDossier)})`,
    }),
  );
  return auditInsertAfter(tx, [changed, history], {
    userId: audit.actor.id,
    userName: audit.actor.userName,
    action: audit.action,
    resource: 'dossier',
    resourceId: sql`${of(changed.idDossier)}::text`,
    detail: sql`jsonb_build_object('reference', ${audit.reference ?? of(changed.referenceDossier)}::text,
        'typeDossier', ${of(changed.typeDossier)})`,
  });
}

/** The dossier takes its reference (numbered last, `nextReferenceNumber`), with its DEPOT event. */
export async function numberDossier(
  tx: Db,
  idDossier: number,
  referenceDossier: string,
  actor: AuditActor,
): Promise<void> {
  await numberStatement(tx).execute({
    idDossier,
    referenceDossier,
    userId: actor.id,
    userName: actor.userName,
  });
}

/** `numberDossier`'s statement (one per deposit), built once per connection. */
const numberStatement = builtOnce((tx) => {
  const reference = placeholderAs('referenceDossier', 'text');
  return withEvent(
    tx,
    { where: eq(dossier.idDossier, sql.placeholder('idDossier')), set: { referenceDossier: reference } },
    { evenement: 'DEPOT', at: 'dateDepot', idAuteur: 'owner' },
    {
      actor: {
        id: placeholderAs('userId', 'int'),
        userName: placeholderAs('userName', 'text'),
      },
      action: 'DEPOSER',
      reference,
    },
  ).prepare('dossier_numerote');
});

/**
 * An edited dossier: its type when one is given, and the time of the change; with its history's
 * MODIFICATION event and the journal's MODIFIER_DOSSIER entry, in the same statement.
 */
export async function touchEditedDossier(
  tx: Db,
  idDossier: number,
  typeDossier: DossierColumns['typeDossier'] | null,
  actor: AuditActor,
): Promise<void> {
  await withEvent(
    tx,
    {
      where: eq(dossier.idDossier, idDossier),
      set: { ...(typeDossier === null ? {} : { typeDossier }), updatedAt: sql`now()` },
    },
    { evenement: 'MODIFICATION', at: 'updatedAt', idAuteur: actor.id },
    { actor, action: 'MODIFIER_DOSSIER', reference: null },
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
