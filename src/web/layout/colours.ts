/** The names of the 16 colours (their shades: palettes.ts, kept out of the entry). */
export const COLOUR_IDS = [
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
  'red',
  'orange',
  'amber',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
] as const;
export type ColourId = (typeof COLOUR_IDS)[number];
