import { describe } from 'vitest';

/** The server `.ci/run` gives the API tests' PostgreSQL pass (docs/testing.md). */
export const CI_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * `describe` for the tests that need a PostgreSQL server (several connections at once:
 * concurrency, two instances; PGlite has one): without TEST_DATABASE_URL they are skipped, and the
 * file says so in one line naming the variable that runs them.
 */
export function describeOnPostgres(name: string, fn: () => void): void {
  if (!process.env.TEST_DATABASE_URL)
    console.log(`« ${name} » : ignorés sans TEST_DATABASE_URL=${CI_DATABASE_URL} (docs/testing.md)`);
  describe.skipIf(!process.env.TEST_DATABASE_URL)(name, fn);
}
