import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { messages } from '../../domain/messages';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import { ADMIN, GESTIONNAIRE_CENOU } from '../../domain/enums';
import { roleOf, useUser, type UserRecord } from '../lib/auth';
import { helperSession } from '../lib/api';
import { paths } from '../lib/paths';
import { MainMenu, MenuLink } from '../layout/MainMenu';
import { rememberMenuBand, useLayoutSettings } from '../layout/settings';
import { useFirstPageReady } from './lazyPage';
import { OfflineNotice } from './OfflineNotice';
import { breadcrumb, menuFor, menuTree, viewerOf, type AppRoute } from './registry';
import { useStudentMenu } from './studentMenu';
import { UpdatePrompt } from './UpdatePrompt';
import { fullName as personName } from '../../domain/format';

/** The configuration panel: its code loads only when the gear button opens it. */
const ConfigPanel = lazy(() => import('../layout/ConfigPanel'));

/** Name and direction of the signed-in user, with the profile menu (password, sign-out). */
function ProfileMenu({
  user,
  entries,
  place,
}: {
  user: UserRecord;
  entries: AppRoute[];
  place: 'inline' | 'popup';
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const fullName = personName(user.nom, user.prenom) || user.username;
  const direction = directionLabel(user);
  return (
    <div className={`profile profile-${place}`} ref={ref}>
      <button
        ref={button}
        type="button"
        className="profile-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <i className="pi pi-user" aria-hidden="true" />
        <span className="profile-names">
          <span className="profile-name" data-testid="nom-utilisateur">
            {fullName}
          </span>
          {direction && (
            <span className="profile-direction" data-testid="direction-utilisateur">
              {direction}
            </span>
          )}
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <ul id={menuId} className={`profile-menu${open ? ' open' : ''}`} aria-label={messages.menuProfil}>
        {/* Where the button shows only its icon (a phone's top bar, the slim bar), the menu opens
            on the whole name and direction; the button's own text already names them to a
            screen reader. */}
        <li className="profile-menu-who" aria-hidden="true">
          <strong>{fullName}</strong>
          {direction && <span>{direction}</span>}
        </li>
        {entries.map((r) => (
          <li key={r.path}>
            <MenuLink route={r} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Breadcrumb() {
  const { pathname } = useLocation();
  const crumbs = breadcrumb(pathname);
  return (
    <nav className="breadcrumb" aria-label={messages.filAriane}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.path}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{c.label}</span>
            ) : (
              <Link to={c.path}>
                {i === 0 && <i className="pi pi-home" aria-hidden="true" />} {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The layout of every page: a top bar (menu button, brand, display settings, the profile when it
 * pops up from there), the main menu in the chosen mode (horizontal band, static, overlay or slim
 * side bar; behind the menu button on phones), a breadcrumb, the page, a footer. The mode, the
 * colours and the profile's place come from the layout settings (`src/web/layout/settings.ts`),
 * applied as attributes on `<html>` that the stylesheet reads.
 */
export function Shell() {
  const firstPageReady = useFirstPageReady();
  const user = useUser();
  const viewer = viewerOf(user, useStudentMenu(viewerOf(user)));
  const location = useLocation();
  const settings = useLayoutSettings();
  const [open, setOpen] = useState(false);
  const [configOpen, setConfigOpen] = useState(false);
  const gear = useRef<HTMLButtonElement>(null);
  const band = useRef<HTMLDivElement>(null);
  const username = user?.username;
  // The band's height for the route shells' next first paint (settings.ts, MENU_BAND_KEY).
  useEffect(() => {
    const el = band.current;
    if (!el || !username || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => rememberMenuBand(username, el));
    observer.observe(el);
    return () => observer.disconnect();
  }, [username]);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // During a helper's session (/aide) the visitor's entries (« Connexion », « S’inscrire ») are
  // not offered: the helper acts for a student and has no account of its own to open.
  const helping = useSyncExternalStore(helperSession.subscribe, helperSession.open, () => false);
  const nodes = menuTree(viewer, settings.grouped).filter(
    (n) => !helping || n.kind !== 'link' || n.route.access.kind !== 'visitor',
  );
  const profile = menuFor(viewer, 'profile');
  const inlineProfile = settings.profileMode === 'inline';
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar-inner">
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="menu-principal"
            aria-label={open ? messages.fermerMenu : messages.ouvrirMenu}
            onClick={() => setOpen((o) => !o)}
          >
            <i className={open ? 'pi pi-times' : 'pi pi-bars'} aria-hidden="true" />
          </button>
          <Link to={paths.accueil} className="brand">
            <span className="brand-logo" aria-hidden="true">
              <i className="pi pi-building" />
            </span>
            <span className="brand-text">
              <strong>{messages.appSigle}</strong>
              <small>{messages.appSousTitre}</small>
            </span>
          </Link>
          <div className="topbar-end">
            <button
              ref={gear}
              type="button"
              className="config-button"
              aria-label={messages.configAffichage}
              aria-expanded={configOpen}
              aria-controls="reglages-affichage"
              onClick={() => setConfigOpen((o) => !o)}
            >
              <i className="pi pi-cog" aria-hidden="true" />
            </button>
            {user && !inlineProfile && <ProfileMenu user={user} entries={profile} place="popup" />}
          </div>
        </div>
      </header>
      <div
        id="menu-principal"
        ref={band}
        className={`layout-menu${open ? ' open' : ''}`}
        data-testid="menu-principal"
      >
        {user && inlineProfile && <ProfileMenu user={user} entries={profile} place="inline" />}
        <MainMenu nodes={nodes} />
      </div>
      {open && <div className="layout-mask" aria-hidden="true" onClick={() => setOpen(false)} />}
      <div className="layout-main">
        <OfflineNotice />
        <Breadcrumb />
        <main id="contenu" className="content">
          <ErrorBoundary resetKey={location.pathname}>
            {firstPageReady ? (
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            ) : (
              <Loading />
            )}
          </ErrorBoundary>
        </main>
        <footer className="footer">{messages.piedDePage}</footer>
      </div>
      <UpdatePrompt />
      {configOpen && (
        <Suspense fallback={null}>
          <ConfigPanel
            id="reglages-affichage"
            onClose={() => {
              setConfigOpen(false);
              gear.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The direction the header names under the user: the admin and the central manager work for every
 * direction and belong to none ('Toutes les directions'); the others, their own (docs/roles.md).
 * Here, not in lib/auth, so that a visitor's first page never loads the message catalogue.
 */
function directionLabel(user: UserRecord): string | null {
  const role = roleOf(user);
  if (role === ADMIN || role === GESTIONNAIRE_CENOU) return messages.toutesLesDirections;
  return user.libelleDirection;
}
