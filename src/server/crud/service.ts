import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { getResource } from '../../domain/resources/definitions';
import { storedFields, writeSchema } from '../../domain/resources/shape';
import type { ResourceDef, ResourceRow } from '../../domain/resources/types';
import { messages } from '../../domain/messages';
import { recordAudit, resourceChange } from '../audit/record';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import { withTransaction } from '../db/transaction';
import { AppError, fieldErrors, notFound, zodIssuesToFieldErrors } from '../errors';
import {
  getRow,
  insertRow,
  isReferenced,
  lockRow,
  softDeleteRow,
  takenUniques,
  updateRow,
} from './repository';

export interface WriteContext {
  tx: Db;
  /** Who writes; `null` = the system (seed, background jobs). */
  actor: Actor | null;
  def: ResourceDef;
  mode: 'create' | 'update';
  id?: number;
  /** The stored row before the update (database column names). */
  existing?: Record<string, unknown>;
}

interface DeleteContext {
  tx: Db;
  actor: Actor | null;
  id: number;
  /** The stored row (database column names). */
  existing: Record<string, unknown>;
}

/** Extra behaviour of a resource, plugged into the generic machinery (users, sessions, quotas…). */
export interface ResourceHooks {
  /**
   * Checks and completes the validated data before it is written (may add columns, drop fields).
   * Runs after the generic checks: refs are live and locked, unique values free.
   */
  beforeWrite?(ctx: WriteContext, data: Record<string, unknown>): Promise<void> | void;
  afterWrite?(ctx: WriteContext & { id: number }, data: Record<string, unknown>): Promise<void> | void;
  beforeDelete?(ctx: DeleteContext): Promise<void> | void;
  afterDelete?(ctx: DeleteContext): Promise<void> | void;
  /** Extra list conditions from query parameters (`users?username=`). */
  listConditions?(query: Record<string, unknown>): SQL[];
  /** The query parameters `listConditions` reads, declared on the list's route. */
  listParams?: z.ZodRawShape;
  /** Removes what must never leave the server. */
  toResponse?(row: ResourceRow): ResourceRow;
  /**
   * The resource's own writes, when its table belongs to a module's repository (the accounts: one
   * module writes `users`, docs/accounts.md): the generic machinery still checks, locks, runs the
   * hooks and writes the audit, and these write the row instead of `insertRow`, `updateRow` and
   * `softDeleteRow`. `data` is the validated data as the hooks completed it (API field names).
   */
  writer?: ResourceWriter;
}

export interface ResourceWriter {
  insert(tx: Db, data: Record<string, unknown>): Promise<number>;
  update(tx: Db, id: number, data: Record<string, unknown>): Promise<void>;
  softDelete(tx: Db, id: number): Promise<void>;
}

function validate(def: ResourceDef, body: unknown, mode: 'create' | 'update') {
  const parsed = writeSchema(def, mode).safeParse(body ?? {});
  if (!parsed.success) throw fieldErrors(zodIssuesToFieldErrors(parsed.error.issues));
  return parsed.data as Record<string, unknown>;
}

/** Every ref field must point at a live row, which is locked against a concurrent delete. */
async function checkRefs(tx: Db, def: ResourceDef, data: Record<string, unknown>) {
  const errors = [];
  for (const f of storedFields(def)) {
    if (f.type !== 'ref' || data[f.name] == null) continue;
    const parent = await lockRow(tx, getResource(f.ref!), Number(data[f.name]), 'key share');
    if (!parent) errors.push({ champ: f.name, message: messages.referenceInexistante });
  }
  if (errors.length) throw fieldErrors(errors);
}

async function checkUniques(tx: Db, def: ResourceDef, data: Record<string, unknown>, exceptId?: number) {
  const taken = await takenUniques(tx, def, data, exceptId);
  if (taken.length) {
    throw new AppError(
      'DOUBLON',
      'erreurDoublon',
      taken.map((champ) => ({ champ, message: messages.erreurDoublon })),
    );
  }
}

interface WriteInput {
  def: ResourceDef;
  hooks?: ResourceHooks;
}

/**
 * The generic writes of a reference-data resource: `(db, actor, input)`, no HTTP in sight. Each runs
 * in one transaction (retried on a serialization failure or a deadlock) and is written to the audit
 * log with its actor. The row returned is the API row; what must never leave (a password hash) is
 * taken out by the route's response schema and the resource's `toResponse` hook.
 */
export async function createResource(
  db: Db,
  actor: Actor | null,
  { def, hooks = {}, body }: WriteInput & { body: unknown },
) {
  const data = validate(def, body, 'create');
  return withTransaction(db, async (tx) => {
    // The hooks complete `data` (a hash, a key…): a retried run starts again from the validated body.
    const values = { ...data };
    const ctx: WriteContext = { tx, actor, def, mode: 'create' };
    await checkRefs(tx, def, values);
    await checkUniques(tx, def, values);
    await hooks.beforeWrite?.(ctx, values);
    const id = hooks.writer ? await hooks.writer.insert(tx, values) : await insertRow(tx, def, values);
    await hooks.afterWrite?.({ ...ctx, id }, values);
    const row = (await getRow(tx, def, id))!;
    await recordAudit(tx, actor, resourceChange('CREER', def, row));
    return row;
  });
}

export async function updateResource(
  db: Db,
  actor: Actor | null,
  { def, hooks = {}, id, body }: WriteInput & { id: number; body: unknown },
) {
  return withTransaction(db, async (tx) => {
    const existing = await lockRow(tx, def, id);
    if (!existing) throw notFound();
    const data = validate(def, body, 'update');
    const before = (await getRow(tx, def, id))!;
    const ctx: WriteContext = { tx, actor, def, mode: 'update', id, existing };
    await checkRefs(tx, def, data);
    await checkUniques(tx, def, data, id);
    await hooks.beforeWrite?.(ctx, data);
    if (hooks.writer) await hooks.writer.update(tx, id, data);
    else await updateRow(tx, def, id, data);
    await hooks.afterWrite?.({ ...ctx, id }, data);
    const row = (await getRow(tx, def, id))!;
    await recordAudit(tx, actor, resourceChange('MODIFIER', def, row, before, data));
    return row;
  });
}

export async function deleteResource(
  db: Db,
  actor: Actor | null,
  { def, hooks = {}, id }: WriteInput & { id: number },
) {
  await withTransaction(db, async (tx) => {
    const existing = await lockRow(tx, def, id);
    if (!existing) throw notFound();
    await hooks.beforeDelete?.({ tx, actor, id, existing });
    if (await isReferenced(tx, def, id)) throw new AppError('REFERENCE_UTILISEE');
    const before = (await getRow(tx, def, id))!;
    if (hooks.writer) await hooks.writer.softDelete(tx, id);
    else await softDeleteRow(tx, def, id);
    await hooks.afterDelete?.({ tx, actor, id, existing });
    await recordAudit(tx, actor, resourceChange('SUPPRIMER', def, before));
  });
  return { message: messages.operationReussie };
}
