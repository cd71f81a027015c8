import { describe } from 'vitest';
import { HAPROXY, hasHaproxy } from '../../scripts/deploy/haproxy';
import { describeOnPostgres } from './postgres';

/**
 * `describe` for the tests of several instances behind Debian's HAProxy, on PostgreSQL: without
 * /usr/sbin/haproxy they are skipped, and the file says so in one line naming the package; in CI
 * (`CI` set, where `.ci/run` installs the package) a missing HAProxy fails the file instead, so that
 * CI never passes without running them. Without TEST_DATABASE_URL, as `describeOnPostgres` says.
 */
export function describeBehindHaproxy(name: string, fn: () => void): void {
  if (!hasHaproxy()) {
    if (process.env.CI) throw new Error(`${HAPROXY} manque : .ci/run installe le paquet Debian haproxy`);
    console.log(`« ${name} » : ignorés sans ${HAPROXY} (paquet Debian haproxy, docs/testing.md)`);
    describe.skip(name, fn);
    return;
  }
  describeOnPostgres(name, fn);
}
