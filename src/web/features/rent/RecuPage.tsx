import { useParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { fill, frenchDate } from '../../lib/format';
import { PublicCheck } from '../attestation/PublicCheck';
import { verifierRecu } from './api';
import { formatFcfa } from '../../../domain/money';

/**
 * /recu/{referencePaiement}, what a receipt's QR code opens (no sign-in, docs/rent.md#receipts; the
 * certificate's check page, `PublicCheck`): whether a succeeded payment, or a damage charged at
 * departure (its notice `DEG-…`), bears the reference and, if so, its nature in words, its amount,
 * day, means (a payment) or element (a damage), the cité and year, and the student's name partly
 * masked; a damage also whether it is paid (« Payé ») or what is left of it (« Reste à payer : … »).
 */
export default function RecuPage() {
  const reference = useParams().referencePaiement ?? '';
  return (
    <PublicCheck
      prefix="recu"
      title={messages.recuPaiementTitre}
      footer={fill(messages.recuPaiementReference, { reference })}
      queryKey={['recu', reference]}
      check={(signal) => verifierRecu(reference, signal)}
      verdict={(r) =>
        r === null
          ? {
              etat: 'introuvable',
              title: messages.recuPaiementIntrouvable,
              text: messages.recuPaiementIntrouvableTexte,
            }
          : {
              etat: 'valide',
              title:
                r.nature === 'DEGRADATION' ? messages.recuDegradationValide : messages.recuPaiementValide,
              text:
                r.nature === 'DEGRADATION'
                  ? messages.recuDegradationValideTexte
                  : messages.recuPaiementValideTexte,
              // A damage says whether it is paid, as the student's page allocates the payments.
              ...(r.resteAPayer !== null
                ? {
                    note: {
                      key: 'reste',
                      text:
                        r.resteAPayer > 0
                          ? fill(messages.recuDegradationReste, {
                              montant: formatFcfa(r.resteAPayer, { unit: true }),
                            })
                          : messages.recuDegradationPayee,
                    },
                  }
                : {}),
              rows: [
                { key: 'nature', label: messages.recuPaiementNature, value: r.libelleNature },
                ...(r.libelleElement
                  ? [{ key: 'element', label: messages.recuPaiementElement, value: r.libelleElement }]
                  : []),
                {
                  key: 'montant',
                  label: messages.recuPaiementMontant,
                  value: formatFcfa(r.montant, { unit: true }),
                },
                {
                  key: 'date',
                  label: messages.recuPaiementDate,
                  value: frenchDate(r.datePaiement.slice(0, 10)),
                },
                { key: 'etudiant', label: messages.recuPaiementEtudiant, value: r.etudiant },
                ...(r.libelleOperateur
                  ? [{ key: 'moyen', label: messages.recuPaiementMoyen, value: r.libelleOperateur }]
                  : []),
                {
                  key: 'cite',
                  label: messages.recuPaiementCite,
                  value: `${r.nomCite} (${r.anneeAcademique})`,
                },
              ],
            }
      }
    />
  );
}
