import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web client's colours follow the variant (light or dark, src/web/layout/settings.ts): a
// stylesheet names a colour through a variable whose light value sits on `:root` and dark value
// under `[data-variant='dark']` (styles.css, layout.css). A colour written in a rule (a card's
// `background: #fff`) stays the same in the dark variant, where the text on it turns light: the
// student's result card was white text on white. This test refuses such colours; the few that
// are meant to stay the same in both variants are listed with their reason.

const ROOT = path.resolve(__dirname, '../../src/web');

/** Rules whose written colours are the same in both variants on purpose. */
const SAME_IN_BOTH: Record<string, string> = {
  // A PDF page is paper, white in both variants.
  'components/pdf/pdf.css .pdf-page': 'paper',
  // The slim menu's labels: a dark tooltip in both variants.
  "layout/layout.css [data-menu-mode='slim'] .mainnav > ul > li > a > .menu-label, [data-menu-mode='slim'] .menu-group-button > .menu-label":
    'tooltip',
  // The home page's light button on the hero, which is dark in both variants.
  'styles.css .btn-light': 'light button on the dark hero',
};

const PROPERTY =
  /^(color|background(-color)?|border(-(top|right|bottom|left))?(-color)?|outline(-color)?|fill|stroke)$/;
const LITERAL = /#[0-9a-f]{3,8}\b|\brgba?\([^)]*\)|\b(white|black)\b/gi;

/** A translucent colour (a mask over the page, a shadow): it takes the colour of what lies under it. */
function translucent(literal: string): boolean {
  const m = /rgba?\(([^)]*)\)/i.exec(literal);
  if (!m) return false;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 4) return false;
  const alpha = parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
  return alpha < 1;
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? cssFiles(path.join(dir, e.name))
      : e.name.endsWith('.css')
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** Each declaration with the selectors and at-rules it sits in. */
function declarations(css: string): { context: string[]; property: string; value: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: { context: string[]; property: string; value: string }[] = [];
  const stack: string[] = [];
  let buffer = '';
  for (const ch of text) {
    if (ch === '{') {
      stack.push(buffer.trim().replace(/\s+/g, ' '));
      buffer = '';
    } else if (ch === '}' || ch === ';') {
      const decl = buffer.trim();
      const colon = decl.indexOf(':');
      if (colon > 0 && !decl.startsWith('@'))
        out.push({
          context: [...stack],
          property: decl.slice(0, colon).trim(),
          value: decl.slice(colon + 1).trim(),
        });
      buffer = '';
      if (ch === '}') stack.pop();
    } else buffer += ch;
  }
  return out;
}

describe('colours in the web client’s stylesheets', () => {
  it('are variables that follow the variant, but for the listed ones', () => {
    const found: string[] = [];
    const allowedSeen = new Set<string>();
    for (const file of cssFiles(ROOT)) {
      const name = path.relative(ROOT, file).replace(/\\/g, '/');
      for (const { context, property, value } of declarations(readFileSync(file, 'utf8'))) {
        if (!PROPERTY.test(property)) continue;
        if (context.some((c) => c.startsWith('@media print'))) continue;
        const literals = (value.replace(/var\([^)]*\)/g, '').match(LITERAL) ?? []).filter(
          (l) => !translucent(l),
        );
        if (!literals.length) continue;
        const key = `${name} ${context.at(-1)}`;
        if (SAME_IN_BOTH[key]) {
          allowedSeen.add(key);
          continue;
        }
        found.push(`${key} { ${property}: ${value} }`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
    // The list holds no rule that no longer exists.
    expect([...allowedSeen].sort()).toEqual(Object.keys(SAME_IN_BOTH).sort());
  });
});
