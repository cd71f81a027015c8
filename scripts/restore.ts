/**
 * `npm run restore -- FILE`: restores a backup of `npm run backup` into an empty database and an
 * empty document store, then checks every table's row count and every document's SHA-256
 * (docs/operations.md#sauvegarde-et-restauration--backup-and-restore, docs/decisions/022-backup-and-restore.md).
 * Reads DATABASE_URL, DATA_DIR and DOCUMENTS_STORE as the server does.
 */
import { fill, messages } from '../src/domain/messages';
import { ConfigError, loadConfig } from '../src/server/config/env';
import { restore } from '../src/server/backup/restore';
import { BackupError, documentsStoreOf } from '../src/server/backup/format';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0].startsWith('-')) {
    process.stderr.write(`${messages.restaurationUsage}\n`);
    return 2;
  }
  try {
    const config = loadConfig();
    await restore({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      documentsStore: documentsStoreOf(process.env),
      file: args[0],
      say: (line) => process.stdout.write(`${line}\n`),
    });
    return 0;
  } catch (err) {
    const known = err instanceof BackupError || err instanceof ConfigError;
    process.stderr.write(
      `${known ? (err as Error).message : fill(messages.restaurationEchec, { erreur: (err as Error).message })}\n`,
    );
    return 1;
  }
}

process.exitCode = await main();
