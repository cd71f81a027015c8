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

/**
 * Whether node_modules already holds the lock's tree, as a plain `npm ci` leaves it (a fresh clone
 * installed by hand or by CI before this script runs, which writes no stamp): npm's own record of
 * what it installed (node_modules/.package-lock.json) names every package of the lock at the lock's
 * version and integrity (an optional one may be missing: not for this platform), and the lock's root
 * has package.json's dependencies. Then the stamp is written and nothing is installed again.
 */
function installedAsLocked() {
  try {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages ?? {};
    const installed = JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')).packages ?? {};
    const root = lock[''] ?? {};
    for (const k of ['dependencies', 'devDependencies', 'optionalDependencies'])
      if (JSON.stringify(root[k] ?? {}) !== JSON.stringify(pkg[k] ?? {})) return false;
    for (const [name, want] of Object.entries(lock)) {
      if (name === '') continue;
      const got = installed[name];
      if (!got) {
        if (want.optional || want.devOptional) continue;
        return false;
      }
      if (got.version !== want.version || got.integrity !== want.integrity) return false;
    }
    return Object.keys(installed).every((name) => name in lock);
  } catch {
    return false;
  }
}
if (installedAsLocked()) {
  writeFileSync(stamp, digest);
  process.exit(0);
}

console.log('Installation des dépendances (npm ci)…');
// --include=dev: NODE_ENV=production in the environment must not skip the build and test tools.
execSync('npm ci --include=dev --no-audit --no-fund', { stdio: 'inherit' });
writeFileSync(stamp, digest);
