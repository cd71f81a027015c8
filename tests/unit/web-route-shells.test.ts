import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { routeShellFiles } from '../../src/server/web-shells';
import {
  deferredLoaderSource,
  escapeHtml,
  layoutBootSource,
  ROUTE_SHELLS,
  shellHtml,
  STAFF_VIEWER,
  takeScripts,
  withShell,
} from '../../src/web/app/route-shells';
import { LAYOUT_KEY, MENU_BAND_KEY, readSettings, settingsAttributes } from '../../src/web/layout/settings';
import { USER_KEY } from '../../src/web/lib/auth';
import { breadcrumb } from '../../src/web/app/registry';
import { ROUTE_PRELOADS } from '../../vite.config';

// The first screens written into the HTML at build time (docs/decisions/131-first-paint-from-the-html.md).

const INDEX = readFileSync('src/web/index.html', 'utf8');

/** The class names a piece of HTML gives its elements. */
const classesOf = (html: string) => [...html.matchAll(/class="([^"]+)"/g)].map((m) => m[1]);

describe('route shells', () => {
  it('cover the routes the preload script serves, each in a file of its own', () => {
    expect(ROUTE_SHELLS.map((s) => s.path).sort()).toEqual(ROUTE_PRELOADS.map((r) => r.path).sort());
    expect(new Set(ROUTE_SHELLS.map((s) => s.file)).size).toBe(ROUTE_SHELLS.length);
  });

  it('write the shell into index.html’s root, the rest of the file unchanged', () => {
    const depot = ROUTE_SHELLS.find((s) => s.path === '/depot')!;
    const out = withShell(INDEX, depot, 'assets/layout-boot-x.js');
    expect(out).toContain('<head>\n    <script src="/assets/layout-boot-x.js"></script>');
    expect(out).toContain(`<div id="root" data-shell=""><div class="app">`);
    expect(out).toContain(`<h1>${escapeHtml(messages.depotTitre)}</h1>`);
    expect(out).toContain(`<p class="lead">${escapeHtml(messages.depotIntro)}</p>`);
    expect(
      out
        .replace(/<div id="root" data-shell="">.*?<\/main>.*?<\/div><\/div><\/div>/s, '<div id="root"></div>')
        .replace('\n    <script src="/assets/layout-boot-x.js"></script>', ''),
    ).toBe(INDEX);
    expect(() => withShell(INDEX.replace('<div id="root"></div>', ''), depot, 'b.js')).toThrow(/root/);
  });

  it('give each element a class name its React component gives it', () => {
    const shellSource = readFileSync('src/web/app/Shell.tsx', 'utf8');
    for (const cls of classesOf(shellHtml(''))) {
      if (/^pi /.test(cls)) continue;
      expect(shellSource, cls).toMatch(new RegExp(`className=[{\`"]+${cls.replace(/-/g, '\\-')}\\b`));
    }
    for (const shell of ROUTE_SHELLS) {
      const page = ROUTE_PRELOADS.find((r) => r.path === shell.path)!.page;
      const source = readFileSync(path.join('src/web', page), 'utf8');
      for (const cls of classesOf(shell.page)) {
        expect(source, `${page}: ${cls}`).toContain(`className="${cls}"`);
      }
    }
  });

  it('escape the texts they write', () => {
    expect(escapeHtml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    // Between two tags, no quote nor angle bracket is left raw.
    for (const shell of ROUTE_SHELLS)
      for (const text of shellHtml(shell.page).match(/>[^<]*</g) ?? [])
        expect(text.slice(1, -1)).not.toMatch(/[<>"]/);
  });

  it('set the layout’s attributes before the first paint as bootLayout sets them', () => {
    const source = layoutBootSource();
    const stored = [
      null,
      'not json',
      '[]',
      JSON.stringify({ variant: 'dark', colour: 'teal', menuMode: 'slim', grouped: false }),
      JSON.stringify({
        variant: 'nuit',
        colour: 42,
        menuMode: 'static',
        profileMode: 'popup',
        menuColour: 'light',
      }),
      JSON.stringify({ grouped: 'yes', variant: 'light' }),
    ];
    for (const raw of stored)
      for (const dark of [false, true]) {
        const set: Record<string, string> = {};
        const run = new Function('document', 'localStorage', 'matchMedia', source) as (
          ...a: unknown[]
        ) => void;
        run(
          { documentElement: { setAttribute: (k: string, v: string) => (set[k] = v) } },
          { getItem: (k: string) => (k === LAYOUT_KEY ? raw : null) },
          () => ({ matches: dark }),
        );
        expect(set, `${raw} ${dark}`).toEqual(settingsAttributes(readSettings({ getItem: () => raw }, dark)));
      }
  });

  it('give the empty menu band the height this viewer’s page last drew, no one else’s', () => {
    const source = layoutBootSource();
    const user = JSON.stringify({ username: 'N123', accessToken: 't' });
    const cases: [user: string | null, band: string | null, expected: string | null][] = [
      [user, JSON.stringify({ u: 'N123', h: 75 }), '75px'],
      [user, JSON.stringify({ u: 'N999', h: 75 }), null],
      [null, JSON.stringify({ u: 'N123', h: 75 }), null],
      [user, 'not json', null],
      [user, JSON.stringify({ u: 'N123', h: 5000 }), null],
    ];
    for (const [u, band, expected] of cases) {
      const props: Record<string, string> = {};
      const run = new Function('document', 'localStorage', 'matchMedia', source) as (...a: unknown[]) => void;
      run(
        {
          documentElement: {
            setAttribute: () => undefined,
            style: { setProperty: (k: string, v: string) => (props[k] = v) },
          },
        },
        { getItem: (k: string) => (k === USER_KEY ? u : k === MENU_BAND_KEY ? band : null) },
        () => ({ matches: false }),
      );
      expect(props['--shell-menu-h'] ?? null, `${u} ${band}`).toBe(expected);
    }
  });

  it('mark a signed-in viewer with no student role, whose shells hide the students’ lines', () => {
    const source = layoutBootSource();
    const cases: [roles: string[] | null, marked: boolean][] = [
      [['ROLE_HEBERGEMENT_AGENT_CITE'], true],
      [['ROLE_HEBERGEMENT_GESTIONNAIRE_DR'], true],
      [['ROLE_HEBERGEMENT_ETUDIANT'], false],
      [null, false],
    ];
    for (const [roles, marked] of cases) {
      const set: Record<string, string> = {};
      const run = new Function('document', 'localStorage', 'matchMedia', source) as (...a: unknown[]) => void;
      const user = roles ? JSON.stringify({ username: 'x', accessToken: 't', roles }) : null;
      run(
        {
          documentElement: {
            setAttribute: (k: string, v: string) => (set[k] = v),
            style: { setProperty: () => undefined },
          },
        },
        { getItem: (k: string) => (k === USER_KEY ? user : null) },
        () => ({ matches: false }),
      );
      expect(set[STAFF_VIEWER[0]] === STAFF_VIEWER[1], String(roles)).toBe(marked);
    }
    // The dashboard's shell: its title for all, its lines for students only.
    const dashboard = ROUTE_SHELLS.find((s) => s.file === 'tableau-de-bord.html')!.page;
    expect(dashboard).toContain(`<p class="lead" data-audience="etudiant">`);
    expect(dashboard).toContain(`<h2 data-audience="etudiant">`);
    expect(readFileSync('src/web/layout/layout.css', 'utf8')).toContain(
      `[${STAFF_VIEWER[0]}='${STAFF_VIEWER[1]}'] #root[data-shell] [data-audience='etudiant']`,
    );
  });

  it('name the page in the breadcrumb as the React breadcrumb does', () => {
    for (const shell of ROUTE_SHELLS) {
      const labels = breadcrumb(shell.path).map((c) => escapeHtml(c.label));
      const html = shellHtml(shell.page, shell.label);
      const crumbs = [...html.matchAll(/<li>(?:<a[^>]*>(?:<i[^>]*><\/i>)? ?)?(?:<span[^>]*>)?([^<]+)</g)].map(
        (m) => m[1],
      );
      expect(crumbs, shell.path).toEqual(labels);
      expect(html).toContain(`<span aria-current="page">${labels.at(-1)}</span>`);
    }
  });

  it('ask the scripts once painted, in index.html’s order', () => {
    const built = [
      '<head>',
      '    <script async src="/assets/route-preload-a.js"></script>',
      '    <title>t</title>',
      '    <script type="module" crossorigin src="/assets/index-b.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/react-c.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index-d.css">',
      '</head>',
    ].join('\n');
    const { html, tags } = takeScripts(built);
    expect(html).toBe(
      [
        '<head>',
        '    <title>t</title>',
        '    <link rel="stylesheet" crossorigin href="/assets/index-d.css">',
        '</head>',
      ].join('\n'),
    );
    expect(tags).toEqual([
      ['script', { async: '', src: '/assets/route-preload-a.js' }],
      ['script', { type: 'module', crossorigin: '', src: '/assets/index-b.js' }],
      ['link', { rel: 'modulepreload', crossorigin: '', href: '/assets/react-c.js' }],
    ]);
    // Nothing is asked before a frame is painted; then each tag, with its attributes.
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const added: string[] = [];
    const make = (name: string) => {
      const e = {
        name,
        attrs: [] as string[],
        setAttribute: (k: string, v: string) => e.attrs.push(`${k}=${v}`),
      };
      return e;
    };
    const run = new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      deferredLoaderSource(tags),
    ) as (...a: unknown[]) => void;
    run(
      {
        createElement: make,
        head: { appendChild: (e: ReturnType<typeof make>) => added.push(`${e.name} ${e.attrs.join(' ')}`) },
      },
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    expect(added).toEqual([]);
    frames.forEach((f) => f());
    expect(added).toEqual([]);
    timers.forEach((f) => f());
    expect(added).toEqual([
      'script async= src=/assets/route-preload-a.js',
      'script type=module crossorigin= src=/assets/index-b.js',
      'link rel=modulepreload crossorigin= href=/assets/react-c.js',
    ]);
  });

  it('are found by the server under their paths', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shells-'));
    try {
      expect(routeShellFiles(dir).size).toBe(0);
      mkdirSync(path.join(dir, 'shells'));
      for (const shell of ROUTE_SHELLS) writeFileSync(path.join(dir, 'shells', shell.file), '');
      writeFileSync(path.join(dir, 'shells', 'notes.txt'), '');
      const found = routeShellFiles(dir);
      expect([...found.keys()].sort()).toEqual(ROUTE_SHELLS.map((s) => s.path).sort());
      expect(found.get('/')).toBe('shells/index.html');
      expect(found.get('/tableau-de-bord')).toBe('shells/tableau-de-bord.html');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
