import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactElement } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { Loading } from '../components/Loading';
import { QueryProvider } from '../lib/query';
import { ToastProvider } from '../lib/toast';
import { Guard } from './Guard';
import { ROUTES, type AppRoute } from './registry';
import { Shell } from './Shell';
import { NotFound } from './StatusPages';

const guarded = (route: AppRoute, element: ReactElement) => <Guard route={route}>{element}</Guard>;

/**
 * React Router's routes drawn from the registry, made once: top-level routes, and children under
 * their parent's layout. Written as `<Route>` elements in `<Routes>`, they were made again and read
 * back into these objects at every render of the routes (with `routeAt`, about a fifth of React's first
 * render of `/connexion`, docs/decisions/149-entry-in-one-file.md).
 */
const ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      ...ROUTES.filter((r) => !r.parent).map((route): RouteObject => {
        if (!route.layout) return { path: route.path, element: guarded(route, route.element) };
        return {
          path: route.path,
          element: guarded(route, route.layout),
          children: [
            { index: true, element: route.element },
            ...ROUTES.filter((c) => c.parent === route.path).map((c): RouteObject => ({
              path: c.path,
              element: guarded(c, c.element),
            })),
            { path: '*', element: <NotFound /> },
          ],
        };
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(ROUTE_OBJECTS);
}

/** `queryClient`: made by main.tsx before the first render, the page's first reads already asked. */
export function App({ queryClient }: { queryClient?: QueryClient } = {}) {
  return (
    <QueryProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <Suspense fallback={<Loading />}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
      </ToastProvider>
    </QueryProvider>
  );
}
