import { z } from 'zod';
import { STATUTS_ECHEANCE, STATUTS_PAIEMENT } from '../enums';
import { MONTANT_MAX_FCFA, NUMERO_RECU_MAX_LENGTH } from '../limits';
import { fill, messages } from '../messages';
import { emptyAsAbsent, id, idParam, isoDate, optionalIdParam, required } from './common';
import { telephoneMobile } from './payments';

/**
 * The rent calls (docs/rent.md): the student's own rent, the staff's arrears list, a cash payment
 * at the counter.
 */

/** An amount paid: whole FCFA, above 0, at most MONTANT_MAX_FCFA. */
export const montantPaye = z
  .number({ error: messages.valeurEntiere })
  .int({ error: messages.valeurEntiere })
  .min(1, { error: messages.valeurStrictementPositive })
  .max(MONTANT_MAX_FCFA, { error: fill(messages.valeurTropGrande, { max: String(MONTANT_MAX_FCFA) }) });

/** A receipt book's number as printed: letters, digits, `-`, `/` and spaces inside. */
export const numeroRecu = z
  .string({ error: messages.valeurInvalide })
  .trim()
  .min(1, { error: messages.champObligatoire })
  .max(NUMERO_RECU_MAX_LENGTH, { error: messages.valeurTropLongue })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} /-]*$/u, { error: messages.valeurInvalide });

/** `POST campus/paiement/especes`: cash received at the counter, with the receipt book's number. */
export const cashPaymentBody = z.object({
  idAffectation: required(id),
  montant: required(montantPaye),
  numeroRecu: required(numeroRecu),
});
export type CashPaymentBody = z.input<typeof cashPaymentBody>;

/** A refund's voucher number, or the operator's transfer reference: letters, digits, `-`, `/`, `.` and spaces inside. */
export const numeroPiece = z
  .string({ error: messages.valeurInvalide })
  .trim()
  .min(1, { error: messages.champObligatoire })
  .max(NUMERO_RECU_MAX_LENGTH, { error: messages.valeurTropLongue })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, { error: messages.valeurInvalide });

/**
 * `POST campus/paiement/remboursement` (docs/rent.md#refunds): money paid back to a student holding
 * a credit; `idOperateur` absent or null: cash at the cité's counter; a mobile-money operator needs
 * the number it was sent to.
 */
export const refundBody = z.object({
  idAffectation: required(id),
  montant: required(montantPaye),
  idOperateur: id.nullish(),
  numeroPiece: required(numeroPiece),
  telephone: telephoneMobile.nullish(),
});
export type RefundBody = z.input<typeof refundBody>;
export type RefundInput = z.output<typeof refundBody>;

/** A refund as the calls answer it and the student's rent lists it. */
export const refundRow = z.object({
  referenceRemboursement: z.string(),
  montant: z.number(),
  /** ISO 8601, UTC. */
  dateRemboursement: z.string(),
  libelleOperateur: z.string(),
  numeroPiece: z.string(),
});
export type RefundRow = z.infer<typeof refundRow>;

/** The answer of `POST campus/paiement/remboursement`: the refund and the balance after it. */
export const refundAnswer = refundRow.extend({
  idAffectation: z.number(),
  /** The assignment's balance after it (negative: a credit still held). */
  solde: z.number(),
});
export type RefundAnswer = z.infer<typeof refundAnswer>;

/** A payment as rent's calls answer it. */
export const paymentAnswer = z.object({
  referencePaiement: z.string(),
  idAffectation: z.number(),
  montant: z.number(),
  statut: z.enum(STATUTS_PAIEMENT),
  numeroRecu: z.string().nullable(),
  /** ISO 8601, UTC; null while not succeeded. */
  datePaiement: z.string().nullable(),
  /** What remains to pay on the assignment after it (negative: a credit). */
  solde: z.number(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** One instalment as the student reads it, with what was allocated to it (oldest first). */
export const instalmentRow = z.object({
  numero: z.number(),
  dateEcheance: z.string(),
  montant: z.number(),
  paye: z.number(),
  reste: z.number(),
  statut: z.enum(STATUTS_ECHEANCE),
});
export type InstalmentRow = z.infer<typeof instalmentRow>;

/** `GET campus/loyer/etudiant`: per assignment of the student (live, or cancelled with money owed either way). */
export const studentRent = z.object({
  idAffectation: z.number(),
  idSessionCenou: z.number(),
  anneeAcademique: z.string(),
  nomCite: z.string(),
  libelleChambre: z.string(),
  libelleLit: z.string(),
  montantChambre: z.number(),
  annulee: z.boolean(),
  /** The day the resident left the cité (its departure), null while it lives there or when cancelled. */
  dateDepart: z.string().nullable(),
  /**
   * Ended without a departure: a cancellation proper. With `dateDepart`, what the screens and the
   * files say of an ended assignment (« Départ le … » or « Affectation annulée »).
   */
  annulation: z.boolean(),
  totalDu: z.number(),
  duADate: z.number(),
  paye: z.number(),
  arriere: z.number(),
  /** Damage charged at departure (DEGRADATION), net of reversals: part of `solde`. */
  degradations: z.number(),
  /**
   * Each damage charged at departure, with what was paid on it (after the instalments): the
   * instalments' and these lines' `reste` add up to `solde` when it is not a credit.
   */
  chargesDegradation: z.array(
    z.object({
      reference: z.string(),
      libelle: z.string(),
      dateCharge: z.string(),
      montant: z.number(),
      paye: z.number(),
      reste: z.number(),
      statut: z.enum(STATUTS_ECHEANCE),
    }),
  ),
  solde: z.number(),
  /**
   * Whether it may be paid by mobile money, by the student or a helper (`mayPayRent`,
   * src/domain/rent.ts): what the screens offer « Payer » and « Payer mon loyer » by.
   */
  payable: z.boolean(),
  /**
   * The mobile-money payment the screens propose (`proposedPayment`, src/domain/rent.ts), null when
   * it may not be paid: its amount (what is late, or else one month, never above what remains);
   * `avance` when nothing is late, the payment then going to `prochaineEcheance`, the first
   * instalment to come with something left on it (its date, what is left).
   */
  paiementPropose: z
    .object({
      montant: z.number(),
      avance: z.boolean(),
      prochaineEcheance: z.object({ dateEcheance: z.string(), reste: z.number() }).nullable(),
    })
    .nullable(),
  echeances: z.array(instalmentRow),
  paiements: z.array(
    z.object({
      referencePaiement: z.string(),
      montant: z.number(),
      datePaiement: z.string(),
      libelleOperateur: z.string(),
      numeroRecu: z.string().nullable(),
      /** The procuration under which a helper paid it, or null (the student, or staff at the counter). */
      idProcuration: z.number().nullable(),
    }),
  ),
  /** Money paid back (a credit refunded), oldest first. */
  remboursements: z.array(refundRow),
});
export type StudentRent = z.infer<typeof studentRent>;
export const studentRentAnswer = z.array(studentRent);

/** `GET campus/loyer` beside the paging ones: the session (required), the cité. */
export const loyerListParams = {
  idSessionCenou: required(idParam),
  idCite: optionalIdParam,
};

/** One assignment of the arrears list. */
export const loyerRow = z.object({
  idAffectation: z.number(),
  idSessionCenou: z.number(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  idCite: z.number(),
  nomCite: z.string(),
  libelleChambre: z.string(),
  libelleLit: z.string(),
  montantChambre: z.number(),
  totalDu: z.number(),
  duADate: z.number(),
  paye: z.number(),
  arriere: z.number(),
  solde: z.number(),
  annulee: z.boolean(),
  /** The day the resident left (a departure), null otherwise. */
  dateDepart: z.string().nullable(),
  /** Ended without a departure: a cancellation proper, as the files say it. */
  annulation: z.boolean(),
});
export type LoyerRow = z.infer<typeof loyerRow>;
export const loyerListAnswer = z.array(loyerRow);

/** `GET campus-auth/recu/{referencePaiement}` (public): a succeeded payment's receipt, checked. */
export const receiptCheck = z.object({
  /** The reference checked: a payment's, or a damage notice's (`DEG-…`). */
  referencePaiement: z.string(),
  /** What it is: a payment received, or a damage charged at departure. */
  nature: z.enum(['PAIEMENT', 'DEGRADATION']),
  /** The nature in French, as the check page says it. */
  libelleNature: z.string(),
  /** The element charged (a damage), null for a payment. */
  libelleElement: z.string().nullable(),
  montant: z.number(),
  /** ISO 8601, UTC: the day it was paid, or the damage charged. */
  datePaiement: z.string(),
  /** The student's name, partly masked (`nomMasque`, src/domain/rent.ts). */
  etudiant: z.string(),
  /** How it was paid; null for a damage. */
  libelleOperateur: z.string().nullable(),
  nomCite: z.string(),
  anneeAcademique: z.string(),
  /**
   * A damage: what is left to pay of it, the account's payments allocated as the student's page
   * and the arrears list allocate them (the instalments first, then the damage, oldest first);
   * 0 once paid. Null for a payment.
   */
  resteAPayer: z.number().nullable(),
});
export type ReceiptCheck = z.infer<typeof receiptCheck>;

/** `GET campus/loyer/affectation/{id}` (staff): one assignment's rent, as the student reads its own. */
export const assignmentRentParams = z.object({ id: idParam });

/** `GET campus/loyer/rapprochement` beside the paging ones: a range of days (value dates, both included). */
export const rapprochementListParams = {
  du: emptyAsAbsent(isoDate),
  au: emptyAsAbsent(isoDate),
  /** A central manager's choice of one direction (a regional manager: its own, or 403). */
  idDirection: optionalIdParam,
  idCite: optionalIdParam,
};

/** One day of one operator or one cité's counter (docs/rent.md#daily-reconciliation). */
export const rapprochementRow = z.object({
  /** The row's key (the day and the account in one integer). */
  cle: z.number(),
  jour: z.string(),
  compte: z.string(),
  typeCompte: z.enum(['OPERATEUR', 'CAISSE']),
  libelleCompte: z.string(),
  idOperateur: z.number().nullable(),
  idCite: z.number().nullable(),
  nomCite: z.string().nullable(),
  nombre: z.number(),
  montant: z.number(),
});
export type RapprochementRow = z.infer<typeof rapprochementRow>;
export const rapprochementListAnswer = z.array(rapprochementRow);

/** `GET campus/loyer/sessions`: the sessions with assignments in the actor's scope, newest first (where /loyers opens). */
export const rentSessionsAnswer = z.array(
  z.object({ idSessionCenou: z.number(), idDirection: z.number(), affectations: z.number() }),
);
export type RentSessions = z.infer<typeof rentSessionsAnswer>;
