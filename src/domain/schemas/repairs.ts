import { z } from 'zod';
import { messages } from '../messages';
import {
  CATEGORIES_INTERVENTION,
  LIEUX_INTERVENTION,
  PHOTOS_PAR_INTERVENTION,
  PRIORITES_INTERVENTION,
  STATUTS_INTERVENTION,
} from '../repairs';
import { id, idParam, isoTimestamp, requiredText } from './common';

/** Repairs in the cités (docs/life-in-the-cite.md#repairs): a request, its moves, its history, the lists. */

const photoId = z.string().regex(/^[0-9a-f]{32}$/, { error: messages.photoIntrouvable });

/** `POST campus/intervention`: a room (`idChambre`), or a cité and one of its common places. */
export const interventionBody = z.object({
  idChambre: id.optional(),
  idCite: id.optional(),
  lieu: z.enum(LIEUX_INTERVENTION, { error: messages.valeurInvalide }).optional(),
  categorie: z.enum(CATEGORIES_INTERVENTION, { error: messages.champObligatoire }),
  priorite: z.enum(PRIORITES_INTERVENTION, { error: messages.champObligatoire }),
  description: requiredText(1000),
  photos: z
    .array(photoId)
    .max(PHOTOS_PAR_INTERVENTION, { error: messages.interventionPhotosTrop })
    .optional(),
});
export type InterventionBody = z.input<typeof interventionBody>;

export const interventionCreee = z.object({
  idIntervention: z.number(),
  statut: z.literal('NOUVELLE'),
  echeance: isoTimestamp,
  message: z.string(),
});

export const interventionParams = z.object({ id: idParam });
export const interventionPhotoParams = z.object({ idPhoto: idParam });

/** `PATCH campus/intervention/{id}`: the next state, with a comment. */
export const interventionMoveBody = z.object({
  statut: z.enum(STATUTS_INTERVENTION, { error: messages.valeurInvalide }),
  commentaire: z.string().max(1000, { error: messages.valeurTropLongue }).trim().nullish(),
});
export type InterventionMoveBody = z.input<typeof interventionMoveBody>;

/** `GET campus/intervention/{id}/historique`: each state, by whom, when, with what comment. */
export const interventionHistorique = z.array(
  z.object({
    statut: z.enum(STATUTS_INTERVENTION),
    /** Who made the move; null: the request closed by itself. */
    auteur: z.string().nullable(),
    date: isoTimestamp,
    commentaire: z.string().nullable(),
  }),
);

/** A row of `GET campus/intervention` (and the page of one request). */
export const interventionRow = z.object({
  idIntervention: z.number(),
  idCite: z.number(),
  nomCite: z.string(),
  idChambre: z.number().nullable(),
  libelleChambre: z.string().nullable(),
  lieu: z.enum(LIEUX_INTERVENTION).nullable(),
  categorie: z.enum(CATEGORIES_INTERVENTION),
  priorite: z.enum(PRIORITES_INTERVENTION),
  statut: z.enum(STATUTS_INTERVENTION),
  description: z.string(),
  auteur: z.string(),
  dateSignalement: isoTimestamp,
  echeance: isoTimestamp,
  enRetard: z.boolean(),
  resolueLe: isoTimestamp.nullable(),
});
export type InterventionRow = z.infer<typeof interventionRow>;
export const interventionListAnswer = z.array(interventionRow);

/** `GET campus/intervention/{id}`: the row, the photos' ids, the moves the caller may make. */
export const interventionRead = interventionRow.extend({
  photos: z.array(z.number()),
  actions: z.array(z.enum(STATUTS_INTERVENTION)),
  /** Until when the resident may confirm or reopen it (a resolved request). */
  clotureLe: isoTimestamp.nullable(),
  /** Whether a resident reported it, and so confirms or reopens it once resolved (not a request an agent made). */
  parResidant: z.boolean(),
});
export type InterventionRead = z.infer<typeof interventionRead>;

/**
 * `GET campus/intervention/par-cite`: per cité, its beds, those occupied today and their share (a
 * percent, one decimal, null without beds), the open and late requests, the median time to resolve.
 */
export const interventionCiteRow = z.object({
  idCite: z.number(),
  nomCite: z.string(),
  lits: z.number(),
  litsOccupes: z.number(),
  tauxOccupation: z.number().nullable(),
  ouvertes: z.number(),
  enRetard: z.number(),
  delaiMedianHeures: z.number().nullable(),
});
export type InterventionCiteRow = z.infer<typeof interventionCiteRow>;
export const interventionCitesAnswer = z.array(interventionCiteRow);

/** `GET campus/intervention/lieux`: where the caller may report (its room, its cités). */
export const interventionLieux = z.object({
  chambres: z.array(z.object({ idChambre: z.number(), libelleChambre: z.string(), nomCite: z.string() })),
  cites: z.array(z.object({ idCite: z.number(), nomCite: z.string() })),
});
export type InterventionLieux = z.infer<typeof interventionLieux>;
