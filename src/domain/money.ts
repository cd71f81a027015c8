/**
 * Amounts of money, written one way everywhere (docs/messages.md#figures). Pure code, shared by the
 * server and the client.
 */
import { frenchNumber } from './format';
import { fill, messages } from './messages';

/**
 * An amount of whole FCFA as read in Burkina Faso: grouped by thousands, « 25 000 », and with
 * `unit` the catalogue's « 25 000 FCFA ». The screens group with the narrow no-break space French
 * writes; `plain` groups with a plain space, for the PDFs (their standard fonts have no narrow
 * no-break space), the mails' plain lines and the SMS (the GSM alphabet has none either).
 */
export function formatFcfa(n: number, opts: { unit?: boolean; plain?: boolean } = {}): string {
  const montant = opts.plain ? String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : frenchNumber(n);
  return opts.unit ? fill(messages.montantFcfa, { montant }) : montant;
}
