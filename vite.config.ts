import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
type OutputBundle = Parameters<
  Extract<NonNullable<Plugin['generateBundle']>, (...args: never[]) => unknown>
>[1];
import { VitePWA } from 'vite-plugin-pwa';
// The files this config imports, and the files they import, name their extension: Vite's native
// config loader (its announced default) resolves as Node does, and warns at every build otherwise.
// tests/unit/vite-config-imports.test.ts keeps it so.
import { ETUDIANT } from './src/domain/enums.ts';
import { messages } from './src/domain/messages.ts';
import { API_BASE } from './src/domain/api.ts';
import { USER_KEY } from './src/web/lib/auth.ts';
import { EARLY_READS_KEY } from './src/web/lib/early-reads.ts';
import { paths } from './src/web/lib/paths.ts';
import { PALETTES } from './src/web/layout/palettes.ts';
import {
  deferredLoaderSource,
  layoutBootSource,
  ROUTE_SHELLS,
  takeScripts,
  withShell,
} from './src/web/app/route-shells.ts';
import { rewriteTheme } from './src/web/layout/theme-build.ts';
import { splitTheme, type ThemeSplit } from './src/web/layout/theme-split.ts';

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
  return {
    name: 'cenou-system-fonts',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0].replace(/\\/g, '/');
      if (/\/primereact\/resources\/themes\/[^/]+\/theme\.css$/.test(file)) {
        return { code: themeFonts(code), map: null };
      }
      if (/\/primeicons\/primeicons\.css$/.test(file)) {
        return {
          code: usedIcons(code).replace(
            FONT_FACE,
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

const FONT_FACE = /@font-face\s*\{[^}]*\}/g;

/**
 * primeicons' stylesheet with only the icons the client names: each `.pi-name:before { content }`
 * rule (about 360, 14 KB) is kept when `pi-name` is written somewhere in src/web or src/domain
 * (PrimeReact 10 draws its own icons in SVG). An icon's class is therefore always written whole in
 * the code (`'pi pi-check'`), never built from pieces (docs/decisions/027-lean-student-app.md).
 */
function usedIcons(css: string): string {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(tsx?|css)$/.test(e.name))
        for (const m of readFileSync(full, 'utf8').matchAll(/\bpi-[a-z0-9-]+/g)) names.add(m[0]);
    }
  };
  for (const dir of ['src/web', 'src/domain']) walk(fileURLToPath(new URL(`./${dir}`, import.meta.url)));
  return css.replace(/\.(pi-[a-z0-9-]+):before\s*\{[^}]*\}\s*/g, (rule, name: string) =>
    names.has(name) ? rule : '',
  );
}
/** The theme without its font files, in the system fonts. */
const themeFonts = (css: string) =>
  css.replace(FONT_FACE, '').replace(/"Inter var",\s*sans-serif/g, SYSTEM_FONT_STACK);

/**
 * The message catalogue (src/domain/messages.ts, about 15 KB gzip) written into the client where
 * it is read: in a production build, each `messages.someKey` of src/ becomes its French text, so a
 * page's chunk carries only the texts it shows and the catalogue itself leaves the entry, which
 * every page downloads (docs/decisions/027-lean-student-app.md). The catalogue stays the one
 * source: texts are read from it here, at build time. A read by a computed key (`messages[key]`,
 * a few staff screens and the CSV checks) reads a copy of the whole catalogue that loads with it.
 */
export function inlineMessages(): Plugin {
  const importsCatalogue = /import\s*\{[^}]*\bmessages\b[^}]*\}\s*from\s*['"][./]*(?:domain\/)?messages['"]/;
  const read = /(?<![\w$.])messages\.([A-Za-z_$][\w$]*)/g;
  const dynamicRead = /(?<![\w$.])messages\[/g;
  const texts = messages as Record<string, string>;
  return {
    name: 'cenou-inline-messages',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === CATALOGUE ? CATALOGUE_ID : null;
    },
    load(id) {
      return id === CATALOGUE_ID ? { code: `export default ${JSON.stringify(messages)};`, map: null } : null;
    },
    transform(code, id) {
      const file = id.split('?')[0].replace(/\\/g, '/');
      if (!/\/src\/(web|domain)\/.*\.tsx?$/.test(file) || file.endsWith('/src/domain/messages.ts'))
        return null;
      if (!importsCatalogue.test(code)) return null;
      // An unknown key is left as written (a comment's `docs/messages.md`; in code, TypeScript
      // refuses it).
      let out = code.replace(read, (all, key: string) =>
        Object.hasOwn(texts, key) ? JSON.stringify(texts[key]) : all,
      );
      // A read by a computed key gets the whole catalogue, from a module of its own: the entry's
      // `messages.ts` (its `fill`, `enumLabel`…) then carries no catalogue.
      const computed = out.replace(dynamicRead, '__catalogue[');
      if (computed !== out) out = `import __catalogue from '${CATALOGUE}';\n${computed}`;
      return out === code ? null : { code: out, map: null };
    },
  };
}

const CATALOGUE = 'virtual:cenou-message-catalogue';
const CATALOGUE_ID = '\0cenou-message-catalogue.js';

/**
 * Themes switched at run time (src/web/layout): the lara-light-blue stylesheet's hard-coded colours
 * become CSS variables, with their lara-dark-blue values under `[data-variant='dark']` and the blue
 * shades replaced by the `--primary-*` shades of the 16 colours (`[data-colour=…]`). One stylesheet
 * for every theme, no stylesheet per theme; split in two (src/web/layout/theme-split.ts): what the
 * student's pages use stays in the entry, the staff's widgets' rules load with their code
 * (`virtual:cenou-prime-widgets.css`, imported by src/web/lib/prime.ts).
 */
export function runtimeThemes(): Plugin {
  let parts: ThemeSplit | undefined;
  const theme = () => {
    parts ??= splitTheme(
      rewriteTheme(
        readFileSync(LARA_LIGHT, 'utf8'),
        readFileSync(LARA_LIGHT.replace('lara-light-blue', 'lara-dark-blue'), 'utf8'),
      ).css,
    );
    return parts;
  };
  return {
    name: 'cenou-runtime-themes',
    enforce: 'pre',
    resolveId(id) {
      return id === PRIME_WIDGETS_CSS ? PRIME_WIDGETS_ID : null;
    },
    load(id) {
      return id === PRIME_WIDGETS_ID ? { code: themeFonts(theme().widgets), map: null } : null;
    },
    transform(_code, id) {
      const file = id.split('?')[0].replace(/\\/g, '/');
      if (!file.endsWith('/primereact/resources/themes/lara-light-blue/theme.css')) return null;
      return { code: theme().core, map: null };
    },
  };
}

const LARA_LIGHT = fileURLToPath(
  new URL('./node_modules/primereact/resources/themes/lara-light-blue/theme.css', import.meta.url),
);
/**
 * The theme's widgets' rules (src/web/layout/theme-split.ts), imported by `src/web/lib/prime.ts`;
 * resolved to a path of their own (outside the sources) that Vite's CSS pipeline handles.
 */
const PRIME_WIDGETS_CSS = 'virtual:cenou-prime-widgets.css';
const PRIME_WIDGETS_ID = '\0cenou-prime-widgets.css';

/**
 * The student's pages that open without a network, once visited (docs/decisions/021-installable-offline-app.md):
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

/**
 * The student's first screens, fetched while the entry downloads rather than after it has run
 * (docs/decisions/027-lean-student-app.md): the page module of each path (from src/web) and who
 * opens it there (a guarded page sends a visitor to the sign-in page: its chunk would be wasted).
 */
export const ROUTE_PRELOADS: {
  path: string;
  page: string;
  who: 'anyone' | 'signed-in' | 'student';
  /**
   * The page's first reads, sent by the same script for a signed-in student, in parallel with the
   * entry's download (src/web/lib/early-reads.ts, docs/decisions/104-student-routes-paint-early.md):
   * paths under the API's base as its description writes them, `{ine}` the student's INE. Each must
   * be the exact address the page's own call asks (its query written as the typed client writes it).
   */
  reads?: string[];
}[] = [
  { path: paths.accueil, page: 'features/home/HomePage.tsx', who: 'anyone' },
  { path: paths.connexion, page: 'features/auth/LoginPage.tsx', who: 'anyone' },
  { path: paths.inscription, page: 'features/registration/RegistrationPage.tsx', who: 'anyone' },
  {
    path: paths.depot,
    page: 'features/dossier/DepotPage.tsx',
    who: 'signed-in',
    // The form with the situation, not after it: a closed session's form is then read for nothing.
    reads: [
      '/campus/dossier/situation',
      '/campus/dossier/etudiant/{ine}',
      '/campus/dossier/depot?ineEtudiant={ine}',
    ],
  },
  // Staff get their own dashboard on this path.
  {
    path: paths.tableauDeBord,
    page: 'features/dossier/DashboardPage.tsx',
    who: 'student',
    reads: ['/campus/dossier/etudiant/{ine}', '/campus/affectation/etudiant'],
  },
  {
    path: paths.choixChambre,
    page: 'features/room-choice/ChoixChambrePage.tsx',
    who: 'student',
    reads: ['/campus/choix-chambre/moi'],
  },
];

/** The route preload script's source: each route's own chunks and stylesheets, by their names in `bundle`. */
function preloadSource(bundle: OutputBundle, fail: (message: string) => never): string {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const closure = (name: string, into: Set<string>) => {
    if (into.has(name)) return into;
    const c = bundle[name];
    if (!c || c.type !== 'chunk') return into;
    into.add(name);
    for (const i of c.imports) closure(i, into);
    return into;
  };
  const entry = new Set<string>();
  for (const c of chunks) if (c.isEntry) closure(c.fileName, entry);
  const map: Record<string, { w: string; f: string[]; r?: string[] }> = {};
  for (const r of ROUTE_PRELOADS) {
    const page = chunks.find((c) =>
      (c.facadeModuleId ?? '').replace(/\\/g, '/').endsWith(`/src/web/${r.page}`),
    );
    if (!page) fail(`ROUTE_PRELOADS: no chunk for ${r.page} (a page moved?)`);
    const own = [...closure(page.fileName, new Set())].filter((f) => !entry.has(f));
    const css = own.flatMap((f) => {
      const c = bundle[f];
      return c.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
    });
    map[r.path] = { w: r.who, f: [...own, ...new Set(css)], ...(r.reads ? { r: r.reads } : {}) };
  }
  const source = `(function(){try{var m=${JSON.stringify(map)},p=location.pathname.replace(/\\/+$/,"")||"/",r=m[p];if(!r)return;if(r.w!=="anyone"){var u=JSON.parse(localStorage.getItem(${JSON.stringify(USER_KEY)})||"null");if(!u||!u.accessToken)return;if(r.w==="student"&&!(u.roles&&u.roles[0]===${JSON.stringify(ETUDIANT)}))return}r.f.forEach(function(f){var l=document.createElement("link");if(/\\.css$/.test(f)){l.rel="preload";l.as="style"}else l.rel="modulepreload";l.crossOrigin="";l.href="/"+f;document.head.appendChild(l)});if(r.r&&!window[${JSON.stringify(EARLY_READS_KEY)}]&&u.roles&&u.roles[0]===${JSON.stringify(ETUDIANT)}&&u.username){var e=window[${JSON.stringify(EARLY_READS_KEY)}]={token:u.accessToken,at:Date.now(),reads:{}};r.r.forEach(function(t){var a=location.origin+${JSON.stringify(API_BASE)}+t.replace("{ine}",encodeURIComponent(u.username));e.reads[a]=fetch(a,{headers:{accept:"application/json",authorization:"Bearer "+u.accessToken}}).catch(function(){return null})})}}catch(e){}})();\n`;
  return source;
}

/**
 * A small classic script (`assets/route-preload-*.js`, `async` in index.html's head) that asks,
 * for the path being opened, the page's chunks (`modulepreload`) and stylesheets (`preload`) with
 * the entry's own downloads: without it they are asked only once the entry has run and React has
 * drawn the shell, one more round trip on 3G before the page's heading. Built from the bundle:
 * each page's chunk and the chunks it imports statically that the entry does not already hold.
 */
export function routePreload(): { plugins: Plugin[]; fileName: () => string | undefined } {
  let fileName: string | undefined;
  const plugin: Plugin = {
    name: 'cenou-route-preload',
    apply: 'build',
    // The asset is emitted here, so that index.html names it; its map is written again last
    // (`post`, below): the CSS plugin rewrites the chunks that import a stylesheet in its own
    // generateBundle, and their names change with their content (the map must name final files).
    generateBundle(_options, bundle) {
      const ref = this.emitFile({
        type: 'asset',
        name: 'route-preload.js',
        source: preloadSource(bundle, (m) => this.error(m)),
      });
      fileName = this.getFileName(ref);
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!fileName) return [];
        return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
  const finalNames: Plugin = {
    name: 'cenou-route-preload-final',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const asset = fileName ? bundle[fileName] : undefined;
        if (asset?.type === 'asset') asset.source = preloadSource(bundle, (m) => this.error(m));
      },
    },
  };
  return { plugins: [plugin, finalNames], fileName: () => fileName };
}

/** Where the route shells are written in dist/web (read by the server, src/server/app.ts). */
export const SHELLS_DIR = 'shells';

/**
 * index.html once more for each of the student's first routes, with that route's first screen
 * written in its root element (src/web/app/route-shells.ts,
 * docs/decisions/131-first-paint-from-the-html.md): `shells/<route>.html`, which the server sends
 * for that path. Written last, from the final index.html (its script, stylesheet and preload tags).
 * Not precached: offline, the service worker answers every navigation with index.html.
 */
export function routeShells(): Plugin {
  return {
    name: 'cenou-route-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('route shells: no index.html in the bundle');
        const whole =
          typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        // The scripts leave the shells' head: asked once the first frame is painted.
        const { html, tags } = takeScripts(whole);
        if (!tags.some(([name, a]) => name === 'script' && a.type === 'module'))
          return this.error('route shells: no entry script in index.html');
        const boot = this.getFileName(
          this.emitFile({
            type: 'asset',
            name: 'layout-boot.js',
            source: layoutBootSource() + deferredLoaderSource(tags),
          }),
        );
        for (const shell of ROUTE_SHELLS)
          this.emitFile({
            type: 'asset',
            fileName: `${SHELLS_DIR}/${shell.file}`,
            source: withShell(html, shell, boot),
          });
      },
    },
  };
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
      navigateFallbackDenylist: [/^\/service\//, /^\/etat-du-service/],
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

/**
 * The entry's code in one file: every module the entry reaches by static imports goes into one
 * chunk group, as Rollup did. Left to Rolldown's automatic chunking, each module the entry shares
 * with a lazy page became a chunk of its own (`/connexion` asked 32 scripts).
 */
export function entryGroup(): { plugin: Plugin; test: (id: string) => boolean } {
  const closure = new Set<string>();
  const plugin: Plugin = {
    name: 'cenou-entry-group',
    apply: 'build',
    buildEnd() {
      closure.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const walk = (id: string) => {
        if (closure.has(id)) return;
        closure.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      entries.forEach(walk);
    },
  };
  return { plugin, test: (id) => closure.has(id) };
}

// The web client lives in src/web and is served by the API server from dist/web. Every page is a
// lazy chunk (see src/web/app/registry.tsx), so a student on a phone downloads only the shell and
// the page it opens; the administration's DataTable, Dialog and zod stay in their own chunks.
export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test run: vitest sets
  // NODE_ENV=test, which Vite would honour and ship React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  const shell = offlineShell();
  const preload = routePreload();
  const entry = entryGroup();
  // The route preload script is precached too: offline, it asks the page's chunks of the worker.
  // The route shells are not: offline, every navigation is answered with index.html.
  const keep = (url: string) =>
    !url.startsWith(`${SHELLS_DIR}/`) && (shell.keep(url) || url === preload.fileName());
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    plugins: [
      runtimeThemes(),
      systemFonts(),
      inlineMessages(),
      react(),
      shell.plugin,
      ...preload.plugins,
      routeShells(),
      installableApp(keep),
      entry.plugin,
    ],
    build: {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      target: 'es2020',
      cssCodeSplit: true,
      assetsInlineLimit: 4096,
      chunkSizeWarningLimit: 600,
      reportCompressedSize: false,
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'entree', test: entry.test }] } },
      },
    },
    resolve: {
      // React Router publishes two builds and points every import at its development one, whose
      // only difference is its console warnings (more code in the entry, checks on every render).
      // A build takes its production one; `vite` (development) keeps the warnings.
      alias:
        command === 'build'
          ? [
              {
                find: /^react-router$/,
                replacement: fileURLToPath(
                  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
                ),
              },
            ]
          : [],
    },
    server: {
      port: 5173,
      fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
      proxy: { '/service': 'http://127.0.0.1:3000' },
    },
  };
});
