import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Vite warns at every build about each relative import without a file extension in the code its
 * config loads (unsupported by its native config loader, its announced default). So vite.config.ts
 * and every file it reaches name the extension of what they import (type-only imports are erased
 * and do not count).
 */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms))
    out.push(m[2]);
  for (const m of text.matchAll(/^import\s+'(\.{1,2}\/[^']+)'/gm)) out.push(m[1]);
  return out;
}

describe('the code vite.config.ts loads', () => {
  it('names the extension of every relative import (no warning at build time)', () => {
    const seen = new Set<string>();
    const missing: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of valueImports(file)) {
        const target = path.resolve(path.dirname(file), spec);
        if (!/\.(ts|tsx|js|mjs|json)$/.test(spec) || !existsSync(target)) {
          missing.push(`${path.relative('.', file)}: '${spec}'`);
          continue;
        }
        if (/\.(ts|tsx)$/.test(spec)) visit(target);
      }
    };
    visit(path.resolve('vite.config.ts'));
    expect(missing).toEqual([]);
    // The walk did reach the config's imports and theirs.
    expect([...seen].map((f) => path.relative('.', f))).toEqual(
      expect.arrayContaining(['vite.config.ts', 'src/domain/messages.ts', 'src/domain/limits.ts']),
    );
  });
});
