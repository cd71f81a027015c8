/**
 * `npm run backup -- FILE`: one file holding the database and the documents
 * (docs/operations.md#sauvegarde-et-restauration--backup-and-restore, docs/decisions/022-backup-and-restore.md).
 * Reads DATABASE_URL, DATA_DIR and DOCUMENTS_STORE as the server does.
 */
import { fill, messages } from '../src/domain/messages';
import { frenchFileSize } from '../src/domain/format';
import { ConfigError, loadConfig } from '../src/server/config/env';
import { backup } from '../src/server/backup/backup';
import { BackupError, documentsStoreOf } from '../src/server/backup/format';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0].startsWith('-')) {
    process.stderr.write(`${messages.sauvegardeUsage}\n`);
    return 2;
  }
  try {
    const config = loadConfig();
    const done = await backup({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      documentsStore: documentsStoreOf(process.env),
      file: args[0],
      say: (line) => process.stdout.write(`${line}\n`),
    });
    const { tables, documents } = done.manifest;
    process.stdout.write(
      `${fill(messages.sauvegardeTerminee, {
        fichier: done.file,
        taille: frenchFileSize(done.bytes),
        tables: Object.keys(tables).length,
        lignes: Object.values(tables).reduce((a, b) => a + b, 0),
        documents: documents.length,
      })}\n`,
    );
    return 0;
  } catch (err) {
    const known = err instanceof BackupError || err instanceof ConfigError;
    process.stderr.write(
      `${known ? (err as Error).message : fill(messages.sauvegardeEchec, { erreur: (err as Error).message })}\n`,
    );
    return 1;
  }
}

process.exitCode = await main();
