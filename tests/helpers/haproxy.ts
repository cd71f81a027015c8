import { HAPROXY, hasHaproxy } from '../../scripts/deploy/haproxy';
import { describeOnPostgres } from './postgres';
import { missingProgramError } from './system-packages';

/**
 * `describe` for the tests of several instances behind Debian's HAProxy, on PostgreSQL. Without
 * /usr/sbin/haproxy the file fails with the command that installs it (`npm test` and `.ci/run`
 * install it first, scripts/ensure-system-packages.mjs): never skipped for a missing package.
 * Without TEST_DATABASE_URL, as `describeOnPostgres` says.
 */
export function describeBehindHaproxy(name: string, fn: () => void): void {
  if (!hasHaproxy()) throw missingProgramError(HAPROXY, 'haproxy');
  describeOnPostgres(name, fn);
}
