/**
 * The reference deployment's balancer (docs/operations.md#the-reference-deployment,
 * docs/decisions/024-reference-deployment.md): the HAProxy configuration in front of the instances,
 * written by `npm run deploy:local` and by the deployment test, and the reading of its statistics.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Debian's HAProxy (`apt-get install haproxy`; 2.6 on Debian 12). */
export const HAPROXY = '/usr/sbin/haproxy';

export const hasHaproxy = () => existsSync(HAPROXY) && spawnSync(HAPROXY, ['-v']).status === 0;

/** The path the balancer checks on each instance. */
export const HEALTH_PATH = '/service/api/health';

/** The response header naming the instance that answered (set by HAProxy). */
export const INSTANCE_HEADER = 'x-cenou-instance';

export interface Backend {
  /** The server's name in HAProxy (its statistics, the `X-Cenou-Instance` header). */
  name: string;
  host: string;
  port: number;
}

export interface HaproxyOptions {
  /** Where the balancer listens for the users. */
  bind: { host: string; port: number };
  /** Where its statistics page listens (CSV at `/;csv`): kept on the loopback. */
  statsPort: number;
  backends: Backend[];
  /** Health check period in ms (default 500): an instance is out after `fall` failed checks. */
  checkIntervalMs?: number;
}

/**
 * The configuration. Each choice is explained in docs/operations.md; in short:
 * - the health check: `GET /service/api/health` must answer 200, every 500 ms, two failures take an
 *   instance out (`fall 2`), two successes put it back (`rise 2`). An instance answers 503 as soon as
 *   it is told to stop and while its database is unreachable;
 * - a connection refused or reset before any answer (`conn-failure`, `empty-response`,
 *   `junk-response`) is tried again on another instance (`option redispatch`): for every method when
 *   the connection failed (nothing was sent), and only for GET, HEAD and OPTIONS once the request
 *   was sent (`disable-l7-retry` for the others: a POST may have been carried out);
 * - `observe layer4` with `on-error mark-down`: a refused connection takes the instance out at once,
 *   without waiting for the next checks;
 * - timeouts: 2 s to connect to an instance, 10 s for a request's headers, 60 s of silence from a
 *   client, 120 s for an instance's answer (a long export), 10 s in the queue.
 */
export function haproxyConfig(o: HaproxyOptions): string {
  const inter = o.checkIntervalMs ?? 500;
  const lines = [
    '# Written by scripts/deploy (docs/operations.md#the-reference-deployment). Regenerated at each start.',
    'global',
    '  log stdout format raw local0 info',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlognull',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout http-request 10s',
    '  timeout client 60s',
    '  timeout server 120s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    `  timeout check ${Math.max(inter * 2, 1000)}ms`,
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response junk-response',
    '',
    'frontend cenou',
    `  bind ${o.bind.host}:${o.bind.port}`,
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    `  option httpchk GET ${HEALTH_PATH}`,
    '  http-check expect status 200',
    '  acl rejouable method GET HEAD OPTIONS',
    '  http-request disable-l7-retry unless rejouable',
    `  http-response set-header X-Cenou-Instance %s`,
    `  default-server check inter ${inter}ms fastinter ${Math.max(Math.round(inter / 2), 100)}ms downinter ${inter}ms fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down`,
    ...o.backends.map((b) => `  server ${b.name} ${b.host}:${b.port}`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${o.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 2s',
    '',
  ];
  return lines.join('\n');
}

/** A server's state as HAProxy's statistics give it: `UP`, `DOWN`, `UP 1/2` (going down)… */
export type ServerStates = Record<string, string>;

/** The state of each server of the `instances` backend, read from the statistics' CSV. */
export async function serverStates(statsPort: number): Promise<ServerStates> {
  const res = await fetch(`http://127.0.0.1:${statsPort}/;csv`);
  const text = await res.text();
  const [header, ...rows] = text.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const px = columns.indexOf('pxname');
  const sv = columns.indexOf('svname');
  const status = columns.indexOf('status');
  const states: ServerStates = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[px] === 'instances' && cells[sv] !== 'BACKEND') states[cells[sv]] = cells[status];
  }
  return states;
}
