import { and, count, eq, exists, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdmissibleRow } from '../../../domain/admissibles';
import type { Permission } from '../../../domain/permissions';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import { isoUtcOrNull } from '../../db/clock';
import type { Db } from '../../db/client';
import { admissibleCharge, dossier, registreEtudiant, ville } from '../../db/schema';
import type { OfferAnswer } from '../dossier/repository';
import { listColumns, literal, type ListSource } from '../../lists/pipeline';

/**
 * The admitted students of a session (docs/deliberation.md): the ADMIS dossiers of the published
 * deliberation, plus the students of the admissible upload whose INE is not among them (an INE
 * already admitted is listed once). One row shape for both; `origine` says where a row comes from.
 * The union holds the two tables' own rows only; a deliberation row's student (and its town) is
 * one LEFT JOIN on the registry's key: the list pipeline reads a page's or an export batch's keys
 * first, where the planner drops the joins that the order does not need, then each kept row's
 * columns by its key (one registry look-up a row, not one a column).
 */
const d = alias(dossier, 'd');
const c = alias(admissibleCharge, 'c');
const r = alias(registreEtudiant, 'r');
const r2 = alias(registreEtudiant, 'r2');
const d2 = alias(dossier, 'd2');
const v = alias(ville, 'v');
/**
 * The union's row, read under its alias `a` through the schema's tables: its first branch keeps the
 * names of the dossier's columns (`aD.moyenne` is `"a"."moyenne"`) and names its empty student
 * columns after the uploaded students' (`aC.ine`), so a column renamed in the schema fails `tsc`
 * here. Its own columns (`id_ligne`, `origine`, `nom_ville`) are named by this file alone.
 */
const aD = alias(dossier, 'a');
const aC = alias(admissibleCharge, 'a');
/** A column of the union's first branch named as the schema's column `column`. */
const named = (column: Column) => sql.identifier(column.name);

const FROM = sql`(
  SELECT ${d.idDossier} AS id_ligne, ${d.idSessionCenou}, ${d.idDirection}, ${d.idEtudiant}, ${d.moyenne},
    ${d.listeDeliberation}, ${d.rang}, ${d.reponse}, ${d.dateLimiteReponse}, 'DELIBERATION'::text AS origine,
    NULL::text AS ${named(aC.ine)}, NULL::text AS ${named(aC.nomEtudiant)}, NULL::text AS ${named(aC.prenomEtudiant)},
    NULL::text AS ${named(aC.sexeEtudiant)}, NULL::date AS ${named(aC.dateNaissance)}, NULL::text AS ${named(aC.lieuNaissance)},
    NULL::int AS ${named(aC.anneeBac)}, NULL::text AS nom_ville
  FROM ${dossier} d
  WHERE ${d.statutDossier} = ${literal(d.statutDossier, 'ADMIS')} AND ${d.deletedAt} IS NULL
  UNION ALL
  SELECT -${c.idAdmissibleCharge}, ${c.idSessionCenou}, ${c.idDirection}, NULL::int, ${c.moyenne},
    NULL::text, NULL::int, ${literal(d.reponse, 'ACCEPTE')}::text, NULL::timestamptz, 'CHARGEMENT'::text,
    ${c.ine}, ${c.nomEtudiant}, ${c.prenomEtudiant}, ${c.sexeEtudiant}, ${c.dateNaissance}, ${c.lieuNaissance},
    ${c.anneeBac}, ${c.villeOrientation}
  FROM ${admissibleCharge} c
  WHERE NOT EXISTS (
    SELECT 1 FROM ${registreEtudiant} r2
    JOIN ${dossier} d2 ON ${d2.idEtudiant} = ${r2.idEtudiant} AND ${d2.idSessionCenou} = ${c.idSessionCenou}
      AND ${d2.statutDossier} = ${literal(d2.statutDossier, 'ADMIS')} AND ${d2.deletedAt} IS NULL
    WHERE upper(${r2.ine}) = ${c.ine} AND ${r2.deletedAt} IS NULL)
) a
LEFT JOIN ${registreEtudiant} r ON ${r.idEtudiant} = ${aD.idEtudiant}
LEFT JOIN ${ville} v ON ${v.idVille} = ${r.idVille}`;

/** Either origin's value of a student's column: the registry's, else the upload's. */
const either = (registry: Column, loaded: Column) => sql`COALESCE(${registry}, ${loaded})`;

const { col, computed } = listColumns(aD);

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
    ine: computed(either(r.ine, aC.ine), 'text', { notNull: true }),
    nomEtudiant: computed(either(r.nomEtudiant, aC.nomEtudiant), 'text', { notNull: true }),
    prenomEtudiant: computed(either(r.prenomEtudiant, aC.prenomEtudiant), 'text', { notNull: true }),
    sexeEtudiant: computed(either(r.sexeEtudiant, aC.sexeEtudiant), 'enum'),
    dateNaissance: computed(either(r.dateNaissance, aC.dateNaissance), 'date'),
    lieuNaissance: computed(either(r.lieuNaissance, aC.lieuNaissance), 'text'),
    anneeBac: computed(either(r.anneeBac, aC.anneeBac), 'integer'),
    // Shown rounded to 2 decimals (halves away from zero); ranks were made at full precision.
    moyenne: computed(sql`round(${aD.moyenne}::numeric, 2)::float8`, 'number', {
      sortSql: sql`${aD.moyenne}`,
    }),
    nomVille: computed(sql`COALESCE(${v.nomVille}, a.nom_ville)`, 'text'),
    telEtudiant: computed(
      sql`CASE WHEN ${aD.idEtudiant} IS NOT NULL THEN ${r.telEtudiant}
        ELSE (SELECT ${r2.telEtudiant} FROM ${registreEtudiant} r2 WHERE upper(${r2.ine}) = ${aC.ine} AND ${r2.deletedAt} IS NULL) END`,
      'text',
    ),
    listeDeliberation: col(aD.listeDeliberation),
    rang: col(aD.rang),
    reponse: col(aD.reponse),
    dateLimiteReponse: computed(isoUtcOrNull(aD.dateLimiteReponse), 'timestamp', {
      sortSql: sql`${aD.dateLimiteReponse}`,
      filterSql: sql`to_char(${aD.dateLimiteReponse}, 'DD/MM/YYYY')`,
    }),
    origine: computed(sql`a.origine`, 'enum', { notNull: true }),
    idDossier: computed(sql`CASE WHEN a.id_ligne > 0 THEN a.id_ligne END`, 'id'),
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
    scopeCondition(actor, permission, { direction: sql`${aD.idDirection}` }),
    sql`${aD.idSessionCenou} = ${f.idSessionCenou}`,
  ];
  if (f.idDirection !== undefined) conditions.push(sql`${aD.idDirection} = ${f.idDirection}`);
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
      enAttente: sql<number>`count(*) FILTER (WHERE ${aD.reponse} = ${'EN_ATTENTE' satisfies OfferAnswer})::int`,
      acceptes: sql<number>`count(*) FILTER (WHERE ${aD.reponse} = ${'ACCEPTE' satisfies OfferAnswer})::int`,
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
