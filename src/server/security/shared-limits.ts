import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { fill, messages } from '../../domain/messages';

/**
 * The rate-limit counters shared by every instance (`REDIS_URL`,
 * docs/decisions/023-shared-limits-and-database-store.md): `@fastify/rate-limit`'s counters (the
 * public calls per address, the resumable uploads per account) live in Redis, one fixed window per
 * key as the plugin's own stores count. When Redis cannot answer (down, unreachable, too slow) each
 * instance counts in its own memory meanwhile: a request is never refused nor delayed more than
 * `COMMAND_TIMEOUT_MS` because of Redis. The log says so once when Redis is lost and once when it
 * is back. (The failed sign-ins and INE look-ups are counted in the database: rate-counter.ts.)
 */

/** The longest a counter's command may take before the request is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 500;
/** Keys: `cenou:limite:<METHOD><route>-<key>`, apart from anything else the Redis holds. */
export const KEY_PREFIX = 'cenou:limite:';
/** The most keys a route's memory fallback keeps (the oldest forgotten first), as the plugin's own store. */
const LOCAL_KEYS_MAX = 5000;

// INCR, the window's expiry set by the first request of the window; the time left returned.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The client with INCREMENT defined as a command of its own (`defineCommand`). */
type LimitsClient = Redis & {
  cenouIncrement(key: string, windowMs: number): Promise<[number, number]>;
};

/** One Redis connection per instance and what the log was told of it. */
export class SharedLimits {
  readonly client: Redis;
  private lost = false;
  private closing = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Redis(url, {
      // The counters of the requests of one turn of the event loop go together, in one write and
      // one read of the socket (at the opening's rate, one round trip per request cost the
      // instance's main thread about 5 % of its time).
      enableAutoPipelining: true,
      // A command while disconnected fails at once (counted in memory) instead of waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // Reconnect for ever, at most a second apart.
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    // The script is sent once per connection (EVAL), then named by its SHA1 (EVALSHA), instead of
    // its whole text at every request; a Redis that lost it (restarted, SCRIPT FLUSH) gets it again.
    this.client.defineCommand('cenouIncrement', { numberOfKeys: 1, lua: INCREMENT });
    this.client.on('ready', () => this.back());
    this.client.on('error', (err: Error) => this.lose(err));
    this.client.on('close', () => {
      if (!this.closing) this.lose(new Error(messages.consoleRedisConnexionFermee));
    });
  }

  /** Waits (at most `ms`) for the first connection, so that the first requests are shared. */
  async connected(ms = 2000): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        this.client.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.client.on('ready', done);
      this.client.on('error', done);
    });
  }

  /** Whether the counters go to Redis now. */
  get shared(): boolean {
    return this.client.status === 'ready';
  }

  private lose(err: Error) {
    if (this.lost || this.closing) return;
    this.lost = true;
    this.log.warn(fill(messages.consoleRedisIndisponible, { erreur: err.message }));
  }

  private back() {
    if (!this.lost) return;
    this.lost = false;
    this.log.info(messages.consoleRedisRetabli);
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  /** The store class `@fastify/rate-limit` builds its counters with. */
  store(): FastifyRateLimitStoreCtor {
    const make = () => new SharedStore(this, '');
    // The plugin calls `new Store(options)`: a constructor returning an object gives that object.
    return function SharedStoreCtor() {
      return make();
    } as unknown as FastifyRateLimitStoreCtor;
  }

  /** Counts one request of `key` in Redis; throws when Redis cannot answer. */
  async increment(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const [current, ttl] = await (this.client as LimitsClient).cenouIncrement(KEY_PREFIX + key, windowMs);
    this.back();
    return { current, ttl };
  }

  /** Redis did not answer a counter: said once, until it answers again. */
  failed(err: Error) {
    this.lose(err);
  }
}

/** A route's counters: in Redis while it answers, else in this instance's memory. */
class SharedStore implements FastifyRateLimitStore {
  private readonly local = new Map<string, { current: number; start: number }>();

  constructor(
    private readonly shared: SharedLimits,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    if (!this.shared.shared) {
      callback(null, this.incrLocal(key, timeWindow));
      return;
    }
    this.shared.increment(this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (err: Error) => {
        this.shared.failed(err);
        callback(null, this.incrLocal(key, timeWindow));
      },
    );
  }

  private incrLocal(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let entry = this.local.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      entry = { current: 0, start: now };
      this.local.delete(key);
      if (this.local.size >= LOCAL_KEYS_MAX) this.local.delete(this.local.keys().next().value!);
      this.local.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.start + timeWindow - now };
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route's merged limit options, the route under `routeInfo` (as its Redis store reads it).
    const info =
      (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    return new SharedStore(this.shared, `${String(info.method ?? '')}${info.url ?? ''}-`);
  }
}
