import { sql, type SQL } from 'drizzle-orm';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { RegistryRow, VilleRef } from '../../../domain/registry';
import type { RegistryListRow } from '../../../domain/schemas/registry';
import { one, rows, type Db } from '../../db/client';
import { searchWords, type ColumnType, type ListColumn, type ListSource } from '../../lists/pipeline';

/**
 * Ville and direction are LEFT JOINs, though every row has both (`id_ville` and `ville.id_direction`
 * are NOT NULL foreign keys: the same rows as JOIN): PostgreSQL removes a LEFT JOIN to a unique key
 * that nothing reads, never an inner join, so the list's key query and count (which read neither
 * unless a scope or filter names them) walk the registry alone, index-only on registre_nom_live
 * (migration 0014), instead of joining and sorting every row.
 */
const FROM = sql`registre_etudiant r
  LEFT JOIN ville v ON v.id_ville = r.id_ville
  LEFT JOIN direction d ON d.id_direction = v.id_direction
  LEFT JOIN users u ON u.id = r.id_user AND u.deleted_at IS NULL`;

const c = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn => ({
  sql: expr,
  type,
  ...extra,
});

/** Every output field: its expression, type and filter mode (also the sortable and filterable columns). */
export const REGISTRY_COLUMNS: Record<keyof RegistryListRow, ListColumn> = {
  idEtudiant: c(sql`r.id_etudiant`, 'id', { notNull: true }),
  ine: c(sql`r.ine`, 'text', { notNull: true }),
  nomEtudiant: c(sql`r.nom_etudiant`, 'text', { notNull: true }),
  prenomEtudiant: c(sql`r.prenom_etudiant`, 'text', { notNull: true }),
  sexeEtudiant: c(sql`r.sexe_etudiant`, 'enum'),
  dateNaissance: c(sql`r.date_naissance`, 'date'),
  lieuNaissance: c(sql`r.lieu_naissance`, 'text'),
  telEtudiant: c(sql`r.tel_etudiant`, 'text'),
  emailEtudiant: c(sql`r.email_etudiant`, 'text'),
  universite: c(sql`r.universite`, 'text'),
  filiere: c(sql`r.filiere`, 'text'),
  niveau: c(sql`r.niveau`, 'text'),
  villeOrientation: c(sql`r.ville_orientation`, 'text'),
  idVille: c(sql`r.id_ville`, 'id'),
  nomVille: c(sql`v.nom_ville`, 'text'),
  idDirection: c(sql`v.id_direction`, 'id'),
  libelleDirection: c(sql`d.libelle_direction`, 'text'),
  anneeAcademique: c(sql`r.annee_academique`, 'text'),
  anneeBac: c(sql`r.annee_bac`, 'integer'),
  serieBac: c(sql`r.serie_bac`, 'text'),
  moyenneBac: c(sql`r.moyenne_bac`, 'number'),
  libellePays: c(sql`r.libelle_pays`, 'text'),
  typePays: c(sql`r.type_pays`, 'enum'),
  anneesHebergementAnterieures: c(sql`r.annees_hebergement_anterieures`, 'integer', { notNull: true }),
  compte: c(sql`(u.id IS NOT NULL)`, 'boolean'),
  personnelBesoin: c(sql`r.personnel_besoin`, 'text'),
  contact: c(sql`r.contact`, 'text'),
  engagementStatutReglement: c(sql`r.engagement_statut_reglement`, 'boolean'),
  engagementPersonnelCaution: c(sql`r.engagement_personnel_caution`, 'boolean'),
  declarationSurHonneur: c(sql`r.declaration_sur_honneur`, 'boolean'),
  luApprouve: c(sql`r.lu_approuve`, 'boolean'),
};

const SELECT_LIST = sql.join(
  Object.entries(REGISTRY_COLUMNS).map(([name, col]) => sql`${col.sql} AS ${sql.identifier(name)}`),
  sql`, `,
);

/** `q`: every word must appear in the folded INE and names (the `recherche` column). */
export function searchWordsCondition(q: string | undefined): SQL[] {
  if (!q) return [];
  return searchWords(q).map(
    (w) => sql`r.recherche LIKE ('%' || fold(${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}) || '%') ESCAPE '\\'`,
  );
}

/** The registry as a list of the shared pipeline: always paged, searched word by word. */
export const registrySource: ListSource<RegistryListRow> = {
  name: 'registre-etudiant',
  from: FROM,
  columns: REGISTRY_COLUMNS,
  where: [sql`r.deleted_at IS NULL`],
  defaultSort: 'nomEtudiant,asc;prenomEtudiant,asc',
  key: sql`r.id_etudiant`,
  search: searchWordsCondition,
  alwaysPaged: true,
};

/** The registry's students the actor may read (`v`: the student's ville): its direction's, or all. */
export const readableStudents = (actor: Actor | null): SQL =>
  scopeCondition(actor, 'registry.read', { direction: sql`v.id_direction` });

/** The registry list's own filters, each when given: a ville, a direction, with or without an account. */
export function registryFilters(f: { idVille?: number; idDirection?: number; compte?: boolean }): SQL[] {
  const conditions: SQL[] = [];
  if (f.idVille !== undefined) conditions.push(sql`r.id_ville = ${f.idVille}`);
  if (f.idDirection !== undefined) conditions.push(sql`v.id_direction = ${f.idDirection}`);
  if (f.compte !== undefined) conditions.push(f.compte ? sql`u.id IS NOT NULL` : sql`u.id IS NULL`);
  return conditions;
}

export function getRegistryRow(db: Db, idEtudiant: number) {
  return one<RegistryListRow>(
    db,
    sql`SELECT ${SELECT_LIST} FROM ${FROM} WHERE r.deleted_at IS NULL AND r.id_etudiant = ${idEtudiant}`,
  );
}

export function villeDirection(db: Db, idVille: number) {
  return one<{ idDirection: number }>(
    db,
    sql`SELECT id_direction AS "idDirection" FROM ville WHERE id_ville = ${idVille} AND deleted_at IS NULL`,
  );
}

export function liveVilles(db: Db): Promise<VilleRef[]> {
  return rows<VilleRef>(
    db,
    sql`SELECT id_ville AS "idVille", nom_ville AS "nomVille", cle_ville AS "cleVille" FROM ville WHERE deleted_at IS NULL`,
  );
}

/**
 * The registry's statistics refreshed and its new rows' pages marked all-visible, the trigram
 * index's pending list merged (not in a transaction: VACUUM cannot be).
 */
export async function vacuumRegistry(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) registre_etudiant`);
}

/** Imports run one at a time (a transaction-scoped advisory lock, safe behind a pooler). */
export async function lockImports(tx: Db) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7242004)`);
}

/**
 * Inserts or updates one batch of checked rows in one statement: a known INE (live row) is updated,
 * its account columns untouched; the account of an already registered student follows its name and
 * direction. Returns how many rows were inserted and how many updated.
 */
export async function upsertRegistryBatch(
  tx: Db,
  batch: RegistryRow[],
): Promise<{ importes: number; misAJour: number; comptes: number[] }> {
  const payload = JSON.stringify(
    batch.map((r) => ({
      ine: r.ine,
      nom_etudiant: r.nomEtudiant,
      prenom_etudiant: r.prenomEtudiant,
      sexe_etudiant: r.sexeEtudiant,
      date_naissance: r.dateNaissance,
      lieu_naissance: r.lieuNaissance,
      tel_etudiant: r.telEtudiant,
      email_etudiant: r.emailEtudiant,
      universite: r.universite,
      filiere: r.filiere,
      niveau: r.niveau,
      ville_orientation: r.villeOrientation,
      id_ville: r.idVille,
      annee_academique: r.anneeAcademique,
      annee_bac: r.anneeBac,
      serie_bac: r.serieBac,
      moyenne_bac: r.moyenneBac,
      libelle_pays: r.libellePays,
      type_pays: r.typePays,
      annees_hebergement_anterieures: r.anneesHebergementAnterieures,
    })),
  );
  // The optional column (docs/agency-rules.md): a file without it keeps the years recorded.
  const priorYears =
    batch[0]?.anneesHebergementAnterieures == null
      ? sql`registre_etudiant.annees_hebergement_anterieures`
      : sql`EXCLUDED.annees_hebergement_anterieures`;
  const result = await one<{ importes: number; misAJour: number; comptes: number[] }>(
    tx,
    sql`WITH src AS (
          SELECT * FROM jsonb_to_recordset(${payload}::jsonb) AS x(
            ine text, nom_etudiant text, prenom_etudiant text, sexe_etudiant text, date_naissance date,
            lieu_naissance text, tel_etudiant text, email_etudiant text, universite text, filiere text, niveau text,
            ville_orientation text, id_ville integer, annee_academique text, annee_bac integer, serie_bac text,
            moyenne_bac double precision, libelle_pays text, type_pays text, annees_hebergement_anterieures integer)
        ),
        up AS (
          INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
            lieu_naissance, tel_etudiant, email_etudiant, universite, filiere, niveau, ville_orientation, id_ville,
            annee_academique, annee_bac, serie_bac, moyenne_bac, libelle_pays, type_pays, recherche,
            annees_hebergement_anterieures)
          SELECT ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance, lieu_naissance, tel_etudiant,
            email_etudiant, universite, filiere, niveau, ville_orientation, id_ville, annee_academique, annee_bac,
            serie_bac, moyenne_bac, libelle_pays, type_pays, fold(ine || ' ' || nom_etudiant || ' ' || prenom_etudiant),
            COALESCE(annees_hebergement_anterieures, 0)
          FROM src
          ON CONFLICT (upper(ine)) WHERE deleted_at IS NULL DO UPDATE SET
            nom_etudiant = EXCLUDED.nom_etudiant,
            prenom_etudiant = EXCLUDED.prenom_etudiant,
            sexe_etudiant = EXCLUDED.sexe_etudiant,
            date_naissance = EXCLUDED.date_naissance,
            lieu_naissance = EXCLUDED.lieu_naissance,
            tel_etudiant = EXCLUDED.tel_etudiant,
            email_etudiant = CASE WHEN registre_etudiant.id_user IS NULL THEN EXCLUDED.email_etudiant
                                  ELSE registre_etudiant.email_etudiant END,
            universite = EXCLUDED.universite,
            filiere = EXCLUDED.filiere,
            niveau = EXCLUDED.niveau,
            ville_orientation = EXCLUDED.ville_orientation,
            id_ville = EXCLUDED.id_ville,
            annee_academique = EXCLUDED.annee_academique,
            annee_bac = EXCLUDED.annee_bac,
            serie_bac = EXCLUDED.serie_bac,
            moyenne_bac = EXCLUDED.moyenne_bac,
            libelle_pays = EXCLUDED.libelle_pays,
            type_pays = EXCLUDED.type_pays,
            recherche = EXCLUDED.recherche,
            annees_hebergement_anterieures = ${priorYears},
            updated_at = now()
          RETURNING id_user, (xmax = 0) AS inserted
        )
        SELECT count(*) FILTER (WHERE inserted)::int AS importes,
               count(*) FILTER (WHERE NOT inserted)::int AS "misAJour",
               coalesce(array_agg(id_user) FILTER (WHERE id_user IS NOT NULL), '{}') AS comptes
        FROM up`,
  );
  return result ?? { importes: 0, misAJour: 0, comptes: [] };
}
