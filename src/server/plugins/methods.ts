import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

/**
 * The methods each API path takes, for the answer to a method it does not take (docs/api.md):
 * `405` with `Allow` instead of `404`. A second router (fastify's own, find-my-way) built with
 * the main router's options, so that a path matches here exactly when it matches there.
 */
export class RouteMethods {
  private readonly router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
  private readonly methods = new Set<HTTPMethod>();

  constructor(options: { ignoreTrailingSlash: boolean; maxParamLength: number }) {
    this.router = FindMyWay(options);
  }

  add(method: string, url: string): void {
    this.router.on(method as HTTPMethod, url, () => undefined);
    this.methods.add(method as HTTPMethod);
  }

  /** The methods the path takes (none: an unknown path), with OPTIONS, which every known path answers. */
  allowed(url: string): string[] {
    const found = [...this.methods].filter((m) => this.router.find(m, url) !== null);
    if (found.length === 0) return [];
    // HEAD follows GET (fastify answers it for every GET route).
    if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
    return found.includes('OPTIONS') ? found : [...found, 'OPTIONS'];
  }
}

/** Answers a known path called with a method it does not take: `405` with `Allow`; OPTIONS: `204` with `Allow`. */
export function answerOtherMethod(reply: FastifyReply, method: string, allowed: string[]) {
  reply.header('Allow', allowed.join(', '));
  if (method === 'OPTIONS') return reply.status(204).send();
  return reply.status(405).send(new AppError('METHODE_NON_AUTORISEE').body());
}
