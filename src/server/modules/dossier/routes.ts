import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  depositFormSchema,
  dossierDetailSchema,
  dossierSummarySchema,
  jsonDepositLimit,
} from '../../../domain/dossier';
import { tableauDeBordUrl } from '../../config/urls';
import { AppError } from '../../errors';
import { requirePermission } from '../../plugins/auth';
import {
  deleteDossier,
  depositForm,
  proofDocument,
  readDossier,
  saveDossier,
  studentDossiers,
} from './service';
import { Staging } from './staging';

/** The most proofs a JSON deposit may carry within its body limit (one per criterion type). */
export const JSON_DEPOSIT_MAX_PROOFS = 12;
/** The route's body limit: `jsonDepositLimit` for JSON_DEPOSIT_MAX_PROOFS proofs. */
export const DEPOSIT_BODY_LIMIT = jsonDepositLimit(JSON_DEPOSIT_MAX_PROOFS);

const id = z.coerce.number().int().positive();

/** `Content-Disposition` of a proof: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function inlineDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ -]/g, '_')
      .trim() || 'justificatif.pdf';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The dossier calls (CONTRACT §5; workflow specification §7), under `campus`. `dossier/depot`
 * answers the deposit form without `idDossier` and one dossier with it (one route: with and
 * without the trailing slash is the same path).
 */
export async function dossierRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dossier'];

  r.get(
    '/dossier/depot',
    {
      onRequest: requirePermission('dossier.read'),
      schema: {
        tags,
        summary:
          'Sans idDossier : le formulaire de dépôt de l’étudiant connecté ; avec idDossier : un dossier et ses critères',
        querystring: z.object({ ineEtudiant: z.string().max(40).optional(), idDossier: id.optional() }),
        response: { 200: z.union([dossierDetailSchema, depositFormSchema]) },
      },
    },
    async (request) => {
      const { ineEtudiant, idDossier } = request.query;
      if (idDossier !== undefined) return readDossier(app.db, request.auth!, { idDossier, ineEtudiant });
      return depositForm(app.db, request.auth!, { ineEtudiant });
    },
  );

  r.put(
    '/dossier',
    {
      onRequest: requirePermission('dossier.deposit'),
      bodyLimit: DEPOSIT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Déposer (201) ou, avec idDossier, modifier (200) son dossier : JSON avec fichiers en base64, ou multipart/form-data (champ « dossier » et une partie « fichier-{idTypeCritere} » par justificatif)',
        response: { 200: dossierDetailSchema, 201: dossierDetailSchema },
      },
    },
    async (request, reply) => {
      const staging = new Staging(app.storage);
      let body;
      if (request.isMultipart()) {
        body = await staging.fromMultipart(request.parts());
      } else {
        body = await staging.fromJson(request.body);
        // A body heavier than the proofs it carries justify is refused.
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > jsonDepositLimit(staging.proofs.size)) {
          await staging.discard();
          throw new AppError('FICHIER_TROP_GRAND');
        }
      }
      const result = await saveDossier(app.db, request.auth!, {
        body,
        staging,
        dashboardUrl: tableauDeBordUrl(app.config),
      });
      return reply.status(result.created ? 201 : 200).send(result.dossier);
    },
  );

  r.get(
    '/dossier/etudiant/:ine',
    {
      onRequest: requirePermission('dossier.read'),
      schema: {
        tags,
        summary: "Les dossiers d'un étudiant (l'étudiant : les siens)",
        params: z.object({ ine: z.string().max(40) }),
        response: { 200: z.array(dossierSummarySchema) },
      },
    },
    async (request) => studentDossiers(app.db, request.auth!, { ine: request.params.ine }),
  );

  r.patch(
    '/dossier/:id',
    {
      onRequest: requirePermission('dossier.deposit'),
      schema: {
        tags,
        summary: "Supprimer son dossier (session ouverte en phase d'inscription)",
        params: z.object({ id }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) =>
      deleteDossier(app.db, request.auth!, { idDossier: request.params.id, storage: app.storage }),
  );

  r.get(
    '/dossier/:idDossier/:idDossierCritere',
    {
      onRequest: requirePermission('dossier.read'),
      config: { produces: ['application/pdf'] },
      schema: {
        tags,
        summary: "Le justificatif (PDF) d'un critère d'un dossier",
        params: z.object({ idDossier: id, idDossierCritere: id }),
      },
    },
    async (request, reply) => {
      const proof = await proofDocument(app.db, request.auth!, {
        idDossier: request.params.idDossier,
        idDossierCritere: request.params.idDossierCritere,
        storage: app.storage,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(proof.size))
        .header('Content-Disposition', inlineDisposition(proof.nomFichier))
        .header('Cache-Control', 'private, no-store')
        .send(proof.stream);
    },
  );
}
