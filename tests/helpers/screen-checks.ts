import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from './axe';
import type { Seen } from './screens';
import { timed } from './walk-time';

/**
 * What a person would see wrong on a screen, checked in the page itself (plain JavaScript put in
 * each page before its scripts, `context.addInitScript(IN_PAGE)`), beside axe-core
 * (tests/helpers/axe.ts). Used by tests/e2e/screens.test.ts on every screen and state, and by
 * tests/e2e/screen-defects.test.ts for the defects it pins.
 *
 * Checks:
 * - `contrastIssues(root)`: each visible text of `root` whose colour against its ground (the first
 *   opaque background behind it, translucent ones laid over it) reads below 4.5:1 (3:1 for large
 *   text), as WCAG 1.4.3 counts;
 * - `brokenWords(root)`: each word (letters and digits between spaces, hyphens, apostrophes or
 *   punctuation) whose glyphs lie on more than one line. A word wider than 45 % of the window, or
 *   a string with no space (an e-mail, a long code) wider than its box, may break: nothing else may;
 * - `problems()`: the page as it stands: unreadable text (the contrast above, so text hidden by its
 *   own background), broken words and codes (a reference such as KDG-2026-000070 is one word), a
 *   line that starts with : ; ! ? or » (the space before it should not break), text cut by a box
 *   that hides what overflows it (an ellipsis included), a horizontal scroll of the page, a toast
 *   outside the window, a list's paginator on more than one line.
 */
export const IN_PAGE = `
window.screenChecks = (() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3] + under[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    return [0, 1, 2].map((i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a).concat(a);
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  // The ground behind each element, kept for one pass over the page (its texts share parents).
  let grounds = null;
  const ground = (el) => {
    if (grounds && grounds.has(el)) return grounds.get(el);
    const g = groundOf(el);
    if (grounds) grounds.set(el, g);
    return g;
  };
  const groundOf = (el) => {
    let colour = [0, 0, 0, 0];
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage !== 'none') return null;
      colour = over(colour, parse(s.backgroundColor));
      if (colour[3] >= 0.999) return colour;
    }
    return over(colour, [255, 255, 255, 1]);
  };
  // An element at most 2 px wide or high, kept for one pass over the page (texts share ancestors).
  let tinies = null;
  const tiny = (e) => {
    if (tinies && tinies.has(e)) return tinies.get(e);
    const r = e.getBoundingClientRect();
    const t = r.width <= 2 || r.height <= 2;
    if (tinies) tinies.set(e, t);
    return t;
  };
  const hidden = (el) => {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true }))
      return true;
    for (let e = el; e && e !== document.body; e = e.parentElement) if (tiny(e)) return true;
    return false;
  };
  const texts = (root) => {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.data.trim() || el.closest('[aria-hidden="true"], script, style') || hidden(el)) continue;
      out.push(n);
    }
    return out;
  };
  // Each check takes the texts of one pass over the page (problems), or finds those of root.
  const contrastIssues = (root, list = texts(root)) => {
    const out = [];
    for (const n of list) {
      const el = n.parentElement;
      // WCAG 1.4.3 exempts the text of a control that cannot be used.
      if (el.closest(':disabled, [aria-disabled="true"], .p-disabled')) continue;
      const s = getComputedStyle(el);
      const bg = ground(el);
      if (!bg) continue;
      const fg = over(parse(s.color), bg);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      const r = ratio(fg, bg);
      if (r < (large ? 3 : 4.5))
        out.push(n.data.trim().slice(0, 40) + ' : ' + r.toFixed(2) + ' (' + s.color + ' sur ' + bg.map((v) => Math.round(v * 100) / 100).join(',') + ')');
    }
    return out;
  };
  const brokenWords = (root, list = texts(root)) => {
    const out = [];
    for (const n of list) {
      // Words, and codes (letters and digits joined by hyphens, a digit among them: a reference,
      // a seed) that are read as one word.
      const matches = [...n.data.matchAll(/[\\p{L}\\p{N}]+/gu)].concat(
        [...n.data.matchAll(/[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)+/gu)].filter((m) => /\\d/.test(m[0])),
      );
      for (const m of matches) {
        if (m[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = rects.map((r) => r.top);
        if (Math.max(...tops) - Math.min(...tops) < 2) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (width > 0.45 * innerWidth) continue;
        // A string with no space (an e-mail, a code) wider than its box has to break somewhere.
        const start = n.data.lastIndexOf(' ', m.index) + 1;
        const end = n.data.indexOf(' ', m.index) < 0 ? n.data.length : n.data.indexOf(' ', m.index);
        range.setStart(n, start);
        range.setEnd(n, end);
        // Broken into text nodes by its break points (<wbr>, \`breakable\`): the string is all of them.
        const joined = (s) => s && (s.nodeName === 'WBR' || (s.nodeType === 3 && !/\\s/.test(s.data)));
        if (start === 0)
          for (let s = n.previousSibling; joined(s); s = s.previousSibling) range.setStartBefore(s);
        if (end === n.data.length)
          for (let s = n.nextSibling; joined(s); s = s.nextSibling) range.setEndAfter(s);
        const token = [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
        let box = n.parentElement;
        while (box && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
        if (box) {
          const bs = getComputedStyle(box);
          const inner = box.clientWidth - parseFloat(bs.paddingLeft) - parseFloat(bs.paddingRight);
          if (token > inner - 1) continue;
        }
        out.push(m[0] + ' (' + n.data.trim().slice(0, 40) + ')');
      }
    }
    return out;
  };
  // French punctuation that a line starts with: the space before it was an ordinary one.
  const loosePunctuation = (root, list = texts(root)) => {
    const out = [];
    for (const n of list) {
      for (const m of n.data.matchAll(/\\S(\\s+)([:;!?»])/gu)) {
        // A non-breaking space broke only because the word before it is wider than its line.
        if (/^[\\u00a0\\u202f]+$/.test(m[1])) continue;
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + 1);
        const before = range.getBoundingClientRect();
        const at = m.index + 1 + m[1].length;
        range.setStart(n, at);
        range.setEnd(n, at + 1);
        const mark = range.getBoundingClientRect();
        if (before.width && mark.width && mark.top - before.top > 2)
          out.push(m[2] + ' (' + n.data.trim().slice(0, 40) + ')');
      }
    }
    return out;
  };
  // Text cut by a box that hides what overflows it (an ellipsis, or a hidden overflow): the part
  // cut off cannot be read. Scrolling boxes are not counted (what overflows them can be reached).
  const clippedTexts = (root, list = texts(root)) => {
    const out = [];
    for (const n of list) {
      const el = n.parentElement;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width === 0) continue;
      const s = getComputedStyle(el);
      let cut = s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      for (let e = el; e && e !== document.body && !cut; e = e.parentElement) {
        const es = getComputedStyle(e);
        if (es.overflowX !== 'hidden' && es.overflowX !== 'clip') continue;
        const b = e.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1) cut = true;
      }
      if (cut) out.push(n.data.trim().slice(0, 40));
    }
    return out;
  };
  // Everything a person would see wrong on the screen as it stands, in French, one line each.
  // One pass: the page does not change while it runs (no await), so its texts are found once and
  // each element's ground and size are measured once, for all the checks.
  const problems = () => {
    grounds = new Map();
    tinies = new Map();
    try {
      return problemsNow();
    } finally {
      grounds = tinies = null;
    }
  };
  // The outermost element sticking out past the screen's right edge, named for the report.
  const widest = (width) => {
    for (const el of document.body.querySelectorAll('*')) {
      if (el.getBoundingClientRect().right <= width + 1) continue;
      const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
      return ' (' + el.tagName.toLowerCase() + cls + ' : ' + Math.round(el.getBoundingClientRect().width) + ' px, « ' + (el.textContent || '').trim().slice(0, 30) + ' »)';
    }
    return '';
  };
  const problemsNow = () => {
    const out = [];
    const list = texts(document.body);
    for (const t of contrastIssues(document.body, list)) out.push('texte illisible sur son fond : ' + t);
    for (const w of brokenWords(document.body, list)) out.push('mot coupé : ' + w);
    for (const p of loosePunctuation(document.body, list)) out.push('ponctuation seule en début de ligne : ' + p);
    for (const t of clippedTexts(document.body, list)) out.push('texte coupé par sa boîte : ' + t);
    const root = document.scrollingElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push('défilement horizontal : ' + root.scrollWidth + ' px pour ' + root.clientWidth + ' px' + widest(root.clientWidth));
    // A list's paginator keeps to one line (first, previous, the report, next, last), at any width.
    for (const pg of document.querySelectorAll('.p-paginator')) {
      if (hidden(pg)) continue;
      const tops = [...pg.children].filter((c) => !hidden(c)).map((c) => c.getBoundingClientRect());
      if (tops.length < 2) continue;
      const mid = tops.map((r) => r.top + r.height / 2);
      if (Math.max(...mid) - Math.min(...mid) > 4)
        out.push('pagination sur plusieurs lignes : ' + (pg.textContent || '').trim().slice(0, 40));
    }
    for (const t of document.querySelectorAll('.p-toast-message')) {
      const r = t.getBoundingClientRect();
      if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
        out.push('message hors de l’écran : ' + (t.textContent || '').trim().slice(0, 40) + ' (' +
          [r.left, r.top, r.right, r.bottom].map(Math.round).join(', ') + ')');
    }
    return out;
  };
  return { contrastIssues, brokenWords, ratio, parse, ground, problems };
})();
`;

export interface Checks {
  contrastIssues(root: Element): string[];
  brokenWords(root: Element): string[];
  ratio(a: number[], b: number[]): number;
  parse(colour: string): number[];
  ground(el: Element): number[] | null;
  problems(): string[];
}
declare global {
  interface Window {
    screenChecks: Checks;
  }
}

/**
 * axe-core's rules the page's own checks already make, in every variant rather than axe's two:
 * its colour contrast (WCAG 1.4.3) is `contrastIssues`, run on every text of every view, light and
 * dark, 360 and 1366 px. It was 44 % of axe's time on the staff's pages (5 pages, 3 runs each,
 * by turns: 7.5 s with it, 4.2 s without; decision 111). The other browser tests run axe whole.
 */
const OWN_CHECKS: Record<string, string> = {
  'color-contrast': 'read by the page’s own contrast check in every variant (contrastIssues)',
};

/**
 * What is wrong on the screen as it stands, one line each prefixed with `where`: the page's own
 * checks (`problems()`, the contrast of every text included) in every variant; axe-core with every
 * other WCAG 2.1 A and AA rule (`OWN_CHECKS`) in the light desktop variant of every state, and in the dark phone variant
 * of each loaded page (its structure on a phone: the menu behind its button, the stacked tables). The page's
 * context must bypass the CSP (axe is injected) and carry `IN_PAGE` (`accountPage` does both).
 */
export async function screenProblems(page: Page, where: string, seen: Seen): Promise<string[]> {
  // The variant's theme set (and, for a new width, two frames drawn) in the same call to the page
  // as the checks: a walk with `variantInLook` spends no other call on it (tests/helpers/screens.ts).
  const own = await timed('vérifications de la page', () =>
    page.evaluate(
      async ([theme, frames]) => {
        document.documentElement.setAttribute('data-variant', theme);
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        if (frames) {
          await frame();
          await frame();
        }
        // What a resize observer redraws after a new width (a chart's canvas, a table fitting its
        // columns) may take a few more frames on a busy machine: a page wider than the screen is
        // given up to a second to settle; one still wider then is reported.
        const root = document.scrollingElement!;
        const since = performance.now();
        while (root.scrollWidth > root.clientWidth + 1 && performance.now() - since < 1000) await frame();
        return window.screenChecks.problems();
      },
      [seen.variant.theme, seen.frames === true] as const,
    ),
  );
  const axe =
    seen.variant.name === '1366 clair' || (seen.variant.name === '360 sombre' && seen.state === 'chargé');
  const violations = axe ? await timed('axe-core', () => axeViolations(page, { disable: OWN_CHECKS })) : [];
  return [...own.map((p) => `${where}: ${p}`), ...describeViolations(where, violations)];
}
