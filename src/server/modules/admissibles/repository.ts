import { aliasedTable, and, count, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdmissibleRow } from '../../../domain/admissibles';
import type { Permission } from '../../../domain/permissions';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { admissibleCharge, dossier, registreEtudiant } from '../../db/schema';
import type { OfferAnswer } from '../dossier/repository';
import type { ColumnType, ListColumn, ListSource } from '../../lists/pipeline';

/**
 * The admitted students of a session (docs/deliberation.md): the ADMIS dossiers of the published
 * deliberation, plus the students of the admissible upload whose INE is not among them (an INE
 * already admitted is listed once). One row shape for both; `origine` says where a row comes from.
 * The union holds the two tables' own rows only; a deliberation row's student (and its town) is
 * one LEFT JOIN on the registry's key: the list pipeline reads a page's or an export batch's keys
 * first, where the planner drops the joins that the order does not need, then each kept row's
 * columns by its key (one registry look-up a row, not one a column).
 */
const FROM = sql`(
  SELECT d.id_dossier AS id_ligne, d.id_session_cenou, d.id_direction, d.id_etudiant, d.moyenne,
    d.liste_deliberation, d.rang, d.reponse, d.date_limite_reponse, 'DELIBERATION'::text AS origine,
    NULL::text AS ine, NULL::text AS nom_etudiant, NULL::text AS prenom_etudiant, NULL::text AS sexe_etudiant,
    NULL::date AS date_naissance, NULL::text AS lieu_naissance, NULL::int AS annee_bac, NULL::text AS nom_ville
  FROM dossier d
  WHERE d.statut_dossier = 'ADMIS' AND d.deleted_at IS NULL
  UNION ALL
  SELECT -c.id_admissible_charge, c.id_session_cenou, c.id_direction, NULL::int, c.moyenne,
    NULL::text, NULL::int, 'ACCEPTE'::text, NULL::timestamptz, 'CHARGEMENT'::text,
    c.ine, c.nom_etudiant, c.prenom_etudiant, c.sexe_etudiant, c.date_naissance, c.lieu_naissance,
    c.annee_bac, c.ville_orientation
  FROM admissible_charge c
  WHERE NOT EXISTS (
    SELECT 1 FROM registre_etudiant r2
    JOIN dossier d2 ON d2.id_etudiant = r2.id_etudiant AND d2.id_session_cenou = c.id_session_cenou
      AND d2.statut_dossier = 'ADMIS' AND d2.deleted_at IS NULL
    WHERE upper(r2.ine) = c.ine AND r2.deleted_at IS NULL)
) a
LEFT JOIN registre_etudiant r ON r.id_etudiant = a.id_etudiant
LEFT JOIN ville v ON v.id_ville = r.id_ville`;

const c = (expr: SQL, type: ColumnType, extra: Partial<ListColumn> = {}): ListColumn => ({
  sql: expr,
  type,
  ...extra,
});

export interface AdmisRow {
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: string;
  dateNaissance: string;
  lieuNaissance: string | null;
  anneeBac: number | null;
  moyenne: number | null;
  nomVille: string;
  telEtudiant: string | null;
  listeDeliberation: string | null;
  rang: number | null;
  reponse: string | null;
  dateLimiteReponse: string | null;
  origine: 'DELIBERATION' | 'CHARGEMENT';
  idDossier: number | null;
}

export const admisSource: ListSource<AdmisRow> = {
  name: 'etudiant-admis',
  from: FROM,
  columns: {
    ine: c(sql`COALESCE(r.ine, a.ine)`, 'text', { notNull: true }),
    nomEtudiant: c(sql`COALESCE(r.nom_etudiant, a.nom_etudiant)`, 'text', { notNull: true }),
    prenomEtudiant: c(sql`COALESCE(r.prenom_etudiant, a.prenom_etudiant)`, 'text', { notNull: true }),
    sexeEtudiant: c(sql`COALESCE(r.sexe_etudiant, a.sexe_etudiant)`, 'enum'),
    dateNaissance: c(sql`COALESCE(r.date_naissance, a.date_naissance)`, 'date'),
    lieuNaissance: c(sql`COALESCE(r.lieu_naissance, a.lieu_naissance)`, 'text'),
    anneeBac: c(sql`COALESCE(r.annee_bac, a.annee_bac)`, 'integer'),
    // Shown rounded to 2 decimals (halves away from zero); ranks were made at full precision.
    moyenne: c(sql`round(a.moyenne::numeric, 2)::float8`, 'number', { sortSql: sql`a.moyenne` }),
    nomVille: c(sql`COALESCE(v.nom_ville, a.nom_ville)`, 'text'),
    telEtudiant: c(
      sql`CASE WHEN a.id_etudiant IS NOT NULL THEN r.tel_etudiant
        ELSE (SELECT r2.tel_etudiant FROM registre_etudiant r2 WHERE upper(r2.ine) = a.ine AND r2.deleted_at IS NULL) END`,
      'text',
    ),
    listeDeliberation: c(sql`a.liste_deliberation`, 'enum'),
    rang: c(sql`a.rang`, 'integer'),
    reponse: c(sql`a.reponse`, 'enum'),
    dateLimiteReponse: c(
      sql`to_char(a.date_limite_reponse AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      'timestamp',
      { sortSql: sql`a.date_limite_reponse`, filterSql: sql`to_char(a.date_limite_reponse, 'DD/MM/YYYY')` },
    ),
    origine: c(sql`a.origine`, 'enum', { notNull: true }),
    idDossier: c(sql`CASE WHEN a.id_ligne > 0 THEN a.id_ligne END`, 'id'),
  },
  defaultSort: 'moyenne,desc',
  // One key for both origins: the dossier's id, or minus the uploaded row's id.
  key: sql`a.id_ligne`,
  alwaysPaged: true,
};

/**
 * The admissible list's conditions: what the actor may see (its direction, or all), one session,
 * and a direction when one is named.
 */
export function admisFilters(
  actor: Actor | null,
  permission: Permission,
  f: { idSessionCenou: number; idDirection?: number },
): SQL[] {
  const conditions = [
    scopeCondition(actor, permission, { direction: sql`a.id_direction` }),
    sql`a.id_session_cenou = ${f.idSessionCenou}`,
  ];
  if (f.idDirection !== undefined) conditions.push(sql`a.id_direction = ${f.idDirection}`);
  return conditions;
}

/**
 * The counters above the admissible list, read from the list's own rows (the same union, the same
 * conditions as a page of it, without its search and column filters): every listed row once, by
 * its answer. An uploaded student's answer is ACCEPTE (it has no offer step), so it is counted
 * among the accepted, and `charges` says how many of the listed rows come from the upload.
 */
export async function listedCounts(db: Db, conditions: SQL[]) {
  const [row] = await db
    .select({
      listes: sql<number>`count(*)::int`,
      enAttente: sql<number>`count(*) FILTER (WHERE a.reponse = ${'EN_ATTENTE' satisfies OfferAnswer})::int`,
      acceptes: sql<number>`count(*) FILTER (WHERE a.reponse = ${'ACCEPTE' satisfies OfferAnswer})::int`,
      charges: sql<number>`count(*) FILTER (WHERE a.origine = 'CHARGEMENT')::int`,
    })
    .from(FROM)
    .where(and(...conditions));
  return row;
}

/** Refreshes the planner's statistics of the loaded students (a failure is the caller's to ignore). */
export const analyzeLoaded = (db: Db) => db.execute(sql`ANALYZE admissible_charge`);

/** The columns `replaceLoaded` fills, in the order of its `SELECT`: the schema's names. */
const LOADED_COLUMNS = sql.join(
  [
    admissibleCharge.idSessionCenou,
    admissibleCharge.idDirection,
    admissibleCharge.ligne,
    admissibleCharge.ine,
    admissibleCharge.nomEtudiant,
    admissibleCharge.prenomEtudiant,
    admissibleCharge.sexeEtudiant,
    admissibleCharge.dateNaissance,
    admissibleCharge.lieuNaissance,
    admissibleCharge.anneeBac,
    admissibleCharge.moyenne,
    admissibleCharge.idVille,
    admissibleCharge.villeOrientation,
    admissibleCharge.idAuteur,
  ].map((c) => sql.identifier(c.name)),
  sql`, `,
);

/** Replaces the students loaded for the session by these rows, in bulk. */
export async function replaceLoaded(
  tx: Db,
  session: { idSessionCenou: number; idDirection: number },
  rows: AdmissibleRow[],
  idAuteur: number | null,
): Promise<{ dejaAdmis: number }> {
  await tx.delete(admissibleCharge).where(eq(admissibleCharge.idSessionCenou, session.idSessionCenou));
  // In chunks of 20,000 rows, each sent as one JSON parameter (a builder's VALUES would send 14
  // parameters a row, beyond PostgreSQL's 65,535 a statement).
  const BULK = 20_000;
  for (let i = 0; i < rows.length; i += BULK) {
    const chunk = rows.slice(i, i + BULK);
    await tx.execute(
      sql`INSERT INTO admissible_charge (${LOADED_COLUMNS})
          SELECT ${session.idSessionCenou}, ${session.idDirection}, x.ligne, x.ine, x."nomEtudiant",
            x."prenomEtudiant", x."sexeEtudiant", x."dateNaissance"::date, x."lieuNaissance", x."anneeBac",
            x.moyenne, x."idVille", x."villeOrientation", ${idAuteur}
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(ligne int, ine text, "nomEtudiant" text,
            "prenomEtudiant" text, "sexeEtudiant" text, "dateNaissance" text, "lieuNaissance" text,
            "anneeBac" int, moyenne float8, "idVille" int, "villeOrientation" text)`,
    );
  }
  const r2 = aliasedTable(registreEtudiant, 'r2');
  const d2 = aliasedTable(dossier, 'd2');
  const [admitted] = await tx
    .select({ n: count() })
    .from(admissibleCharge)
    .where(
      and(
        eq(admissibleCharge.idSessionCenou, session.idSessionCenou),
        exists(
          tx
            .select({ one: sql`1` })
            .from(r2)
            .innerJoin(
              d2,
              and(
                eq(d2.idEtudiant, r2.idEtudiant),
                eq(d2.idSessionCenou, admissibleCharge.idSessionCenou),
                eq(d2.statutDossier, 'ADMIS'),
                isNull(d2.deletedAt),
              ),
            )
            .where(and(eq(sql`upper(${r2.ine})`, admissibleCharge.ine), isNull(r2.deletedAt))),
        ),
      ),
    );
  return { dejaAdmis: admitted?.n ?? 0 };
}
