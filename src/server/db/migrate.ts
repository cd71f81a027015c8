import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from './client';

/**
 * The migrations applied, one row each. The migrator's own table, created by the migrator before
 * any migration runs: declared here, not in the schema (drizzle-kit would generate it as a
 * migration, which would have to run before the table that records it exists).
 */
const schemaMigrations = pgTable('schema_migrations', {
  tag: text('tag').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * Applies the committed SQL migrations (written by drizzle-kit) in order, once each. The whole run
 * holds a transaction-scoped advisory lock, so instances starting together migrate one at a time.
 */
export async function migrate(db: Db): Promise<string[]> {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return db.transaction(async (tx) => {
    // A migration (an index built on a large table) may run longer than DATABASE_STATEMENT_TIMEOUT_MS.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7242001)`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS ${schemaMigrations} (${sql.identifier(schemaMigrations.tag.name)} text PRIMARY KEY,
            ${sql.identifier(schemaMigrations.appliedAt.name)} timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.select({ tag: schemaMigrations.tag }).from(schemaMigrations)).map((r) => r.tag),
    );
    const applied: string[] = [];
    for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (done.has(entry.tag)) continue;
      const text = readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.insert(schemaMigrations).values({ tag: entry.tag });
      applied.push(entry.tag);
    }
    return applied;
  });
}
