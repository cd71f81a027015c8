import { lazy, type ReactElement } from 'react';
import { matchPath } from 'react-router';
import { normalizeRole, type Role } from '../../domain/enums';
import { messages } from '../../domain/messages';
import { can, type Permission } from '../../domain/permissions';
import { RESOURCES } from '../../domain/resources/definitions';
import type { MenuGroup } from '../../domain/resources/types';
import { paths } from '../lib/paths';

/**
 * The one route and menu registry of the web client. A feature adds one entry: its path, label,
 * icon, who may open it, its lazy page and where it shows in the menus. The router, the menus, the
 * settings side panel and the breadcrumb are all drawn from this array, so a menu never shows a
 * screen that is not routed, nor a screen the role may not use (CONTRACT §10).
 */

/** Who may open a route. */
export type Access =
  /** Everyone, signed in or not. */
  | { kind: 'public' }
  /** Only visitors (no session): a signed-in user is sent to the home page. */
  | { kind: 'visitor' }
  /** Signed-in users whose role holds the permission (src/domain/permissions.ts). */
  | { kind: 'permission'; permission: Permission };

/** Where a route appears: the main menu, the profile menu of a signed-in user, or neither. */
export type MenuPlace = 'main' | 'profile';

export interface AppRoute {
  /** Absolute path; may hold `:params`. */
  path: string;
  /** Menu and breadcrumb label. */
  label: string;
  /** primeicons class. */
  icon?: string;
  access: Access;
  /** The page (a lazy component, so each page is its own chunk). */
  element: ReactElement;
  menu?: MenuPlace;
  /** Path of the route whose layout holds this one (the settings area). */
  parent?: string;
  /** Layout wrapping this route's children (with an <Outlet/>). */
  layout?: ReactElement;
  /** Group of the settings side panel. */
  group?: MenuGroup;
}

/** The person looking at the screens: null for a visitor; `role` null for an unknown role. */
export type Viewer = { role: Role | null } | null;

export function viewerOf(user: { roles: readonly string[] } | null | undefined): Viewer {
  return user ? { role: normalizeRole(user.roles[0]) } : null;
}

const HomePage = lazy(() => import('../features/home/HomePage'));
const FaqPage = lazy(() => import('../features/home/FaqPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const LogoutPage = lazy(() => import('../features/auth/LogoutPage'));
const PasswordPage = lazy(() => import('../features/auth/PasswordPage'));
const SettingsLayout = lazy(() => import('../features/admin/SettingsLayout'));
const SettingsHome = lazy(() => import('../features/admin/SettingsHome'));
const ResourcePage = lazy(() => import('../features/admin/ResourcePage'));
const UsersPage = lazy(() => import('../features/admin/UsersPage'));
const ExportPage = lazy(() => import('../features/admin/ExportPage'));
const RegistrationPage = lazy(() => import('../features/registration/RegistrationPage'));
const DocumentsIndex = lazy(() => import('../features/documents/DocumentsIndex'));
const DocumentPage = lazy(() => import('../features/documents/DocumentPage'));
const RegistryPage = lazy(() => import('../features/registry/RegistryPage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));

/** Labels of the settings side panel's groups (administration specification §2). */
export const SETTINGS_GROUPS: { group: MenuGroup; label: string }[] = [
  { group: 'cite', label: messages.groupeCite },
  { group: 'critere', label: messages.groupeCritere },
  { group: 'paiement', label: messages.groupePaiement },
  { group: 'autres', label: messages.groupeAutres },
  { group: 'administration', label: messages.groupeAdministration },
];

const RESOURCE_ICONS: Record<string, string> = {
  cite: 'pi pi-building',
  batiment: 'pi pi-home',
  niveau: 'pi pi-sort-amount-up-alt',
  couloir: 'pi pi-arrows-h',
  'categorie-chambre': 'pi pi-tags',
  chambre: 'pi pi-th-large',
  lit: 'pi pi-inbox',
  quota: 'pi pi-percentage',
  'type-critere': 'pi pi-list',
  critere: 'pi pi-check-square',
  direction: 'pi pi-sitemap',
  ville: 'pi pi-map-marker',
  'session-cenou': 'pi pi-calendar',
  users: 'pi pi-users',
};

/** One settings screen per reference-data resource, the export screen after the quotas. */
function settingsRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  for (const def of RESOURCES) {
    out.push({
      path: def.path,
      label: def.title,
      icon: RESOURCE_ICONS[def.name],
      access: { kind: 'permission', permission: def.access.write },
      element: def.name === 'users' ? <UsersPage /> : <ResourcePage resource={def.name} />,
      parent: paths.parametre,
      group: def.menuGroup,
    });
    if (def.name === 'quota') {
      out.push({
        path: paths.exportCites,
        label: messages.exportMenu,
        icon: 'pi pi-download',
        access: { kind: 'permission', permission: 'reference.write' },
        element: <ExportPage />,
        parent: paths.parametre,
        group: 'cite',
      });
    }
  }
  return out;
}

export const ROUTES: AppRoute[] = [
  {
    path: paths.accueil,
    label: messages.menuAccueil,
    icon: 'pi pi-home',
    access: { kind: 'public' },
    element: <HomePage />,
    menu: 'main',
  },
  {
    path: paths.parametre,
    label: messages.menuReglages,
    icon: 'pi pi-cog',
    access: { kind: 'permission', permission: 'reference.write' },
    element: <SettingsHome />,
    layout: <SettingsLayout />,
    menu: 'main',
  },
  ...settingsRoutes(),
  {
    path: paths.journal,
    label: messages.journalTitre,
    icon: 'pi pi-history',
    access: { kind: 'permission', permission: 'audit' },
    element: <AuditPage />,
    parent: paths.parametre,
    group: 'administration',
  },
  {
    path: paths.registre,
    label: messages.registreTitre,
    icon: 'pi pi-id-card',
    access: { kind: 'permission', permission: 'registry.read' },
    element: <RegistryPage />,
    menu: 'main',
  },
  {
    path: paths.faq,
    label: messages.menuFaq,
    icon: 'pi pi-question-circle',
    access: { kind: 'public' },
    element: <FaqPage />,
    menu: 'main',
  },
  {
    path: paths.inscription,
    label: messages.sInscrire,
    icon: 'pi pi-user-plus',
    access: { kind: 'visitor' },
    element: <RegistrationPage />,
    menu: 'main',
  },
  {
    path: paths.connexion,
    label: messages.menuConnexion,
    icon: 'pi pi-sign-in',
    access: { kind: 'visitor' },
    element: <LoginPage />,
    menu: 'main',
  },
  {
    path: paths.documents.index,
    label: messages.documentsTitre,
    icon: 'pi pi-folder-open',
    access: { kind: 'public' },
    element: <DocumentsIndex />,
  },
  {
    path: paths.documents.statutReglement,
    label: messages.docStatutReglementTitre,
    icon: 'pi pi-book',
    access: { kind: 'public' },
    element: <DocumentPage id="statutReglement" />,
  },
  {
    path: paths.documents.caution,
    label: messages.docCautionTitre,
    icon: 'pi pi-file-edit',
    access: { kind: 'public' },
    element: <DocumentPage id="caution" />,
  },
  {
    path: paths.documents.declarationHonneur,
    label: messages.docDeclarationHonneurTitre,
    icon: 'pi pi-verified',
    access: { kind: 'public' },
    element: <DocumentPage id="declarationHonneur" />,
  },
  {
    path: paths.motDePasse,
    label: messages.changerMotDePasse,
    icon: 'pi pi-key',
    access: { kind: 'permission', permission: 'password.own' },
    element: <PasswordPage />,
    menu: 'profile',
  },
  {
    path: paths.deconnexion,
    label: messages.deconnexion,
    icon: 'pi pi-sign-out',
    access: { kind: 'public' },
    element: <LogoutPage />,
    menu: 'profile',
  },
];

/** May this viewer open this route? */
export function isAllowed(route: AppRoute, viewer: Viewer): boolean {
  switch (route.access.kind) {
    case 'public':
      return true;
    case 'visitor':
      return viewer === null;
    case 'permission':
      return viewer !== null && can(viewer.role, route.access.permission);
  }
}

/** The routes this viewer may open. */
export function routesFor(viewer: Viewer, routes: AppRoute[] = ROUTES): AppRoute[] {
  return routes.filter(
    (r) =>
      isAllowed(r, viewer) && (!r.parent || routes.some((p) => p.path === r.parent && isAllowed(p, viewer))),
  );
}

/** The entries of a menu for this viewer (the profile menu only for signed-in users). */
export function menuFor(viewer: Viewer, place: MenuPlace, routes: AppRoute[] = ROUTES): AppRoute[] {
  if (place === 'profile' && viewer === null) return [];
  return routesFor(viewer, routes).filter((r) => r.menu === place);
}

/** The settings side panel: only groups holding at least one screen this viewer may open. */
export function settingsMenu(
  viewer: Viewer,
  routes: AppRoute[] = ROUTES,
): { group: MenuGroup; label: string; entries: AppRoute[] }[] {
  const allowed = routesFor(viewer, routes).filter((r) => r.parent === paths.parametre);
  return SETTINGS_GROUPS.map((g) => ({ ...g, entries: allowed.filter((r) => r.group === g.group) })).filter(
    (g) => g.entries.length > 0,
  );
}

/** The registered route matching a path (for the breadcrumb). */
export function routeAt(pathname: string, routes: AppRoute[] = ROUTES): AppRoute | undefined {
  return routes.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

/** Breadcrumb of a path: home, then one crumb per segment, labelled from the registry. */
export function breadcrumb(pathname: string, routes: AppRoute[] = ROUTES): { path: string; label: string }[] {
  const crumbs: { path: string; label: string }[] = [{ path: paths.accueil, label: messages.menuAccueil }];
  const segments = pathname.split('/').filter(Boolean);
  let current = '';
  for (const segment of segments) {
    current += `/${segment}`;
    let label: string;
    try {
      label = routeAt(current, routes)?.label ?? decodeURIComponent(segment);
    } catch {
      label = segment;
    }
    crumbs.push({ path: current, label });
  }
  return crumbs;
}
