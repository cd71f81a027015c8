import './attestation.css';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { fill, frenchDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { verifierAttestation } from './api';

/** A timestamp or a date as DD/MM/YYYY. */
const dateOf = (value: string | null | undefined) => (value ? frenchDate(value.slice(0, 10)) : '');

/**
 * /attestation/{code}, what the certificate's QR code opens (no sign-in): whether the certificate
 * is valid and, if so, the student's name, the cité and the academic year, nothing more; a
 * cancelled one 'n'est plus valide' with the date; an unknown code 'Attestation introuvable'. No
 * component library: it is opened on phones.
 */
export default function AttestationPage() {
  useDocumentTitle(messages.attestationTitre);
  const code = useParams().code ?? '';
  const check = useQuery({
    queryKey: ['attestation', code],
    queryFn: ({ signal }) => verifierAttestation(code, signal),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    staleTime: 0,
  });

  let body;
  if (check.isPending) body = <Loading />;
  else if (check.isError)
    body = (
      <div className="attestation-verdict attestation-erreur" role="alert">
        <p>{errorMessage(check.error)}</p>
        <button type="button" className="p-button p-component" onClick={() => void check.refetch()}>
          <i className="pi pi-refresh" aria-hidden="true" />
          <span>{messages.reessayer}</span>
        </button>
      </div>
    );
  else if (check.data === null)
    body = (
      <div
        className="attestation-verdict attestation-inconnue"
        data-testid="attestation-verdict"
        data-etat="introuvable"
      >
        <h2>
          <i className="pi pi-question-circle" aria-hidden="true" /> {messages.attestationIntrouvable}
        </h2>
        <p>{messages.attestationIntrouvableTexte}</p>
      </div>
    );
  else if (!check.data.valide)
    body = (
      <div
        className="attestation-verdict attestation-annulee"
        data-testid="attestation-verdict"
        data-etat="annulee"
      >
        <h2>
          <i className="pi pi-times-circle" aria-hidden="true" /> {messages.attestationNonValide}
        </h2>
        {check.data.dateAnnulation && (
          <p>{fill(messages.attestationAnnuleeLe, { date: dateOf(check.data.dateAnnulation) })}</p>
        )}
      </div>
    );
  else {
    const a = check.data;
    body = (
      <div
        className="attestation-verdict attestation-valide"
        data-testid="attestation-verdict"
        data-etat="valide"
      >
        <h2>
          <i className="pi pi-check-circle" aria-hidden="true" /> {messages.attestationValide}
        </h2>
        <p>{messages.attestationValideTexte}</p>
        <dl>
          <div>
            <dt>{messages.attestationEtudiant}</dt>
            <dd data-testid="attestation-etudiant">
              {[a.nomEtudiant, a.prenomEtudiant].filter(Boolean).join(' ')}
            </dd>
          </div>
          <div>
            <dt>{messages.attestationCite}</dt>
            <dd data-testid="attestation-cite">{a.nomCite}</dd>
          </div>
          <div>
            <dt>{messages.attestationAnnee}</dt>
            <dd data-testid="attestation-annee">{a.anneeAcademique}</dd>
          </div>
        </dl>
      </div>
    );
  }

  return (
    <section className="card attestation-page" aria-labelledby="attestation-titre">
      <h1 id="attestation-titre">{messages.attestationTitre}</h1>
      {body}
      <p className="attestation-code">{fill(messages.attestationCode, { code })}</p>
    </section>
  );
}
