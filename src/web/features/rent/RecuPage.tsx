import '../attestation/attestation.css';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { fill, frenchDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { formatFcfa } from '../assignment/money';
import { verifierRecu } from './api';

/**
 * /recu/{referencePaiement}, what a receipt's QR code opens (no sign-in, docs/rent.md#receipts):
 * whether a succeeded payment bears the reference and, if so, its amount, day, means, the cité and
 * year, and the student's name partly masked; nothing more. Styled like the certificate's check
 * (the same verdict boxes); no component library: it is opened on phones.
 */
export default function RecuPage() {
  useDocumentTitle(messages.recuPaiementTitre);
  const reference = useParams().referencePaiement ?? '';
  const check = useQuery({
    queryKey: ['recu', reference],
    queryFn: ({ signal }) => verifierRecu(reference, signal),
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
        data-testid="recu-verdict"
        data-etat="introuvable"
      >
        <h2>
          <i className="pi pi-question-circle" aria-hidden="true" /> {messages.recuPaiementIntrouvable}
        </h2>
        <p>{messages.recuPaiementIntrouvableTexte}</p>
      </div>
    );
  else {
    const r = check.data;
    const rowsOf: [string, string, string][] = [
      [
        'montant',
        messages.recuPaiementMontant,
        fill(messages.montantFcfa, { montant: formatFcfa(r.montant) }),
      ],
      ['date', messages.recuPaiementDate, frenchDate(r.datePaiement.slice(0, 10))],
      ['etudiant', messages.recuPaiementEtudiant, r.etudiant],
      ['moyen', messages.recuPaiementMoyen, r.libelleOperateur],
      ['cite', messages.recuPaiementCite, `${r.nomCite} (${r.anneeAcademique})`],
    ];
    body = (
      <div className="attestation-verdict attestation-valide" data-testid="recu-verdict" data-etat="valide">
        <h2>
          <i className="pi pi-check-circle" aria-hidden="true" /> {messages.recuPaiementValide}
        </h2>
        <p>{messages.recuPaiementValideTexte}</p>
        <dl>
          {rowsOf.map(([key, label, value]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-testid={`recu-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    );
  }

  return (
    <section className="card attestation-page" aria-labelledby="recu-titre">
      <h1 id="recu-titre">{messages.recuPaiementTitre}</h1>
      {body}
      <p className="attestation-code">{fill(messages.recuPaiementReference, { reference })}</p>
    </section>
  );
}
