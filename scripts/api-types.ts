/**
 * The web client's types of the API, generated from its OpenAPI description (openapi-typescript;
 * docs/decisions/042-openapi-contract.md): `npm run api:types` writes `src/web/lib/api-types.ts`,
 * `npm run api:types -- --check` fails when the committed file is not what the description gives
 * (tests/unit/api-types.test.ts runs the same check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../src/domain/api';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/env';
import type { Db } from '../src/server/db/client';

export const API_TYPES_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src/web/lib/api-types.ts',
);

/** The description as the server serves it (built without a database: describing reads none). */
export async function apiDescription(): Promise<Record<string, unknown>> {
  const app = await buildApp({
    config: { ...loadConfig({}), LOG_LEVEL: 'silent' },
    db: {} as Db,
    jwtSecret: 'x'.repeat(48),
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/**
 * The file's text: the API's calls only, their paths under API_BASE (the client's base), as
 * openapi-typescript writes them, formatted by the project's prettier.
 */
export async function apiTypesText(): Promise<string> {
  const doc = structuredClone(await apiDescription()) as { paths: Record<string, unknown> };
  doc.paths = Object.fromEntries(
    Object.entries(doc.paths)
      .filter(([p]) => p.startsWith(`${API_BASE}/`))
      .map(([p, item]) => [p.slice(API_BASE.length), item]),
  );
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(doc as never, { alphabetize: true });
  const header =
    '/**\n * Generated from the API\u2019s OpenAPI description by `npm run api:types` (scripts/api-types.ts):\n' +
    ' * do not edit. Paths are under API_BASE.\n */\n\n';
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(API_TYPES_FILE)) ?? {};
  return prettier.format(header + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}

async function main() {
  const text = await apiTypesText();
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(API_TYPES_FILE, 'utf8');
    } catch {
      committed = '';
    }
    if (committed !== text) {
      console.error(`${path.relative(process.cwd(), API_TYPES_FILE)} n’est pas à jour : npm run api:types`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(API_TYPES_FILE, text);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
