import type { Database } from '../../src/server/db/client';

/**
 * Counts the statements sent to the database while a piece of work runs: the driver's client is
 * wrapped (no mock: every statement still runs). On PostgreSQL every `query` of a pooled
 * connection counts (BEGIN and COMMIT included); on PGlite its `query`, and a transaction's BEGIN
 * and its COMMIT or ROLLBACK. Every statement sent meanwhile counts: the test app runs no worker
 * (the proof sweep's first run is a minute after the start), so a request awaited alone is counted
 * alone.
 */
export interface Statement {
  text: string;
  /** The connection it was sent on (PostgreSQL; 0 on PGlite, which has one). */
  connection: number;
}

export interface StatementCounter {
  /** Runs `fn`; the statements sent meanwhile, in order (`BEGIN`/`COMMIT` in upper case on PGlite). */
  count<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
}

const WRAPPED = Symbol('statement counter');
let active: Statement[] | null = null;
let connections = 0;

type Fn = (...args: unknown[]) => unknown;

const textOf = (arg: unknown): string =>
  typeof arg === 'string' ? arg : String((arg as { text?: unknown } | undefined)?.text ?? '');

/** `target[name]` replaced by a function that records its first argument's text. */
function record(target: Record<string | symbol, unknown>, name: string, connection: number): void {
  const original = (target[name] as Fn).bind(target);
  target[name] = (...args: unknown[]) => {
    active?.push({ text: textOf(args[0]).trim(), connection });
    return original(...args);
  };
}

export function statementCounter(database: Database): StatementCounter {
  const client = (database.db as unknown as { $client: Record<string | symbol, unknown> }).$client;
  if (!client[WRAPPED]) {
    client[WRAPPED] = true;
    if (database.kind === 'pg') {
      // Drizzle and the read retry (db/client.ts) take their connections by `pool.connect()`.
      const connect = (client.connect as Fn).bind(client);
      client.connect = (...args: unknown[]) => {
        if (args.length > 0) return connect(...args);
        return (connect() as Promise<Record<string | symbol, unknown>>).then((pooled) => {
          if (!pooled[WRAPPED]) {
            pooled[WRAPPED] = true;
            record(pooled, 'query', (connections += 1));
          }
          return pooled;
        });
      };
    } else {
      record(client, 'query', 0);
      const transaction = (client.transaction as Fn).bind(client);
      const mark = (text: string) => active?.push({ text, connection: 0 });
      client.transaction = async (fn: (tx: Record<string, unknown>) => Promise<unknown>) => {
        mark('BEGIN');
        try {
          const result = await transaction((tx: Record<string, unknown>) => {
            record(tx, 'query', 0);
            return fn(tx);
          });
          mark('COMMIT');
          return result;
        } catch (err) {
          mark('ROLLBACK');
          throw err;
        }
      };
    }
  }
  return {
    async count(fn) {
      if (active) throw new Error('statementCounter: one count at a time');
      const statements: Statement[] = [];
      active = statements;
      try {
        return { result: await fn(), statements };
      } finally {
        active = null;
      }
    },
  };
}

/**
 * The transactions among `statements`, each as its statements' texts from its BEGIN to its COMMIT
 * or ROLLBACK (on its own connection), in the order they began.
 */
export function transactions(statements: Statement[]): string[][] {
  const out: string[][] = [];
  const open = new Map<number, string[]>();
  for (const { text, connection } of statements) {
    if (/^begin\b/i.test(text)) {
      const started: string[] = [];
      open.set(connection, started);
      out.push(started);
    }
    const current = open.get(connection);
    if (!current) continue;
    current.push(text);
    if (/^(commit|rollback)\b/i.test(text)) open.delete(connection);
  }
  return out;
}
