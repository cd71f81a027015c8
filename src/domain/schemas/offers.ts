import { z } from 'zod';
import { CANAUX_REPONSE, EVENEMENTS_DOSSIER, MOTIFS_RETRAIT, REPONSES_ETUDIANT } from '../enums';
import { WITHDRAWAL_COMMENT_MAX_LENGTH } from '../limits';
import { messages } from '../messages';
import { idParam } from './common';

/**
 * The offers after a publication (docs/api.md): the student's answer, the withdrawal, a dossier's
 * history, the counts of a session's offers.
 */

/** The dossier of an offer call (`campus/dossier/{idDossier}/…`). */
export const offerParams = z.object({ idDossier: idParam });

/** `POST campus/dossier/{idDossier}/reponse`: the student accepts or refuses before the deadline. */
export const offerAnswerBody = z.object({
  reponse: z.enum(REPONSES_ETUDIANT, { error: messages.choixInvalide }),
});

/** `POST campus/dossier/{idDossier}/retrait`: an admission withdrawn (AUTRE needs a comment). */
export const offerWithdrawBody = z.object({
  motif: z.enum(MOTIFS_RETRAIT, { error: messages.choixInvalide }),
  commentaire: z.string().max(WITHDRAWAL_COMMENT_MAX_LENGTH, { error: messages.valeurTropLongue }).nullish(),
});

/** The dossier's offer after an answer or a withdrawal. */
export const offerRead = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  statutDossier: z.string(),
  admis: z.string().nullable(),
  listeDeliberation: z.string().nullable(),
  rang: z.number().nullable(),
  reponse: z.string().nullable(),
  dateLimiteReponse: z.string().nullable(),
});

/**
 * `GET campus/dossier/{idDossier}/historique`: every step of the dossier, oldest first (deposit,
 * edit, analysis, publication, offer, reminder, answer, expiry, withdrawal, promotion, bed, rent),
 * each described in French for its reader (docs/sessions-and-dossiers.md#the-dossiers-history).
 */
export const dossierHistoryAnswer = z.array(
  z.object({
    evenement: z.enum(EVENEMENTS_DOSSIER),
    date: z.string(),
    /** What happened, in French (« Dossier déposé »). */
    libelle: z.string(),
    /** Who did it, as the reader may know it (« Vous, par SMS », a staff member's name, « Automatique »). */
    acteur: z.string(),
    /** The details in plain French, one line each. */
    details: z.array(z.string()),
    /** The author's name then (null: the system); a student reads only its own, never a staff member's. */
    auteur: z.string().nullable(),
    motif: z.string().nullable(),
    commentaire: z.string().nullable(),
    /** A student's answer: on the site (WEB) or by SMS; null for the other events. */
    canal: z.enum(CANAUX_REPONSE).nullable(),
  }),
);
export type DossierEvent = z.infer<typeof dossierHistoryAnswer>[number];

/**
 * `GET campus/etudiant-admis/compteurs`: the admissible list's rows (`listes`, the list's total) by
 * answer, the uploaded students among them (`charges`, counted as accepted), then the offers that
 * ended (no longer listed) and the admitted by promotion.
 */
export const offerCountsQuery = z.object({ idSessionCenou: idParam, idDirection: idParam.optional() });
export const offerCounts = z.object({
  listes: z.number(),
  enAttente: z.number(),
  acceptes: z.number(),
  charges: z.number(),
  refuses: z.number(),
  expires: z.number(),
  retires: z.number(),
  promus: z.number(),
});
export type OfferCounts = z.infer<typeof offerCounts>;
