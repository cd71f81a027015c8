import type { RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, NOTIFICATION_BASE, USSD_PATH } from '../../domain/api';
import { messages, type MessageKey } from '../../domain/messages';
import { EMPTY_AS_ABSENT, errorBody, noContent } from '../../domain/schemas/common';
import { FILE_TYPES, type FileType } from '../exports/file-types';

/**
 * What every API route says of itself beyond its own schemas (docs/api.md): the parameters it
 * does not declare are refused, the error statuses it may answer carry the error body, a guarded
 * route names its bearer token, and a route answering a file names its content types.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers only a file: its content types (`config: { produces: [FILE_TYPES.pdf] }`). */
    produces?: readonly FileType[];
  }
}

/** Each error status with the catalogue message that says what it means (its description). */
const ERROR_STATUSES = {
  400: 'erreurValidation',
  401: 'erreurNonAuthentifie',
  403: 'erreurInterdit',
  404: 'erreurIntrouvable',
  409: 'erreurConflit',
  413: 'erreurFichierTropGrand',
  415: 'erreurTypeContenu',
  412: 'erreurVersionProtocole',
  429: 'erreurTropDeTentatives',
  503: 'erreurServiceIndisponible',
} as const satisfies Record<number, MessageKey>;
type ErrorStatus = keyof typeof ERROR_STATUSES;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The statuses a few calls answer beyond what their shape tells (`METHOD path` under API_BASE):
 * the sign-in refuses a wrong password with 401 and changes nothing that could conflict; a
 * password change conflicts with nothing either.
 */
const BEYOND_SHAPE: Record<string, { add?: ErrorStatus[]; drop?: ErrorStatus[] }> = {
  'POST /campus-auth/signin': { add: [401], drop: [409] },
  'PUT /campus-auth/password': { drop: [409] },
  // The deposit form is refused like a deposit while the session does not take one.
  'GET /campus/dossier/depot': { add: [409] },
  // Room choice: a student no campaign gives a slot reads nothing of it (docs/room-choice.md#the-calls).
  'GET /campus/choix-chambre/moi': { add: [409] },
  'GET /campus/choix-chambre/chambres': { add: [409] },
  // The registration's look-up says that the student already has an account (docs/accounts.md).
  'GET /campus-auth/hebergement-etudiant/:ine': { add: [409] },
  // Resumable uploads (tus): an unsupported protocol version is a 412; a creation names no row
  // yet but a student's uploads in progress are counted (409); HEAD answers like a read, and its
  // 404 is an upload that is not the caller's. OPTIONS describes the server and refuses nothing.
  'POST /campus/televersement': { add: [412] },
  'GET /campus/televersement/:id': { add: [412] },
  'PATCH /campus/televersement/:id': { add: [412] },
  'DELETE /campus/televersement/:id': { add: [412], drop: [413, 415] },
  'OPTIONS /campus/televersement': { drop: [409, 413, 415] },
  // Procurations (docs/procurations.md): a helper's wrong, used or expired code is a 401; the
  // student's draft read or deposited without one saved is a 404.
  'POST /campus-auth/procuration': { add: [401], drop: [404, 409] },
  'GET /campus/dossier/brouillon': { add: [404] },
  'POST /campus/dossier/brouillon/depot': { add: [404] },
  // The provider's webhook: a wrong signature is a 401, an unreadable notification a 400; any
  // content type is read as text, and a notification told twice is answered again, not refused.
  [`POST ${NOTIFICATION_BASE}/notification`]: { add: [401], drop: [409, 415] },
  // The USSD gateway: a wrong secret is a 401; its answer is a screen, never a conflict.
  [`POST ${USSD_PATH}`]: { add: [401], drop: [409] },
};

/** The path of a route as the tables above name it: under API_BASE, or whole (the webhook). */
const routeKeyPath = (url: string) => (url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url);

/** Whether a route is one of the described calls: the API's, the provider's webhook, the USSD gateway's. */
const isDescribedCall = (url: string) =>
  url.startsWith(API_BASE) || url.startsWith(NOTIFICATION_BASE) || url === USSD_PATH;

/**
 * The keys of an object schema (through a preprocess or a pipe, or of each content type of a body
 * declared per content type, as fastify takes it); null when it is not an object.
 */
function keysOf(schema: unknown): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in) ?? keysOf(schema.out);
  const content = (schema as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  if (content && typeof content === 'object')
    return Object.values(content).flatMap((media) => keysOf(media?.schema) ?? []);
  return null;
}

/** A key naming a row: `idSessionCenou`, `idDossier`, an INE. */
const namesRow = (key: string) => /^id[A-Z]/.test(key) || key === 'ine' || key === 'ineEtudiant';

interface RouteShape {
  method: string;
  /** The route's path under API_BASE (`/campus/dossier/:id`). */
  path: string;
  guarded: boolean;
  rateLimited: boolean;
  /** The path has parameters, or the query or the body names a row. */
  namesRow: boolean;
}

/**
 * The error statuses of a call, from its shape: 400 for any input, 503 when the database is
 * unavailable, 401 and 403 behind a guard, 404 when it names a row, 409 for a write, 413 and 415
 * for a body, 429 when rate-limited.
 */
function errorStatuses(route: RouteShape): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 503]);
  if (route.guarded) [401, 403].forEach((s) => statuses.add(s as ErrorStatus));
  if (route.namesRow) statuses.add(404);
  if (WRITES.has(route.method)) [409, 413, 415].forEach((s) => statuses.add(s as ErrorStatus));
  if (route.rateLimited) statuses.add(429);
  const beyond = BEYOND_SHAPE[`${route.method} ${route.path}`];
  beyond?.add?.forEach((s) => statuses.add(s));
  beyond?.drop?.forEach((s) => statuses.delete(s));
  return [...statuses].sort((a, b) => a - b);
}

interface RouteSchema {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
  security?: unknown;
}

/**
 * Completes an API route's schema (from the `onRoute` hook): its path and query objects become
 * strict (an unknown parameter is a 400 naming it; a route declaring no query takes none), its
 * answers gain the error statuses it may give with the error body (a status the route declares
 * itself is kept), and a guarded route names the bearer token while a public one names none.
 */
export function completeApiRoute(route: RouteOptions, guarded: boolean): void {
  const schema: RouteSchema = { ...(route.schema as RouteSchema | undefined) };
  if (schema.params instanceof z.ZodObject) schema.params = schema.params.strict();
  schema.querystring =
    schema.querystring === undefined
      ? z.strictObject({})
      : schema.querystring instanceof z.ZodObject
        ? schema.querystring.strict()
        : schema.querystring;

  const method = [route.method].flat()[0];
  const path = routeKeyPath(route.url);
  const statuses = errorStatuses({
    method: method === 'HEAD' ? 'GET' : method,
    path,
    guarded,
    rateLimited: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined,
    namesRow:
      path.includes(':') ||
      [keysOf(schema.querystring), keysOf(schema.body)].some((keys) => keys?.some(namesRow) ?? false),
  });
  const response = { ...schema.response };
  for (const status of statuses) response[status] ??= errorBody;
  schema.response = response;

  if (guarded) schema.security ??= [{ bearer: [] }];
  else delete schema.security;
  route.schema = schema as RouteOptions['schema'];
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

/** The `format` values a route's query string offers (from its JSON schema). */
function formatsOf(querystring: unknown): string[] {
  const format = (querystring as { properties?: Record<string, JsonSchema> } | undefined)?.properties?.format;
  if (!format) return [];
  const branches = [format, ...((format.anyOf as JsonSchema[] | undefined) ?? [])];
  return branches.flatMap((b) => (Array.isArray(b.enum) ? (b.enum as unknown[]).map(String) : []));
}

const FILE_SCHEMA = { type: 'string', format: 'binary' };

/** The error body, once in the description's components; every error status refers to it. */
export const openapiComponents = {
  schemas: {
    ErrorBody: z.toJSONSchema(errorBody, { target: 'openapi-3.0', io: 'output' }) as OpenAPIV3.SchemaObject,
  },
};
const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

/**
 * OpenAPI 3.0 lets a `nullable` schema be null only where its `enum` lists null too: zod's
 * `z.enum([…]).nullable()` comes out as `{enum: […], nullable: true}`, which a validator reads as
 * "never null". Null is added to such enums, everywhere in a route's schemas (in place: the
 * transform's own copy).
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const x of node) nullInNullableEnums(x);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as JsonSchema;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) nullInNullableEnums(v);
}

/**
 * The description's transform: fastify-type-provider-zod's, then each error status described by
 * its catalogue message, and the file types added to the success answer of a route that answers
 * files (`config.produces`, or a `format` query parameter: csv, xlsx, pdf) beside its JSON.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input: TransformInput) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as (JsonSchema & { response?: Record<string, JsonSchema> }) | undefined;
  if (!schema || schema.hide || !isDescribedCall(input.url)) return out;
  nullInNullableEnums(schema);
  schema.operationId ??= operationIdOf(String([input.route.method].flat()[0]), input.url);

  const declared = (input.schema as RouteSchema | undefined)?.response ?? {};
  const response: Record<string, JsonSchema> = { ...schema.response };
  for (const [status, body] of Object.entries(response)) {
    const key = ERROR_STATUSES[Number(status) as ErrorStatus];
    if (!key) continue;
    const own = declared[status] !== errorBody;
    response[status] = {
      description: messages[key],
      content: { 'application/json': { schema: own ? body : ERROR_BODY_REF } },
    };
  }

  // An answer declared without a body is described without content.
  for (const [status, body] of Object.entries(declared))
    if (body === noContent) response[status] = { type: 'null', description: 'Sans corps.' };

  const config = (input.route as { config?: { produces?: readonly FileType[] } } | undefined)?.config;
  const files = new Set<string>(config?.produces ?? []);
  for (const format of formatsOf(schema.querystring)) {
    const type = FILE_TYPES[format as keyof typeof FILE_TYPES];
    if (type) files.add(type);
  }
  if (files.size > 0) {
    const json = response['200'];
    response['200'] = {
      content: {
        ...(json ? { 'application/json': { schema: json } } : {}),
        ...Object.fromEntries([...files].map((type) => [type, { schema: FILE_SCHEMA }])),
      },
    };
  }
  return { ...out, schema: { ...schema, response } };
};

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelWords = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(pascal)
    .join('');

/** What a method does, as the first word of an operation's id. */
const ACTIONS: Record<string, string> = {
  GET: 'get',
  HEAD: 'head',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
  OPTIONS: 'options',
};

/**
 * The operation's id, stable and unique (docs/api.md#the-openapi-description): the method, the
 * module (none for `campus`, `Auth` for the public `campus-auth`, `Paiements` for the webhook),
 * then each segment of the path, a parameter as `By<Name>`:
 * `GET campus/cite/{id}` → `getCiteById`, `POST campus-auth/signin` → `postAuthSignin`.
 */
function operationIdOf(method: string, url: string): string {
  const under = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url.slice('/service/api'.length);
  const segments = under.split('/').filter(Boolean);
  const words = segments.map((segment, i) => {
    if (segment.startsWith(':')) return `By${pascal(segment.slice(1))}`;
    if (i === 0 && segment === 'campus') return '';
    if (i === 0 && segment === 'campus-auth') return 'Auth';
    return camelWords(segment);
  });
  return `${ACTIONS[method.toUpperCase()] ?? method.toLowerCase()}${words.join('')}`;
}

interface DescribedParameter {
  in: string;
  name: string;
  schema?: Record<string, unknown>;
  allowEmptyValue?: boolean;
}
interface DescribedMedia {
  schema?: { properties?: Record<string, { type?: string }> };
  encoding?: Record<string, { contentType: string }>;
}
interface DescribedOperation {
  parameters?: DescribedParameter[];
  requestBody?: { content?: Record<string, DescribedMedia> };
}

/**
 * The last touches of the whole description (`transformObject`), which the route schemas cannot
 * carry: a query parameter whose empty value means none is marked `allowEmptyValue`; a multipart
 * body's object parts are JSON (`encoding`: the deposit's `dossier` part).
 */
export function finishDescription<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, DescribedOperation>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      for (const p of op.parameters ?? []) {
        if (p.schema?.[EMPTY_AS_ABSENT] === undefined) continue;
        delete p.schema[EMPTY_AS_ABSENT];
        if (p.in === 'query') p.allowEmptyValue = true;
      }
      const multipart = op.requestBody?.content?.['multipart/form-data'];
      const parts = Object.entries(multipart?.schema?.properties ?? {}).filter(
        ([, s]) => s.type === 'object',
      );
      if (multipart && parts.length > 0)
        multipart.encoding = Object.fromEntries(
          parts.map(([name]) => [name, { contentType: 'application/json' }]),
        );
    }
  }
  return doc;
}
