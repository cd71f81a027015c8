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
