import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The route shells the web build wrote (`dist/web/shells/`, vite.config.ts `routeShells`; src/server/app.ts sends them): for each
 * path, the file to send instead of index.html. `index.html` there is the home page's (`/`).
 */
export function routeShellFiles(webDir: string): Map<string, string> {
  const dir = path.join(webDir, 'shells');
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir))
    if (file.endsWith('.html'))
      out.set(file === 'index.html' ? '/' : `/${file.slice(0, -5)}`, `shells/${file}`);
  return out;
}
