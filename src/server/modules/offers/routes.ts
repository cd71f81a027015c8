import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENEMENTS_DOSSIER, MOTIFS_RETRAIT, REPONSES_ETUDIANT } from '../../../domain/enums';
import { WITHDRAWAL_COMMENT_MAX_LENGTH } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { tableauDeBordUrl } from '../../config/urls';
import { requirePermission } from '../../plugins/auth';
import { admisCounts, answerOffer, dossierHistory, withdrawAdmission } from './service';

const id = z.coerce.number({ error: messages.valeurInvalide }).int().positive().max(2_147_483_647);

const offerSchema = z.object({
  idDossier: z.number(),
  referenceDossier: z.string(),
  idSessionCenou: z.number(),
  statutDossier: z.string(),
  admis: z.string().nullable(),
  listeDeliberation: z.string().nullable(),
  rang: z.number().nullable(),
  reponse: z.string().nullable(),
  dateLimiteReponse: z.string().nullable(),
});

const historySchema = z.array(
  z.object({
    evenement: z.enum(EVENEMENTS_DOSSIER),
    date: z.string(),
    auteur: z.string().nullable(),
    motif: z.string().nullable(),
    commentaire: z.string().nullable(),
  }),
);

const countsSchema = z.object({
  enAttente: z.number(),
  acceptes: z.number(),
  refuses: z.number(),
  expires: z.number(),
  retires: z.number(),
  promus: z.number(),
});

/** Offers after a publication (CONTRACT §6 bis): the answer, the withdrawal, the history, the counts. */
export async function offersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['offres'];
  const security = [{ bearer: [] }];

  r.post(
    '/dossier/:idDossier/reponse',
    {
      onRequest: requirePermission('offer.answer'),
      schema: {
        tags,
        security,
        summary: 'Accepter ou refuser son offre d’admission avant la date limite',
        params: z.object({ idDossier: id }),
        body: z.object({ reponse: z.enum(REPONSES_ETUDIANT, { error: messages.choixInvalide }) }),
        response: { 200: offerSchema },
      },
    },
    async (request) =>
      answerOffer(app.db, request.auth ?? null, request.params.idDossier, request.body.reponse, {
        dashboardUrl: tableauDeBordUrl(app.config),
      }),
  );

  r.post(
    '/dossier/:idDossier/retrait',
    {
      onRequest: requirePermission('offer.withdraw'),
      schema: {
        tags,
        security,
        summary: 'Retirer une admission (même acceptée) ; le lit est libéré, la place donnée au suivant',
        params: z.object({ idDossier: id }),
        body: z.object({
          motif: z.enum(MOTIFS_RETRAIT, { error: messages.choixInvalide }),
          commentaire: z
            .string()
            .max(WITHDRAWAL_COMMENT_MAX_LENGTH, { error: messages.valeurTropLongue })
            .nullish(),
        }),
        response: { 200: offerSchema },
      },
    },
    async (request) =>
      withdrawAdmission(app.db, request.auth ?? null, request.params.idDossier, request.body, {
        dashboardUrl: tableauDeBordUrl(app.config),
      }),
  );

  r.get(
    '/dossier/:idDossier/historique',
    {
      onRequest: requirePermission('dossier.read'),
      schema: {
        tags,
        security,
        summary:
          'L’historique du dossier : publication, offre, rappel, réponse, expiration, retrait, promotion',
        params: z.object({ idDossier: id }),
        response: { 200: historySchema },
      },
    },
    async (request) => dossierHistory(app.db, request.auth ?? null, request.params.idDossier),
  );

  r.get(
    '/etudiant-admis/compteurs',
    {
      onRequest: requirePermission('admissibles.read'),
      schema: {
        tags,
        security,
        summary: 'Les offres de la session par état, et les admis par promotion',
        querystring: z.object({ idSessionCenou: id, idDirection: id.optional() }),
        response: { 200: countsSchema },
      },
    },
    async (request) => admisCounts(app.db, request.auth ?? null, request.query),
  );
}
