import './dossier.css';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { can } from '../../../domain/permissions';
import { DossierNotFound } from '../../app/StatusPages';
import { isMissing } from '../../lib/api';
import { roleOf } from '../../lib/auth';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { useProofViewer } from '../../components/pdf/proof';
import { useUser } from '../../lib/auth';
import { staffKeys } from '../staff/api';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { DossierHistory } from '../offers/DossierHistory';
import { dossierKeys, fetchDossier } from './api';
import { LoadFailure } from '../../components/LoadFailure';
import { Code, fillNodes } from '../../components/Code';
import { CriteriaTable } from './CriteriaTable';

/**
 * /consult-dossier/{idDossier}, the student's own file: the criteria chosen with
 * their type and analysis value, and for each proof an eye button opening it in the viewer; then
 * the dossier's history (publication, offer, answer, promotion…: docs/offers.md).
 */
export default function ConsultDossierPage() {
  const user = useUser();
  return can(roleOf(user), 'dossier.deposit') ? <OwnDossier /> : <StaffDossier />;
}

/**
 * Staff opening /consult-dossier/{idDossier}: the server reads the dossier by its number alone and
 * its one access check decides; found, the staff's page of the dossier (with its student's INE);
 * missing, « Dossier introuvable »; out of scope, the refusal the server gives.
 */
function StaffDossier() {
  const idDossier = Number(useParams().idDossier);
  // A number no dossier can have (0, negative, past the database's integers) is missing as well.
  const validId = Number.isInteger(idDossier) && idDossier > 0 && idDossier <= 2_147_483_647;
  const found = useQuery({
    queryKey: staffKeys.dossier(idDossier, ''),
    queryFn: ({ signal }) => fetchDossier(undefined, idDossier, signal),
    enabled: validId,
    retry: false,
  });
  useDocumentTitle(messages.consultDossierTitre);
  if (!validId || isMissing(found.error)) return <DossierNotFound />;
  if (found.isError)
    return (
      <section className="card dossier-page">
        <h1>{messages.consultDossierTitre}</h1>
        <LoadFailure error={found.error} onRetry={() => void found.refetch()} />
      </section>
    );
  if (found.isPending) return <Loading />;
  return <Navigate to={paths.staff.consulter(idDossier, found.data.ine)} replace />;
}

/** The student's own dossier. */
function OwnDossier() {
  const params = useParams();
  const idDossier = Number(params.idDossier);
  const user = useUser();
  const ine = user?.username ?? '';
  const proofs = useProofViewer(idDossier);

  const detail = useQuery({
    queryKey: dossierKeys.detail(ine, idDossier),
    queryFn: ({ signal }) => fetchDossier(ine, idDossier, signal),
    enabled: ine !== '' && Number.isInteger(idDossier),
  });
  const reference = detail.data?.referenceDossier ?? '';
  useDocumentTitle(reference ? fill(messages.consultTitre, { reference }) : messages.consultDossierTitre);

  return (
    <section className="card dossier-page">
      <h1>
        {reference
          ? fillNodes(messages.consultTitre, { reference: <Code>{reference}</Code> })
          : messages.consultDossierTitre}
      </h1>
      {detail.isPending && ine !== '' ? (
        <Loading />
      ) : isMissing(detail.error) ? (
        <p className="empty">{messages.dossierIntrouvableTexte}</p>
      ) : detail.isError ? (
        <LoadFailure error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data ? (
        <CriteriaTable criteres={detail.data.listeDossierCritere} onOpen={proofs.open} />
      ) : null}
      {detail.data && <DossierHistory idDossier={idDossier} />}
      <p>
        <Link to={paths.tableauDeBord}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {messages.retourTableauDeBord}
        </Link>
      </p>
      {proofs.viewer}
    </section>
  );
}
