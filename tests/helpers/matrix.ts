/**
 * The authorization matrix (issue 7): every API route of the product (`app.routeAccess`) called as
 * each actor below, the expected status derived from the route's permission and PERMISSIONS
 * (`src/domain/permissions.ts`), never written by hand per role:
 * - public route (permission null): the route's success status for everyone, anonymous included;
 * - no token: 401; a role without the permission: 403;
 * - `direction` scope: 403 when the entry's data belongs to another direction than the actor's;
 * - `own` scope: 404 when the entry's data belongs to another student than the actor;
 * - otherwise the route's success status (`success`, or 201 for a POST and 200 for the rest).
 *
 * HOW TO ADD A ROUTE (each later issue adds its routes to MATRIX, at the end of this file):
 * 1. Add `{ method, url, request }` with `url` the pattern as registered, relative to API_BASE
 *    (`'campus/dossier/:id'`); `request(c)` returns `{ params, query, body }` for a VALID call.
 * 2. Data the call must create (a row to read, a body to create, a row to delete) goes through
 *    `c.fresh(key, make)`: made anew for each call expected to succeed, shared by the refused ones.
 * 3. If a role holds the permission with scope `direction` or `own`, say whose data the call reaches:
 *    `data: { direction: 'OUA', owner: 'etudiant' }` (a row of direction OUA owned by the ETUDIANT
 *    actor: the other direction's manager gets 403, the other student 404), or `data: 'actor'`
 *    when the call reaches only the caller's own data (a scoped list, its own password).
 * 4. A success other than 201 for POST / 200 otherwise: `success: 204`. State the call changes for
 *    the actor (a new token): `after(res, c)`.
 */
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  ADMIN,
  AGENT_CITE,
  ETUDIANT,
  GESTIONNAIRE_CENOU,
  GESTIONNAIRE_DR,
  type EtatSession,
  type Role,
} from '../../src/domain/enums';
import { PERMISSIONS, scopeOf, type Permission, type Scope } from '../../src/domain/permissions';
import { ADMISSIBLE_COLUMNS, ADMISSIBLE_TEMPLATE_EXAMPLE } from '../../src/domain/admissibles';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { RESOURCES } from '../../src/domain/resources/definitions';
import type { ResourceDef } from '../../src/domain/resources/types';
import { API_BASE } from '../../src/domain/api';
import { one, rows } from '../../src/server/db/client';
import { withTransaction } from '../../src/server/db/transaction';
import { depositTypes } from '../../src/server/modules/dossier/repository';
import { accountSums } from '../../src/server/modules/rent/repository';
import { chargeDamage, newPaymentReference, recordPayment } from '../../src/server/modules/rent/service';
import { insertDegradation } from '../../src/server/modules/cite-life/repository';
import { appendUpload, createUpload } from '../../src/server/modules/televersement/service';
import { createProcuration } from '../../src/server/modules/procurations/service';
import { createRegistryStudent, createUser, directionId } from '../../src/server/seed/factories';
import { hashPassword } from '../../src/server/security/passwords';
import type { TestContext } from './app';
import { insertAdmitted, insertCite, type MadeCite } from './assignment';
import { insertCriteria, insertDossier, insertSession, insertStudent, setSession } from './dossiers';
import { EDITS, Fixtures, type Row } from './resources';

// ---------------------------------------------------------------------------------------------
// Actors

export const DIRECTIONS = ['OUA', 'BOB'] as const;
/** A direction by its sigle: OUA (Ouagadougou) is the home of the actors, BOB the other one. */
export type DirectionKey = (typeof DIRECTIONS)[number];

/** The cités of the matrix (docs/life-in-the-cite.md): A is the home of the agent, B the other one's. */
export const CITES = ['A', 'B'] as const;
export type CiteKey = (typeof CITES)[number];

export interface Actor {
  key: string;
  /** As shown in the test names. */
  label: string;
  role: Role | null;
  direction: DirectionKey | null;
  /** An agent's cité (its scope `cite`). */
  cite?: CiteKey;
}

/**
 * Who calls: anonymous, one account per role (direction OUA), a regional manager of another
 * direction, another student. Accounts of their own (not `createTestAccounts`'): a call that
 * changes a password must not disturb the fixtures' admin.
 */
export const ACTORS = [
  { key: 'anonymous', label: 'anonymous', role: null, direction: null },
  { key: 'admin', label: 'ADMIN', role: ADMIN, direction: 'OUA' },
  { key: 'cenou', label: 'GESTIONNAIRE_CENOU', role: GESTIONNAIRE_CENOU, direction: 'OUA' },
  { key: 'dr', label: 'GESTIONNAIRE_DR', role: GESTIONNAIRE_DR, direction: 'OUA' },
  {
    key: 'drAutre',
    label: 'GESTIONNAIRE_DR of another direction',
    role: GESTIONNAIRE_DR,
    direction: 'BOB',
  },
  { key: 'etudiant', label: 'ETUDIANT', role: ETUDIANT, direction: 'OUA' },
  // Same direction as the first student: a 404 is then about the owner only.
  { key: 'etudiantAutre', label: 'another ETUDIANT', role: ETUDIANT, direction: 'OUA' },
  { key: 'agent', label: 'AGENT_CITE', role: AGENT_CITE, direction: null, cite: 'A' },
  { key: 'agentAutre', label: 'AGENT_CITE of another cité', role: AGENT_CITE, direction: null, cite: 'B' },
] as const satisfies readonly Actor[];

export type ActorKey = (typeof ACTORS)[number]['key'];
export type AccountKey = Exclude<ActorKey, 'anonymous'>;
/** The students, owners of `own`-scoped data. */
export type StudentKey = 'etudiant' | 'etudiantAutre';

// ---------------------------------------------------------------------------------------------
// Table entries

export interface MatrixRequest {
  /** Values of the pattern's `:params`. */
  params?: Record<string, string | number>;
  /** Query string without `?`. */
  query?: string;
  body?: unknown;
  /** Headers of the call (the resumable uploads speak tus in headers). */
  headers?: Record<string, string>;
}

export interface MatrixEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** The route's pattern as registered, relative to API_BASE: `campus/registre-etudiant/:id`. */
  url: string;
  /** A valid call, as the given actor (`c.fresh` for data a successful call uses up). */
  request(c: CaseContext): MatrixRequest | Promise<MatrixRequest>;
  /**
   * Whose data the call reaches, required when a role holds the permission with scope `direction`
   * or `own`: a direction and/or a student, or `'actor'` for the caller's own data only.
   */
  data?: 'actor' | { direction?: DirectionKey; owner?: StudentKey; cite?: CiteKey };
  /** The route's success status when not 201 for a POST, 200 otherwise. */
  success?: number;
  /** Runs after the call (e.g. keep the new token a password change returns). */
  after?(res: LightMyRequestResponse, c: CaseContext): void | Promise<void>;
}

export interface Account {
  id: number;
  userName: string;
  /** The student's registry row (students only). */
  idEtudiant?: number;
}

export interface CaseContext {
  t: TestContext;
  /** Fixtures made through the API by the admin of `createTestAccounts`. */
  f: Fixtures;
  actor: Actor;
  /** Whether this call is expected to succeed. */
  succeeds: boolean;
  accounts: Record<AccountKey, Account>;
  directions: Record<DirectionKey, number>;
  /** The matrix's cités (A: the agent's, with the first student's assignment; B: the other agent's). */
  cites: Record<CiteKey, MadeCite>;
  /** A value made once for the whole file. */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** A value made anew for a call expected to succeed, shared by the calls expected to be refused. */
  fresh<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** The account's current password. */
  password(who: AccountKey): string;
  /** Records a password change of the account (its new password and token). */
  setCredentials(who: AccountKey, password: string, token: string): void;
}

export interface Outcome {
  status: number;
  /** The error code of a refusal. */
  code?: 'NON_AUTHENTIFIE' | 'INTERDIT' | 'INTROUVABLE';
}

export const routeKey = (method: string, url: string) => `${method} ${url}`;
export const entryKey = (e: MatrixEntry) => routeKey(e.method, e.url);

/** `GET /service/api/hebergement-cenou/campus/x/:id` → `GET campus/x/:id` (the table's key). */
export function routeKeyOf(route: { method: string; url: string }): string {
  const url = route.url.startsWith(`${API_BASE}/`) ? route.url.slice(API_BASE.length + 1) : route.url;
  return routeKey(route.method, url);
}

export function successOf(entry: MatrixEntry): number {
  return entry.success ?? (entry.method === 'POST' ? 201 : 200);
}

/** The expected answer: derived from the route's permission and PERMISSIONS, never per role. */
export function expectedOutcome(entry: MatrixEntry, permission: Permission | null, actor: Actor): Outcome {
  const success: Outcome = { status: successOf(entry) };
  if (permission === null) return success;
  if (actor.role === null) return { status: 401, code: 'NON_AUTHENTIFIE' };
  const scope = scopeOf(actor.role, permission);
  if (scope === null) return { status: 403, code: 'INTERDIT' };
  const data = entry.data === 'actor' ? undefined : entry.data;
  if (scope === 'direction' && data?.direction !== undefined && data.direction !== actor.direction)
    return { status: 403, code: 'INTERDIT' };
  if (scope === 'own' && data?.owner !== undefined && data.owner !== actor.key)
    return { status: 404, code: 'INTROUVABLE' };
  if (scope === 'cite' && data?.cite !== undefined && data.cite !== (actor as Actor).cite)
    return { status: 403, code: 'INTERDIT' };
  return success;
}

/**
 * What the entry fails to say for its permission: a role holding it with scope `direction` (or
 * `own`) needs the entry to name the data's direction (or owner), or `'actor'`.
 */
export function missingData(entry: MatrixEntry, permission: Permission | null): Scope[] {
  if (permission === null || entry.data === 'actor') return [];
  const scopes = new Set(Object.values(PERMISSIONS[permission]) as Scope[]);
  const missing: Scope[] = [];
  if (scopes.has('direction') && entry.data?.direction === undefined) missing.push('direction');
  if (scopes.has('own') && entry.data?.owner === undefined) missing.push('own');
  if (scopes.has('cite') && entry.data?.cite === undefined) missing.push('cite');
  return missing;
}

/** The URL of a call: the pattern's params filled in, the query added. */
export function urlOf(entry: MatrixEntry, req: MatrixRequest): string {
  const url = entry.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${entryKey(entry)}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return req.query ? `${url}?${req.query}` : url;
}

// ---------------------------------------------------------------------------------------------
// Setup and calls

export const MATRIX_PASSWORD = 'Matrice-2026-depart';

const STAFF: { key: AccountKey; role: Role; direction: DirectionKey | null }[] = [
  { key: 'admin', role: ADMIN, direction: 'OUA' },
  { key: 'cenou', role: GESTIONNAIRE_CENOU, direction: 'OUA' },
  { key: 'dr', role: GESTIONNAIRE_DR, direction: 'OUA' },
  { key: 'drAutre', role: GESTIONNAIRE_DR, direction: 'BOB' },
  { key: 'agent', role: AGENT_CITE, direction: null },
  { key: 'agentAutre', role: AGENT_CITE, direction: null },
];
const STUDENTS: { key: StudentKey; ine: string; prenom: string }[] = [
  { key: 'etudiant', ine: 'MX0000000001', prenom: 'Rasmané' },
  { key: 'etudiantAutre', ine: 'MX0000000002', prenom: 'Fatimata' },
];

let serial = 0;
/** A new INE for each call (registry rows made by the matrix). */
export const newIne = () => `MY${String((serial += 1)).padStart(10, '0')}`;

export interface Matrix {
  t: TestContext;
  f: Fixtures;
  accounts: Record<AccountKey, Account>;
  directions: Record<DirectionKey, number>;
  /** Calls the entry as the actor: builds the request, sends it, runs `after`. */
  call(entry: MatrixEntry, actor: Actor, succeeds: boolean): Promise<LightMyRequestResponse>;
}

/** Makes the actors' accounts (two students with registry rows, Ouagadougou) in the test database. */
export async function setupMatrix(t: TestContext): Promise<Matrix> {
  const db = t.database.db;
  const f = await Fixtures.create(t);
  const directions = {
    OUA: await directionId(db, 'OUA'),
    BOB: await directionId(db, 'BOB'),
  } satisfies Record<DirectionKey, number>;
  const passwordHash = await hashPassword(MATRIX_PASSWORD);
  const accounts = {} as Record<AccountKey, Account>;
  for (const s of STAFF) {
    const userName = `matrice.${s.key.toLowerCase()}`;
    const id = await createUser(db, {
      userName,
      password: MATRIX_PASSWORD,
      passwordHash,
      role: s.role,
      idDirection: s.direction === null ? null : directions[s.direction],
    });
    accounts[s.key] = { id, userName };
  }
  // The cités of the agents: A (the first student's assignment is there), B.
  const cites = {} as Record<CiteKey, MadeCite>;
  for (const key of CITES)
    cites[key] = await insertCite(db, {
      nom: `Cité matrice ${key}`,
      batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '101', lits: 4 }] }],
    });
  for (const [agent, cite] of [
    ['agent', 'A'],
    ['agentAutre', 'B'],
  ] as const)
    await db.execute(
      sql`INSERT INTO agent_cite (id_user, id_cite) VALUES (${accounts[agent].id}, ${cites[cite].idCite})`,
    );
  for (const s of STUDENTS) {
    const idEtudiant = await createRegistryStudent(db, {
      ine: s.ine,
      nomEtudiant: 'Matrice',
      prenomEtudiant: s.prenom,
      sexeEtudiant: 'F',
      dateNaissance: '2004-06-01',
      villeOrientation: 'Ouagadougou',
    });
    const id = await createUser(db, {
      userName: s.ine,
      password: MATRIX_PASSWORD,
      passwordHash,
      role: ETUDIANT,
      idDirection: directions.OUA,
      nom: 'Matrice',
      prenom: s.prenom,
    });
    await db.execute(sql`UPDATE registre_etudiant SET id_user = ${id} WHERE id_etudiant = ${idEtudiant}`);
    accounts[s.key] = { id, userName: s.ine, idEtudiant };
  }

  const passwords = new Map<AccountKey, string>();
  const tokens = new Map<AccountKey, string>();
  const memo = new Map<string, Promise<unknown>>();
  const shared = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as Promise<T>;
  };
  const password = (who: AccountKey) => passwords.get(who) ?? MATRIX_PASSWORD;
  const token = async (who: AccountKey) => {
    const hit = tokens.get(who);
    if (hit) return hit;
    const res = await t.api('POST', 'campus-auth/signin', {
      body: { username: accounts[who].userName, password: password(who) },
    });
    if (res.statusCode !== 200) throw new Error(`signin ${who}: ${res.statusCode} ${res.body}`);
    const value = (res.json() as { accessToken: string }).accessToken;
    tokens.set(who, value);
    return value;
  };

  const call: Matrix['call'] = async (entry, actor, succeeds) => {
    const c: CaseContext = {
      t,
      f,
      actor,
      succeeds,
      accounts,
      directions,
      cites,
      shared,
      fresh: (key, make) => (succeeds ? make() : shared(key, make)),
      password,
      setCredentials: (who, pw, tk) => {
        passwords.set(who, pw);
        tokens.set(who, tk);
      },
    };
    const req = await entry.request(c);
    const res = await t.api(entry.method, urlOf(entry, req), {
      token: actor.role === null ? null : await token(actor.key as AccountKey),
      body: req.body,
      headers: req.headers,
    });
    await entry.after?.(res, c);
    return res;
  };

  return { t, f, accounts, directions, call };
}

// ---------------------------------------------------------------------------------------------
// The table

/** The five calls of a reference-data resource (list, get, create, update, soft delete). */
function resourceEntries(def: ResourceDef): MatrixEntry[] {
  const name = def.name;
  const idOf = (row: Row) => row[def.idField] as number;
  const row = (c: CaseContext) => c.fresh(`row:${name}`, () => c.f.create(name));
  return [
    { method: 'GET', url: `campus/${name}`, request: () => ({ query: 'page=0&size=5' }) },
    {
      method: 'GET',
      url: `campus/${name}/:id`,
      request: async (c) => ({ params: { id: idOf(await c.shared(`row:${name}`, () => c.f.create(name))) } }),
    },
    {
      method: 'POST',
      url: `campus/${name}`,
      request: async (c) => ({ body: await c.fresh(`body:${name}`, () => c.f.payload(name)) }),
    },
    {
      method: 'PUT',
      url: `campus/${name}/:id`,
      request: async (c) => {
        const r = await row(c);
        return { params: { id: idOf(r) }, body: { ...r, ...EDITS[name](r) } };
      },
    },
    {
      method: 'PATCH',
      url: `campus/${name}/:id`,
      request: async (c) => ({ params: { id: idOf(await row(c)) } }),
    },
  ];
}

/** A registry student with no account (Ouagadougou), for the registration calls. */
async function registryStudent(c: CaseContext): Promise<{ ine: string; dateNaissance: string }> {
  const ine = newIne();
  await createRegistryStudent(c.t.database.db, {
    ine,
    nomEtudiant: 'Kinda',
    prenomEtudiant: 'Adjaratou',
    sexeEtudiant: 'F',
    dateNaissance: '2005-02-17',
    villeOrientation: 'Ouagadougou',
  });
  return { ine, dateNaissance: '2005-02-17' };
}

/** A registry CSV of one new student, base64, as the import takes it. */
function registryCsv(): string {
  const row = { ...REGISTRY_TEMPLATE_EXAMPLE, ine: newIne() };
  const text = `${REGISTRY_COLUMNS.join(';')}\r\n${REGISTRY_COLUMNS.map((col) => row[col]).join(';')}\r\n`;
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Every API route of the product; a route missing here fails the matrix test. */
export const MATRIX: MatrixEntry[] = [
  // Authentication (campus-auth)
  {
    method: 'POST',
    url: 'campus-auth/signin',
    success: 200,
    request: (c) => {
      const who: AccountKey = c.actor.role === null ? 'cenou' : (c.actor.key as AccountKey);
      return { body: { username: c.accounts[who].userName, password: c.password(who) } };
    },
  },
  {
    method: 'PUT',
    url: 'campus-auth/password',
    data: 'actor',
    request: (c) => {
      const who = c.actor.key as AccountKey;
      const current = c.actor.role === null ? MATRIX_PASSWORD : c.password(who);
      return { body: { ancienMotDePasse: current, nouveauMotDePasse: `${MATRIX_PASSWORD}-${who}-2` } };
    },
    after: (res, c) => {
      if (res.statusCode !== 200) return;
      const who = c.actor.key as AccountKey;
      c.setCredentials(
        who,
        `${MATRIX_PASSWORD}-${who}-2`,
        (res.json() as { accessToken: string }).accessToken,
      );
    },
  },

  // Forgotten password (public, issue 24): the same answer for any name; a fresh account and code per call.
  {
    method: 'POST',
    url: 'campus-auth/mot-de-passe-oublie',
    success: 200,
    request: () => ({ body: { username: `inconnu.${newIne()}` } }),
  },
  {
    method: 'POST',
    url: 'campus-auth/mot-de-passe-oublie/confirmation',
    success: 200,
    request: async (c) => ({
      body: {
        username: await c.fresh('oubli:confirmation', () => accountWithCode(c, MATRIX_CODE)),
        code: MATRIX_CODE,
        nouveauMotDePasse: `${MATRIX_PASSWORD}-oubli`,
      },
    }),
  },

  // Registration (public)
  {
    method: 'GET',
    url: 'campus-auth/hebergement-etudiant/:ine',
    request: async (c) => {
      const s = await c.shared('registration:lookup', () => registryStudent(c));
      return { params: { ine: s.ine }, query: `dateNaissance=${s.dateNaissance}` };
    },
  },
  {
    method: 'POST',
    url: 'campus-auth/hebergement-etudiant',
    request: async (c) => {
      const s = await c.fresh('registration:register', () => registryStudent(c));
      return {
        body: {
          ...s,
          emailEtudiant: `${s.ine.toLowerCase()}@exemple.bf`,
          personnelBesoin: 'Kinda Moussa',
          contact: '70 00 00 02',
          engagementStatutReglement: true,
          engagementPersonnelCaution: true,
          declarationSurHonneur: true,
          luApprouve: true,
        },
      };
    },
  },

  // Reference data and housing stock, users
  ...RESOURCES.flatMap(resourceEntries),
  {
    method: 'GET',
    url: 'campus/cite-categorie/:id',
    request: async (c) => ({
      params: { id: (await c.shared('row:cite', () => c.f.create('cite'))).idCite as number },
    }),
  },
  {
    method: 'PUT',
    url: 'campus/users/:id/reset',
    request: async (c) => ({
      params: { id: (await c.fresh('row:users', () => c.f.create('users'))).id as number },
    }),
  },

  // Student registry: rows of direction OUA (the student's ville is Ouagadougou)
  {
    method: 'GET',
    url: 'campus/registre-etudiant',
    data: { direction: 'OUA' },
    request: (c) => ({ query: `idDirection=${c.directions.OUA}&page=0&size=5` }),
  },
  {
    method: 'GET',
    url: 'campus/registre-etudiant/:id',
    data: { direction: 'OUA' },
    request: (c) => ({ params: { id: c.accounts.etudiant.idEtudiant! } }),
  },
  { method: 'GET', url: 'campus/registre-etudiant/modele', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/registre-etudiant/import',
    success: 200,
    request: async (c) => ({
      body: { nomFichier: 'registre.csv', fichier: await c.fresh('registry:csv', async () => registryCsv()) },
    }),
  },

  // Audit log
  { method: 'GET', url: 'campus/audit', request: () => ({ query: 'page=0&size=5' }) },
  {
    method: 'GET',
    url: 'campus/audit/:id',
    request: async (c) => ({
      params: {
        id: await c.shared('audit:id', async () => {
          await c.f.create('direction');
          const res = await c.f.call('GET', 'campus/audit?page=0&size=1');
          return (res.json() as { id: number }[])[0].id;
        }),
      },
    }),
  },

  // The dossier (issue 8): the students' data of direction OUA
  {
    method: 'GET',
    url: 'campus/dossier/depot',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => {
      const d = await c.shared('dossier:read', () => readableDossier(c));
      return { query: `ineEtudiant=${c.accounts.etudiant.userName}&idDossier=${d.idDossier}` };
    },
  },
  {
    method: 'PUT',
    url: 'campus/dossier',
    data: 'actor',
    success: 201,
    request: async (c) => {
      const idSession = await depositSetting(c);
      if (c.succeeds) await dropLiveDossier(c, c.actor.key as StudentKey, idSession);
      return { body: await depositBody(c) };
    },
  },
  {
    method: 'GET',
    url: 'campus/dossier/etudiant/:ine',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => {
      await c.shared('dossier:read', () => readableDossier(c));
      return { params: { ine: c.accounts.etudiant.userName } };
    },
  },
  // The student's own deposit situation (decision 072): answered whatever its session's state.
  { method: 'GET', url: 'campus/dossier/situation', data: 'actor', request: () => ({}) },
  {
    method: 'PATCH',
    url: 'campus/dossier/:id',
    data: { owner: 'etudiant' },
    request: async (c) => {
      const d = await c.fresh('dossier:open', async () => {
        const idSession = await depositSetting(c);
        await dropLiveDossier(c, 'etudiant', idSession);
        return insertStudentDossier(c, 'etudiant', idSession);
      });
      return { params: { id: d.idDossier } };
    },
  },
  {
    method: 'GET',
    url: 'campus/dossier/:idDossier/:idDossierCritere',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => {
      const d = await c.shared('dossier:read', () => readableDossier(c));
      return { params: { idDossier: d.idDossier, idDossierCritere: d.idDossierCritere } };
    },
  },

  // Deliberation and admissible lists (issue 10): a session of direction OUA OUVERT in DELIBERATION
  // for the call (the deposit's INSCRIPTION session is closed meanwhile and reopened after it).
  {
    method: 'GET',
    url: 'campus/deliberation-nationaux',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: `${await deliberationQuery(c)}&seed=matrice` }),
    after: closeDeliberation,
  },
  {
    method: 'POST',
    url: 'campus/deliberation',
    data: { direction: 'OUA' },
    success: 200,
    request: async (c) => ({
      body: { idSessionCenou: await openDeliberation(c), idDirection: c.directions.OUA, seed: 'matrice' },
    }),
    after: closeDeliberation,
  },
  {
    method: 'GET',
    url: 'campus/deliberation',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: await deliberationQuery(c) }),
    after: closeDeliberation,
  },
  {
    method: 'GET',
    url: 'campus/deliberation/:idDeliberation/verification',
    request: async (c) => ({ params: { idDeliberation: await publishedRun(c) } }),
  },
  // One list of a published run as a PDF (issue 21): a run of direction OUA.
  {
    method: 'GET',
    url: 'campus/deliberation/:idDeliberation/pdf',
    data: { direction: 'OUA' },
    request: async (c) => ({ params: { idDeliberation: await publishedRun(c) }, query: 'liste=NATIONAUX' }),
  },
  {
    method: 'GET',
    url: 'campus/dossier/:idDossier/resultat',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => {
      await publishedRun(c);
      return { params: { idDossier: (await deliberationSetting(c)).idDossier } };
    },
  },
  {
    method: 'GET',
    url: 'campus/etudiant-admis',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: `${await deliberationQuery(c)}&page=0&size=5` }),
    after: closeDeliberation,
  },
  {
    method: 'GET',
    url: 'campus/export-deliberation',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: `${await deliberationQuery(c)}&page=0&size=5` }),
    after: closeDeliberation,
  },
  { method: 'GET', url: 'campus/chargement-admissibles/modele', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/chargement-admissibles',
    success: 200,
    request: async (c) => {
      const idSession = await openDeliberation(c);
      const row = { ...ADMISSIBLE_TEMPLATE_EXAMPLE, ine: newIne() };
      const text = `${ADMISSIBLE_COLUMNS.join(';')}\r\n${ADMISSIBLE_COLUMNS.map((col) => row[col]).join(';')}\r\n`;
      return {
        body: { nomFichier: 'admissibles.csv', fichier: Buffer.from(text).toString('base64'), idSession },
      };
    },
    after: closeDeliberation,
  },
  // Staff: deposit lists, dashboard, analysis (issue 9)
  { method: 'GET', url: 'campus/dossier', data: 'actor', request: () => ({ query: 'page=0&size=5' }) },
  {
    method: 'GET',
    url: 'campus/dash-board',
    data: { direction: 'OUA' },
    request: (c) => ({ query: `idDirection=${c.directions.OUA}` }),
  },
  {
    method: 'PATCH',
    url: 'campus/analyse-dossier',
    data: { direction: 'BOB' },
    request: async (c) => {
      // A dossier of direction BOB in its session OUVERT in ANALYSE, analysed again by each allowed call.
      const d = await c.shared('analysis:dossier', async () => {
        const db = c.t.database.db;
        const types = await insertCriteria(db, [
          { libelle: 'Matrice', coefficient: 2, criteres: [{ libelle: 'Matrice', note: 10 }] },
        ]);
        const [idTypeCritere, idCritere] = [types.Matrice.idTypeCritere, types.Matrice.criteres.Matrice];
        const idSessionCenou = await insertSession(db, c.directions.BOB, 'ANALYSE');
        const student = await insertStudent(db, { ville: 'Bobo-Dioulasso' });
        const made = await insertDossier(db, {
          idSessionCenou,
          student,
          criteres: [[idTypeCritere, idCritere]],
        });
        return { idDossier: made.idDossier, idDossierCritere: made.entries[idCritere] };
      });
      return {
        body: {
          idDossier: d.idDossier,
          listeDossierCritere: [{ idDossierCritere: d.idDossierCritere, valeurAnalyse: 'VALIDE' }],
        },
      };
    },
  },

  // Later issues: deposit, deliberation, offers, assignment routes go here.
  // Assignment (issue 12): a session of direction OUA in DELIBERATION, a MIXTE cité of Ouagadougou.
  {
    method: 'POST',
    url: 'campus/affectation',
    data: { direction: 'OUA' },
    success: 200,
    request: async (c) => {
      const a = await assignSetting(c);
      const who = await c.fresh('assign:post', () => admittedStudent(c, a.idSessionCenou));
      return { body: { idSessionCenou: a.idSessionCenou, idCite: a.idCite, etudiants: [who.ine] } };
    },
  },
  {
    method: 'GET',
    url: 'campus/affectation',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: `idSessionCenou=${(await assignSetting(c)).idSessionCenou}&size=5` }),
  },
  {
    method: 'GET',
    url: 'campus/affectation/disponibilites',
    data: { direction: 'OUA' },
    request: async (c) => {
      const a = await assignSetting(c);
      return { query: `idSessionCenou=${a.idSessionCenou}&idCite=${a.idCite}` };
    },
  },
  {
    method: 'GET',
    url: 'campus/affectation/sans-lit',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: `idSessionCenou=${(await assignSetting(c)).idSessionCenou}` }),
  },
  { method: 'GET', url: 'campus/affectation/etudiant', data: 'actor', request: () => ({}) },
  {
    method: 'GET',
    url: 'campus/affectation/:id',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { id: (await ownAssignment(c)).idAffectation } }),
  },
  {
    method: 'GET',
    url: 'campus/affectation/:id/attestation',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { id: (await ownAssignment(c)).idAffectation } }),
  },
  {
    method: 'PUT',
    url: 'campus/affectation/:id',
    data: { direction: 'OUA' },
    request: async (c) => {
      const a = await assignSetting(c);
      const row = await c.fresh('assign:put', () => assignedStudent(c));
      return { params: { id: row.idAffectation }, body: { idLit: await freeBed(c, a) } };
    },
  },
  {
    method: 'PATCH',
    url: 'campus/affectation/:id',
    data: { direction: 'OUA' },
    request: async (c) => ({
      params: { id: (await c.fresh('assign:patch', () => assignedStudent(c))).idAffectation },
    }),
  },
  {
    method: 'GET',
    url: 'campus-auth/attestation/:code',
    request: async (c) => ({ params: { code: (await ownAssignment(c)).codeVerification } }),
  },
  // Room choice (docs/room-choice.md): a closed session of OUA in DELIBERATION of its own, opened for
  // the calls that need it, its campaign started, both students choosers, a MIXTE cité of its own.
  {
    method: 'POST',
    url: 'campus/choix-chambre/campagne',
    data: { direction: 'OUA' },
    request: async (c) => {
      const s = await choiceSession(c);
      if (c.succeeds) {
        await c.t.database.db.execute(sql`DELETE FROM campagne_choix WHERE id_session_cenou = ${s}`);
        await openSessionFor(c, s);
      }
      const at = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
      return { body: { idSessionCenou: s, idDirection: c.directions.OUA, debut: at(0), fin: at(24 * 60) } };
    },
    after: closeSessionFor,
  },
  {
    method: 'GET',
    url: 'campus/choix-chambre/campagne',
    data: { direction: 'OUA' },
    request: async (c) => {
      const k = await choiceCampaign(c);
      return { query: `idSessionCenou=${k.idSessionCenou}&idDirection=${c.directions.OUA}` };
    },
  },
  { method: 'GET', url: 'campus/choix-chambre/en-cours', data: 'actor', request: () => ({}) },
  {
    method: 'PUT',
    url: 'campus/choix-chambre/campagne/:idCampagne',
    data: { direction: 'OUA' },
    request: async (c) => {
      const at = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
      const id = c.succeeds ? await futureCampaign(c) : (await choiceCampaign(c)).idCampagne;
      return { params: { idCampagne: id }, body: { debut: at(60), fin: at(120) } };
    },
  },
  {
    method: 'DELETE',
    url: 'campus/choix-chambre/campagne/:idCampagne',
    data: { direction: 'OUA' },
    request: async (c) => ({
      params: { idCampagne: c.succeeds ? await futureCampaign(c) : (await choiceCampaign(c)).idCampagne },
    }),
  },
  {
    method: 'GET',
    url: 'campus/choix-chambre/campagne/:idCampagne/suivi',
    data: { direction: 'OUA' },
    request: async (c) => ({ params: { idCampagne: (await choiceCampaign(c)).idCampagne } }),
  },
  {
    method: 'GET',
    url: 'campus/choix-chambre/campagne/:idCampagne/compteurs',
    data: { direction: 'OUA' },
    request: async (c) => ({ params: { idCampagne: (await choiceCampaign(c)).idCampagne } }),
  },
  {
    method: 'POST',
    url: 'campus/choix-chambre/groupe',
    data: 'actor',
    request: async (c) => {
      const k = await choiceCampaign(c);
      const friend = await c.fresh('rc:friend', () => choiceFriend(c, k));
      if (c.succeeds) await leaveGroups(c, c.actor.key as StudentKey);
      return { body: { ines: [friend.ine] } };
    },
  },
  {
    method: 'POST',
    url: 'campus/choix-chambre/groupe/:idGroupe/reponse',
    data: { owner: 'etudiant' },
    success: 200,
    request: async (c) => ({
      params: { idGroupe: await c.fresh('rc:invite', () => groupWith(c, 'INVITE')) },
      body: { reponse: 'ACCEPTE' },
    }),
  },
  {
    method: 'DELETE',
    url: 'campus/choix-chambre/groupe/:idGroupe/membre',
    data: { owner: 'etudiant' },
    request: async (c) => ({
      params: { idGroupe: await c.fresh('rc:member', () => groupWith(c, 'ACCEPTE')) },
    }),
  },
  {
    method: 'GET',
    url: 'campus/choix-chambre/moi',
    data: 'actor',
    request: async (c) => {
      await choiceCampaign(c);
      return {};
    },
  },
  {
    method: 'GET',
    url: 'campus/choix-chambre/chambres',
    data: 'actor',
    request: async (c) => ({ query: `idCite=${(await choiceCampaign(c)).idCite}` }),
  },
  {
    method: 'POST',
    url: 'campus/choix-chambre/reservation',
    data: 'actor',
    request: async (c) => {
      const k = await choiceCampaign(c);
      if (c.succeeds) await leaveGroups(c, c.actor.key as StudentKey);
      return { body: { idChambre: k.rooms[c.actor.key === 'etudiant' ? 0 : 1] } };
    },
  },
  {
    method: 'POST',
    url: 'campus/choix-chambre/reservation/:idReservation/prolongation',
    data: { owner: 'etudiant' },
    success: 200,
    request: async (c) => ({ params: { idReservation: await c.fresh('rc:extend', () => ownHold(c)) } }),
  },
  {
    method: 'POST',
    url: 'campus/choix-chambre/reservation/:idReservation/confirmation',
    data: { owner: 'etudiant' },
    success: 200,
    request: async (c) => {
      const id = await c.fresh('rc:confirm', () => ownHold(c));
      if (c.succeeds) await openSessionFor(c, await choiceSession(c));
      return { params: { idReservation: id } };
    },
    after: closeSessionFor,
  },
  {
    method: 'DELETE',
    url: 'campus/choix-chambre/reservation/:idReservation',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { idReservation: await c.fresh('rc:cancel', () => ownHold(c)) } }),
  },
  // Rent (issue 26): the student's own rent; staff's arrears list and cash payments (OUA's assignments).
  { method: 'GET', url: 'campus/loyer/etudiant', data: 'actor', request: () => ({}) },
  {
    method: 'GET',
    url: 'campus/loyer',
    data: { direction: 'OUA' },
    request: async (c) => ({ query: `idSessionCenou=${(await assignSetting(c)).idSessionCenou}&size=5` }),
  },
  {
    method: 'POST',
    url: 'campus/paiement/especes',
    data: { direction: 'OUA' },
    request: async (c) => {
      await cashOperator(c);
      const row = await c.fresh('rent:cash', () => assignedStudent(c));
      return { body: { idAffectation: row.idAffectation, montant: 100, numeroRecu: `MX-${newIne()}` } };
    },
  },
  { method: 'GET', url: 'campus/loyer/sessions', data: 'actor', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/paiement/remboursement',
    data: { direction: 'OUA' },
    request: async (c) => {
      const row = await c.fresh('rent:refund', () => creditedStudent(c));
      return { body: { idAffectation: row.idAffectation, montant: 100, numeroPiece: `RB-${newIne()}` } };
    },
  },
  // Offers (issue 11): each offer in a session of its own (DELIBERATION), opened for the call only.
  {
    method: 'POST',
    url: 'campus/dossier/:idDossier/reponse',
    data: { direction: 'OUA', owner: 'etudiant' },
    success: 200,
    request: async (c) => {
      const o = await c.fresh('offer:reponse', () => offerOf(c, 'etudiant'));
      await openSessionFor(c, o.idSessionCenou);
      return { params: { idDossier: o.idDossier }, body: { reponse: 'ACCEPTE' } };
    },
    after: closeSessionFor,
  },
  {
    method: 'POST',
    url: 'campus/dossier/:idDossier/retrait',
    data: { direction: 'OUA' },
    success: 200,
    request: async (c) => {
      const o = await c.fresh('offer:retrait', () => offerOf(c, 'etudiantAutre'));
      await openSessionFor(c, o.idSessionCenou);
      return { params: { idDossier: o.idDossier }, body: { motif: 'FAUSSE_DECLARATION' } };
    },
    after: closeSessionFor,
  },
  {
    method: 'GET',
    url: 'campus/dossier/:idDossier/historique',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({
      params: { idDossier: (await c.shared('offer:historique', () => offerOf(c, 'etudiant'))).idDossier },
    }),
  },
  {
    method: 'GET',
    url: 'campus/etudiant-admis/compteurs',
    data: { direction: 'OUA' },
    request: async (c) => {
      const o = await c.shared('offer:historique', () => offerOf(c, 'etudiant'));
      return { query: `idSessionCenou=${o.idSessionCenou}&idDirection=${c.directions.OUA}` };
    },
  },

  // What was sent to the students (issue 24): per dossier, per session.
  {
    method: 'GET',
    url: 'campus/dossier/:idDossier/messages',
    data: { direction: 'OUA' },
    request: async (c) => ({
      params: { idDossier: (await c.shared('offer:historique', () => offerOf(c, 'etudiant'))).idDossier },
    }),
  },
  {
    method: 'GET',
    url: 'campus/messages/compteurs',
    data: { direction: 'OUA' },
    request: async (c) => {
      const o = await c.shared('offer:historique', () => offerOf(c, 'etudiant'));
      return { query: `idSessionCenou=${o.idSessionCenou}&idDirection=${c.directions.OUA}` };
    },
  },

  // The student's phone (issue 24 item 2, decision 030): its own; the staff's view per dossier.
  { method: 'GET', url: 'campus/etudiant/telephone', data: 'actor', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/etudiant/telephone',
    data: 'actor',
    success: 200,
    request: () => ({ body: { telephone: `7${String(++phoneSerial).padStart(7, '0')}` } }),
  },
  {
    method: 'POST',
    url: 'campus/etudiant/telephone/confirmation',
    data: 'actor',
    success: 200,
    request: async (c) => {
      if (c.actor.role === ETUDIANT)
        await phoneCode(c, c.accounts[c.actor.key as AccountKey].id, MATRIX_CODE);
      return { body: { code: MATRIX_CODE } };
    },
  },
  { method: 'DELETE', url: 'campus/etudiant/telephone', data: 'actor', request: () => ({}) },
  {
    method: 'GET',
    url: 'campus/dossier/:idDossier/telephone',
    data: { direction: 'OUA' },
    request: async (c) => ({
      params: { idDossier: (await c.shared('offer:historique', () => offerOf(c, 'etudiant'))).idDossier },
    }),
  },

  // Resumable uploads (issue 22, tus): the student's own; OPTIONS describes the server to anyone.
  { method: 'OPTIONS', url: 'campus/televersement', success: 204, request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/televersement',
    data: 'actor',
    request: async (c) => ({ headers: await uploadCreation(c) }),
  },
  {
    method: 'PATCH',
    url: 'campus/televersement/:id',
    data: { owner: 'etudiant' },
    success: 204,
    request: async (c) => ({
      params: { id: await c.fresh('upload:patch', () => studentUpload(c)) },
      headers: {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      body: MATRIX_PDF,
    }),
  },
  {
    method: 'DELETE',
    url: 'campus/televersement/:id',
    data: { owner: 'etudiant' },
    success: 204,
    request: async (c) => ({
      params: { id: await c.fresh('upload:delete', () => studentUpload(c)) },
      headers: { 'tus-resumable': '1.0.0' },
    }),
  },
  // Mobile money (issue 26, docs/payments.md): the first student's own assignment, the simulator answering.
  { method: 'GET', url: 'campus/paiement/operateurs', data: 'actor', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/paiement',
    data: { owner: 'etudiant' },
    request: async (c) => ({
      body: {
        idAffectation: (await ownAssignment(c)).idAffectation,
        montant: 7500,
        idOperateur: await mobileOperator(c),
        telephone: '70 12 34 50',
      },
    }),
  },
  {
    method: 'GET',
    url: 'campus/paiement/:referencePaiement',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { referencePaiement: await ownPayment(c) } }),
  }, // Receipts (docs/rent.md#receipts): the first student's succeeded payment; one assignment's rent for staff.
  {
    method: 'GET',
    url: 'campus/paiement/:referencePaiement/recu',
    data: { direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { referencePaiement: await ownPaidPayment(c) } }),
  },
  {
    method: 'GET',
    url: 'campus-auth/recu/:referencePaiement',
    request: async (c) => ({ params: { referencePaiement: await ownPaidPayment(c) } }),
  },
  {
    method: 'GET',
    url: 'campus/loyer/rapprochement',
    data: 'actor',
    request: async (c) => {
      await ownPaidPayment(c);
      return { query: 'size=5' };
    },
  },
  {
    method: 'GET',
    url: 'campus/loyer/affectation/:id',
    data: { direction: 'OUA' },
    request: async (c) => ({ params: { id: (await ownAssignment(c)).idAffectation } }),
  }, // Life in the cité (docs/life-in-the-cite.md): the agents' cités (admin), the agent's cité A, the
  // first student's assignment there.
  { method: 'GET', url: 'campus/agent-cite', request: () => ({}) },
  {
    method: 'PUT',
    url: 'campus/agent-cite/:idUser',
    request: (c) => ({ params: { idUser: c.accounts.agent.id }, body: { citesAgent: [c.cites.A.idCite] } }),
  },
  { method: 'GET', url: 'campus/cite-agent/tableau-de-bord', data: 'actor', request: () => ({}) },
  // The agent's residents: a list scoped to its cités (an agent of another cité reads an empty page).
  { method: 'GET', url: 'campus/cite-agent/residents', data: 'actor', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/affectation/:id/arrivee',
    data: { cite: 'A' },
    request: async (c) => ({
      params: { id: (await c.fresh('cite:arrivee', () => citeAssignment(c, false))).idAffectation },
      body: { codeCle: 'MAT-1' },
    }),
  },
  {
    method: 'GET',
    url: 'campus/lit/:id/cles',
    data: { cite: 'A' },
    request: async (c) => ({
      params: { id: (await c.shared('cite:lu', () => citeAssignment(c, true))).idLit },
    }),
  },
  { method: 'GET', url: 'campus/etudiant/arrivee', data: 'actor', request: () => ({}) },
  {
    method: 'GET',
    url: 'campus/etat-des-lieux',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => ({
      query: `idAffectation=${(await c.shared('cite:lu', () => citeAssignment(c, true))).idAffectation}`,
    }),
  },
  {
    method: 'POST',
    url: 'campus/etat-des-lieux',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => {
      const a = await c.fresh('cite:edl', () => citeAssignment(c, true));
      const elements = await citeElements(c);
      return {
        body: {
          idAffectation: a.idAffectation,
          type: 'ENTREE',
          elements: elements.map((idElementInventaire) => ({ idElementInventaire, etat: 'BON' })),
        },
      };
    },
  },
  {
    method: 'POST',
    url: 'campus/etat-des-lieux/:id/validation',
    data: { cite: 'A' },
    success: 200,
    request: async (c) => ({ params: { id: await c.fresh('cite:validation', () => citeInventory(c)) } }),
  },
  {
    method: 'GET',
    url: 'campus/etat-des-lieux/photo/:idPhoto',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => ({ params: { idPhoto: await c.shared('cite:photo', () => citePhoto(c)) } }),
  },
  // One-task procurations (docs/procurations.md): the student's own; a helper's sign-in is public.
  {
    method: 'POST',
    url: 'campus/procuration',
    data: 'actor',
    request: () => ({ body: { tache: 'DEPOT', dureeHeures: 2 } }),
  },
  { method: 'GET', url: 'campus/procuration', data: 'actor', request: () => ({ query: 'page=0&size=5' }) },
  {
    method: 'DELETE',
    url: 'campus/procuration/:id',
    data: { owner: 'etudiant' },
    request: async (c) => ({
      params: { id: (await c.fresh('procuration:revoke', () => matrixProcuration(c))).idProcuration },
    }),
  },
  // The departure (docs/life-in-the-cite.md#departure).
  {
    method: 'GET',
    url: 'campus/etat-des-lieux/comparaison',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => ({
      query: `idAffectation=${(await c.shared('cite:depart', () => citeDeparture(c))).idAffectation}`,
    }),
  },
  { method: 'GET', url: 'campus/etudiant/depart', data: 'actor', request: () => ({}) },
  {
    method: 'POST',
    url: 'campus/affectation/:id/depart',
    data: { cite: 'A' },
    success: 200,
    request: async (c) => ({
      params: { id: (await c.fresh('cite:depart:fait', () => citeDeparture(c))).idAffectation },
      body: { date: new Date().toISOString().slice(0, 10) },
    }),
  },
  {
    method: 'POST',
    url: 'campus-auth/procuration',
    success: 200,
    request: async (c) => {
      const p = await c.fresh('procuration:signin', () => matrixProcuration(c));
      return { body: { ine: c.accounts.etudiant.userName, code: p.code } };
    },
  },
  {
    method: 'GET',
    url: 'campus/dossier/brouillon',
    data: 'actor',
    request: async (c) => {
      if (c.succeeds) await matrixDraft(c, c.actor.key as StudentKey);
      return {};
    },
  },
  {
    method: 'PUT',
    url: 'campus/dossier/brouillon',
    data: 'actor',
    request: async (c) => ({ body: await draftOf(c) }),
  },
  {
    method: 'POST',
    url: 'campus/dossier/brouillon/depot',
    data: 'actor',
    request: async (c) => {
      if (c.succeeds) {
        // The deposit session is the direction's open one for this call (a case before may have
        // moved the direction on to its deliberation), and the draft names a finished upload for
        // each proof the criteria of the moment need.
        const idSession = await depositSetting(c);
        await openSessionFor(c, idSession);
        await dropLiveDossier(c, c.actor.key as StudentKey, idSession);
        await matrixDraft(c, c.actor.key as StudentKey);
      }
      return {};
    },
    after: closeSessionFor,
  },
  // The staff's USSD phone (docs/ussd.md): one step sent to the menu, from a number that is no student's.
  {
    method: 'POST',
    url: 'campus/ussd/simulateur',
    success: 200,
    request: () => ({ body: { sessionId: 'matrice-1', phoneNumber: '79 99 99 99', text: '' } }),
  },
  // Repairs (docs/life-in-the-cite.md#repairs): requests of the first student's room in cité A
  // (direction OUA); the agent of cité A moves them one way, their resident the other.
  {
    method: 'POST',
    url: 'campus/intervention',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => {
      await c.shared('cite:lu', () => citeAssignment(c, true));
      return {
        body: {
          idChambre: Object.values(c.cites.A.chambres)[0],
          categorie: 'PLOMBERIE',
          priorite: 'NORMALE',
          description: 'Le robinet fuit.',
        },
      };
    },
  },
  { method: 'GET', url: 'campus/intervention', data: 'actor', request: () => ({ query: 'size=5' }) },
  { method: 'GET', url: 'campus/intervention/par-cite', data: 'actor', request: () => ({ query: 'size=5' }) },
  // The deadlines outages moved (docs/availability.md#the-deadlines-moved-staff): a list scoped to
  // the actor's direction (staff).
  { method: 'GET', url: 'campus/delai-reporte', data: 'actor', request: () => ({ query: 'size=5' }) },
  { method: 'GET', url: 'campus/intervention/lieux', data: 'actor', request: () => ({}) },
  {
    method: 'GET',
    url: 'campus/intervention/:id',
    data: { cite: 'A', direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { id: await c.shared('repair:lu', () => citeRepair(c, 'NOUVELLE')) } }),
  },
  {
    method: 'GET',
    url: 'campus/intervention/:id/historique',
    data: { cite: 'A', direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { id: await c.shared('repair:lu', () => citeRepair(c, 'NOUVELLE')) } }),
  },
  {
    method: 'GET',
    url: 'campus/intervention/photo/:idPhoto',
    data: { cite: 'A', direction: 'OUA', owner: 'etudiant' },
    request: async (c) => ({ params: { idPhoto: await c.shared('repair:photo', () => repairPhoto(c)) } }),
  },
  {
    method: 'PATCH',
    url: 'campus/intervention/:id',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => {
      // The resident confirms a resolved request; the agent (or the admin) takes a new one.
      const resident = c.actor.role === ETUDIANT;
      const id = resident
        ? await c.fresh('repair:resolue', () => citeRepair(c, 'RESOLUE'))
        : await c.fresh('repair:nouvelle', () => citeRepair(c, 'NOUVELLE'));
      return { params: { id }, body: { statut: resident ? 'CLOTUREE' : 'PRISE_EN_CHARGE' } };
    },
  },
  {
    method: 'POST',
    url: 'campus/affectation/:id/degradation',
    data: { cite: 'A' },
    request: async (c) => {
      const d = await c.fresh('cite:degradation', () => citeDeparture(c));
      return {
        params: { id: d.idAffectation },
        body: { idElementInventaire: d.idElementInventaire, montant: 5000, motif: 'Table rayée' },
      };
    },
  },
  {
    method: 'GET',
    url: 'campus/affectation/:id/degradation/:idDegradation/recu',
    data: { cite: 'A', owner: 'etudiant' },
    request: async (c) => ({ params: await c.shared('cite:degradation:faite', () => citeDamage(c)) }),
  },
  // The agency's statistics over years (docs/statistics.md): a regional manager its direction.
  {
    method: 'GET',
    url: 'campus/statistiques',
    data: { direction: 'OUA' },
    request: (c) => ({ query: `anneeDebut=2025&anneeFin=2026&idDirection=${c.directions.OUA}` }),
  },
];

// ---------------------------------------------------------------------------------------------
// Repairs helpers

/** A request of the first student's room in cité A, in the given state: its id. */
async function citeRepair(c: CaseContext, statut: 'NOUVELLE' | 'RESOLUE'): Promise<number> {
  const row = await one<{ id: number }>(
    c.t.database.db,
    sql`INSERT INTO intervention (id_cite, id_chambre, categorie, priorite, description, statut, id_auteur,
          id_residant, echeance, resolue_le)
        VALUES (${c.cites.A.idCite}, ${Object.values(c.cites.A.chambres)[0]}, 'PLOMBERIE', 'NORMALE', 'Fuite',
          ${statut}, ${c.accounts.etudiant.id}, ${c.accounts.etudiant.id}, now() + interval '7 days',
          ${statut === 'RESOLUE' ? sql`now()` : sql`NULL`})
        RETURNING id_intervention AS id`,
  );
  return row!.id;
}

/** A photo (a stored JPEG) of a request of the first student in cité A: its id. */
async function repairPhoto(c: CaseContext): Promise<number> {
  const id = await citeRepair(c, 'NOUVELLE');
  const jpeg = Buffer.alloc(64, 0x20);
  jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
  const cle = await c.t.app.storage.put(jpeg, { prefix: 'intervention' });
  const row = await one<{ id: number }>(
    c.t.database.db,
    sql`INSERT INTO intervention_photo (id_intervention, cle, type_mime, taille)
        VALUES (${id}, ${cle}, 'image/jpeg', 64) RETURNING id_photo AS id`,
  );
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Life-in-the-cité helpers

/**
 * An assignment of the first student in cité A, in a session of its own (one live assignment per
 * student and session), its key handed when `key`.
 */
async function citeAssignment(
  c: CaseContext,
  key: boolean,
): Promise<{ idAffectation: number; idLit: number }> {
  const db = c.t.database.db;
  const idSession = await insertSession(db, c.directions.OUA, 'DELIBERATION', 'FERME');
  const idLit = Object.values(c.cites.A.lits)[0];
  const idChambre = Object.values(c.cites.A.chambres)[0];
  const row = await one<{ idAffectation: number }>(
    db,
    sql`WITH d AS (
          INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
            liste_deliberation, rang, reponse)
          VALUES (${`MAT-${newIne()}`}, ${idSession}, ${c.directions.OUA}, ${c.accounts.etudiant.idEtudiant!},
                  ${c.accounts.etudiant.id}, 'ADMIS', 'NATIONAUX', 1, 'ACCEPTE')
          RETURNING id_dossier)
        INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
        SELECT ${idSession}, d.id_dossier, ${c.accounts.etudiant.idEtudiant!}, ${c.cites.A.idCite}, ${idChambre},
               ${idLit}, ${`MAT-VIE-${newIne()}`} FROM d
        RETURNING id_affectation AS "idAffectation"`,
  );
  if (key)
    await db.execute(
      sql`INSERT INTO remise_cle (id_affectation, id_lit, code_cle, id_auteur)
          VALUES (${row!.idAffectation}, ${idLit}, 'MAT-CLE', ${c.accounts.agent.id})`,
    );
  return { idAffectation: row!.idAffectation, idLit };
}

/** The inventory elements of cité A's category (made once). */
function citeElements(c: CaseContext): Promise<number[]> {
  return c.shared('cite:elements', async () => {
    const made = await rows<{ id: number }>(
      c.t.database.db,
      sql`INSERT INTO element_inventaire (id_categorie_chambre, libelle_element, quantite)
          VALUES (${c.cites.A.idCategorie}, 'Lit', 1), (${c.cites.A.idCategorie}, 'Table', 1)
          RETURNING id_element_inventaire AS id`,
    );
    return made.map((m) => m.id);
  });
}

/** An ENTREE inventory of a new assignment of cité A, not countersigned: its id. */
async function citeInventory(c: CaseContext): Promise<number> {
  const a = await citeAssignment(c, true);
  const [first] = await citeElements(c);
  const row = await one<{ id: number }>(
    c.t.database.db,
    sql`WITH e AS (
          INSERT INTO etat_des_lieux (id_affectation, type, par_residant, id_auteur)
          VALUES (${a.idAffectation}, 'ENTREE', true, ${c.accounts.etudiant.id}) RETURNING id_etat_des_lieux)
        INSERT INTO etat_des_lieux_element (id_etat_des_lieux, id_element_inventaire, etat)
        SELECT e.id_etat_des_lieux, ${first}, 'BON' FROM e
        RETURNING id_etat_des_lieux AS id, id_etat_des_lieux_element AS "idLigne"`,
  );
  return row!.id;
}

/** A photo (a stored JPEG) of an inventory of the first student in cité A: its id. */
async function citePhoto(c: CaseContext): Promise<number> {
  const id = await citeInventory(c);
  const jpeg = Buffer.alloc(64, 0x20);
  jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
  const cle = await c.t.app.storage.put(jpeg, { prefix: 'etat-des-lieux' });
  const row = await one<{ id: number }>(
    c.t.database.db,
    sql`INSERT INTO etat_des_lieux_photo (id_etat_des_lieux_element, cle, type_mime, taille)
        SELECT id_etat_des_lieux_element, ${cle}, 'image/jpeg', 64 FROM etat_des_lieux_element
        WHERE id_etat_des_lieux = ${id} LIMIT 1
        RETURNING id_photo AS id`,
  );
  return row!.id;
}

/**
 * A new assignment of the first student in cité A with its key, its arrival inventory (the first
 * element BON) and its departure one (the same element ABIME).
 */
async function citeDeparture(
  c: CaseContext,
): Promise<{ idAffectation: number; idElementInventaire: number }> {
  const a = await citeAssignment(c, true);
  const [first] = await citeElements(c);
  for (const [type, etat] of [
    ['ENTREE', 'BON'],
    ['SORTIE', 'ABIME'],
  ] as const)
    await c.t.database.db.execute(
      sql`WITH e AS (
            INSERT INTO etat_des_lieux (id_affectation, type, par_residant, id_auteur)
            VALUES (${a.idAffectation}, ${type}, false, ${c.accounts.agent.id}) RETURNING id_etat_des_lieux)
          INSERT INTO etat_des_lieux_element (id_etat_des_lieux, id_element_inventaire, etat)
          SELECT e.id_etat_des_lieux, ${first}, ${etat} FROM e`,
    );
  return { idAffectation: a.idAffectation, idElementInventaire: first! };
}

/** A damage charged on such a departure (its journal transaction and its record): its ids. */
async function citeDamage(c: CaseContext): Promise<{ id: number; idDegradation: number }> {
  const d = await citeDeparture(c);
  const inventories = await rows<{ id: number }>(
    c.t.database.db,
    sql`SELECT id_etat_des_lieux AS id FROM etat_des_lieux WHERE id_affectation = ${d.idAffectation} ORDER BY type`,
  );
  const made = await withTransaction(c.t.database.db, async (tx) => {
    const charge = await chargeDamage(tx, null, {
      idAffectation: d.idAffectation,
      idCite: c.cites.A.idCite,
      montant: 5000,
      libelle: 'Dégradation : table rayée',
    });
    return insertDegradation(tx, {
      idAffectation: d.idAffectation,
      idElementInventaire: d.idElementInventaire,
      idEntree: inventories[0]!.id,
      idSortie: inventories[1]!.id,
      montant: 5000,
      motif: 'Table rayée',
      reference: charge.reference,
      idTransaction: charge.idTransaction,
      idAuteur: c.accounts.agent.id,
    });
  });
  return { id: d.idAffectation, idDegradation: made!.idDegradation };
}

/** A succeeded payment of the first student's own assignment, recorded in the journal (once). */
function ownPaidPayment(c: CaseContext): Promise<string> {
  return c.shared('payment:own-paid', async () => {
    const a = await ownAssignment(c);
    const idOperateur = await mobileOperator(c);
    const referencePaiement = newPaymentReference('MM');
    await withTransaction(c.t.database.db, (tx) =>
      recordPayment(tx, null, {
        referencePaiement,
        idAffectation: a.idAffectation,
        montant: 7500,
        idOperateur,
        telephone: '+22670123450',
      }),
    );
    return referencePaiement;
  });
}

/** A payment of the first student's own assignment (written as asked, once). */
function ownPayment(c: CaseContext): Promise<string> {
  return c.shared('payment:own', async () => {
    const a = await ownAssignment(c);
    const idOperateur = await mobileOperator(c);
    await c.t.database.db.execute(
      sql`INSERT INTO paiement (reference_paiement, id_affectation, id_operateur, montant, telephone)
          VALUES ('MM-20260101-MATRICE2', ${a.idAffectation}, ${idOperateur}, 7500, '+22670123450')`,
    );
    return 'MM-20260101-MATRICE2';
  });
}

const MATRIX_CODE = '246810';
let phoneSerial = 0;

/** A live code for a new number of the account (a phone being verified). */
async function phoneCode(c: CaseContext, idUser: number, code: string): Promise<void> {
  await c.t.database.db.execute(
    sql`INSERT INTO code_verification (id_user, purpose, telephone, code_hash, expires_at)
        VALUES (${idUser}, 'TELEPHONE', ${`+2266${String(++phoneSerial).padStart(7, '0')}`},
                ${await hashPassword(code)}, now() + interval '15 minutes')`,
  );
}

/** A staff account of its own with a live forgotten-password code: its user name. */
async function accountWithCode(c: CaseContext, code: string): Promise<string> {
  const db = c.t.database.db;
  const userName = `oubli.${newIne().toLowerCase()}`;
  const id = await createUser(db, {
    userName,
    password: MATRIX_PASSWORD,
    role: GESTIONNAIRE_CENOU,
    idDirection: c.directions.OUA,
  });
  await db.execute(
    sql`INSERT INTO code_verification (id_user, purpose, code_hash, expires_at)
        VALUES (${id}, 'MOT_DE_PASSE', ${await hashPassword(code)}, now() + interval '15 minutes')`,
  );
  return userName;
}

/** The headers of an upload's creation: MATRIX_PDF for a criterion type of the file. */
async function uploadCreation(c: CaseContext): Promise<Record<string, string>> {
  // An agent sends photos of inventories, never a proof of a dossier.
  if (c.actor.role === AGENT_CITE)
    return {
      'tus-resumable': '1.0.0',
      'upload-length': '100',
      'upload-metadata': `usage ${Buffer.from('photo').toString('base64')},filename ${Buffer.from('porte.jpg').toString('base64')}`,
    };
  const critere = await c.shared('dossier:critere', () => c.f.create('critere'));
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  return {
    'tus-resumable': '1.0.0',
    'upload-length': String(MATRIX_PDF.length),
    'upload-metadata': `filename ${b64('piece.pdf')},idTypeCritere ${b64(String(critere.idTypeCritere))}`,
  };
}

/** A finished upload of the student: MATRIX_PDF as the proof of the criterion type (its id). */
async function finishedUpload(c: CaseContext, who: StudentKey, idTypeCritere: number): Promise<string> {
  const a = c.accounts[who];
  const actor = { id: a.id, role: ETUDIANT, idDirection: c.directions.OUA, userName: a.userName };
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const tus = { 'tus-resumable': '1.0.0' };
  const state = await createUpload(c.t.database.db, actor, {
    headers: {
      ...tus,
      'upload-length': String(MATRIX_PDF.length),
      'upload-metadata': `filename ${b64('piece.pdf')},idTypeCritere ${b64(String(idTypeCritere))}`,
    },
  });
  await appendUpload(c.t.database.db, actor, {
    id: state.id,
    headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: Readable.from([MATRIX_PDF]),
    storage: c.t.app.storage,
  });
  return state.id;
}

/** A new upload of the first student (nothing received yet): its id. */
async function studentUpload(c: CaseContext): Promise<string> {
  const etudiant = c.accounts.etudiant;
  const state = await createUpload(
    c.t.database.db,
    { id: etudiant.id, role: ETUDIANT, idDirection: c.directions.OUA, userName: etudiant.userName },
    { headers: await uploadCreation(c) },
  );
  return state.id;
}

// ---------------------------------------------------------------------------------------------
// Deliberation helpers

/**
 * A session of direction OUA in DELIBERATION (made FERME, opened for each call), a criterion of
 * the NATIONAUX list with a quota, and the first student's analysed dossier in it (once per file).
 */
function deliberationSetting(c: CaseContext): Promise<{ idSessionCenou: number; idDossier: number }> {
  return c.shared('deliberation:setting', async () => {
    const db = c.t.database.db;
    const critere = await c.f.create('critere', { listeDeliberation: 'NATIONAUX' });
    const session = await one<{ id: number }>(
      db,
      sql`INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
          VALUES (${c.directions.OUA}, 'DELIBERATION', 'FERME', '2027-09-01', 2027) RETURNING id_session_cenou AS id`,
    );
    await db.execute(
      sql`INSERT INTO quota (id_session_cenou, id_critere, valeur_quota) VALUES (${session!.id}, ${critere.idCritere as number}, 5)`,
    );
    const d = await one<{ id: number }>(
      db,
      sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier)
          VALUES (${`MAT-${newIne()}`}, ${session!.id}, ${c.directions.OUA}, ${c.accounts.etudiant.idEtudiant!},
                  ${c.accounts.etudiant.id}, 'ANALYSE')
          RETURNING id_dossier AS id`,
    );
    await db.execute(
      sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, valeur_analyse)
          VALUES (${d!.id}, ${critere.idTypeCritere as number}, ${critere.idCritere as number}, 'VALIDE')`,
    );
    return { idSessionCenou: session!.id, idDossier: d!.id };
  });
}

/** The sessions closed to open the deliberation's, reopened after the call. */
let reopen: { id: number; statut: string }[] = [];

/** Opens the deliberation session of OUA for one call (closing, for that call, the one open before). */
async function openDeliberation(c: CaseContext): Promise<number> {
  const { idSessionCenou } = await deliberationSetting(c);
  const db = c.t.database.db;
  const others = await rows<{ id: number; statut: string }>(
    db,
    sql`SELECT id_session_cenou AS id, statut_session AS statut FROM session_cenou
        WHERE id_direction = ${c.directions.OUA} AND statut_session IN ('OUVERT', 'SUSPENDU')
          AND id_session_cenou <> ${idSessionCenou}`,
  );
  for (const o of others)
    await db.execute(sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou = ${o.id}`);
  reopen = [...reopen, ...others];
  await db.execute(
    sql`UPDATE session_cenou SET statut_session = 'OUVERT' WHERE id_session_cenou = ${idSessionCenou}`,
  );
  return idSessionCenou;
}

async function closeDeliberation(_res: LightMyRequestResponse, c: CaseContext): Promise<void> {
  const { idSessionCenou } = await deliberationSetting(c);
  const db = c.t.database.db;
  await db.execute(
    sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou = ${idSessionCenou}`,
  );
  for (const o of reopen)
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = ${o.statut} WHERE id_session_cenou = ${o.id}`,
    );
  reopen = [];
}

async function deliberationQuery(c: CaseContext): Promise<string> {
  return `idSessionCenou=${await openDeliberation(c)}&idDirection=${c.directions.OUA}`;
}

/** A published run of the deliberation session (once per file). */
function publishedRun(c: CaseContext): Promise<number> {
  return c.shared('deliberation:run', async () => {
    const idSessionCenou = await openDeliberation(c);
    const res = await c.f.call('POST', 'campus/deliberation', {
      idSessionCenou,
      idDirection: c.directions.OUA,
      seed: 'matrice',
    });
    await closeDeliberation(res, c);
    if (res.statusCode !== 200) throw new Error(`publication: ${res.statusCode} ${res.body}`);
    return (res.json() as { idDeliberation: number }).idDeliberation;
  });
}

// ---------------------------------------------------------------------------------------------
// Offer helpers

/**
 * A session of direction OUA in DELIBERATION (FERME until a call opens it) holding the student's
 * admission with an open offer: one session per offer, since a student has one dossier a session.
 */
async function offerOf(
  c: CaseContext,
  who: StudentKey,
): Promise<{ idSessionCenou: number; idDossier: number }> {
  const db = c.t.database.db;
  const idSessionCenou = await insertSession(db, c.directions.OUA, 'DELIBERATION', 'FERME');
  const d = await one<{ id: number }>(
    db,
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
          liste_deliberation, rang, reponse, date_limite_reponse)
        VALUES (${`MAT-${newIne()}`}, ${idSessionCenou}, ${c.directions.OUA}, ${c.accounts[who].idEtudiant!},
                ${c.accounts[who].id}, 'ADMIS', 'NATIONAUX', 1, 'EN_ATTENTE', now() + interval '3 days')
        RETURNING id_dossier AS id`,
  );
  return { idSessionCenou, idDossier: d!.id };
}

/** The session opened by `openSessionFor` and its status before, given back after the call. */
let openedForCall: { id: number; statut: string } | null = null;

/** Opens the session for one call (closing, for that call, the direction's open one). */
async function openSessionFor(c: CaseContext, idSessionCenou: number): Promise<void> {
  const db = c.t.database.db;
  const before = await one<{ statut: string }>(
    db,
    sql`SELECT statut_session AS statut FROM session_cenou WHERE id_session_cenou = ${idSessionCenou}`,
  );
  const others = await rows<{ id: number; statut: string }>(
    db,
    sql`SELECT id_session_cenou AS id, statut_session AS statut FROM session_cenou
        WHERE id_direction = ${c.directions.OUA} AND statut_session IN ('OUVERT', 'SUSPENDU')
          AND id_session_cenou <> ${idSessionCenou}`,
  );
  for (const o of others)
    await db.execute(sql`UPDATE session_cenou SET statut_session = 'FERME' WHERE id_session_cenou = ${o.id}`);
  reopen = [...reopen, ...others];
  await db.execute(
    sql`UPDATE session_cenou SET statut_session = 'OUVERT' WHERE id_session_cenou = ${idSessionCenou}`,
  );
  openedForCall = { id: idSessionCenou, statut: before!.statut };
}

async function closeSessionFor(_res: LightMyRequestResponse, c: CaseContext): Promise<void> {
  const db = c.t.database.db;
  if (openedForCall !== null)
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = ${openedForCall.statut}
          WHERE id_session_cenou = ${openedForCall.id}`,
    );
  openedForCall = null;
  for (const o of reopen)
    await db.execute(
      sql`UPDATE session_cenou SET statut_session = ${o.statut} WHERE id_session_cenou = ${o.id}`,
    );
  reopen = [];
}

// ---------------------------------------------------------------------------------------------
// Assignment helpers

/** The counter's cash operator a cash payment needs (once per file). */
function cashOperator(c: CaseContext) {
  return c.shared('rent:operator', async () => {
    const type = await c.f.create('type-paiement', { codeTypePaiement: 'ESPECES' });
    return c.f.create('operateur', { idTypePaiement: type.idTypePaiement });
  });
}

/** A mobile-money operator of the rent settings (a MOBILE_MONEY type of its own), once per file. */
function mobileOperator(c: CaseContext): Promise<number> {
  return c.shared('rent:mobile-operator', async () => {
    const type = await c.f.create('type-paiement', { codeTypePaiement: 'MOBILE_MONEY' });
    // A code the provider knows (FEDAPAY_MODES): the simulator debits through it.
    return (
      await c.f.create('operateur', { idTypePaiement: type.idTypePaiement, codeOperateur: 'ORANGE_MONEY' })
    ).idOperateur as number;
  });
}

interface AssignSetting {
  idSessionCenou: number;
  idCite: number;
}

/**
 * Direction OUA's open session moved to DELIBERATION (a session still in INSCRIPTION, the deposit
 * entries', is closed and a new one opened), and a MIXTE cité of 30 beds (once per file).
 */
function assignSetting(c: CaseContext): Promise<AssignSetting> {
  return c.shared('assign:setting', async () => {
    const db = c.t.database.db;
    const open = await one<{ id: number; etat: string }>(
      db,
      sql`SELECT id_session_cenou AS id, etat_session AS etat FROM session_cenou
          WHERE id_direction = ${c.directions.OUA} AND deleted_at IS NULL AND statut_session IN ('OUVERT', 'SUSPENDU')`,
    );
    let idSessionCenou: number;
    if (open && open.etat === 'DELIBERATION') {
      idSessionCenou = open.id;
      await db.execute(
        sql`UPDATE session_cenou SET statut_session = 'OUVERT' WHERE id_session_cenou = ${open.id}`,
      );
    } else {
      if (open) await setSession(db, open.id, open.etat as EtatSession, 'FERME');
      idSessionCenou = await insertSession(db, c.directions.OUA, 'DELIBERATION');
    }
    const cite = await insertCite(db, {
      batiments: [
        { code: 'MX', sexe: 'MIXTE', chambres: [1, 2, 3, 4, 5, 6].map((n) => ({ code: `${n}`, lits: 5 })) },
      ],
    });
    return { idSessionCenou, idCite: cite.idCite };
  });
}

/** A new student of Ouagadougou admitted in the session, who accepted its place. */
async function admittedStudent(c: CaseContext, idSessionCenou: number) {
  return insertAdmitted(c.t.database.db, { idSessionCenou, sexe: 'F', rang: 1 });
}

interface Assigned {
  idAffectation: number;
  codeVerification: string;
}

/** A new admitted student given a bed of the setting's cité (by the fixtures' admin). */
async function assignedStudent(c: CaseContext): Promise<Assigned> {
  const a = await assignSetting(c);
  const who = await admittedStudent(c, a.idSessionCenou);
  const res = await c.f.call('POST', 'campus/affectation', {
    idSessionCenou: a.idSessionCenou,
    idCite: a.idCite,
    etudiants: [who.ine],
  });
  if (res.statusCode !== 200) throw new Error(`POST affectation → ${res.statusCode} ${res.body}`);
  return (res.json() as { affectes: Assigned[] }).affectes[0];
}

/** A new assignment holding a credit of 1,000 FCFA (paid more than its year, at the counter). */
async function creditedStudent(c: CaseContext): Promise<Assigned> {
  const row = await assignedStudent(c);
  const idOperateur = (await cashOperator(c)).idOperateur as number;
  await withTransaction(c.t.database.db, async (tx) => {
    const { solde } = await accountSums(tx, row.idAffectation);
    await recordPayment(tx, null, {
      referencePaiement: newPaymentReference('ESP'),
      idAffectation: row.idAffectation,
      montant: Math.max(0, solde) + 1000,
      idOperateur,
      numeroRecu: `MX-${newIne()}`,
    });
  });
  return row;
}

/** The first student's own assignment (its dossier admitted and accepted in the session), once. */
function ownAssignment(c: CaseContext): Promise<Assigned> {
  return c.shared('assign:own', async () => {
    const a = await assignSetting(c);
    await c.t.database.db.execute(
      sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
            liste_deliberation, rang, reponse)
          VALUES (${`MAT-${newIne()}`}, ${a.idSessionCenou}, ${c.directions.OUA}, ${c.accounts.etudiant.idEtudiant!},
                  ${c.accounts.etudiant.id}, 'ADMIS', 'NATIONAUX', 1, 'ACCEPTE')`,
    );
    const res = await c.f.call('POST', 'campus/affectation', {
      idSessionCenou: a.idSessionCenou,
      idCite: a.idCite,
      etudiants: [c.accounts.etudiant.userName],
    });
    if (res.statusCode !== 200) throw new Error(`POST affectation → ${res.statusCode} ${res.body}`);
    return (res.json() as { affectes: Assigned[] }).affectes[0];
  });
}

/** A bed of the setting's cité free in its session. */
async function freeBed(c: CaseContext, a: AssignSetting): Promise<number> {
  const row = await one<{ id: number }>(
    c.t.database.db,
    sql`SELECT l.id_lit AS id FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre
        JOIN couloir co ON co.id_couloir = ch.id_couloir JOIN niveau n ON n.id_niveau = co.id_niveau
        JOIN batiment b ON b.id_batiment = n.id_batiment
        WHERE b.id_cite = ${a.idCite} AND NOT EXISTS (SELECT 1 FROM affectation x WHERE x.id_lit = l.id_lit
          AND x.id_session_cenou = ${a.idSessionCenou} AND x.deleted_at IS NULL)
        ORDER BY l.id_lit DESC LIMIT 1`,
  );
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Room-choice helpers

interface ChoiceCampaign {
  idCampagne: number;
  idSessionCenou: number;
  idCite: number;
  rooms: number[];
}

/** A closed session of OUA in DELIBERATION where both students are admitted and accepted (once per file). */
function choiceSession(c: CaseContext): Promise<number> {
  return c.shared('rc:session', async () => {
    const db = c.t.database.db;
    const s = await insertSession(db, c.directions.OUA, 'DELIBERATION', 'FERME');
    for (const who of ['etudiant', 'etudiantAutre'] as const)
      await db.execute(
        sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
              liste_deliberation, rang, reponse)
            VALUES (${`MAT-${newIne()}`}, ${s}, ${c.directions.OUA}, ${c.accounts[who].idEtudiant!},
                    ${c.accounts[who].id}, 'ADMIS', 'NATIONAUX', 1, 'ACCEPTE')`,
      );
    return s;
  });
}

/** The room-choice cité: a MIXTE building of 8 rooms of 4 beds in Ouagadougou (once per file). */
function choiceCite(c: CaseContext): Promise<MadeCite> {
  return c.shared('rc:cite', () =>
    insertCite(c.t.database.db, {
      batiments: [
        {
          code: 'RC',
          sexe: 'MIXTE',
          chambres: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ code: `R${n}`, lits: 4 })),
        },
      ],
    }),
  );
}

/** Slots open now for these students' dossiers of the session. */
async function insertSlots(c: CaseContext, idCampagne: number, s: number, idEtudiants: readonly number[]) {
  for (const [i, idEtudiant] of idEtudiants.entries())
    await c.t.database.db.execute(
      sql`INSERT INTO campagne_creneau (id_campagne, id_etudiant, id_dossier, ine, ordre, numero, debut_creneau)
          SELECT ${idCampagne}, d.id_etudiant, d.id_dossier, r.ine, ${i}, 0, now() - interval '1 minute'
          FROM dossier d JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
          WHERE d.id_etudiant = ${idEtudiant} AND d.id_session_cenou = ${s} AND d.deleted_at IS NULL
          ON CONFLICT DO NOTHING`,
    );
}

/** The session's campaign, started, both students choosers; made again when missing or not started. */
async function choiceCampaign(c: CaseContext): Promise<ChoiceCampaign> {
  const db = c.t.database.db;
  const s = await choiceSession(c);
  const cite = await choiceCite(c);
  let k = await one<{ id: number; started: boolean }>(
    db,
    sql`SELECT id_campagne AS id, debut <= now() AS started FROM campagne_choix WHERE id_session_cenou = ${s}`,
  );
  if (!k?.started) {
    await db.execute(sql`DELETE FROM campagne_choix WHERE id_session_cenou = ${s}`);
    k = await one<{ id: number; started: boolean }>(
      db,
      sql`INSERT INTO campagne_choix (id_session_cenou, id_direction, debut, fin, duree_creneau_minutes,
            etudiants_par_creneau, duree_reservation_minutes)
          VALUES (${s}, ${c.directions.OUA}, now() - interval '1 minute', now() + interval '1 day', 10, 40, 5)
          RETURNING id_campagne AS id, true AS started`,
    );
  }
  await insertSlots(c, k!.id, s, [c.accounts.etudiant.idEtudiant!, c.accounts.etudiantAutre.idEtudiant!]);
  return { idCampagne: k!.id, idSessionCenou: s, idCite: cite.idCite, rooms: Object.values(cite.chambres) };
}

/** A campaign of the session not started yet (the one there is, replaced). */
async function futureCampaign(c: CaseContext): Promise<number> {
  const db = c.t.database.db;
  const s = await choiceSession(c);
  await db.execute(sql`DELETE FROM campagne_choix WHERE id_session_cenou = ${s}`);
  const k = await one<{ id: number }>(
    db,
    sql`INSERT INTO campagne_choix (id_session_cenou, id_direction, debut, fin, duree_creneau_minutes,
          etudiants_par_creneau, duree_reservation_minutes)
        VALUES (${s}, ${c.directions.OUA}, now() + interval '1 day', now() + interval '2 days', 10, 40, 5)
        RETURNING id_campagne AS id`,
  );
  return k!.id;
}

/** A new student admitted in the session (F, as the matrix's students), chooser of the campaign. */
async function choiceFriend(c: CaseContext, k: ChoiceCampaign) {
  const who = await insertAdmitted(c.t.database.db, { idSessionCenou: k.idSessionCenou, sexe: 'F', rang: 2 });
  await insertSlots(c, k.idCampagne, k.idSessionCenou, [who.idEtudiant]);
  return who;
}

/** The student out of any group of the campaign (and its holds ended). */
async function leaveGroups(c: CaseContext, who: StudentKey) {
  const db = c.t.database.db;
  const id = c.accounts[who].idEtudiant!;
  await db.execute(sql`DELETE FROM groupe_choix WHERE id_createur = ${id}`);
  await db.execute(sql`DELETE FROM groupe_membre WHERE id_etudiant = ${id}`);
  await db.execute(
    sql`DELETE FROM reservation_lit WHERE id_reservation IN (SELECT id_reservation FROM reservation WHERE id_etudiant = ${id})`,
  );
  await db.execute(
    sql`UPDATE reservation SET etat = 'ANNULEE' WHERE id_etudiant = ${id} AND etat = 'ACTIVE'`,
  );
}

/** A group made by a new friend in which the first student is INVITE or ACCEPTE. */
async function groupWith(c: CaseContext, statut: 'INVITE' | 'ACCEPTE'): Promise<number> {
  const db = c.t.database.db;
  const k = await choiceCampaign(c);
  await leaveGroups(c, 'etudiant');
  const friend = await choiceFriend(c, k);
  const g = await one<{ id: number }>(
    db,
    sql`INSERT INTO groupe_choix (id_campagne, id_createur, sexe) VALUES (${k.idCampagne}, ${friend.idEtudiant}, 'F')
        RETURNING id_groupe AS id`,
  );
  await db.execute(
    sql`INSERT INTO groupe_membre (id_groupe, id_campagne, id_etudiant, statut) VALUES
          (${g!.id}, ${k.idCampagne}, ${friend.idEtudiant}, 'ACCEPTE'),
          (${g!.id}, ${k.idCampagne}, ${c.accounts.etudiant.idEtudiant!}, ${statut})`,
  );
  return g!.id;
}

/** A hold of the first student alone on a free bed of the campaign's cité. */
async function ownHold(c: CaseContext): Promise<number> {
  const db = c.t.database.db;
  const k = await choiceCampaign(c);
  await leaveGroups(c, 'etudiant');
  const bed = await one<{ idLit: number; idChambre: number }>(
    db,
    sql`SELECT l.id_lit AS "idLit", l.id_chambre AS "idChambre" FROM lit l
        WHERE l.id_chambre IN (${sql.join(
          k.rooms.slice(2).map((r) => sql`${r}`),
          sql`, `,
        )})
          AND NOT EXISTS (SELECT 1 FROM reservation_lit rl WHERE rl.id_lit = l.id_lit)
          AND NOT EXISTS (SELECT 1 FROM affectation a WHERE a.id_lit = l.id_lit AND a.deleted_at IS NULL)
        ORDER BY l.id_lit LIMIT 1`,
  );
  const h = await one<{ id: number }>(
    db,
    sql`INSERT INTO reservation (id_campagne, id_etudiant, id_chambre, expire_a)
        VALUES (${k.idCampagne}, ${c.accounts.etudiant.idEtudiant!}, ${bed!.idChambre}, now() + interval '5 minutes')
        RETURNING id_reservation AS id`,
  );
  await db.execute(
    sql`INSERT INTO reservation_lit (id_reservation, id_lit, id_etudiant)
        VALUES (${h!.id}, ${bed!.idLit}, ${c.accounts.etudiant.idEtudiant!})`,
  );
  return h!.id;
}

// ---------------------------------------------------------------------------------------------
// Dossier helpers

/** A small valid PDF. */
const MATRIX_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A cité in Ouagadougou and an OUVERT session in INSCRIPTION of direction OUA (once per file). */
function depositSetting(c: CaseContext): Promise<number> {
  return c.shared('dossier:setting', async () => {
    const villes = await c.f.list('ville');
    const idVille = villes.find((v) => v.nomVille === 'Ouagadougou')!.idVille;
    await c.f.create('cite', { idVille });
    const session = await c.f.create('session-cenou', {
      idDirection: c.directions.OUA,
      etatSession: 'INSCRIPTION',
      statutSession: 'OUVERT',
      dateOuverture: '2026-09-01',
    });
    return session.idSessionCenou as number;
  });
}

/** A closed session of direction OUA: dossiers that are only read (once per file). */
function closedSession(c: CaseContext): Promise<number> {
  return c.shared('dossier:closed', async () => {
    const session = await c.f.create('session-cenou', {
      idDirection: c.directions.OUA,
      etatSession: 'INSCRIPTION',
      statutSession: 'FERME',
      dateOuverture: '2025-09-01',
    });
    return session.idSessionCenou as number;
  });
}

/** A valid deposit body for the live criterion types of the moment (a proof where one is needed). */
async function depositBody(c: CaseContext) {
  const types = await depositTypes(c.t.database.db);
  return {
    listeDossierCritere: types.map((t) => {
      const pick = t.listeCritere.find((x) => !x.obligatoire) ?? t.listeCritere[0];
      return {
        idTypeCritere: t.idTypeCritere,
        idCritere: pick.idCritere,
        ...(pick.obligatoire ? { nomFichier: 'piece.pdf', fichier: MATRIX_PDF.toString('base64') } : {}),
      };
    }),
  };
}

/** Soft-deletes the student's live dossier of the session (one live dossier per student and session). */
async function dropLiveDossier(c: CaseContext, who: StudentKey, idSession: number) {
  await c.t.database.db.execute(
    sql`UPDATE dossier SET deleted_at = now() WHERE id_user = ${c.accounts[who].id}
          AND id_session_cenou = ${idSession} AND deleted_at IS NULL`,
  );
}

/** A dossier of the student in the session, with one answer carrying a stored proof. */
async function insertStudentDossier(
  c: CaseContext,
  who: StudentKey,
  idSession: number,
): Promise<{ idDossier: number; idDossierCritere: number }> {
  const db = c.t.database.db;
  const critere = await c.shared('dossier:critere', () => c.f.create('critere'));
  const key = await c.t.app.storage.put(MATRIX_PDF, { prefix: 'dossier' });
  const d = await one<{ id: number }>(
    db,
    sql`INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user)
        VALUES (${`MAT-${newIne()}`}, ${idSession}, ${c.directions.OUA}, ${c.accounts[who].idEtudiant!},
                ${c.accounts[who].id})
        RETURNING id_dossier AS id`,
  );
  const dc = await one<{ id: number }>(
    db,
    sql`INSERT INTO dossier_critere (id_dossier, id_type_critere, id_critere, nom_fichier, cle_fichier, taille_fichier)
        VALUES (${d!.id}, ${critere.idTypeCritere as number}, ${critere.idCritere as number}, 'piece.pdf', ${key},
                ${MATRIX_PDF.length})
        RETURNING id_dossier_critere AS id`,
  );
  return { idDossier: d!.id, idDossierCritere: dc!.id };
}

/** The first student's dossier of a closed session: read by every actor. */
async function readableDossier(c: CaseContext) {
  return insertStudentDossier(c, 'etudiant', await closedSession(c));
}

// ---------------------------------------------------------------------------------------------
// Procuration helpers

/** A new DEPOT procuration of the first student (its code, shown once). */
export function matrixProcuration(c: CaseContext) {
  const e = c.accounts.etudiant;
  return createProcuration(
    c.t.database.db,
    { id: e.id, role: ETUDIANT, idDirection: c.directions.OUA, userName: e.userName },
    { tache: 'DEPOT', dureeHeures: 2, key: MATRIX_HMAC_KEY },
  );
}

/** The key the test app signs with (tests/helpers/app.ts), which keys the codes' HMAC. */
export const MATRIX_HMAC_KEY = 'x'.repeat(48);

/** A deposit's body for a draft: the criteria that need no proof (a draft names uploads, never files). */
async function draftOf(c: CaseContext) {
  await depositSetting(c);
  const body = await depositBody(c);
  return {
    listeDossierCritere: body.listeDossierCritere.map((e) => ({
      idTypeCritere: e.idTypeCritere,
      idCritere: e.idCritere,
    })),
  };
}

/**
 * The student's draft, written as a helper would have saved it: the criteria of `depositBody`, a
 * proof sent as a finished resumable upload of the student where the criterion needs one.
 */
async function matrixDraft(c: CaseContext, who: StudentKey) {
  const body = await depositBody(c);
  const listeDossierCritere = [];
  for (const e of body.listeDossierCritere)
    listeDossierCritere.push({
      idTypeCritere: e.idTypeCritere,
      idCritere: e.idCritere,
      ...('fichier' in e ? { televersement: await finishedUpload(c, who, e.idTypeCritere) } : {}),
    });
  const corps = JSON.stringify({ listeDossierCritere });
  await c.t.database.db.execute(
    sql`INSERT INTO brouillon_dossier (id_user, corps) VALUES (${c.accounts[who].id}, ${corps}::jsonb)
        ON CONFLICT (id_user) DO UPDATE SET corps = EXCLUDED.corps`,
  );
}
