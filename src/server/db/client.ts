import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import * as schema from './schema';
import { isConnectionLost } from './transaction';
import {
  HEARTBEAT_TIMEOUT_MS,
  JOB_CHANNEL,
  keepListening,
  LISTEN_SQL,
  LISTENER_NAME,
  NotificationHub,
  NOTIFY_CHANNELS,
  type Notifications,
} from './notifications';

/** One Drizzle type for both drivers (PGlite embedded, node-postgres). Transactions share it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** What the database tells this instance (decision 017); never live when opened with `listen: false`. */
  notifications: Notifications;
  close(): Promise<void>;
}

/**
 * Rows of a raw SQL query, typed by the caller: both drivers answer `{ rows }`. The caller's type
 * is not checked against the schema: new code uses Drizzle's builders over the schema's tables
 * instead (docs/decisions/043-typed-queries.md), and the areas still on raw SQL move to them.
 */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return runBuilt<T>(db, buildQuery(query), undefined);
}

export async function one<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

/**
 * At most this many distinct statement texts are prepared by name (per process; each pooled
 * connection keeps the ones it ran until it is closed). Beyond it, queries run unnamed as before:
 * a list's filters and sorts can combine into many texts, and the server's memory must stay bounded.
 */
const MAX_NAMED_STATEMENTS = 256;
const namedStatements = new Set<string>();

/** The text and parameters of a query, as the driver receives them. */
interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/**
 * Drizzle's PostgreSQL dialect, as `drizzle()` builds it for both drivers (no casing option): the
 * same text and parameters as the database object would build.
 */
const dialect = new PgDialect();

/** Builds a query's text and parameters (Drizzle's dialect, the same for both drivers). */
export function buildQuery(query: SQL): BuiltQuery {
  return dialect.sqlToQuery(query);
}

/**
 * The name a statement text is prepared under: a hash of the text, so that the same text always
 * gets the same name and two texts never share one; `undefined` (unnamed) once
 * `MAX_NAMED_STATEMENTS` texts have a name.
 */
export function statementName(text: string): string | undefined {
  const name = `q_${createHash('sha1').update(text).digest('base64url')}`;
  if (namedStatements.has(name)) return name;
  if (namedStatements.size >= MAX_NAMED_STATEMENTS) return undefined;
  namedStatements.add(name);
  return name;
}

/**
 * Forgets which texts have a name (the cap starts again). For tests: a test process runs many
 * files' servers one after another, and the cap is per process. Harmless otherwise: a connection
 * that already prepared a name keeps using it.
 */
export function forgetStatementNames(): void {
  namedStatements.clear();
}

/** Runs a built query under a statement name (`statementName`), or unnamed when there is none. */
export async function runBuilt<T = Record<string, unknown>>(
  db: Db,
  built: BuiltQuery,
  name: string | undefined,
): Promise<T[]> {
  // `db._.session` is the database's (or the transaction's) session, public in Drizzle's types;
  // `prepareQuery` with a name is what the builders' `.prepare(name)` runs.
  const prepared = db._.session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(
    built,
    undefined,
    name,
    false,
  );
  return (await prepared.execute()).rows;
}

/**
 * `rows`, as a named (server-side prepared) statement on PostgreSQL: the statement is parsed and
 * planned once per connection and then only bound and executed; after five runs PostgreSQL may keep
 * a generic plan, so a hot query stops paying its planning (a list of eight joins: 1.5–5 ms a call,
 * more than its execution). PGlite ignores the name (same rows).
 */
export async function preparedRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const built = buildQuery(query);
  return runBuilt<T>(db, built, statementName(built.sql));
}

export async function preparedOne<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | undefined> {
  return (await preparedRows<T>(db, query))[0];
}

/**
 * What a statement prepared on `db` runs on: the server's pool, the pooled connection of a
 * transaction (the same connection serves transaction after transaction), or PGlite (a PGlite
 * transaction is an object of its own each time).
 */
function connectionOf(db: Db): object {
  return (db._.session as unknown as { client?: object }).client ?? db;
}

/**
 * A statement built once per connection at its first use, then run again as built: for a hot
 * statement prepared by name (`.prepare(name)` with `sql.placeholder`s), whose text Drizzle would
 * otherwise build again at each call (a read of ten tables: about 0.5 ms of the server's CPU each
 * time, docs/decisions/150-statements-built-once.md). A prepared statement runs on the connection
 * it was made for, so the one made inside a transaction serves the later transactions of that
 * pooled connection, never another connection.
 */
export function builtOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    const connection = connectionOf(db);
    let statement = built.get(connection);
    if (!statement) {
      statement = build(db);
      built.set(connection, statement);
    }
    return statement;
  };
}

/**
 * A placeholder of a statement built once (`builtOnce`), cast to its SQL type: `$n::int`. The cast
 * types a parameter PostgreSQL could not infer (a `VALUES` inside a CTE, a `CASE`, an array).
 */
export const placeholderAs = (key: string, type: string) => sql`${sql.placeholder(key)}::${sql.raw(type)}`;

/**
 * A statement whose running twice changes nothing: a plain `SELECT` that takes no lock and calls
 * no function with an effect. Any other statement outside a transaction (an `INSERT`, a
 * `WITH … UPDATE`, a claim `FOR UPDATE SKIP LOCKED`) may have been applied when its connection died.
 */
export function isReadOnlyStatement(text: string): boolean {
  return (
    /^\s*select\b/i.test(text) &&
    !/\b(for\s+(update|share|no\s+key\s+update|key\s+share)|nextval|setval|pg_advisory\w*|pg_notify|set_config|pg_terminate_backend|pg_cancel_backend)\b/i.test(
      text,
    )
  );
}

/** A call that brings its own callback, or a query object that streams its rows: run as it is. */
const ownCallback = (args: unknown[]) =>
  typeof args[args.length - 1] === 'function' ||
  typeof (args[0] as { submit?: unknown })?.submit === 'function';

/**
 * A statement run through node-postgres's callback form, its answer as a promise. Its promise form
 * (`client.query(config, values)` with no callback) gives the query its callback only after
 * building it, and every row of such a result then outlived the next young collection and was
 * copied to the old generation (measured on a read of 90,000 rows in slices of 250: 58 MB of rows
 * promoted, against 1–2 MB with the callback given at once); the old generation, collected late,
 * grew the server by as much (docs/decisions/134-publication-and-its-xlsx.md). The same statement,
 * the same answer: only the form of the call differs.
 */
function queryByCallback(client: { query: (...a: unknown[]) => unknown }, args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    client.query(...args, (err: unknown, res: unknown) => (err ? reject(err) : resolve(res)));
  });
}

/**
 * The one place a statement outside a transaction reaches PostgreSQL (Drizzle calls `pool.query`;
 * a transaction checks a client out and is retried by `withTransaction`). When the connection
 * could not be opened (nothing was sent) or died under a read-only statement
 * (`isReadOnlyStatement`), the statement runs once more on another connection; otherwise, or when
 * that fails too, the error goes on and the call answers 503 (plugins/errors.ts,
 * docs/decisions/025-database-faults.md). A client whose connection died is dropped by the pool.
 */
function retryReads(pool: pg.Pool): void {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const attempt = async (args: unknown[]): Promise<{ result?: unknown; error?: unknown; sent: boolean }> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      return { error, sent: false };
    }
    try {
      const result = await queryByCallback(client, args);
      client.release();
      return { result, sent: true };
    } catch (error) {
      client.release(isConnectionLost(error) ? (error as Error) : undefined);
      return { error, sent: true };
    }
  };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // The callback form (not used by Drizzle) and a query object that streams: as pg-pool does.
    if (ownCallback(args)) return original(...args);
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown })?.text ?? '');
    return (async () => {
      const first = await attempt(args);
      if (!('error' in first) || first.error === undefined) return first.result;
      if (!isConnectionLost(first.error) || (first.sent && !isReadOnlyStatement(text))) throw first.error;
      // A turn of the event loop: the pool hears of its other connections that died with this one.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const second = await attempt(args);
      if (second.error !== undefined) throw second.error;
      return second.result;
    })();
  };
}

const GUARDED = Symbol('begin guarded');

/**
 * Drizzle's transaction on a pool checks a client out, then sends BEGIN before the `try` that
 * releases it: when BEGIN fails (the client's connection died after it was checked out, or the
 * pool handed out a connection whose death it had not heard of yet), the client is never given
 * back. Each such failure would take one connection from the pool for good, until no call could
 * get one and the server never recovered (found by tests/api/database-faults.test.ts, decision
 * 025). The failed BEGIN's client is released here, with its error (so the pool drops it).
 */
function releaseOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const guarded = client as pg.PoolClient & { [GUARDED]?: true };
      if (!guarded[GUARDED]) {
        guarded[GUARDED] = true;
        const query = client.query.bind(client) as (...a: unknown[]) => unknown;
        (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
          const result = ownCallback(a) ? query(...a) : queryByCallback({ query }, a);
          const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: unknown } | undefined)?.text;
          if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise))
            return result;
          return result.catch((err: unknown) => {
            client.release(err instanceof Error ? err : new Error(String(err)));
            throw err;
          });
        };
      }
      return client;
    });
  };
}

// int8 as number, numeric as number, date as 'YYYY-MM-DD' string: the API's shapes (docs/api.md).
const parsers = {
  20: (v: string) => Number(v),
  1700: (v: string) => Number(v),
  1082: (v: string) => v,
};

interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: a dump (from dumpDataDir) to start from, for fast test databases. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * The connection kept for LISTEN (decision 017), when it must not go where `databaseUrl` goes:
   * behind a pooler in transaction mode, PostgreSQL itself. Default: `databaseUrl`.
   */
  listenUrl?: string;
  /**
   * `databaseUrl` is a pooler in transaction mode (PgBouncer): each transaction may run on another
   * server connection, so nothing may outlive one. Statements are sent unnamed (no server-side
   * prepared statements), the pool's connections do not LISTEN, and no startup option (`jit`,
   * `statement_timeout`, which PgBouncer refuses) is sent (docs/operations.md).
   */
  transactionPooler?: boolean;
  /** `statement_timeout` of every pooled connection, in ms (0 or unset: none). */
  statementTimeoutMs?: number;
  /**
   * How long a query waits for a connection, new or free (default 10 s; 0: no limit), then the
   * call fails (503).
   */
  connectTimeoutMs?: number;
  /** A pooled connection unused this long is closed (unset: 10 s; 0: never). */
  idleTimeoutMs?: number;
  /**
   * Listen to the server's channels (default true). A database opened for a migration or as a
   * template does not: a template copied while a connection is open to it cannot be copied.
   */
  listen?: boolean;
}

/**
 * A client that sends every statement unnamed (the text parsed again each time): behind a pooler in
 * transaction mode (PgBouncer before 1.21, or without `max_prepared_statements`) a statement
 * prepared on one server connection is unknown to the next one.
 */
function unnamedClient(pg: typeof import('pg').default): typeof pg.Client {
  return class UnnamedClient extends pg.Client {
    override query(...args: unknown[]): never {
      const first = args[0];
      if (first && typeof first === 'object' && 'name' in first && !('submit' in first)) {
        const { name: _name, ...rest } = first as { name?: string };
        args[0] = rest;
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  } as unknown as typeof pg.Client;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const hub = new NotificationHub();
  const listen = opts.listen !== false;
  if (opts.databaseUrl) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pooler = opts.transactionPooler === true;
    const config: pg.ClientConfig = {
      connectionString: opts.databaseUrl,
      // No JIT compilation: the server runs short statements, and a list whose estimated cost crosses
      // `jit_above_cost` compiles each of its queries again (the admissible list with 100,000 admitted
      // and 50,000 uploaded rows, read whole: 4.1 s with JIT, 3.2 s without; decision 014). A pooler
      // refuses startup options: there, `ALTER DATABASE … SET jit = off` (docs/operations.md).
      ...(pooler ? {} : { options: '-c jit=off' }),
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          (parsers as Record<number, (v: string) => unknown>)[oid] ??
          pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    };
    // Each pooled connection listens too, before its first query (pg-pool's `onConnect`, run once
    // the pool watches the connection's errors): a commit of this instance is then told before it
    // returns (decision 017).
    const onConnect = async (client: pg.ClientBase) => {
      hub.relay(client);
      await client.query(LISTEN_SQL);
    };
    const pool = new pg.Pool({
      ...config,
      max: opts.poolSize ?? 10,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      // A server that does not answer (a host gone, a full backlog): the call fails, and answers
      // 503, rather than waiting for the system's TCP timeout (minutes). TCP keepalive finds a
      // connection dropped without a word (docs/decisions/025-database-faults.md).
      ...(opts.connectTimeoutMs === 0 ? {} : { connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000 }),
      keepAlive: true,
      ...(opts.idleTimeoutMs !== undefined ? { idleTimeoutMillis: opts.idleTimeoutMs } : {}),
      // Behind a transaction pooler a LISTEN would stay on whichever server connection ran it, and a
      // named statement would be missing on the next one: neither is done there.
      ...(listen && !pooler ? { onConnect } : {}),
      ...(pooler ? { Client: unnamedClient(pg) } : {}),
    });
    pool.on('error', () => {
      /* an idle client's error: the pool replaces it */
    });
    // A connection that dies while checked out (in a transaction, between two statements) emits
    // `error` on its client, which pg-pool only listens to while the client is idle: without this,
    // a backend terminated mid-transaction would end the process. The statement under way fails
    // on its own, and the pool drops the client when it is released (decision 025).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    retryReads(pool);
    releaseOnFailedBegin(pool);
    // The listening connection is named, for pg_stat_activity (and the tests that cut it); TCP
    // keepalive, a bounded handshake and bounded queries (its heartbeat: keepListening).
    const listener = listen
      ? await keepListening(
          () =>
            new pg.Client({
              ...config,
              connectionString: opts.listenUrl ?? opts.databaseUrl,
              application_name: LISTENER_NAME,
              keepAlive: true,
              keepAliveInitialDelayMillis: 10_000,
              connectionTimeoutMillis: 10_000,
              query_timeout: HEARTBEAT_TIMEOUT_MS,
            }),
          hub,
        )
      : undefined;
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      notifications: hub,
      close: async () => {
        await listener?.stop();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (trigram indexes of the list searches, migration 0005): a contrib extension of PGlite.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir, 'pgdata');
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const client = new PGlite({
    dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: parsers as never,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  // One session: its commits are told before they return, and nothing can be missed (decision 017).
  if (listen) {
    for (const channel of [...NOTIFY_CHANNELS, JOB_CHANNEL])
      await client.listen(channel, (payload) => hub.deliver(channel, payload));
    hub.setLive(true);
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    notifications: hub,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
