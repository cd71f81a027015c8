#!/usr/bin/env node
// The suite under load (docs/testing.md): one busy loop per core, started and stopped here, while
// the tests run N times in a row. A test that needs a quiet machine fails here, not in a CI run
// made while other work goes on.
//
//   npm run test:loaded                                   npm test, 3 times, every core busy
//   npm run test:loaded -- --runs 1                       once
//   npm run test:loaded -- --runs 2 --project unit tests/unit/logger.test.ts
//                                                         vitest run <those arguments>, twice
//   npm run test:loaded -- --busy 1                       one busy loop only
//
// Every other argument goes to `vitest run` instead of `npm test`. Prints each run's duration and
// result; exits with 1 if any run failed (130 when interrupted). The loops are this script's own
// children, stopped by their PIDs whatever happens (and each stops by itself if the script dies).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function parseArgs(argv) {
  const opts = { runs: 3, busy: os.availableParallelism(), vitest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (name) => {
      const v = Number(a.includes('=') ? a.split('=')[1] : argv[++i]);
      if (!Number.isInteger(v) || v < 0) {
        console.error(`${name} attend un nombre entier (reçu : ${a}).`);
        process.exit(2);
      }
      return v;
    };
    if (a === '--runs' || a.startsWith('--runs=')) opts.runs = Math.max(1, value('--runs'));
    else if (a === '--busy' || a.startsWith('--busy=')) opts.busy = value('--busy');
    else if (a === '--') continue;
    else opts.vitest.push(a);
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const command = opts.vitest.length
  ? { file: process.execPath, args: ['node_modules/vitest/vitest.mjs', 'run', ...opts.vitest] }
  : { file: 'npm', args: ['test'] };
const shown = opts.vitest.length ? `vitest run ${opts.vitest.join(' ')}` : 'npm test';

// A loop that takes a whole core, and ends when its parent is gone (a SIGKILL gives no chance to
// stop it): its parent's PID is checked every few million turns.
const LOOP = `const p = ${process.pid}; for (let i = 0; ; i++) if (i % 5e6 === 0 && process.ppid !== p) process.exit(0);`;
const loops = [];
function startLoops() {
  for (let i = 0; i < opts.busy; i++) loops.push(spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore' }));
}
function stopLoops() {
  for (const loop of loops.splice(0)) {
    if (loop.exitCode === null && loop.signalCode === null) loop.kill('SIGKILL');
  }
}
process.on('exit', stopLoops);

let current;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    stopLoops();
    // On Ctrl-C the terminal has told the tests already; a signal sent to this script alone is
    // passed on. The script ends once the run it started has ended.
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(130);
  });
}

const duration = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

function run() {
  return new Promise((resolve) => {
    const started = Date.now();
    current = spawn(command.file, command.args, { cwd: root, stdio: 'inherit' });
    current.on('error', (err) => {
      console.error(err.message);
      resolve({ ok: false, ms: Date.now() - started, code: 'error' });
    });
    current.on('exit', (code, signal) =>
      resolve({ ok: code === 0, ms: Date.now() - started, code: signal ?? code }),
    );
  });
}

const cpu = os.cpus()[0]?.model.trim() ?? '?';
const machine = `${os.availableParallelism()} cœurs (${cpu}), ${opts.busy} boucle(s) occupée(s)`;
console.log(`== Sous charge : ${shown}, ${opts.runs} fois ; ${machine}`);
console.log(
  `   charge moyenne avant : ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
startLoops();
console.log(`   boucles : PID ${loops.map((l) => l.pid).join(', ')}`);

const results = [];
for (let i = 1; i <= opts.runs && !interrupted; i++) {
  console.log(`\n== Passage ${i}/${opts.runs} : ${shown}`);
  const r = await run();
  results.push(r);
  console.log(
    `\n== Passage ${i}/${opts.runs} : ${r.ok ? 'réussi' : `ÉCHEC (sortie ${r.code})`} en ${duration(r.ms)}`,
  );
}
stopLoops();

console.log(`\n== Résumé : ${shown} ; ${machine}`);
results.forEach((r, i) =>
  console.log(`   passage ${i + 1} : ${r.ok ? 'réussi' : `ÉCHEC (sortie ${r.code})`}, ${duration(r.ms)}`),
);
if (interrupted) {
  console.log('   interrompu.');
  process.exit(130);
}
const failed = results.filter((r) => !r.ok).length;
console.log(failed ? `   ${failed} passage(s) en échec sur ${results.length}.` : '   tous réussis.');
process.exit(failed ? 1 : 0);
