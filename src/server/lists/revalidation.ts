import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Notifications } from '../db/notifications';

/**
 * Lists answered again without reading the database (docs/decisions/028-reference-lists-revalidated.md).
 *
 * A reference list (cités, villes, critères…) changes a few times a season and is read by every
 * staff screen and every export. Its answer carries an `ETag`: the SHA-256 of its body and its
 * total, so every instance gives the same tag for the same rows. A client that sends it back
 * (`If-None-Match`, which browsers do by themselves for a `no-cache` answer) gets `304` and no body.
 *
 * Each instance remembers, per URL, the last tag it answered and the tables' generations it had
 * seen before reading. Trigger `table_modifiee` (migration 0020) names a reference table at the
 * commit of any change to it; the instance then counts one more generation for that table. A
 * request whose tag is the one remembered, for tables with no generation since, is answered `304`
 * at once: no query. Otherwise the list is read as before, and the tag compared after.
 *
 * The generations are taken before the read: a change committed meanwhile makes the remembered
 * entry stale at once (its generation moved), never the other way round. Nothing is remembered
 * while the listening connection is down (`live` false), and everything is forgotten when it goes
 * down or comes back, as the account check does (decision 017).
 */
export class ListRevalidation {
  private readonly generations = new Map<string, number>();
  /** Moves when everything is forgotten (the listening connection lost or back). */
  private epoch = 0;
  private readonly entries = new Map<string, { etag: string; stamp: string }>();
  private readonly notifications: Notifications | undefined;
  private readonly max: number;

  constructor(notifications: Notifications | undefined, opts: { max?: number } = {}) {
    this.notifications = notifications;
    this.max = opts.max ?? 2_000;
    notifications?.on('table_modifiee', (table) =>
      this.generations.set(table, (this.generations.get(table) ?? 0) + 1),
    );
    notifications?.onLive(() => this.forgetAll());
  }

  /** Whether answers are remembered at all (the database tells this instance of changes). */
  get keeping() {
    return this.notifications?.live ?? false;
  }

  /** How many URLs are remembered (tests). */
  get size() {
    return this.entries.size;
  }

  forgetAll() {
    this.epoch++;
    this.entries.clear();
  }

  /** The generations of these tables as one string; compared, never parsed. */
  stamp(tables: readonly string[]): string {
    return `${this.epoch}:${tables.map((t) => this.generations.get(t) ?? 0).join('.')}`;
  }

  /**
   * The tag remembered for this URL when the client sent it back and none of the URL's tables
   * changed since: the caller answers `304` without reading. `undefined` otherwise.
   */
  fresh(url: string, tables: readonly string[], ifNoneMatch: string | undefined): string | undefined {
    if (!ifNoneMatch || !this.keeping) return undefined;
    const entry = this.entries.get(url);
    if (!entry || entry.stamp !== this.stamp(tables) || !matches(ifNoneMatch, entry.etag)) return undefined;
    return entry.etag;
  }

  remember(url: string, etag: string, stamp: string) {
    if (!this.keeping || stamp.split(':')[0] !== String(this.epoch)) return;
    this.entries.delete(url);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(url, { etag, stamp });
  }
}

/** `If-None-Match` holds this tag (a list of tags, `*`, weak or strong: compared weakly, RFC 9110 §13.1.2). */
export function matches(ifNoneMatch: string, etag: string): boolean {
  // What a client sends back, most of the time: the tag itself (a list's every revalidation).
  if (ifNoneMatch === etag) return true;
  const wanted = bareTag(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bareTag(t) === wanted);
}

const bareTag = (t: string) => t.trim().replace(/^W\//, '');

/** The tag of a list's answer: its body and its total (`X-Total-Count`), hashed. */
export function listEtag(body: string, total: string | undefined): string {
  const hash = createHash('sha256')
    .update(body)
    .update('\0')
    .update(total ?? '');
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** How every revalidated list tells the client to check before using what it kept. */
const REVALIDATE = 'private, no-cache';

/**
 * Fastify hooks that give a list route its tag and its `304`: `preHandler` answers `304` when the
 * remembered tag still holds (no read), `onSend` tags a `200` JSON answer and remembers it. Exports
 * (`format`) are not tagged: each is a fresh file.
 */
export function revalidatedList(revalidation: ListRevalidation, tables: readonly string[]) {
  const stamps = new WeakMap<FastifyRequest, string>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (exported(request)) return;
      reply.header('Cache-Control', REVALIDATE);
      const etag = revalidation.fresh(request.url, tables, header(request, 'if-none-match'));
      // The tag is sent again with the 304 (RFC 9110 §15.4.5).
      if (etag) return reply.code(304).header('ETag', etag).send();
      stamps.set(request, revalidation.stamp(tables));
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const stamp = stamps.get(request);
      if (stamp === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const total = reply.getHeader('X-Total-Count');
      const etag = listEtag(payload, total === undefined ? undefined : String(total));
      revalidation.remember(request.url, etag, stamp);
      reply.header('ETag', etag);
      const ifNoneMatch = header(request, 'if-none-match');
      if (ifNoneMatch && matches(ifNoneMatch, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    },
  };
}

const exported = (request: FastifyRequest) =>
  typeof (request.query as Record<string, unknown> | undefined)?.format === 'string';

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};
