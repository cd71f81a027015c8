// Fails when the Drizzle schema and the committed migrations disagree (docs/decisions/018-migrations-generated.md):
//  1. the journal (meta/_journal.json, what src/server/db/migrate.ts applies) lists exactly the SQL
//     files of the folder, in order (a file missing from it would never be applied);
//  2. `drizzle-kit generate`, run on a copy of the folder, writes nothing: the newest snapshot
//     describes schema.ts, so the next generated migration holds only the next change.
// Node built-ins and drizzle-kit only; the work tree is left untouched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, 'drizzle.config.ts');
const migrations = path.join(root, 'src', 'server', 'db', 'migrations');
const rel = (p) => path.relative(root, p);

function fail(lines) {
  console.error(lines.join('\n'));
  process.exit(1);
}

console.log(
  `Migrations : journal de ${rel(migrations)} et drizzle-kit generate (${rel(config)}) sur une copie`,
);

// 1. Journal and folder.
const journal = JSON.parse(readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'));
const files = readdirSync(migrations).filter((f) => f.endsWith('.sql'));
const tags = journal.entries.map((e) => e.tag);
const problems = [];
for (const f of files)
  if (!tags.includes(f.slice(0, -4)))
    problems.push(`${f} : absent du journal, jamais appliqué / not in the journal, never applied`);
for (const tag of tags)
  if (!files.includes(`${tag}.sql`))
    problems.push(`${tag} : au journal sans fichier SQL / in the journal, no SQL file`);
journal.entries.forEach((e, i) => {
  if (Number(e.tag.split('_')[0]) !== e.idx)
    problems.push(`${e.tag} : idx ${e.idx} ne correspond pas au numéro / idx does not match the number`);
  const prev = journal.entries[i - 1];
  if (prev && !(e.idx > prev.idx && e.when > prev.when))
    problems.push(`${e.tag} : idx et when doivent croître / idx and when must increase after ${prev.tag}`);
});
if (problems.length)
  fail(['Journal des migrations incohérent / inconsistent migration journal :', ...problems]);

// 2. drizzle-kit generate on a copy. drizzle-kit reads the snapshots at `./<out>/…`: `out` is given
// relative to the project root, which is the working directory.
const work = mkdtempSync(path.join(tmpdir(), 'check-migrations-'));
let disagreement;
try {
  disagreement = generateOnCopy(path.join(work, 'migrations'), path.join(work, 'drizzle.config.ts'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (disagreement) fail(disagreement);
console.log(
  `Migrations : ${files.length} fichiers au journal, schéma à jour (drizzle-kit generate n'écrit rien).`,
);

/** What is wrong (lines to print), or nothing when drizzle-kit has nothing to generate. */
function generateOnCopy(out, tempConfig) {
  cpSync(migrations, out, { recursive: true });
  writeFileSync(
    tempConfig,
    `import base from ${JSON.stringify(config)};\nexport default { ...base, out: ${JSON.stringify(rel(out))} };\n`,
  );
  const bin = path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs');
  // No terminal: a question drizzle-kit would ask (a rename?) ends the run instead of waiting.
  const run = spawnSync(process.execPath, [bin, 'generate', '--config', tempConfig, '--name', 'ecart'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  const before = new Set(readdirSync(migrations));
  const added = readdirSync(out).filter((f) => f.endsWith('.sql') && !before.has(f));
  if (added.length) {
    const lines = [
      'Le schéma et les migrations ne concordent pas / schema.ts and the migrations disagree.',
      `drizzle-kit generate écrirait / would write ${added.map((f) => `${rel(migrations)}/${f}`).join(', ')} :`,
      '',
    ];
    for (const f of added) lines.push(readFileSync(path.join(out, f), 'utf8').trim(), '');
    lines.push(
      'Générez et committez la migration (`npm run db:generate -- --name <nom>`) ; si une migration écrite',
      'à la main contient déjà ce changement, créez-la avec drizzle-kit (README, « Migrations »).',
      'Generate and commit the migration; if a hand-written migration already holds this change,',
      'create it with drizzle-kit so that its snapshot follows (README, "Migrations").',
    );
    return lines;
  }
  // drizzle-kit can print an error and still exit 0 (a question it cannot ask without a terminal):
  // without a new file, only its "no changes" line is a pass.
  if (run.status !== 0 || !output.includes('No schema changes'))
    return [
      `drizzle-kit generate n'a pas abouti / did not complete (code ${run.status ?? run.signal}) :`,
      output,
      '',
      output.includes('TTY')
        ? 'Il pose une question (un renommage ?) : lancez `npm run db:generate` dans un terminal / it asks a question (a rename?): run it in a terminal.'
        : 'Voir sa sortie ci-dessus / see its output above.',
    ];
  return undefined;
}
