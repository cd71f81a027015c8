import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/env';
import { createTestDatabase } from '../helpers/db';

describe('health', () => {
  it('answers 200 while the database answers, 503 once it does not', async () => {
    const database = await createTestDatabase(inject('dbTemplate'));
    const app = await buildApp({
      config: { ...loadConfig({}), LOG_LEVEL: 'silent' },
      db: database.db,
      jwtSecret: 'y'.repeat(48),
    });
    try {
      const up = await app.inject({ method: 'GET', url: '/service/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok' });
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/service/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().status).not.toBe('ok');
    } finally {
      await app.close();
    }
  });
});
