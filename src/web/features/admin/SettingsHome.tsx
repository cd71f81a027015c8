import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { settingsMenu, viewerOf } from '../../app/registry';
import { useUser } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/title';

/** /parametre: the screens of the settings area, by group, as cards (the side panel's content on a phone). */
export default function SettingsHome() {
  useDocumentTitle(messages.menuReglages);
  const groups = settingsMenu(viewerOf(useUser()));
  return (
    <section>
      <h1>{messages.menuReglages}</h1>
      <p className="lead">{messages.reglagesIntro}</p>
      <div className="settings-cards">
        {groups.map((g) => (
          <section key={g.group} className="card">
            <h2>{g.label}</h2>
            <ul className="links">
              {g.entries.map((r) => (
                <li key={r.path}>
                  <Link to={r.path}>
                    {r.icon && <i className={r.icon} aria-hidden="true" />} {r.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
