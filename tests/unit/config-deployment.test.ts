import { describe, expect, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { ConfigError, DEFAULT_DRAIN_MS, loadConfig } from '../../src/server/config/env';

/** The reference deployment's settings (docs/operations.md#the-reference-deployment). */
describe('configuration of the pool, the timeouts, the pooler and the drain', () => {
  const PG = 'postgres://cenou@db:5432/cenou';

  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 0,
      DATABASE_CONNECT_TIMEOUT_MS: 10_000,
      DATABASE_IDLE_TIMEOUT_MS: 10_000,
      DATABASE_TRANSACTION_POOLER: false,
      SHUTDOWN_DRAIN_MS: 0,
    });
    expect(loadConfig({}).DATABASE_LISTEN_URL).toBeUndefined();
  });

  it('drains for 5 s by default behind a balancer (TRUST_PROXY), as long as asked otherwise', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).SHUTDOWN_DRAIN_MS).toBe(DEFAULT_DRAIN_MS);
    expect(DEFAULT_DRAIN_MS).toBe(5000);
    expect(loadConfig({ TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2500' }).SHUTDOWN_DRAIN_MS).toBe(2500);
  });

  it.each([
    ['DATABASE_POOL_MAX', '1'],
    ['DATABASE_POOL_MAX', 'dix'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-5'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '1.5'],
    ['DATABASE_IDLE_TIMEOUT_MS', 'jamais'],
    ['SHUTDOWN_DRAIN_MS', '-1'],
    ['DATABASE_LISTEN_URL', 'http://db/cenou'],
    ['DATABASE_TRANSACTION_POOLER', 'peut-être'],
  ])('refuses %s=%s with a French message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
    expect(() => loadConfig({ [name]: value })).toThrow(messages.configInvalide);
  });

  it('behind a transaction pooler: DATABASE_URL and a direct DATABASE_LISTEN_URL needed, no statement timeout sent', () => {
    const pooler = { DATABASE_TRANSACTION_POOLER: '1' };
    expect(() => loadConfig(pooler)).toThrow(messages.configPoolerSansBase);
    expect(() => loadConfig({ ...pooler, DATABASE_URL: PG })).toThrow(messages.configPoolerEcoute);
    expect(() =>
      loadConfig({
        ...pooler,
        DATABASE_URL: PG,
        DATABASE_LISTEN_URL: PG,
        DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      }),
    ).toThrow(messages.configPoolerDelaiRequete);
    expect(loadConfig({ ...pooler, DATABASE_URL: PG, DATABASE_LISTEN_URL: PG })).toMatchObject({
      DATABASE_TRANSACTION_POOLER: true,
      DATABASE_LISTEN_URL: PG,
    });
  });
});

describe('the job queue and the answers job: one interval each, the old name mapped', () => {
  it('polls every second by default, each setting on its own', () => {
    const c = loadConfig({});
    expect([c.QUEUE_INTERVAL_MS, c.SMS_ANSWERS_INTERVAL_MS, c.renamedSettings]).toEqual([1000, 1000, []]);
    const d = loadConfig({ QUEUE_INTERVAL_MS: '200', SMS_ANSWERS_INTERVAL_MS: '5000' });
    expect([d.QUEUE_INTERVAL_MS, d.SMS_ANSWERS_INTERVAL_MS]).toEqual([200, 5000]);
  });

  it('takes MAIL_WORKER_INTERVAL_MS for the settings left unset, and names it for the log', () => {
    const c = loadConfig({ MAIL_WORKER_INTERVAL_MS: '300', SMS_ANSWERS_INTERVAL_MS: '700' });
    expect([c.QUEUE_INTERVAL_MS, c.SMS_ANSWERS_INTERVAL_MS]).toEqual([300, 700]);
    expect(c.renamedSettings.map((r) => r.ancien)).toEqual(['MAIL_WORKER_INTERVAL_MS']);
    expect(fill(messages.configReglageRenomme, { ...c.renamedSettings[0] })).toContain(
      'QUEUE_INTERVAL_MS, SMS_ANSWERS_INTERVAL_MS',
    );
  });

  it('refuses an interval out of bounds, under its new name as under its old one', () => {
    expect(() => loadConfig({ QUEUE_INTERVAL_MS: '10' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_WORKER_INTERVAL_MS: 'x' })).toThrow(/MAIL_WORKER_INTERVAL_MS/);
  });
});
