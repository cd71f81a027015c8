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
