import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { getResource } from '../../domain/resources/definitions';
import { outputFields, snake, storedFields } from '../../domain/resources/shape';
import type { FieldType, ResourceDef, ResourceRow } from '../../domain/resources/types';
import { one, type Db } from '../db/client';
import * as schema from '../db/schema';
import type { ColumnType, ListColumn, ListSource } from '../lists/pipeline';

/** The SELECT of a resource: its table (alias t0), a LEFT JOIN per parent, one expression per output field. */
export interface SelectParts {
  from: SQL;
  columns: Record<string, SQL>;
}

const partsCache = new Map<string, SelectParts>();

export function selectParts(def: ResourceDef): SelectParts {
  const hit = partsCache.get(def.name);
  if (hit) return hit;
  // One short alias per path of refs (t0 = the row, j1, j2… = parents), within PostgreSQL's 63 characters.
  const aliases = new Map<string, string>([['', 't0']]);
  const aliasOf = (via: string[]) => aliases.get(via.join('.'))!;
  const joins: string[] = [];
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
      `LEFT JOIN ${target.table} ${alias} ON ${alias}.${snake(target.idField)} = ${aliasOf(via.slice(0, -1))}.${snake(refField)}`,
    );
  };
  const columns: Record<string, SQL> = {};
  for (const f of outputFields(def)) {
    for (let i = 1; i <= f.via.length; i++) ensureJoin(f.via.slice(0, i));
    columns[f.name] = sql.raw(`${aliasOf(f.via)}.${f.column}`);
  }
  const parts = { from: sql.raw(`${def.table} t0 ${joins.join(' ')}`), columns };
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
    where: [sql`t0.deleted_at IS NULL`],
    defaultSort: def.defaultSort,
    key: idColumn(def),
    counter: def.counted ? def.table : undefined,
  };
  sourceCache.set(def.name, source);
  return source;
}

function selectList(parts: SelectParts): SQL {
  return sql.join(
    Object.entries(parts.columns).map(([name, expr]) => sql`${expr} AS ${sql.identifier(name)}`),
    sql`, `,
  );
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

const idColumn = (def: ResourceDef) => sql.raw(`t0.${snake(def.idField)}`);

export async function getRow(db: Db, def: ResourceDef, id: number): Promise<ResourceRow | undefined> {
  const parts = selectParts(def);
  return one<ResourceRow>(
    db,
    sql`SELECT ${selectList(parts)} FROM ${parts.from} WHERE t0.deleted_at IS NULL AND ${idColumn(def)} = ${id}`,
  );
}

/** Locks a live row (FOR UPDATE), or says it is not there. */
export async function lockRow(db: Db, def: ResourceDef, id: number, mode: 'UPDATE' | 'KEY SHARE' = 'UPDATE') {
  return one<Record<string, unknown>>(
    db,
    sql`SELECT * FROM ${sql.raw(def.table)} WHERE ${sql.raw(snake(def.idField))} = ${id} AND deleted_at IS NULL
        FOR ${sql.raw(mode)}`,
  );
}

function columnValues(data: Record<string, unknown>): [SQL, unknown][] {
  return Object.entries(data)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [sql.raw(snake(k)), v]);
}

export async function insertRow(db: Db, def: ResourceDef, data: Record<string, unknown>): Promise<number> {
  const cv = columnValues(data);
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO ${sql.raw(def.table)} (${sql.join(
      cv.map(([c]) => c),
      sql`, `,
    )}) VALUES (${sql.join(
      cv.map(([, v]) => sql`${v}`),
      sql`, `,
    )}) RETURNING ${sql.raw(snake(def.idField))} AS id`,
  );
  return row!.id;
}

export async function updateRow(db: Db, def: ResourceDef, id: number, data: Record<string, unknown>) {
  const sets = columnValues(data).map(([c, v]) => sql`${c} = ${v}`);
  sets.push(sql`updated_at = now()`);
  await db.execute(
    sql`UPDATE ${sql.raw(def.table)} SET ${sql.join(sets, sql`, `)}
        WHERE ${sql.raw(snake(def.idField))} = ${id} AND deleted_at IS NULL`,
  );
}

export async function softDeleteRow(db: Db, def: ResourceDef, id: number) {
  await db.execute(
    sql`UPDATE ${sql.raw(def.table)} SET deleted_at = now(), updated_at = now()
        WHERE ${sql.raw(snake(def.idField))} = ${id} AND deleted_at IS NULL`,
  );
}

/** Every (table, column) whose foreign key points at the table, read from the Drizzle schema. */
const referencing = new Map<string, { table: string; column: string; soft: boolean }[]>();
for (const value of Object.values(schema)) {
  if (typeof value !== 'object' || value === null || !(Symbol.for('drizzle:IsDrizzleTable') in value))
    continue;
  const config = getTableConfig(value as PgTable);
  const soft = config.columns.some((c) => c.name === 'deleted_at');
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = getTableConfig(ref.foreignTable).name;
    const list = referencing.get(target) ?? [];
    list.push({ table: config.name, column: ref.columns[0].name, soft });
    referencing.set(target, list);
  }
}

/** Whether a live row of another table still points at this one (delete refused, 409). */
export async function isReferenced(db: Db, def: ResourceDef, id: number): Promise<boolean> {
  for (const r of referencing.get(def.table) ?? []) {
    const hit = await one(
      db,
      sql`SELECT 1 FROM ${sql.raw(r.table)} WHERE ${sql.raw(r.column)} = ${id} ${
        r.soft ? sql`AND deleted_at IS NULL` : sql``
      } LIMIT 1`,
    );
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
        ? sql`lower(${sql.raw(snake(k))}) = lower(${data[k]})`
        : sql`${sql.raw(snake(k))} = ${data[k]}`,
    );
    if (exceptId !== undefined) conds.push(sql`${sql.raw(snake(def.idField))} <> ${exceptId}`);
    const hit = await one(
      db,
      sql`SELECT 1 FROM ${sql.raw(def.table)} WHERE deleted_at IS NULL AND ${sql.join(conds, sql` AND `)} LIMIT 1`,
    );
    if (hit) taken.push(key[key.length - 1]);
  }
  return taken;
}
