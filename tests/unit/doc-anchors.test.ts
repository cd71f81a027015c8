import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every link to a part of a page of the repository's docs lands on a heading: a path such as
// `docs/testing.md#the-three-projects` written anywhere (code, tests, scripts, docs), and every
// relative markdown link `[…](x.md#part)` or `[…](#part)` of a markdown file. The part is the
// heading's slug as GitHub makes it (docs/README.md, "Links between pages"): the heading's text
// without its markup, lower-cased, every character that is not a letter, a digit, a space, `-` or
// `_` removed, each space made `-`; a second heading with the same slug gets `-1`, a third `-2`.

const ROOT = path.resolve(__dirname, '../..');

/** What is scanned, from the repository's root. */
const SCANNED = ['src', 'tests', 'scripts', 'bench', 'docs', '.ci', 'README.md'];
/** Folders never scanned, wherever they are. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
/** Files never scanned: generated, or this test (whose comments hold examples). */
const SKIPPED_FILES = new Set(['src/web/lib/api-types.ts', 'tests/unit/doc-anchors.test.ts']);

function files(rel: string): string[] {
  const full = path.join(ROOT, rel);
  const entries = (() => {
    try {
      return readdirSync(full, { withFileTypes: true });
    } catch {
      return null;
    }
  })();
  if (entries === null) return [rel];
  return entries.flatMap((e) => {
    const child = path.posix.join(rel, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : files(child);
    return e.isFile() ? [child] : [];
  });
}

/** The text of a heading as GitHub renders it: code, emphasis and links reduced to their text. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '') // closing hashes
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .trim();
}

/** GitHub's slug of a heading's text (before the `-1`, `-2` of repeated headings). */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown page: its headings' slugs (outside code blocks) and any `<a id|name>`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    const h = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (!h) continue;
    const base = slug(headingText(h[1]));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

interface Link {
  where: string;
  target: string; // a path from the root
  anchor: string;
}

function linksOf(rel: string, text: string): Link[] {
  const links: Link[] = [];
  text.split('\n').forEach((line, i) => {
    const where = `${rel}:${i + 1}`;
    // A path of the docs written out from the root, in any file.
    for (const m of line.matchAll(
      /(?<![\w./-])((?:docs|src|tests|bench|scripts)\/[\w./-]*\.md)#([^\s)`'",;:.]+)/g,
    ))
      links.push({ where, target: m[1], anchor: m[2] });
    if (!rel.endsWith('.md')) return;
    // A relative markdown link of a markdown file: `[text](page.md#part)`, `[text](#part)`.
    for (const m of line.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
      const [, page, anchor] = m;
      if (/^[a-z]+:/i.test(page)) continue; // http:, https:, mailto:
      if (page !== '' && !page.endsWith('.md')) continue;
      const target = page === '' ? rel : path.posix.normalize(path.posix.join(path.posix.dirname(rel), page));
      if (links.some((l) => l.where === where && l.target === target && l.anchor === anchor)) continue;
      links.push({ where, target, anchor });
    }
  });
  return links;
}

describe('links to a part of a page of the docs', () => {
  it('computes GitHub’s slugs', () => {
    expect(slug(headingText('Sauvegarde et restauration — backup and restore'))).toBe(
      'sauvegarde-et-restauration--backup-and-restore',
    );
    expect(slug(headingText('Every screen at a glance: npm run screens'))).toBe(
      'every-screen-at-a-glance-npm-run-screens',
    );
    expect(slug(headingText('Screens as a person sees them (`tests/e2e/screens.test.ts`)'))).toBe(
      'screens-as-a-person-sees-them-testse2escreenstestts',
    );
    expect(slug(headingText('Réponses par **SMS**, [décision 030](x.md)'))).toBe(
      'réponses-par-sms-décision-030',
    );
    expect([
      ...anchorsOf('# A\n## Figures\n```\n# not a heading\n```\n## Figures\n<a id="kept"></a>\n'),
    ]).toEqual(['a', 'figures', 'figures-1', 'kept']);
  });

  it('every one lands on a heading of its page', () => {
    const pages = new Map<string, Set<string> | null>();
    const anchorsOfPage = (target: string) => {
      if (!pages.has(target)) {
        let text: string | null = null;
        try {
          text = readFileSync(path.join(ROOT, target), 'utf8');
        } catch {
          text = null;
        }
        pages.set(target, text === null ? null : anchorsOf(text));
      }
      return pages.get(target)!;
    };
    const broken: string[] = [];
    let links = 0;
    for (const rel of SCANNED.flatMap(files)) {
      if (SKIPPED_FILES.has(rel)) continue;
      const bytes = readFileSync(path.join(ROOT, rel));
      if (bytes.includes(0)) continue; // an image or another binary file
      for (const link of linksOf(rel, bytes.toString('utf8'))) {
        links += 1;
        const anchors = anchorsOfPage(link.target);
        if (anchors === null) broken.push(`${link.where}: ${link.target} does not exist`);
        else if (!anchors.has(decodeURIComponent(link.anchor)))
          broken.push(`${link.where}: ${link.target}#${link.anchor} is no heading of that page`);
      }
    }
    expect(links).toBeGreaterThan(10);
    expect(broken, `broken links to a part of a page:\n${broken.join('\n')}`).toEqual([]);
  });
});
