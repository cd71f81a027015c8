/**
 * Build-time rewrite of the PrimeReact lara theme (used by `vite.config.ts`, never shipped as code):
 * the light and the dark blue themes are the same rules with other colours, so the light theme's
 * hard-coded colours become CSS variables whose light values sit on `:root` and dark values under
 * `[data-variant='dark']`; the blue shades become the `--primary-*` shades of the chosen colour
 * (`[data-colour=…]`). One stylesheet then serves the 16 colours × 3 variants, switched at run
 * time by two attributes on `<html>`, with no stylesheet loaded per theme.
 */
import { PALETTES, SHADES, type Shade } from './palettes.ts';

const COLOUR = /#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|rgba?\([^)]*\)/g;

/** Tailwind's blue, the palette of lara-*-blue. */
const BLUE = PALETTES.find((p) => p.id === 'blue')!.shades;

function hexToRgb(hex: string): [number, number, number] {
  let h = hex.slice(1).toLowerCase();
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

export const rgbTriplet = (hex: string): string => hexToRgb(hex).join(', ');

/** A colour token of the theme as a blue shade (with its alpha), or null when it is no blue. */
function blueShade(token: string): { shade: Shade; alpha: string | null } | null {
  const t = token.toLowerCase().replace(/\s+/g, '');
  for (const shade of SHADES) {
    const hex = BLUE[shade];
    if (t === hex) return { shade, alpha: null };
    const m = /^rgba?\((\d+),(\d+),(\d+)(?:,([\d.]+))?\)$/.exec(t);
    if (m && `${m[1]}, ${m[2]}, ${m[3]}` === rgbTriplet(hex)) return { shade, alpha: m[4] ?? null };
  }
  return null;
}

/**
 * On light surfaces the theme's solid 500 / 600 / 700 (buttons, their hover and active states,
 * highlighted text) take the 700 / 800 / 900 shades: white text on a 500 reads at 3.7:1 for blue
 * and below 3:1 for green or amber, while every colour's 700 keeps it at 4.5:1 or more (WCAG AA).
 */
const darker = (shade: Shade): Shade =>
  shade === 500 ? 700 : shade === 600 ? 800 : shade === 700 ? 900 : shade;

/**
 * The same for the severities' solid colours (danger, success, info, warning, help): their 500 takes
 * the 700 and their 600 (a button's hover) the 800, so that a hovered button keeps white text at
 * 4.5:1 too (white on green 600 reads at 3.3:1).
 */
const LIGHT_SOLIDS: Record<string, string> = {
  '#ef4444': '#b91c1c',
  '#22c55e': '#15803d',
  '#0ea5e9': '#0369a1',
  '#f97316': '#c2410c',
  '#a855f7': '#7e22ce',
  '#dc2626': '#991b1b',
  '#16a34a': '#166534',
  '#0284c7': '#075985',
  '#ea580c': '#9a3412',
  '#9333ea': '#6b21a8',
};
const solid = (token: string) => LIGHT_SOLIDS[token.toLowerCase()] ?? token;

/** A declaration of one of the theme's named palettes (`--blue-500: …`), not of its surfaces. */
const NAMED_PALETTE = /^\s*--(?!surface-)[a-z]+-\d+\s*:/;

const normalise = (line: string) => line.replace(COLOUR, '§');

/** Pairs the lines of two themes built from the same rules (a few lines differ in shape). */
function pairLines(light: string[], dark: string[]): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  const nl = light.map(normalise);
  const nd = dark.map(normalise);
  while (i < light.length && j < dark.length) {
    if (nl[i] === nd[j]) {
      out.push([i++, j++]);
      continue;
    }
    // Resynchronise on the nearest line equal in both (a few lines only differ in shape).
    let found = false;
    for (let k = 1; k < 40 && !found; k++) {
      for (let a = 0; a <= k && !found; a++) {
        const b = k - a;
        if (
          i + a < light.length &&
          j + b < dark.length &&
          nl[i + a] === nd[j + b] &&
          nl[i + a].trim() !== '}'
        ) {
          i += a;
          j += b;
          found = true;
        }
      }
    }
    if (!found) {
      i++;
      j++;
    }
  }
  return out;
}

export interface ThemeRewrite {
  css: string;
  /** Number of variables for colours the dark variant changes (other than the primary shades). */
  surfaceVariables: number;
}

/**
 * The light theme with its colours as variables, followed by the variables' values: light on
 * `:root`, dark under `[data-variant='dark']`, and one block of `--primary-*` shades per colour.
 */
export function rewriteTheme(lightCss: string, darkCss: string): ThemeRewrite {
  const light = lightCss.split('\n');
  const dark = darkCss.split('\n');
  const pairs = new Map<string, string>(); // "light|dark" → variable name
  const lightValues: string[] = [];
  const darkValues: string[] = [];
  const usedRgb = new Set<Shade>();
  const shadeColour = (shade: Shade, alpha: string | null) => {
    usedRgb.add(shade);
    return alpha === null
      ? `rgb(var(--primary-${shade}-rgb))`
      : `rgba(var(--primary-${shade}-rgb), ${alpha})`;
  };
  /** A variable for a pair of colours: their light and dark values (blue shades as primary shades). */
  const pairVar = (key: string, lightValue: string, darkValue: string, prefix: string): string => {
    let name = pairs.get(key);
    if (!name) {
      name = `--${prefix}${pairs.size}`;
      pairs.set(key, name);
      lightValues.push(`${name}: ${lightValue}`);
      darkValues.push(`${name}: ${darkValue}`);
    }
    return `var(${name})`;
  };
  const paired = pairLines(light, dark);
  const seen = new Set(paired.map(([i]) => i));
  for (const [i, j] of paired) {
    // The theme's named palettes (`--blue-500`, `--green-100`…) stay what they are; its surface
    // scale (`--surface-0` … `--surface-900`) is no palette but the surfaces from light to dark,
    // which the dark theme reverses: it follows the variant like the other surfaces.
    if (NAMED_PALETTE.test(light[i])) continue;
    const lt = light[i].match(COLOUR);
    if (!lt) continue;
    const dt = dark[j].match(COLOUR) ?? [];
    if (dt.length !== lt.length) continue;
    let n = 0;
    light[i] = light[i].replace(COLOUR, (token) => {
      const other = dt[n++];
      const lb = blueShade(token);
      const db = blueShade(other);
      const key = `${token.toLowerCase()}|${other.toLowerCase()}`;
      if (!lb && !db && token.toLowerCase() === other.toLowerCase()) return solid(token);
      const lightValue = lb
        ? shadeColour(lb.alpha === null ? darker(lb.shade) : lb.shade, lb.alpha)
        : solid(token);
      const darkValue = db ? shadeColour(db.shade, db.alpha) : other;
      return pairVar(key, lightValue, darkValue, lb || db ? 'p' : 's');
    });
  }
  // The few lines without a dark twin: their blues still follow the chosen colour.
  for (let i = 0; i < light.length; i++) {
    if (seen.has(i) || NAMED_PALETTE.test(light[i])) continue;
    light[i] = light[i].replace(COLOUR, (token) => {
      const b = blueShade(token);
      return b ? shadeColour(b.alpha === null ? darker(b.shade) : b.shade, b.alpha) : solid(token);
    });
  }
  const palettes = PALETTES.map((p, index) => {
    const decls = SHADES.flatMap((s) => [
      `--primary-${s}: ${p.shades[s]}`,
      ...(usedRgb.has(s) ? [`--primary-${s}-rgb: ${rgbTriplet(p.shades[s])}`] : []),
    ]);
    const selector = index === 0 ? `:root, [data-colour='${p.id}']` : `[data-colour='${p.id}']`;
    return `${selector} {\n  ${decls.join(';\n  ')};\n}`;
  });
  const css = [
    light.join('\n'),
    `:root {\n  ${lightValues.join(';\n  ')};\n}`,
    `[data-variant='dark'] {\n  ${darkValues.join(';\n  ')};\n  color-scheme: dark;\n}`,
    ...palettes,
  ].join('\n');
  return { css, surfaceVariables: [...pairs.values()].filter((v) => v.startsWith('--s')).length };
}
