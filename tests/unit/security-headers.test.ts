import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import {
  registerSecurityHeaders,
  SECURITY_HEADERS,
  securityHeaders,
} from '../../src/server/plugins/security-headers';

/** A server answering `GET /` (200) and `GET /header` (a header of helmet's set by the route). */
async function server(withHeaders: (app: ReturnType<typeof Fastify>) => Promise<void> | void) {
  const app = Fastify();
  await withHeaders(app);
  app.get('/', async () => ({ ok: true }));
  app.get('/header', async (_request, reply) => {
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return { ok: true };
  });
  await app.ready();
  return app;
}

const without = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('security headers (helmet computed once)', () => {
  it('are the headers @fastify/helmet gives with the same options, on every answer', async () => {
    const ours = await server((app) => registerSecurityHeaders(app, SECURITY_HEADERS));
    const theirs = await server((app) => app.register(fastifyHelmet, SECURITY_HEADERS));
    for (const url of ['/', '/header', '/absent']) {
      const [a, b] = [await ours.inject(url), await theirs.inject(url)];
      expect(a.statusCode).toBe(b.statusCode);
      expect(without(a.headers)).toEqual(without(b.headers));
    }
    const csp = (await ours.inject('/')).headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    // A route's own header of the same name still wins.
    expect((await ours.inject('/header')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    await Promise.all([ours.close(), theirs.close()]);
  });

  it('refuses options that would depend on the request', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
      }),
    ).toThrow();
  });
});
