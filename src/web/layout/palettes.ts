import { COLOUR_IDS, type ColourId } from './colours.ts';

/**
 * The 16 colours of the layout's themes (Tailwind's palettes, from which the lara themes are
 * built: lara-light-blue's primary is blue 500). Data only: the build turns them into one small
 * block of `--primary-*` variables each (`theme-build.ts`), the configuration panel into swatches.
 */
export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type Shade = (typeof SHADES)[number];

export { COLOUR_IDS, type ColourId };

const p = (hex: string) => {
  const list = hex.split(' ');
  return Object.fromEntries(SHADES.map((s, i) => [s, list[i]])) as Record<Shade, string>;
};

const SHADES_BY_COLOUR: Record<ColourId, Record<Shade, string>> = {
  blue: p('#eff6ff #dbeafe #bfdbfe #93c5fd #60a5fa #3b82f6 #2563eb #1d4ed8 #1e40af #1e3a8a'),
  indigo: p('#eef2ff #e0e7ff #c7d2fe #a5b4fc #818cf8 #6366f1 #4f46e5 #4338ca #3730a3 #312e81'),
  violet: p('#f5f3ff #ede9fe #ddd6fe #c4b5fd #a78bfa #8b5cf6 #7c3aed #6d28d9 #5b21b6 #4c1d95'),
  purple: p('#faf5ff #f3e8ff #e9d5ff #d8b4fe #c084fc #a855f7 #9333ea #7e22ce #6b21a8 #581c87'),
  fuchsia: p('#fdf4ff #fae8ff #f5d0fe #f0abfc #e879f9 #d946ef #c026d3 #a21caf #86198f #701a75'),
  pink: p('#fdf2f8 #fce7f3 #fbcfe8 #f9a8d4 #f472b6 #ec4899 #db2777 #be185d #9d174d #831843'),
  rose: p('#fff1f2 #ffe4e6 #fecdd3 #fda4af #fb7185 #f43f5e #e11d48 #be123c #9f1239 #881337'),
  red: p('#fef2f2 #fee2e2 #fecaca #fca5a5 #f87171 #ef4444 #dc2626 #b91c1c #991b1b #7f1d1d'),
  orange: p('#fff7ed #ffedd5 #fed7aa #fdba74 #fb923c #f97316 #ea580c #c2410c #9a3412 #7c2d12'),
  amber: p('#fffbeb #fef3c7 #fde68a #fcd34d #fbbf24 #f59e0b #d97706 #b45309 #92400e #78350f'),
  lime: p('#f7fee7 #ecfccb #d9f99d #bef264 #a3e635 #84cc16 #65a30d #4d7c0f #3f6212 #365314'),
  green: p('#f0fdf4 #dcfce7 #bbf7d0 #86efac #4ade80 #22c55e #16a34a #15803d #166534 #14532d'),
  emerald: p('#ecfdf5 #d1fae5 #a7f3d0 #6ee7b7 #34d399 #10b981 #059669 #047857 #065f46 #064e3b'),
  teal: p('#f0fdfa #ccfbf1 #99f6e4 #5eead4 #2dd4bf #14b8a6 #0d9488 #0f766e #115e59 #134e4a'),
  cyan: p('#ecfeff #cffafe #a5f3fc #67e8f9 #22d3ee #06b6d4 #0891b2 #0e7490 #155e75 #164e63'),
  sky: p('#f0f9ff #e0f2fe #bae6fd #7dd3fc #38bdf8 #0ea5e9 #0284c7 #0369a1 #075985 #0c4a6e'),
};

export const PALETTES: { id: ColourId; shades: Record<Shade, string> }[] = COLOUR_IDS.map((id) => ({
  id,
  shades: SHADES_BY_COLOUR[id],
}));
