import { z } from 'zod';
import { messages } from '../messages';
import { STATISTICS_YEAR_MAX, STATISTICS_YEAR_MIN } from '../statistics';
import { emptyAsAbsent, intParam, optionalIdParam, required } from './common';

/** The agency's statistics over years (`GET campus/statistiques`, docs/statistics.md). */

const year = intParam(
  z
    .number({ error: messages.valeurInvalide })
    .int({ error: messages.valeurInvalide })
    .min(STATISTICS_YEAR_MIN, { error: messages.statistiquesAnneeHorsBornes })
    .max(STATISTICS_YEAR_MAX, { error: messages.statistiquesAnneeHorsBornes }),
);

export const statisticsQuery = z.object({
  /** The first year of the first academic year (2026 for 2026-2027). */
  anneeDebut: required(year),
  /** The first year of the last academic year; `anneeDebut` when absent. */
  anneeFin: emptyAsAbsent(year),
  idDirection: optionalIdParam,
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

const directionYear = z.object({
  idDirection: z.number(),
  libelleDirection: z.string(),
  /** '2025-2026'. */
  anneeAcademique: z.string(),
  anneeDebut: z.number(),
  /** Dossiers deposited. */
  demandes: z.number(),
  /** Admitted by a publication or a loaded list, whatever their answer. */
  admis: z.number(),
  /** Those admitted whose admission ended (declined, expired or withdrawn). */
  renonciations: z.number(),
});
export type StatisticsDirection = z.infer<typeof directionYear>;

const citeYear = z.object({
  idCite: z.number(),
  nomCite: z.string(),
  idDirection: z.number(),
  anneeAcademique: z.string(),
  anneeDebut: z.number(),
  /** Live beds of the cité. */
  lits: z.number(),
  /** 12 percents, October first; null for a month not begun (or a cité without beds). */
  occupationParMois: z.array(z.number().nullable()).length(12),
  /** Median days from a freed bed to its next assignment, among the beds given again within the year. */
  delaiMedianReattributionJours: z.number().nullable(),
  /** Beds freed in the year and not given again (yet, or before the year's end): not in the median. */
  litsLiberesEnAttente: z.number(),
  /** Percent of the rent's instalments due by today that is unpaid (no damage charge); null when none was due. */
  partArrieres: z.number().nullable(),
  delaiMedianInterventionHeures: z.number().nullable(),
});
export type StatisticsCite = z.infer<typeof citeYear>;

export const statisticsAnswer = z.object({
  directions: z.array(directionYear),
  cites: z.array(citeYear),
  enCoursCalculeLe: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe(
      'When the figures of the sessions still open in the years asked were computed (stored for a few minutes, docs/statistics.md#speed); null when none is open.',
    ),
});
export type StatisticsAnswer = z.infer<typeof statisticsAnswer>;
