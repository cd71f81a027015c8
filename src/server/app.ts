import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, USSD_PATH } from '../domain/api';
import { JSON_BODY_MAX_BYTES, PDF_MAX_BYTES } from '../domain/limits';
import { fill, messages } from '../domain/messages';
import type { Config } from './config/env';
import type { Db } from './db/client';
import type { Notifications } from './db/notifications';
import { routeShellFiles } from './web-shells';
import { AccountCache } from './access/accounts';
import { VerifiedTokens, type TokenPayload } from './access/tokens';
import { ListRevalidation } from './lists/revalidation';
import { AppError } from './errors';
import { procurationRoutes } from './modules/procurations/routes';
import { registerErrorHandling, RETRY_AFTER_SECONDS } from './plugins/errors';
import { SharedLimits } from './security/shared-limits';
import { setPasswordHashCost } from './security/passwords';
import { withBodyContent } from './plugins/body-content';
import { registerSecurityHeaders, SECURITY_HEADERS } from './plugins/security-headers';
import type { Guard } from './plugins/auth';
import { answerOtherMethod, RouteMethods } from './plugins/methods';
import { completeApiRoute, finishDescription, openapiComponents, openapiTransform } from './plugins/openapi';
import type { Permission } from '../domain/permissions';
import { assignmentPublicRoutes, assignmentRoutes } from './modules/assignment/routes';
import { roomChoiceRoutes } from './modules/room-choice/routes';
import { DatabaseStorage } from './files/database-storage';
import { AvailabilityCache, ProviderHealth, type ProviderTiming } from './modules/availability/service';
import { AVAILABILITY_PATH, availabilityRoutes, outageMovesRoutes } from './modules/availability/routes';
import { DirectoryStorage, type DocumentStorage } from './files/storage';
import { admissiblesRoutes } from './modules/admissibles/routes';
import { analysisRoutes } from './modules/analysis/routes';
import { auditRoutes } from './modules/audit/routes';
import { deliberationRoutes } from './modules/deliberation/routes';
import { dossierRoutes } from './modules/dossier/routes';
import { sweepProofs } from './modules/dossier/files';
import { authRoutes } from './modules/auth/routes';
import { messagesRoutes } from './modules/messages/routes';
import { offersRoutes } from './modules/offers/routes';
import { NOTIFICATION_PREFIX, paymentNotificationRoutes, paymentRoutes } from './modules/payments/routes';
import type { PaymentRecorder } from './modules/payments/recorder';
import { setupPayments } from './payments';
import type { PaymentProvider } from './payments/provider';
import { phoneRoutes } from './modules/phone/routes';
import { citeLifeRoutes } from './modules/cite-life/routes';
import { repairsRoutes } from './modules/repairs/routes';
import { referenceRoutes } from './modules/reference/routes';
import { rentPublicRoutes, rentRoutes } from './modules/rent/routes';
import { registrationRoutes } from './modules/registration/routes';
import { registryRoutes } from './modules/registry/routes';
import { staffRoutes } from './modules/staff/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { televersementRoutes } from './modules/televersement/routes';
import { ussdGatewayRoutes, ussdSimulatorRoutes } from './modules/ussd/routes';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where proofs live (`DOCUMENTS_STORE`: DATA_DIR/documents or the database, unless a test gives one). */
    storage: DocumentStorage;
    /** Per-address limit of the public calls (docs/accounts.md): loose, since students share addresses. */
    publicRateLimit: RateLimitOptions;
    /** Every API route with the permission its guard checks (null: public), for the authorization matrix. */
    routeAccess: RouteAccess[];
    /** The accounts this instance has checked, kept while the database tells it of changes. */
    accounts: AccountCache;
    /** The session tokens this instance has verified, kept until they expire (access/tokens.ts). */
    tokens: VerifiedTokens;
    /** The reference lists' tags this instance answered, kept while the database tells it of changes. */
    revalidation: ListRevalidation;
    /** The rate-limit counters' Redis (REDIS_URL), or undefined: each instance's memory. */
    sharedLimits: SharedLimits | undefined;
    /**
     * Set once the instance is stopping (SIGTERM, src/server/main.ts): its health answers 503 so that
     * the balancer takes it out, while it keeps serving what still comes (docs/operations.md).
     */
    lifecycle: { stopping: boolean };
    /** The availability as this instance last read it: the status page answers without the database. */
    availability: AvailabilityCache;
    /** Where the providers' calls report their outcome (an outage of the payment provider, of the SMS centre). */
    providerHealth: ProviderHealth;
  }
  interface FastifyContextConfig {
    /** A public call (docs/api.md): no token. Every other API route must have a permission guard. */
    public?: boolean;
  }
}

interface RouteAccess {
  method: string;
  url: string;
  /** The permission of the route's guard; null for a public call. */
  permission: Permission | null;
}

/** Every path the server answers as a service (the API, its description, the webhook, the health). */
const SERVICE_BASE = '/service/api/';

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 200 };

export interface BuildOptions {
  config: Config;
  db: Db;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Document storage; default by `DOCUMENTS_STORE` (DATA_DIR/documents or the database). */
  storage?: DocumentStorage;
  /** Built web client to serve at `/` (dist/web); not served when absent. */
  webDir?: string;
  /** What the database tells this instance: with it, the account check is kept (decision 017). */
  notifications?: Notifications;
  /** Mobile money (docs/payments.md): tests give another provider, or wrap the journal's recorder. */
  payments?: { provider?: PaymentProvider; recorder?: PaymentRecorder };
  /** Tests: a provider's outage and its outcomes' writes in seconds, not minutes (docs/availability.md). */
  providerTiming?: ProviderTiming;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // The cost of the hashes this process makes from now on (sign-ups, new passwords, codes; decision 125).
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: JSON_BODY_MAX_BYTES,
    routerOptions: ROUTER_OPTIONS,
    // A request that arrives on an open connection while the instance closes is served, not
    // refused: the drain has already taken the instance out of the balancer (docs/operations.md).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', config);
  const lifecycle = { stopping: false };
  app.decorate('lifecycle', lifecycle);
  // While stopping, each answer closes its connection: no client (nor the balancer's pool of
  // connections) keeps one to an instance about to close its port.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
    // A route of its own answering OPTIONS (tus's) still lists the path's methods.
    if (request.method === 'OPTIONS' && !reply.hasHeader('allow') && request.url.startsWith(SERVICE_BASE)) {
      const allowed = routeMethods.allowed(request.url);
      if (allowed.length > 0) reply.header('Allow', allowed.join(', '));
    }
    done(null, payload);
  });
  app.decorate('accounts', new AccountCache(opts.notifications));
  app.decorate('revalidation', new ListRevalidation(opts.notifications));
  app.decorate(
    'storage',
    opts.storage ??
      (config.DOCUMENTS_STORE === 'database'
        ? new DatabaseStorage(opts.db)
        : new DirectoryStorage(path.join(config.DATA_DIR, 'documents'))),
  );
  // Proofs a stopped process left half-way (docs/decisions/006-deposit.md): swept a minute after the
  // start (an instance restarted more often than hourly still sweeps; decision 025), then every hour.
  let sweep: NodeJS.Timeout | undefined;
  const sweepNow = () =>
    sweepProofs(opts.db, app.storage).catch((err: unknown) => app.log.warn({ err }, 'proof sweep failed'));
  app.addHook('onReady', async () => {
    sweep = setTimeout(() => {
      void sweepNow();
      sweep = setInterval(() => void sweepNow(), 3_600_000);
      sweep.unref();
    }, 60_000);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearTimeout(sweep));
  app.decorate(
    'availability',
    new AvailabilityCache(opts.db, {
      failureMs: opts.providerTiming?.failureMs,
      onError: (err) => app.log.warn({ err }, 'availability not read'),
    }),
  );
  app.decorate(
    'providerHealth',
    new ProviderHealth(opts.db, {
      plafondMinutes: config.PANNE_PLAFOND_MINUTES,
      ...opts.providerTiming,
      onError: (err) => app.log.warn({ err }, 'provider outcome not recorded'),
    }),
  );
  app.decorate('publicRateLimit', {
    max: config.PUBLIC_RATE_PER_MINUTE,
    timeWindow: '1 minute',
  } satisfies RateLimitOptions);

  registerErrorHandling(app);

  // Deny by default: an API route is declared either public or with a permission guard
  // (`requirePermission`), or the server does not start. Each route's schema is then completed
  // (plugins/openapi.ts: strict parameters, error statuses, security) and its methods recorded
  // for the 405 of a method it does not take.
  app.decorate('routeAccess', [] as RouteAccess[]);
  const routeMethods = new RouteMethods(ROUTER_OPTIONS);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) {
      // The provider's webhook: public, described and answered like the API's calls.
      // The availability too: public like the health beside it, its answer checked like the API's.
      if (
        route.url.startsWith(NOTIFICATION_PREFIX) ||
        route.url === AVAILABILITY_PATH ||
        route.url === USSD_PATH
      ) {
        completeApiRoute(route, false);
        for (const method of [route.method].flat()) routeMethods.add(method, route.url);
      } else if (route.url.startsWith(SERVICE_BASE)) {
        for (const method of [route.method].flat()) routeMethods.add(method, route.url);
      }
      return;
    }
    const guards = [route.onRequest ?? []].flat() as unknown as Partial<Guard>[];
    const permission = guards.find((g) => typeof g.permission === 'string')?.permission ?? null;
    const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
    if (!permission && !isPublic)
      throw new Error(
        fill(messages.consoleRouteSansControle, { route: `${String(route.method)} ${route.url}` }),
      );
    completeApiRoute(route, permission !== null);
    for (const method of [route.method].flat()) {
      routeMethods.add(method, route.url);
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, permission });
    }
  });

  // Helmet's headers on every answer, computed once (plugins/security-headers.ts).
  registerSecurityHeaders(app, SECURITY_HEADERS);
  // A method a known path does not take, answered before any body is read (a QUERY without a
  // Content-Type would otherwise be refused by the body's parser): 405 with Allow, or OPTIONS's
  // 204. A route with a parameter may also catch a path that is another route's
  // (`GET campus/paiement/especes` reaching `campus/paiement/:referencePaiement`): that path's own
  // methods decide (plugins/methods.ts).
  app.addHook('onRequest', (request, reply, done) => {
    const routeUrl = request.routeOptions.url;
    if (
      request.url.startsWith(SERVICE_BASE) &&
      (request.is404 ||
        (routeUrl !== undefined &&
          routeUrl.includes(':') &&
          routeMethods.belongsElsewhere(routeUrl, request.url)))
    ) {
      const allowed = routeMethods.allowed(request.url);
      if (allowed.length > 0) {
        void answerOtherMethod(reply, request.method, allowed);
        return;
      }
    }
    done();
  });
  // REDIS_URL: the counters of every instance in one Redis, each instance's memory while it is
  // lost (docs/decisions/023-shared-limits-and-database-store.md); unset: each instance's memory.
  const shared = config.REDIS_URL ? new SharedLimits(config.REDIS_URL, app.log) : undefined;
  app.decorate('sharedLimits', shared);
  if (shared) {
    app.addHook('onReady', () => shared.connected());
    app.addHook('onClose', () => shared.close());
  }
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: shared.store() } : {}),
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError('TROP_DE_TENTATIVES');
      (err as unknown as { retryAfter: number }).retryAfter = Math.ceil(ctx.ttl / 1000);
      return err;
    },
  });
  await app.register(jwt, { secret: opts.jwtSecret });
  app.decorate('tokens', new VerifiedTokens((token) => app.jwt.verify<TokenPayload>(token)));
  await app.register(multipart, {
    limits: { fileSize: PDF_MAX_BYTES, files: 30, fields: 20, fieldSize: JSON_BODY_MAX_BYTES, parts: 60 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: messages.appTitre,
        description: 'API de la plateforme d’hébergement universitaire du CENOU (Burkina Faso).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        ...openapiComponents,
      },
    },
    transform: withBodyContent(openapiTransform),
    transformObject: (doc) =>
      'openapiObject' in doc ? finishDescription(doc.openapiObject) : doc.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/service/api/docs' });

  // The balancer's check (docs/operations.md#the-reference-deployment): 503 while stopping, and
  // while the database does not answer.
  app.get('/service/api/health', { schema: { hide: true } }, async (_request, reply) => {
    if (lifecycle.stopping) return reply.status(503).send({ status: 'arret', message: messages.santeArret });
    try {
      await opts.db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    } catch {
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ status: 'indisponible', message: messages.erreurServiceIndisponible });
    }
  });

  await app.register(authRoutes, { prefix: `${API_BASE}/campus-auth` });
  await app.register(referenceRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(registryRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(auditRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(dossierRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(televersementRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(deliberationRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(admissiblesRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(staffRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(statisticsRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(analysisRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(registrationRoutes, { prefix: `${API_BASE}/campus-auth` });
  await app.register(assignmentRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(roomChoiceRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(offersRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(messagesRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(rentRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(phoneRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(citeLifeRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(repairsRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(assignmentPublicRoutes, { prefix: `${API_BASE}/campus-auth` });
  await app.register(rentPublicRoutes, { prefix: `${API_BASE}/campus-auth` });
  // Mobile money (docs/payments.md): the provider or its simulator, the student's calls, the webhook.
  await setupPayments(app, {
    config,
    jwtSecret: opts.jwtSecret,
    notifications: opts.notifications,
    ...opts.payments,
  });
  await app.register(paymentRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(procurationRoutes, { prefix: API_BASE, secret: opts.jwtSecret });
  await app.register(paymentNotificationRoutes, { prefix: NOTIFICATION_PREFIX });
  await app.register(availabilityRoutes);
  await app.register(outageMovesRoutes, { prefix: `${API_BASE}/campus` });
  // The USSD menu (docs/ussd.md): the operator's gateway, and the staff's USSD phone.
  await app.register(ussdGatewayRoutes, { jwtSecret: opts.jwtSecret });
  await app.register(ussdSimulatorRoutes, { prefix: `${API_BASE}/campus`, jwtSecret: opts.jwtSecret });

  const webDir = opts.webDir;
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      // Hashed files (assets/) never change: a year. Everything else is revalidated at each use:
      // index.html, and the service worker (/sw.js, scope `/`: a new version must reach the
      // browser at its next check, docs/decisions/021-installable-offline-app.md), the manifest
      // and the icons.
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const routeShells = hasWeb && webDir ? routeShellFiles(webDir) : new Map<string, string>();
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith(SERVICE_BASE)) {
      const allowed = routeMethods.allowed(request.url);
      if (allowed.length > 0) return answerOtherMethod(reply, request.method, allowed);
    }
    if (!hasWeb || url.startsWith('/service/') || request.method !== 'GET' || /\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.status(404).send({ code: 'INTROUVABLE', message: messages.erreurRouteIntrouvable });
    }
    reply.header('Cache-Control', 'no-cache');
    // A student's first route gets its first screen already written (docs/decisions/131-first-paint-from-the-html.md).
    return reply.sendFile(routeShells.get(url.replace(/\/+$/, '') || '/') ?? 'index.html');
  });

  return app;
}
