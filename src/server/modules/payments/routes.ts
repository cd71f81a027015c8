import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTIFICATION_BASE } from '../../../domain/api';
import { JSON_BODY_MAX_BYTES } from '../../../domain/limits';
import {
  mobileOperatorsAnswer,
  mobilePaymentBody,
  notificationAnswer,
  paymentParams,
  paymentStarted,
  paymentStatus as paymentStatusSchema,
} from '../../../domain/schemas/payments';
import { requirePermission } from '../../plugins/auth';
import { SIGNATURE_HEADER } from '../../payments/signature';
import { operatorsForStudent, paymentStatus, receiveNotification, startMobilePayment } from './service';

/** Where providers send their webhooks (docs/payments.md#webhooks), beside the product's API base. */
export const NOTIFICATION_PREFIX = NOTIFICATION_BASE;
export const NOTIFICATION_PATH = `${NOTIFICATION_PREFIX}/notification`;

/**
 * The student's mobile-money calls (docs/payments.md), under `campus`: pay (`payment.mobile`: the
 * student, its own assignment), the operators, a payment's status (`payment.read`: its owner, staff
 * of its direction, GESTIONNAIRE_CENOU all).
 */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['paiements'];
  const security = [{ bearer: [] }];

  r.get(
    '/paiement/operateurs',
    {
      onRequest: requirePermission('payment.mobile'),
      schema: {
        tags,
        security,
        summary: 'Les opérateurs de paiement mobile proposés à l’étudiant (et si les paiements sont simulés)',
        response: { 200: mobileOperatorsAnswer },
      },
    },
    async (request) => operatorsForStudent(app.db, request.auth ?? null, app.payments),
  );

  r.post(
    '/paiement',
    {
      onRequest: requirePermission('payment.mobile'),
      schema: {
        tags,
        security,
        summary:
          'Payer son loyer par mobile money : l’opérateur est invité à débiter le numéro (suivre ensuite le paiement)',
        body: mobilePaymentBody,
        response: { 201: paymentStarted },
      },
    },
    async (request, reply) => {
      const answer = await startMobilePayment(app.db, request.auth ?? null, request.body, app.payments);
      return reply.status(201).send(answer);
    },
  );

  r.get(
    '/paiement/:referencePaiement',
    {
      onRequest: requirePermission('payment.read'),
      schema: {
        tags,
        security,
        summary: 'Où en est un paiement : EN_ATTENTE, REUSSI ou ECHOUE',
        params: paymentParams,
        response: { 200: paymentStatusSchema },
      },
    },
    async (request) => paymentStatus(app.db, request.auth ?? null, request.params.referencePaiement),
  );
}

/**
 * The provider's webhook, outside the API base (it is the provider's call, not a person's): the
 * raw body is kept as received, since the signature covers its exact bytes. Public (the signature
 * is the guard), not rate-limited per address (a provider sends from few addresses).
 */
export async function paymentNotificationRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/notification',
    {
      config: { public: true },
      schema: {
        tags: ['paiements'],
        summary: `Notification (webhook) du fournisseur de paiement, signée dans l’en-tête ${SIGNATURE_HEADER.toUpperCase()}`,
        response: { 200: notificationAnswer },
      },
    },
    async (request) =>
      receiveNotification(
        app.db,
        app.payments,
        typeof request.body === 'string' ? request.body : '',
        request.headers,
      ),
  );
}
