import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonDepositLimit } from '../../../domain/dossier';
import { messageBody } from '../../../domain/schemas/common';
import {
  depositAnswer,
  depositJsonBody,
  depositMultipartBody,
  depositSituationAnswer,
  depotAnswer,
  depotQuery,
  dossierDeleteParams,
  proofParams,
  studentDossiersAnswer,
  studentDossiersParams,
} from '../../../domain/schemas/dossier';
import { tableauDeBordUrl } from '../../config/urls';
import { AppError } from '../../errors';
import { requirePermission } from '../../plugins/auth';
import { assertNotHelper } from '../../access/access';
import {
  deleteDossier,
  depositForm,
  proofDocument,
  readDossier,
  refuseSecondDossier,
  saveDossier,
  studentDepositSituation,
  studentDossiers,
} from './service';
import { Staging } from './staging';
import { FILE_TYPES } from '../../exports/file-types';

/** The most proofs a JSON deposit may carry within its body limit (one per criterion type). */
const JSON_DEPOSIT_MAX_PROOFS = 12;
/** The route's body limit: `jsonDepositLimit` for JSON_DEPOSIT_MAX_PROOFS proofs. */
const DEPOSIT_BODY_LIMIT = jsonDepositLimit(JSON_DEPOSIT_MAX_PROOFS);

const MULTIPART = 'multipart/form-data';

/**
 * The deposit's body is declared for both its forms (the OpenAPI description shows each), but only
 * the JSON one is checked before the handler: a multipart body is read part by part by the handler
 * (staging.ts), which checks its `dossier` part against the same schema.
 */
const depositValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' && route.contentType === MULTIPART
    ? () => true
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** `Content-Disposition` of a proof: an ASCII fallback and the UTF-8 name (RFC 6266). */
function inlineDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ -]/g, '_')
      .trim() || 'justificatif.pdf';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The dossier calls (docs/sessions-and-dossiers.md), under `campus`. `dossier/depot`
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
        querystring: depotQuery,
        response: { 200: depotAnswer },
      },
    },
    async (request) => {
      const { ineEtudiant, idDossier } = request.query;
      // A helper reads the deposit form only, never a dossier (docs/procurations.md).
      if (idDossier !== undefined) assertNotHelper(request.auth);
      if (idDossier !== undefined) return readDossier(app.db, request.auth!, { idDossier, ineEtudiant });
      return depositForm(app.db, request.auth!, { ineEtudiant });
    },
  );

  r.get(
    '/dossier/situation',
    {
      onRequest: requirePermission('dossier.deposit'),
      schema: {
        tags,
        summary:
          'La situation de dépôt de l’étudiant connecté : dépôt possible (sinon pourquoi), réadmission à proposer, année universitaire',
        response: { 200: depositSituationAnswer },
      },
    },
    async (request) => studentDepositSituation(app.db, request.auth!),
  );

  r.put(
    '/dossier',
    {
      onRequest: requirePermission('dossier.deposit'),
      bodyLimit: DEPOSIT_BODY_LIMIT,
      validatorCompiler: depositValidator,
      schema: {
        tags,
        summary:
          'Déposer (201) ou, avec idDossier, modifier (200) son dossier : JSON avec fichiers en base64, ou multipart/form-data (champ « dossier » et une partie « fichier-{idTypeCritere} » par justificatif)',
        body: {
          content: {
            'application/json': { schema: depositJsonBody },
            [MULTIPART]: { schema: depositMultipartBody },
          },
        },
        response: { 200: depositAnswer, 201: depositAnswer },
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
      // A second dossier is refused before anything is copied (a deposit sent again after its
      // answer was lost); then entries may name finished resumable uploads (docs/decisions/019).
      let student;
      try {
        student = await refuseSecondDossier(app.db, request.auth!, body);
      } catch (err) {
        await staging.discard();
        throw err;
      }
      await staging.fromUploads(body, app.db, request.auth!);
      // The student the check read is the deposit's (it is not read again in its transaction).
      const result = await saveDossier(app.db, request.auth!, {
        body,
        staging,
        dashboardUrl: tableauDeBordUrl(app.config),
        student,
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
        params: studentDossiersParams,
        response: { 200: studentDossiersAnswer },
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
        params: dossierDeleteParams,
        response: { 200: messageBody },
      },
    },
    async (request) =>
      deleteDossier(app.db, request.auth!, { idDossier: request.params.id, storage: app.storage }),
  );

  r.get(
    '/dossier/:idDossier/:idDossierCritere',
    {
      onRequest: requirePermission('dossier.read'),
      config: { produces: [FILE_TYPES.pdf] },
      schema: {
        tags,
        summary: "Le justificatif (PDF) d'un critère d'un dossier",
        params: proofParams,
      },
    },
    async (request, reply) => {
      const proof = await proofDocument(app.db, request.auth!, {
        idDossier: request.params.idDossier,
        idDossierCritere: request.params.idDossierCritere,
        storage: app.storage,
      });
      return reply
        .header('Content-Type', FILE_TYPES.pdf)
        .header('Content-Length', String(proof.size))
        .header('Content-Disposition', inlineDisposition(proof.nomFichier))
        .header('Cache-Control', 'private, no-store')
        .send(proof.stream);
    },
  );
}
