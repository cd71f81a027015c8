import type { DossierDetail } from '../../../domain/schemas/dossier';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { ProofButton } from '../../components/pdf/proof';

type Critere = DossierDetail['listeDossierCritere'][number];

/**
 * A dossier's criteria, as the student and the staff read them: each type, the criterion chosen,
 * its analysis value (« Non analysé » before) and its proof, opened in the viewer. A stacked table
 * on a phone (each cell under its column's name).
 */
export function CriteriaTable(props: {
  criteres: readonly Critere[];
  onOpen: (c: Critere) => void;
  caption?: string;
}) {
  return (
    <table className="stack-table" data-testid="criteres">
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{messages.colonneTypeCritere}</th>
          <th scope="col">{messages.colonneCritere}</th>
          <th scope="col">{messages.colonneAnalyse}</th>
          <th scope="col">{messages.colonneJustificatif}</th>
        </tr>
      </thead>
      <tbody>
        {props.criteres.map((c) => (
          <tr key={c.idDossierCritere}>
            <th scope="row" data-label={messages.colonneTypeCritere}>
              {c.libelleTypeCritere}
            </th>
            <td data-label={messages.colonneCritere}>{c.libelleCritere}</td>
            <td data-label={messages.colonneAnalyse}>
              {c.valeurAnalyse ? enumLabel('valeurAnalyse', c.valeurAnalyse) : messages.nonAnalyse}
            </td>
            <td data-label={messages.colonneJustificatif}>
              <ProofButton critere={c} onOpen={props.onOpen} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
