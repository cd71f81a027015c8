/**
 * `npm run deploy:local -- --instances 2`: the reference deployment on this machine
 * (docs/operations.md#the-reference-deployment). Builds what is out of date, creates the database
 * when missing, starts a Redis of its own (unless REDIS_URL or --no-redis), N instances of the built
 * server and HAProxy in front, and prints the URL. SIGHUP (or `--rolling-restart` from another
 * terminal) restarts the instances one by one; Ctrl-C stops everything it started, by PID.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fill, messages } from '../src/domain/messages';
import { Deployment, ensureDatabase, REDIS_SERVER, startRedis } from './deploy/cluster';
import { HAPROXY, hasHaproxy } from './deploy/haproxy';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cenou_deploiement';

function usage(code: number): never {
  (code ? process.stderr : process.stdout).write(`${messages.deploiementUsage}\n`);
  process.exit(code);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: process.env.PORT ?? '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: '.deploy-local' },
      'database-url': { type: 'string', default: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL },
      'redis-url': { type: 'string', default: process.env.REDIS_URL },
      'no-redis': { type: 'boolean', default: false },
      'drain-ms': { type: 'string' },
      'rolling-restart': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
}
try {
  args = parse();
} catch {
  usage(2);
}
if (args.help) usage(0);

const runDir = path.resolve(args.dir);
const stateFile = path.join(runDir, 'etat.json');

interface State {
  pid: number;
  rollingRestarts: number;
  rolling: boolean;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `--rolling-restart`: asks the running deployment (its PID in etat.json) and waits for the end. */
async function askRollingRestart(): Promise<void> {
  const read = (): State | undefined =>
    existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State) : undefined;
  const before = read();
  if (!before || !alive(before.pid)) {
    process.stderr.write(`${fill(messages.deploiementAucun, { dossier: runDir })}\n`);
    process.exit(1);
  }
  process.kill(before.pid, 'SIGHUP');
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const now = read();
    if (!now || !alive(now.pid)) {
      process.stderr.write(`${fill(messages.deploiementAucun, { dossier: runDir })}\n`);
      process.exit(1);
    }
    if (now.rollingRestarts > before.rollingRestarts && !now.rolling) break;
  }
  process.stdout.write(`${messages.deploiementRedemarrageTermine}\n`);
}

async function deploy(): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (!hasHaproxy()) throw new Error(fill(messages.deploiementHaproxyAbsent, { chemin: HAPROXY }));
  const instances = Number(args.instances);
  const port = Number(args.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) usage(2);
  if (!Number.isInteger(port) || port < 1 || port > 65535) usage(2);

  say(messages.deploiementConstruction);
  execFileSync(process.execPath, ['scripts/build-web.mjs'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });

  const databaseUrl = args['database-url']!;
  let created: boolean;
  try {
    created = await ensureDatabase(databaseUrl);
  } catch (err) {
    throw new Error(fill(messages.deploiementBaseRequise, { erreur: (err as Error).message }));
  }
  say(
    fill(messages.deploiementBase, {
      url: databaseUrl.replace(/:[^:@/]*@/, ':***@'),
      creee: created ? messages.deploiementBaseCreee : '',
    }),
  );

  // The run folder is kept between runs (the logs, the signing key, the instances' DATA_DIR).
  mkdirSync(runDir, { recursive: true });
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  let redisUrl = args['no-redis'] ? undefined : args['redis-url'];
  if (!args['no-redis'] && !redisUrl && existsSync(REDIS_SERVER)) {
    redis = await startRedis(runDir);
    redisUrl = redis.url;
  }
  say(
    redisUrl
      ? fill(messages.deploiementRedis, { url: redisUrl, lance: redis ? messages.deploiementRedisLance : '' })
      : messages.deploiementSansRedis,
  );

  const deployment = new Deployment({
    runDir,
    instances,
    databaseUrl,
    redisUrl,
    host: args.host!,
    port,
    env: args['drain-ms'] !== undefined ? { SHUTDOWN_DRAIN_MS: args['drain-ms'] } : {},
    say,
  });
  const state: State = { pid: process.pid, rollingRestarts: 0, rolling: false };
  const writeState = () =>
    writeFileSync(stateFile, JSON.stringify({ ...deployment.describe(), ...state }, null, 2));

  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say(messages.deploiementArret);
    await deployment.stop();
    await redis?.stop();
    rmSync(stateFile, { force: true });
    say(messages.deploiementArrete);
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  let started = false;
  process.on('SIGHUP', () => {
    if (!started) return;
    if (state.rolling || stopping) return say(messages.deploiementRedemarrageEnCours);
    state.rolling = true;
    writeState();
    deployment
      .rollingRestart()
      .then(() => say(messages.deploiementRedemarrageTermine))
      .catch((err: Error) => say(fill(messages.deploiementEchec, { erreur: err.message })))
      .finally(() => {
        state.rolling = false;
        state.rollingRestarts += 1;
        writeState();
      });
  });

  try {
    await deployment.start();
  } catch (err) {
    say(fill(messages.deploiementEchec, { erreur: (err as Error).message }));
    await stopAll(1);
  }
  started = true;
  writeState();
  say(fill(messages.deploiementStatistiques, { port: deployment.statsPort }));
}

if (args['rolling-restart']) {
  await askRollingRestart();
} else {
  try {
    await deploy();
  } catch (err) {
    process.stderr.write(`${fill(messages.deploiementEchec, { erreur: (err as Error).message })}\n`);
    process.exit(1);
  }
}
