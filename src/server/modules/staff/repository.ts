import { and, asc, eq, exists, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { EtatSession } from '../../../domain/enums';
import type { DossierListRow, VilleDepot } from '../../../domain/schemas/staff';
import { builtOnce, type Db } from '../../db/client';
import { cite, compteurDepot, compteurRegistre, sessionCenou, ville } from '../../db/schema';
import { searchWords, type ColumnType, type ListColumn, type ListSource } from '../../lists/pipeline';

/**
 * Every join is to a parent by a NOT NULL foreign key, so each dossier has exactly one row; the
 * LEFT JOINs let PostgreSQL drop the joins a count does not need (join removal on unique keys).
 */
const FROM = sql`dossier d
  LEFT JOIN session_cenou s ON s.id_session_cenou = d.id_session_cenou
  LEFT JOIN direction dir ON dir.id_direction = d.id_direction
  LEFT JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
  LEFT JOIN ville v ON v.id_ville = r.id_ville`;

const c = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn => ({
  sql: expr,
  type,
  ...extra,
});

const DATE_DEPOT_ISO = sql`to_char(d.date_depot AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** As the screen shows it, in Burkina Faso's time (UTC+0): `03/10/2026 14:05`. */
const DATE_DEPOT_SHOWN = sql`to_char(d.date_depot AT TIME ZONE 'Africa/Ouagadougou', 'DD/MM/YYYY HH24:MI')`;
const ADMIS = sql`(CASE d.statut_dossier WHEN 'ADMIS' THEN 'OUI' WHEN 'NON_ADMIS' THEN 'NON' WHEN 'DESISTE' THEN 'NON' END)`;

export const DOSSIER_COLUMNS: Record<keyof DossierListRow, ListColumn> = {
  idDossier: c(sql`d.id_dossier`, 'id', { notNull: true }),
  referenceDossier: c(sql`d.reference_dossier`, 'text', { notNull: true, search: false }),
  idSessionCenou: c(sql`d.id_session_cenou`, 'id', { notNull: true }),
  anneeAcademique: c(sql`(s.annee_debut::text || '-' || (s.annee_debut + 1)::text)`, 'text', {
    notNull: true,
    sortSql: sql`s.annee_debut`,
  }),
  etatSession: c(sql`s.etat_session`, 'enum'),
  statutSession: c(sql`s.statut_session`, 'enum'),
  idDirection: c(sql`d.id_direction`, 'id', { notNull: true }),
  libelleDirection: c(sql`dir.libelle_direction`, 'text', { search: false }),
  ine: c(sql`r.ine`, 'text', { search: false }),
  nomEtudiant: c(sql`r.nom_etudiant`, 'text', { search: false }),
  prenomEtudiant: c(sql`r.prenom_etudiant`, 'text', { search: false }),
  sexeEtudiant: c(sql`r.sexe_etudiant`, 'enum'),
  dateNaissance: c(sql`r.date_naissance`, 'date'),
  lieuNaissance: c(sql`r.lieu_naissance`, 'text', { search: false }),
  telEtudiant: c(sql`r.tel_etudiant`, 'text', { search: false }),
  nomVille: c(sql`v.nom_ville`, 'text', { search: false }),
  typeDossier: c(sql`d.type_dossier`, 'enum'),
  statutDossier: c(sql`d.statut_dossier`, 'enum', { notNull: true }),
  admis: c(ADMIS, 'enum'),
  moyenne: c(sql`round(d.moyenne::numeric, 2)::float8`, 'number', { sortSql: sql`d.moyenne` }),
  rang: c(sql`d.rang`, 'integer'),
  dateDepot: c(DATE_DEPOT_ISO, 'timestamp', {
    filter: 'contains',
    filterSql: DATE_DEPOT_SHOWN,
    sortSql: sql`d.date_depot`,
    notNull: true,
  }),
};

/**
 * `q`: every word must appear in the student's folded INE and names (the registry's `recherche`
 * column), or the whole text in the dossier's reference. Both are answered from trigram indexes
 * (migration 0005): one set of dossier ids, whatever the size of the list.
 */
function dossierSearch(q: string): SQL[] {
  const text = q.replace(/\0/g, '').trim();
  const words = searchWords(text);
  if (!words.length) return [];
  const like = (w: string) => sql`('%' || fold(${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}) || '%')`;
  const byName = sql.join(
    words.map((w) => sql`x.recherche LIKE ${like(w)} ESCAPE '\\'`),
    sql` AND `,
  );
  return [
    sql`d.id_dossier IN (
      SELECT y.id_dossier FROM dossier y
      WHERE y.deleted_at IS NULL AND y.id_etudiant IN (SELECT x.id_etudiant FROM registre_etudiant x WHERE ${byName})
      UNION
      SELECT y.id_dossier FROM dossier y
      WHERE y.deleted_at IS NULL AND lower(y.reference_dossier) LIKE ${like(text)} ESCAPE '\\')`,
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
  if (f.idDirection !== undefined) conditions.push(sql`d.id_direction = ${f.idDirection}`);
  if (f.etatSession !== undefined) conditions.push(sql`s.etat_session = ${f.etatSession}`);
  if (f.idSessionCenou !== undefined) conditions.push(sql`d.id_session_cenou = ${f.idSessionCenou}`);
  if (f.anneeDebut !== undefined) conditions.push(sql`s.annee_debut = ${f.anneeDebut}`);
  return conditions;
}

/** The deposits as a list of the shared pipeline: always paged, newest deposits first. */
export const dossierSource: ListSource<DossierListRow> = {
  name: 'dossier',
  from: FROM,
  columns: DOSSIER_COLUMNS,
  where: [sql`d.deleted_at IS NULL`],
  defaultSort: 'dateDepot,desc',
  key: sql`d.id_dossier`,
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
