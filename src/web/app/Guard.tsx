import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useUser } from '../lib/auth';
import { paths } from '../lib/paths';
import { AccessDenied } from './StatusPages';
import { isAllowed, viewerOf, type AppRoute } from './registry';

/**
 * Opens a route only to whoever may: a guarded page without a session sends to the sign-in page,
 * a signed-in user whose role may not use it sees 'Accès refusé', a visitor-only page (sign-in)
 * sends a signed-in user home. The server checks every call as well.
 */
export function Guard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useUser();
  const viewer = viewerOf(user);
  if (isAllowed(route, viewer)) return <>{children}</>;
  if (route.access.kind === 'visitor') return <Navigate to={paths.accueil} replace />;
  if (viewer === null) return <Navigate to={paths.connexion} replace />;
  return <AccessDenied />;
}
