import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';

/**
 * helmet itself, the package `@fastify/helmet` (the project's dependency) wraps: taken from where
 * that plugin takes it, so that both always agree on the version.
 */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))(
  'helmet',
) as typeof import('helmet').default;

/** The security headers of every answer (helmet's options). */
export const SECURITY_HEADERS: HelmetOptions = {
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
      // The installable app (docs/decisions/021-installable-offline-app.md): its service worker
      // (/sw.js) and its manifest come from the same origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** What helmet does to every answer: the headers it sets, in order, and those it removes. */
interface SecurityHeaders {
  set: [string, string][];
  remove: string[];
}

/**
 * The headers helmet gives for these options, computed once. With no option that depends on the
 * request (no CSP nonce, no directive given as a function), helmet's middleware sets the same
 * headers on every answer; `@fastify/helmet` would build that middleware again for each request
 * (parsing the CSP directives each time: about a tenth of a revalidated list's CPU, issue 23).
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  assertFixed(options, 'options');
  const out: SecurityHeaders = { set: [], remove: [] };
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet: ${name} is not a fixed text`);
      out.set.push([name, value]);
    },
    removeHeader(name: string) {
      out.remove.push(name);
    },
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // The middleware must have run to its end at once: a step that waits would depend on the request.
  if (!done) throw new Error('helmet: the middleware did not finish at once');
  return out;
}

/**
 * Helmet's headers on every answer (API, web client, errors, 404), set on the raw response at
 * `onRequest` as `@fastify/helmet` sets them, so that a route's own header of the same name still
 * wins; computed once at start-up instead of for each request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const { set, remove } = securityHeaders(options);
  app.addHook('onRequest', function securityHeadersHook(_request, reply, done) {
    const res = reply.raw;
    for (let i = 0; i < set.length; i++) res.setHeader(set[i][0], set[i][1]);
    for (let i = 0; i < remove.length; i++) res.removeHeader(remove[i]);
    done();
  });
}

/** Throws when some option is a function (a CSP directive computed per request, a nonce). */
function assertFixed(value: unknown, where: string) {
  if (typeof value === 'function') throw new Error(`helmet: ${where} depends on the request`);
  if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) assertFixed(v, `${where}.${key}`);
}
