import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages, fill } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import { messageBody } from '../../../domain/schemas/common';
import {
  affectationListAnswer,
  affectationListParams,
  affectationParams,
  affectationRow,
  assignAnswer,
  assignBody,
  attestationCheck,
  attestationParams,
  availabilityAnswer,
  availabilityQuery,
  cancelBody,
  mesAffectationsAnswer,
  moveBody,
  sansLitListAnswer,
  sansLitListParams,
  type AffectationRow as AffectationAnswerRow,
  type SansLitRow,
} from '../../../domain/schemas/assignment';
import { attestationUrl, tableauDeBordUrl } from '../../config/urls';
import { ignoreEmptyBody } from '../../crud/routes';
import type { ExportColumn } from '../../exports/writers';
import { parseListQuery, queryId, requiredQueryId, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { certificatePdf } from './certificate';
import {
  affectationListConditions,
  affectationSource,
  sansLitConditions,
  sansLitSource,
  type AffectationRow,
} from './repository';
import {
  assign,
  availability,
  cancel,
  certificateFacts,
  mine,
  move,
  publicCheck,
  readOne,
  sessionInScope,
} from './service';
import { anneeLibelle } from '../../../domain/workflow';
import { FILE_TYPES } from '../../exports/file-types';

/**
 * The list's files, the CSV, the XLSX and the printed PDF alike (docs/api.md#exports): every column
 * but the ids, French headers; who sleeps where, with the certificate's code. The PDF is made from
 * these (`pdfColumnsOf`), so that no file of the list carries other columns.
 */
const EXPORT_COLUMNS: ExportColumn<AffectationRow>[] = (
  [
    ['ine', 'text'],
    ['nomEtudiant', 'text'],
    ['prenomEtudiant', 'text'],
    ['sexeEtudiant', 'enum'],
    ['nomCite', 'text'],
    ['libelleBatiment', 'text'],
    ['libelleNiveau', 'text'],
    ['libelleCouloir', 'text'],
    ['libelleChambre', 'text'],
    ['libelleLit', 'text'],
    ['montantChambre', 'integer'],
    ['codeVerification', 'text'],
  ] satisfies [keyof AffectationRow, ExportColumn['type']][]
).map(([key, type]) => ({
  key,
  type,
  // The bed's monthly rent, written `35 000` in each file.
  ...(key === 'montantChambre' ? { amount: true } : {}),
  label:
    key === 'codeVerification'
      ? messages.colonneCodeVerification
      : key === 'libelleNiveau'
        ? messages.colonneNiveauLogement
        : key === 'libelleCouloir'
          ? messages.colonneCouloir
          : fieldLabel(key),
}));

/**
 * The assignment calls (docs/assignment.md), under `campus`. Staff calls need `assignment.manage`; the
 * student reads its own assignment and certificate through `assignment` (scope `own`).
 */
export async function assignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['affectation'];
  const security = [{ bearer: [] }];

  r.post(
    '/affectation',
    {
      onRequest: requirePermission('assignment.manage'),
      schema: {
        tags,
        security,
        summary:
          'Affecter des lits : la liste etudiants (INE) en entier ou rien ; sans liste, les admis sans lit par rang jusqu’à remplir la cité',
        body: assignBody,
        response: { 200: assignAnswer },
      },
    },
    async (request) =>
      assign(app.db, request.auth ?? null, { ...request.body, dashboardUrl: tableauDeBordUrl(app.config) }),
  );

  r.get(
    '/affectation',
    {
      onRequest: requirePermission('assignment.manage'),
      schema: {
        tags,
        security,
        summary:
          'Affectations d’une session (idSessionCenou obligatoire, idCite ; paginé ; format=csv|xlsx|pdf)',
        querystring: listQuerySchema(affectationSource, {
          formats: ['csv', 'xlsx', 'pdf'],
          extra: affectationListParams,
        }),
        response: { 200: affectationListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const idSessionCenou = requiredQueryId(query, 'idSessionCenou');
      const idCite = queryId(query, 'idCite');
      const lq = parseListQuery(query, affectationSource);
      const session = await sessionInScope(app.db, request.auth ?? null, 'assignment.manage', idSessionCenou);
      // The page's rows, or the file already sent by the reply.
      return sendList(reply, app.db, affectationSource, {
        query,
        lq,
        extra: affectationListConditions(request.auth, 'assignment.manage', idSessionCenou, idCite),
        export: {
          prefix: 'affectations',
          sheet: messages.affectationsTitre,
          columns: EXPORT_COLUMNS,
          pdf: {
            title: fill(messages.affectationsPdfTitre, {
              annee: anneeLibelle(session.anneeDebut),
            }),
          },
        },
      }) as Promise<AffectationAnswerRow[]>;
    },
  );

  r.get(
    '/affectation/disponibilites',
    {
      onRequest: requirePermission('assignment.manage'),
      schema: {
        tags,
        security,
        summary: 'Lits libres d’une cité pour une session, par sexe (et par bâtiment)',
        querystring: availabilityQuery,
        response: { 200: availabilityAnswer },
      },
    },
    async (request) => availability(app.db, request.auth ?? null, request.query),
  );

  r.get(
    '/affectation/sans-lit',
    {
      onRequest: requirePermission('assignment.manage'),
      schema: {
        tags,
        security,
        summary:
          'Admis ayant accepté leur place et encore sans lit, par rang (idSessionCenou obligatoire ; paginé)',
        querystring: listQuerySchema(sansLitSource, { extra: sansLitListParams }),
        response: { 200: sansLitListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const idSessionCenou = requiredQueryId(query, 'idSessionCenou');
      const lq = parseListQuery(query, sansLitSource);
      await sessionInScope(app.db, request.auth ?? null, 'assignment.manage', idSessionCenou);
      return sendList(reply, app.db, sansLitSource, {
        query,
        lq,
        extra: sansLitConditions(request.auth, idSessionCenou),
      }) as Promise<SansLitRow[]>;
    },
  );

  r.get(
    '/affectation/etudiant',
    {
      onRequest: requirePermission('assignment'),
      schema: {
        tags,
        security,
        summary: 'Mes affectations en cours (l’étudiant connecté ; la session la plus récente d’abord)',
        response: { 200: mesAffectationsAnswer },
      },
    },
    async (request) => mine(app.db, request.auth ?? null),
  );

  r.get(
    '/affectation/:id',
    {
      onRequest: requirePermission('assignment'),
      schema: {
        tags,
        security,
        summary: 'Une affectation',
        params: affectationParams,
        response: { 200: affectationRow },
      },
    },
    async (request) => readOne(app.db, request.auth ?? null, request.params.id),
  );

  r.get(
    '/affectation/:id/attestation',
    {
      onRequest: requirePermission('assignment'),
      config: { produces: [FILE_TYPES.pdf] },
      schema: {
        tags,
        security,
        summary: 'Attestation de logement (PDF avec QR code)',
        params: affectationParams,
      },
    },
    async (request, reply) => {
      const facts = await certificateFacts(app.db, request.auth ?? null, request.params.id);
      const pdf = await certificatePdf(facts, attestationUrl(app.config, facts.codeVerification));
      reply.header('Content-Disposition', `attachment; filename="attestation_${facts.codeVerification}.pdf"`);
      reply.header('Cache-Control', 'no-store');
      return reply.type(FILE_TYPES.pdf).send(pdf);
    },
  );

  r.put(
    '/affectation/:id',
    {
      onRequest: requirePermission('assignment.manage'),
      schema: {
        tags,
        security,
        summary: 'Déplacer une affectation vers un autre lit (mêmes règles ; l’ancien lit est libéré)',
        params: affectationParams,
        body: moveBody,
        response: { 200: affectationRow },
      },
    },
    async (request) =>
      move(app.db, request.auth ?? null, {
        id: request.params.id,
        idLit: request.body.idLit,
        dashboardUrl: tableauDeBordUrl(app.config),
      }),
  );

  r.patch(
    '/affectation/:id',
    {
      onRequest: [requirePermission('assignment.manage'), ignoreEmptyBody],
      schema: {
        tags,
        security,
        summary:
          'Annuler une affectation (corps vide ou {motif}) : le lit est libéré, l’attestation n’est plus valide',
        params: affectationParams,
        body: cancelBody,
        response: { 200: messageBody },
      },
    },
    // A blank reason is none.
    async (request) =>
      cancel(app.db, request.auth ?? null, { id: request.params.id, motif: request.body?.motif || null }),
  );
}

/** The public check of a certificate's code (docs/assignment.md), under `campus-auth`. */
export async function assignmentPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/attestation/:code',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['affectation'],
        summary: 'Vérifier une attestation de logement par son code (public)',
        params: attestationParams,
        response: { 200: attestationCheck },
      },
    },
    async (request) => publicCheck(app.db, request.params.code),
  );
}
