// Proves that the queries are typed from the schema (docs/decisions/043-typed-queries.md): on a
// copy of src/, one change at a time is made to one file of the schema alone (a file of
// src/server/db/schema/, which src/server/db/schema.ts re-exports: a column renamed, an
// enumeration's value removed), then the server's code is type-checked. Each change must make tsc
// fail, naming every file listed for it (the files that use that column or value); the
// unchanged copy must pass. Node built-ins and the project's TypeScript only; the work tree is
// left untouched. Run by .ci/run (about a minute a check), not by npm test.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ACCOUNTS = 'src/server/db/schema/accounts.ts';

/**
 * Each change: the schema's file it is made in, what it replaces there, and the files tsc must
 * name. A file that starts using the column or value through the schema joins its list (the check
 * fails on a missing file only).
 */
const CHECKS = [
  {
    what: 'colonne users.token_version renommée (tokenVersion → tokenVersionRenommee)',
    schema: ACCOUNTS,
    from: "tokenVersion: integer('token_version')",
    to: "tokenVersionRenommee: integer('token_version_renommee')",
    files: ['src/server/modules/accounts/repository.ts'],
  },
  {
    what: 'colonne users.telephone renommée (telephone → telephoneVerifie)',
    schema: ACCOUNTS,
    from: "    telephone: text('telephone'),\n    ...stamps,",
    to: "    telephoneVerifie: text('telephone_verifie'),\n    ...stamps,",
    files: [ACCOUNTS, 'src/server/modules/accounts/repository.ts', 'src/server/modules/phone/repository.ts'],
  },
  {
    what: "valeur 'TELEPHONE' retirée de code_verification.purpose",
    schema: ACCOUNTS,
    from: "purpose: text('purpose', { enum: ['MOT_DE_PASSE', 'TELEPHONE'] })",
    to: "purpose: text('purpose', { enum: ['MOT_DE_PASSE'] })",
    files: ['src/server/modules/phone/repository.ts', 'src/server/modules/phone/service.ts'],
  },
  {
    what: "rôle 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR' retiré de users.role",
    schema: ACCOUNTS,
    from: "        'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',\n        'ROLE_HEBERGEMENT_ETUDIANT',",
    to: "        'ROLE_HEBERGEMENT_ETUDIANT',",
    files: [
      'src/server/bootstrap.ts',
      'src/server/modules/accounts/repository.ts',
      'src/server/modules/reference/hooks.ts',
      'src/server/modules/registration/service.ts',
      'src/server/seed/factories.ts',
      'src/server/seed/workflow.ts',
    ],
  },
];

const work = mkdtempSync(path.join(tmpdir(), 'cenou-schema-types-'));
const fail = [];
try {
  cpSync(path.join(root, 'src'), path.join(work, 'src'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const base = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
  // The server and the shared domain (the web client reads no table).
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({ ...base, include: ['src/server', 'src/domain'] }, null, 2),
  );
  const tsc = () => {
    const run = spawnSync(
      process.execPath,
      // Incremental: each change checks again only what depends on the schema.
      [
        path.join(root, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--incremental',
        '--tsBuildInfoFile',
        path.join(work, 'tsbuildinfo'),
        '-p',
        work,
      ],
      { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const named = new Set();
    for (const line of run.stdout.split('\n')) {
      const m = /^(src\/[^(]+\.tsx?)\(\d+,\d+\): error/.exec(line);
      if (m) named.add(m[1]);
    }
    return { status: run.status, named, out: run.stdout };
  };

  console.log('Types du schéma : la copie non modifiée passe tsc');
  const clean = tsc();
  if (clean.status !== 0)
    fail.push(`la copie non modifiée ne passe pas tsc / the unchanged copy fails:\n${clean.out}`);

  for (const check of CHECKS) {
    const original = readFileSync(path.join(work, check.schema), 'utf8');
    if (!original.includes(check.from)) {
      fail.push(`${check.what} : texte introuvable dans ${check.schema} / text not found: ${check.from}`);
      continue;
    }
    writeFileSync(path.join(work, check.schema), original.replace(check.from, check.to));
    const result = tsc();
    const missing = check.files.filter((f) => !result.named.has(f));
    console.log(
      `${check.what} : tsc ${result.status === 0 ? 'passe' : 'échoue'}, fichiers nommés : ${[...result.named].sort().join(', ') || 'aucun'}`,
    );
    if (result.status === 0) fail.push(`${check.what} : tsc passe / tsc passes`);
    else if (missing.length)
      fail.push(`${check.what} : tsc ne nomme pas / tsc does not name ${missing.join(', ')}`);
    writeFileSync(path.join(work, check.schema), original);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (fail.length) {
  console.error(fail.join('\n'));
  process.exit(1);
}
console.log('Types du schéma : chaque changement du schéma fait échouer tsc dans chaque fichier attendu.');
