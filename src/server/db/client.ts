import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import * as schema from './schema';
import {
  HEARTBEAT_TIMEOUT_MS,
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

/** Rows of a raw SQL query, typed by the caller: both drivers answer `{ rows }`. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function one<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

/**
 * At most this many distinct statement texts are prepared by name (per process; each pooled
 * connection keeps the ones it ran until it is closed). Beyond it, queries run unnamed as before:
 * a list's filters and sorts can combine into many texts, and the server's memory must stay bounded.
 */
export const MAX_NAMED_STATEMENTS = 256;
const namedStatements = new Set<string>();

interface SessionLike {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    arrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/** The text and parameters of a query, as the driver receives them. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** Builds a query's text and parameters (Drizzle's dialect, the same for both drivers). */
export function buildQuery(db: Db, query: SQL): BuiltQuery {
  return (db as unknown as { dialect: { sqlToQuery(q: SQL): BuiltQuery } }).dialect.sqlToQuery(query);
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

/** Runs a built query under a statement name (`statementName`), or unnamed when there is none. */
export async function runBuilt<T = Record<string, unknown>>(
  db: Db,
  built: BuiltQuery,
  name: string | undefined,
): Promise<T[]> {
  const session = (db as unknown as { session: SessionLike }).session;
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * `rows`, as a named (server-side prepared) statement on PostgreSQL: the statement is parsed and
 * planned once per connection and then only bound and executed; after five runs PostgreSQL may keep
 * a generic plan, so a hot query stops paying its planning (a list of eight joins: 1.5–5 ms a call,
 * more than its execution). PGlite ignores the name (same rows).
 */
export async function preparedRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const built = buildQuery(db, query);
  return runBuilt<T>(db, built, statementName(built.sql));
}

export async function preparedOne<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | undefined> {
  return (await preparedRows<T>(db, query))[0];
}

// int8 as number, numeric as number, date as 'YYYY-MM-DD' string: the API's shapes (docs/api.md).
const parsers = {
  20: (v: string) => Number(v),
  1700: (v: string) => Number(v),
  1082: (v: string) => v,
};

export interface OpenOptions {
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
  /** How long a query waits for a connection, new or free (0 or unset: no limit). */
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
      ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}),
      ...(opts.idleTimeoutMs !== undefined ? { idleTimeoutMillis: opts.idleTimeoutMs } : {}),
      // Behind a transaction pooler a LISTEN would stay on whichever server connection ran it, and a
      // named statement would be missing on the next one: neither is done there.
      ...(listen && !pooler ? { onConnect } : {}),
      ...(pooler ? { Client: unnamedClient(pg) } : {}),
    });
    pool.on('error', () => {
      /* an idle client's error: the pool replaces it */
    });
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
    for (const channel of NOTIFY_CHANNELS)
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
