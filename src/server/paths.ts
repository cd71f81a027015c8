import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fill, messages } from '../domain/messages';

/**
 * Every file of the project the server reads at run time is found from here. The server runs either
 * from its sources (src/server/…: tests through vitest, tools through tsx) or from the bundle
 * (dist/server/main.mjs: `npm start`, the bench), where every bundled module's `import.meta.url` is
 * the bundle's: a path written relative to a module's own place would be wrong in one of the two.
 * So paths are built from the project root, the nearest folder above this module holding
 * package.json (docs/decisions/013-bundled-server.md). Packages stay in node_modules (not bundled) and
 * find their own files.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(fill(messages.consoleRacineIntrouvable, { dossier: from }));
  }
}

export const PROJECT_ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The built web client served at `/` (scripts/build-web.mjs). */
export const WEB_DIR = path.join(PROJECT_ROOT, 'dist', 'web');

/** The SQL migrations written by drizzle-kit (drizzle.config.ts), read from the sources at each start. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src', 'server', 'db', 'migrations');
