import { z } from 'zod';
import { SEXES } from '../enums';
import { messages } from '../messages';
import { id, idParam, optionalIdParam, required } from './common';

/**
 * The assignment calls (docs/api.md): assign, the assignments and the students without a bed, the
 * free beds, the student's own assignment, move, cancel, the certificate and its public check.
 */

/** One assignment as every call answers it. */
export const affectationRow = z.object({
  idAffectation: z.number(),
  idSessionCenou: z.number(),
  idDossier: z.number(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  sexeEtudiant: z.enum(SEXES),
  idCite: z.number(),
  nomCite: z.string(),
  idBatiment: z.number(),
  libelleBatiment: z.string(),
  idNiveau: z.number(),
  libelleNiveau: z.string(),
  idCouloir: z.number(),
  libelleCouloir: z.string(),
  idChambre: z.number(),
  libelleChambre: z.string(),
  idLit: z.number(),
  libelleLit: z.string(),
  montantChambre: z.number(),
  codeVerification: z.string(),
  /** ISO 8601, UTC. */
  dateAffectation: z.string(),
});
export type AffectationRow = z.infer<typeof affectationRow>;

/** `POST campus/affectation`: the listed students (all or none), or the waiting ones by rank until the cité is full. */
export const assignBody = z.object({
  idSessionCenou: required(id),
  idCite: required(id),
  etudiants: z
    .array(z.string().trim().min(1).max(40))
    .min(1)
    .max(20_000)
    .optional()
    .meta({ description: 'Les INE à loger ; sans : les admis sans lit, par rang.' }),
});
export type AssignBody = z.input<typeof assignBody>;
export const assignAnswer = z.object({
  affectes: z.array(affectationRow),
  /** Students left without a bed. */
  nonAffectes: z.number(),
});
export type AssignAnswer = z.infer<typeof assignAnswer>;

/** `GET campus/affectation` beside the paging ones (`listQuerySchema`): the session (required), the cité. */
export const affectationListParams = {
  idSessionCenou: required(idParam),
  idCite: optionalIdParam,
};
export const affectationListAnswer = z.array(affectationRow);

/** `GET campus/affectation/sans-lit` beside the paging ones: the session (required). */
export const sansLitListParams = { idSessionCenou: required(idParam) };

/** A student who accepted its place and has no bed yet. */
export const sansLitRow = z.object({
  idDossier: z.number(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  sexeEtudiant: z.enum(SEXES),
  listeDeliberation: z.string().nullable(),
  rang: z.number().nullable(),
  moyenne: z.number().nullable(),
});
export type SansLitRow = z.infer<typeof sansLitRow>;
export const sansLitListAnswer = z.array(sansLitRow);

/** `GET campus/affectation/disponibilites`: the free beds of a cité for a session, by sex. */
export const availabilityQuery = z.object({ idSessionCenou: idParam, idCite: idParam });
export type AvailabilityQuery = z.output<typeof availabilityQuery>;
const counts = { M: z.number(), F: z.number(), total: z.number() };
export const availabilityAnswer = z.object({
  ...counts,
  parBatiment: z.array(
    z.object({ idBatiment: z.number(), libelleBatiment: z.string(), sexe: z.string(), ...counts }),
  ),
});
export type Availability = z.infer<typeof availabilityAnswer>;

/** `GET campus/affectation/etudiant`: the signed-in student's assignments, the latest session first. */
export const monAffectation = affectationRow.extend({
  libelleDirection: z.string().nullable(),
  nomVille: z.string().nullable(),
  anneeAcademique: z.string(),
});
export type MonAffectation = z.infer<typeof monAffectation>;
export const mesAffectationsAnswer = z.array(monAffectation);

/** One assignment: `GET`, `PUT` (move), `PATCH` (cancel) `campus/affectation/{id}`, and its certificate. */
export const affectationParams = z.object({ id: idParam });

/** `PUT campus/affectation/{id}`: the bed it moves to. */
export const moveBody = z.object({ idLit: required(id) });
export type MoveBody = z.input<typeof moveBody>;

/** At most this many characters in a cancellation's reason. */
export const MOTIF_MAX_LENGTH = 500;

/** `PATCH campus/affectation/{id}`: an empty body, or the reason (blank: none; too long: refused, never cut). */
export const cancelBody = z
  .object({
    motif: z
      .string({ error: messages.valeurInvalide })
      .trim()
      .max(MOTIF_MAX_LENGTH, { error: messages.valeurTropLongue })
      .nullish(),
  })
  .nullish();
export type CancelBody = z.input<typeof cancelBody>;

/** `GET campus-auth/attestation/{code}` (public): whether a certificate is valid, and whose. */
export const attestationParams = z.object({ code: z.string().max(64, { error: messages.valeurTropLongue }) });
export const attestationCheck = z.object({
  valide: z.boolean(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  nomCite: z.string(),
  anneeAcademique: z.string(),
  /** `YYYY-MM-DD`: the cancellation, or the withdrawal of the admission; null while valid. */
  dateAnnulation: z.string().nullable(),
  /** The academic year is over (its session closed): genuine, but for a past year. */
  anneeTerminee: z.boolean(),
});
export type AttestationCheck = z.infer<typeof attestationCheck>;
