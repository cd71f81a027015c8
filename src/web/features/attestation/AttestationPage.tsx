import { useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { fill, frenchDate } from '../../lib/format';
import { verifierAttestation } from './api';
import { PublicCheck } from './PublicCheck';
import { fullName } from '../../../domain/format';

/** A timestamp or a date as DD/MM/YYYY. */
const dateOf = (value: string | null | undefined) => (value ? frenchDate(value.slice(0, 10)) : '');

/**
 * /attestation/{code}, what the certificate's QR code opens (no sign-in, the shared `PublicCheck`):
 * whether the certificate is valid and, if so, the student's name, the cité and the academic year,
 * nothing more; a cancelled one 'n'est plus valide' with the date; an unknown code 'Attestation
 * introuvable'.
 */
export default function AttestationPage() {
  const code = useParams().code ?? '';
  return (
    <PublicCheck
      prefix="attestation"
      title={messages.attestationTitre}
      footer={fill(messages.attestationCode, { code })}
      queryKey={['attestation', code]}
      check={(signal) => verifierAttestation(code, signal)}
      verdict={(a) =>
        a === null
          ? {
              etat: 'introuvable',
              title: messages.attestationIntrouvable,
              text: messages.attestationIntrouvableTexte,
            }
          : !a.valide
            ? {
                etat: 'annulee',
                title: messages.attestationNonValide,
                text: a.dateAnnulation
                  ? fill(messages.attestationAnnuleeLe, { date: dateOf(a.dateAnnulation) })
                  : null,
              }
            : {
                etat: 'valide',
                // A year that is over: genuine, but it says where the student was housed, not is.
                title: a.anneeTerminee ? messages.attestationAuthentiquePassee : messages.attestationValide,
                text: a.anneeTerminee
                  ? fill(messages.attestationAuthentiquePasseeTexte, { annee: a.anneeAcademique })
                  : messages.attestationValideTexte,
                rows: [
                  {
                    key: 'etudiant',
                    label: messages.attestationEtudiant,
                    value: fullName(a.nomEtudiant, a.prenomEtudiant),
                  },
                  { key: 'cite', label: messages.attestationCite, value: a.nomCite },
                  { key: 'annee', label: messages.attestationAnnee, value: a.anneeAcademique },
                ],
              }
      }
    />
  );
}
