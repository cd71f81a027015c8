import './documents.css';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { useDocumentTitle } from '../../lib/title';
import { DOCUMENT_ORDER, DOCUMENT_SUMMARIES, DOCUMENTS, DOCUMENTS_INTRO } from './content';

/** The three registration texts in one list (the breadcrumb's 'Documents' step). */
export default function DocumentsIndex() {
  useDocumentTitle(messages.documentsTitre);
  return (
    <section className="card">
      <h1>{messages.documentsTitre}</h1>
      <p className="lead">{DOCUMENTS_INTRO}</p>
      <ul className="document-list">
        {DOCUMENT_ORDER.map((id) => (
          <li key={id}>
            <Link to={DOCUMENTS[id].path}>
              <i className="pi pi-file" aria-hidden="true" /> {DOCUMENTS[id].title}
            </Link>
            <p>{DOCUMENT_SUMMARIES[id]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
