import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';

/**
 * The history's back-fill (docs/decisions/039-dossier-history.md): the events that rows written
 * without them tell (deposit, analysis, beds, payments, refunds), for the dossiers holding none of
 * that kind. Its one text is the migration that ran it on the databases of the day; the demo runs
 * it again after writing its dossiers in bulk, so that its histories start at the deposit. The
 * migration is found by its name, whatever its number.
 */
export async function backfillHistory(tx: Db): Promise<void> {
  // The back-fill wrote its authors « Prénom Nom »; the later migration writes them as the staff's
  // screens do (`fullNameSql`), and runs after it here as it did on the databases of the day.
  for (const suffix of ['_dossier_history_backfill.sql', '_history_author_family_name_first.sql']) {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith(suffix));
    if (!file) throw new Error(`backfillHistory: no *${suffix} migration`);
    const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint'))
      if (statement.trim()) await tx.execute(sql.raw(statement));
  }
}
