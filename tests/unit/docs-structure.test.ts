import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs that describe the repository follow it: every decision record starts with its status
// and date, then its number and title, and the decisions' index (docs/README.md) lists each one;
// the layout of README.md names every folder of src/domain, src/server and src/web, and no other.

const ROOT = path.resolve(__dirname, '../..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const folders = (rel: string) =>
  readdirSync(path.join(ROOT, rel), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

const DECISIONS = readdirSync(path.join(ROOT, 'docs/decisions'))
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('decision records', () => {
  it('each starts with Status and Date, then its number and title', () => {
    expect(DECISIONS.length).toBeGreaterThan(40);
    const wrong = DECISIONS.filter((f) => {
      const number = /^(\d{3})-[a-z0-9-]+\.md$/.exec(f)?.[1];
      const [status, date, blank, title] = read(`docs/decisions/${f}`).split('\n');
      return (
        number === undefined ||
        !/^Status: \S/.test(status) ||
        !/^Date: \d{4}-\d{2}-\d{2}$/.test(date) ||
        blank !== '' ||
        !title.startsWith(`# ${number} — `)
      );
    });
    expect(wrong, 'start with "Status: …", "Date: YYYY-MM-DD", a blank line, "# NNN — Title"').toEqual([]);
  });

  it('the index of docs/README.md lists every one, and nothing else', () => {
    const index = read('docs/README.md');
    const listed = [...index.matchAll(/\]\(decisions\/([^)]+\.md)\)/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(DECISIONS);
  });

  it('the index is one table: one header, one separator, then a row per decision', () => {
    const index = read('docs/README.md');
    const start = index.indexOf('## Decisions');
    const rows = index
      .slice(start, index.indexOf('\n## ', start + 1) === -1 ? undefined : index.indexOf('\n## ', start + 1))
      .split('\n')
      .filter((l) => l.startsWith('|'));
    expect(rows.filter((l) => /^\|\s*#\s*\|/.test(l))).toHaveLength(1);
    expect(rows.filter((l) => /^\|\s*-+\s*\|/.test(l))).toHaveLength(1);
    expect(rows.slice(2).every((l) => /^\| \[\d{3}\]\(decisions\//.test(l))).toBe(true);
  });
});

describe('the layout of README.md', () => {
  const readme = read('README.md');
  const start = readme.indexOf('## Layout');
  const block = readme.slice(
    readme.indexOf('```', start) + 3,
    readme.indexOf('```', readme.indexOf('```', start) + 3),
  );
  const lines = block.split('\n');

  /** The folders named under a top-level entry (`src/server/`): the indented lines up to the next entry. */
  function namedUnder(top: string): string[] {
    const i = lines.findIndex((l) => l.startsWith(`${top}/`));
    expect(i, `${top}/ in the layout`).toBeGreaterThanOrEqual(0);
    const names = new Set<string>();
    for (const line of lines.slice(i + 1)) {
      if (/^\S/.test(line)) break;
      for (const m of line.matchAll(/(?:^ {2}|; {2})([a-z][\w-]*)\/ /g)) names.add(m[1]);
    }
    return [...names].sort();
  }

  it('names every folder of src/server and src/web, and no other', () => {
    expect(namedUnder('src/server')).toEqual(folders('src/server'));
    expect(namedUnder('src/web')).toEqual(folders('src/web'));
  });

  it('names the folders of src/domain', () => {
    const from = lines.findIndex((l) => l.startsWith('src/domain/'));
    const to = lines.findIndex((l) => l.startsWith('src/server/'));
    const domain = lines.slice(from, to).join('\n');
    for (const name of folders('src/domain')) expect(domain).toContain(`${name}/`);
  });
});
