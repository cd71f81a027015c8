import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { messages } from '../../../domain/messages';
import { settingsMenu, viewerOf } from '../../app/registry';
import { useUser } from '../../lib/auth';

/** The settings area: the side panel of the five groups (only screens that exist), then the screen. */
export default function SettingsLayout() {
  const viewer = viewerOf(useUser());
  const groups = settingsMenu(viewer);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="settings">
      <aside className="settings-side">
        <button
          type="button"
          className="settings-toggle"
          aria-expanded={open}
          aria-controls="menu-reglages"
          onClick={() => setOpen((o) => !o)}
        >
          <i className="pi pi-list" aria-hidden="true" /> {messages.menuReglagesSection}
          <i className={open ? 'pi pi-angle-up' : 'pi pi-angle-down'} aria-hidden="true" />
        </button>
        <nav
          id="menu-reglages"
          className={`settings-nav${open ? ' open' : ''}`}
          aria-label={messages.menuReglagesSection}
        >
          {groups.map((g) => (
            <div key={g.group} className="settings-group">
              <h2>{g.label}</h2>
              <ul>
                {g.entries.map((r) => (
                  <li key={r.path}>
                    <NavLink to={r.path} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                      {r.icon && <i className={r.icon} aria-hidden="true" />}
                      <span>{r.label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="settings-content">
        <Outlet />
      </div>
    </div>
  );
}
