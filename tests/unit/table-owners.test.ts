import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources/definitions';
import * as schema from '../../src/server/db/schema';
import { RESOURCE_HOOKS } from '../../src/server/modules/reference/hooks';

/**
 * One owner per table (docs/decisions/043-typed-queries.md): each table of the schema is written
 * (INSERT, UPDATE, DELETE) by one file of `src/server`, its module's repository, and every other
 * module calls that repository. Production code never imports `src/server/seed/` (the demo data and
 * the tests' factories), and money depends in one direction: the mobile-money module
 * (`modules/payments`) calls rent (`modules/rent`), never the reverse.
 *
 * A write is found three ways: a statement in a template or string (`INSERT INTO t`, `UPDATE t`,
 * `DELETE FROM t`, keywords in capitals as every statement of the code is written); Drizzle's
 * builders on a table of the schema (`db.insert(users)`, `tx.update(schema.dossier)`, and the bulk
 * `insertReturning(db, cite, …)` of `src/server/db/bulk.ts`, and the head of a raw bulk insert
 * `insertInto(cite, …)` there); and the
 * generic writes of the reference resources (`src/server/crud/repository.ts`, which writes each
 * resource's table by name), unless the resource's hooks bring their own `writer`.
 *
 * Today's violations are listed below, each with its table and files: the next sessions shrink the
 * lists to nothing. The test fails on a new violation, and on a listed one that is gone (remove it
 * from the list), so that the lists stay exact.
 */

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'src/server');
const GENERIC_CRUD = 'src/server/crud/repository.ts';

/**
 * Tables written by more than one file today: table → every file that writes it (sorted). Most are
 * the demo data (`src/server/seed/`), which writes whole seasons in bulk statements of its own.
 */
const SHARED_WRITES: Record<string, string[]> = {
  // The housing stock and the reference data: the generic resources write them (the settings
  // screens), and the demo data fills them in bulk.
  cite: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  batiment: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  niveau: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  couloir: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  categorie_chambre: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  chambre: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  lit: [GENERIC_CRUD, 'src/server/seed/housing.ts'],
  type_critere: [GENERIC_CRUD, 'src/server/seed/demo.ts'],
  critere: [GENERIC_CRUD, 'src/server/seed/demo.ts'],
  type_paiement: [GENERIC_CRUD, 'src/server/seed/demo.ts'],
  operateur: [GENERIC_CRUD, 'src/server/seed/demo.ts'],
  session_cenou: [
    GENERIC_CRUD,
    'src/server/seed/demo.ts',
    'src/server/seed/past-years.ts',
    'src/server/seed/workflow.ts',
  ],
  quota: [GENERIC_CRUD, 'src/server/seed/workflow.ts'],
  // The rooms' inventories: a settings resource, and the demo's for every room category.
  element_inventaire: [GENERIC_CRUD, 'src/server/seed/cite-life.ts'],
  // A dossier and its answers are written by the dossier's repository (the deposit, and the
  // analysis, the deliberation and the offers through it) and by the demo's season.
  dossier: [
    'src/server/modules/dossier/repository.ts',
    'src/server/seed/past-years.ts',
    'src/server/seed/workflow.ts',
  ],
  dossier_critere: ['src/server/modules/dossier/repository.ts', 'src/server/seed/workflow.ts'],
  dossier_sequence: ['src/server/modules/dossier/repository.ts', 'src/server/seed/workflow.ts'],
  affectation: [
    'src/server/modules/assignment/repository.ts',
    'src/server/seed/past-years.ts',
    'src/server/seed/workflow.ts',
  ],
  // The registry: its repository (the import, the registration's link to the account), the demo
  // (its former residents' accounts linked too) and the tests' factories.
  registre_etudiant: [
    'src/server/modules/registry/repository.ts',
    'src/server/seed/factories.ts',
    'src/server/seed/past-years.ts',
    'src/server/seed/registry.ts',
    'src/server/seed/workflow.ts',
  ],
};

/**
 * Tables written by more than one production file (any file of `src/server` but the demo data and
 * the tests' factories of `src/server/seed/`): table → those files. None: the production code
 * writes each table from its owner alone, and the others call it in their transaction (the journal
 * `audit/repository.ts`, the dossiers' history `history/repository.ts`, the mail lots
 * `mail/repository.ts`, the registry `modules/registry/repository.ts`; decision 122).
 */
const SHARED_PRODUCTION_WRITES: Record<string, string[]> = {};

/**
 * Tables written by one file that is not a repository today: table → that file. Each is the one
 * writer of its table already, a shared piece named for its job; the next sessions move the
 * statements into a repository of its folder.
 */
const NON_REPOSITORY_WRITERS: Record<string, string[]> = {
  outbox_template: ['src/server/mail/outbox.ts'],
  // The outboxes: queued by their module (the deliberation's result mails too, through
  // `enqueueTemplateMails`); the job queue claims and marks them (decision 044).
  outbox_mail: ['src/server/mail/outbox.ts'],
  outbox_sms: ['src/server/sms/outbox.ts'],
};

/**
 * Production files that import `src/server/seed/`: file → what it imports.
 */
const SEED_IMPORTS: Record<string, string[]> = {
  // `npm start` loads the demo data on an empty database (DEMO_DATA): the loader belongs beside
  // the bootstrap, out of seed/.
  'src/server/main.ts': ['./seed/demo'],
};

/** Imports from rent to the mobile-money module (the wrong direction): file → what it imports. */
const RENT_TO_PAYMENTS: Record<string, string[]> = {};

function serverFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        out.push(path.relative(ROOT, full).split(path.sep).join('/'));
    }
  };
  walk(SERVER);
  return out.sort();
}

/** The schema's tables: export name → SQL name. */
const TABLES = new Map<string, string>();
for (const [name, value] of Object.entries(schema))
  if (value instanceof PgTable) TABLES.set(name, getTableConfig(value).name);
const SQL_TABLES = new Set(TABLES.values());

const STATEMENT = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g;

/** The tables a file writes, and the modules it imports (`from` texts). */
export function scan(file: string, text: string): { writes: Set<string>; imports: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const writes = new Set<string>();
  const imports: string[] = [];
  // Names under which the schema's tables are imported: `users`, `dossier as d`, `* as schema`.
  const tableNames = new Map<string, string>();
  const namespaces = new Set<string>();
  const fromText = (sqlText: string) => {
    for (const m of sqlText.matchAll(STATEMENT)) if (SQL_TABLES.has(m[1])) writes.add(m[1]);
  };
  const tableOf = (node: ts.Expression): string | undefined => {
    if (ts.isIdentifier(node)) return tableNames.get(node.text);
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    )
      return TABLES.get(node.name.text);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      imports.push(from);
      const bindings = node.importClause?.namedBindings;
      if (/(^|\/)db\/schema$/.test(from) || (from === './schema' && file.endsWith('/db/client.ts'))) {
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements) {
            const sqlName = TABLES.get((el.propertyName ?? el.name).text);
            if (sqlName) tableNames.set(el.name.text, sqlName);
          }
      }
      return;
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) fromText(node.text);
    if (ts.isTemplateExpression(node)) {
      fromText([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' $ '));
      // A statement whose table is the schema's, interpolated: INSERT INTO ${registreEtudiant} …
      node.templateSpans.forEach((span, i) => {
        const before = i === 0 ? node.head.text : node.templateSpans[i - 1].literal.text;
        const table = tableOf(span.expression);
        if (table && /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:ONLY\s+)?$/.test(before))
          writes.add(table);
      });
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]);
      if (table) writes.add(table);
    }
    // The bulk insert of db/bulk.ts: insertReturning(db, table, columns, select, returning).
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'insertReturning' &&
      node.arguments.length > 1
    ) {
      const table = tableOf(node.arguments[1]);
      if (table) writes.add(table);
    }
    // The head of a raw bulk insert of db/bulk.ts: insertInto(table, columns).
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'insertInto' &&
      node.arguments.length > 0
    ) {
      const table = tableOf(node.arguments[0]);
      if (table) writes.add(table);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { writes, imports };
}

/** Each server file scanned once for the whole file (parsing every file is the test's cost). */
const scanned = new Map<string, ReturnType<typeof scan>>();
function scanFile(file: string) {
  let hit = scanned.get(file);
  if (!hit) {
    hit = scan(file, readFileSync(path.join(ROOT, file), 'utf8'));
    scanned.set(file, hit);
  }
  return hit;
}

/** table → the files that write it. */
function writers(): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  const add = (table: string, file: string) => {
    const list = byTable.get(table) ?? [];
    if (!list.includes(file)) list.push(file);
    byTable.set(table, list.sort());
  };
  for (const file of serverFiles()) for (const table of scanFile(file).writes) add(table, file);
  for (const def of RESOURCES) if (!RESOURCE_HOOKS[def.name]?.writer) add(def.table, GENERIC_CRUD);
  return byTable;
}

/** file → its imports matching `test`, for the production files (not seed/, not tests). */
function importsMatching(test: (file: string, from: string) => boolean): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of serverFiles()) {
    if (file.startsWith('src/server/seed/')) continue;
    const hits = scanFile(file).imports.filter((from) => test(file, from));
    if (hits.length) found[file] = hits.sort();
  }
  return found;
}

/** Where an import of `file` leads, relative to the root. */
const target = (file: string, from: string) =>
  from.startsWith('.') ? path.posix.join(path.posix.dirname(file), from) : from;

describe('one owner per table', () => {
  it('finds the writes of each kind', () => {
    const text = [
      "import { users as u, dossier } from '../../db/schema';",
      "import * as schema from '../db/schema';",
      'await db.execute(sql`INSERT INTO ville (nom_ville) VALUES (${x})`);',
      'await db.execute(sql`UPDATE cite SET nom_cite = ${x} WHERE id_cite = ${y}`);',
      "await db.execute(sql.raw('DELETE FROM quota WHERE 1 = 0'));",
      'await tx.insert(u).values({});',
      'await tx.update(schema.lit).set({});',
      'await tx.delete(dossier);',
      'await db.execute(sql`SELECT 1 FROM chambre FOR UPDATE`);',
      'await db.execute(sql`INSERT INTO x (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2`);',
      'await db.execute(sql`INSERT INTO ${u} (a) SELECT 1`);',
      'await db.execute(sql`SELECT 1 FROM ${dossier}`);',
      'await insertReturning(db, schema.batiment, [], sql``, {});',
      'await db.execute(sql`${insertInto(schema.niveau, [])} SELECT 1`);',
      'new Map().delete(key);',
      "log('update direction');",
    ].join('\n');
    expect([...scan('src/server/x/repository.ts', text).writes].sort()).toEqual([
      'batiment',
      'cite',
      'dossier',
      'lit',
      'niveau',
      'quota',
      'users',
      'ville',
    ]);
  });

  it('sees the tables the code writes', () => {
    const byTable = writers();
    expect(byTable.get('users')).toEqual(['src/server/modules/accounts/repository.ts']);
    expect(byTable.get('code_verification')).toEqual(['src/server/modules/accounts/repository.ts']);
    expect(byTable.get('ville')).toEqual([GENERIC_CRUD]);
    expect(byTable.get('journal_ligne')).toHaveLength(1);
    expect(byTable.size).toBeGreaterThan(30);
  });

  it('has each table written by one file, but the listed ones', () => {
    const shared = Object.fromEntries([...writers()].filter(([, files]) => files.length > 1));
    expect(shared, 'a table written by several files: make one repository its writer').toEqual(
      Object.fromEntries(Object.entries(SHARED_WRITES).map(([table, files]) => [table, [...files].sort()])),
    );
  });

  it('has each table written by one production file, but the listed ones', () => {
    const shared = Object.fromEntries(
      [...writers()]
        .map(([table, files]) => [table, files.filter((f) => !f.startsWith('src/server/seed/'))] as const)
        .filter(([, files]) => files.length > 1),
    );
    expect(shared, 'a table written by two production files: call its owner’s repository').toEqual(
      SHARED_PRODUCTION_WRITES,
    );
    // The owners of the tables that had several writers, each alone now.
    const byTable = writers();
    const production = (table: string) =>
      (byTable.get(table) ?? []).filter((f) => !f.startsWith('src/server/seed/'));
    expect(production('audit_log')).toEqual(['src/server/audit/repository.ts']);
    expect(production('dossier_evenement')).toEqual(['src/server/history/repository.ts']);
    expect(production('outbox_lot')).toEqual(['src/server/mail/repository.ts']);
    expect(production('registre_etudiant')).toEqual(['src/server/modules/registry/repository.ts']);
  });

  it('has each table written by a repository, but the listed ones', () => {
    const others = Object.fromEntries(
      [...writers()].filter(([, files]) => files.length === 1 && !files[0].endsWith('/repository.ts')),
    );
    expect(others, 'a table written outside a repository').toEqual(NON_REPOSITORY_WRITERS);
  });

  it('never imports the seed from production code, but the listed files', () => {
    const found = importsMatching((file, from) => target(file, from).startsWith('src/server/seed/'));
    expect(found, 'production code imports src/server/seed/').toEqual(SEED_IMPORTS);
  });

  it('has money depend one way: mobile money calls rent, never the reverse, but the listed files', () => {
    const found = importsMatching(
      (file, from) =>
        file.startsWith('src/server/modules/rent/') &&
        /^src\/server\/(modules\/)?payments(\/|$)/.test(target(file, from)),
    );
    expect(found, 'rent imports the mobile-money module').toEqual(RENT_TO_PAYMENTS);
  });
});
