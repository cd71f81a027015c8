import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '../../src/domain/messages';
import { USER_KEY } from '../../src/web/lib/auth';
import { IN_PAGE } from './screen-checks';
import { PATIENCE_MS } from './wait';
import { timed } from './walk-time';

/**
 * The walk through every screen a person reaches, shared by the screen checks
 * (tests/e2e/screens.test.ts) and the screenshots (`npm run screens`, scripts/screens.ts).
 *
 * One page per account, signed in once (its stored session): every route of the account is opened in
 * that page by the client's own navigation (no reload), and each state the page offers is reached
 * from there: the list loaded, the list emptied by a search that matches nothing, the form's dialog,
 * the form sent empty (its errors), the confirmation before a deletion, a row saved (the toast). Each
 * state is then seen in every variant (`VARIANTS`: phone and desktop width, light and dark), switched
 * in place: the window resized, the variant set on `<html>` as the display settings set it.
 */

export interface Variant {
  name: string;
  width: number;
  height: number;
  /** `data-variant` of `<html>` (src/web/layout/settings.ts): 'accent' is the default light one. */
  theme: 'accent' | 'dark';
}

/** In the order they are seen: one change (size or theme) from one to the next. */
export const VARIANTS: readonly Variant[] = [
  { name: '1366 clair', width: 1366, height: 800, theme: 'accent' },
  { name: '1366 sombre', width: 1366, height: 800, theme: 'dark' },
  { name: '360 sombre', width: 360, height: 740, theme: 'dark' },
  { name: '360 clair', width: 360, height: 740, theme: 'accent' },
];

/** What is seen: the route opened (its concrete path), the state reached, the variant it is in. */
export interface Seen {
  path: string;
  state: string;
  variant: Variant;
  /**
   * With `variantInLook` (`inEveryVariant`, `walk`): the look sets `variant.theme` on `<html>` itself
   * and, when this is true, waits two frames before looking (a new width, or a state's first look
   * that has not just settled), in its own call to the page (`screenProblems` does).
   */
  frames?: boolean;
}

export type Look = (page: Page, seen: Seen) => Promise<void>;

/** No transition or animation: a variant is measured as it ends, not while its colours change. */
const STILL = `
document.addEventListener('DOMContentLoaded', () => {
  const s = document.createElement('style');
  s.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }';
  document.head.append(s);
});
`;

/**
 * A page for one account (null: a visitor) whose requests are counted, so that `settled` knows when
 * the screen has everything it asked for. The context bypasses the CSP (axe is injected).
 */
export async function accountPage(
  browser: Browser,
  baseURL: string,
  record: Record<string, unknown> | null,
): Promise<{ context: BrowserContext; page: Page; inflight: Requests }> {
  const first = VARIANTS[0];
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    bypassCSP: true,
    viewport: { width: first.width, height: first.height },
    colorScheme: 'light',
  });
  await context.addInitScript(IN_PAGE);
  await context.addInitScript(STILL);
  if (record)
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      USER_KEY,
      JSON.stringify(record),
    ] as const);
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  const inflight = new Requests();
  page.on('request', (r) => inflight.add(r));
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  return { context, page, inflight };
}

/**
 * The page's requests under way; `idle()` resolves when none is, and fails naming those still open
 * after `PATIENCE_MS` (a request never answered would otherwise hold the walk until the test's own
 * time runs out, with nothing said of which one).
 */
export class Requests {
  private readonly open = new Map<unknown, string>();
  private waiting: (() => void)[] = [];
  get size(): number {
    return this.open.size;
  }
  add(r: { method(): string; url(): string }): void {
    this.open.set(r, `${r.method()} ${r.url()}`);
  }
  delete(r: unknown): void {
    this.open.delete(r);
    if (this.open.size === 0) for (const w of this.waiting.splice(0)) w();
  }
  idle(ms = PATIENCE_MS): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== done);
        reject(new Error(`Requêtes sans réponse après ${ms} ms : ${[...this.open.values()].join(', ')}`));
      }, ms);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(done);
    });
  }
}

const BUSY = '.loading, .p-progress-spinner, .pi-spin, .p-skeleton';

/**
 * Resolves once the screen has settled: no request of the page under way and no spinner, twice in
 * a row with two frames drawn between (a request answered may start another).
 */
export async function settled(page: Page, inflight: Requests): Promise<void> {
  return timed('attente d’un écran stable', () => settledNow(page, inflight));
}

async function settledNow(page: Page, inflight: Requests): Promise<void> {
  for (let quiet = 0; quiet < 2;) {
    if (inflight.size > 0) {
      await inflight.idle();
      quiet = 0;
      continue;
    }
    // In one call to the page: no spinner (looked for at each frame), two frames drawn, and
    // whether a spinner came back meanwhile.
    const clear = await page.evaluate(
      // No named function inside (tsx, which runs `npm run screens`, would name it with a helper
      // the page does not have).
      async ([busy, ms]) => {
        const end = performance.now() + ms;
        while (document.querySelector(busy)) {
          if (performance.now() > end) throw new Error(`Toujours en chargement après ${ms} ms : ${busy}`);
          await new Promise((r) => requestAnimationFrame(r));
        }
        for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
        return !document.querySelector(busy);
      },
      [BUSY, PATIENCE_MS] as const,
    );
    quiet = inflight.size === 0 && clear ? quiet + 1 : 0;
  }
}

/** Opens `path` by the client's own navigation (as a link does), or loads it when nothing is open. */
export async function openRoute(page: Page, inflight: Requests, path: string): Promise<void> {
  await timed('ouverture des routes', async () => {
    if (page.url() === 'about:blank') await page.goto(path);
    else
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
        window.scrollTo(0, 0);
      }, path);
    await page.waitForURL((url) => url.pathname + url.search === path || url.pathname === path);
  });
  await settled(page, inflight);
}

/**
 * Sees the screen as it stands in every variant, then puts the first one back. `settled`: the
 * screen has just settled (`settled`, which ends on two frames drawn with nothing under way), so
 * its first look waits for no more frames. `variantInLook`: the look sets the theme and waits for
 * the frames itself (`Seen.frames`), in the same call to the page as its checks
 * (`screenProblems`): only the window is resized here, and a variant costs no call of its own.
 */
export async function inEveryVariant(
  page: Page,
  path: string,
  state: string,
  look: Look,
  opts: { settled?: boolean; variantInLook?: boolean } = {},
): Promise<void> {
  for (const variant of VARIANTS) {
    // The state's first look (unless it has just settled), or a new width (the menu's mode
    // follows a media query): two frames for what React draws. A new theme alone changes only
    // the styles, which the checks read computed (no transition runs: STILL), so no frame is
    // waited for.
    const frames = await timed('changement de variante', async () => {
      const size = page.viewportSize();
      const resized = size?.width !== variant.width || size.height !== variant.height;
      if (resized) await page.setViewportSize({ width: variant.width, height: variant.height });
      const frames = resized || (variant === VARIANTS[0] && !opts.settled);
      if (opts.variantInLook) return frames;
      await page.evaluate(
        ([theme, frames]) => {
          document.documentElement.setAttribute('data-variant', theme);
          if (!frames) return;
          return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        },
        [variant.theme, frames] as const,
      );
      return false;
    });
    await look(page, { path, state, variant, ...(opts.variantInLook ? { frames } : {}) });
  }
  await timed('changement de variante', async () => {
    const first = VARIANTS[0];
    const last = VARIANTS[VARIANTS.length - 1];
    await page.setViewportSize({ width: first.width, height: first.height });
    // The last variant has the first one's theme: nothing to set back.
    if (last.theme !== first.theme)
      await page.evaluate(
        (theme) => document.documentElement.setAttribute('data-variant', theme),
        first.theme,
      );
  });
}

/**
 * The states a page offers, reached one after the other from the loaded list and left as found:
 * the generic list's search (`ServerTable`), its "Ajouter" dialog (`ResourceScreen`), the form sent
 * empty, a row's deletion asked (and refused), a row's form saved unchanged (`save`: the toast).
 */
async function pageStates(
  page: Page,
  inflight: Requests,
  path: string,
  look: Look,
  opts: { save: boolean; variantInLook?: boolean },
): Promise<void> {
  const inLook = { variantInLook: opts.variantInLook };
  const main = page.locator('main');
  const search = main.getByRole('searchbox', { name: messages.rechercheGlobale });
  if ((await search.count()) === 1) {
    // The search is sent once typing pauses: the list is empty once its table says so, and back
    // once that message has gone (unless the list was empty before).
    const empty = main.locator('.p-datatable-emptymessage');
    const wasEmpty = (await empty.count()) > 0;
    // Enter sends it at once (ServerTable), not after the typing's pause.
    await search.fill('zzqxw sans résultat');
    await search.press('Enter');
    await empty.first().waitFor();
    await settled(page, inflight);
    await inEveryVariant(page, path, 'liste vide', look, { settled: true, ...inLook });
    await search.fill('');
    await search.press('Enter');
    if (!wasEmpty) await empty.first().waitFor({ state: 'detached' });
    await settled(page, inflight);
  }
  const dialog = page.getByRole('dialog');
  const add = main.getByRole('button', { name: messages.ajouter, exact: true });
  if ((await add.count()) === 1) {
    await add.click();
    await dialog.waitFor();
    await settled(page, inflight);
    await inEveryVariant(page, path, 'formulaire', look, { settled: true, ...inLook });
    await dialog.getByRole('button', { name: messages.enregistrer }).click();
    await dialog.locator('[aria-invalid="true"], .p-invalid').first().waitFor();
    await settled(page, inflight);
    await inEveryVariant(page, path, 'formulaire envoyé vide', look, { settled: true, ...inLook });
    await dialog.getByRole('button', { name: messages.quitter }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  const remove = main.getByRole('button', { name: messages.supprimer, exact: true });
  if ((await remove.count()) > 0) {
    await remove.first().click();
    const confirm = page.getByRole('alertdialog').or(dialog);
    await confirm.first().waitFor();
    await inEveryVariant(page, path, 'confirmation de suppression', look, inLook);
    // Declined: « NON » in a generic confirmation, « Garder mon dossier » in the dossier's own.
    await confirm
      .first()
      .getByRole('button', { name: messages.non, exact: true })
      .or(confirm.first().getByRole('button', { name: messages.garderLeDossier }))
      .first()
      .click();
    await confirm.first().waitFor({ state: 'detached' });
  }
  const edit = main.getByRole('button', { name: messages.modifier, exact: true });
  if (opts.save && (await edit.count()) > 0) {
    await edit.first().click();
    await dialog.waitFor();
    await settled(page, inflight);
    await dialog.getByRole('button', { name: messages.enregistrer }).click();
    await page.locator('.p-toast-message').first().waitFor();
    await settled(page, inflight);
    await inEveryVariant(page, path, 'après enregistrement', look, { settled: true, ...inLook });
    const quit = dialog.getByRole('button', { name: messages.quitter });
    if ((await quit.count()) > 0) await quit.click();
    await dialog.waitFor({ state: 'detached' });
    await closeToasts(page);
  }
}

/**
 * Closes the toasts still shown and waits until none is left. A success lives two seconds: on a
 * loaded machine it may be leaving (animated, then detached) while its close button is clicked,
 * so a click that finds nothing is no failure; the toasts being gone at the end is what counts.
 */
async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.p-toast-message');
  for (const close of await page.locator('.p-toast-icon-close').all()) {
    await close.click({ timeout: 3_000 }).catch(() => undefined);
  }
  await toasts.first().waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * Walks `paths` in one page: each opened, seen loaded in every variant, then each of its states.
 * The sign-out route, if any, is best left out (it ends the session the walk goes on with).
 * `variantInLook`: the look sets each variant's theme itself (`inEveryVariant`).
 */
export async function walk(
  page: Page,
  inflight: Requests,
  paths: readonly string[],
  look: Look,
  opts: { save?: (path: string) => boolean; variantInLook?: boolean } = {},
): Promise<void> {
  const { variantInLook } = opts;
  for (const path of paths) {
    try {
      await timed('parcours (en tout)', async () => {
        await openRoute(page, inflight, path);
        await inEveryVariant(page, path, 'chargé', look, { settled: true, variantInLook });
        await pageStates(page, inflight, path, look, { save: opts.save?.(path) ?? false, variantInLook });
      });
    } catch (e) {
      // The route in the message: a failure deep in a walk of forty says where it was.
      if (e instanceof Error) e.message = `${path} : ${e.message}`;
      throw e;
    }
  }
}

/** The table's frame, its scroll width, the headers, and whether the Actions column lies over another. */
export async function tableFit(page: Page) {
  const table = page.locator('.resource-table').first();
  await table.locator('tbody tr').first().waitFor();
  return table.evaluate((el) => {
    const wrapper = el.querySelector('.p-datatable-wrapper') as HTMLElement;
    const ths = [...el.querySelectorAll('thead tr:first-child th')] as HTMLElement[];
    const rects = ths.map((th) => th.getBoundingClientRect());
    const actions = ths.findIndex((th) => th.classList.contains('actions-column'));
    const a = rects[actions];
    const covered = rects
      .filter((_, i) => i !== actions)
      .some((r) => Math.min(a.right, r.right) - Math.max(a.left, r.left) > 0.5);
    return {
      frame: wrapper.clientWidth,
      scroll: wrapper.scrollWidth,
      headers: ths.map((th) => th.textContent!.trim()),
      frozen: ths[actions].classList.contains('p-frozen-column'),
      covered,
    };
  });
}
