import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { buildApp } from '../../src/server/app';
import { KEY_PREFIX } from '../../src/server/security/shared-limits';
import { setupTestApp, TEST_PASSWORD, type TestContext } from '../helpers/app';
import { makeCriteria, studentAccount } from '../helpers/dossier';
import { Fixtures } from '../helpers/resources';
import { describeWithRedis, freePort, TestRedis } from '../helpers/redis';

/**
 * REDIS_URL (docs/decisions/023-shared-limits-and-database-store.md): two instances on one database
 * and one Redis count the same limit; with Redis stopped every request is still answered, each
 * instance counting in its memory, the log saying so once; Redis back, the limit is shared again.
 */

const LIMIT = 4;
const url = `${API_BASE}/campus/televersement`;

interface Instance {
  app: FastifyInstance;
  /** The log lines (pino's JSON objects) this instance wrote. */
  lines: { level: number; msg: string }[];
}

let t: TestContext;
let redis: TestRedis;
const instances: Instance[] = [];

async function instance(): Promise<Instance> {
  const lines: Instance['lines'] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: { ...t.config, REDIS_URL: redis.url, PUBLIC_RATE_PER_MINUTE: LIMIT },
    db: t.database.db,
    jwtSecret: 'x'.repeat(48),
    logger: { level: 'info', stream },
  });
  await app.ready();
  const made = { app, lines };
  instances.push(made);
  return made;
}

/** A public call limited per address (the tus description: no database, no body). */
const call = async (i: Instance) => (await i.app.inject({ method: 'OPTIONS', url })).statusCode;
const warnings = (i: Instance) => i.lines.filter((l) => l.level === 40 && l.msg.includes('Redis'));
const recoveries = (i: Instance) => i.lines.filter((l) => l.msg === messages.consoleRedisRetabli);

describeWithRedis('rate limits shared through Redis (REDIS_URL)', () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    t = await setupTestApp();
    redis = new TestRedis(await freePort());
    await redis.start();
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    for (const i of instances) await i.app.close();
    await redis?.kill();
    await t?.close();
  });

  it('two instances count one limit: what one counted, the other refuses', async () => {
    expect(await call(a)).toBe(204);
    expect(await call(b)).toBe(204);
    expect(await call(a)).toBe(204);
    expect(await call(b)).toBe(204);
    const refused = await b.app.inject({ method: 'OPTIONS', url });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await call(a)).toBe(429);
    // The counter is Redis's, under the application's prefix.
    expect(await redis.keys(`${KEY_PREFIX}*`)).toEqual([
      expect.stringMatching(new RegExp(`^${KEY_PREFIX}OPTIONS`)),
    ]);
    expect(warnings(a)).toEqual([]);
  });

  it('a counter is sent by its script’s SHA1 (EVALSHA) once the connection knows it; counters of one turn share a write', async () => {
    const client = a.app.sharedLimits!.client;
    const calls = async (command: string) => {
      const stats = await client.info('commandstats');
      return Number(new RegExp(`^cmdstat_${command}:calls=(\\d+)`, 'm').exec(stats)?.[1] ?? 0);
    };
    const before = { eval: await calls('eval'), evalsha: await calls('evalsha') };
    for (let n = 0; n < 3; n++) expect(await call(a)).toBe(429);
    // The script's text went once per connection (two instances), the counters since by name.
    expect(await calls('eval')).toBe(before.eval);
    expect(await calls('evalsha')).toBe(before.evalsha + 3);
    expect(before.eval).toBeLessThanOrEqual(2);

    // Three counters asked in one turn of the event loop: one write on the socket (auto-pipelining).
    const stream = (client as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream;
    const write = stream.write;
    let writes = 0;
    stream.write = (...args: unknown[]) => {
      writes += 1;
      return write.apply(stream, args);
    };
    try {
      const counted = await Promise.all(
        [1, 2, 3].map(() => a.app.sharedLimits!.increment('essai-pipeline', 60_000)),
      );
      expect(counted.map((c) => c.current)).toEqual([1, 2, 3]);
    } finally {
      stream.write = write;
    }
    expect(writes).toBe(1);
  });

  it('Redis stopped: every request is answered, each instance counts in its memory, the log says it once', async () => {
    await redis.kill();
    // The first calls after the crash: answered (never a 5xx), whatever the connection's state.
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT; n++) statuses.push(await call(a));
    expect(statuses).toEqual(Array(LIMIT).fill(204));
    expect(await call(a)).toBe(429);
    // The other instance has its own memory meanwhile.
    for (let n = 0; n < LIMIT; n++) expect(await call(b)).toBe(204);
    expect(await call(b)).toBe(429);
    // Said once per instance, however many requests and failed reconnections.
    let failures = 0;
    a.app.sharedLimits!.client.on('error', () => (failures += 1));
    await expect.poll(() => failures).toBeGreaterThanOrEqual(3);
    expect(await call(a)).toBe(429);
    expect(warnings(a)).toHaveLength(1);
    expect(warnings(b)).toHaveLength(1);
    expect(warnings(a)[0].msg).toContain('REDIS_URL');
  });

  it('Redis stopped: nothing else fails (sign-in, lists, a deposit’s upload, on an instance started meanwhile)', async () => {
    expect(await redis.answers()).toBe(false);
    const d = await instance();
    const inject = (
      method: string,
      path: string,
      opts: { token?: string; body?: object; headers?: object } = {},
    ) =>
      d.app.inject({
        method: method as 'GET',
        url: `${API_BASE}/${path}`,
        headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
        payload: opts.body,
      });
    const signin = await inject('POST', 'campus-auth/signin', {
      body: { username: t.accounts.admin.userName, password: TEST_PASSWORD },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const token = (signin.json() as { accessToken: string }).accessToken;
    expect((await inject('GET', 'campus/ville', { token })).statusCode).toBe(200);
    const c = await makeCriteria(await Fixtures.create(t));
    const s = await studentAccount(t, { ine: 'RD00000001', ville: 'Ouagadougou', sigle: 'OUA' });
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const upload = await inject('POST', 'campus/televersement', {
      token: s.token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `filename ${b64('a.pdf')},idTypeCritere ${b64(String(c.typeA))}`,
      },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await expect.poll(() => warnings(d).length).toBe(1);
    // Its error lines: none (Redis's loss is a warning, said once).
    expect(d.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('Redis back: the log says so once, and the limit is shared again', async () => {
    await redis.start();
    await expect.poll(() => recoveries(a).length + recoveries(b).length).toBe(2);
    await expect.poll(() => recoveries(instances[2]).length).toBe(1);
    // A Redis started empty: the counts begin again, for both instances together.
    expect(await call(a)).toBe(204);
    expect(await call(b)).toBe(204);
    expect(await call(a)).toBe(204);
    expect(await call(b)).toBe(204);
    expect(await call(a)).toBe(429);
    expect(await call(b)).toBe(429);
    expect(warnings(a)).toHaveLength(1);
  });

  it('an instance started while Redis is down answers, says so, and joins Redis when it is back', async () => {
    await redis.kill();
    const c = await instance();
    expect(await call(c)).toBe(204);
    await expect.poll(() => warnings(c).length).toBe(1);
    await redis.start();
    await expect.poll(() => recoveries(c).length).toBe(1);
    expect(await call(c)).toBe(204);
    expect(await redis.keys(`${KEY_PREFIX}*`)).toHaveLength(1);
  });
});
