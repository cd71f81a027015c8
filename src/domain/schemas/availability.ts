import { z } from 'zod';
import { COMPOSANTS } from '../availability';

/** The public availability (docs/availability.md#the-status-page). */
export const availabilityAnswer = z.object({
  lecture: z.iso.datetime({ offset: true }).describe('When the figures were read from the database.'),
  baseInjoignableDepuis: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('Since when this instance cannot reach its database; null while it can.'),
  enCours: z.array(z.object({ composant: z.enum(COMPOSANTS), debut: z.iso.datetime({ offset: true }) })),
  jours: z.array(
    z.object({
      date: z.iso.date(),
      disponibilite: z.number().min(0).max(100).nullable(),
    }),
  ),
  pannes: z.array(
    z.object({
      debut: z.iso.datetime({ offset: true }),
      fin: z.iso.datetime({ offset: true }),
      composant: z.enum(COMPOSANTS),
      echeancesDeplacees: z.number().int().min(0),
    }),
  ),
});
export type AvailabilityAnswerBody = z.infer<typeof availabilityAnswer>;

/** What an outage moved (docs/availability.md#the-deadlines-moved-staff): an offer's answer deadline or an instalment of rent. */
export const NATURES_REPORT = ['OFFRE', 'ECHEANCE'] as const;

/**
 * `GET campus/delai-reporte` (staff): one deadline moved by an outage, a row per move. The dates:
 * an offer's deadline is a moment (ISO), an instalment's due date a day (`YYYY-MM-DD`).
 */
export const delaiReporteRow = z.object({
  cle: z.number().describe('Key of the row: the event of an offer, or the move of an instalment.'),
  idDirection: z.number(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  natureReport: z.enum(NATURES_REPORT),
  /** The instalment's number; null for an offer. */
  numeroEcheance: z.number().int().nullable(),
  /** The offer's direction, or the instalment's cité. */
  lieu: z.string().nullable(),
  ancienneDate: z.string(),
  nouvelleDate: z.string(),
  composant: z.enum(COMPOSANTS),
  debutPanne: z.iso.datetime({ offset: true }),
  finPanne: z.iso.datetime({ offset: true }),
  deplaceLe: z.iso.datetime({ offset: true }),
});
export type DelaiReporteRow = z.infer<typeof delaiReporteRow>;
export const delaiReporteListAnswer = z.array(delaiReporteRow);
