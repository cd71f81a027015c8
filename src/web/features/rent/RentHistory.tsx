import { frenchDay } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import type { StudentRent } from '../../../domain/schemas/rent';
import { Code } from '../../components/Code';
import { ReceiptButton } from './ReceiptButton';
import { formatFcfa } from '../../../domain/money';
import { fill } from '../../lib/format';

/**
 * The badge of an assignment that ended, read from the pair the files read (docs/rent.md#exports):
 * a departure says its day (docs/life-in-the-cite.md#departure), a cancellation (`annulation`: ended
 * without a departure) says so; a live assignment shows none.
 */
export function AssignmentEnd({
  dateDepart,
  annulation,
}: {
  dateDepart: string | null;
  annulation: boolean;
}) {
  if (dateDepart)
    return (
      <span className="rent-cancelled" data-testid="badge-depart">
        {fill(messages.loyerDepart, { date: frenchDay(dateDepart) })}
      </span>
    );
  if (!annulation) return null;
  return (
    <span className="rent-cancelled" data-testid="badge-annulee">
      {messages.loyerAnnulee}
    </span>
  );
}

/**
 * An assignment's money history (docs/rent.md#receipts, #refunds), as the student's « Mon loyer » and
 * the staff's « Paiements » show it: the payments received, each with its receipt's number (the
 * reference anyone checks at /recu/…) and, for cash, the receipt book's number apart, then the refunds
 * when there are any, under their own title (the payments' title only when `paymentsHeading`: Mon
 * loyer titles them, the staff's dialog is titled already).
 */
export function RentHistory({
  rent,
  paymentsHeading = false,
}: {
  rent: Pick<StudentRent, 'paiements' | 'remboursements'>;
  /** Title the payments too (Mon loyer); the refunds are always titled. */
  paymentsHeading?: boolean;
}) {
  return (
    <>
      {paymentsHeading && <h3>{messages.monLoyerPaiements}</h3>}
      {rent.paiements.length === 0 ? (
        <p className="field-hint">{messages.monLoyerAucunPaiement}</p>
      ) : (
        <ul className="rent-payments">
          {rent.paiements.map((p) => (
            <li key={p.referencePaiement} data-reference={p.referencePaiement}>
              <span>
                <strong>{formatFcfa(p.montant, { unit: true })}</strong> · {frenchDay(p.datePaiement)} ·{' '}
                {p.libelleOperateur} ·{' '}
                {p.idProcuration !== null && (
                  <>
                    <span data-champ="procuration">
                      {fill(messages.monLoyerPayeParAidant, { id: p.idProcuration })}
                    </span>
                    {' · '}
                  </>
                )}
                <span data-champ="referencePaiement">{messages.monLoyerNumeroRecu}</span>{' '}
                <Code>{p.referencePaiement}</Code>
                {p.numeroRecu && (
                  <>
                    {' · '}
                    <span data-champ="numeroRecu">{messages.recuPdfNumeroCarnet}</span>{' '}
                    <Code>{p.numeroRecu}</Code>
                  </>
                )}
              </span>
              <ReceiptButton reference={p.referencePaiement} />
            </li>
          ))}
        </ul>
      )}
      {rent.remboursements.length > 0 && (
        <>
          <h3>{messages.monLoyerRemboursements}</h3>
          <ul className="rent-payments" data-testid="remboursements">
            {rent.remboursements.map((r) => (
              <li key={r.referenceRemboursement} data-reference={r.referenceRemboursement}>
                <span>
                  {messages.monLoyerRemboursementLigne}{' '}
                  <strong>{formatFcfa(r.montant, { unit: true })}</strong> · {frenchDay(r.dateRemboursement)}{' '}
                  · {r.libelleOperateur} · {fieldLabel('numeroPiece')} <Code>{r.numeroPiece}</Code>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
