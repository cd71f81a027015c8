import { useSyncExternalStore } from 'react';

/**
 * The service worker (built by vite-plugin-pwa with Workbox, `/sw.js`, scope `/`;
 * docs/decisions/021-installable-offline-app.md): registered once the page has loaded, so that it
 * never competes with the page's own downloads on 3G. A new version deployed installs in the
 * background and waits; the page offers 'Mettre à jour' (`UpdatePrompt`), which lets it take over
 * and reloads the page. Hand-written rather than `virtual:pwa-register` (workbox-window): the
 * same steps in a few hundred bytes of the entry.
 */

export const SW_URL = '/sw.js';
/** How often an open page asks whether a new version was deployed (and when it comes back to the front). */
const UPDATE_CHECK_MS = 60 * 60_000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  if (waiting === worker) return;
  waiting = worker;
  for (const l of listeners) l();
}

function watch(registration: ServiceWorkerRegistration) {
  // A first install is no update: only a worker waiting behind one that controls this page is.
  const offer = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) setWaiting(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Registers the worker after the page's load (production builds only: the dev server has none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SW_URL, { scope: '/' })
      .then(watch)
      .catch(() => {
        // No worker (blocked, private browsing): the app works online as before.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** 'Mettre à jour': the waiting version takes over, then the page reloads on it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** 'Plus tard': the prompt goes until the next page load (the new version starts once every tab is closed). */
export function dismissUpdate(): void {
  setWaiting(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits for the user's go-ahead. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}
