import './documents.css';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { NotFound } from '../../app/StatusPages';
import { useDocumentTitle } from '../../lib/title';
import { DOCUMENT_ORDER, DOCUMENTS, type DocBlock, type DocumentId } from './content';

function Block({ block }: { block: DocBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('items' in block) {
    return (
      <ul>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if ('fill' in block) {
    return (
      <div className="fill-lines">
        {block.fill.map((label) => (
          <p key={label} className="fill-line">
            <span>{label}&nbsp;:</span>
          </p>
        ))}
      </div>
    );
  }
  return (
    <div className="signatures">
      {block.signatures.map((label) => (
        <p key={label} className="signature">
          {label}
        </p>
      ))}
    </div>
  );
}

/**
 * One of the three texts of the registration (docs/accounts.md#registration), public and printable:
 * the statute and internal rules, the guarantee, the sworn statement. The registration form opens
 * them in a new tab from its 'Consulter le document' links.
 */
export default function DocumentPage({ id }: { id: DocumentId }) {
  const doc = DOCUMENTS[id] as (typeof DOCUMENTS)[DocumentId] | undefined;
  useDocumentTitle(doc?.title);
  if (!doc) return <NotFound />;
  const others = DOCUMENT_ORDER.filter((o) => o !== id).map((o) => DOCUMENTS[o]);
  return (
    <article className="card document" aria-labelledby="titre-document">
      <div className="document-actions no-print">
        <button type="button" className="btn" onClick={() => window.print()}>
          <i className="pi pi-print" aria-hidden="true" /> {messages.imprimer}
        </button>
      </div>
      <header className="document-header">
        <p className="document-issuer">
          {doc.issuer.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
        <h1 id="titre-document">{doc.title}</h1>
      </header>
      <div className="document-intro">
        {doc.intro.map((b, i) => (
          <Block key={i} block={b} />
        ))}
      </div>
      {doc.parts.map((part, p) => (
        <section key={part.title ?? p} className="document-part">
          {part.title && <h2>{part.title}</h2>}
          {part.articles.map((article) => (
            <section key={article.title} className="document-article">
              <h3>{article.title}</h3>
              {article.blocks.map((b, i) => (
                <Block key={i} block={b} />
              ))}
            </section>
          ))}
        </section>
      ))}
      <nav className="document-others no-print" aria-label={messages.autresDocuments}>
        <h2>{messages.autresDocuments}</h2>
        <ul className="links">
          {others.map((o) => (
            <li key={o.id}>
              <Link to={o.path}>
                <i className="pi pi-file" aria-hidden="true" /> {o.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
