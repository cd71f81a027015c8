import { useSyncExternalStore } from 'react';
import { COLOUR_IDS, type ColourId } from './colours.ts';
import { USER_KEY } from '../lib/auth.ts';

/**
 * The layout settings (src/web/README.md#layout-settings-and-themes-layout): menu
 * mode, grouping, menu colour, profile place, colour and its variant. Kept per browser in
 * `localStorage` under `LAYOUT_KEY`, only once the person changes something (a first visit writes
 * nothing), and applied as `data-*` attributes on `<html>`, which the stylesheet reads: the theme
 * changes at run time through CSS variables, with no stylesheet loaded per theme.
 */
export const MENU_MODES = ['static', 'overlay', 'horizontal', 'slim'] as const;
export type MenuMode = (typeof MENU_MODES)[number];
export const MENU_COLOURS = ['dark', 'light'] as const;
export type MenuColour = (typeof MENU_COLOURS)[number];
export const PROFILE_MODES = ['inline', 'popup'] as const;
export type ProfileMode = (typeof PROFILE_MODES)[number];
/** Light surfaces with a top bar in the colour (accent), light, or dark surfaces. */
export const VARIANTS = ['accent', 'light', 'dark'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface LayoutSettings {
  menuMode: MenuMode;
  grouped: boolean;
  menuColour: MenuColour;
  profileMode: ProfileMode;
  colour: ColourId;
  variant: Variant;
}

export const LAYOUT_KEY = 'cenou.mise-en-page';

/**
 * The height (px) of the horizontal menu's band a signed-in viewer's page last drew, and whose it
 * was: the band holds the viewer's name and direction, one to four lines, so its height depends on
 * them. The route shells' empty band takes it (`layoutBootSource` sets `--shell-menu-h` on `<html>`)
 * so that the page's title is painted where React then draws it; a visitor's band, of entries
 * only, is never stored (sign-out clears the whole storage).
 */
export const MENU_BAND_KEY = 'cenou.bande-menu';

/** Stores the band's height for `username` while the menu is the horizontal band (sticky). */
export function rememberMenuBand(username: string, band: HTMLElement): void {
  try {
    const s = window.localStorage;
    if (!s.getItem(USER_KEY) || getComputedStyle(band).position !== 'sticky') return;
    const h = Math.round(band.getBoundingClientRect().height);
    if (h > 0) s.setItem(MENU_BAND_KEY, JSON.stringify({ u: username, h }));
  } catch {
    // No storage: the shell's band keeps a band of entries' height.
  }
}

/** The defaults; the variant follows the device (`prefers-color-scheme`) on a first visit. */
export function defaultSettings(prefersDark: boolean): LayoutSettings {
  return {
    menuMode: 'horizontal',
    grouped: true,
    menuColour: 'dark',
    profileMode: 'inline',
    colour: 'blue',
    variant: prefersDark ? 'dark' : 'accent',
  };
}

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;

/**
 * The settings read from a stored text: each field that is missing or not one of its values
 * takes its default (a bad value never breaks the page); unreadable text gives the defaults.
 */
export function parseSettings(raw: string | null, prefersDark: boolean): LayoutSettings {
  const d = defaultSettings(prefersDark);
  if (!raw) return d;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return d;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return d;
  const s = v as Record<string, unknown>;
  return {
    menuMode: oneOf(MENU_MODES, s.menuMode, d.menuMode),
    grouped: typeof s.grouped === 'boolean' ? s.grouped : d.grouped,
    menuColour: oneOf(MENU_COLOURS, s.menuColour, d.menuColour),
    profileMode: oneOf(PROFILE_MODES, s.profileMode, d.profileMode),
    colour: oneOf(COLOUR_IDS, s.colour, d.colour),
    variant: oneOf(VARIANTS, s.variant, d.variant),
  };
}

/** The `data-*` attributes of `<html>` for these settings. */
export function settingsAttributes(s: LayoutSettings): Record<string, string> {
  return {
    'data-menu-mode': s.menuMode,
    'data-menu-grouped': String(s.grouped),
    'data-menu-colour': s.menuColour,
    'data-profile-mode': s.profileMode,
    'data-colour': s.colour,
    'data-variant': s.variant,
  };
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function prefersDark(): boolean {
  try {
    return typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

/** The settings of this browser: stored ones, else the defaults (the device's light or dark). */
export function readSettings(
  store: Pick<Storage, 'getItem'> | null = storage(),
  dark: boolean = prefersDark(),
): LayoutSettings {
  let raw: string | null = null;
  try {
    raw = store?.getItem(LAYOUT_KEY) ?? null;
  } catch {
    raw = null;
  }
  return parseSettings(raw, dark);
}

export function applySettings(
  s: LayoutSettings,
  root: Element | null = globalThis.document?.documentElement,
): void {
  if (!root) return;
  for (const [name, value] of Object.entries(settingsAttributes(s))) root.setAttribute(name, value);
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: LayoutSettings | null = null;

export function layoutSettings(): LayoutSettings {
  current ??= readSettings();
  return current;
}

/** Changes some settings: applied at once, kept in this browser. */
export function updateSettings(patch: Partial<LayoutSettings>): void {
  current = { ...layoutSettings(), ...patch };
  try {
    storage()?.setItem(LAYOUT_KEY, JSON.stringify(current));
  } catch {
    /* private mode or full storage: the choice holds until the page is left */
  }
  applySettings(current);
  for (const l of listeners) l();
}

/** Applies the stored settings before the first render (no flash of the default theme). */
export function bootLayout(): void {
  current = readSettings();
  applySettings(current);
  if (typeof window === 'undefined') return;
  // Another tab changed them, or the sign-out cleared the storage: follow.
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== LAYOUT_KEY) return;
    current = readSettings();
    applySettings(current);
    for (const l of listeners) l();
  });
}

function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, layoutSettings, layoutSettings);
}
