import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { rewriteTheme } from '../../src/web/layout/theme-build';
import { isWidgetSelector, splitTheme, statements } from '../../src/web/layout/theme-split';
import { entryGroup, inlineMessages } from '../../vite.config';

// The lean student app's build steps (docs/decisions/027-lean-student-app.md): the theme split
// between the entry's stylesheet and the widgets' one, and the catalogue's texts written where
// they are read.

const require = createRequire(import.meta.url);
const theme = (name: string) =>
  readFileSync(require.resolve(`primereact/resources/themes/${name}/theme.css`), 'utf8');

/** Every style rule of a stylesheet, at any depth (inside @layer and @media), as `prelude {`. */
function rules(css: string): string[] {
  return statements(css).flatMap((s) =>
    s.block === null
      ? []
      : /^@(layer|media|supports|container)\b/.test(s.prelude)
        ? rules(s.block)
        : [s.prelude.replace(/\s+/g, ' ')],
  );
}

describe('theme split', () => {
  const whole = rewriteTheme(theme('lara-light-blue'), theme('lara-dark-blue')).css;
  const { core, widgets } = splitTheme(whole);

  it('loses no rule and keeps each one once', () => {
    const all = rules(whole);
    const parts = [...rules(core), ...rules(widgets)];
    expect(parts.length).toBe(all.length);
    expect(parts.sort()).toEqual([...all].sort());
    // The theme is larger than its core; the core still holds most of what a phone paints.
    expect(core.length).toBeLessThan(whole.length / 2);
  });

  it('keeps in the entry what the student pages draw without a widget', () => {
    const kept = rules(core).join('\n');
    for (const cls of [
      '.p-button',
      '.p-button-outlined',
      '.p-inputtext',
      '.p-toast',
      '.p-link',
      '.p-invalid',
    ])
      expect(kept).toContain(cls);
    // The variables of the variants and colours, and the theme's root.
    expect(core).toContain("[data-variant='dark'] {");
    expect(core).toMatch(/\[data-colour='teal'\] \{/);
    expect(core).toContain(':root');
    // No widget's rule.
    expect(kept).not.toMatch(/\.p-(datatable|dropdown|dialog|calendar|paginator)\b/);
  });

  it('moves the widgets, inside the theme’s layer', () => {
    // The theme's layered rules stay layered (its editor's few rules were outside any layer).
    const layered = statements(widgets).filter((s) => s.prelude === '@layer primereact');
    expect(layered.length).toBeGreaterThan(0);
    const moved = layered.flatMap((s) => rules(s.block ?? '')).join('\n');
    for (const cls of ['.p-datatable', '.p-dropdown', '.p-dialog', '.p-paginator', '.p-calendar'])
      expect(moved).toContain(cls);
  });

  it('tells a widget’s selector from a core one', () => {
    expect(isWidgetSelector('.p-datatable .p-datatable-thead > tr > th')).toBe(true);
    expect(isWidgetSelector('.p-button .p-badge')).toBe(true);
    expect(isWidgetSelector('.p-button.p-button-outlined:enabled:hover')).toBe(false);
    expect(isWidgetSelector('.p-fluid .p-button')).toBe(false);
    expect(isWidgetSelector(':root')).toBe(false);
  });

  it('reads strings, comments and nested blocks', () => {
    const css = `/* a { } */ @layer x { .p-dropdown { content: "}" } .p-button { color: red } }`;
    const split = splitTheme(css);
    expect(rules(split.core)).toEqual(['.p-button']);
    expect(rules(split.widgets)).toEqual(['.p-dropdown']);
    expect(split.widgets).toContain('content: "}"');
  });
});

describe('catalogue inlined in the client', () => {
  const plugin = inlineMessages();
  const transform = (code: string, id = '/repo/src/web/features/x/Page.tsx') => {
    const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
    return hook.call({}, code, id)?.code ?? null;
  };

  it('writes each text where it is read', () => {
    const out = transform(
      `import { fill, messages } from '../../../domain/messages';\nexport const a = messages.chargement;\nconst b = fill(messages.heureMinute, {});`,
    );
    expect(out).toContain(`export const a = ${JSON.stringify(messages.chargement)};`);
    expect(out).toContain(`fill(${JSON.stringify(messages.heureMinute)}, {})`);
    expect(out).not.toMatch(/messages\.(chargement|heureMinute)/);
  });

  it('gives a read by a computed key its own copy of the catalogue', () => {
    const out = transform(
      `import { messages } from './messages';\nexport const f = (k) => messages[k];`,
      '/repo/src/domain/x.ts',
    );
    expect(out).toMatch(/^import __catalogue from 'virtual:cenou-message-catalogue';/);
    expect(out).toContain('(k) => __catalogue[k]');
  });

  it('leaves alone what is not the catalogue', () => {
    // No import of the catalogue: another `messages` (a prop, a list).
    expect(transform(`export const n = (p) => p.messages.length + messages.length;`)).toBeNull();
    // The catalogue itself, and the server's code.
    expect(
      transform(`import { messages } from './messages';\nmessages.x;`, '/repo/src/domain/messages.ts'),
    ).toBeNull();
    expect(
      transform(
        `import { messages } from '../domain/messages';\nmessages.chargement;`,
        '/repo/src/server/app.ts',
      ),
    ).toBeNull();
    // A key that is no message (a comment's path) stays as written.
    expect(
      transform(
        `import { messages } from './messages';\n// docs/messages.md\nmessages.chargement;`,
        '/repo/src/domain/y.ts',
      ),
    ).toContain('docs/messages.md');
  });
});

describe('the entry in one file', () => {
  // A module graph as Rolldown reports it once the build has read every module: the entry, what it
  // imports statically, a lazy page (imported dynamically) and what only that page imports.
  const graph: Record<string, { isEntry: boolean; importedIds: string[] }> = {
    '/src/web/main.tsx': {
      isEntry: true,
      importedIds: ['/src/web/app/App.tsx', '/node_modules/react/index.js'],
    },
    '/src/web/app/App.tsx': {
      isEntry: false,
      importedIds: ['/src/domain/format.ts', '/node_modules/react/index.js'],
    },
    '/node_modules/react/index.js': { isEntry: false, importedIds: [] },
    '/src/domain/format.ts': { isEntry: false, importedIds: ['/src/web/app/App.tsx'] },
    '/src/web/features/auth/LoginPage.tsx': {
      isEntry: false,
      importedIds: ['/src/domain/format.ts', '/src/web/components/FormField.tsx'],
    },
    '/src/web/components/FormField.tsx': { isEntry: false, importedIds: [] },
  };
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => graph[id] ?? null,
  };

  it('groups every module the entry reaches statically, and nothing a lazy page alone imports', () => {
    const { plugin, test } = entryGroup();
    (plugin.buildEnd as (this: typeof context) => void).call(context);
    // Shared with the lazy page or not, the entry's modules go together (a cycle walked once).
    for (const id of [
      '/src/web/main.tsx',
      '/src/web/app/App.tsx',
      '/node_modules/react/index.js',
      '/src/domain/format.ts',
    ])
      expect(test(id), id).toBe(true);
    expect(test('/src/web/features/auth/LoginPage.tsx')).toBe(false);
    expect(test('/src/web/components/FormField.tsx')).toBe(false);
  });

  it('starts again at each build (a watch rebuild forgets a module no longer imported)', () => {
    const { plugin, test } = entryGroup();
    (plugin.buildEnd as (this: typeof context) => void).call(context);
    const lighter = {
      ...context,
      getModuleInfo: (id: string) =>
        id === '/src/web/main.tsx' ? { isEntry: true, importedIds: [] } : (graph[id] ?? null),
    };
    (plugin.buildEnd as (this: typeof lighter) => void).call(lighter);
    expect(test('/src/web/main.tsx')).toBe(true);
    expect(test('/src/web/app/App.tsx')).toBe(false);
  });
});
