import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { getResource } from '../../domain/resources/definitions';
import { storedFields, writeSchema } from '../../domain/resources/shape';
import type { ResourceDef, ResourceRow } from '../../domain/resources/types';
import { messages } from '../../domain/messages';
import { recordAudit, resourceChange } from '../audit/record';
import type { Db } from '../db/client';
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
  request: FastifyRequest;
  def: ResourceDef;
  mode: 'create' | 'update';
  id?: number;
  /** The stored row before the update (database column names). */
  existing?: Record<string, unknown>;
}

/** Extra behaviour of a resource, plugged into the generic machinery (users, sessions, quotas…). */
export interface ResourceHooks {
  /**
   * Checks and completes the validated data before it is written (may add columns, drop fields).
   * Runs after the generic checks: refs are live and locked, unique values free.
   */
  beforeWrite?(ctx: WriteContext, data: Record<string, unknown>): Promise<void> | void;
  afterWrite?(ctx: WriteContext & { id: number }, data: Record<string, unknown>): Promise<void> | void;
  beforeDelete?(ctx: {
    tx: Db;
    request: FastifyRequest;
    id: number;
    existing: Record<string, unknown>;
  }): Promise<void> | void;
  afterDelete?(ctx: {
    tx: Db;
    request: FastifyRequest;
    id: number;
    existing: Record<string, unknown>;
  }): Promise<void> | void;
  /** Extra list conditions from query parameters (`users?username=`). */
  listConditions?(query: Record<string, unknown>): SQL[];
  /** Removes what must never leave the server. */
  toResponse?(row: ResourceRow): ResourceRow;
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
    const parent = await lockRow(tx, getResource(f.ref!), Number(data[f.name]), 'KEY SHARE');
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

export async function createResource(
  db: Db,
  request: FastifyRequest,
  def: ResourceDef,
  hooks: ResourceHooks,
  body: unknown,
) {
  const data = validate(def, body, 'create');
  return db.transaction(async (tx) => {
    const ctx: WriteContext = { tx, request, def, mode: 'create' };
    await checkRefs(tx, def, data);
    await checkUniques(tx, def, data);
    await hooks.beforeWrite?.(ctx, data);
    const id = await insertRow(tx, def, data);
    await hooks.afterWrite?.({ ...ctx, id }, data);
    const row = (await getRow(tx, def, id))!;
    await recordAudit(tx, request, resourceChange('CREER', def, row));
    return row;
  });
}

export async function updateResource(
  db: Db,
  request: FastifyRequest,
  def: ResourceDef,
  hooks: ResourceHooks,
  id: number,
  body: unknown,
) {
  return db.transaction(async (tx) => {
    const existing = await lockRow(tx, def, id);
    if (!existing) throw notFound();
    const data = validate(def, body, 'update');
    const before = (await getRow(tx, def, id))!;
    const ctx: WriteContext = { tx, request, def, mode: 'update', id, existing };
    await checkRefs(tx, def, data);
    await checkUniques(tx, def, data, id);
    await hooks.beforeWrite?.(ctx, data);
    await updateRow(tx, def, id, data);
    await hooks.afterWrite?.({ ...ctx, id }, data);
    const row = (await getRow(tx, def, id))!;
    await recordAudit(tx, request, resourceChange('MODIFIER', def, row, before, data));
    return row;
  });
}

export async function deleteResource(
  db: Db,
  request: FastifyRequest,
  def: ResourceDef,
  hooks: ResourceHooks,
  id: number,
) {
  await db.transaction(async (tx) => {
    const existing = await lockRow(tx, def, id);
    if (!existing) throw notFound();
    await hooks.beforeDelete?.({ tx, request, id, existing });
    if (await isReferenced(tx, def, id)) throw new AppError('REFERENCE_UTILISEE');
    const before = (await getRow(tx, def, id))!;
    await softDeleteRow(tx, def, id);
    await hooks.afterDelete?.({ tx, request, id, existing });
    await recordAudit(tx, request, resourceChange('SUPPRIMER', def, before));
  });
  return { message: messages.operationReussie };
}
