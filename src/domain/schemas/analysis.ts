import { z } from 'zod';
import { STATUTS_DOSSIER, TYPES_DOSSIER, VALEURS_ANALYSE } from '../enums';
import { messages } from '../messages';
import { id, required } from './common';
import { scoreLine } from './score';

/** The commission's analysis of a dossier (docs/sessions-and-dossiers.md#analysis). */

/**
 * `PATCH campus/analyse-dossier`: the dossier as read; only `idDossier` and each entry's id and
 * value are used (never files). Each value is checked by the call itself, which names every entry
 * missing or wrong with 'Veuillez analyser tous les critères !'.
 */
export const analysisBody = z.object({
  idDossier: required(id),
  listeDossierCritere: z
    .array(
      z.object({
        idDossierCritere: required(id),
        valeurAnalyse: z.unknown().optional().meta({ description: 'VALIDE, INVALIDE ou INJUSTIFIE.' }),
      }),
      { error: messages.analyserTousCriteres },
    )
    .max(100, { error: messages.valeurInvalide })
    .optional(),
});
export type AnalysisBody = z.input<typeof analysisBody>;

const valeur = z.enum(VALEURS_ANALYSE).nullable();

/** The analysed dossier: its entries with their values, its average and how it was reached. */
export const analysisAnswer = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  idDirection: z.number(),
  idEtudiant: z.number(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  typeDossier: z.enum(TYPES_DOSSIER),
  statutDossier: z.enum(STATUTS_DOSSIER),
  moyenne: z.number().nullable(),
  dateDepot: z.string(),
  analysePar: z.number().nullable(),
  dateAnalyse: z.string().nullable(),
  listeDossierCritere: z.array(
    z.object({
      idDossierCritere: z.number(),
      idTypeCritere: z.number(),
      libelleTypeCritere: z.string(),
      idCritere: z.number(),
      libelleCritere: z.string(),
      nomFichier: z.string().nullable(),
      valeurAnalyse: valeur,
    }),
  ),
  detailMoyenne: z.object({
    lignes: z.array(scoreLine),
    total: z.number(),
    diviseur: z.number(),
  }),
});
export type AnalysisAnswer = z.infer<typeof analysisAnswer>;
