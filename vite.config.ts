import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { rewriteTheme } from './src/web/layout/theme-build';

/** Fonts already on every phone and computer: nothing to download on 3G. */
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

/**
 * No font file ships but primeicons' woff2:
 * - the PrimeReact theme's `@font-face` blocks (Inter, about 730 KB) are removed and its font family
 *   replaced by the system stack;
 * - primeicons keeps only its woff2 source (every supported browser reads woff2), so the eot, ttf,
 *   woff and svg copies are neither referenced nor emitted.
 */
export function systemFonts(): Plugin {
  const fontFace = /@font-face\s*\{[^}]*\}/g;
  return {
    name: 'cenou-system-fonts',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replace(/\\/g, '/');
      if (/\/primereact\/resources\/themes\/[^/]+\/theme\.css$/.test(file)) {
        return {
          code: code.replace(fontFace, '').replace(/"Inter var",\s*sans-serif/g, SYSTEM_FONT_STACK),
          map: null,
        };
      }
      if (/\/primeicons\/primeicons\.css$/.test(file)) {
        return {
          code: code.replace(
            fontFace,
            `@font-face {
  font-family: "primeicons";
  font-display: block;
  src: url("./fonts/primeicons.woff2") format("woff2");
  font-weight: normal;
  font-style: normal;
}`,
          ),
          map: null,
        };
      }
      return null;
    },
  };
}

/**
 * Themes switched at run time (src/web/layout): the lara-light-blue stylesheet's hard-coded colours
 * become CSS variables, with their lara-dark-blue values under `[data-variant='dark']` and the blue
 * shades replaced by the `--primary-*` shades of the 16 colours (`[data-colour=…]`). One stylesheet
 * in the entry, no stylesheet per theme.
 */
export function runtimeThemes(): Plugin {
  return {
    name: 'cenou-runtime-themes',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replace(/\\/g, '/');
      if (!file.endsWith('/primereact/resources/themes/lara-light-blue/theme.css')) return null;
      const dark = readFileSync(file.replace('lara-light-blue', 'lara-dark-blue'), 'utf8');
      return { code: rewriteTheme(code, dark).css, map: null };
    },
  };
}

// The web client lives in src/web and is served by the API server from dist/web. Every page is a
// lazy chunk (see src/web/app/registry.tsx), so a student on a phone downloads only the shell and
// the page it opens; the administration's DataTable, Dialog and zod stay in their own chunks.
export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test run: vitest sets
  // NODE_ENV=test, which Vite would honour and ship React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    plugins: [runtimeThemes(), systemFonts(), react()],
    build: {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      target: 'es2020',
      cssCodeSplit: true,
      assetsInlineLimit: 4096,
      chunkSizeWarningLimit: 600,
      reportCompressedSize: false,
    },
    server: {
      port: 5173,
      fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
      proxy: { '/service': 'http://127.0.0.1:3000' },
    },
  };
});
