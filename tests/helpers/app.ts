import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config/env';
import type { Database } from '../../src/server/db/client';
import { createTestAccounts, type StaffKey } from '../../src/server/seed/factories';
import { createTestDatabase } from './db';

export const TEST_PASSWORD = 'Motdepasse-2026';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  accounts: Record<StaffKey, { id: number; userName: string }>;
  /** A bearer token of one of the test accounts (signed in through the real route, cached). */
  token(who: StaffKey): Promise<string>;
  /** `api('GET', 'campus/cite')`: a request through the whole HTTP stack (inject). */
  api(
    method: string,
    url: string,
    opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The configuration the test apps start from: the defaults, and the document store named by
 * TEST_DOCUMENTS_STORE (`database`: the same API tests with the documents in the database;
 * docs/testing.md).
 */
export function testConfig(dataDir: string): Config {
  return {
    ...loadConfig({ DOCUMENTS_STORE: process.env.TEST_DOCUMENTS_STORE, PASSWORD_HASH_COST: 'test' }),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
}

/**
 * One app and one database for a test file (fresh copy of the migrated template, or the database
 * given: opened through a proxy, tests/helpers/tcp-proxy.ts).
 */
export async function setupTestApp(
  overrides: Partial<Config> = {},
  opts: {
    database?: Database;
    payments?: BuildOptions['payments'];
    providerTiming?: BuildOptions['providerTiming'];
  } = {},
): Promise<TestContext> {
  const database = opts.database ?? (await createTestDatabase(inject('dbTemplate')));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cenou-test-'));
  const config: Config = { ...testConfig(dataDir), ...overrides };
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: 'x'.repeat(48),
    notifications: database.notifications,
    payments: opts.payments,
    providerTiming: opts.providerTiming,
  });
  await app.ready();
  const accounts = await createTestAccounts(database.db, TEST_PASSWORD);
  const tokens = new Map<StaffKey, string>();

  const api: TestContext['api'] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const full = url.startsWith('/') ? url : `${API_BASE}/${url}`;
    return app.inject({
      method: method as 'GET',
      url: full,
      headers,
      payload: opts.body as string | object | undefined,
    });
  };

  const token = async (who: StaffKey) => {
    const hit = tokens.get(who);
    if (hit) return hit;
    const res = await api('POST', 'campus-auth/signin', {
      body: { username: accounts[who].userName, password: TEST_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`signin ${who} failed: ${res.statusCode} ${res.body}`);
    const t = (res.json() as { accessToken: string }).accessToken;
    tokens.set(who, t);
    return t;
  };

  return {
    app,
    database,
    config,
    dataDir,
    accounts,
    token,
    api,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
