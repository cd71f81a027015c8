import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dossierHistoryAnswer,
  offerAnswerBody,
  offerCounts,
  offerCountsQuery,
  offerParams,
  offerRead,
  offerWithdrawBody,
} from '../../../domain/schemas/offers';
import { tableauDeBordUrl } from '../../config/urls';
import { requirePermission } from '../../plugins/auth';
import { admisCounts, answerOffer, dossierHistory, withdrawAdmission } from './service';

/** Offers after a publication (docs/offers.md): the answer, the withdrawal, the history, the counts. */
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
        params: offerParams,
        body: offerAnswerBody,
        response: { 200: offerRead },
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
        params: offerParams,
        body: offerWithdrawBody,
        response: { 200: offerRead },
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
          'L’historique du dossier : dépôt, analyse, résultat, offre, réponse et son canal, lit, loyers',
        params: offerParams,
        response: { 200: dossierHistoryAnswer },
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
        querystring: offerCountsQuery,
        response: { 200: offerCounts },
      },
    },
    async (request) => admisCounts(app.db, request.auth ?? null, request.query),
  );
}
