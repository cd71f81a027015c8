import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import { hashPassword, PASSWORD_HASH_COSTS, setPasswordHashCost, verifyPassword } from './passwords';

// argon2id's two costs (decision 125): production's by default, the tests' chosen by configuration;
// a hash carries its parameters, so each cost verifies the other's hashes.
describe('the cost of the password hashes', () => {
  afterEach(() => setPasswordHashCost('standard'));

  it('is OWASP’s minimum unless configured otherwise', async () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('standard');
    expect(PASSWORD_HASH_COSTS.standard).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await hashPassword('Motdepasse-2026')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('is the tests’ once set, and either cost verifies the other’s hashes', async () => {
    const strong = await hashPassword('Motdepasse-2026');
    expect(loadConfig({ PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
    setPasswordHashCost('test');
    const cheap = await hashPassword('Motdepasse-2026');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(strong, 'Motdepasse-2026')).toBe(true);
    expect(await verifyPassword(cheap, 'Motdepasse-2026')).toBe(true);
    expect(await verifyPassword(cheap, 'Motdepasse-2027')).toBe(false);
    setPasswordHashCost('standard');
    expect(await verifyPassword(cheap, 'Motdepasse-2026')).toBe(true);
    expect(await verifyPassword(null, 'Motdepasse-2026')).toBe(false);
  });

  it('refuses an unknown cost, naming the setting', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'faible' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'faible' })).toThrow('PASSWORD_HASH_COST');
  });
});
