import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../domain/messages';
import type { Config } from './config/env';
import type { Db } from './db/client';
import { AppError } from './errors';
import { registerErrorHandling } from './plugins/errors';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { referenceRoutes } from './modules/reference/routes';
import { registrationRoutes } from './modules/registration/routes';
import { registryRoutes } from './modules/registry/routes';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Per-address limit of the public calls (CONTRACT §4): loose, since students share addresses. */
    publicRateLimit: RateLimitOptions;
  }
}

export const API_BASE = '/service/api/hebergement-cenou';
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  config: Config;
  db: Db;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Built web client to serve at `/` (dist/web); not served when absent. */
  webDir?: string;
}

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', config);
  app.decorate('publicRateLimit', {
    max: config.PUBLIC_RATE_PER_MINUTE,
    timeWindow: '1 minute',
  } satisfies RateLimitOptions);

  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => {
      const err = new AppError('TROP_DE_TENTATIVES');
      (err as unknown as { retryAfter: number }).retryAfter = Math.ceil(ctx.ttl / 1000);
      return err;
    },
  });
  await app.register(jwt, { secret: opts.jwtSecret });
  await app.register(multipart, {
    limits: { fileSize: 3_000_000, files: 30, fields: 20, fieldSize: JSON_BODY_LIMIT, parts: 60 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CENOU — hébergement universitaire',
        description: 'API de la plateforme d’hébergement universitaire du CENOU (Burkina Faso).',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/service/api/docs' });

  app.get('/service/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await opts.db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'indisponible', message: messages.erreurServiceIndisponible });
    }
  });

  await app.register(authRoutes, { prefix: `${API_BASE}/campus-auth` });
  await app.register(referenceRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(registryRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(auditRoutes, { prefix: `${API_BASE}/campus` });
  await app.register(registrationRoutes, { prefix: `${API_BASE}/campus-auth` });

  const webDir = opts.webDir;
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: false,
      index: false,
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (!hasWeb || url.startsWith('/service/') || request.method !== 'GET' || /\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.status(404).send({ code: 'INTROUVABLE', message: messages.erreurRouteIntrouvable });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app;
}
