import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingProgramError, programWorks, requireProgram } from '../helpers/system-packages';

/**
 * scripts/ensure-system-packages.mjs, the first step of `npm test` and `.ci/run`: on a machine
 * without a package the tests use, it installs it as root or stops with the command to run. Here
 * on a fake root (SYSTEM_PACKAGES_ROOT, where it never installs anything) holding some programs,
 * one of them broken, and on the machine itself.
 */
const SCRIPT = path.resolve('scripts/ensure-system-packages.mjs');
const roots: string[] = [];

/** A fake root holding `programs` (path → exit status of the script standing for it). */
function fakeRoot(programs: Record<string, number>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cenou-packages-'));
  roots.push(root);
  for (const [file, status] of Object.entries(programs)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, `#!/bin/sh\nexit ${status}\n`);
    chmodSync(full, 0o755);
  }
  return root;
}

function run(root: string | undefined, ...args: string[]) {
  const env = { ...process.env };
  delete env.CHROMIUM_PATH;
  if (root) env.SYSTEM_PACKAGES_ROOT = root;
  else delete env.SYSTEM_PACKAGES_ROOT;
  return spawnSync(process.execPath, [SCRIPT, ...args], { env, encoding: 'utf8' });
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the Debian packages the tests use (scripts/ensure-system-packages.mjs)', () => {
  it('stops with the exact command naming only the missing packages (a program absent or broken)', () => {
    // chromium and redis-server work; pdftoppm answers an error and pdfinfo is absent; no haproxy.
    const root = fakeRoot({ 'usr/bin/chromium': 0, 'usr/bin/redis-server': 0, 'usr/bin/pdftoppm': 1 });
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Paquets Debian requis par les tests absents : poppler-utils, haproxy.');
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    expect(result.stderr).toContain(
      `  ${sudo}sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y poppler-utils haproxy'`,
    );
    expect(result.stderr).not.toContain('chromium');
    expect(result.stderr).not.toContain('redis-server');
  });

  it('names every package on a machine that has none of them', () => {
    const result = run(fakeRoot({}), '--check');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('apt-get install -y chromium poppler-utils haproxy redis-server');
  });

  it('says nothing and lets the tests run when every program answers', () => {
    const root = fakeRoot({
      'usr/bin/chromium': 0,
      'usr/bin/pdftoppm': 0,
      'usr/bin/pdfinfo': 0,
      'usr/sbin/haproxy': 0,
      'usr/bin/redis-server': 0,
    });
    const result = run(root);
    expect([result.status, result.stdout, result.stderr]).toEqual([0, '', '']);
  });

  it('finds every package on this machine (npm test installed the missing ones first)', () => {
    const result = run(undefined, '--check');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('a test that finds a program missing fails with the command, never skips', () => {
    const root = fakeRoot({ 'usr/bin/broken': 1 });
    expect(programWorks(path.join(root, 'usr/bin/absent'), '-v')).toBe(false);
    expect(programWorks(path.join(root, 'usr/bin/broken'), '-v')).toBe(false);
    expect(programWorks('/usr/bin/pdftoppm', '-v')).toBe(true);
    expect(() => requireProgram(path.join(root, 'usr/sbin/haproxy'), '-v', 'haproxy')).toThrow(
      missingProgramError(path.join(root, 'usr/sbin/haproxy'), 'haproxy').message,
    );
    expect(missingProgramError('/usr/sbin/haproxy', 'haproxy').message).toBe(
      '/usr/sbin/haproxy est introuvable (paquet Debian haproxy). Installez les paquets des tests puis relancez : ' +
        'node scripts/ensure-system-packages.mjs (en root ; sinon sudo apt-get install -y haproxy)',
    );
  });
});
