import { Link } from 'react-router';
import { messages } from '../../domain/messages';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/title';

function Status({ icon, title, text }: { icon: string; title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <section className="card status-page">
      <i className={`pi ${icon}`} aria-hidden="true" />
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="btn" to={paths.accueil}>
        <i className="pi pi-home" aria-hidden="true" /> {messages.retourAccueil}
      </Link>
    </section>
  );
}

export function AccessDenied() {
  return <Status icon="pi-lock" title={messages.accesRefuseTitre} text={messages.accesRefuseTexte} />;
}

/** A dossier's number that names no dossier (a 404 of the server, never « Accès refusé »). */
export function DossierNotFound() {
  return (
    <Status
      icon="pi-compass"
      title={messages.dossierIntrouvableTitre}
      text={messages.dossierIntrouvableTexte}
    />
  );
}

export function NotFound() {
  return (
    <Status icon="pi-compass" title={messages.pageIntrouvableTitre} text={messages.pageIntrouvableTexte} />
  );
}
