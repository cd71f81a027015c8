import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in a real page: the library is injected from node_modules (no network), then run with
 * the WCAG 2.1 A and AA rules only (or the rules named in `only`). Rules are never switched off here: a rule may be disabled only
 * by a test, for a documented false positive, named with its reason (`disable`). The page's
 * context needs `bypassCSP: true`: the server's CSP (script-src 'self') refuses an injected script.
 */
const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A toast or a dialog still fading in (PrimeReact's entering classes). */
const ENTERING =
  '.p-toast-message-enter, .p-toast-message-enter-active, .p-dialog-enter, .p-dialog-enter-active';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** Runs axe on the page as it stands; answers the violations (empty when the page passes). */
export async function axeViolations(
  page: Page,
  opts: { disable?: Record<string, string>; only?: string[] } = {},
): Promise<AxeViolation[]> {
  const rules = Object.fromEntries(Object.keys(opts.disable ?? {}).map((id) => [id, { enabled: false }]));
  // One call to the page (axe injected first when it is not there yet: a navigation by the client
  // keeps it), each call at load costing as much as a check.
  for (let attempt = 0; ; attempt++) {
    const answer = await page.evaluate(
      async ({ tags, rules, only, entering }) => {
        interface AxeRule {
          id: string;
          tags: string[];
          preload?: boolean;
        }
        const axe = (
          window as unknown as {
            axe?: { run: (ctx: unknown, o: unknown) => Promise<unknown>; _audit: { rules: AxeRule[] } };
          }
        ).axe;
        if (typeof axe !== 'object') return null;
        // A toast or dialog still fading in is measured at its transparent start (a false contrast
        // failure): the run waits, frame by frame and up to 5 s, until none is entering.
        const end = performance.now() + 5000;
        while (document.querySelector(entering) && performance.now() < end)
          await new Promise((r) => requestAnimationFrame(r));
        // What the rules that run read beforehand. By the WCAG tags axe leaves its experimental
        // rules out, and the only rule that reads the style sheets, css-orientation-lock, is one
        // (axe-core 4.14): the sheets are then not copied and parsed again at every run (decision
        // 047); the media are (no-autoplay-audio). Should a rule that reads them run, they are.
        const readsSheets = axe._audit.rules.some(
          (r) =>
            r.preload &&
            r.id !== 'no-autoplay-audio' &&
            !r.tags.includes('experimental') &&
            !r.tags.includes('deprecated') &&
            r.tags.some((t) => tags.includes(t)),
        );
        const result = (await axe.run(document, {
          runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: tags },
          rules,
          resultTypes: ['violations'],
          preload: only || readsSheets ? true : { assets: ['media'] },
        })) as { violations: AxeViolation[] };
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
        }));
      },
      { tags: WCAG_TAGS, rules, only: opts.only, entering: ENTERING },
    );
    if (answer) return answer;
    if (attempt > 0) throw new Error('axe-core introuvable dans la page après son injection');
    await page.addScriptTag({ path: AXE_PATH });
  }
}

/** One line per violation and node, for an assertion message a person can act on. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where}: ${v.id} (${v.impact}) ${v.help} — ${n.target.join(' ')} — ${n.failureSummary.replace(/\s+/g, ' ')}`,
    ),
  );
}
