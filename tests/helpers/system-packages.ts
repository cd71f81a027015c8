import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Debian programs the tests run (chromium, poppler-utils' pdftoppm and pdfinfo, haproxy,
 * redis-server). `npm test` and `.ci/run` install the missing ones first
 * (scripts/ensure-system-packages.mjs): a test that finds one missing fails with the command to run,
 * never skips. No vitest here: scripts/screens.ts launches Chromium through tests/helpers/chromium.ts.
 */
const checked = new Map<string, boolean>();

/** Whether `program` exists and answers `flag` (`-v`, `--version`) with success; asked once. */
export function programWorks(program: string, flag: string): boolean {
  let ok = checked.get(program);
  if (ok === undefined) {
    ok = existsSync(program) && spawnSync(program, [flag], { stdio: 'ignore', timeout: 60_000 }).status === 0;
    checked.set(program, ok);
  }
  return ok;
}

/** The error for a missing program: its package and the command that installs every package the tests use. */
export function missingProgramError(program: string, pkg: string): Error {
  return new Error(
    `${program} est introuvable (paquet Debian ${pkg}). Installez les paquets des tests puis relancez : ` +
      `node scripts/ensure-system-packages.mjs (en root ; sinon sudo apt-get install -y ${pkg})`,
  );
}

/** Throws `missingProgramError` unless `program` works. */
export function requireProgram(program: string, flag: string, pkg: string): void {
  if (!programWorks(program, flag)) throw missingProgramError(program, pkg);
}
