import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { fieldLabel } from '../../domain/resources/labels';
import { outputFields } from '../../domain/resources/shape';
import type { ResourceDef, ResourceRow } from '../../domain/resources/types';
import {
  resourceCreateBody,
  resourceDeleteAnswer,
  resourceIdParams,
  resourceListAnswer,
  resourceListParams,
  resourceRead,
  resourceUpdateBody,
} from '../../domain/schemas/resources';
import { notModified } from '../../domain/schemas/common';
import { notFound } from '../errors';
import type { ExportColumn } from '../exports/writers';
import { sendList } from '../lists/pipeline';
import { revalidatedList } from '../lists/revalidation';
import { listQuerySchema } from '../lists/query';
import { requirePermission } from '../plugins/auth';
import { fieldEquals, getRow, resourceSource, revalidatedTables } from './repository';
import { createResource, deleteResource, updateResource, type ResourceHooks } from './service';

/** `?idCite=3`: equality filters on any id of the row (own or inherited), read by the route's schema. */
function equalityConditions(def: ResourceDef, query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  for (const f of outputFields(def)) {
    const value = query[f.name];
    if ((f.type === 'ref' || f.type === 'id') && typeof value === 'number')
      conditions.push(fieldEquals(def, f.name, value));
  }
  return conditions;
}

/**
 * A call that reads no body (a delete, a reset) sent with `Content-Type: application/json` and
 * nothing after it would fail JSON parsing (400): the empty body is simply ignored.
 */
export async function ignoreEmptyBody(request: FastifyRequest) {
  const { headers } = request;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0')
    delete headers['content-type'];
}

export function exportColumns(def: ResourceDef, names: string[]): ExportColumn[] {
  const fields = new Map(outputFields(def).map((f) => [f.name, f]));
  return names.map((key) => {
    const t = fields.get(key)?.type;
    return {
      key,
      label: fieldLabel(key),
      type:
        t === 'integer'
          ? 'integer'
          : t === 'date'
            ? 'date'
            : t === 'boolean'
              ? 'boolean'
              : t === 'enum'
                ? 'enum'
                : 'text',
    };
  });
}

/** A reference list's tag and `304` (docs/decisions/028-reference-lists-revalidated.md). */
function revalidatedHooks(app: FastifyInstance, def: ResourceDef) {
  const tables = revalidatedTables(def);
  return tables ? revalidatedList(app.revalidation, tables) : {};
}

/**
 * The five calls of a reference-data resource (list, get, create, update, soft delete) built from
 * its definition, guarded by its permissions (docs/api.md, docs/roles.md). Lists also answer `format=csv|xlsx`.
 */
export function registerResource(app: FastifyInstance, def: ResourceDef, hooks: ResourceHooks = {}) {
  const base = `/${def.name}`;
  const read = requirePermission(def.access.read);
  const write = requirePermission(def.access.write);
  const respond = (row: ResourceRow) => (hooks.toResponse ? hooks.toResponse(row) : row);
  const tags = [def.title];
  const source = resourceSource(def);
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

  app.get(
    base,
    {
      onRequest: read,
      ...revalidatedHooks(app, def),
      schema: {
        tags,
        summary: `Liste : ${def.title}`,
        querystring: listQuerySchema(source, {
          formats: ['csv', 'xlsx'],
          extra: { ...resourceListParams(def), ...hooks.listParams },
        }),
        response: {
          200: resourceListAnswer(def),
          ...(revalidatedTables(def) ? { 304: notModified } : {}),
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const extra = [...equalityConditions(def, query), ...(hooks.listConditions?.(query) ?? [])];
      const data = await sendList(reply, app.db, source, {
        query,
        extra,
        export: {
          prefix: def.name,
          sheet: def.title,
          columns: exportColumns(def, def.exportColumns ?? def.columns),
        },
      });
      return Array.isArray(data) ? (data as ResourceRow[]).map(respond) : data;
    },
  );

  // Response schemas (2xx only; error bodies come from the error handler): the serializer keeps
  // the row's declared fields only, whatever a hook forgot to strip.
  const row = resourceRead(def);

  app.get(
    `${base}/:id`,
    {
      onRequest: read,
      schema: {
        tags,
        summary: `Lire : ${def.dialogTitle}`,
        params: resourceIdParams,
        response: { 200: row },
      },
    },
    async (request) => {
      const found = await getRow(app.db, def, idOf(request));
      if (!found) throw notFound();
      return respond(found);
    },
  );

  app.post(
    base,
    {
      onRequest: write,
      schema: {
        tags,
        summary: `Créer : ${def.dialogTitle}`,
        body: resourceCreateBody(def),
        response: { 201: row },
      },
    },
    async (request, reply) => {
      const created = await createResource(app.db, request.auth ?? null, { def, hooks, body: request.body });
      return reply.status(201).send(respond(created));
    },
  );

  app.put(
    `${base}/:id`,
    {
      onRequest: write,
      schema: {
        tags,
        summary: `Modifier : ${def.dialogTitle}`,
        params: resourceIdParams,
        body: resourceUpdateBody(def),
        response: { 200: row },
      },
    },
    async (request) =>
      respond(
        await updateResource(app.db, request.auth ?? null, {
          def,
          hooks,
          id: idOf(request),
          body: request.body,
        }),
      ),
  );

  app.patch(
    `${base}/:id`,
    {
      onRequest: [write, ignoreEmptyBody],
      schema: {
        tags,
        summary: 'Supprimer',
        params: resourceIdParams,
        response: { 200: resourceDeleteAnswer },
      },
    },
    async (request) => deleteResource(app.db, request.auth ?? null, { def, hooks, id: idOf(request) }),
  );
}
