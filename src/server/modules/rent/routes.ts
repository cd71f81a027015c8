import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fill, messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import { paymentParams } from '../../../domain/schemas/payments';
import {
  assignmentRentParams,
  cashPaymentBody,
  receiptCheck,
  refundAnswer,
  refundBody,
  rentSessionsAnswer,
  studentRent as studentRentSchema,
  loyerListAnswer,
  loyerListParams,
  paymentAnswer,
  rapprochementListAnswer,
  rapprochementListParams,
  studentRentAnswer,
  type LoyerRow as LoyerAnswerRow,
} from '../../../domain/schemas/rent';
import { anneeLibelle } from '../../../domain/workflow';
import type { PdfColumn } from '../../exports/pdf';
import type { ExportColumn } from '../../exports/writers';
import { parseListQuery, queryId, requiredQueryId, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { receiptLinks, recuUrl } from '../../config/urls';
import { reachableSession } from '../../sessions/open-session';
import {
  loyerListConditions,
  loyerSource,
  rapprochementConditions,
  rapprochementSourceFor,
  type LoyerRow,
  type RapprochementRow,
} from './repository';
import { scopeFor } from '../../access/access';
import type { RapprochementRow as RapprochementAnswerRow } from '../../../domain/schemas/rent';
import { FILE_TYPES } from '../../exports/file-types';
import { receiptPdf } from './receipt';
import {
  assignmentRent,
  publicReceiptCheck,
  receiptFor,
  recordCashPayment,
  recordRefund,
  rentSessionsFor,
  studentRent,
} from './service';

/** The arrears list's export: who, where, and the sums (French headers). */
const EXPORT_COLUMNS: ExportColumn[] = (
  [
    ['ine', 'text'],
    ['nomEtudiant', 'text'],
    ['prenomEtudiant', 'text'],
    ['nomCite', 'text'],
    ['libelleChambre', 'text'],
    ['libelleLit', 'text'],
    ['montantChambre', 'integer'],
    ['totalDu', 'integer'],
    ['duADate', 'integer'],
    ['paye', 'integer'],
    ['arriere', 'integer'],
    ['solde', 'integer'],
    ['annulee', 'boolean'],
  ] as [keyof LoyerRow, ExportColumn['type']][]
).map(([key, type]) => ({ key, type, label: fieldLabel(key) }));

const PDF_COLUMNS: PdfColumn[] = (
  [
    'ine',
    'nomEtudiant',
    'prenomEtudiant',
    'nomCite',
    'libelleChambre',
    'duADate',
    'paye',
    'arriere',
    'solde',
  ] as (keyof LoyerRow)[]
).map((key) => ({
  key,
  label: fieldLabel(key),
  ...(['duADate', 'paye', 'arriere', 'solde'].includes(key) ? { align: 'right' as const } : {}),
}));

/** The reconciliation's export: the day, the account, how many payments and how much (French headers). */
const RAPPROCHEMENT_EXPORT: ExportColumn[] = (
  [
    ['jour', 'date'],
    ['libelleCompte', 'text'],
    ['compte', 'text'],
    ['nombre', 'integer'],
    ['montant', 'integer'],
  ] as [keyof RapprochementRow, ExportColumn['type']][]
).map(([key, type]) => ({ key, type, label: fieldLabel(key) }));

const RAPPROCHEMENT_PDF: PdfColumn[] = (['jour', 'libelleCompte', 'nombre', 'montant'] as const).map(
  (key) => ({
    key,
    label: fieldLabel(key),
    ...(key === 'nombre' || key === 'montant' ? { align: 'right' as const } : {}),
  }),
);

/** The one source the schema needs (its columns; each request's own is scoped to its actor). */
const RAPPROCHEMENT_SHAPE = rapprochementSourceFor(null, '');

/**
 * The rent calls (docs/rent.md), under `campus`: the student's own rent (`rent.own`), the staff's
 * arrears list and cash payments (`rent.manage`: GESTIONNAIRE_CENOU all, GESTIONNAIRE_DR its direction).
 */
export async function rentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['loyer'];
  const security = [{ bearer: [] }];

  r.get(
    '/loyer/etudiant',
    {
      onRequest: requirePermission('rent.own'),
      schema: {
        tags,
        security,
        summary: 'Mon loyer : mes échéances (payées, dues), mes paiements et mon solde, par affectation',
        response: { 200: studentRentAnswer },
      },
    },
    async (request) => studentRent(app.db, request.auth ?? null),
  );

  r.get(
    '/loyer',
    {
      onRequest: requirePermission('rent.manage'),
      schema: {
        tags,
        security,
        summary:
          'Loyers d’une session par affectation : dû à ce jour, payé, arriéré, reste à payer (idSessionCenou obligatoire, idCite ; paginé ; format=csv|xlsx|pdf)',
        querystring: listQuerySchema(loyerSource, {
          formats: ['csv', 'xlsx', 'pdf'],
          extra: loyerListParams,
        }),
        response: { 200: loyerListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const idSessionCenou = requiredQueryId(query, 'idSessionCenou');
      const idCite = queryId(query, 'idCite');
      const lq = parseListQuery(query, loyerSource);
      const session = await reachableSession(app.db, request.auth ?? null, 'rent.manage', idSessionCenou);
      return sendList(reply, app.db, loyerSource, {
        query,
        lq,
        extra: loyerListConditions(request.auth, idSessionCenou, idCite),
        export: {
          prefix: 'loyers',
          sheet: messages.loyersTitre,
          columns: EXPORT_COLUMNS,
          pdf: {
            title: fill(messages.loyersPdfTitre, { annee: anneeLibelle(session.anneeDebut) }),
            columns: PDF_COLUMNS,
          },
        },
      }) as Promise<LoyerAnswerRow[]>;
    },
  );

  r.get(
    '/loyer/sessions',
    {
      onRequest: requirePermission('rent.manage'),
      schema: {
        tags,
        security,
        summary: 'Les sessions qui ont des affectations (dans son périmètre), la plus récente d’abord',
        response: { 200: rentSessionsAnswer },
      },
    },
    async (request) => rentSessionsFor(app.db, request.auth ?? null),
  );

  r.get(
    '/loyer/rapprochement',
    {
      onRequest: requirePermission('rent.manage'),
      schema: {
        tags,
        security,
        summary:
          'Rapprochement journalier : par jour et par opérateur (et par caisse de cité), nombre et somme des paiements, tirés du journal (du, au ; paginé ; format=csv|xlsx|pdf)',
        querystring: listQuerySchema(RAPPROCHEMENT_SHAPE, {
          formats: ['csv', 'xlsx', 'pdf'],
          extra: rapprochementListParams,
        }),
        response: { 200: rapprochementListAnswer },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      scopeFor(request.auth ?? null, 'rent.manage');
      const source = rapprochementSourceFor(request.auth ?? null, messages.rapprochementCaisse);
      const lq = parseListQuery(query, source);
      return sendList(reply, app.db, source, {
        query,
        lq,
        extra: rapprochementConditions(query.du as string | undefined, query.au as string | undefined),
        export: {
          prefix: 'rapprochement',
          sheet: messages.rapprochementTitre,
          columns: RAPPROCHEMENT_EXPORT,
          pdf: { title: messages.rapprochementPdfTitre, columns: RAPPROCHEMENT_PDF },
        },
      }) as Promise<RapprochementAnswerRow[]>;
    },
  );

  r.post(
    '/paiement/especes',
    {
      onRequest: requirePermission('rent.manage'),
      schema: {
        tags,
        security,
        summary:
          'Enregistrer un paiement en espèces au guichet (numéro du carnet de reçus unique ; montant entier, au plus le reste à payer)',
        body: cashPaymentBody,
        response: { 201: paymentAnswer },
      },
    },
    async (request, reply) => {
      const answer = await recordCashPayment(
        app.db,
        request.auth ?? null,
        request.body,
        receiptLinks(app.config),
      );
      return reply.status(201).send(answer);
    },
  );

  r.post(
    '/paiement/remboursement',
    {
      onRequest: requirePermission('rent.manage'),
      schema: {
        tags,
        security,
        summary:
          'Rembourser un trop-perçu (affectation annulée ou déplacée après paiement) : au plus le crédit détenu, en espèces au guichet ou par un opérateur',
        body: refundBody,
        response: { 201: refundAnswer },
      },
    },
    async (request, reply) => {
      const answer = await recordRefund(app.db, request.auth ?? null, request.body, receiptLinks(app.config));
      return reply.status(201).send(answer);
    },
  );

  r.get(
    '/loyer/affectation/:id',
    {
      onRequest: requirePermission('rent.manage'),
      schema: {
        tags,
        security,
        summary: 'Le loyer d’une affectation : échéances, paiements reçus (avec leurs reçus), sommes',
        params: assignmentRentParams,
        response: { 200: studentRentSchema },
      },
    },
    async (request) => assignmentRent(app.db, request.auth ?? null, request.params.id),
  );

  r.get(
    '/paiement/:referencePaiement/recu',
    {
      onRequest: requirePermission('payment.read'),
      config: { produces: [FILE_TYPES.pdf] },
      schema: {
        tags,
        security,
        summary: 'Reçu d’un paiement réussi (PDF avec QR code de la page de vérification)',
        params: paymentParams,
      },
    },
    async (request, reply) => {
      const facts = await receiptFor(app.db, request.auth ?? null, request.params.referencePaiement);
      const pdf = await receiptPdf(facts, recuUrl(app.config, facts.referencePaiement));
      reply.header('Content-Disposition', `attachment; filename="recu_${facts.referencePaiement}.pdf"`);
      reply.header('Cache-Control', 'no-store');
      return reply.type(FILE_TYPES.pdf).send(pdf);
    },
  );
}

/** The public check of a receipt (docs/rent.md#receipts), under `campus-auth`. */
export async function rentPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/recu/:referencePaiement',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['loyer'],
        summary: 'Vérifier un reçu de paiement par sa référence (public)',
        params: paymentParams,
        response: { 200: receiptCheck },
      },
    },
    async (request) => publicReceiptCheck(app.db, request.params.referencePaiement),
  );
}
