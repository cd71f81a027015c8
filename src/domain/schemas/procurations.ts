import { z } from 'zod';
import { messages } from '../messages';
import {
  CODE_PROCURATION_LONGUEUR,
  ETATS_PROCURATION,
  PROCURATION_DUREE_MAX_HEURES,
  TACHES_PROCURATION,
} from '../procurations';
import { depositJsonBody } from './dossier';
import { idParam, requiredText } from './common';

/** One-task procurations (docs/procurations.md): give one, list them, revoke one; a helper's sign-in. */

/** `POST campus/procuration`: the task and how many hours it lasts. */
export const procurationBody = z.object({
  tache: z.enum(TACHES_PROCURATION, { error: messages.choixInvalide }),
  dureeHeures: z
    .number({ error: messages.champObligatoire })
    .int({ error: messages.erreurValidation })
    .min(1, { error: messages.erreurValidation })
    .max(PROCURATION_DUREE_MAX_HEURES, { error: messages.erreurValidation }),
});
export type ProcurationBody = z.input<typeof procurationBody>;

/** Its answer: the code, shown this once (never again: only its HMAC is kept). */
export const procurationCreated = z.object({
  idProcuration: z.number(),
  code: z.string(),
  expireA: z.string(),
});
export type ProcurationCreated = z.infer<typeof procurationCreated>;

/** A row of `GET campus/procuration`: its state, and when and from where a helper used it. */
export const procurationRow = z.object({
  idProcuration: z.number(),
  tache: z.enum(TACHES_PROCURATION),
  etat: z.enum(ETATS_PROCURATION),
  creeeA: z.string(),
  expireA: z.string(),
  utiliseeA: z.string().nullable(),
  adresseUtilisation: z.string().nullable(),
  revoqueeA: z.string().nullable(),
});
export type ProcurationRow = z.infer<typeof procurationRow>;
export const procurationListAnswer = z.array(procurationRow);

export const procurationParams = z.object({ id: idParam });

/** `POST campus-auth/procuration`: the student's INE and the code it passed on. */
export const helperSigninBody = z.object({
  ine: requiredText(20),
  code: z
    .string({ error: messages.champObligatoire })
    .min(1, { error: messages.champObligatoire })
    .max(CODE_PROCURATION_LONGUEUR + 4, { error: messages.valeurTropLongue }),
});
export type HelperSigninBody = z.input<typeof helperSigninBody>;

/** The helper's token (one hour at most, never past the procuration), its task, whom it helps. */
export const helperSigninAnswer = z.object({
  accessToken: z.string(),
  tache: z.enum(TACHES_PROCURATION),
  expireA: z.string(),
  nom: z.string(),
  prenom: z.string(),
});
export type HelperSigninAnswer = z.infer<typeof helperSigninAnswer>;

/** `PUT campus/dossier/brouillon`: the body of a deposit, its proofs sent by resumable upload. */
export const draftBody = depositJsonBody;
export type DraftBody = z.input<typeof draftBody>;

/** `GET campus/dossier/brouillon` and the answer of its save. */
export const draftAnswer = z.object({
  brouillon: draftBody,
  modifieA: z.string(),
  /** The procuration of the helper who saved it last; null: the student itself. */
  idProcuration: z.number().nullable(),
  adresse: z.string().nullable(),
});
export type DraftAnswer = z.infer<typeof draftAnswer>;
