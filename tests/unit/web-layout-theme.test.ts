import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rewriteTheme } from '../../src/web/layout/theme-build';

// The build-time rewrite of the lara theme (src/web/layout/theme-build.ts): the light theme's
// colours become variables with their dark values under [data-variant='dark'], the blue shades
// become the chosen colour's --primary-* shades.

const require = createRequire(import.meta.url);
const theme = (name: string) =>
  readFileSync(require.resolve(`primereact/resources/themes/${name}/theme.css`), 'utf8');

describe('runtime themes', () => {
  const { css, surfaceVariables } = rewriteTheme(theme('lara-light-blue'), theme('lara-dark-blue'));
  const rules = css.slice(0, css.indexOf(':root {\n  --s'));

  it('leaves no hard-coded blue of the theme in its rules', () => {
    const body = rules.replace(/--(blue|primary)-\d+\s*:\s*#[0-9a-f]{6};/gi, '');
    for (const blue of ['#3b82f6', '#2563eb', '#1d4ed8', '#bfdbfe', '#eff6ff', 'rgba(59, 130, 246']) {
      expect(body.toLowerCase()).not.toContain(blue);
    }
    expect(rules).toMatch(/--primary-color: var\(--p\d+\)/);
  });

  it('gives the dark variant its own surfaces and one block of shades per colour', () => {
    expect(surfaceVariables).toBeGreaterThan(20);
    expect(css).toContain("[data-variant='dark'] {");
    expect(css).toMatch(/\[data-variant='dark'\] \{[^}]*--s0: #1f2937/);
    // The surface scale too: `--surface-0` is white in the light variant, the darkest in the dark.
    const surface0 = /--surface-0: var\((--s\d+)\)/.exec(rules)?.[1];
    expect(surface0).toBeDefined();
    expect(css).toMatch(new RegExp(`:root \\{[^}]*${surface0}: #ffffff`));
    expect(css).toMatch(new RegExp(`\\[data-variant='dark'\\] \\{[^}]*${surface0}: #111827`));
    expect(css.match(/\[data-colour='[a-z]+'\] \{/g)).toHaveLength(16);
    expect(css).toMatch(/\[data-colour='teal'\] \{[^}]*--primary-500: #14b8a6/);
  });
});
