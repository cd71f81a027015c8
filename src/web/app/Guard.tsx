import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useUser } from '../lib/auth';
import { AccessDenied } from './StatusPages';
import { afterSignin, signinFrom } from './landing';
import { isAllowed, viewerOf, type AppRoute } from './registry';

/**
 * Opens a route only to whoever may: a guarded page without a session sends to the sign-in page,
 * which comes back to it afterwards (`?retour=`, docs/roles.md#after-sign-in); a signed-in user
 * whose role may not use it sees 'Accès refusé'; a visitor-only page (sign-in, registration) sends a
 * signed-in user where a sign-in would have. The server checks every call as well.
 */
export function Guard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const viewer = viewerOf(user);
  if (isAllowed(route, viewer)) return <>{children}</>;
  if (route.access.kind === 'visitor')
    return <Navigate to={afterSignin(viewer?.role ?? null, location.search)} replace />;
  if (viewer === null) return <Navigate to={signinFrom(location.pathname + location.search)} replace />;
  return <AccessDenied />;
}
