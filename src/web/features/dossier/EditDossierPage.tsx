import './dossier.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { sessionAllows, type SessionState } from '../../../domain/workflow';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { dossierKeys, useDepotForm, fetchDossier } from './api';
import { DossierForm } from './DossierForm';
import { LoadFailure } from '../../components/LoadFailure';

/**
 * /edit-dossier/{idDossier}: the deposit form prefilled with the dossier's answers and the names of
 * its documents, while its session is OUVERT and in INSCRIPTION. 'Déposer' sends the dossier with
 * its idDossier (200), then back to the dashboard with a success toast.
 */
export default function EditDossierPage() {
  const params = useParams();
  const idDossier = Number(params.idDossier);
  const user = useUser();
  const ine = user?.username ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const form = useDepotForm(ine);
  const detail = useQuery({
    queryKey: dossierKeys.detail(ine, idDossier),
    queryFn: ({ signal }) => fetchDossier(ine, idDossier, signal),
    enabled: ine !== '' && Number.isInteger(idDossier),
    staleTime: 0,
  });
  const reference = detail.data?.referenceDossier ?? '';
  const title = reference ? fill(messages.modifierDossierTitre, { reference }) : messages.modifier;
  useDocumentTitle(title);

  let body;
  if (form.isPending || detail.isPending) body = <Loading />;
  else if (detail.isError) body = <LoadFailure error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (form.isError && !(form.error instanceof ApiError && form.error.status === 409))
    body = <LoadFailure error={form.error} onRetry={() => void form.refetch()} />;
  else {
    const d = detail.data;
    const session =
      d.etatSession && d.statutSession
        ? ({ etatSession: d.etatSession, statutSession: d.statutSession } as SessionState)
        : null;
    const closed =
      form.isError ||
      d.modificationPossible === false ||
      (session !== null && !sessionAllows(session, 'deposit').ok) ||
      (form.data?.idSessionCenou != null &&
        d.idSessionCenou != null &&
        form.data.idSessionCenou !== d.idSessionCenou);
    body =
      closed || !form.data ? (
        <div className="notice notice-warning" role="alert">
          <p>{messages.modificationImpossible}</p>
        </div>
      ) : (
        <DossierForm
          form={form.data}
          existing={{ idDossier, typeDossier: d.typeDossier, listeDossierCritere: d.listeDossierCritere }}
          onSaved={() => {
            toast.success(messages.dossierModifie, undefined, WORKFLOW_LIFE);
            void queryClient.invalidateQueries({ queryKey: dossierKeys.all });
            void navigate(paths.tableauDeBord);
          }}
        />
      );
  }

  return (
    <section className="card dossier-page">
      <h1>{title}</h1>
      {body}
      <p>
        <Link to={paths.tableauDeBord}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {messages.retourTableauDeBord}
        </Link>
      </p>
    </section>
  );
}
