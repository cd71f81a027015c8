import { Link } from 'react-router';

/** The public status page, written by the server (docs/availability.md#the-status-page). */
const STATUS_PAGE = '/etat-du-service';
import { messages } from '../../../domain/messages';
import { useUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { home } from './content';

/** The home page's short rules, from the catalogue (docs/agency-rules.md). */
const RULES = [
  messages.accueilRegleDuree,
  messages.accueilRegleReadmission,
  messages.accueilReglePartFemmes,
  messages.accueilRegleCouples,
  messages.accueilRegleFermeture,
];

/** Public home page: who may apply, the steps, the documents, the rules. */
export default function HomePage() {
  useDocumentTitle();
  const user = useUser();
  return (
    <div className="home">
      <section className="hero">
        <h1>{home.title}</h1>
        <p>{home.intro}</p>
        <p className="banner" role="note">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{home.banner}</span>
        </p>
        {!user && (
          <p className="hero-actions">
            <Link className="btn btn-light" to={paths.inscription}>
              <i className="pi pi-user-plus" aria-hidden="true" /> {messages.sInscrire}
            </Link>
            <span>{home.signInCall}</span>
            <Link className="btn btn-light" to={paths.connexion}>
              <i className="pi pi-sign-in" aria-hidden="true" /> {messages.seConnecter}
            </Link>
          </p>
        )}
      </section>

      <section className="card">
        <h2>{home.stepsTitle}</h2>
        <ol className="steps">
          {home.steps.map((s) => (
            <li key={s.title}>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="grid-2">
        <section className="card">
          <h2>{home.documentsTitle}</h2>
          <p>{home.documentsIntro}</p>
          <ul className="checklist">
            {home.documents.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </section>
        <section className="card">
          <h2>{home.regulationsTitle}</h2>
          <ul className="links">
            {home.regulations.map((r) => (
              <li key={r.to}>
                <Link to={r.to}>
                  <i className="pi pi-file" aria-hidden="true" /> {r.label}
                </Link>
              </li>
            ))}
          </ul>
          <h2>{home.rulesTitle}</h2>
          <ul>
            {RULES.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="card call">
        <span>{home.faqCall}</span>
        <Link className="btn" to={paths.faq}>
          <i className="pi pi-question-circle" aria-hidden="true" /> {home.faqLink}
        </Link>
      </section>
      {/* A page of the server (no script), reached by a full navigation: it answers when the rest struggles. */}
      <p className="home-status">
        {messages.accueilEtatServiceIntro} <a href={STATUS_PAGE}>{messages.etatServiceTitre}</a>
      </p>
    </div>
  );
}
