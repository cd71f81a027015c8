import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A table that becomes cards on a phone is written once (styles.css, `.stack-table`, below 720 px):
// every such table carries the class, no other stylesheet makes cards of a table again, and the
// rules a screen adds to its own table sit at the same breakpoint. The same CSS was written six
// times with three breakpoints (640 px, 40rem, 719 px): a table turned into cards at one width and
// its neighbour at another.

const ROOT = path.resolve(__dirname, '../../src/web');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p, ext);
    return e.name.endsWith(ext) ? [p] : [];
  });
}
const rel = (p: string) => path.relative(ROOT, p);

describe('stacked tables', () => {
  it('every table whose cells name their column (data-label) is a .stack-table', () => {
    const missing: string[] = [];
    for (const file of files(ROOT, '.tsx')) {
      const text = readFileSync(file, 'utf8');
      if (!/\bdata-label=/.test(text)) continue;
      const tables = [...text.matchAll(/<table\b[^>]*>/g)].map((m) => m[0]);
      expect(tables.length, `${rel(file)}: data-label without a table`).toBeGreaterThan(0);
      for (const t of tables) if (!/className="stack-table\b/.test(t)) missing.push(`${rel(file)}: ${t}`);
    }
    expect(missing).toEqual([]);
  });

  it('only styles.css turns a table into cards, and a screen adds to it at the same breakpoint', () => {
    const shared = path.join(ROOT, 'styles.css');
    const cards: string[] = [];
    const breakpoints: string[] = [];
    for (const file of files(ROOT, '.css')) {
      const text = readFileSync(file, 'utf8');
      if (file !== shared && /attr\(data-label\)|thead\s*\{[^}]*clip:/.test(text)) cards.push(rel(file));
      // Each phone block that names a stacked table's rule.
      for (const m of text.matchAll(/@media\s*\(max-width:\s*([^)]+)\)\s*\{([\s\S]*?)\n\}/g))
        if (/stack-table|rent-instalments|analysis-criteria|result-table|agents-cite/.test(m[2]))
          breakpoints.push(`${rel(file)} ${m[1].trim()}`);
    }
    expect(cards).toEqual([]);
    expect(breakpoints.length).toBeGreaterThan(0);
    expect(breakpoints.filter((b) => !b.endsWith(' 719px'))).toEqual([]);
    expect(readFileSync(shared, 'utf8')).toContain('content: attr(data-label)');
  });
});
