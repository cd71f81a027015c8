import { Modal } from '../../components/Modal';
import { messages } from '../../../domain/messages';
import { fill } from '../../lib/format';
import { AnalysisForm } from './AnalysisForm';
import type { DossierListRow } from '../../../domain/schemas/staff';

/** The dialog of /analyse: the analysis form of one row, Quitter and Enregistrer. */
export function AnalysisDialog({ row, onClose }: { row: DossierListRow; onClose: () => void }) {
  return (
    <Modal
      title={fill(messages.analyseDossierTitre, { reference: row.referenceDossier ?? row.ine })}
      onClose={onClose}
      className="analysis-modal"
      testId="dialogue-analyse"
    >
      <AnalysisForm
        idDossier={row.idDossier}
        ine={row.ine}
        submitLabel={messages.enregistrer}
        onCancel={onClose}
      />
    </Modal>
  );
}
