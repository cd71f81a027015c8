import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { TYPES_PAYS } from '../../../domain/enums';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { RegistrationInput, RegistryRow, VilleRef } from '../../../domain/registry';
import type { RegistryListRow } from '../../../domain/schemas/registry';
import { builtOnce, placeholderAs, type Db } from '../../db/client';
import { direction, registreEtudiant, sessionCenou, users, ville } from '../../db/schema';
import { listColumns, searchWords, type ListColumn, type ListSource } from '../../lists/pipeline';
import { yearsOfStaySql } from '../dossier/repository';

/**
 * Ville and direction are LEFT JOINs, though every row has both (`id_ville` and `ville.id_direction`
 * are NOT NULL foreign keys: the same rows as JOIN): PostgreSQL removes a LEFT JOIN to a unique key
 * that nothing reads, never an inner join, so the list's key query and count (which read neither
 * unless a scope or filter names them) walk the registry alone, index-only on registre_nom_live
 * (migration 0014), instead of joining and sorting every row.
 */
const r = alias(registreEtudiant, 'r');
const v = alias(ville, 'v');
const d = alias(direction, 'd');
const u = alias(users, 'u');
const sd = alias(sessionCenou, 'sd');
/** `table alias` of a FROM or a JOIN (an alias alone writes its name only). */
const t = (table: PgTable, short: string) => sql`${table} ${sql.identifier(short)}`;

const FROM = sql`${t(registreEtudiant, 'r')}
  LEFT JOIN ${t(ville, 'v')} ON ${v.idVille} = ${r.idVille}
  LEFT JOIN ${t(direction, 'd')} ON ${d.idDirection} = ${v.idDirection}
  LEFT JOIN ${t(users, 'u')} ON ${u.id} = ${r.idUser} AND ${u.deletedAt} IS NULL`;

/**
 * The years of stay counted for the student (docs/agency-rules.md#the-rules, `yearsOfStay` in
 * src/domain/agency-rules.ts), as its next candidacy counts them: the distinct academic years of its
 * assignments not cancelled before its direction's newest session (any year when the direction has
 * none yet), plus the years the registry holds from before the platform (the import's column).
 * A student housed last year through the platform reads 1, not 0 (decision 141).
 */
const ANNEES_HEBERGEMENT = yearsOfStaySql(
  sql`${r.idEtudiant}`,
  // The direction's newest session; with none yet, every year counts (no year reaches this one).
  sql`coalesce((SELECT max(${sd.anneeDebut}) FROM ${t(sessionCenou, 'sd')} WHERE ${sd.idDirection} = ${v.idDirection}), 100000)`,
  sql`${r.anneesHebergementAnterieures}`,
);

/** Every output field, over the schema's columns (a read of one row selects them with the builder). */
const REGISTRY_FIELDS = {
  idEtudiant: r.idEtudiant,
  ine: r.ine,
  nomEtudiant: r.nomEtudiant,
  prenomEtudiant: r.prenomEtudiant,
  sexeEtudiant: r.sexeEtudiant,
  dateNaissance: r.dateNaissance,
  lieuNaissance: r.lieuNaissance,
  telEtudiant: r.telEtudiant,
  emailEtudiant: r.emailEtudiant,
  universite: r.universite,
  filiere: r.filiere,
  niveau: r.niveau,
  villeOrientation: r.villeOrientation,
  idVille: r.idVille,
  nomVille: v.nomVille,
  idDirection: v.idDirection,
  libelleDirection: d.libelleDirection,
  anneeAcademique: r.anneeAcademique,
  anneeBac: r.anneeBac,
  serieBac: r.serieBac,
  moyenneBac: r.moyenneBac,
  libellePays: r.libellePays,
  typePays: r.typePays,
  anneesHebergementAnterieures: r.anneesHebergementAnterieures,
  // Nested: a select of one table (`getRegistryRow`) writes an expression's top-level columns
  // without their table's name, which the sub-select's `id_etudiant` would make ambiguous.
  anneesHebergement: sql<number>`${ANNEES_HEBERGEMENT}`,
  compte: sql<boolean>`(${u.id} IS NOT NULL)`,
  personnelBesoin: r.personnelBesoin,
  contact: r.contact,
  engagementStatutReglement: r.engagementStatutReglement,
  engagementPersonnelCaution: r.engagementPersonnelCaution,
  declarationSurHonneur: r.declarationSurHonneur,
  luApprouve: r.luApprouve,
};

/**
 * Every output field declared from the schema (docs/decisions/120-list-columns-from-the-schema.md):
 * a stored column's type, enumeration values and nullability are its Drizzle column's (a column of
 * `r` is never NULL when the schema says so; the ville's and direction's, read through LEFT JOINs,
 * may be), so that renaming a column or changing its kind in the schema fails `tsc` here or changes
 * the list with it. The files write each cell as its column types it (`fileTypeOf`,
 * ./routes.ts): the country type, an enumeration of the schema, by its label.
 */
const { col, computed } = listColumns(r);

// The domain's country types (the import's check, the labels) and the schema's are one list: a
// value the schema no longer has fails here.
const _typesPaysInSchema: readonly (typeof registreEtudiant.$inferSelect.typePays)[] = TYPES_PAYS;
void _typesPaysInSchema;
export const REGISTRY_COLUMNS: Record<keyof RegistryListRow, ListColumn> = {
  idEtudiant: col(r.idEtudiant),
  ine: col(r.ine),
  nomEtudiant: col(r.nomEtudiant),
  prenomEtudiant: col(r.prenomEtudiant),
  sexeEtudiant: col(r.sexeEtudiant),
  dateNaissance: col(r.dateNaissance),
  lieuNaissance: col(r.lieuNaissance),
  telEtudiant: col(r.telEtudiant),
  emailEtudiant: col(r.emailEtudiant),
  universite: col(r.universite),
  filiere: col(r.filiere),
  niveau: col(r.niveau),
  villeOrientation: col(r.villeOrientation),
  idVille: col(r.idVille),
  nomVille: col(v.nomVille),
  idDirection: col(v.idDirection),
  libelleDirection: col(d.libelleDirection),
  anneeAcademique: col(r.anneeAcademique),
  anneeBac: col(r.anneeBac),
  serieBac: col(r.serieBac),
  moyenneBac: col(r.moyenneBac),
  libellePays: col(r.libellePays),
  typePays: col(r.typePays),
  anneesHebergementAnterieures: col(r.anneesHebergementAnterieures),
  // A count per row: shown and exported, neither sorted nor filtered (the list keeps its index-only plans).
  anneesHebergement: computed(ANNEES_HEBERGEMENT, 'integer', {
    notNull: true,
    filter: 'none',
    sortable: false,
  }),
  compte: computed(REGISTRY_FIELDS.compte, 'boolean'),
  personnelBesoin: col(r.personnelBesoin),
  contact: col(r.contact),
  engagementStatutReglement: col(r.engagementStatutReglement),
  engagementPersonnelCaution: col(r.engagementPersonnelCaution),
  declarationSurHonneur: col(r.declarationSurHonneur),
  luApprouve: col(r.luApprouve),
};

/** `q`: every word must appear in the folded INE and names (the `recherche` column). */
export function searchWordsCondition(q: string | undefined): SQL[] {
  if (!q) return [];
  return searchWords(q).map(
    (w) =>
      sql`${r.recherche} LIKE ('%' || fold(${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}) || '%') ESCAPE '\\'`,
  );
}

/** The registry as a list of the shared pipeline: always paged, searched word by word. */
export const registrySource: ListSource<RegistryListRow> = {
  name: 'registre-etudiant',
  from: FROM,
  columns: REGISTRY_COLUMNS,
  where: [sql`${r.deletedAt} IS NULL`],
  defaultSort: 'nomEtudiant,asc;prenomEtudiant,asc',
  key: sql`${r.idEtudiant}`,
  search: searchWordsCondition,
  alwaysPaged: true,
};

/** The registry's students the actor may read (`v`: the student's ville): its direction's, or all. */
export const readableStudents = (actor: Actor | null): SQL =>
  scopeCondition(actor, 'registry.read', { direction: sql`${v.idDirection}` });

/** The registry list's own filters, each when given: a ville, a direction, with or without an account. */
export function registryFilters(f: { idVille?: number; idDirection?: number; compte?: boolean }): SQL[] {
  const conditions: SQL[] = [];
  if (f.idVille !== undefined) conditions.push(sql`${r.idVille} = ${f.idVille}`);
  if (f.idDirection !== undefined) conditions.push(sql`${v.idDirection} = ${f.idDirection}`);
  if (f.compte !== undefined) conditions.push(f.compte ? sql`${u.id} IS NOT NULL` : sql`${u.id} IS NULL`);
  return conditions;
}

export async function getRegistryRow(db: Db, idEtudiant: number): Promise<RegistryListRow | undefined> {
  const [row] = await db
    .select(REGISTRY_FIELDS)
    .from(r)
    // Every row has its ville and direction (NOT NULL foreign keys): inner joins, typed not null.
    .innerJoin(v, eq(v.idVille, r.idVille))
    .innerJoin(d, eq(d.idDirection, v.idDirection))
    .leftJoin(u, and(eq(u.id, r.idUser), isNull(u.deletedAt)))
    .where(and(isNull(r.deletedAt), eq(r.idEtudiant, idEtudiant)));
  return row;
}

export async function villeDirection(db: Db, idVille: number) {
  const [row] = await db
    .select({ idDirection: ville.idDirection })
    .from(ville)
    .where(and(eq(ville.idVille, idVille), isNull(ville.deletedAt)));
  return row;
}

export async function liveVilles(db: Db): Promise<VilleRef[]> {
  return db
    .select({ idVille: ville.idVille, nomVille: ville.nomVille, cleVille: ville.cleVille })
    .from(ville)
    .where(isNull(ville.deletedAt));
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
/**
 * The columns an import writes, by the schema's names, each with its SQL type in the batch's
 * recordset: the statement's text is made from them, so a column renamed in the schema fails
 * here at compile time.
 */
const IMPORTED = {
  ine: [registreEtudiant.ine, 'text'],
  nomEtudiant: [registreEtudiant.nomEtudiant, 'text'],
  prenomEtudiant: [registreEtudiant.prenomEtudiant, 'text'],
  sexeEtudiant: [registreEtudiant.sexeEtudiant, 'text'],
  dateNaissance: [registreEtudiant.dateNaissance, 'date'],
  lieuNaissance: [registreEtudiant.lieuNaissance, 'text'],
  telEtudiant: [registreEtudiant.telEtudiant, 'text'],
  emailEtudiant: [registreEtudiant.emailEtudiant, 'text'],
  universite: [registreEtudiant.universite, 'text'],
  filiere: [registreEtudiant.filiere, 'text'],
  niveau: [registreEtudiant.niveau, 'text'],
  villeOrientation: [registreEtudiant.villeOrientation, 'text'],
  idVille: [registreEtudiant.idVille, 'integer'],
  anneeAcademique: [registreEtudiant.anneeAcademique, 'text'],
  anneeBac: [registreEtudiant.anneeBac, 'integer'],
  serieBac: [registreEtudiant.serieBac, 'text'],
  moyenneBac: [registreEtudiant.moyenneBac, 'double precision'],
  libellePays: [registreEtudiant.libellePays, 'text'],
  typePays: [registreEtudiant.typePays, 'text'],
  anneesHebergementAnterieures: [registreEtudiant.anneesHebergementAnterieures, 'integer'],
} satisfies { [K in keyof RegistryRow & keyof typeof registreEtudiant.$inferInsert]?: [AnyPgColumn, string] };

/** A column's bare name (an INSERT's list, EXCLUDED's, the recordset's). */
const name = (column: AnyPgColumn) => sql.identifier(column.name);

/**
 * Inserts or updates one batch of checked rows in one statement: a known INE (live row) is updated,
 * its account columns untouched; the account of an already registered student follows its name and
 * direction. Returns how many rows were inserted and how many updated. Raw SQL over the schema's
 * columns (its conflict target is the expression index `upper(ine)` of live rows, which the
 * builder's `onConflictDoUpdate` cannot name); its answer is typed from the schema.
 */
export async function upsertRegistryBatch(tx: Db, batch: RegistryRow[]) {
  const fields = Object.entries(IMPORTED) as [keyof typeof IMPORTED, [AnyPgColumn, string]][];
  const payload = JSON.stringify(
    batch.map((row) => Object.fromEntries(fields.map(([key, [column]]) => [column.name, row[key]]))),
  );
  const re = registreEtudiant;
  // The optional column (docs/agency-rules.md): a file without it keeps the years recorded.
  const priorYears =
    batch[0]?.anneesHebergementAnterieures == null
      ? sql`${re.anneesHebergementAnterieures}`
      : sql`EXCLUDED.${name(re.anneesHebergementAnterieures)}`;
  const updated = fields
    .map(([, [column]]) => column)
    .filter((column) => column !== re.ine && column !== re.anneesHebergementAnterieures);
  const src = sql.join(
    fields.map(([, [column, type]]) => sql`${name(column)} ${sql.raw(type)}`),
    sql`, `,
  );
  const value = (column: AnyPgColumn) =>
    column === re.anneesHebergementAnterieures ? sql`COALESCE(${name(column)}, 0)` : name(column);
  const up = sql`INSERT INTO ${registreEtudiant} (${sql.join(
    fields.map(([, [column]]) => name(column)),
    sql`, `,
  )}, ${name(re.recherche)})
    SELECT ${sql.join(
      fields.map(([, [column]]) => value(column)),
      sql`, `,
    )}, fold(${name(re.ine)} || ' ' || ${name(re.nomEtudiant)} || ' ' || ${name(re.prenomEtudiant)})
    FROM jsonb_to_recordset(${payload}::jsonb) AS x(${src})
    ON CONFLICT (upper(${name(re.ine)})) WHERE ${name(re.deletedAt)} IS NULL DO UPDATE SET
      ${sql.join(
        updated.map((column) =>
          column === re.emailEtudiant
            ? sql`${name(column)} = CASE WHEN ${re.idUser} IS NULL THEN EXCLUDED.${name(column)} ELSE ${column} END`
            : sql`${name(column)} = EXCLUDED.${name(column)}`,
        ),
        sql`, `,
      )},
      ${name(re.recherche)} = EXCLUDED.${name(re.recherche)},
      ${name(re.anneesHebergementAnterieures)} = ${priorYears},
      ${name(re.updatedAt)} = now()
    RETURNING ${name(re.idUser)} AS id_user, (xmax = 0) AS inserted`;
  const made = tx
    .$with('up', {
      idUser: sql<(typeof re.$inferSelect)['idUser']>`id_user`.as('id_user'),
      inserted: sql<boolean>`inserted`.as('inserted'),
    })
    .as(up);
  const [result] = await tx
    .with(made)
    .select({
      importes: sql<number>`count(*) FILTER (WHERE inserted)::int`.mapWith(Number),
      misAJour: sql<number>`count(*) FILTER (WHERE NOT inserted)::int`.mapWith(Number),
      comptes: sql<
        NonNullable<(typeof re.$inferSelect)['idUser']>[]
      >`coalesce(array_agg(id_user) FILTER (WHERE id_user IS NOT NULL), '{}')`,
    })
    .from(made);
  return result ?? { importes: 0, misAJour: 0, comptes: [] };
}

/**
 * A registration links its account to the student's registry row and keeps the complementary data
 * and the engagements given then (modules/registration, in its transaction): the registry's one
 * writer is this repository.
 */
export async function linkAccount(tx: Db, idEtudiant: number, idUser: number, input: RegistrationInput) {
  await linkAccountStatement(tx).execute({
    idEtudiant,
    idUser,
    emailEtudiant: input.emailEtudiant,
    personnelBesoin: input.personnelBesoin,
    contact: input.contact,
    engagementStatutReglement: input.engagementStatutReglement,
    engagementPersonnelCaution: input.engagementPersonnelCaution,
    declarationSurHonneur: input.declarationSurHonneur,
    luApprouve: input.luApprouve,
  });
}

/** `linkAccount`'s statement, built once per connection. */
const linkAccountStatement = builtOnce((tx) => {
  return tx
    .update(registreEtudiant)
    .set({
      idUser: placeholderAs('idUser', 'int'),
      emailEtudiant: placeholderAs('emailEtudiant', 'text'),
      personnelBesoin: placeholderAs('personnelBesoin', 'text'),
      contact: placeholderAs('contact', 'text'),
      engagementStatutReglement: placeholderAs('engagementStatutReglement', 'boolean'),
      engagementPersonnelCaution: placeholderAs('engagementPersonnelCaution', 'boolean'),
      declarationSurHonneur: placeholderAs('declarationSurHonneur', 'boolean'),
      luApprouve: placeholderAs('luApprouve', 'boolean'),
      updatedAt: sql`now()`,
    })
    .where(eq(registreEtudiant.idEtudiant, sql.placeholder('idEtudiant')))
    .prepare('registre_compte_lie');
});
