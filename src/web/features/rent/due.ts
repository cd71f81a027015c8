import { fill, messages } from '../../../domain/messages';
import type { StudentRent } from '../../../domain/schemas/rent';
import { formatFcfa } from '../../../domain/money';
import { paths } from '../../lib/paths';
import { frenchDay } from '../../../domain/format';

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

/** The amount a payment proposes, as the server says it (`paiementPropose`); else one month's rent. */
export const suggestedAmount = (r: StudentRent) => r.paiementPropose?.montant ?? r.montantChambre;

/**
 * When nothing is late, the sentence saying the payment goes ahead: the next instalment's date and
 * the amount the server proposes (« Paiement d'avance : prochaine échéance le … »); else null.
 */
export function payAhead(r: StudentRent): string | null {
  const p = r.paiementPropose;
  if (!p?.avance || !p.prochaineEcheance) return null;
  return fill(messages.paiementAvance, {
    date: frenchDay(p.prochaineEcheance.dateEcheance),
    montant: formatFcfa(p.montant, { unit: true }),
  });
}

/** /paiement for this assignment (a live one, or one a departure ended), with the amount proposed. */
export const payLink = (r: StudentRent) =>
  `${paths.paiement.payer}?affectation=${r.idAffectation}&montant=${suggestedAmount(r)}`;
