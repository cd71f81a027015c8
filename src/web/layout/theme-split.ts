/**
 * Build-time split of the PrimeReact theme (used by `vite.config.ts`, never shipped as code): the
 * rules the shell and the student's pages draw with the theme's classes stay in the entry's
 * stylesheet, which blocks the first paint of every page; the rules of the widgets only the staff's
 * screens use (tables, dropdowns, calendars, dialogs, paginators…) go to a second stylesheet that
 * loads with the code of those widgets (`src/web/lib/prime.ts` imports it), before they render.
 * docs/decisions/027-lean-student-app.md.
 *
 * A rule goes to the widgets' stylesheet only when every one of its selectors names a `.p-…` class
 * of a widget; a rule without any such class (`:root`, the variables of the variants and colours,
 * keyframes) stays in the entry. Both keep the theme's `@layer primereact` (and `@media`) around
 * their rules, so the cascade is the theme's, the widgets' rules coming after the core's as they
 * did in the theme.
 */

/**
 * The theme's classes the entry keeps: the components the pages draw with plain elements and the
 * theme's classes (buttons, text inputs, the plain toasts of `lib/toast.tsx`, links) and the state
 * and utility classes any component may carry. A class matches by prefix (`p-button` keeps
 * `p-button-outlined`, `p-buttonset`).
 */
export const CORE_CLASSES = [
  'p-component',
  'p-button',
  'p-inputtext',
  'p-toast',
  'p-link',
  'p-error',
  'p-invalid',
  'p-disabled',
  'p-hidden',
  'p-fluid',
  'p-highlight',
  'p-focus',
  'p-filled',
  'p-text-',
  'p-unselectable-text',
  'p-ripple',
  'p-icon',
];

interface Statement {
  /** The text before the block (`.a, .b`, `@media …`), trimmed; the whole text without a block. */
  prelude: string;
  /** The text inside `{ … }`, or null for a statement ending with `;`. */
  block: string | null;
}

/** Top-level statements of a stylesheet (comments dropped, strings and nested blocks respected). */
export function statements(css: string): Statement[] {
  const out: Statement[] = [];
  let i = 0;
  let start = 0;
  const n = css.length;
  const skipString = (at: number) => {
    const quote = css[at];
    let j = at + 1;
    while (j < n && css[j] !== quote) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  };
  let prelude = '';
  while (i < n) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      prelude += css.slice(start, i);
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      start = i;
    } else if (c === '"' || c === "'") {
      i = skipString(i);
    } else if (c === ';') {
      prelude += css.slice(start, i);
      if (prelude.trim()) out.push({ prelude: `${prelude.trim()};`, block: null });
      prelude = '';
      start = ++i;
    } else if (c === '{') {
      prelude += css.slice(start, i);
      let depth = 1;
      let j = i + 1;
      while (j < n && depth > 0) {
        const d = css[j];
        if (d === '/' && css[j + 1] === '*') {
          const end = css.indexOf('*/', j + 2);
          j = end < 0 ? n : end + 2;
          continue;
        }
        if (d === '"' || d === "'") {
          j = skipString(j);
          continue;
        }
        if (d === '{') depth++;
        else if (d === '}') depth--;
        j++;
      }
      out.push({ prelude: prelude.trim(), block: css.slice(i + 1, j - 1) });
      prelude = '';
      i = j;
      start = i;
    } else {
      i++;
    }
  }
  return out;
}

/** The selectors of a rule's prelude (commas inside brackets, `:not(.a, .b)`, kept). */
function selectors(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(from, i));
      from = i + 1;
    }
  }
  out.push(prelude.slice(from));
  return out.map((s) => s.trim()).filter(Boolean);
}

const isCore = (cls: string) => CORE_CLASSES.some((p) => cls.startsWith(p));

/** A selector naming a widget's class (a `.p-…` class outside CORE_CLASSES). */
export function isWidgetSelector(selector: string): boolean {
  const classes = selector.match(/\.p-[A-Za-z0-9_-]+/g) ?? [];
  return classes.some((c) => !isCore(c.slice(1)));
}

export interface ThemeSplit {
  core: string;
  widgets: string;
}

/** Splits a stylesheet's rules between the entry (`core`) and the widgets' stylesheet. */
export function splitTheme(css: string): ThemeSplit {
  const core: string[] = [];
  const widgets: string[] = [];
  for (const s of statements(css)) {
    if (s.block === null) {
      core.push(s.prelude);
      continue;
    }
    if (/^@(layer|media|supports|container)\b/.test(s.prelude)) {
      const inner = splitTheme(s.block);
      if (inner.core.trim()) core.push(`${s.prelude} {\n${inner.core}\n}`);
      if (inner.widgets.trim()) widgets.push(`${s.prelude} {\n${inner.widgets}\n}`);
      continue;
    }
    const text = `${s.prelude} {${s.block}}`;
    if (s.prelude.startsWith('@')) core.push(text);
    else if (selectors(s.prelude).every(isWidgetSelector)) widgets.push(text);
    else core.push(text);
  }
  return { core: core.join('\n'), widgets: widgets.join('\n') };
}
