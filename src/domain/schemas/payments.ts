import { z } from 'zod';
import { STATUTS_PAIEMENT } from '../enums';
import { MONTANT_MAX_FCFA } from '../limits';
import { fill, messages } from '../messages';
import { mobileMoneyPhone } from '../payments';
import { MOBILE_PHONE_PATTERN } from '../phone';
import { id, required } from './common';

/**
 * The mobile-money calls (docs/payments.md): a student's payment from its phone, its status, the
 * operators it may choose.
 */

/** An amount asked: whole FCFA, above 0, at most MONTANT_MAX_FCFA. */
export const montantDemande = z
  .number({ error: messages.valeurEntiere })
  .int({ error: messages.valeurEntiere })
  .min(1, { error: messages.valeurStrictementPositive })
  .max(MONTANT_MAX_FCFA, { error: fill(messages.valeurTropGrande, { max: String(MONTANT_MAX_FCFA) }) });

/** A Burkina Faso number as typed (`70 12 34 56`, `+226 70123456`); kept in E.164. */
export const telephoneMobile = z
  .string({ error: messages.paiementTelephoneInvalide })
  .max(40, { error: messages.paiementTelephoneInvalide })
  .regex(MOBILE_PHONE_PATTERN, { error: messages.paiementTelephoneInvalide })
  .transform((v, ctx) => {
    const phone = mobileMoneyPhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: messages.paiementTelephoneInvalide });
      return z.NEVER;
    }
    return phone;
  });

/** `POST campus/paiement`: the student pays its assignment's rent from a phone. */
export const mobilePaymentBody = z.object({
  idAffectation: required(id),
  montant: required(montantDemande),
  idOperateur: required(id),
  telephone: required(telephoneMobile),
});
export type MobilePaymentBody = z.input<typeof mobilePaymentBody>;

/** The answer of `POST campus/paiement`: the debit is asked, its outcome to follow. */
export const paymentStarted = z.object({
  referencePaiement: z.string(),
  statut: z.enum(STATUTS_PAIEMENT),
});
export type PaymentStarted = z.infer<typeof paymentStarted>;

export const paymentParams = z.object({
  referencePaiement: z
    .string()
    .max(60, { error: messages.valeurInvalide })
    .regex(/^[A-Z0-9-]+$/, { error: messages.valeurInvalide }),
});

/** `GET campus/paiement/{referencePaiement}`: where the payment stands. */
export const paymentStatus = z.object({
  referencePaiement: z.string(),
  idAffectation: z.number(),
  montant: z.number(),
  statut: z.enum(STATUTS_PAIEMENT),
  idOperateur: z.number(),
  libelleOperateur: z.string(),
  /** The debited number, E.164. */
  telephone: z.string().nullable(),
  /** ISO 8601, UTC. */
  dateCreation: z.string(),
  /** ISO 8601, UTC; null unless REUSSI. */
  dateReussite: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** `GET campus/paiement/operateurs`: the operators a student may pay through, and whether payments are simulated. */
export const mobileOperatorsAnswer = z.object({
  operateurs: z.array(z.object({ idOperateur: z.number(), libelleOperateur: z.string() })),
  /** True when no provider is configured: the simulator answers (demo numbers). */
  simulation: z.boolean(),
});
export type MobileOperatorsAnswer = z.infer<typeof mobileOperatorsAnswer>;

/** The answer of a webhook accepted (`POST /service/api/paiements/notification`). */
export const notificationAnswer = z.object({ recu: z.boolean() });
