import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';

type Router = FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;

/**
 * The methods each API path takes, for the answer to a method it does not take (docs/api.md):
 * `405` with `Allow` instead of `404`. Routers built with the main router's options (fastify's own,
 * find-my-way), so that a path matches here exactly when it matches there.
 *
 * A path belongs to one route pattern: the one the router prefers among every method's patterns
 * (a static segment before a parameter). `POST campus/paiement/especes` and
 * `GET campus/paiement/:referencePaiement` are two patterns: `campus/paiement/especes` belongs to
 * the first, so it takes POST only, even though the GET route's parameter would match it too.
 */
export class RouteMethods {
  /** Per method, its routes; each route's store is its pattern. */
  private readonly byMethod: Router;
  /** Every pattern once, under one method: the pattern a path belongs to. */
  private readonly patterns: Router;
  private readonly seen = new Set<string>();
  private readonly methods = new Set<HTTPMethod>();

  constructor(private readonly options: { ignoreTrailingSlash: boolean; maxParamLength: number }) {
    this.byMethod = FindMyWay(options);
    this.patterns = FindMyWay(options);
  }

  add(method: string, url: string): void {
    const pattern = this.normal(url);
    this.byMethod.on(method as HTTPMethod, url, () => undefined, { pattern });
    this.methods.add(method as HTTPMethod);
    if (!this.seen.has(pattern)) {
      this.seen.add(pattern);
      this.patterns.on('GET', url, () => undefined, { pattern });
    }
  }

  /**
   * A pattern as the router compares them: parameters unnamed (`/:id` and `/:mode` are one path),
   * the trailing slash ignored when the router ignores it.
   */
  private normal(url: string): string {
    const unnamed = url.replace(/:[^/]*/g, ':');
    return this.options.ignoreTrailingSlash && unnamed.length > 1 ? unnamed.replace(/\/$/, '') : unnamed;
  }

  /** The route pattern the path belongs to (null: an unknown path). */
  patternOf(url: string): string | null {
    const found = this.patterns.find('GET', url.split('?')[0]);
    return (found?.store as { pattern: string } | undefined)?.pattern ?? null;
  }

  /**
   * The methods the path takes (none: an unknown path), with OPTIONS, which every known path
   * answers, and HEAD wherever GET.
   */
  allowed(url: string): string[] {
    const path = url.split('?')[0];
    const pattern = this.patternOf(path);
    if (pattern === null) return [];
    const found = [...this.methods].filter(
      (m) => (this.byMethod.find(m, path)?.store as { pattern: string } | undefined)?.pattern === pattern,
    );
    if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
    return found.includes('OPTIONS') ? found : [...found, 'OPTIONS'];
  }

  /**
   * Whether a request fastify routed to `routeUrl` belongs to another route's path: its method's
   * only route there has a parameter that took a segment another pattern names (GET
   * `campus/paiement/especes` reaching `campus/paiement/:referencePaiement`).
   */
  belongsElsewhere(routeUrl: string, url: string): boolean {
    const pattern = this.patternOf(url);
    return pattern !== null && pattern !== this.normal(routeUrl);
  }
}

/** Answers a known path called with a method it does not take: `405` with `Allow`; OPTIONS: `204` with `Allow`. */
export function answerOtherMethod(reply: FastifyReply, method: string, allowed: string[]) {
  reply.header('Allow', allowed.join(', '));
  if (method === 'OPTIONS') return reply.status(204).send();
  return reply.status(405).send(new AppError('METHODE_NON_AUTORISEE').body());
}
