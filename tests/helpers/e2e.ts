import { inject } from 'vitest';
import type { E2eServer } from '../setup/global-e2e';

/**
 * The server this browser test file runs against: its worker's own (tests/setup/global-e2e.ts),
 * so that two files running at once never share a database. Vitest numbers its workers from 1
 * (`VITEST_POOL_ID`); a worker keeps its number, and so its server, for all its files.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(Math.max(1, id) - 1) % servers.length];
}
