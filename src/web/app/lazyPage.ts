import {
  lazy,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/** A page whose code loads on demand (its own chunk), and can be asked for before it is drawn. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the page's code; resolves once it can be drawn without waiting. */
  preload(): Promise<void>;
};

/**
 * `React.lazy`, with the page's code asked ahead (`preload`, docs/decisions/027-lean-student-app.md,
 * "The first render waits for the page's code"). Once the code is there, the component hands it to
 * React at once (a thenable that answers synchronously, which `React.lazy` reads without
 * suspending): the page is drawn in the first render, instead of 'Chargement…' committed first and
 * the page after React's 300 ms throttle of the Suspense boundaries' reveals.
 */
export function lazyPage<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    pending ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        // Failed (offline, the chunk not cached): the next ask tries again.
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  const page = lazy(() => {
    const m = loaded;
    if (m === null) return start();
    // React.lazy calls `then` and reads the result before it would suspend.
    return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(m) } as Promise<{
      default: ComponentType<P>;
    }>;
  });
  return Object.assign(page, { preload: () => start().then(() => undefined) });
}

/**
 * Whether the page being opened first may be drawn (main.tsx, docs/decisions/027-lean-student-app.md,
 * "The first visit draws the page as an update"). On a first visit the shell is drawn at once with
 * 'Chargement…' in place of the page, outside any Suspense boundary, and the page is drawn as a
 * plain update once its code is there: a Suspense boundary that showed its fallback would reveal
 * the page no sooner than 300 ms after it (React's throttle), the page's largest text with it.
 * True unless main.tsx holds it (tests and later navigations never wait).
 */
let firstPageReady = true;
const readyListeners = new Set<() => void>();

export function holdFirstPage(): void {
  firstPageReady = false;
}

export function releaseFirstPage(): void {
  if (firstPageReady) return;
  firstPageReady = true;
  for (const listener of readyListeners) listener();
}

export function useFirstPageReady(): boolean {
  const [ready, setReady] = useState(firstPageReady);
  useEffect(() => {
    // The page is drawn as a transition: React draws it in slices of a few milliseconds that leave
    // the main thread free between them, instead of one long task of the whole page (on a phone's
    // CPU, hundreds of milliseconds during which a tap waits; docs/decisions/101-student-routes-main-thread.md).
    const show = () => startTransition(() => setReady(true));
    if (firstPageReady) {
      show();
      return;
    }
    readyListeners.add(show);
    return () => {
      readyListeners.delete(show);
    };
  }, []);
  return ready;
}
