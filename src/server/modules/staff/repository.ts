import { and, asc, eq, exists, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EtatSession } from '../../../domain/enums';
import type { DossierListRow, VilleDepot } from '../../../domain/schemas/staff';
import { isoUtcOrNull } from '../../db/clock';
import { builtOnce, type Db } from '../../db/client';
import {
  cite,
  compteurDepot,
  compteurRegistre,
  direction,
  dossier,
  registreEtudiant,
  sessionCenou,
  ville,
} from '../../db/schema';
import { listColumns, literal, searchWords, type ListColumn, type ListSource } from '../../lists/pipeline';

// The tables under the short names of the list's statements (`d` the dossier, `s` its session…).
const d = alias(dossier, 'd');
const s = alias(sessionCenou, 's');
const dir = alias(direction, 'dir');
const r = alias(registreEtudiant, 'r');
const v = alias(ville, 'v');

/**
 * Every join is to a parent by a NOT NULL foreign key, so each dossier has exactly one row; the
 * LEFT JOINs let PostgreSQL drop the joins a count does not need (join removal on unique keys).
 */
const FROM = sql`${dossier} d
  LEFT JOIN ${sessionCenou} s ON ${s.idSessionCenou} = ${d.idSessionCenou}
  LEFT JOIN ${direction} dir ON ${dir.idDirection} = ${d.idDirection}
  LEFT JOIN ${registreEtudiant} r ON ${r.idEtudiant} = ${d.idEtudiant}
  LEFT JOIN ${ville} v ON ${v.idVille} = ${r.idVille}`;

// The dossier's columns from the schema; the session's, direction's, student's and ville's may be
// NULL in the list (LEFT JOIN).
const { col, computed } = listColumns(d);

const DATE_DEPOT_ISO = isoUtcOrNull(d.dateDepot);
/** As the screen shows it, in Burkina Faso's time (UTC+0): `03/10/2026 14:05`. */
const DATE_DEPOT_SHOWN = sql`to_char(${d.dateDepot} AT TIME ZONE 'Africa/Ouagadougou', 'DD/MM/YYYY HH24:MI')`;
const ADMIS = sql`(CASE ${d.statutDossier} WHEN ${literal(d.statutDossier, 'ADMIS')} THEN 'OUI'
  WHEN ${literal(d.statutDossier, 'NON_ADMIS')} THEN 'NON' WHEN ${literal(d.statutDossier, 'DESISTE')} THEN 'NON' END)`;

export const DOSSIER_COLUMNS: Record<keyof DossierListRow, ListColumn> = {
  idDossier: col(d.idDossier),
  referenceDossier: col(d.referenceDossier, { search: false }),
  idSessionCenou: col(d.idSessionCenou),
  anneeAcademique: computed(sql`(${s.anneeDebut}::text || '-' || (${s.anneeDebut} + 1)::text)`, 'text', {
    notNull: true,
    sortSql: sql`${s.anneeDebut}`,
  }),
  etatSession: col(s.etatSession),
  statutSession: col(s.statutSession),
  idDirection: col(d.idDirection),
  libelleDirection: col(dir.libelleDirection, { search: false }),
  ine: col(r.ine, { search: false }),
  nomEtudiant: col(r.nomEtudiant, { search: false }),
  prenomEtudiant: col(r.prenomEtudiant, { search: false }),
  sexeEtudiant: col(r.sexeEtudiant),
  dateNaissance: col(r.dateNaissance),
  lieuNaissance: col(r.lieuNaissance, { search: false }),
  telEtudiant: col(r.telEtudiant, { search: false }),
  nomVille: col(v.nomVille, { search: false }),
  typeDossier: col(d.typeDossier),
  statutDossier: col(d.statutDossier),
  admis: computed(ADMIS, 'enum'),
  moyenne: computed(sql`round(${d.moyenne}::numeric, 2)::float8`, 'number', { sortSql: sql`${d.moyenne}` }),
  rang: col(d.rang),
  dateDepot: computed(DATE_DEPOT_ISO, 'timestamp', {
    filter: 'contains',
    filterSql: DATE_DEPOT_SHOWN,
    sortSql: sql`${d.dateDepot}`,
    notNull: true,
  }),
};

/**
 * `q`: every word must appear in the student's folded INE and names (the registry's `recherche`
 * column), or the whole text in the dossier's reference. Both are answered from trigram indexes
 * (migration 0005): one set of dossier ids, whatever the size of the list.
 */
const y = alias(dossier, 'y');
const x = alias(registreEtudiant, 'x');

function dossierSearch(q: string): SQL[] {
  const text = q.replace(/\0/g, '').trim();
  const words = searchWords(text);
  if (!words.length) return [];
  const like = (w: string) => sql`('%' || fold(${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}) || '%')`;
  const byName = sql.join(
    words.map((w) => sql`${x.recherche} LIKE ${like(w)} ESCAPE '\\'`),
    sql` AND `,
  );
  return [
    sql`${d.idDossier} IN (
      SELECT ${y.idDossier} FROM ${dossier} y
      WHERE ${y.deletedAt} IS NULL AND ${y.idEtudiant} IN (SELECT ${x.idEtudiant} FROM ${registreEtudiant} x WHERE ${byName})
      UNION
      SELECT ${y.idDossier} FROM ${dossier} y
      WHERE ${y.deletedAt} IS NULL AND lower(${y.referenceDossier}) LIKE ${like(text)} ESCAPE '\\')`,
  ];
}

/**
 * The deposit list's own filters, each when given: a direction, a session's phase, a session, an
 * academic year (the sessions of every direction that start in it).
 */
export function dossierListFilters(f: {
  idDirection?: number;
  etatSession?: EtatSession;
  idSessionCenou?: number;
  anneeDebut?: number;
}): SQL[] {
  const conditions: SQL[] = [];
  if (f.idDirection !== undefined) conditions.push(sql`${d.idDirection} = ${f.idDirection}`);
  if (f.etatSession !== undefined) conditions.push(sql`${s.etatSession} = ${f.etatSession}`);
  if (f.idSessionCenou !== undefined) conditions.push(sql`${d.idSessionCenou} = ${f.idSessionCenou}`);
  if (f.anneeDebut !== undefined) conditions.push(sql`${s.anneeDebut} = ${f.anneeDebut}`);
  return conditions;
}

/** The deposits as a list of the shared pipeline: always paged, newest deposits first. */
export const dossierSource: ListSource<DossierListRow> = {
  name: 'dossier',
  from: FROM,
  columns: DOSSIER_COLUMNS,
  where: [sql`${d.deletedAt} IS NULL`],
  defaultSort: 'dateDepot,desc',
  key: sql`${d.idDossier}`,
  // Ties of the default order newest first too: one backward scan of (date_depot, id_dossier).
  keyDesc: (sort) => sort[0]?.desc ?? false,
  search: dossierSearch,
  alwaysPaged: true,
};

/** The deposits of the current sessions (OUVERT or SUSPENDU) per ville, summed over their counters. */
const depositsPerVille = (db: Db) =>
  db.$with('dep').as(
    db
      .select({
        idVille: compteurDepot.idVille,
        // A name of its own: an aliased expression of a CTE is read back by its bare name.
        deposes: sql<number>`sum(${compteurDepot.nb})::int`.as('deposes'),
      })
      .from(compteurDepot)
      .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, compteurDepot.idSessionCenou))
      .where(and(isNull(sessionCenou.deletedAt), inArray(sessionCenou.statutSession, ['OUVERT', 'SUSPENDU'])))
      .groupBy(compteurDepot.idVille),
  );

/** The dashboard's rows, of every direction (`scope` undefined) or of the one named by the placeholder. */
function villeDepotsQuery(db: Db, name: string, scope?: SQL) {
  const dep = depositsPerVille(db);
  return db
    .with(dep)
    .select({
      idVille: ville.idVille,
      libelleVille: ville.nomVille,
      nbEtudiant: sql<number>`coalesce(${compteurRegistre.nb}, 0)`,
      nbEtudiantInscrit: sql<number>`coalesce(${compteurRegistre.inscrits}, 0)`,
      nbEtudiantDepose: sql<number>`coalesce(${dep.deposes}, 0)`,
    })
    .from(ville)
    .leftJoin(compteurRegistre, eq(compteurRegistre.idVille, ville.idVille))
    .leftJoin(dep, eq(dep.idVille, ville.idVille))
    .where(
      and(
        isNull(ville.deletedAt),
        scope,
        or(
          gt(compteurRegistre.nb, 0),
          gt(dep.deposes, 0),
          exists(
            db
              .select({ one: sql`1` })
              .from(cite)
              .where(and(eq(cite.idVille, ville.idVille), isNull(cite.deletedAt))),
          ),
        ),
      ),
    )
    .orderBy(asc(ville.nomVille), asc(ville.idVille))
    .prepare(name);
}

const villeDepotsAll = builtOnce((db) => villeDepotsQuery(db, 'tableau_de_bord_villes'));
const villeDepotsOfDirection = builtOnce((db) =>
  villeDepotsQuery(
    db,
    'tableau_de_bord_villes_direction',
    eq(ville.idDirection, sql.placeholder('idDirection')),
  ),
);

/**
 * Per ville of the directions in scope (all of them when `idDirection` is undefined) that has a
 * cité or at least one student or dossier: the registry's students, those with an account, and the
 * live dossiers of the current sessions (OUVERT or SUSPENDU) of students oriented there. Read from
 * the counters that the writes keep in their own transaction (migration 0009: `compteur_registre`
 * per ville, `compteur_depot` per session and ville, changed by triggers; declared in
 * db/schema/counters.ts), so the figures are the database's at the statement's snapshot, and a call
 * reads a few dozen rows whatever the size of the registry. One statement, prepared by name.
 */
export function villeDepots(db: Db, idDirection: number | undefined): Promise<VilleDepot[]> {
  return idDirection === undefined
    ? villeDepotsAll(db).execute()
    : villeDepotsOfDirection(db).execute({ idDirection });
}
