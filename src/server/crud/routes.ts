import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../domain/messages';
import { fieldLabel } from '../../domain/resources/labels';
import { outputFields, rowSchema, writeSchema } from '../../domain/resources/shape';
import type { ResourceDef, ResourceRow } from '../../domain/resources/types';
import { fieldError, notFound } from '../errors';
import type { ExportColumn } from '../exports/writers';
import { sendList } from '../lists/pipeline';
import { requirePermission } from '../plugins/auth';
import { fieldEquals, getRow, resourceSource } from './repository';
import { createResource, deleteResource, updateResource, type ResourceHooks } from './service';

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, { error: messages.identifiantInvalide }) });

/** The answer of a delete, a reset…: `{message}`. */
export const messageResponse = z.object({ message: z.string() });

/** `?idCite=3`: equality filters on any id of the row (own or inherited). */
function equalityConditions(def: ResourceDef, query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  for (const f of outputFields(def)) {
    if ((f.type !== 'ref' && f.type !== 'id') || query[f.name] === undefined || query[f.name] === '')
      continue;
    const value = String(query[f.name]);
    if (!/^\d{1,9}$/.test(value)) throw fieldError(f.name, 'valeurInvalide');
    conditions.push(fieldEquals(def, f.name, Number(value)));
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

/**
 * The five calls of a reference-data resource (list, get, create, update, soft delete) built from
 * its definition, guarded by its permissions (CONTRACT §2, §3). Lists also answer `format=csv|xlsx`.
 */
export function registerResource(app: FastifyInstance, def: ResourceDef, hooks: ResourceHooks = {}) {
  const base = `/${def.name}`;
  const read = requirePermission(def.access.read);
  const write = requirePermission(def.access.write);
  const respond = (row: ResourceRow) => (hooks.toResponse ? hooks.toResponse(row) : row);
  const tags = [def.title];
  const security = [{ bearer: [] }];

  app.get(
    base,
    { onRequest: read, schema: { tags, security, summary: `Liste : ${def.title}` } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const extra = [...equalityConditions(def, query), ...(hooks.listConditions?.(query) ?? [])];
      const data = await sendList(reply, app.db, resourceSource(def), {
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
  const row = rowSchema(def);

  app.get(
    `${base}/:id`,
    { onRequest: read, schema: { tags, security, params: idParams, response: { 200: row } } },
    async (request) => {
      const row = await getRow(app.db, def, Number((request.params as { id: string }).id));
      if (!row) throw notFound();
      return respond(row);
    },
  );

  app.post(
    base,
    {
      onRequest: write,
      schema: {
        tags,
        security,
        summary: `Créer : ${def.dialogTitle}`,
        body: writeSchema(def, 'create'),
        response: { 201: row },
      },
    },
    async (request, reply) => {
      const row = await createResource(app.db, request.auth ?? null, { def, hooks, body: request.body });
      return reply.status(201).send(respond(row));
    },
  );

  app.put(
    `${base}/:id`,
    {
      onRequest: write,
      schema: { tags, security, params: idParams, body: writeSchema(def, 'update'), response: { 200: row } },
    },
    async (request) => {
      const row = await updateResource(app.db, request.auth ?? null, {
        def,
        hooks,
        id: Number((request.params as { id: string }).id),
        body: request.body,
      });
      return respond(row);
    },
  );

  app.patch(
    `${base}/:id`,
    {
      onRequest: [write, ignoreEmptyBody],
      schema: { tags, security, params: idParams, summary: 'Supprimer', response: { 200: messageResponse } },
    },
    async (request) =>
      deleteResource(app.db, request.auth ?? null, {
        def,
        hooks,
        id: Number((request.params as { id: string }).id),
      }),
  );
}
