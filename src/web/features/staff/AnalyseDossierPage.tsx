import './staff.css';
import { useParams, Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { AnalysisForm } from './AnalysisForm';

/**
 * /analyse-dossier/{idDossier}/{ine}: the analysis of one dossier as a page, with 'Valider' and,
 * after success, 'Retour' to /analyse.
 */
export default function AnalyseDossierPage() {
  useDocumentTitle(messages.analyseTitre);
  const params = useParams();
  const idDossier = Number(params.idDossier);
  const ine = params.ine ?? '';
  return (
    <section className="resource-screen">
      <h1>{messages.analyseTitre}</h1>
      <AnalysisForm
        key={`${idDossier}-${ine}`}
        idDossier={idDossier}
        ine={ine}
        submitLabel={messages.valider}
        after={
          <p>
            <Link to={paths.analyse} className="p-button p-component p-button-outlined">
              <i className="pi pi-arrow-left" aria-hidden="true" />
              <span>{messages.retour}</span>
            </Link>
          </p>
        }
      />
    </section>
  );
}
