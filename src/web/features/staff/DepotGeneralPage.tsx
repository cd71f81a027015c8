import { messages } from '../../../domain/messages';
import { useDocumentTitle } from '../../lib/title';
import { DossierTable } from './DossierTable';

/** /depot-general (workflow specification §2 'Total deposits'): every deposit the user may read. */
export default function DepotGeneralPage() {
  useDocumentTitle(messages.depotGeneralTitre);
  return (
    <section className="resource-screen">
      <h1>{messages.depotGeneralTitre}</h1>
      <DossierTable scope="general" label={messages.depotGeneralTitre} />
    </section>
  );
}
