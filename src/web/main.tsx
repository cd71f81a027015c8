// First: the order of the cascade layers (layers.css).
import './layers.css';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles.css';
import './layout/layout.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { holdFirstPage, releaseFirstPage } from './app/lazyPage';
import { askFirstReads, preloadPage, viewerOf } from './app/registry';
import { bootLayout } from './layout/settings';
import { readUser } from './lib/auth';
import { closeEarlyReads } from './lib/early-reads';
import { registerServiceWorker } from './lib/pwa';
import { createQueryClient } from './lib/query';

/**
 * How long the first render waits for the code of the page being opened (docs/decisions/027-lean-student-app.md,
 * "The first render waits for the page's code"). Its chunks were asked with the entry
 * (`routePreload`) and are there on a repeat or offline visit; past this wait (a slow link, a page
 * not preloaded) the shell and 'Chargement…' are drawn, as before.
 */
const PAGE_CODE_WAIT_MS = 500;

// The stored layout settings (menu mode, colours) go on <html> before the first render.
bootLayout();

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();
let drawn = false;
/** `why` is kept as a User Timing mark (`cenou-first-render`), read by the bench and DevTools. */
const draw = (why: 'page-code' | 'no-page-code' | 'wait-over' | 'first-visit') => {
  if (drawn) return;
  drawn = true;
  performance.mark('cenou-first-render', { detail: why });
  // A transition: React draws the first screen in slices of a few milliseconds, not in one long
  // task (docs/decisions/101-student-routes-main-thread.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
};
// Drawn once the page's code is there (or could not load: the page then says so), or after the wait.
// Only when the service worker serves this page (a repeat or offline visit: the code comes from its
// cache in milliseconds). On a first visit the code comes over the network: waiting for it would
// only put off the first paint (Lighthouse's FCP of /depot went 1.97 → 2.25 s), so the shell is
// drawn at once with 'Chargement…' in the page's place, and the page drawn as a plain update once
// its code is there (`holdFirstPage`: no Suspense fallback shown, so no 300 ms reveal throttle).
const user = readUser();
holdFirstPage();
const pageCode = preloadPage(window.location.pathname, window.location.search, viewerOf(user));
pageCode.then(releaseFirstPage, releaseFirstPage);
// The page's first reads too, with its code (docs/decisions/027-lean-student-app.md).
// The preload script's early reads, if it has run, are taken by these; if it has not, it sends none.
closeEarlyReads();
askFirstReads(window.location.pathname, window.location.search, user, queryClient);
// The server wrote the route's first screen into the HTML (docs/decisions/131-first-paint-from-the-html.md):
// it is painted already, so waiting for the page's code puts off nothing the student sees, and
// drawing the shell with 'Chargement…' first would replace the page's title and lines by a spinner.
const prerendered = document.getElementById('root')!.hasAttribute('data-shell');
if (navigator.serviceWorker?.controller || prerendered) {
  pageCode.then(
    () => draw('page-code'),
    () => draw('no-page-code'),
  );
  setTimeout(() => {
    releaseFirstPage();
    draw('wait-over');
  }, PAGE_CODE_WAIT_MS);
} else {
  draw('first-visit');
}

// The installable app's service worker, once the page has loaded (docs/decisions/021-installable-offline-app.md).
registerServiceWorker();
