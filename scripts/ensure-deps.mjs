// Installs the dependencies when package.json's dependencies or package-lock.json changed since the last install
// (or when node_modules is missing). Uses Node built-ins only: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

// Only what decides the installed tree counts: a new npm script must not reinstall everything.
const pkg = existsSync('package.json') ? JSON.parse(readFileSync('package.json', 'utf8')) : {};
const hash = createHash('sha256');
hash.update(
  JSON.stringify([
    pkg.dependencies,
    pkg.devDependencies,
    pkg.optionalDependencies,
    pkg.overrides,
    pkg.engines,
  ]),
);
hash.update(existsSync('package-lock.json') ? readFileSync('package-lock.json') : '');
const digest = hash.digest('hex');
const stamp = 'node_modules/.deps-stamp';
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);

console.log('Installation des dépendances (npm ci)…');
// --include=dev: NODE_ENV=production in the environment must not skip the build and test tools.
execSync('npm ci --include=dev --no-audit --no-fund', { stdio: 'inherit' });
writeFileSync(stamp, digest);
