/**
 * Requests generated from the OpenAPI description, and the check of their answers against it
 * (tests/api/openapi-fuzz.test.ts). The generator covers the subset of JSON Schema the description
 * uses (OpenAPI 3.0): objects with properties, `required` and `additionalProperties`; strings with
 * lengths, `pattern`, `format` date, date-time and email, `enum`; integers and numbers with bounds;
 * booleans; arrays; `nullable`, `anyOf`, `oneOf`, and `$ref` to the components. Most values are
 * valid, so that calls reach their handlers; some requests are spoiled on purpose (a required
 * field dropped, an unknown field or parameter added, a value of the wrong type), so that the
 * refusals are tried too.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Media {
  schema?: Schema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface ApiOperation {
  method: string;
  /** The path as the description writes it: `/service/api/…/campus/cite/{id}`. */
  path: string;
  op: Operation;
  /** `GET campus/cite/{id}`: the path under `base`. */
  key: string;
}

// OPTIONS and HEAD: the resumable uploads' (tus). The HEAD fastify answers for every GET is not
// listed.
const METHODS = ['get', 'head', 'put', 'post', 'patch', 'delete', 'options'];

export function operationsOf(doc: OpenApiDoc, base: string): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(base)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      out.push({
        method: method.toUpperCase(),
        path,
        op,
        key: `${method.toUpperCase()} ${path.slice(base.length).replace(/^\//, '')}`,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values

/** Values worth trying for parameters and fields by name: ids of existing rows, known INEs… */
export interface Hints {
  /** Ids, mostly of existing rows (1 to 20). */
  ids: fc.Arbitrary<number>;
  /** Known values of a field or parameter by its name (`ine`, `code`…). */
  strings: Record<string, string[]>;
  /**
   * The only values tried for a field, parameter or header by its name: those a generator cannot
   * make from the description (a phone number, tus's metadata).
   */
  exact?: Record<string, string[]>;
}

const isId = (name: string) => name === 'id' || /^id[A-Z]/.test(name);
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

function resolve(doc: OpenApiDoc, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

const typesOf = (s: Schema): string[] => (s.type === undefined ? [] : [s.type].flat());

function isoDate(d: Date) {
  return d.toISOString().slice(0, 10);
}

const dates = fc.date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true });

/** A JSON Schema pattern as a JavaScript regular expression (Unicode when it allows). */
function regex(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

const probed = new WeakMap<Schema, fc.Arbitrary<string>>();

/** `fc.stringMatching`, or nothing for a pattern it cannot generate from (a lookahead). */
function matching(re: RegExp, size: 'xsmall' | 'medium'): fc.Arbitrary<string>[] {
  try {
    const arb = fc.stringMatching(re, { size });
    fc.sample(arb, { seed: 1, numRuns: 1 });
    return [arb];
  } catch {
    return [];
  }
}

/**
 * Texts the schema accepts: from its patterns (`fc.stringMatching`), its format, or any text,
 * kept when they meet every pattern and length. A source that rarely meets them (a pattern with
 * a minimum length) is left out, so that filtering never spins.
 */
function acceptedText(s: Schema): fc.Arbitrary<string> {
  const hit = probed.get(s);
  if (hit) return hit;
  const patterns = [s.pattern, ...(s.allOf ?? []).map((b) => b.pattern)]
    .filter((p): p is string => p !== undefined)
    .map(regex);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  const accept = (v: string) => v.length >= min && v.length <= max && patterns.every((re) => re.test(v));
  const len = { minLength: min, maxLength: Math.max(min, Math.min(max, 24)) };
  const sources: fc.Arbitrary<string>[] = [
    ...(s.format === 'email' ? [fc.emailAddress()] : []),
    ...patterns.flatMap((re) => matching(re, 'xsmall')),
    ...patterns.flatMap((re) => matching(re, 'medium')),
    fc.string(len),
    fc.string({ ...len, unit: 'grapheme' }),
  ];
  const kept = sources.filter((a) => fc.sample(a, { seed: 1, numRuns: 40 }).filter(accept).length >= 4);
  const arb = kept.length ? fc.oneof(...kept).filter(accept) : sources[0];
  probed.set(s, arb);
  return arb;
}

function stringOf(s: Schema, name: string, hints: Hints): fc.Arbitrary<string> {
  const exact = hints.exact?.[name];
  if (exact?.length) return fc.constantFrom(...exact);
  let base: fc.Arbitrary<string>;
  if (s.format === 'date') base = dates.map(isoDate);
  else if (s.format === 'date-time') base = dates.map((d) => d.toISOString());
  else base = acceptedText(s);
  // An id written as text: mostly an existing row.
  if (isId(name) && s.pattern && regex(s.pattern).test('1'))
    base = fc.oneof({ weight: 4, arbitrary: hints.ids.map(String) }, { weight: 1, arbitrary: base });
  const known = hints.strings[name];
  return known?.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: base })
    : base;
}

function bound(value: number | boolean | undefined, exclusive: number | boolean | undefined, step: number) {
  if (typeof exclusive === 'number') return exclusive + step;
  if (typeof value === 'number') return exclusive === true ? value + step : value;
  return undefined;
}

function numberOf(s: Schema, name: string, hints: Hints, integer: boolean): fc.Arbitrary<number> {
  const min = bound(s.minimum, s.exclusiveMinimum, integer ? 1 : 1e-9);
  const max = bound(s.maximum, s.exclusiveMaximum, integer ? -1 : -1e-9);
  const lo = Math.max(min ?? INT_MIN, INT_MIN);
  const hi = Math.min(max ?? INT_MAX, INT_MAX);
  // Small values are tried often, when the bounds allow any (a year, 1000 to 9999, allows none).
  const [smallLo, smallHi] = integer
    ? [Math.max(lo, -3), Math.min(hi, 30)]
    : [Math.max(Math.ceil(lo), 0), Math.min(Math.floor(hi), 20)];
  const whole = integer
    ? fc.integer({ min: lo, max: hi })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const base: fc.Arbitrary<number> =
    smallLo <= smallHi ? fc.oneof(whole, fc.integer({ min: smallLo, max: smallHi })) : whole;
  if (isId(name) && lo <= 1 && hi >= 20)
    return fc.oneof({ weight: 4, arbitrary: hints.ids }, { weight: 1, arbitrary: base });
  return base;
}

/** A value the schema accepts (as far as the generator knows). */
export function valueOf(
  doc: OpenApiDoc,
  schema: Schema,
  name: string,
  hints: Hints,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  let base: fc.Arbitrary<unknown>;
  if (s.enum) base = fc.constantFrom(...s.enum);
  else if (s.const !== undefined) base = fc.constant(s.const);
  else if (s.anyOf || s.oneOf)
    base = fc.oneof(...(s.anyOf ?? s.oneOf)!.map((b) => valueOf(doc, b, name, hints, depth)));
  else if (s.allOf?.length) base = valueOf(doc, s.allOf[0], name, hints, depth);
  else {
    const types = typesOf(s);
    const type = types.find((x) => x !== 'null') ?? (s.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        base = stringOf(s, name, hints);
        break;
      case 'integer':
        base = numberOf(s, name, hints, true);
        break;
      case 'number':
        base = numberOf(s, name, hints, false);
        break;
      case 'boolean':
        base = fc.boolean();
        break;
      case 'array': {
        const minLength = s.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, depth > 1 ? 1 : 3));
        base = fc.array(valueOf(doc, s.items ?? {}, name, hints, depth + 1), { minLength, maxLength });
        break;
      }
      case 'object':
        base = objectOf(doc, s, hints, depth);
        break;
      default:
        base = fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.integer({ min: 0, max: 20 }),
          fc.boolean(),
          fc.constant(null),
        );
    }
  }
  if (s.nullable || typesOf(s).includes('null'))
    return fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) });
  return base;
}

function objectOf(
  doc: OpenApiDoc,
  s: Schema,
  hints: Hints,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) {
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }),
        valueOf(doc, s.additionalProperties, '', hints, depth + 1),
        {
          maxKeys: 3,
        },
      );
    return fc.constant({});
  }
  const shape = Object.fromEntries(names.map((n) => [n, valueOf(doc, props[n], n, hints, depth + 1)]));
  return fc.record(shape, { requiredKeys: (s.required ?? []).filter((r) => r in props) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** A value of another type than the schema's (a text for a number, a number for a text…). */
export function wrongTypeOf(doc: OpenApiDoc, schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  const types = new Set(typesOf(s));
  if (s.enum) return fc.constant('VALEUR_INCONNUE');
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) candidates.push(fc.constant('pas un nombre'));
  if (!types.has('integer') && !types.has('number')) candidates.push(fc.constant(12.5), fc.constant(-1));
  if (!types.has('object')) candidates.push(fc.constant({ inattendu: true }));
  if (!types.has('array')) candidates.push(fc.constant([1, 'deux']));
  if (!types.has('boolean')) candidates.push(fc.constant(true));
  // A schema taking every type: leaving the value out is the only other choice.
  return candidates.length ? fc.oneof(...candidates) : fc.constant(undefined);
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  /** The URL with its path parameters filled in and its query string. */
  url: string;
  body?: unknown;
  /** The header parameters the operation declares. */
  headers?: Record<string, string>;
  /** What the request was made of (a valid one). */
  parts?: RequestParts;
  /** What was spoiled on purpose (none: a request the description says is valid). */
  spoiled?:
    'champ-obligatoire-absent' | 'champ-inconnu' | 'mauvais-type' | 'parametre-inconnu' | 'chemin-invalide';
}

const UNKNOWN_PARAMETER = 'parametreInconnu';

/** The media type of the operation's JSON body, if it takes one. */
function jsonBody(op: Operation): Schema | undefined {
  return op.requestBody?.content['application/json']?.schema;
}

function queryValue(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Requests for one operation: path parameters (ids mostly of existing rows), query parameters
 * (the required ones, some optional ones) and a JSON body from their schemas; a third of them
 * spoiled on purpose.
 */
export function requestsOf(
  doc: OpenApiDoc,
  o: ApiOperation,
  hints: Hints,
  opts: { validOnly?: boolean } = {},
): fc.Arbitrary<FuzzRequest> {
  const params = o.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const body = jsonBody(o.op);

  const headers = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [p.name, valueOf(doc, p.schema ?? { type: 'string' }, p.name, hints)]),
    ),
    { requiredKeys: headerParams.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string>>;
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        valueOf(doc, p.schema ?? { type: 'string' }, p.name, hints).map((v) => queryValue(v) || 'x'),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [p.name, valueOf(doc, p.schema ?? { type: 'string' }, p.name, hints)]),
    ),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const bodyArb: fc.Arbitrary<unknown> = body ? valueOf(doc, body, '', hints) : fc.constant(undefined);

  const valid = fc
    .record({ path, query, body: bodyArb, headers })
    .map((r) => ({ ...r, spoiled: undefined as FuzzRequest['spoiled'] }));
  const spoilers: fc.Arbitrary<{
    headers: Record<string, string>;
    path: Record<string, string>;
    query: Record<string, unknown>;
    body: unknown;
    spoiled: FuzzRequest['spoiled'];
  }>[] = [
    valid.map((r) => ({
      ...r,
      query: { ...r.query, [UNKNOWN_PARAMETER]: '1' },
      spoiled: 'parametre-inconnu' as const,
    })),
  ];
  const bodySchema = body ? resolve(doc, body) : undefined;
  if (bodySchema?.properties) {
    const names = Object.keys(bodySchema.properties);
    const required = (bodySchema.required ?? []).filter((r) => names.includes(r));
    if (required.length)
      spoilers.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([r, name]) => {
          const b = { ...(r.body as Record<string, unknown>) };
          delete b[name];
          return { ...r, body: b, spoiled: 'champ-obligatoire-absent' as const };
        }),
      );
    spoilers.push(
      valid.map((r) => ({
        ...r,
        body: { ...(r.body as Record<string, unknown>), champInconnu: 'x' },
        spoiled: 'champ-inconnu' as const,
      })),
    );
    spoilers.push(
      fc
        .constantFrom(...names)
        .chain((name) => fc.tuple(valid, fc.constant(name), wrongTypeOf(doc, bodySchema.properties![name])))
        .map(([r, name, wrong]) => ({
          ...r,
          body: { ...(r.body as Record<string, unknown>), [name]: wrong },
          spoiled: 'mauvais-type' as const,
        })),
    );
  } else if (body) {
    spoilers.push(
      valid.chain((r) =>
        wrongTypeOf(doc, body).map((wrong) => ({ ...r, body: wrong, spoiled: 'mauvais-type' as const })),
      ),
    );
  }
  if (pathParams.length)
    spoilers.push(
      fc
        .tuple(
          valid,
          fc.constantFrom(...pathParams.map((p) => p.name)),
          fc.constantFrom('0', '-1', 'abc', '99999999999', '1.5'),
        )
        .map(([r, name, bad]) => ({
          ...r,
          path: { ...r.path, [name]: bad },
          spoiled: 'chemin-invalide' as const,
        })),
    );
  const queryNames = queryParams.map((p) => p.name);
  if (queryNames.length)
    spoilers.push(
      fc
        .constantFrom(...queryNames)
        .chain((name) =>
          fc.tuple(
            valid,
            fc.constant(name),
            wrongTypeOf(doc, queryParams.find((p) => p.name === name)!.schema ?? {}),
          ),
        )
        .map(([r, name, wrong]) => ({
          ...r,
          query: { ...r.query, [name]: wrong },
          spoiled: 'mauvais-type' as const,
        })),
    );

  return (
    opts.validOnly
      ? valid
      : fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: fc.oneof(...spoilers) })
  ).map(({ path: p, query: q, body: b, headers: h, spoiled }) => {
    const parts = { path: p, query: q, body: b, headers: h };
    return { ...toRequest(o, parts), spoiled, ...(spoiled ? {} : { parts }) };
  });
}

/** The parts of a request before they are written as one. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}

export function toRequest(o: ApiOperation, parts: RequestParts): FuzzRequest {
  const url = o.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(parts.path[name] ?? 'x'),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.query)) {
    const text = queryValue(v);
    if (text !== undefined) search.append(k, text);
  }
  const qs = search.toString();
  const headers = Object.fromEntries(
    Object.entries(parts.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return { method: o.method, url: qs ? `${url}?${qs}` : url, body: parts.body, headers };
}

/** A valid request's parts (`requestsOf` without its spoiled ones). */
export function validPartsOf(doc: OpenApiDoc, o: ApiOperation, hints: Hints, seed: number): RequestParts {
  for (let i = 0; i < 50; i++) {
    const [r] = fc.sample(requestsOf(doc, o, hints, { validOnly: true }), { seed: seed + i, numRuns: 1 });
    if (r.parts) return r.parts;
  }
  throw new Error(`${o.key} : aucune requête valide`);
}

// ---------------------------------------------------------------------------------------------
// Each constraint broken in turn

/** A request with one constraint of the description broken: what, and where (`champ`). */
export interface BrokenRequest {
  what: string;
  /** The parameter, header or body field broken. */
  champ: string;
  req: FuzzRequest;
}

/** A text that the pattern refuses (within the maximum length), if one of a few does. */
function notMatching(pattern: string, maxLength: number | undefined): string | undefined {
  const re = regex(pattern);
  return ['   ', '', '!!', '2026-02-30', 'x', '-1', '0', '1.5', 'abc'].find(
    (v) => !re.test(v) && (maxLength === undefined || v.length <= maxLength),
  );
}

/**
 * Values that break one constraint of the schema each, as JSON values (`text`: written in a URL or
 * a header, where every value is text): the bounds of an integer (an id's 0 and 2^31), a blank or
 * malformed text, an impossible date, an unknown enum value, a value of another type.
 */
export function brokenValuesOf(
  doc: OpenApiDoc,
  schema: Schema,
  text: boolean,
): { what: string; value: unknown }[] {
  const s = resolve(doc, schema);
  const out: { what: string; value: unknown }[] = [];
  const num = (n: number) => (text ? String(n) : n);
  if (s.enum) return [{ what: 'valeur hors liste', value: 'VALEUR_INCONNUE' }];
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) {
    const min = bound(s.minimum, s.exclusiveMinimum, 1);
    const max = bound(s.maximum, s.exclusiveMaximum, -1);
    if (min !== undefined) out.push({ what: `sous le minimum (${min - 1})`, value: num(min - 1) });
    if (max !== undefined) out.push({ what: `au-delà du maximum (${max + 1})`, value: num(max + 1) });
    if (types.includes('integer')) out.push({ what: 'nombre décimal', value: text ? '1.5' : 1.5 });
    out.push({ what: 'pas un nombre', value: 'abc' });
  } else if (types.includes('string')) {
    const patterns = [s.pattern, ...(s.allOf ?? []).map((b) => b.pattern)].filter(
      (p): p is string => p !== undefined,
    );
    if (s.format === 'date') out.push({ what: 'date impossible', value: '2026-02-30' });
    if (s.format === 'date-time') out.push({ what: 'moment impossible', value: '2026-02-30T10:00:00Z' });
    if (s.format === 'email') out.push({ what: 'adresse malformée', value: 'pas-une-adresse' });
    if (patterns.includes('\\S')) out.push({ what: 'texte blanc', value: '   ' });
    for (const p of patterns) {
      const bad = notMatching(p, s.maxLength);
      if (bad !== undefined && !out.some((o) => o.value === bad))
        out.push({ what: `hors du motif ${p.slice(0, 40)}`, value: bad });
    }
    if (s.minLength !== undefined && s.minLength > 0) out.push({ what: 'trop court', value: '' });
    if (s.maxLength !== undefined && s.maxLength < 5000)
      out.push({ what: 'trop long', value: '1'.repeat(s.maxLength + 1) });
    if (!text) out.push({ what: 'pas un texte', value: 12 });
  } else if (types.includes('boolean')) {
    out.push({ what: 'pas un booléen', value: text ? 'peut-etre' : 'peut-être' });
  } else if (types.includes('array') && !text) {
    out.push({ what: 'pas une liste', value: 'x' });
    if (s.minItems !== undefined && s.minItems > 0) out.push({ what: 'liste vide', value: [] });
  } else if ((types.includes('object') || s.properties) && !text) {
    out.push({ what: 'pas un objet', value: 'x' });
  }
  // A blank value of an optional field is read as absent (null): not a broken one.
  if (s.nullable || types.includes('null'))
    return out.filter((o) => o.value !== null && !(typeof o.value === 'string' && o.value.trim() === ''));
  return out;
}

/**
 * Requests that each break one constraint the description declares, from one valid request: a path
 * or query parameter, a header, or a top-level field of a JSON body given a value it refuses, or
 * left out when required.
 */
export function brokenRequests(doc: OpenApiDoc, o: ApiOperation, base: RequestParts): BrokenRequest[] {
  const out: BrokenRequest[] = [];
  const params = o.op.parameters ?? [];
  for (const p of params) {
    const container =
      p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : p.in === 'header' ? 'headers' : null;
    if (!container) continue;
    const values = brokenValuesOf(doc, p.schema ?? {}, true).filter(
      (b) => !(b.value === '' && (p as { allowEmptyValue?: boolean }).allowEmptyValue),
    );
    for (const b of values) {
      if (p.in === 'path' && b.value === '') continue;
      const parts = { ...base, [container]: { ...base[container], [p.name]: b.value } } as RequestParts;
      out.push({ what: b.what, champ: p.name, req: toRequest(o, parts) });
    }
    if (p.required && p.in !== 'path') {
      const kept = { ...(base[container] as Record<string, unknown>) };
      delete kept[p.name];
      out.push({
        what: 'obligatoire absent',
        champ: p.name,
        req: toRequest(o, { ...base, [container]: kept }),
      });
    }
  }
  const body = jsonBody(o.op);
  const bodySchema = body ? resolve(doc, body) : undefined;
  if (bodySchema?.properties && base.body && typeof base.body === 'object') {
    for (const [name, schema] of Object.entries(bodySchema.properties)) {
      for (const b of brokenValuesOf(doc, schema, false)) {
        const parts = { ...base, body: { ...(base.body as Record<string, unknown>), [name]: b.value } };
        out.push({ what: b.what, champ: name, req: toRequest(o, parts) });
      }
      if (bodySchema.required?.includes(name)) {
        const kept = { ...(base.body as Record<string, unknown>) };
        delete kept[name];
        out.push({ what: 'obligatoire absent', champ: name, req: toRequest(o, { ...base, body: kept }) });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Answers

const mediaOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Checks answers against the description: declared status, declared media type, body schema. */
export class AnswerChecker {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(private readonly doc: OpenApiDoc) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
  }

  private validator(schema: Schema): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      v = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(schema, v);
    }
    return v;
  }

  /** What is wrong with the answer (nothing: it conforms). */
  problems(o: ApiOperation, res: LightMyRequestResponse): string[] {
    const status = res.statusCode;
    if (status >= 500) return [`${status} : ${res.body.slice(0, 300)}`];
    const declared = o.op.responses[String(status)] ?? o.op.responses.default;
    if (!declared)
      return [
        `statut ${status} non déclaré (${Object.keys(o.op.responses).join(', ')}) : ${res.body.slice(0, 200)}`,
      ];
    // A HEAD answer has no body: its status says it all.
    if (o.method === 'HEAD') return res.rawPayload.length === 0 ? [] : [`${status} : HEAD avec un corps`];
    const content = declared.content ?? {};
    const media = mediaOf(res.headers['content-type'] as string | undefined);
    if (Object.keys(content).length === 0) {
      return res.rawPayload.length === 0 ? [] : [`${status} : corps sans type ni schéma déclarés (${media})`];
    }
    const entry = content[media];
    if (!entry)
      return [`${status} : type ${media || '(aucun)'} non déclaré (${Object.keys(content).join(', ')})`];
    if (media !== 'application/json' || !entry.schema) return [];
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return [`${status} : JSON illisible`];
    }
    const validate = this.validator(entry.schema);
    if (validate(body)) return [];
    return [
      `${status} : corps non conforme : ${(validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}`)
        .join(' ; ')}`,
    ];
  }
}

/** Whether a success answer (2xx) is described with a schema or file types (a HEAD's has no body). */
export function describedSuccesses(op: Operation, method = 'GET'): { status: string; problem?: string }[] {
  return Object.entries(op.responses)
    .filter(([status]) => /^2/.test(status))
    .map(([status, r]) => {
      const content = r.content ?? {};
      const types = Object.keys(content);
      if (status === '204' || method === 'HEAD') return { status };
      if (types.length === 0) return { status, problem: `${status} sans schéma ni type de contenu` };
      const missing = types.filter((t) => t.includes('json') && !content[t].schema);
      return missing.length ? { status, problem: `${status} ${missing.join(', ')} sans schéma` } : { status };
    });
}

export { UNKNOWN_PARAMETER };
