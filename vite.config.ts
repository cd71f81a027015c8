import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { messages } from './src/domain/messages';
import { PALETTES } from './src/web/layout/palettes';
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

/**
 * The student's pages that open without a network (CONTRACT §12; docs/decisions/021-installable-offline-app.md):
 * their modules, from src/web. Each one's chunk and every chunk and stylesheet it imports statically
 * are precached by the service worker, with the entry; nothing else is (the staff's screens, the
 * PDF viewer, the toast widget load from the network as before).
 */
export const OFFLINE_PAGES = [
  'features/home/HomePage.tsx',
  'features/auth/LoginPage.tsx',
  'features/auth/LogoutPage.tsx',
  'features/dossier/DashboardPage.tsx',
  'features/dossier/DepotPage.tsx',
  'features/dossier/ConsultDossierPage.tsx',
  'features/dossier/EditDossierPage.tsx',
  'features/deliberation/ResultatPage.tsx',
  // The display settings' panel, opened from every page's top bar.
  'layout/ConfigPanel.tsx',
];

/**
 * Libraries loaded by `import()` on a student's page that must work offline too: the resumable
 * uploads' client (src/web/features/dossier/resumable.ts), which resumes a proof the moment the
 * network is back, and must not need the network to be fetched first. (pdf-lib, 176 KB gzip, is
 * left to the photo dialog's first use.)
 */
const OFFLINE_LAZY = ['/node_modules/tus-js-client/'];

/**
 * Collects, while the bundle is written, the files of the entry and of `OFFLINE_PAGES` with
 * their static imports and stylesheets; `keep` then filters Workbox's precache list.
 */
export function offlineShell(): { plugin: Plugin; keep: (url: string) => boolean } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'cenou-offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        const item = bundle[fileName];
        if (!item) return;
        files.add(fileName);
        if (item.type !== 'chunk') return;
        for (const imported of item.imports) visit(imported);
        for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of item.viteMetadata?.importedAssets ?? []) files.add(asset);
      };
      const found = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const id = (item.facadeModuleId ?? '').replace(/\\/g, '/');
        const page = OFFLINE_PAGES.find((p) => id.endsWith(`/src/web/${p}`));
        if (page) found.add(page);
        if (item.isEntry || page) visit(item.fileName);
        // Code a student's page loads only when used, but needs offline too.
        if (Object.keys(item.modules).some((m) => OFFLINE_LAZY.some((l) => m.includes(l))))
          visit(item.fileName);
      }
      const lost = OFFLINE_PAGES.filter((p) => !found.has(p));
      if (lost.length) this.error(`OFFLINE_PAGES: no chunk for ${lost.join(', ')} (a page moved?)`);
    },
  };
  // Hashed files (assets/) only when collected; the rest (index.html, the manifest, the icons) and
  // the icon font always.
  const keep = (url: string) => !url.startsWith('assets/') || files.has(url) || url.endsWith('.woff2');
  return { plugin, keep };
}

/** The manifest's colours: the top bar's blue of the default theme, and the page's ground. */
const BLUE = PALETTES.find((p) => p.id === 'blue')!.shades;
const GROUND = /--ground:\s*(#[0-9a-f]{3,8})/i.exec(
  readFileSync(fileURLToPath(new URL('./src/web/styles.css', import.meta.url)), 'utf8'),
)![1];

/**
 * The installable app: a French web manifest, and a Workbox service worker (generateSW) that
 * precaches the shell and the student's pages and answers every navigation outside the API with
 * index.html. No runtime caching: no API answer, no staff file is ever put in Cache Storage. The
 * worker waits for 'Mettre à jour' (registerType 'prompt'; registration: src/web/lib/pwa.ts).
 */
function installableApp(keep: (url: string) => boolean) {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    // The favicon and the icons are precached through `globPatterns` (once each).
    includeAssets: [],
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: messages.appTitre,
      short_name: messages.appNomCourt,
      description: messages.appDescription,
      lang: 'fr',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: BLUE[700],
      background_color: GROUND,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((e) => keep(e.url)), warnings: [] }),
      ],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/service\//],
      dontCacheBustURLsMatching: /^assets\//,
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      inlineWorkboxRuntime: true,
      sourcemap: false,
      mode: 'production',
    },
  });
}

// The web client lives in src/web and is served by the API server from dist/web. Every page is a
// lazy chunk (see src/web/app/registry.tsx), so a student on a phone downloads only the shell and
// the page it opens; the administration's DataTable, Dialog and zod stay in their own chunks.
export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test run: vitest sets
  // NODE_ENV=test, which Vite would honour and ship React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  const shell = offlineShell();
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    plugins: [runtimeThemes(), systemFonts(), react(), shell.plugin, installableApp(shell.keep)],
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
