import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { messages } from '../../domain/messages';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import { useUser, type UserRecord } from '../lib/auth';
import { paths } from '../lib/paths';
import { breadcrumb, menuFor, viewerOf, type AppRoute } from './registry';

function MenuLink({ route }: { route: AppRoute }) {
  return (
    <NavLink
      to={route.path}
      end={route.path === paths.accueil}
      className={({ isActive }) => (isActive ? 'active' : undefined)}
    >
      {route.icon && <i className={route.icon} aria-hidden="true" />}
      <span>{route.label}</span>
    </NavLink>
  );
}

/** Name and direction of the signed-in user, with the profile menu (password, sign-out). */
function ProfileMenu({ user, entries }: { user: UserRecord; entries: AppRoute[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const fullName = [user.nom, user.prenom].filter(Boolean).join(' ') || user.username;
  return (
    <div className="profile" ref={ref}>
      <button
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
          {user.libelleDirection && (
            <span className="profile-direction" data-testid="direction-utilisateur">
              {user.libelleDirection}
            </span>
          )}
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <ul id={menuId} className={`profile-menu${open ? ' open' : ''}`} aria-label={messages.menuProfil}>
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
 * The layout of every page: a top bar (brand, main menu, user and profile menu), a breadcrumb,
 * the page, a footer. On phones the menu folds behind a button.
 */
export function Shell() {
  const user = useUser();
  const viewer = viewerOf(user);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.pathname]);
  const main = menuFor(viewer, 'main');
  const profile = menuFor(viewer, 'profile');
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar-inner">
          <Link to={paths.accueil} className="brand">
            <span className="brand-logo" aria-hidden="true">
              <i className="pi pi-building" />
            </span>
            <span className="brand-text">
              <strong>{messages.appSigle}</strong>
              <small>{messages.appSousTitre}</small>
            </span>
          </Link>
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
          <div id="menu-principal" className={`navigation${open ? ' open' : ''}`}>
            <nav className="mainnav" aria-label={messages.menuPrincipal}>
              <ul>
                {main.map((r) => (
                  <li key={r.path}>
                    <MenuLink route={r} />
                  </li>
                ))}
              </ul>
            </nav>
            {user && <ProfileMenu user={user} entries={profile} />}
          </div>
        </div>
      </header>
      <Breadcrumb />
      <main id="contenu" className="content">
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="footer">{messages.piedDePage}</footer>
    </div>
  );
}
