import { z } from 'zod';
import { messages } from '../messages';
import { identitySchema } from '../registry';
import { emptyAsAbsent, idParam, optionalIdParam } from './common';

/** The student registry's calls (`campus/registre-etudiant…`, docs/api.md). */

/** A registry row as staff read it: the identity, the ville and direction, the account's data. */
export const registryRow = identitySchema.extend({
  idEtudiant: z.number(),
  idVille: z.number(),
  nomVille: z.string(),
  idDirection: z.number(),
  libelleDirection: z.string(),
  anneeAcademique: z.string().nullable(),
  /** The years the student was housed before the platform (the import's optional column; docs/agency-rules.md). */
  anneesHebergementAnterieures: z.number(),
  /**
   * The years of stay counted (docs/agency-rules.md, decision 141): the academic years housed
   * through the platform before its direction's newest session, plus `anneesHebergementAnterieures`;
   * what a candidacy of that session counts.
   */
  anneesHebergement: z.number(),
  /** Whether the student has registered (has a live account). */
  compte: z.boolean(),
  personnelBesoin: z.string().nullable(),
  contact: z.string().nullable(),
  engagementStatutReglement: z.boolean(),
  engagementPersonnelCaution: z.boolean(),
  declarationSurHonneur: z.boolean(),
  luApprouve: z.boolean(),
});
export type RegistryListRow = z.infer<typeof registryRow>;

/** The list's own parameters, beside `page`, `size`, `q`, `sort`, `filtre.*` and `format`. */
export const registryListParams = {
  idDirection: optionalIdParam,
  idVille: optionalIdParam,
  /** `true`: the students who registered; `false`: the others. */
  compte: emptyAsAbsent(z.enum(['true', 'false'], { error: messages.choixInvalide })),
};
export const registryListAnswer = z.array(registryRow);

export const registryIdParams = z.object({ id: idParam });

const requiredString = z
  .string({ error: messages.champObligatoire })
  .refine((v) => v.trim() !== '', { error: messages.champObligatoire });

/** `POST campus/registre-etudiant/import`: the CSV file in base64, with its name (`.csv`). */
export const registryImportBody = z.object({
  nomFichier: requiredString.max(255, { error: messages.valeurTropLongue }),
  fichier: requiredString,
});
export type RegistryImportBody = z.input<typeof registryImportBody>;

/** A file taken whole: the rows added and the rows updated. */
export const registryImportAnswer = z.object({
  importes: z.number().int(),
  misAJour: z.number().int(),
});
export type RegistryImportAnswer = z.infer<typeof registryImportAnswer>;
