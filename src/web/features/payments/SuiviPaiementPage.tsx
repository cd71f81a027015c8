import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { fill, messages } from '../../../domain/messages';
import { phoneForDisplay } from '../../../domain/phone';
import { PAYMENT_POLL_MS } from '../../../domain/payments';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { ReceiptButton } from '../rent/ReceiptButton';
import { fetchPaiement, paymentKeys } from './api';
import './payments.css';
import { formatFcfa } from '../../../domain/money';

const OUTCOME = {
  EN_ATTENTE: { className: 'is-pending', icon: 'pi pi-spin pi-spinner', text: messages.paiementEnAttente },
  REUSSI: { className: 'is-success', icon: 'pi pi-check-circle', text: '' },
  ECHOUE: { className: 'is-failure', icon: 'pi pi-times-circle', text: messages.paiementEchoue },
} as const;

/**
 * /paiement/:referencePaiement (docs/payments.md#paying): where the payment stands, asked again
 * every PAYMENT_POLL_MS while it is EN_ATTENTE, then said plainly — succeeded (with the amount) or
 * failed (nothing debited, pay again). The outcome is announced (`role="status"`).
 */
export default function SuiviPaiementPage() {
  useDocumentTitle(messages.paiementSuiviTitre);
  const reference = useParams().referencePaiement ?? '';
  const payment = useQuery({
    queryKey: paymentKeys.element(reference),
    queryFn: ({ signal }) => fetchPaiement(reference, signal),
    refetchInterval: (q) =>
      q.state.data?.statut === 'EN_ATTENTE' || !q.state.data ? PAYMENT_POLL_MS : false,
    staleTime: 0,
  });
  if (payment.isError && !payment.data)
    return <LoadFailure error={payment.error} onRetry={() => void payment.refetch()} />;
  if (!payment.data) return <Loading />;
  const p = payment.data;
  const montant = formatFcfa(p.montant, { unit: true });
  const outcome = OUTCOME[p.statut];
  return (
    <section className="card narrow" data-testid="suivi-paiement" data-statut={p.statut}>
      <h1>{messages.paiementSuiviTitre}</h1>
      <p className="payment-detail">{fill(messages.paiementReference, { reference: p.referencePaiement })}</p>
      <p className="payment-detail">
        {fill(messages.paiementDetail, {
          montant,
          operateur: p.libelleOperateur,
          telephone: p.telephone ? phoneForDisplay(p.telephone) : '',
        })}
      </p>
      <div className={`payment-outcome ${outcome.className}`} role="status" aria-live="polite">
        <i className={outcome.icon} aria-hidden="true" />
        <p>{p.statut === 'REUSSI' ? fill(messages.paiementReussi, { montant }) : outcome.text}</p>
      </div>
      <div className="payment-actions">
        {p.statut === 'ECHOUE' && (
          <Link className="p-button p-component" to={paths.paiement.payer}>
            <i className="pi pi-mobile" aria-hidden="true" />
            <span>{messages.paiementReessayer}</span>
          </Link>
        )}
        {p.statut === 'REUSSI' && <ReceiptButton reference={p.referencePaiement} />}
        {p.statut === 'REUSSI' && (
          <Link className="p-button p-component" to={paths.monLoyer} data-testid="voir-loyer">
            <i className="pi pi-wallet" aria-hidden="true" />
            <span>{messages.paiementVoirLoyer}</span>
          </Link>
        )}
        <Link className="p-button p-component p-button-outlined" to={paths.tableauDeBord}>
          <i className="pi pi-th-large" aria-hidden="true" />
          <span>{messages.paiementRetour}</span>
        </Link>
      </div>
    </section>
  );
}
