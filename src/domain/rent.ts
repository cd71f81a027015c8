/**
 * Rent, as pure rules (docs/rent.md): the instalment schedule of an assignment, the allocation of
 * what was paid to its instalments, the sums a student and staff read, and the check of a cash
 * amount. No database here: the server's journal (src/server/modules/rent/) posts what these
 * functions compute. Dates are ISO `YYYY-MM-DD` strings (compared as strings), amounts whole FCFA.
 */
import type { StatutEcheance } from './enums';
import {
  DELAI_PREMIERE_ECHEANCE_JOURS,
  MOIS_FERMETURE_CITES,
  PREMIERE_ECHEANCE_JOUR,
  PREMIERE_ECHEANCE_MOIS,
} from './limits.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 5 November of the session's first year (docs/rent.md#instalments). */
export function defaultPremiereEcheance(anneeDebut: number): string {
  return `${pad(anneeDebut, 4)}-${pad(PREMIERE_ECHEANCE_MOIS)}-${pad(PREMIERE_ECHEANCE_JOUR)}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The date `months` months after `iso`, on the same day of the month; a day the month lacks (31
 * April) becomes the month's last day (30 April), and the next month goes back to the 31st.
 */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

export interface Instalment {
  /** 1 to moisLoyer, in date order: its place in the session's schedule. */
  numero: number;
  dateEcheance: string;
  montant: number;
}

/** The day `days` days after `iso`. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the cités are closed in the month of `iso` (`MOIS_FERMETURE_CITES`). */
export const citesFermees = (iso: string) => MOIS_FERMETURE_CITES.includes(Number(iso.slice(5, 7)));

/**
 * The instalments of an assignment: `moisLoyer` monthly amounts of `montant` (the bed's
 * category's `montantChambre`), the first on `premiereEcheance`, then the same day of each month.
 */
export function instalmentSchedule(input: {
  premiereEcheance: string;
  moisLoyer: number;
  montant: number;
}): Instalment[] {
  const { premiereEcheance, moisLoyer, montant } = input;
  if (!Number.isInteger(moisLoyer) || moisLoyer < 0) throw new RangeError(`moisLoyer ${moisLoyer}`);
  if (!Number.isSafeInteger(montant) || montant < 0) throw new RangeError(`montant ${montant}`);
  return Array.from({ length: moisLoyer }, (_, i) => ({
    numero: i + 1,
    dateEcheance: addMonths(premiereEcheance, i),
    montant,
  }));
}

/**
 * Of a session's schedule (`instalmentSchedule`), what an assignment made on `debut` owes
 * (docs/rent.md#the-rule-of-the-months-lived, decision 065). Each instalment is the rent of the
 * month it falls in:
 * - none in a month the cités are closed (`citesFermees`): nobody lives there;
 * - none dated on or before `debut`: that month was begun before the bed was given, it is not
 *   owed (the months not lived);
 * - one dated within `DELAI_PREMIERE_ECHEANCE_JOURS` after `debut` is due on the grace's last day
 *   instead (unless that day falls when the cités are closed: then it is not owed).
 * Each keeps its number in the schedule. Without `debut`: every instalment of an open month.
 */
export function owedInstalments<T extends Instalment>(schedule: readonly T[], debut?: string): T[] {
  const grace = debut === undefined ? null : addDays(debut, DELAI_PREMIERE_ECHEANCE_JOURS);
  const out: T[] = [];
  for (const i of schedule) {
    if (citesFermees(i.dateEcheance)) continue;
    if (debut !== undefined && i.dateEcheance <= debut) continue;
    const dateEcheance = grace !== null && i.dateEcheance < grace ? grace : i.dateEcheance;
    if (citesFermees(dateEcheance)) continue;
    out.push({ ...i, dateEcheance });
  }
  return out;
}

/**
 * The journal's natures that fall due on their value date (docs/rent.md#sums): the instalments, and
 * the damage charged at departure (due on its own day). What is due by today (`duADate`), hence the
 * arrears, sums the live lines of these natures dated today or before, wherever it is computed.
 */
export const NATURES_EXIGIBLES = ['ECHEANCE', 'DEGRADATION'] as const;

/**
 * Whether a student may pay an assignment's balance by mobile money, itself or through a helper
 * (docs/rent.md#screens): something left to pay on a live assignment, or on one its departure ended
 * (the rent of its last months, the damage charged). A cancellation without a departure is settled
 * at the counter.
 */
export const mayPayRent = (r: { solde: number; annulee: boolean; dateDepart?: string | null }): boolean =>
  r.solde > 0 && (!r.annulee || (r.dateDepart ?? null) !== null);

/** Whether an instalment has fallen due on `today` (due on its own day: docs/rent.md#instalments). */
export const isDue = (dateEcheance: string, today: string) => dateEcheance <= today;

/**
 * The instalments a move to another category, or a cancellation, changes: those not yet due
 * (their date after `today`). Those already due stay owed as they were.
 */
export function notYetDue<T extends { dateEcheance: string }>(instalments: readonly T[], today: string): T[] {
  return instalments.filter((i) => !isDue(i.dateEcheance, today));
}

/**
 * Whether an instalment stays owed after a departure on `dateDepart` (decision 058,
 * docs/rent.md#a-departure): one due in the departure's month or before; those of later months are
 * reversed when the departure is recorded (`endInstalments`), whatever the day within the month.
 */
export const owedAtDeparture = (dateEcheance: string, dateDepart: string) =>
  dateEcheance.slice(0, 7) <= dateDepart.slice(0, 7);

/** What an account holds, as a departure reads it: its live instalments, the damage charged, what was paid. */
export interface DepartureAccount {
  echeances: { dateEcheance: string; montant: number }[];
  /** The damage charged at departure (net of reversals). */
  degradations: number;
  /** Payments received, net of refunds. */
  paye: number;
}

export interface DepartureBalance {
  /** The instalments still owed after the departure: those of its month and before. */
  echeancesDues: number;
  degradations: number;
  paye: number;
  /** What is due at the departure: instalments owed + damage − paid (negative: a credit refunded). */
  du: number;
  /** The instalments of later months, no longer due once the departure is recorded: their count and sum. */
  nbPlusDues: number;
  plusDues: number;
}

/**
 * What a departure on `dateDepart` leaves to pay (the departure form, docs/life-in-the-cite.md#departure):
 * the instalments due up to and including its month, plus the damage, minus what was paid; and what
 * it takes off (the rest of the year). Once recorded, the account's balance is `du`.
 */
export function departureBalance(account: DepartureAccount, dateDepart: string): DepartureBalance {
  let echeancesDues = 0;
  let plusDues = 0;
  let nbPlusDues = 0;
  for (const e of account.echeances)
    if (owedAtDeparture(e.dateEcheance, dateDepart)) echeancesDues += e.montant;
    else {
      plusDues += e.montant;
      nbPlusDues += 1;
    }
  return {
    echeancesDues,
    degradations: account.degradations,
    paye: account.paye,
    du: echeancesDues + account.degradations - account.paye,
    nbPlusDues,
    plusDues,
  };
}

export interface AllocatedInstalment extends Instalment {
  /** The part of what was paid that went to this instalment. */
  paye: number;
  /** What remains to pay on it. */
  reste: number;
  statut: StatutEcheance;
}

/**
 * What was paid, allocated to the live instalments oldest first (by date, then number): each is
 * paid in full before the next one gets anything. A credit beyond every instalment stays unallocated
 * (`rentSummary` shows it as a negative balance).
 */
export function allocatePayments(
  instalments: readonly Instalment[],
  paid: number,
  today: string,
): AllocatedInstalment[] {
  let left = Math.max(0, paid);
  return [...instalments]
    .sort((a, b) =>
      a.dateEcheance === b.dateEcheance ? a.numero - b.numero : a.dateEcheance < b.dateEcheance ? -1 : 1,
    )
    .map((i) => {
      const paye = Math.min(left, i.montant);
      left -= paye;
      const reste = i.montant - paye;
      const statut: StatutEcheance =
        reste === 0 ? 'PAYEE' : isDue(i.dateEcheance, today) ? 'ECHUE' : paye > 0 ? 'PARTIELLE' : 'A_VENIR';
      return { ...i, paye, reste, statut };
    });
}

/** A damage charged at departure, with what was allocated to it. */
export interface AllocatedCharge {
  montant: number;
  paye: number;
  reste: number;
  statut: StatutEcheance;
}

/**
 * What was paid beyond the instalments (`paid` less what `allocatePayments` gave them), allocated
 * to the damage charged at departure, oldest first (docs/rent.md#a-departure). A
 * charge is due on its own day, the departure's: unpaid, it is late (`ECHUE`).
 */
export function allocateCharges<T extends { montant: number }>(
  charges: readonly T[],
  left: number,
): (T & AllocatedCharge)[] {
  let rest = Math.max(0, left);
  return charges.map((c) => {
    const paye = Math.min(rest, c.montant);
    rest -= paye;
    const reste = c.montant - paye;
    return { ...c, paye, reste, statut: reste === 0 ? 'PAYEE' : 'ECHUE' };
  });
}

/**
 * What a balance (`solde`) still owes, split: payments go to the instalments first, then to the
 * damage charged at departure (`allocateCharges`), so the damage left is what the balance holds of
 * it, and the rest is rent. A credit (`solde` ≤ 0) owes nothing.
 */
export function owedParts(solde: number, degradations: number): { loyer: number; degradations: number } {
  const owed = Math.max(0, solde);
  const d = Math.min(Math.max(0, degradations), owed);
  return { loyer: owed - d, degradations: d };
}

export interface RentSummary {
  /** Every live instalment of the assignment. */
  totalDu: number;
  /** The live instalments fallen due by today. */
  duADate: number;
  /** Payments received, net of refunds. */
  paye: number;
  /** What is late: due by today and not paid (never below 0). */
  arriere: number;
  /** What remains to pay on every instalment (negative: a credit of the student). */
  solde: number;
}

export function rentSummary(instalments: readonly Instalment[], paid: number, today: string): RentSummary {
  const totalDu = instalments.reduce((s, i) => s + i.montant, 0);
  const duADate = instalments.filter((i) => isDue(i.dateEcheance, today)).reduce((s, i) => s + i.montant, 0);
  return { totalDu, duADate, paye: paid, arriere: Math.max(0, duADate - paid), solde: totalDu - paid };
}

/**
 * Why an amount offered for an assignment's rent is refused, or null — the one rule of cash at the
 * counter and of mobile money (docs/rent.md#cash-at-the-counter, docs/payments.md#paying). The
 * amount is a whole number of FCFA above 0 (the request's schema checks it first) and:
 * - something must remain to pay (`solde` > 0), else `rienARegler`;
 * - never above what remains to pay: a payment gives no credit to be refunded later
 *   (`montantAuDelaDuSolde`);
 * - when `montantEcheance` is given (mobile money, docs/payments.md#paying): at least one instalment's worth,
 *   or the whole of what remains when that is less (`montantInsuffisant`).
 */
export function paymentAmountRefusal(
  montant: number,
  solde: number,
  montantEcheance?: number,
): 'rienARegler' | 'montantAuDelaDuSolde' | 'montantInsuffisant' | null {
  if (solde <= 0) return 'rienARegler';
  if (montant > solde) return 'montantAuDelaDuSolde';
  if (montantEcheance !== undefined && montant < Math.min(montantEcheance, solde))
    return 'montantInsuffisant';
  return null;
}

/**
 * The one amount rule of a refund (docs/rent.md#refunds): money goes back only to a student holding
 * a credit (`solde` below zero: more paid than its live instalments, after a cancellation or a
 * move to a cheaper bed), and never more than that credit, so that a refund never makes a debt.
 * The amount is a whole number of FCFA above 0 (the request's schema checks it first).
 */
export function refundAmountRefusal(
  montant: number,
  solde: number,
): 'aucunTropPercu' | 'montantAuDelaDuCredit' | null {
  if (solde >= 0) return 'aucunTropPercu';
  if (montant > -solde) return 'montantAuDelaDuCredit';
  return null;
}

/** The smallest amount `paymentAmountRefusal` takes with an instalment's worth: one instalment, or all that remains. */
export const minimumPayment = (solde: number, montantEcheance: number): number =>
  Math.max(0, Math.min(montantEcheance, solde));

/**
 * The mobile-money payment a student's rent proposes (docs/rent.md#screens), or null when it may not
 * be paid (`mayPayRent`):
 * - `montant`: what is late, or else one month's rent, never above what remains (at least what
 *   `paymentAmountRefusal` takes with the month as the instalment's worth);
 * - `avance`: nothing is late (« Dû à ce jour » paid, or nothing due yet): the payment goes to the
 *   instalments to come, `prochaineEcheance` the first of them with something left on it;
 * - after a departure, all that remains (the instalments of the departure's month and before, the
 *   damage): nothing more will fall due, so the leaver settles in one payment, never « d'avance ».
 */
export function proposedPayment(r: {
  solde: number;
  arriere: number;
  montantChambre: number;
  annulee: boolean;
  dateDepart?: string | null;
  echeances: readonly { dateEcheance: string; reste: number }[];
  today: string;
}): {
  montant: number;
  avance: boolean;
  prochaineEcheance: { dateEcheance: string; reste: number } | null;
} | null {
  if (!mayPayRent(r)) return null;
  const next = [...r.echeances]
    .filter((i) => i.reste > 0 && !isDue(i.dateEcheance, r.today))
    .sort((a, b) => (a.dateEcheance < b.dateEcheance ? -1 : a.dateEcheance > b.dateEcheance ? 1 : 0))[0];
  if (r.dateDepart)
    return {
      montant: r.solde,
      avance: false,
      prochaineEcheance: next ? { dateEcheance: next.dateEcheance, reste: next.reste } : null,
    };
  return {
    montant: Math.min(Math.max(r.arriere, r.montantChambre), r.solde),
    avance: r.arriere === 0 && next !== undefined,
    prochaineEcheance: next ? { dateEcheance: next.dateEcheance, reste: next.reste } : null,
  };
}

/**
 * A student's name as a public check page shows it (docs/rent.md#receipts): the given name whole,
 * the family name's first letter and a dot — 'Aminata S.' — enough to match a receipt to the person
 * holding it, not enough to learn who paid what.
 */
export function nomMasque(nom: string, prenom: string): string {
  const initiale = nom.trim().charAt(0).toUpperCase();
  const p = prenom.trim();
  return [p, initiale ? `${initiale}.` : ''].filter(Boolean).join(' ');
}
