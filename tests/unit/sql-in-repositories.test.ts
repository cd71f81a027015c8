import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * SQL only in repositories: a module's routes (`routes.ts`) declare their schemas and call its
 * service; the service (`service.ts`) holds the rules and the transaction; the repository
 * (`repository.ts`) holds every statement. The files checked here are every file of `src/server/modules/` but its
 * repositories (services, routes, hooks, jobs, pure computations), and the generic resources'
 * routes and service. None of them may import a value from drizzle-orm (`sql`, `eq`…: a type
 * such as `SQL` is fine), import the statement runners of `db/client` (`one`, `rows`…), or call a
 * query method on a database or transaction (`db.execute(`, `tx.select(`, `app.db.insert(`…).
 */

const ROOT = path.resolve(__dirname, '../..');
const MODULES = path.join(ROOT, 'src/server/modules');
const OTHERS = ['src/server/crud/routes.ts', 'src/server/crud/service.ts'];

/** Names under which a database or a transaction is held (`db`, `tx`, `app.db`, `ctx.tx`…). */
const HANDLES = new Set(['db', 'tx', 'trx', 'transaction']);
const QUERY_METHODS = new Set(['execute', 'select', 'selectDistinct', 'insert', 'update', 'delete', 'query']);
/** What `src/server/db/client.ts` exports to run a statement. */
const RUNNERS = new Set(['one', 'rows', 'preparedOne', 'preparedRows', 'runBuilt', 'buildQuery']);

function checkedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        entry.name !== 'repository.ts'
      )
        out.push(path.relative(ROOT, full));
    }
  };
  walk(MODULES);
  return [...out, ...OTHERS].sort();
}

/** `db`, `tx`, or a property named so (`app.db`, `ctx.tx`, `this.db`). */
function isHandle(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return HANDLES.has(node.text);
  if (ts.isPropertyAccessExpression(node)) return HANDLES.has(node.name.text);
  return false;
}

/** Every place of the text that holds SQL outside a repository: `file:line: what`. */
function sqlOutsideRepositories(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (clause && !clause.isTypeOnly) {
        const values: string[] = [];
        if (clause.name) values.push(clause.name.text);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) values.push(`* as ${bindings.name.text}`);
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements)
            if (!el.isTypeOnly) values.push((el.propertyName ?? el.name).text);
        if (from === 'drizzle-orm' || from.startsWith('drizzle-orm/')) {
          if (values.length) report(node, `imports ${values.join(', ')} from '${from}'`);
        } else if (/(^|\/)db\/client$/.test(from)) {
          const runners = values.filter((v) => RUNNERS.has(v));
          if (runners.length) report(node, `imports ${runners.join(', ')} from '${from}'`);
        }
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text) &&
      isHandle(node.expression.expression)
    )
      report(node, `calls ${node.expression.expression.getText(source)}.${node.expression.name.text}(`);
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'query' &&
      isHandle(node.expression) &&
      !(ts.isCallExpression(node.parent) && node.parent.expression === node)
    )
      report(node, `reads ${node.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('SQL only in repositories', () => {
  it('checks the services, routes and hooks of every module', () => {
    const files = checkedFiles();
    for (const expected of [
      'src/server/modules/deliberation/service.ts',
      'src/server/modules/dossier/service.ts',
      'src/server/modules/assignment/routes.ts',
      'src/server/modules/reference/hooks.ts',
      'src/server/modules/reference/users-service.ts',
      'src/server/crud/routes.ts',
    ])
      expect(files).toContain(expected);
    expect(files.some((f) => f.endsWith('repository.ts'))).toBe(false);
  });

  it('finds no SQL in them', () => {
    const found = checkedFiles().flatMap((file) =>
      sqlOutsideRepositories(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found, `SQL belongs in the module's repository.ts:\n${found.join('\n')}`).toEqual([]);
  });

  it('names the file and line of each kind of offence', () => {
    const text = [
      "import { sql, type SQL } from 'drizzle-orm';",
      "import type { SQL as S } from 'drizzle-orm';",
      "import { eq as equals } from 'drizzle-orm';",
      "import { one, type Db } from '../../db/client';",
      "import type { Db as D } from '../../db/client';",
      'export async function f(db: Db, tx: Db, app: { db: Db }, ctx: { tx: Db }) {',
      '  await tx.execute(q);',
      '  await db',
      '    .select()',
      '    .from(t);',
      '  await app.db.insert(t).values({});',
      '  await ctx.tx.update(t).set({});',
      '  await db.delete(t);',
      '  await db.query.users.findFirst();',
      '  await db.transaction(async () => undefined);',
      '  new Map().delete(1);',
      '  seen.update(1);',
      '}',
    ].join('\n');
    expect(sqlOutsideRepositories('x/service.ts', text)).toEqual([
      "x/service.ts:1: imports sql from 'drizzle-orm'",
      "x/service.ts:3: imports eq from 'drizzle-orm'",
      "x/service.ts:4: imports one from '../../db/client'",
      'x/service.ts:7: calls tx.execute(',
      'x/service.ts:8: calls db.select(',
      'x/service.ts:11: calls app.db.insert(',
      'x/service.ts:12: calls ctx.tx.update(',
      'x/service.ts:13: calls db.delete(',
      'x/service.ts:14: reads db.query',
    ]);
  });
});

/**
 * Rows typed from the schema (docs/decisions/043-typed-queries.md): no file of `src/server` gives
 * a statement's rows a type written by hand, but the listed ones. Four ways are found: running a
 * raw statement through the runners of `db/client` (`rows`, `one`, `preparedRows`…, whose row
 * type is the caller's); `as unknown as`; reading the rows of `execute(` (`const r = await
 * db.execute(…)`, `(await tx.execute(…)).rows`); and an `sql<T>` whose `T` is not taken from the
 * schema. An `sql<T>` is fine when `T` is a plain type of a small expression (`boolean`, `number`,
 * `string`, `Date`, `null`, arrays of them), a type parameter, a type of the schema (`typeof
 * table.$inferSelect…`), or a type alias of the file or of `DERIVED_TYPES` that is one.
 */

/** Types exported by converted files, each derived from the schema's tables. */
const DERIVED_TYPES = new Set([
  'LockedSession', // sessions/open-session.ts: the columns of `lockedColumns`
  'StudentRow', // modules/dossier/repository.ts: the rows of `studentOfUser`
  'OfferAnswer', // modules/dossier/repository.ts: `dossier.reponse`
  'EntryAnalysis', // modules/dossier/repository.ts: `dossier_critere.valeur_analyse`
  'AdmissionList', // modules/dossier/repository.ts: `dossier.liste_deliberation`
]);
/** Type functions whose result is derived when their arguments are. */
const TYPE_FUNCTIONS = new Set([
  'Pick',
  'Omit',
  'NonNullable',
  'Partial',
  'Array',
  'Readonly',
  'RowOf', // modules/dossier/repository.ts: the row of a record of schema columns
]);
const PLAIN_TYPES = new Set(['Date', 'Uint8Array']);

/**
 * Files that still type rows by hand: file → why. The next sessions convert them and take them off
 * (the test fails on a listed file that no longer does, so the list only shrinks).
 */
const HAND_TYPED_ROWS: Record<string, string> = {
  // The statement runners themselves, and the driver's connection wrapped for retries and faults.
  'src/server/db/client.ts': 'defines rows/one and wraps the pool (driver objects, not rows)',
  'src/server/db/notifications.ts': 'the LISTEN connection of the driver (not rows)',
  'src/server/db/transaction.ts': 'the driver’s error objects (not rows)',
  'src/server/app.ts': 'the driver’s pool statistics (not rows)',
  'src/server/bootstrap.ts': 'the first start’s advisory lock (pg_try_advisory_xact_lock): no table',
  'src/server/backup/backup.ts': 'reads the system catalogues (pg_class), not the schema’s tables',
  'src/server/backup/restore.ts': 'reads the system catalogues of the restored copy',
  'src/server/lists/page.ts': 'the list pipeline runs each source’s own columns (ListSource<Row>)',
  'src/server/mail/worker.ts': 'the SMTP transport’s objects (not rows)',
  'src/server/sms/smpp-client.ts': 'the SMPP library’s objects (not rows)',
  'src/server/payments/fedapay.ts': 'the provider’s JSON answers (not rows)',
  'src/server/security/shared-limits.ts': 'the Redis client’s answers (not rows)',
};

/** Every hand-written row type of the text: `file:line: what`. */
export function handTypedRows(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${what}`);
  };
  // Type aliases of the file derived from the schema's values (`typeof …`), and type parameters.
  const derived = new Set(DERIVED_TYPES);
  const typeParameters = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isTypeAliasDeclaration(node) && /\btypeof\b/.test(node.type.getText(source)))
      derived.add(node.name.text);
    if (ts.isTypeParameterDeclaration(node)) typeParameters.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const fromSchema = (type: ts.TypeNode): boolean => {
    if (ts.isParenthesizedTypeNode(type)) return fromSchema(type.type);
    if (ts.isUnionTypeNode(type)) return type.types.every(fromSchema);
    if (ts.isArrayTypeNode(type)) return fromSchema(type.elementType);
    if (ts.isLiteralTypeNode(type)) return true;
    if (ts.isTypeQueryNode(type)) return true;
    if (ts.isIndexedAccessTypeNode(type)) return fromSchema(type.objectType);
    if (
      [
        ts.SyntaxKind.BooleanKeyword,
        ts.SyntaxKind.NumberKeyword,
        ts.SyntaxKind.StringKeyword,
        ts.SyntaxKind.NullKeyword,
        ts.SyntaxKind.UnknownKeyword,
      ].includes(type.kind)
    )
      return true;
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const name = type.typeName.text;
      const args = type.typeArguments ?? [];
      if (PLAIN_TYPES.has(name) || typeParameters.has(name)) return args.length === 0;
      if (derived.has(name) || TYPE_FUNCTIONS.has(name)) return args.every(fromSchema);
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      // `db/client`, or `./client` from a file of `src/server/db` (the migrator).
      const runnersModule = /(^|\/)db\/client$|^\.\/client$/.test(node.moduleSpecifier.text);
      if (runnersModule && bindings && ts.isNamedImports(bindings)) {
        const runners = bindings.elements
          .filter((el) => !el.isTypeOnly && RUNNERS.has((el.propertyName ?? el.name).text))
          .map((el) => (el.propertyName ?? el.name).text);
        if (runners.length) report(node, `runs raw statements through ${runners.join(', ')}`);
      }
      return;
    }
    if (
      ts.isAsExpression(node) &&
      ts.isAsExpression(node.expression) &&
      node.expression.type.kind === ts.SyntaxKind.UnknownKeyword
    )
      report(node, 'as unknown as');
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      node.tag.text === 'sql' &&
      node.typeArguments?.length &&
      !fromSchema(node.typeArguments[0])
    )
      report(node, `sql<${node.typeArguments[0].getText(source)}>`);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'execute' &&
      node.arguments.length > 0 &&
      // A prepared builder's `execute({ id })` has its rows typed already.
      !ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      let outer: ts.Node = node;
      while (ts.isAwaitExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent))
        outer = outer.parent;
      if (
        ts.isVariableDeclaration(outer.parent) ||
        (ts.isPropertyAccessExpression(outer.parent) && outer.parent.name.text !== 'then')
      )
        report(node, 'reads the rows of execute(');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

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
  walk(path.join(ROOT, 'src/server'));
  return out.sort();
}

describe('rows typed from the schema', () => {
  it('finds no hand-written row type in src/server, but in the listed files', () => {
    const byFile: Record<string, string[]> = {};
    for (const file of serverFiles()) {
      const hits = handTypedRows(file, readFileSync(path.join(ROOT, file), 'utf8'));
      if (hits.length) byFile[file] = hits;
    }
    const unlisted = Object.entries(byFile)
      .filter(([file]) => !(file in HAND_TYPED_ROWS))
      .flatMap(([, hits]) => hits);
    expect(
      unlisted,
      `rows typed by hand: build the statement over the schema instead\n${unlisted.join('\n')}`,
    ).toEqual([]);
    const gone = Object.keys(HAND_TYPED_ROWS).filter((file) => !(file in byFile));
    expect(gone, 'these files no longer type rows by hand: take them off HAND_TYPED_ROWS').toEqual([]);
  });

  it('sees the runners imported from inside src/server/db', () => {
    expect(handTypedRows('src/server/db/x.ts', "import { rows, type Db } from './client';")).toEqual([
      'src/server/db/x.ts:1: runs raw statements through rows',
    ]);
  });

  it('names the file and line of each kind', () => {
    const text = [
      "import { one, rows as r, type Db } from '../../db/client';",
      "import type { Db as D } from '../../db/client';",
      'type Col = typeof users.$inferSelect.role;',
      'export async function f<T>(db: Db) {',
      '  const a = sql<boolean>`x`;',
      '  const b = sql<(typeof dossier.$inferSelect.rang)[] | null>`x`;',
      "  const c = sql<Pick<Col, 'x'> | T | Date>`x`;",
      '  const d = sql<{ id: number }>`x`;',
      '  const e = sql<Row[]>`x`;',
      '  const g = x as unknown as Row;',
      '  const h = await db.execute(q);',
      '  const i = (await db.execute(q)).rows;',
      '  await db.execute(q);',
      '}',
    ].join('\n');
    expect(handTypedRows('x/repository.ts', text)).toEqual([
      'x/repository.ts:1: runs raw statements through one, rows',
      'x/repository.ts:8: sql<{ id: number }>',
      'x/repository.ts:9: sql<Row[]>',
      'x/repository.ts:10: as unknown as',
      'x/repository.ts:11: reads the rows of execute(',
      'x/repository.ts:12: reads the rows of execute(',
    ]);
  });
});
