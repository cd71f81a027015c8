// The Debian packages the tests use, checked before `npm test` and `.ci/run` run anything:
// - chromium: the browser tests (tests/helpers/chromium.ts; CHROMIUM_PATH to use another build);
// - poppler-utils: PDFs rendered to images and their pages counted (pdftoppm, pdfinfo; tests/helpers/pdf.ts);
// - haproxy: the reference deployment and the two instances behind it (tests/helpers/haproxy.ts);
// - redis-server: the rate limits shared through REDIS_URL (tests/helpers/redis.ts).
// The missing ones are installed as root (one `apt-get update`, one `apt-get install`); otherwise the
// script stops with the exact command to run. No test is ever skipped or failed for a missing package.
// `--check` only reports (exit 1 when one is missing, with the command), without installing anything.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Where the programs are looked for: `/`, or a fake root its own test builds
// (tests/unit/system-packages.test.ts), which never installs anything.
const ROOT = process.env.SYSTEM_PACKAGES_ROOT ?? '';

/** Each package and the programs the tests run from it, with the flag that makes them answer. */
export const SYSTEM_PACKAGES = [
  { name: 'chromium', programs: [[process.env.CHROMIUM_PATH || `${ROOT}/usr/bin/chromium`, '--version']] },
  {
    name: 'poppler-utils',
    programs: [
      [`${ROOT}/usr/bin/pdftoppm`, '-v'],
      [`${ROOT}/usr/bin/pdfinfo`, '-v'],
    ],
  },
  { name: 'haproxy', programs: [[`${ROOT}/usr/sbin/haproxy`, '-v']] },
  { name: 'redis-server', programs: [[`${ROOT}/usr/bin/redis-server`, '--version']] },
];

/** Whether a program exists and answers its flag with success. */
export const programWorks = ([program, flag]) =>
  existsSync(program) && spawnSync(program, [flag], { stdio: 'ignore', timeout: 60_000 }).status === 0;

/** The packages one of whose programs does not work (`works` stands for the machine in tests). */
export const missingPackages = (works = programWorks) =>
  SYSTEM_PACKAGES.filter((p) => !p.programs.every(works)).map((p) => p.name);

/** The command that installs `names` (what a person runs as root). */
export const installCommand = (names) =>
  `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${names.join(' ')}`;

/** What to say when `names` are still missing: the packages and the exact command. */
export const stopMessage = (names, root) =>
  `Paquets Debian requis par les tests absents : ${names.join(', ')}. Installez-les puis relancez :\n` +
  `  ${root ? '' : 'sudo '}sh -c '${installCommand(names)}'`;

function main() {
  let missing = missingPackages();
  if (missing.length === 0) return 0;
  const root = process.getuid?.() === 0;
  if (root && !ROOT && !process.argv.includes('--check')) {
    console.log(
      `Paquets Debian absents : ${missing.join(', ')}. Installation :\n  ${installCommand(missing)}`,
    );
    // Waits for another apt-get (a colleague's, an unattended upgrade) rather than failing on its lock.
    const wait = '-o DPkg::Lock::Timeout=600';
    try {
      execSync(
        `apt-get ${wait} update && DEBIAN_FRONTEND=noninteractive apt-get ${wait} install -y ${missing.join(' ')}`,
        { stdio: 'inherit', shell: '/bin/sh' },
      );
    } catch {
      // apt-get said why; what is still missing is said below, with the command to run.
    }
    missing = missingPackages();
    if (missing.length === 0) {
      console.log('Paquets Debian installés.');
      return 0;
    }
  }
  console.error(`\n${stopMessage(missing, root)}\n`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main());
