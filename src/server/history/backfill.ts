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
  const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_dossier_history_backfill.sql'));
  if (!file) throw new Error('backfillHistory: no *_dossier_history_backfill.sql migration');
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim()) await tx.execute(sql.raw(statement));
}
