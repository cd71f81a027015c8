import { fill, messages } from '../../../domain/messages';
import type { StudentRent } from '../../../domain/schemas/rent';
import { formatFcfa } from '../../../domain/money';
import { paths } from '../../lib/paths';

/**
 * Why a student's assignment takes no payment, or null when something is left to pay
 * (docs/rent.md#screens): paid in full, or overpaid (an overpayment is refunded at the counter,
 * never kept for a rent to come). A departure's balance is paid as a live one's: the server says which
 * may be paid (`payable`, the rule `mayPayRent`).
 */
export function nothingToPay(r: StudentRent): string | null {
  if (r.payable) return null;
  if (r.solde < 0)
    return fill(messages.paiementRienTropPercu, {
      montant: formatFcfa(-r.solde, { unit: true }),
    });
  return fill(messages.monLoyerRienAPayer, { annee: r.anneeAcademique });
}

/** The amount a payment proposes: what is late, or else one month, never above what remains. */
export const suggestedAmount = (r: StudentRent) => Math.min(Math.max(r.arriere, r.montantChambre), r.solde);

/** /paiement for this assignment (a live one, or one a departure ended), with the amount proposed. */
export const payLink = (r: StudentRent) =>
  `${paths.paiement.payer}?affectation=${r.idAffectation}&montant=${suggestedAmount(r)}`;
