import { messages } from '../../../domain/messages';
import { useDocumentTitle } from '../../lib/title';
import { contacts, faq, type Block } from './faq-content';

function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((b, i) =>
        typeof b === 'string' ? (
          <p key={i}>{b}</p>
        ) : (
          <ul key={i}>
            {b.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** Public FAQ: eligibility, proofs, files, results, contacts. */
export default function FaqPage() {
  useDocumentTitle(messages.menuFaq);
  return (
    <div className="faq">
      <h1>{faq.title}</h1>
      <p className="lead">{faq.intro}</p>
      {faq.sections.map((section) => (
        <section key={section.title} className="card">
          <h2>{section.title}</h2>
          {section.items.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <div className="answer">
                <Blocks blocks={item.answer} />
              </div>
            </details>
          ))}
        </section>
      ))}
      <section className="card" id="contacts">
        <h2>{contacts.title}</h2>
        <p>{contacts.intro}</p>
        <ul className="contacts">
          {contacts.entries.map((c) => (
            <li key={c.label}>
              <strong>{c.label}</strong>
              <a href={`tel:${c.tel.replace(/\s/g, '')}`}>
                <i className="pi pi-phone" aria-hidden="true" /> {c.tel}
              </a>
              <a href={`mailto:${c.email}`}>
                <i className="pi pi-envelope" aria-hidden="true" /> {c.email}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
