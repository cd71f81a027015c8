import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { and, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { getResource } from '../../domain/resources/definitions';
import { outputFields, storedFields } from '../../domain/resources/shape';
import type { FieldType, ResourceDef, ResourceRow } from '../../domain/resources/types';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { ColumnType, ListColumn, ListSource } from '../lists/pipeline';
import { RESOURCE_TABLES, type ResourceTable } from './tables';

/**
 * The generic resources' statements, built over the schema's table of each resource
 * (`RESOURCE_TABLES`, docs/decisions/043-typed-queries.md). Their rows are the resources' API
 * rows (`ResourceRow`), whose fields the definitions give.
 */

/** The resource's table of the schema. */
export function resourceTable(def: ResourceDef): ResourceTable {
  const hit = (RESOURCE_TABLES as Record<string, ResourceTable>)[def.name];
  if (!hit) throw new Error(`No table for resource ${def.name}`);
  return hit;
}

/** The column of a field of the resource (its API name), as the schema declares it. */
function columnOf(def: ResourceDef, field: string): PgColumn {
  const column = resourceTable(def).columns[field];
  if (!column) throw new Error(`No column for ${def.name}.${field}`);
  return column;
}

/** `alias.column` of a statement that names the table `alias` (a raw FROM, `selectParts`). */
const aliased = (alias: string, column: PgColumn): SQL =>
  sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;

/** The SELECT of a resource: its table (alias t0), a LEFT JOIN per parent, one expression per output field. */
interface SelectParts {
  from: SQL;
  columns: Record<string, SQL>;
}

const partsCache = new Map<string, SelectParts>();

function selectParts(def: ResourceDef): SelectParts {
  const hit = partsCache.get(def.name);
  if (hit) return hit;
  // One short alias per path of refs (t0 = the row, j1, j2… = parents), within PostgreSQL's 63 characters.
  const aliases = new Map<string, string>([['', 't0']]);
  const aliasOf = (via: string[]) => aliases.get(via.join('.'))!;
  const joins: SQL[] = [];
  const ensureJoin = (via: string[]) => {
    const key = via.join('.');
    if (aliases.has(key)) return;
    aliases.set(key, `j${aliases.size}`);
    let owner = def;
    for (const step of via.slice(0, -1)) owner = getResource(owner.fields.find((f) => f.name === step)!.ref!);
    const refField = via[via.length - 1];
    const target = getResource(owner.fields.find((f) => f.name === refField)!.ref!);
    const alias = aliasOf(via);
    joins.push(
      sql`LEFT JOIN ${resourceTable(target).table} ${sql.identifier(alias)} ON ${aliased(
        alias,
        columnOf(target, target.idField),
      )} = ${aliased(aliasOf(via.slice(0, -1)), columnOf(owner, refField))}`,
    );
  };
  const columns: Record<string, SQL> = {};
  for (const f of outputFields(def)) {
    for (let i = 1; i <= f.via.length; i++) ensureJoin(f.via.slice(0, i));
    columns[f.name] = aliased(aliasOf(f.via), columnOf(f.source, f.name));
  }
  const parts = {
    from: sql`${resourceTable(def).table} ${sql.identifier('t0')} ${sql.join(joins, sql` `)}`,
    columns,
  };
  partsCache.set(def.name, parts);
  return parts;
}

/** The row's field (own or inherited, as the list reads it) equals `value`. */
export const fieldEquals = (def: ResourceDef, name: string, value: number): SQL =>
  sql`${selectParts(def).columns[name]} = ${value}`;

const COLUMN_TYPES: Record<FieldType | 'id', ColumnType> = {
  id: 'id',
  ref: 'id',
  enum: 'enum',
  boolean: 'boolean',
  date: 'date',
  integer: 'integer',
  text: 'text',
  email: 'text',
  tel: 'text',
  password: 'text',
};

const sourceCache = new Map<string, ListSource<ResourceRow>>();

/**
 * The list source of a resource (the shared list pipeline): every output field is a column,
 * searched by `q` (but ids and booleans), filtered by equality (ids, enumerations, booleans), as
 * shown (dates) or by "contains"; the row's id breaks ties.
 */
export function resourceSource(def: ResourceDef): ListSource<ResourceRow> {
  const hit = sourceCache.get(def.name);
  if (hit) return hit;
  const parts = selectParts(def);
  const columns: Record<string, ListColumn> = {};
  for (const f of outputFields(def)) {
    columns[f.name] = {
      sql: parts.columns[f.name],
      type: COLUMN_TYPES[f.type],
      notNull: f.name === def.idField,
    };
  }
  const source: ListSource<ResourceRow> = {
    name: def.name,
    from: parts.from,
    columns,
    where: [liveRow(def)],
    defaultSort: def.defaultSort,
    key: idColumn(def),
    counter: def.counted ? def.table : undefined,
  };
  sourceCache.set(def.name, source);
  return source;
}

/**
 * The tables a reference list reads (its own and its parents'), when its answers are revalidated
 * (docs/decisions/028-reference-lists-revalidated.md): the reference data every staff member reads,
 * whose tables are watched by trigger `table_modifiee` (migration 0020). `undefined` for the
 * accounts list, whose table changes at every sign-in.
 */
export function revalidatedTables(def: ResourceDef): string[] | undefined {
  if (def.access.read !== 'reference.read') return undefined;
  return [...new Set([def.table, ...outputFields(def).map((f) => f.source.table)])];
}

/** The row's id and liveness in `selectParts`' statement (`t0`). */
const idColumn = (def: ResourceDef) => aliased('t0', columnOf(def, def.idField));
const liveRow = (def: ResourceDef) => sql`${aliased('t0', resourceTable(def).columns.deletedAt)} IS NULL`;

export async function getRow(db: Db, def: ResourceDef, id: number): Promise<ResourceRow | undefined> {
  const parts = selectParts(def);
  const [row] = await db
    .select(parts.columns)
    .from(parts.from)
    .where(and(liveRow(def), sql`${idColumn(def)} = ${id}`));
  return row;
}

/** Locks a live row (FOR UPDATE), or says it is not there: every column of its table, by property name. */
export async function lockRow(
  db: Db,
  def: ResourceDef,
  id: number,
  mode: 'update' | 'key share' = 'update',
): Promise<Record<string, unknown> | undefined> {
  const { table, columns } = resourceTable(def);
  const [row] = await db
    .select(getTableColumns(table))
    .from(table)
    .where(and(eq(columnOf(def, def.idField), id), isNull(columns.deletedAt)))
    .for(mode);
  return row;
}

/** The data of a write as the table's values: each field (API name) to its column. */
function valuesOf(def: ResourceDef, data: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (value === undefined) continue;
    columnOf(def, field);
    values[field] = value;
  }
  return values;
}

export async function insertRow(db: Db, def: ResourceDef, data: Record<string, unknown>): Promise<number> {
  const { table } = resourceTable(def);
  const [row] = await db
    .insert(table)
    .values(valuesOf(def, data))
    .returning({ id: columnOf(def, def.idField) });
  return Number(row.id);
}

export async function updateRow(db: Db, def: ResourceDef, id: number, data: Record<string, unknown>) {
  const { table, columns } = resourceTable(def);
  await db
    .update(table)
    .set({ ...valuesOf(def, data), updatedAt: sql`now()` })
    .where(and(eq(columnOf(def, def.idField), id), isNull(columns.deletedAt)));
}

export async function softDeleteRow(db: Db, def: ResourceDef, id: number) {
  const { table, columns } = resourceTable(def);
  await db
    .update(table)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(columnOf(def, def.idField), id), isNull(columns.deletedAt)));
}

/** Every (table, column) whose foreign key points at a table (by its SQL name), read from the schema. */
const referencing = new Map<string, { table: PgTable; column: PgColumn; deletedAt?: PgColumn }[]>();
for (const value of Object.values(schema)) {
  if (typeof value !== 'object' || value === null || !(Symbol.for('drizzle:IsDrizzleTable') in value))
    continue;
  const table = value as PgTable;
  const config = getTableConfig(table);
  const deletedAt = config.columns.find((c) => c.name === 'deleted_at');
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = getTableConfig(ref.foreignTable).name;
    const list = referencing.get(target) ?? [];
    list.push({ table, column: ref.columns[0], deletedAt });
    referencing.set(target, list);
  }
}
// An assignment's parents are checked by triggers, not foreign keys (decision 091): the same check.
for (const { column, parent } of schema.affectationParents) {
  const target = getTableConfig(parent).name;
  const list = referencing.get(target) ?? [];
  list.push({ table: schema.affectation, column, deletedAt: schema.affectation.deletedAt });
  referencing.set(target, list);
}

/** Whether a live row of another table still points at this one (delete refused, 409). */
export async function isReferenced(db: Db, def: ResourceDef, id: number): Promise<boolean> {
  for (const r of referencing.get(def.table) ?? []) {
    const [hit] = await db
      .select({ hit: sql`1` })
      .from(r.table)
      .where(and(eq(r.column, id), r.deletedAt ? isNull(r.deletedAt) : undefined))
      .limit(1);
    if (hit) return true;
  }
  return false;
}

/** Fields among `names` whose value is already taken by another live row (case-insensitive for text). */
export async function takenUniques(
  db: Db,
  def: ResourceDef,
  data: Record<string, unknown>,
  exceptId?: number,
): Promise<string[]> {
  const { table, columns } = resourceTable(def);
  const keys: string[][] = [
    ...storedFields(def)
      .filter((f) => f.unique)
      .map((f) => [f.name]),
    ...(def.uniques ?? []),
  ];
  const taken: string[] = [];
  for (const key of keys) {
    if (key.some((k) => data[k] === undefined || data[k] === null)) continue;
    const conds = key.map((k) =>
      typeof data[k] === 'string'
        ? sql`lower(${columnOf(def, k)}) = lower(${data[k]})`
        : eq(columnOf(def, k), data[k]),
    );
    if (exceptId !== undefined) conds.push(ne(columnOf(def, def.idField), exceptId));
    const [hit] = await db
      .select({ hit: sql`1` })
      .from(table)
      .where(and(isNull(columns.deletedAt), ...conds))
      .limit(1);
    if (hit) taken.push(key[key.length - 1]);
  }
  return taken;
}
