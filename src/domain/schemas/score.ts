import { z } from 'zod';
import { VALEURS_ANALYSE } from '../enums';

/** One line of a score breakdown (`src/domain/score.ts`, docs/score.md), as the analysis and the result show it. */
export const scoreLine = z.object({
  idTypeCritere: z.number(),
  libelleTypeCritere: z.string(),
  idCritere: z.number(),
  libelleCritere: z.string(),
  coefficient: z.number(),
  note: z.number(),
  valeurAnalyse: z.enum(VALEURS_ANALYSE).nullable(),
  compte: z.boolean(),
  produit: z.number(),
});
