/**
 * Every call the web client makes to the API goes through the typed client (`src/web/lib/client.ts`,
 * docs/decisions/042-openapi-contract.md and 051-web-calls-typed-client.md): its path, parameters,
 * body and answer come from the description, never from a path string paired with a type by hand.
 * This test reads every file of `src/web` and fails on a call that names the API by a string
 * outside the typed client. The exceptions below say why each one is not a call of the client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.join(__dirname, '../../src/web');

/** The typed client and what it is built on: the only files that send a request themselves. */
const CLIENT_FILES = new Set(['lib/api.ts', 'lib/client.ts', 'lib/api-types.ts']);

/**
 * The justified exceptions, by file and by what they use: the request is not one a typed client
 * could send.
 */
const EXCEPTIONS: { file: string; what: string; why: string }[] = [
  {
    file: 'features/dossier/resumable.ts',
    what: 'fetch(',
    why: 'tus: the upload ends at its own address, the one the server gave in `Location`, not a described path',
  },
  {
    file: 'lib/paths.ts',
    what: 'api:',
    why: 'the API paths the tests’ helpers still call the server with; no web file reads them (`paths.api` is forbidden)',
  },
  { file: 'lib/paths.ts', what: 'API_BASE', why: 'the same paths’ base, for the tests’ helpers' },
  { file: 'lib/paths.ts', what: "'campus/…'", why: 'the same paths, for the tests’ helpers' },
];

/** What a web file must not use outside the typed client. */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'fetch(', pattern: /(?<![.\w])fetch\(/ },
  { name: 'XMLHttpRequest', pattern: /\bXMLHttpRequest\b/ },
  { name: 'apiFetch', pattern: /\bapiFetch\b/ },
  { name: 'apiUrl(', pattern: /\bapiUrl\(/ },
  { name: 'sendRequest', pattern: /\bsendRequest\b/ },
  { name: 'paths.api', pattern: /\bpaths\.api\b/ },
  { name: 'api:', pattern: /^\s{2}api: \{/m },
  { name: 'API_BASE', pattern: /\bAPI_BASE\b/ },
  // A path of the API written as a string without the description's leading slash (the old
  // `campus/…` form, which no typed call accepts).
  { name: "'campus/…'", pattern: /['"`]campus(-auth)?\/[a-z]/ },
];

function webFiles(dir = WEB, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return webFiles(path.join(dir, entry.name), rel);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The code of a file without its comments (a comment may name a path to explain it). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the web client’s calls to the API', () => {
  const files = webFiles();

  it('go through the typed client: no request by a string path elsewhere', () => {
    const found: string[] = [];
    for (const file of files) {
      if (CLIENT_FILES.has(file)) continue;
      const text = code(readFileSync(path.join(WEB, file), 'utf8'));
      for (const { name, pattern } of FORBIDDEN) {
        if (!pattern.test(text)) continue;
        if (EXCEPTIONS.some((e) => e.file === file && e.what === name)) continue;
        found.push(`${file} : ${name}`);
      }
    }
    expect(found, 'un appel à l’API hors du client typé (src/web/lib/client.ts)').toEqual([]);
  });

  it('each exception is still needed (a file that no longer does it leaves the list)', () => {
    for (const e of EXCEPTIONS) {
      const text = code(readFileSync(path.join(WEB, e.file), 'utf8'));
      const pattern = FORBIDDEN.find((f) => f.name === e.what)?.pattern;
      expect(pattern, e.what).toBeDefined();
      expect(pattern!.test(text), `${e.file} : ${e.what}`).toBe(true);
    }
  });

  it('the typed client’s paths are the description’s (a leading slash, under the API base)', () => {
    const client = readFileSync(path.join(WEB, 'lib/client.ts'), 'utf8');
    expect(client).toMatch(/createClient<paths, 'application\/json'>/);
    // A test of the forbidden patterns themselves, so that a mistyped one cannot pass silently.
    const sample = "const x = await fetch('/x'); api.get(paths.api.liste('lit')); apiFetch('campus/lit');";
    for (const name of ['fetch(', 'paths.api', 'apiFetch', "'campus/…'"]) {
      expect(FORBIDDEN.find((f) => f.name === name)!.pattern.test(sample), name).toBe(true);
    }
    expect(FORBIDDEN[0].pattern.test('void query.refetch()')).toBe(false);
  });
});
