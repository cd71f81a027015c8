import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUTS_DOSSIER, VALEURS_ANALYSE } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { requirePermission } from '../../plugins/auth';
import { analyseDossier } from './service';

const id = z
  .number({ error: messages.champObligatoire })
  .int({ error: messages.valeurInvalide })
  .positive({ error: messages.valeurInvalide })
  .max(2_147_483_647, { error: messages.valeurInvalide });

/** The dossier as read; only `idDossier` and each entry's id and value are used (never files). */
const body = z.object({
  idDossier: id,
  listeDossierCritere: z
    .array(z.object({ idDossierCritere: id, valeurAnalyse: z.unknown().optional() }), {
      error: messages.analyserTousCriteres,
    })
    .max(100, { error: messages.valeurInvalide })
    .optional(),
});

const valeur = z.enum(VALEURS_ANALYSE).nullable();
const answer = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  idDirection: z.number(),
  idEtudiant: z.number(),
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  typeDossier: z.string(),
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
    lignes: z.array(
      z.object({
        idTypeCritere: z.number(),
        libelleTypeCritere: z.string(),
        idCritere: z.number(),
        libelleCritere: z.string(),
        coefficient: z.number(),
        note: z.number(),
        valeurAnalyse: valeur,
        compte: z.boolean(),
        produit: z.number(),
      }),
    ),
    total: z.number(),
    diviseur: z.number(),
  }),
});

/** The commission's analysis of a dossier (CONTRACT §6, workflow specification §2 /analyse). */
export async function analysisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/analyse-dossier',
    {
      onRequest: requirePermission('dossier.analyse'),
      schema: {
        tags: ['analyse-dossier'],
        security: [{ bearer: [] }],
        summary:
          'Analyser un dossier : une valeur (VALIDE, INVALIDE, INJUSTIFIE) par critère ; calcule la moyenne',
        body,
        response: { 200: answer },
      },
    },
    async (request) => analyseDossier(app.db, request.auth ?? null, request.body),
  );
}
