import { ETUDIANT } from '../../domain/enums.ts';
import { fill, messages } from '../../domain/messages.ts';
import { roomChoiceMessages as rc } from '../../domain/messages-room-choice.ts';
import { home } from '../features/home/content.ts';
import { paths } from '../lib/paths.ts';
import { USER_KEY } from '../lib/auth.ts';
import { COLOUR_IDS } from '../layout/colours.ts';
import {
  defaultSettings,
  LAYOUT_KEY,
  MENU_BAND_KEY,
  MENU_COLOURS,
  MENU_MODES,
  PROFILE_MODES,
  settingsAttributes,
  VARIANTS,
  type LayoutSettings,
} from '../layout/settings.ts';

/**
 * The first screen of the student's routes written into HTML at build time
 * (docs/decisions/131-first-paint-from-the-html.md): the top bar's brand, the page's title and its
 * static lines, with the class names the React components give them, so that the browser paints
 * them as soon as the HTML and the stylesheet are in, before the entry script has downloaded and
 * run. React replaces the whole of it with its own drawing of the same elements when it mounts
 * (`createRoot` clears the container at its first commit): the replacement paints the same texts
 * at the same size, so the largest element painted first stays the largest.
 *
 * Only what every viewer of the path sees is written here (no name, no menu, no data): the server
 * sends the page's shell to anyone who opens the path, signed in or not.
 */
export interface RouteShell {
  path: string;
  /** The file under `dist/web/shells/` (the server's not-found handler serves it for `path`). */
  file: string;
  /** The page's title and static lines, inside `<main>`. */
  page: string;
  /** The breadcrumb's last crumb, the page's label in the registry (home's own is « Accueil »). */
  label: string;
}

/** Text escaped for HTML (text content and attribute values). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const t = escapeHtml;

/**
 * A shell's line meant for students alone (`data-audience`): the layout's boot sets `STAFF_VIEWER`
 * on `<html>` when the stored viewer has no student role, and the stylesheet hides those lines
 * then (src/web/layout/layout.css), so that an agent never reads a student's text for an instant.
 */
const STUDENT_ONLY = 'data-audience="etudiant"';
export const STAFF_VIEWER: [name: string, value: string] = ['data-viewer', 'personnel'];

export const ROUTE_SHELLS: RouteShell[] = [
  {
    path: paths.accueil,
    file: 'index.html',
    label: messages.menuAccueil,
    // HomePage.tsx's hero (its buttons depend on who is signed in: left out).
    page:
      `<div class="home"><section class="hero"><h1>${t(home.title)}</h1><p>${t(home.intro)}</p>` +
      `<p class="banner" role="note"><i class="pi pi-info-circle" aria-hidden="true"></i><span>${t(home.banner)}</span></p></section></div>`,
  },
  {
    path: paths.connexion,
    file: 'connexion.html',
    label: messages.menuConnexion,
    // LoginPage.tsx's card, above its form.
    page: `<section class="card narrow"><h1>${t(messages.connexionTitre)}</h1><p>${t(messages.connexionIntro)}</p></section>`,
  },
  {
    path: paths.inscription,
    file: 'inscription.html',
    label: messages.sInscrire,
    // RegistrationPage.tsx's first step, above its form.
    page:
      `<section class="card registration"><p class="step-indicator">${t(fill(messages.inscriptionEtape, { n: 1 }))}</p>` +
      `<h1 tabindex="-1">${t(messages.inscriptionTitre)}</h1><p class="lead">${t(messages.inscriptionIntro)}</p></section>`,
  },
  {
    path: paths.depot,
    file: 'depot.html',
    label: messages.menuDepot,
    // DepotPage.tsx while its form is read: the title and the instructions (its LCP).
    page: `<section class="card dossier-page"><h1>${t(messages.depotTitre)}</h1><p class="lead">${t(messages.depotIntro)}</p></section>`,
  },
  {
    path: paths.tableauDeBord,
    file: 'tableau-de-bord.html',
    label: messages.menuTableauDeBord,
    // DashboardPage.tsx's card of dossiers while they are read: its title and lines.
    page:
      `<div class="dashboard"><div class="dashboard-main"><section class="card dossier-page">` +
      // Its lines are the student's: hidden from staff and agents before React draws their own (the
      // layout's boot marks a signed-in viewer who is no student: `STAFF_VIEWER`).
      `<h1>${t(messages.menuTableauDeBord)}</h1><p class="lead" ${STUDENT_ONLY}>${t(messages.tableauDeBordIntro)}</p>` +
      `<h2 ${STUDENT_ONLY}>${t(messages.mesDossiers)}</h2></section></div></div>`,
  },
  {
    path: paths.choixChambre,
    file: 'choix-chambre.html',
    label: messages.menuChoixChambre,
    // ChoixChambrePage.tsx's title and lines, above what its reads draw.
    page: `<div class="room-choice"><h1>${t(rc.choixTitre)}</h1><p class="lead">${t(rc.choixIntro)}</p></div>`,
  },
];

/**
 * The shell around a page, as Shell.tsx draws it: the top bar (the menu button's place and the
 * brand), the menu's place (empty: its entries depend on the viewer; on a wide screen in the
 * horizontal mode the stylesheet gives the empty band the height of a band of entries), the
 * breadcrumb (home, then the page's `label`), the page in `<main>`, the footer. The buttons are
 * drawn inert (`aria-hidden`, no focus) until React replaces them with its own. So the title and
 * the page's lines are painted where React's first frame draws them (tests/e2e/first-paint.test.ts).
 */
export function shellHtml(page: string, label: string = messages.menuAccueil): string {
  const home = label === messages.menuAccueil;
  const crumbs =
    `<nav class="breadcrumb" aria-label="${t(messages.filAriane)}"><ol>` +
    (home
      ? `<li><span aria-current="page">${t(label)}</span></li>`
      : `<li><a href="${paths.accueil}"><i class="pi pi-home" aria-hidden="true"></i> ${t(messages.menuAccueil)}</a></li>` +
        `<li><span aria-current="page">${t(label)}</span></li>`) +
    `</ol></nav>`;
  return (
    `<div class="app"><header class="topbar"><div class="topbar-inner">` +
    `<span class="menu-toggle" aria-hidden="true"><i class="pi pi-bars"></i></span>` +
    `<a href="${paths.accueil}" class="brand"><span class="brand-logo" aria-hidden="true"><i class="pi pi-building"></i></span>` +
    `<span class="brand-text"><strong>${t(messages.appSigle)}</strong><small>${t(messages.appSousTitre)}</small></span></a>` +
    `<div class="topbar-end"><span class="config-button" aria-hidden="true"><i class="pi pi-cog"></i></span></div>` +
    `</div></header><div class="layout-menu" aria-hidden="true"></div>` +
    `<div class="layout-main">${crumbs}<main id="contenu" class="content">${page}</main>` +
    `<footer class="footer">${t(messages.piedDePage)}</footer></div></div>`
  );
}

/**
 * index.html with the route's shell in its root element (`<div id="root"></div>`, written once),
 * and the layout's boot script (`layoutBootSource`, its file `bootScript`) first in its head.
 */
export function withShell(indexHtml: string, shell: RouteShell, bootScript: string): string {
  const root = '<div id="root"></div>';
  const head = '<head>';
  if (!indexHtml.includes(head)) throw new Error('index.html: no <head>');
  indexHtml = indexHtml.replace(head, `${head}\n    <script src="/${escapeHtml(bootScript)}"></script>`);
  const at = indexHtml.indexOf(root);
  if (at < 0 || indexHtml.indexOf(root, at + 1) >= 0)
    throw new Error('index.html: no single empty <div id="root"></div> to write the shell in');
  return (
    indexHtml.slice(0, at) +
    `<div id="root" data-shell="">${shellHtml(shell.page, shell.label)}</div>` +
    indexHtml.slice(at + root.length)
  );
}

/**
 * The layout settings' attributes on `<html>` before the shell is painted: a small classic script
 * (not async, not a module) in each route shell's head, so that the first paint already has the
 * student's colours, variant (dark included) and menu mode, as `bootLayout` (src/web/layout/settings.ts)
 * sets them when the entry runs. Its source is built from that module's lists, defaults and
 * attribute names; tests/unit/web-route-shells.test.ts runs it against `readSettings`.
 */
export function layoutBootSource(): string {
  const lists: Partial<Record<keyof LayoutSettings, readonly string[]>> = {
    menuMode: MENU_MODES,
    menuColour: MENU_COLOURS,
    profileMode: PROFILE_MODES,
    colour: COLOUR_IDS,
    variant: VARIANTS,
  };
  // Each attribute and the setting it writes, read from settingsAttributes itself.
  const names = Object.fromEntries(
    (Object.keys(defaultSettings(false)) as (keyof LayoutSettings)[]).map((k) => [k, k]),
  ) as unknown as LayoutSettings;
  const attributes = settingsAttributes(names);
  return (
    `(function(){try{var d=false;try{d=matchMedia("(prefers-color-scheme: dark)").matches}catch(e){}` +
    `var v=d?${JSON.stringify(defaultSettings(true))}:${JSON.stringify(defaultSettings(false))},s=null;` +
    `try{s=JSON.parse(localStorage.getItem(${JSON.stringify(LAYOUT_KEY)}))}catch(e){}` +
    `if(!s||typeof s!=="object"||Array.isArray(s))s={};var l=${JSON.stringify(lists)};` +
    `for(var n in l)if(typeof s[n]==="string"&&l[n].indexOf(s[n])>=0)v[n]=s[n];` +
    `if(typeof s.grouped==="boolean")v.grouped=s.grouped;var a=${JSON.stringify(attributes)};` +
    `for(var k in a)document.documentElement.setAttribute(k,String(v[a[k]]));` +
    // The band's height this viewer's page last drew (MENU_BAND_KEY), for the shell's empty band.
    `var u=JSON.parse(localStorage.getItem(${JSON.stringify(USER_KEY)})||"null"),b=JSON.parse(localStorage.getItem(${JSON.stringify(MENU_BAND_KEY)})||"null");` +
    // A viewer with no student role: the shells' students' lines stay hidden (STAFF_VIEWER).
    `if(u&&Array.isArray(u.roles)&&u.roles.indexOf(${JSON.stringify(ETUDIANT)})<0)document.documentElement.setAttribute(${JSON.stringify(STAFF_VIEWER[0])},${JSON.stringify(STAFF_VIEWER[1])});` +
    `if(u&&b&&b.u===u.username&&b.h>0&&b.h<200)document.documentElement.style.setProperty("--shell-menu-h",b.h+"px")}catch(e){}})();\n`
  );
}

/** A tag the shells load once painted: its name and attributes, in the order index.html gives them. */
export type DeferredTag = [name: 'script' | 'link', attributes: Record<string, string>];

/**
 * The script and module-preload tags of index.html's head (the entry, its static imports, the
 * route preload script), taken out of a route shell's HTML: a shell asks them once its first frame
 * is painted (`deferredLoaderSource`), so that nothing but the stylesheet competes with the HTML
 * for the first paint (docs/decisions/131-first-paint-from-the-html.md). Returns the HTML without
 * them and the tags in their order.
 */
export function takeScripts(indexHtml: string): { html: string; tags: DeferredTag[] } {
  const tags: DeferredTag[] = [];
  const attrs = (text: string) =>
    Object.fromEntries(
      [...text.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? '']),
    ) as Record<string, string>;
  const html = indexHtml
    .replace(/[ \t]*<script((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*><\/script>\n?/g, (all, a: string) => {
      const at = attrs(a);
      if (!at.src || !(at.type === 'module' || 'async' in at)) return all;
      tags.push(['script', at]);
      return '';
    })
    .replace(/[ \t]*<link((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>\n?/g, (all, a: string) => {
      const at = attrs(a);
      if (at.rel !== 'modulepreload') return all;
      tags.push(['link', at]);
      return '';
    });
  return { html, tags };
}

/**
 * Asks the tags `takeScripts` took once the first frame is painted: a frame's callback runs only
 * when the page may render (its stylesheet in), and the timeout after it once that frame is drawn.
 */
export function deferredLoaderSource(tags: DeferredTag[]): string {
  return (
    `(function(){var t=${JSON.stringify(tags)};requestAnimationFrame(function(){setTimeout(function(){` +
    `t.forEach(function(x){var e=document.createElement(x[0]);for(var k in x[1])e.setAttribute(k,x[1][k]);` +
    `document.head.appendChild(e)})},0)})})();\n`
  );
}
