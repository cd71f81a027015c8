import { messages } from '../../../domain/messages';
import { useDocumentTitle } from '../../lib/title';
import { DossierTable } from './DossierTable';
import { useStaffScope } from './api';

/**
 * /depot-general (workflow specification §2 'Total deposits'): every deposit the user may read; the
 * direction's column only for those who read several (a regional manager's are all its own).
 */
export default function DepotGeneralPage() {
  useDocumentTitle(messages.depotGeneralTitre);
  const scope = useStaffScope('dossier.read');
  return (
    <section className="resource-screen">
      <h1>{messages.depotGeneralTitre}</h1>
      <DossierTable scope="general" label={messages.depotGeneralTitre} directions={!scope.fixed} />
    </section>
  );
}
