import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { useUser } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/title';
import { paths } from '../../lib/paths';
import { routesFor, viewerOf } from '../../app/registry';

const CHILDREN: string[] = [
  paths.deliberation.listeAdmissible,
  paths.deliberation.exportDeliberation,
  paths.deliberation.chargementAdmissibles,
  paths.deliberation.verification,
];

/**
 * 'Résultat' (a main-menu entry): the screens of the results this role may open —
 * the admissible list, the export of the deliberation, the upload of admissibles, and for the admin
 * the verification of the published runs.
 */
export default function ResultatIndexPage() {
  useDocumentTitle(messages.resultatTitre);
  const viewer = viewerOf(useUser());
  const entries = routesFor(viewer).filter((r) => CHILDREN.includes(r.path));
  return (
    <section className="resource-screen">
      <h1>{messages.resultatTitre}</h1>
      <p className="staff-intro">{messages.resultatIntro}</p>
      <ul className="document-list">
        {entries.map((r) => (
          <li key={r.path}>
            <Link to={r.path}>
              {r.icon && <i className={r.icon} aria-hidden="true" />} <span>{r.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
