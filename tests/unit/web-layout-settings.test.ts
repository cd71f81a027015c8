import { describe, expect, it } from 'vitest';
import {
  applySettings,
  defaultSettings,
  LAYOUT_KEY,
  parseSettings,
  readSettings,
  settingsAttributes,
} from '../../src/web/layout/settings';
import { COLOUR_IDS } from '../../src/web/layout/colours';
import { PALETTES, SHADES } from '../../src/web/layout/palettes';

// The layout settings kept per browser (src/web/layout/settings.ts): defaults, the device's light
// or dark preference on a first visit, and stored values that are not valid ignored field by field.

const store = (value: string | null) => ({ getItem: (key: string) => (key === LAYOUT_KEY ? value : null) });

describe('layout settings', () => {
  it('defaults to a grouped horizontal dark menu, inline profile, blue accent theme', () => {
    expect(readSettings(store(null), false)).toEqual({
      menuMode: 'horizontal',
      grouped: true,
      menuColour: 'dark',
      profileMode: 'inline',
      colour: 'blue',
      variant: 'accent',
    });
  });

  it('follows the device on a first visit: dark when it prefers dark', () => {
    expect(readSettings(store(null), true).variant).toBe('dark');
    expect(readSettings(null, true)).toEqual(defaultSettings(true));
  });

  it('keeps a stored choice over the device preference', () => {
    const stored = {
      menuMode: 'slim',
      grouped: false,
      menuColour: 'light',
      profileMode: 'popup',
      colour: 'teal',
      variant: 'light',
    };
    expect(readSettings(store(JSON.stringify(stored)), true)).toEqual(stored);
  });

  it('ignores a bad stored value: that field takes its default, the others are kept', () => {
    const s = parseSettings(
      JSON.stringify({
        menuMode: 'diagonal',
        grouped: 'yes',
        colour: 'plaid',
        variant: 'dark',
        profileMode: 42,
      }),
      false,
    );
    expect(s).toEqual({ ...defaultSettings(false), variant: 'dark' });
  });

  it('ignores unreadable or non-object stored text', () => {
    for (const raw of ['{not json', '[]', 'null', '"static"', '12']) {
      expect(parseSettings(raw, false)).toEqual(defaultSettings(false));
    }
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readSettings(throwing, true)).toEqual(defaultSettings(true));
  });

  it('puts the settings on <html> as data attributes', () => {
    const attrs: Record<string, string> = {};
    const root = { setAttribute: (n: string, v: string) => (attrs[n] = v) } as unknown as Element;
    applySettings({ ...defaultSettings(false), colour: 'rose', menuMode: 'static' }, root);
    expect(attrs).toEqual(
      settingsAttributes({ ...defaultSettings(false), colour: 'rose', menuMode: 'static' }),
    );
    expect(attrs['data-colour']).toBe('rose');
    expect(attrs['data-menu-mode']).toBe('static');
    expect(attrs['data-menu-grouped']).toBe('true');
  });

  it('has 16 colours, each with its ten shades', () => {
    expect(COLOUR_IDS).toHaveLength(16);
    expect(PALETTES.map((p) => p.id)).toEqual([...COLOUR_IDS]);
    for (const p of PALETTES) for (const s of SHADES) expect(p.shades[s]).toMatch(/^#[0-9a-f]{6}$/);
  });
});
