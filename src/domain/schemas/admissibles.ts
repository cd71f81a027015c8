import { z } from 'zod';
import { messages } from '../messages';
import { id, idParam, optionalIdParam, required } from './common';

/** The admissible lists and the admissible upload (docs/api.md). */

/**
 * The parameters of `GET campus/etudiant-admis` and `GET campus/export-deliberation` beside the
 * paging ones (`listQuerySchema`): the session (required) and the direction.
 */
export const admisListParams = {
  idSessionCenou: required(idParam),
  idDirection: optionalIdParam,
};

/**
 * One admitted student: an ADMIS dossier of the published deliberation, or a student of the
 * admissible upload (`origine`), whose INE no dossier of the list holds.
 */
const admisRow = z.object({
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  sexeEtudiant: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  dateNaissance: z.string().nullable(),
  lieuNaissance: z.string().nullable(),
  anneeBac: z.number().nullable(),
  moyenne: z.number().nullable(),
  nomVille: z.string().nullable(),
  telEtudiant: z.string().nullable(),
  listeDeliberation: z.string().nullable(),
  rang: z.number().nullable(),
  reponse: z.string().nullable(),
  /** ISO 8601, UTC. */
  dateLimiteReponse: z.string().nullable(),
  origine: z.enum(['DELIBERATION', 'CHARGEMENT']),
  /** The dossier of a row of the deliberation; none for an uploaded student. */
  idDossier: z.number().nullable(),
});
export type AdmisRow = z.infer<typeof admisRow>;
export const admisListAnswer = z.array(admisRow);

const requiredString = z
  .string({ error: messages.champObligatoire })
  .refine((v) => v.trim() !== '', { error: messages.champObligatoire });

/** `POST campus/chargement-admissibles`: a CSV in base64, loaded whole or not at all. */
export const admissibleUploadBody = z.object({
  nomFichier: requiredString.pipe(z.string().max(255, { error: messages.valeurTropLongue })),
  fichier: requiredString.meta({ description: 'Le fichier CSV en base64.' }),
  idSession: id,
});
export type AdmissibleUploadBody = z.input<typeof admissibleUploadBody>;
export const admissibleUploadAnswer = z.object({
  importes: z.number(),
  /** Of them, students the deliberation already admitted (listed once). */
  dejaAdmis: z.number(),
});
export type AdmissibleUploadAnswer = z.infer<typeof admissibleUploadAnswer>;
