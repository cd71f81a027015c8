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
import type { ExportColumn, ExportTotals } from '../../exports/writers';
import { fileTypeOf, parseListQuery, queryId, requiredQueryId, sendList } from '../../lists/pipeline';
import { listQuerySchema } from '../../lists/query';
import { requirePermission } from '../../plugins/auth';
import { receiptLinks, recuUrl } from '../../config/urls';
import { reachableSession } from '../../sessions/open-session';
import {
  exportScopeNames,
  LOYER_COLUMNS,
  LOYER_FILE_KEYS,
  LOYER_MONEY,
  loyerSource,
  rapprochementConditions,
  rapprochementSourceFor,
  type LoyerRow,
  type RapprochementRow,
} from './lists/repository';
import { frDate } from '../../exports/checked-pdf';
import { frenchDate } from '../../exports/writers';
import type { RapprochementRow as RapprochementAnswerRow } from '../../../domain/schemas/rent';
import { FILE_TYPES } from '../../exports/file-types';
import { affectationListConditions } from '../assignment/repository';
import { receiptPdf } from './receipt';
import { assignmentRent, recordCashPayment, recordRefund, rentSessionsFor, studentRent } from './service';
import { publicReceiptCheck, receiptFor } from './receipts/service';
import { reconciliationScope } from './lists/service';

/** A column of FCFA in a file: its name on the screen, then the unit (the cells are bare numbers). */
const inFcfa = (libelle: string) => fill(messages.exportColonneFcfa, { libelle });

/**
 * The arrears list's columns in its files (docs/rent.md#exports): each amount named for what it
 * holds — the month's rent of the bed, the year's rent, what is due by today, paid, late, left to
 * pay — so that no two can be taken for one another; the screen's names, with the unit.
 */
const LOYER_LABELS: Partial<Record<keyof LoyerRow, string>> = {
  montantChambre: inFcfa(messages.loyerColonneMensuel),
  totalDu: inFcfa(fieldLabel('totalDu')),
  duADate: inFcfa(fieldLabel('duADate')),
  paye: inFcfa(fieldLabel('paye')),
  arriere: inFcfa(fieldLabel('arriere')),
  resteAPayer: inFcfa(fieldLabel('solde')),
  tropPercu: inFcfa(messages.tropPercuARembourser),
  degradations: inFcfa(messages.monLoyerDegradation),
  dateDepart: messages.loyerColonneDateDepart,
  annulation: fieldLabel('annulee'),
};
const loyerLabel = (key: keyof LoyerRow) => LOYER_LABELS[key] ?? fieldLabel(key);
const isMoney = (key: keyof LoyerRow) => (LOYER_MONEY as readonly (keyof LoyerRow)[]).includes(key);
/** The PDF's names of the amounts (its unit said once, under the title). */
const LOYER_PDF_LABELS: Partial<Record<keyof LoyerRow, string>> = {
  montantChambre: messages.loyerColonneMensuel,
  resteAPayer: fieldLabel('solde'),
  tropPercu: messages.tropPercuARembourser,
  degradations: messages.monLoyerDegradation,
  annulation: messages.loyerColonneAnnulee,
};

/**
 * The arrears list's one column list: its CSV, XLSX and PDF carry the same columns, in this order,
 * each cell written as the list's column is typed (`LOYER_COLUMNS`); the PDF names the amounts
 * without their unit, said once under its title, and the cancellation « Annulée »: its page is narrow.
 */
const EXPORT_COLUMNS: ExportColumn<LoyerRow>[] = LOYER_FILE_KEYS.map((key) => {
  const amount = isMoney(key);
  const pdfLabel = LOYER_PDF_LABELS[key] ?? (amount ? fieldLabel(key) : undefined);
  return {
    key,
    type: fileTypeOf(LOYER_COLUMNS[key]),
    label: loyerLabel(key),
    ...(amount ? { amount } : {}),
    ...(pdfLabel ? { pdfLabel } : {}),
  };
});

/** The sums under the arrears list's files (the month's rent is no sum: it is each bed's price). */
const LOYER_TOTALS: ExportTotals<LoyerRow> = {
  label: messages.colonneTotal,
  keys: ['totalDu', 'degradations', 'duADate', 'paye', 'arriere', 'resteAPayer', 'tropPercu'],
};

/**
 * The reconciliation's files: the day, the account named in French (« Opérateur Orange Money »,
 * « Caisse de la cité … », never its code), how many payments and the net sum, and their totals.
 */
const RAPPROCHEMENT_LABELS: Partial<Record<keyof RapprochementRow, string>> = {
  montant: inFcfa(messages.rapprochementColonneMontant),
};
const RAPPROCHEMENT_EXPORT: ExportColumn<RapprochementRow>[] = (
  [
    ['jour', 'date'],
    ['libelleCompte', 'text'],
    ['nombre', 'integer'],
    ['montant', 'integer'],
  ] satisfies [keyof RapprochementRow, ExportColumn['type']][]
).map(([key, type]) => ({
  key,
  type,
  label: RAPPROCHEMENT_LABELS[key] ?? fieldLabel(key),
  ...(key === 'montant' ? { amount: true } : {}),
}));
const RAPPROCHEMENT_TOTALS: ExportTotals<RapprochementRow> = {
  label: messages.colonneTotal,
  keys: ['nombre', 'montant'],
};

/** The period a reconciliation covers, as its files' heading says it. */
function periodText(du: string | undefined, au: string | undefined): string {
  if (du && au) return fill(messages.exportPeriode, { du: frDate(du), au: frDate(au) });
  if (du) return fill(messages.exportDepuis, { du: frDate(du) });
  if (au) return fill(messages.exportJusqua, { au: frDate(au) });
  return messages.exportToutesDates;
}

const editedToday = () => fill(messages.exportEditeLe, { date: frenchDate(new Date(), false) });

/** The one source the schema needs (its columns; each request's own is scoped to its actor). */
const RAPPROCHEMENT_SHAPE = rapprochementSourceFor(null);

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
      const names = query.format
        ? await exportScopeNames(app.db, { idDirection: session.idDirection, idCite })
        : {};
      return sendList(reply, app.db, loyerSource, {
        query,
        lq,
        extra: affectationListConditions(request.auth, 'rent.manage', idSessionCenou, idCite),
        export: {
          prefix: 'loyers',
          sheet: messages.loyersTitre,
          columns: EXPORT_COLUMNS,
          pdf: {
            title: fill(messages.loyersPdfTitre, { annee: anneeLibelle(session.anneeDebut) }),
          },
          scope: [
            names.direction ?? messages.exportToutesDirections,
            idCite === undefined ? messages.toutesLesCites : (names.cite ?? ''),
            fill(messages.exportArreteAu, { date: frenchDate(new Date(), false) }),
            messages.exportMontantsFcfa,
          ],
          totals: LOYER_TOTALS,
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
      const actor = request.auth ?? null;
      const { idDirection, idCite, names } = await reconciliationScope(app.db, actor, {
        idDirection: queryId(query, 'idDirection'),
        idCite: queryId(query, 'idCite'),
      });
      const source = rapprochementSourceFor(actor, { idDirection, idCite });
      const lq = parseListQuery(query, source);
      const du = query.du as string | undefined;
      const au = query.au as string | undefined;
      const compte = lq.filtres.libelleCompte?.trim() ?? '';
      return sendList(reply, app.db, source, {
        query,
        lq,
        extra: rapprochementConditions(du, au),
        export: {
          prefix: 'rapprochement',
          sheet: messages.rapprochementTitre,
          columns: RAPPROCHEMENT_EXPORT,
          pdf: { title: messages.rapprochementPdfTitre },
          scope: [
            periodText(du || undefined, au || undefined),
            names.direction ?? messages.exportToutesDirections,
            ...(names.cite ? [names.cite] : []),
            compte
              ? fill(messages.rapprochementFiltreCompte, { texte: compte })
              : messages.rapprochementTousComptes,
            editedToday(),
          ],
          totals: RAPPROCHEMENT_TOTALS,
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
