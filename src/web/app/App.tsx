import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Loading } from '../components/Loading';
import { QueryProvider } from '../lib/query';
import { ToastProvider } from '../lib/toast';
import { Guard } from './Guard';
import { ROUTES, type AppRoute } from './registry';
import { Shell } from './Shell';
import { NotFound } from './StatusPages';

const guarded = (route: AppRoute, element: ReactElement) => <Guard route={route}>{element}</Guard>;

/** React Router routes drawn from the registry: top-level routes, and children under their parent's layout. */
function routeElements(): ReactElement[] {
  return ROUTES.filter((r) => !r.parent).map((route) => {
    const children = ROUTES.filter((c) => c.parent === route.path);
    if (!route.layout)
      return <Route key={route.path} path={route.path} element={guarded(route, route.element)} />;
    return (
      <Route key={route.path} path={route.path} element={guarded(route, route.layout)}>
        <Route index element={route.element} />
        {children.map((c) => (
          <Route key={c.path} path={c.path} element={guarded(c, c.element)} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    );
  });
}

/** `queryClient`: made by main.tsx before the first render, the page's first reads already asked. */
export function App({ queryClient }: { queryClient?: QueryClient } = {}) {
  return (
    <QueryProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route element={<Shell />}>
                {routeElements()}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ToastProvider>
    </QueryProvider>
  );
}
