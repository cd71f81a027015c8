import './staff.css';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { useProofViewer } from '../../components/pdf/proof';
import { isMissing } from '../../lib/api';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { DossierHistory } from '../offers/DossierHistory';
import { DossierMessages } from '../messages/DossierMessages';
import { DossierFacts } from './DossierFacts';
import { ScoreDetail } from './ScoreDetail';
import { fetchDossier } from '../dossier/api';
import { CriteriaTable } from '../dossier/CriteriaTable';
import { nomComplet, staffKeys } from './api';
import { LoadFailure } from '../../components/LoadFailure';
import { TableScroll } from '../../components/TableScroll';

/**
 * /consult-dossier-etudiant/{idDossier}/{ine}, a student's file as the staff consult it:
 * the file (identity, reference, status, score), its criteria with their analysis values, and
 * each proof in the viewer (zoom ± 20 px), and the dossier's history with the reasons of a
 * withdrawal (docs/offers.md).
 */
export default function ConsultDossierEtudiantPage() {
  const params = useParams();
  const navigate = useNavigate();
  const idDossier = Number(params.idDossier);
  const ine = params.ine ?? '';
  const proofs = useProofViewer(idDossier);
  const detail = useQuery({
    queryKey: staffKeys.dossier(idDossier, ine),
    queryFn: ({ signal }) => fetchDossier(ine, idDossier, signal),
    enabled: Number.isInteger(idDossier) && ine !== '',
  });
  const nom = detail.data ? nomComplet(detail.data) || ine : ine;
  const title = fill(messages.consultEtudiantTitre, { nom });
  useDocumentTitle(title);

  return (
    <section className="resource-screen">
      <h1>{title}</h1>
      {detail.isPending ? (
        <Loading />
      ) : isMissing(detail.error) ? (
        <p className="empty">{messages.dossierIntrouvableTexte}</p>
      ) : detail.isError ? (
        <LoadFailure error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <h2>{messages.dossierTitre}</h2>
          <DossierFacts dossier={detail.data} ine={ine} />
          <TableScroll label={messages.criteresDossier}>
            <CriteriaTable
              caption={messages.criteresDossier}
              criteres={detail.data.listeDossierCritere}
              onOpen={proofs.open}
            />
          </TableScroll>
          {detail.data.listeDossierCritere.some((c) => c.valeurAnalyse) && (
            <ScoreDetail criteres={detail.data.listeDossierCritere} />
          )}
          <DossierHistory idDossier={idDossier} />
          <DossierMessages idDossier={idDossier} />
        </>
      )}
      <p>
        <button
          type="button"
          className="p-button p-component p-button-text"
          onClick={() => {
            // Back where the user came from; opened directly (a shared link), to the deposits.
            const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
            if (idx > 0) void navigate(-1);
            else void navigate(paths.depotGeneral);
          }}
        >
          <i className="pi pi-arrow-left" aria-hidden="true" />
          <span>{messages.retour}</span>
        </button>
      </p>
      {proofs.viewer}
    </section>
  );
}
