/**
 * The OpenAPI description tells the whole truth (docs/api.md): every operation it lists is called
 * with requests generated from its own parameters and body (tests/helpers/openapi-fuzz.ts), as an
 * anonymous caller, a student with a dossier and the admin, and every answer must be one it
 * declares: a status below 500 that the operation lists, a declared content type, and a JSON body
 * that its schema accepts. Deterministic: a fixed seed (FUZZ_SEED to try another), printed with
 * every failure (FUZZ_TRACE=<file> writes every answer's status there, to see what the requests
 * reach). Reads run first, then writes, then the calls that delete or replace (password
 * resets and account deletions last), so that they do not starve the others of rows.
 */
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, NOTIFICATION_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { one } from '../../src/server/db/client';
import { setupTestApp, type TestContext } from '../helpers/app';
import { insertAdmitted, insertCite } from '../helpers/assignment';
import { addDossier, setQuota, setupDeliberation } from '../helpers/deliberation';
import {
  AnswerChecker,
  brokenRequests,
  describedSuccesses,
  operationsOf,
  requestsOf,
  validPartsOf,
  type ApiOperation,
  type FuzzRequest,
  type Hints,
  type OpenApiDoc,
} from '../helpers/openapi-fuzz';
import { Fixtures } from '../helpers/resources';

const SEED = Number(process.env.FUZZ_SEED ?? 2026);
type Role = 'anonyme' | 'etudiant' | 'admin';
const ROLES: Role[] = ['anonyme', 'etudiant', 'admin'];
/** Requests per operation and role (an anonymous caller mostly meets the guard). */
const RUNS: Record<Role, number> = { anonyme: 2, etudiant: 4, admin: 8 };

let t: TestContext;
let doc: OpenApiDoc;
let operations: ApiOperation[];
let allOperations: ApiOperation[];
let hints: Hints;
const tokens: Partial<Record<Role, string>> = {};

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A small valid PDF, stored as the student's proof. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  t = await setupTestApp();
  const f = await Fixtures.create(t);
  const db = t.database.db;
  tokens.admin = await t.token('admin');
  tokens.etudiant = await t.token('etudiant');

  // Rows for the small ids the requests use: a cité with its rooms and beds, a published
  // deliberation with its admitted, an assignment, and the student's own dossier with a proof.
  const cite = await insertCite(db, {
    batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [1, 2, 3].map((n) => ({ code: `10${n}`, lits: 2 })) }],
  });
  const d = await setupDeliberation(db);
  await setQuota(d, 'burkinabe', 3);
  for (let i = 0; i < 4; i++)
    await addDossier(d, {
      entries: [
        ['burkinabe', 'VALIDE'],
        [i % 2 ? 'parents' : 'orphelin', 'VALIDE'],
      ],
    });
  const published = await f.call('POST', 'campus/deliberation', {
    idSessionCenou: d.idSessionCenou,
    idDirection: d.idDirection,
    seed: 'fuzz',
  });
  expect(published.statusCode, published.body).toBe(200);
  const admitted = await insertAdmitted(db, { idSessionCenou: d.idSessionCenou, sexe: 'F', rang: 1 });
  const assigned = await f.call('POST', 'campus/affectation', {
    idSessionCenou: d.idSessionCenou,
    idCite: cite.idCite,
    etudiants: [admitted.ine],
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const code = (assigned.json() as { affectes: { codeVerification: string }[] }).affectes[0].codeVerification;

  const student = await one<{ idEtudiant: number; idUser: number; ine: string }>(
    db,
    sql`SELECT r.id_etudiant AS "idEtudiant", r.id_user AS "idUser", r.ine FROM registre_etudiant r
        WHERE r.id_user = ${t.accounts.etudiant.id}`,
  );
  const key = await t.app.storage.put(PDF, { prefix: 'dossier' });
  const dossier = await one<{ id: number }>(
    db,
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user)
        VALUES ('FUZZ-1', ${d.idSessionCenou}, ${d.idDirection}, ${student!.idEtudiant}, ${student!.idUser})
        RETURNING id_dossier AS id`,
  );
  await db.execute(
    sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, nom_fichier, cle_fichier, taille_fichier)
        VALUES (${dossier!.id}, ${d.types.nationalite}, ${d.criteres.burkinabe}, 'piece.pdf', ${key}, ${PDF.length})`,
  );

  hints = {
    ids: fc.integer({ min: 1, max: 20 }),
    strings: {
      ine: [student!.ine, admitted.ine, 'N00000000001'],
      ineEtudiant: [student!.ine],
      code: [code],
      seed: ['fuzz'],
      dateNaissance: ['2004-03-12'],
      format: ['csv', 'xlsx', 'pdf'],
      // A list's paging and search as a screen sends them (an empty sort: the list's own order).
      page: ['0', '1'],
      size: ['5', '50'],
      sort: [''],
      q: ['a', 'Ouaga'],
    },
    // What a generator cannot make from a pattern with a lookahead, or tus's metadata.
    exact: {
      telephone: ['70 12 34 56', '+226 76 00 00 01'],
      contact: ['70 12 34 56'],
      'tus-resumable': ['1.0.0'],
      'upload-length': ['1000', '3000000'],
      'upload-offset': ['0'],
      'upload-metadata': [`filename ${b64('piece.pdf')},idTypeCritere ${b64(String(d.types.nationalite))}`],
    },
  };

  const res = await t.app.inject({ url: '/service/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApiDoc;
  operations = operationsOf(doc, API_BASE);
  // With the provider's webhook, outside the API's base.
  allOperations = [...operations, ...operationsOf(doc, NOTIFICATION_BASE)];
});
afterAll(() => t?.close());

/** `/service/api/…/campus/cite/:id` as the description writes it: `…/campus/cite/{id}`. */
const described = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('each constraint of the description', () => {
  it('is refused when broken, with a documented 4xx and a French message, for every role', async () => {
    const checker = new AnswerChecker(doc);
    const problems: string[] = [];
    let tried = 0;
    for (const role of ROLES) {
      for (const o of operations) {
        const base = validPartsOf(doc, o, hints, seedOf(`${o.key} base`));
        for (const b of brokenRequests(doc, o, base)) {
          tried++;
          const res = await send(b.req, tokens[role]);
          const found = checker.problems(o, res);
          if (res.statusCode < 400) found.push(`${res.statusCode} : accepté`);
          else if (b.req.method !== 'HEAD') found.push(...frenchProblems(res));
          for (const p of found)
            problems.push(`${o.key} [${role}] ${b.champ} ${b.what} : ${p}\n    ${shown(b.req)}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 240_000);
});

describe('the methods of every path', () => {
  it("answer OPTIONS with the path's own methods, and another method with 405 and the same Allow", async () => {
    const problems: string[] = [];
    const byPath = new Map<string, Set<string>>();
    for (const o of allOperations) byPath.set(o.path, (byPath.get(o.path) ?? new Set()).add(o.method));
    for (const role of ROLES) {
      for (const [path, methods] of byPath) {
        const expected = new Set(methods);
        if (expected.has('GET')) expected.add('HEAD');
        expected.add('OPTIONS');
        const url = path.replace(/\{([^}]+)\}/g, '1');
        const options = await send({ method: 'OPTIONS', url }, tokens[role]);
        const allow = (res: { headers: Record<string, unknown> }) =>
          new Set(
            String(res.headers.allow ?? '')
              .split(/,\s*/)
              .filter(Boolean),
          );
        const same = (a: Set<string>) => a.size === expected.size && [...a].every((m) => expected.has(m));
        if (options.statusCode !== 204 || !same(allow(options)))
          problems.push(
            `OPTIONS ${path} [${role}] : ${options.statusCode}, Allow ${String(options.headers.allow)} au lieu de ${[...expected].join(', ')}`,
          );
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY']) {
          if (expected.has(method)) continue;
          const res = await send({ method, url }, tokens[role]);
          if (res.statusCode !== 405 || !same(allow(res)))
            problems.push(
              `${method} ${path} [${role}] : ${res.statusCode}, Allow ${String(res.headers.allow)} au lieu de 405 et ${[...expected].join(', ')}`,
            );
          else if ((res.json() as { message?: string }).message !== messages.erreurMethodeNonAutorisee)
            problems.push(`${method} ${path} [${role}] : message ${res.body}`);
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);
});

// Last: its calls change and delete what the others read.
describe('the OpenAPI description', () => {
  it('lists every API route, each with a summary, its successes described and security when guarded', () => {
    const problems: string[] = [];
    const guarded = new Map(
      t.app.routeAccess.map((r) => [`${r.method} ${described(r.url)}`, r.permission !== null]),
    );
    const listed = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const key of guarded.keys())
      if (!listed.has(key)) problems.push(`${key} : absente de la description`);
    const ids = new Map<string, string>();
    for (const o of allOperations) {
      const id = o.op.operationId;
      if (!id) problems.push(`${o.key} : sans operationId`);
      else if (!/^[a-z][A-Za-z0-9]*$/.test(id))
        problems.push(`${o.key} : operationId ${id} pas en camelCase`);
      else if (ids.has(id)) problems.push(`${o.key} : operationId ${id} déjà pris par ${ids.get(id)}`);
      if (id) ids.set(id, o.key);
    }
    for (const o of allOperations) {
      const where = o.key;
      if (!o.op.summary?.trim()) problems.push(`${where} : sans résumé (summary)`);
      const successes = describedSuccesses(o.op, o.method);
      if (successes.length === 0) problems.push(`${where} : aucune réponse 2xx`);
      for (const s of successes) if (s.problem) problems.push(`${where} : ${s.problem}`);
      const isGuarded = guarded.get(`${o.method} ${o.path}`);
      const security = JSON.stringify(o.op.security ?? null);
      if (isGuarded && security !== JSON.stringify([{ bearer: [] }]))
        problems.push(`${where} : protégée sans security bearer (${security})`);
      if (isGuarded === false && o.op.security)
        problems.push(`${where} : publique avec security (${security})`);
      for (const status of Object.keys(o.op.responses).filter((s) => Number(s) >= 400)) {
        const schema = o.op.responses[status].content?.['application/json']?.schema;
        if (!schema) problems.push(`${where} : ${status} sans corps d'erreur`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('answers every operation, for every role, as it describes', async () => {
    const checker = new AnswerChecker(doc);
    const problems: string[] = [];
    const phases = [
      operations.filter((o) => o.method === 'GET'),
      operations.filter((o) => o.method !== 'GET' && !destructive(o)),
      operations.filter(destructive).sort((a, b) => lastOf(a) - lastOf(b)),
    ];
    for (const phase of phases) {
      for (const role of ROLES) {
        for (const o of phase) {
          const seed = seedOf(`${o.key} ${role}`);
          const requests = fc.sample(requestsOf(doc, o, hints), { seed, numRuns: RUNS[role] });
          for (const [i, req] of requests.entries()) {
            const res = await send(req, tokens[role]);
            if (process.env.FUZZ_TRACE)
              appendFileSync(
                process.env.FUZZ_TRACE,
                `${o.key}\t${role}\t${res.statusCode}\t${req.spoiled ?? ''}\t${res.body.slice(0, 160).replace(/\s+/g, ' ')}\n`,
              );
            const found = checker.problems(o, res);
            if (req.spoiled === 'parametre-inconnu' && res.statusCode < 300)
              found.push(`${res.statusCode} : paramètre inconnu accepté`);
            if (!req.spoiled && res.statusCode === 400) {
              // A request the description says is valid, refused on a parameter or a header it
              // declares: the description says less than the server checks.
              const named = describedParameters(o).filter((name) =>
                formErrorsOf(res).some((champ) => champ.toLowerCase() === name.toLowerCase()),
              );
              if (named.length)
                found.push(`400 sur une requête valide : ${named.join(', ')} (${res.body.slice(0, 200)})`);
            }
            for (const p of found)
              problems.push(`${o.key} [${role}] ${p}\n    ${shown(req)} (graine ${seed}, n° ${i})`);
          }
        }
      }
    }
    expect(problems, `FUZZ_SEED=${SEED}\n${problems.join('\n')}`).toEqual([]);
  }, 600_000);
});

/** The path and query parameters and headers an operation declares. */
const describedParameters = (o: ApiOperation) => (o.op.parameters ?? []).map((p) => p.name);

/**
 * The fields an error answer refuses for their form (a value the description should have refused),
 * not for a rule of the business (`Cette session n’appartient pas à cette direction.`).
 */
const FORM_MESSAGES = new Set<string>(
  (
    [
      'valeurInvalide',
      'champObligatoire',
      'parametreInconnu',
      'dateInvalide',
      'triInvalide',
      'choixInvalide',
      'valeurTropLongue',
      'valeurEntiere',
    ] as const
  ).map((k) => messages[k]),
);
function formErrorsOf(res: { body: string }): string[] {
  try {
    const body = JSON.parse(res.body) as { errors?: { champ?: string; message?: string }[] };
    return (body.errors ?? []).filter((e) => FORM_MESSAGES.has(e.message ?? '')).map((e) => e.champ ?? '');
  } catch {
    return [];
  }
}

const CATALOGUE = new Set<string>(Object.values(messages));
const ENGLISH = /\b(the|must|expected|invalid|required|received|should|string|number)\b/i;

/** A refusal's message is one of the catalogue's, and the messages of its fields are French. */
function frenchProblems(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): string[] {
  if (res.body === '') return [];
  let body: { message?: string; errors?: { message?: string }[] };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return [`${res.statusCode} : corps illisible`];
  }
  const out: string[] = [];
  if (!body.message || !CATALOGUE.has(body.message))
    out.push(`${res.statusCode} : message hors du catalogue « ${body.message} »`);
  for (const e of body.errors ?? [])
    if (!e.message || ENGLISH.test(e.message))
      out.push(`${res.statusCode} : message de champ « ${e.message} »`);
  return out;
}

/** Calls that delete or replace what the others read. */
function destructive(o: ApiOperation): boolean {
  if (o.method === 'GET') return false;
  return (
    o.method === 'PATCH' ||
    /\/reset$|campus-auth\/password$|campus\/deliberation$|\/retrait$|chargement-admissibles$|\/import$/.test(
      o.key,
    )
  );
}
/** Within the destructive calls, the ones that end accounts (passwords, users) come last. */
const lastOf = (o: ApiOperation) => (/password|\/users/.test(o.key) ? 1 : 0);

function seedOf(text: string): number {
  let h = SEED | 0;
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

function shown(req: FuzzRequest): string {
  const body = req.body === undefined ? '' : ` ${JSON.stringify(req.body).slice(0, 240)}`;
  return `${req.method} ${req.url.slice(API_BASE.length)}${body}${req.spoiled ? ` [${req.spoiled}]` : ''}`;
}

function send(req: Pick<FuzzRequest, 'method' | 'url' | 'body' | 'headers'>, token: string | undefined) {
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    payload: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
}
