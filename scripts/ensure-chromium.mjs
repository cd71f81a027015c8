// Browser tests drive Debian's Chromium (/usr/bin/chromium). When it is missing, install it as root,
// or stop with the command to run: browser tests are never silently skipped.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
const cmd = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';
if (process.getuid && process.getuid() === 0) {
  console.log(`Chromium est absent : installation (${cmd})…`);
  execSync(cmd, { stdio: 'inherit', shell: '/bin/sh' });
  if (existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  `\nChromium est introuvable (${CHROMIUM}). Installez-le puis relancez :\n  sudo sh -c '${cmd}'\n`,
);
process.exit(1);
